# ruff: noqa
"""Ungapped local alignment scan of a few protein queries against a synthetic sequence database:
every query-target pair is scored on a band of diagonals with a substitution matrix (best
segment score per diagonal), the scores are converted to bit scores against the composition of
the database, and the top hits of each query are reported."""
import functools
import math
from dataclasses import dataclass

import torch

AMINO = "ARNDCQEGHILKMFPSTWYV"
BACKGROUND = [0.074, 0.052, 0.045, 0.054, 0.025, 0.034, 0.054, 0.074, 0.026, 0.068,
              0.099, 0.058, 0.025, 0.047, 0.039, 0.057, 0.051, 0.013, 0.032, 0.073]
# substitution scores (BLOSUM-style, half-bit units)
SUBST = [
    [11,  0, -1,  1,  1,  1, -3, -2, -4,  0, -1,  2, -3, -1,  2,  2, -2,  1, -1, -3],  # A
    [ 0,  5, -1, -4, -3, -3, -3, -2, -1, -4,  2, -1, -2,  0, -1, -1, -1,  1,  0,  0],  # R
    [-1, -1,  4, -2, -2,  0, -1, -4,  1, -4, -2, -1,  0,  0,  0, -1,  1, -3, -3,  0],  # N
    [ 1, -4, -2,  7, -2,  1, -3, -2, -1, -3,  0,  2,  1,  0,  1,  0,  2, -4,  0, -3],  # D
    [ 1, -3, -2, -2, 10,  1,  2, -1, -1,  2, -2, -4,  1, -1, -2, -2, -1,  2, -1, -2],  # C
    [ 1, -3,  0,  1,  1,  4,  1,  0, -3, -3, -1, -1, -4, -4, -1,  2,  2, -2,  2, -4],  # Q
    [-3, -3, -1, -3,  2,  1,  4, -1, -4, -1, -2,  1, -1, -2, -4, -2, -4,  1, -2, -2],  # E
    [-2, -2, -4, -2, -1,  0, -1,  8, -2,  1, -1, -1, -3, -1, -3, -1,  0,  1, -4, -2],  # G
    [-4, -1,  1, -1, -1, -3, -4, -2,  4,  0, -2,  0, -3,  1,  2, -2,  2, -3,  1, -4],  # H
    [ 0, -4, -4, -3,  2, -3, -1,  1,  0,  4,  0,  2, -1, -3, -2,  0, -1, -2,  2,  1],  # I
    [-1,  2, -2,  0, -2, -1, -2, -1, -2,  0,  6, -3,  2,  0, -2,  2,  1,  0, -1,  0],  # L
    [ 2, -1, -1,  2, -4, -1,  1, -1,  0,  2, -3,  9,  1, -2,  0,  2,  2, -1, -4, -1],  # K
    [-3, -2,  0,  1,  1, -4, -1, -3, -3, -1,  2,  1,  4, -4,  1, -3, -2,  0, -3, -3],  # M
    [-1,  0,  0,  0, -1, -4, -2, -1,  1, -3,  0, -2, -4,  5, -2,  1, -1, -1, -2,  2],  # F
    [ 2, -1,  0,  1, -2, -1, -4, -3,  2, -2, -2,  0,  1, -2, 11,  2,  0, -3, -2,  2],  # P
    [ 2, -1, -1,  0, -2,  2, -2, -1, -2,  0,  2,  2, -3,  1,  2,  4,  1, -1,  0,  0],  # S
    [-2, -1,  1,  2, -1,  2, -4,  0,  2, -1,  1,  2, -2, -1,  0,  1,  4, -4,  1,  1],  # T
    [ 1,  1, -3, -4,  2, -2,  1,  1, -3, -2,  0, -1,  0, -1, -3, -1, -4,  9, -4,  0],  # W
    [-1,  0, -3,  0, -1,  2, -2, -4,  1,  2, -1, -4, -3, -2, -2,  0,  1, -4,  7,  2],  # Y
    [-3,  0,  0, -3, -2, -4, -2, -2, -4,  1,  0, -1, -3,  2,  2,  0,  1,  0,  2,  8],  # V
]


@dataclass
class ScanConfig:
    n_targets: int = 4000
    target_len: int = 140
    query_len: int = 120
    n_queries: int = 10
    band: int = 12
    lam: float = 0.3176
    top: int = 5


def random_sequences(n, length, g):
    probs = torch.tensor(BACKGROUND)
    return torch.multinomial(probs, n * length, replacement=True, generator=g).reshape(n, length)


def mutate(seq, rate, g):
    hit = torch.rand(seq.shape, generator=g) < rate
    return torch.where(hit, torch.randint(0, 20, seq.shape, generator=g), seq)


def score_pair(query, target, matrix_rows, offsets):
    S = torch.tensor(matrix_rows, dtype=torch.float32)
    L = query.shape[0]
    pos = torch.arange(L)
    cols = (pos[None, :] + offsets[:, None]).clamp(0, target.shape[0] - 1)
    s = S[query[None, :].expand_as(cols), target[cols]]
    c = torch.cumsum(s, dim=1)
    best = (c - torch.cummin(torch.minimum(c, torch.zeros_like(c)), dim=1).values).amax()
    return best


def bit_score(raw, lam, n_db):
    return (lam * raw - math.log(0.13)) / math.log(2) - math.log2(n_db)


cfg = ScanConfig()
g = torch.Generator().manual_seed(17)
database = random_sequences(cfg.n_targets, cfg.target_len, g)
queries = [mutate(database[i * 97 % cfg.n_targets, 10:10 + cfg.query_len], 0.35, g) for i in range(cfg.n_queries)]
offsets = torch.arange(-cfg.band, cfg.band + 1) + 10
report = []
composition = torch.tensor(BACKGROUND)
for qi, query in enumerate(queries):
    expected = (composition[query]).log().sum()
    scorer = functools.partial(score_pair, query, matrix_rows=SUBST, offsets=offsets)
    raw = torch.stack(list(map(scorer, database)))
    bits = bit_score(raw, cfg.lam, cfg.n_targets)
    top = torch.topk(bits, cfg.top)
    report.append((qi, top.indices.tolist(), float(top.values[0]), float(expected)))
for qi, idx, best, expected in report:
    print(f"query {qi}: best {best:.1f} bits, hits {idx}")
print(f"result: {sum(r[2] for r in report) + sum(sum(r[1]) for r in report) / 1e3 + sum(r[3] for r in report):.10e}")
