# ruff: noqa
"""Chess engine evaluation: scores a stream of positions with material and piece-square tables
(mid-game and end-game tables blended by game phase), picks the best reply out of each batch
of candidate moves and tallies the chosen evaluations over many games."""
import numpy as np

# piece-square tables from the engine's config: mid-game and end-game, 12 pieces x 64 squares
_r = np.random.default_rng(3)
PST_ROWS = [[[int(v) for v in _r.integers(-40, 41, size=64)] for _ in range(12)] for _ in range(2)]
MATERIAL = [100, 320, 330, 500, 900, 0]


class Evaluator:
    def __init__(self, rows, material):
        self.rows = rows
        self.material = material

    @property
    def table(self):
        return np.array(self.rows, dtype=np.float64)

    def phase(self, boards):
        minor_major = np.isin(boards % 6, [2, 3, 4, 5]).sum(axis=1)
        return np.clip(minor_major / 14.0, 0.0, 1.0)

    def score(self, boards, values):
        occupied = boards > 0
        piece = np.where(occupied, boards - 1, 0)
        squares = np.broadcast_to(np.arange(64), boards.shape)
        mg_eg = self.table[:, piece, squares]
        sign = np.where(piece < 6, 1.0, -1.0) * occupied
        mat = values[piece % 6] * sign
        ph = self.phase(boards)[:, None]
        return (mat + (mg_eg[0] * ph + mg_eg[1] * (1.0 - ph)) * sign).sum(axis=1) / 100.0


def candidate_moves(rng, n):
    boards = rng.integers(0, 13, size=(n, 64))
    boards[rng.random((n, 64)) < 0.6] = 0
    return boards


rng = np.random.default_rng(5)
ev = Evaluator(PST_ROWS, MATERIAL)
total = 0.0
best_hist = np.zeros(32, dtype=np.int64)
for game in range(300):
    values = np.array(MATERIAL, dtype=np.float64)
    for ply in range(70):
        boards = candidate_moves(rng, 32)
        s = ev.score(boards, values)
        j = int(np.argmax(s)) if ply % 2 == 0 else int(np.argmin(s))
        best_hist[j] += 1
        total += s[j]
print("most chosen candidate slot:", int(best_hist.argmax()))
print(f"result: {total + best_hist.std():.10e}")
