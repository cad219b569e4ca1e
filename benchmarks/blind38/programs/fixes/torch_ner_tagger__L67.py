# ruff: noqa
"""Named-entity tagging with a small convolutional tagger: synthetic sentences whose entity
spans follow trigger tokens, an embedding plus two 1-D convolutions, cross-entropy training with
Adam, and token accuracy on a held-out set after every epoch."""
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, TAGS, SEQ = 3000, 5, 24


def make_corpus(n, gen):
    tokens = torch.randint(10, VOCAB, (n, SEQ), generator=gen)
    tags = torch.zeros(n, SEQ, dtype=torch.long)
    triggers = torch.randint(0, SEQ - 3, (n,), generator=gen)
    kinds = torch.randint(1, 5, (n,), generator=gen)
    rows = torch.arange(n)
    tokens[rows, triggers] = kinds
    tags[rows, triggers + 1] = kinds
    tags[rows, triggers + 2] = kinds
    return tokens, tags


class ConvTagger(nn.Module):
    def __init__(self, dim=24):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, dim)
        self.conv1 = nn.Conv1d(dim, dim, 3, padding=1)
        self.conv2 = nn.Conv1d(dim, dim, 5, padding=2)
        self.out = nn.Linear(dim, TAGS)

    def forward(self, tokens):
        h = self.emb(tokens).transpose(1, 2)
        h = F.relu(self.conv1(h))
        h = F.relu(self.conv2(h)) + h
        return self.out(h.transpose(1, 2))


def batches(tokens, tags, size, gen):
    order = torch.randperm(len(tokens), generator=gen)
    for chunk in order.split(size):
        yield tokens[chunk], tags[chunk]


class Trainer:
    def __init__(self, model, lr=3e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.losses = []

    def train_epoch(self, data, gen):
        self.model.train()
        for step, (x, y) in enumerate(batches(*data, 64, gen)):
            loss = F.cross_entropy(self.model(x).reshape(-1, TAGS), y.reshape(-1))
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            if step % 50 == 0:
                self.losses.append(loss.item())

    @torch.no_grad()
    def evaluate(self, data):
        self.model.eval()
        tokens, tags = data
        preds = self.model(tokens).argmax(-1)
        return (preds == tags).float().mean().item()


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
train = make_corpus(2000, gen)
held_out = make_corpus(6000, gen)
trainer = Trainer(ConvTagger())
accs = []
for epoch in itertools.count():
    trainer.train_epoch(train, gen)
    accs.append(trainer.evaluate(held_out))
    if epoch == 7:
        break
print("accuracy per epoch:", [round(a, 4) for a in accs])
print(f"result: {sum(accs) + trainer.losses[-1]:.10e}")
