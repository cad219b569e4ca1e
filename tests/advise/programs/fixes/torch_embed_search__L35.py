# ruff: noqa
"""Encodes a synthetic catalogue of item feature vectors with a small MLP encoder and answers
nearest-neighbour queries by cosine similarity; prints a checksum of the top matches."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class Encoder(nn.Module):
    def __init__(self, d_in, d_out, widths=(64, 64, 32)):
        super().__init__()
        layers, d = [], d_in
        for w in widths:
            layers += [nn.Linear(d, w), nn.ReLU()]
            d = w
        layers.append(nn.Linear(d, d_out))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return nn.functional.normalize(self.net(x), dim=-1)


@torch.no_grad()
def encode_catalogue(encoder, items, batch):
    bank = torch.empty(0, 16, device=device)
    for s in range(0, len(items), batch):
        emb = encoder(items[s : s + batch].to(device))
        bank = torch.cat([bank, emb])
    return bank


@torch.no_grad()
def encode_queries(encoder, queries):
    return encoder(queries)


torch.manual_seed(0)
encoder = Encoder(24, 16).to(device)
items = torch.randn(220_000, 24)
queries = torch.randn(20000, 24, device=device)
bank = encode_catalogue(encoder, items, 512)
q = encode_queries(encoder, queries)
top = (q @ bank[:20000].T).topk(5, dim=1)
print(f"bank {tuple(bank.shape)}")
print(f"result: {float(top.values.double().sum()) + float(bank.double().abs().sum()):.10e}")
