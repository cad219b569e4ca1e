# ruff: noqa
"""Move ordering for a toy chess engine: a bank of encoded positions (piece-square features),
a linear evaluation with one weight column per game phase blended by material, and a
beam search that expands each node's candidate replies, scores them and keeps the best."""
from dataclasses import dataclass

import numpy as np

PIECES = ["P", "N", "B", "R", "Q", "K"]
N_FEATURES = 2 * len(PIECES) * 64 // 2


@dataclass
class Evaluator:
    weights: np.ndarray  # (features, phases)
    phase_mix: np.ndarray  # (phases,)

    def scorer(self):
        mixed = (self.weights @ self.phase_mix).astype(np.float32)
        return lambda rows: (rows @ mixed).astype(np.float64)


class BeamSearch:
    def __init__(self, bank, evaluator, width, branching, rng):
        self.bank = bank
        self.evaluator = evaluator
        self.width = width
        self.branching = branching
        self.rng = rng

    def expand(self, node):
        return self.rng.integers(0, len(self.bank), size=self.branching)

    def search(self, roots, depth):
        score = self.evaluator.scorer()
        frontier = list(roots)
        best_total = 0.0
        for _ in range(depth):
            nxt = []
            for node in frontier:
                children = self.expand(node)
                values = score(self.bank[children])
                order = np.argsort(-values)[:2]
                nxt.extend(children[order].tolist())
                best_total += float(values[order[0]])
            frontier = nxt[: self.width]
        return best_total, frontier


def material_balance(piece_counts, values):
    return sum(piece_counts * values)


rng = np.random.default_rng(5)
bank = (rng.random((30_000, N_FEATURES)) < 0.06).astype(np.float32)
evaluator = Evaluator(rng.normal(0.0, 0.1, (N_FEATURES, 3)), np.array([0.5, 0.3, 0.2]))
values = np.array([1, 3, 3, 5, 9, 0])
checksum = 0.0
for game in range(6):
    roots = rng.integers(0, len(bank), size=16)
    search = BeamSearch(bank, evaluator, width=48, branching=40, rng=rng)
    total, frontier = search.search(roots, depth=40)
    balance = material_balance(rng.integers(0, 8, size=6), values)
    print(f"game {game}: best-line total {total:10.3f}, frontier {len(frontier)}, balance {balance}")
    checksum += total + balance + sum(frontier) * 1e-6
print(f"result: {checksum:.10e}")
