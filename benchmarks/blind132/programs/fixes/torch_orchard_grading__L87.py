# ruff: noqa
"""Packing-house fruit grading: a small network is trained on labelled fruit measurements
(diameter, colour, firmness, blemish scores), then crates from the orchard blocks run along the
packing line, where registered callbacks grade each crate's fruit and tally class counts and
rejects per block."""
from dataclasses import dataclass, field

import torch

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
N_FEATURES = 12
GRADES = ("extra", "class-I", "class-II", "juice")


@dataclass
class Crate:
    block: int
    features: torch.Tensor


@dataclass
class PackingLine:
    callbacks: list = field(default_factory=list)

    def register(self, fn):
        self.callbacks.append(fn)
        return fn

    def run(self, crates):
        for crate in crates:
            for fn in self.callbacks:
                fn(crate)


class CrateGrader:
    def __init__(self, model, n_blocks):
        self.model = model
        self.counts = torch.zeros(n_blocks, len(GRADES))

    @torch.no_grad()
    def __call__(self, crate):
        scores = torch.stack([self.model(fruit) for fruit in crate.features])
        grades = scores.argmax(dim=-1)
        self.counts[crate.block] += torch.bincount(grades, minlength=len(GRADES)).float().cpu()


def make_fruit(n, gen):
    x = torch.randn(n, N_FEATURES, generator=gen)
    w = torch.linspace(-1.0, 1.0, N_FEATURES)
    quality = x @ w + 0.3 * torch.randn(n, generator=gen)
    labels = torch.bucketize(quality, torch.tensor([-1.0, 0.2, 1.2]))
    return x, labels


def train(model, gen, steps=150):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for _ in range(steps):
        x, y = make_fruit(256, gen)
        loss = torch.nn.functional.cross_entropy(model(x.to(DEVICE)), y.to(DEVICE))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss


def main():
    torch.manual_seed(3)
    gen = torch.Generator().manual_seed(17)
    model = torch.nn.Sequential(
        torch.nn.Linear(N_FEATURES, 48), torch.nn.ReLU(),
        torch.nn.Linear(48, 48), torch.nn.ReLU(),
        torch.nn.Linear(48, len(GRADES)),
    ).to(DEVICE)
    loss = train(model, gen)
    model.eval()
    n_blocks = 5
    line = PackingLine()
    grader = line.register(CrateGrader(model, n_blocks))
    crates = []
    for i in range(700):
        x, _ = make_fruit(48, gen)
        crates.append(Crate(i % n_blocks, x.to(DEVICE)))
    line.run(crates)
    summary = torch.empty(n_blocks, len(GRADES))
    for b in range(n_blocks):
        row = grader.counts[b] / grader.counts[b].sum()
        summary[b] = row
        print(f"block {b}: " + ", ".join(f"{g} {p:.3f}" for g, p in zip(GRADES, row.tolist())))
    print(f"final training loss {loss.item():.4f}")
    print(f"result: {float((summary * torch.arange(1, len(GRADES) + 1)).sum() + grader.counts[:, 3].sum()):.10e}")


main()
