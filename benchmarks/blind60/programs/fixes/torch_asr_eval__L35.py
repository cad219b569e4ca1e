# ruff: noqa
"""Evaluation of a small frame-level acoustic model for phone recognition: bucketed synthetic
utterances, log-probabilities per frame, greedy CTC decoding (collapse repeats, drop blanks),
and the phone error rate against the references, batch by batch."""
import torch
import torch.nn as nn
from functools import partial

device = "cuda" if torch.cuda.is_available() else "cpu"
N_PHONES = 30
BLANK = 0


class AcousticModel(nn.Module):
    def __init__(self, n_feats=40, hidden=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_feats, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, N_PHONES),
        )

    def forward(self, x):
        return torch.log_softmax(self.net(x), dim=-1)


class Evaluator:
    def __init__(self, model):
        self.model = model

    @staticmethod
    def _score(model, utt):
        return model(utt.unsqueeze(0))[0]

    def greedy(self, batch):
        logp = self.model(batch)
        best = logp.argmax(-1)
        keep = torch.ones_like(best, dtype=torch.bool)
        keep[:, 1:] = best[:, 1:] != best[:, :-1]
        keep &= best != BLANK
        return best, keep

    def errors(self, batch, refs):
        best, keep = self.greedy(batch)
        hyp_len = keep.sum(1)
        ref_len = (refs != BLANK).sum(1)
        return (hyp_len - ref_len).abs().sum() + (best != refs).sum() // 4, ref_len.sum()


def make_batches(n_batches, batch_size, n_frames, gen):
    for b in range(n_batches):
        refs = torch.randint(0, N_PHONES, (batch_size, n_frames), generator=gen)
        feats = torch.randn(batch_size, n_frames, 40, generator=gen) + 0.1 * refs.unsqueeze(-1)
        yield feats.to(device), refs.to(device)


torch.manual_seed(0)
gen = torch.Generator().manual_seed(3)
model = AcousticModel().to(device).eval()
ev = Evaluator(model)
err_total, ref_total = 0, 0
with torch.no_grad():
    for feats, refs in make_batches(300, 128, 16, gen):
        e, r = ev.errors(feats, refs)
        err_total += e.item()
        ref_total += r.item()
print(f"phone error rate {err_total / ref_total:.5f}")
print(f"result: {err_total / ref_total + err_total:.10e}")
