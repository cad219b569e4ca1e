# ruff: noqa
"""Evaluation of word embeddings on analogy questions (a : b :: c : ?): the embeddings are
unit-normalised, each question's target vector b - a + c is scored against the vocabulary by
cosine similarity, the question words are excluded, and top-1 accuracy per relation is printed."""
import itertools
from dataclasses import dataclass

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
RELATIONS = ["capital", "plural", "past-tense", "comparative", "gender", "currency"]


@dataclass
class Embeddings:
    vectors: torch.Tensor
    words: list

    def normalised(self):
        return self.vectors / self.vectors.norm(dim=1, keepdim=True)


def synthetic_embeddings(n_words, dim, gen):
    base = torch.randn(n_words, dim, generator=gen)
    words = [f"w{i}" for i in range(n_words)]
    return Embeddings(base, words)


def make_questions(emb, n_per_relation, gen):
    n, dim = emb.vectors.shape
    questions = {}
    for r, rel in enumerate(RELATIONS):
        offset = 2.0 * torch.randn(dim, generator=gen)
        a = torch.randint(0, n // 2, (n_per_relation,), generator=gen)
        c = torch.randint(0, n // 2, (n_per_relation,), generator=gen)
        b = n // 2 + a
        d = n // 2 + c
        emb.vectors[b] = emb.vectors[a] + offset + 0.3 * torch.randn(n_per_relation, dim, generator=gen)
        emb.vectors[d] = emb.vectors[c] + offset + 0.3 * torch.randn(n_per_relation, dim, generator=gen)
        questions[rel] = torch.stack([a, b, c, d], 1)
    return questions


def nearest(unit, targets, exclude):
    sims = targets @ unit.T
    sims.scatter_(1, exclude, -2.0)
    return sims.argmax(dim=1)


def evaluate(emb, questions, batch=64):
    unit = emb.normalised().to(device)
    scores = {}
    for rel, q in questions.items():
        q = q.to(device)
        hits = 0
        for start in range(0, len(q), batch):
            qb = q[start:start + batch]
            t = unit[qb[:, 1]] - unit[qb[:, 0]] + unit[qb[:, 2]]
            pred = nearest(unit, t, qb[:, :3])
            hits += int((pred == qb[:, 3]).sum())
        scores[rel] = hits / len(q)
    return scores


gen = torch.Generator().manual_seed(42)
emb = synthetic_embeddings(8000, 64, gen)
questions = make_questions(emb, 3000, gen)
scores = evaluate(emb, questions)
for rel, acc in scores.items():
    print(f"{rel:>12}: {acc:.3f}")
pairs = list(itertools.combinations(RELATIONS, 2))
spread = max(abs(scores[a] - scores[b]) for a, b in pairs)
print(f"result: {sum(scores.values()) + spread:.10e}")
