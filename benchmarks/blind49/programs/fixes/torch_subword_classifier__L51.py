# ruff: noqa
"""Bag-of-subwords intent classifier: synthetic utterances tokenised into subword ids of a
40k vocabulary, padded batches, mean-pooled embeddings from an embedding table, a two-layer
head trained with Adam on top of a frozen (pretrained) table, then accuracy on a held-out set."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
VOCAB, DIM, N_INTENTS, MAXLEN = 40000, 256, 12, 24


class SubwordEmbedding(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.register_buffer("_weight", torch.randn(vocab, dim) * 0.1)

    @property
    def table(self):
        return self._weight.clone()

    def forward(self, ids, lengths):
        vecs = self.table[ids]
        mask = (torch.arange(ids.shape[1], device=ids.device)[None, :] < lengths[:, None]).float()
        return (vecs * mask[..., None]).sum(1) / lengths[:, None].float()


class IntentModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = SubwordEmbedding(VOCAB, DIM)
        self.head = nn.Sequential(nn.Linear(DIM, 64), nn.Tanh(), nn.Linear(64, N_INTENTS))

    def forward(self, ids, lengths):
        return self.head(self.embed(ids, lengths))


def synth_utterances(n, gen, intent_words):
    y = torch.randint(0, N_INTENTS, (n,), generator=gen)
    lengths = torch.randint(4, MAXLEN + 1, (n,), generator=gen)
    ids = torch.randint(0, VOCAB, (n, MAXLEN), generator=gen)
    cue = intent_words[y][:, :3]
    ids[:, :3] = torch.where(torch.rand(n, 3, generator=gen) < 0.7, cue, ids[:, :3])
    ids[torch.arange(MAXLEN)[None, :] >= lengths[:, None]] = 0
    return ids, lengths, y


def batches(ids, lengths, y, size, gen):
    order = torch.randperm(ids.shape[0], generator=gen)
    for i in range(0, len(order) - size + 1, size):
        b = order[i : i + size]
        lens = lengths[b].clamp(min=1)
        yield ids[b], lens, y[b]


gen = torch.Generator().manual_seed(9)
torch.manual_seed(9)
intent_words = torch.randint(1, VOCAB, (N_INTENTS, 8), generator=gen)
train = synth_utterances(12000, gen, intent_words)
test = synth_utterances(4000, gen, intent_words)
model = IntentModel().to(device)
opt = torch.optim.Adam(model.head.parameters(), lr=2e-3)
loss_fn = nn.CrossEntropyLoss()
losses = []
for epoch in range(1):
    for ids, lens, y in batches(*train, 128, gen):
        loss = loss_fn(model(ids, lens), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.detach())
with torch.no_grad():
    acc = (model(test[0], test[1]).argmax(1) == test[2]).float().mean().item()
mean_loss = torch.stack(losses).mean().item()
print(f"steps: {len(losses)}, mean loss {mean_loss:.4f}, test accuracy {acc:.4f}")
print(f"result: {mean_loss + acc:.10e}")
