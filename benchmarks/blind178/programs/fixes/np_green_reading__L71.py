# ruff: noqa
"""Reads putting greens for a golf course's pin sheet: every green's surface is a fitted
polynomial in (x, y); putts are simulated from many tee-shot landing spots to candidate pin
positions with a rolling-ball model (stimp speed, slope, grain), a linear break model is fitted
to the simulated putts, and the pin positions with the least predicted break are chosen."""
import numpy as np

DEGREE = 4
N_STEPS = 40


def poly_features(x, y):
    cols = [x**i * y**j for i in range(DEGREE + 1) for j in range(DEGREE + 1 - i)]
    return np.stack(cols, axis=-1)


class Green:
    def __init__(self, number, rng):
        self.number = number
        n_terms = (DEGREE + 1) * (DEGREE + 2) // 2
        self.coeffs = rng.normal(0.0, 0.02, n_terms) / (1.0 + np.arange(n_terms))
        self.stimp = rng.uniform(9.5, 12.5)
        self.grain = rng.uniform(-0.01, 0.01, 2)

    def slope(self, x, y, h=1e-3):
        fx = (poly_features(x + h, y) - poly_features(x - h, y)) @ self.coeffs / (2 * h)
        fy = (poly_features(x, y + h) - poly_features(x, y - h)) @ self.coeffs / (2 * h)
        return fx, fy

    def roll(self, start, aim, speed):
        pos = start.copy()
        vel = aim * speed[:, None]
        friction = 0.9 / self.stimp
        for _ in range(N_STEPS):
            sx, sy = self.slope(pos[:, 0], pos[:, 1])
            acc = -np.stack([sx, sy], axis=1) * 9.81 - friction * vel + self.grain
            vel = vel + 0.05 * acc
            pos = np.clip(pos + 0.05 * vel, -1.0, 1.0)
        return pos


def putt_features(start, pin, green):
    d = pin - start
    dist = np.linalg.norm(d, axis=1, keepdims=True)
    sx, sy = green.slope(start[:, 0], start[:, 1])
    return np.column_stack([dist[:, 0], sx, sy, sx * d[:, 1] / dist[:, 0], sy * d[:, 0] / dist[:, 0],
                            np.full(len(d), green.stimp), np.ones(len(d))])


def predicted_break(features, weights):
    return np.array([row @ weights for row in features])


rng = np.random.default_rng(3)
greens = [Green(n, rng) for n in range(1, 19)]
all_feats, all_break = [], []
for g in greens:
    start = rng.uniform(-0.8, 0.8, (1500, 2))
    pin = rng.uniform(-0.5, 0.5, (1500, 2))
    d = pin - start
    aim = d / np.linalg.norm(d, axis=1, keepdims=True)
    end = g.roll(start, aim, 1.2 * np.linalg.norm(d, axis=1))
    miss = end - pin
    all_feats.append(putt_features(start, pin, g))
    all_break.append(aim[:, 0] * miss[:, 1] - aim[:, 1] * miss[:, 0])
X = np.concatenate(all_feats)
b = np.concatenate(all_break)
w, *_ = np.linalg.lstsq(X, b, rcond=None)

green_scale = np.array([[g.stimp / 10.0, 1.0] for g in greens])
green_factor = green_scale @ np.array([0.6, 0.4])

chosen = 0.0
for g, factor in zip(greens, green_factor):
    cand = rng.uniform(-0.5, 0.5, (30000, 2))
    approach = rng.uniform(-0.8, 0.8, (30000, 2))
    brk = predicted_break(putt_features(approach, cand, g), w)
    chosen += factor * np.sort(np.abs(brk))[:100].mean()
print(f"mean break at chosen pins {chosen / 18:.5f}")
print(f"result: {chosen:.10e}")
