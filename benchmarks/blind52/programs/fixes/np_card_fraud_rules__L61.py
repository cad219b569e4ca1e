# ruff: noqa
"""Rule-plus-model fraud scoring pipeline for card transactions: each batch goes through a chain
of stages (feature encoding, merchant-category risk rules, a logistic score), and flagged
transactions are summarised per batch."""
import numpy as np

FEATURES = ["amount_log", "hour_sin", "hour_cos", "merchant_risk", "velocity", "foreign"]
HIGH_RISK = {4, 7, 11}


def make_batch(rng, n):
    return {
        "amount": rng.lognormal(3.0, 1.2, n),
        "hour": rng.integers(0, 24, n),
        "category": rng.integers(0, 16, n),
        "velocity": rng.poisson(2.0, n).astype(float),
        "foreign": (rng.random(n) < 0.05).astype(float),
    }


class Pipeline:
    def __init__(self, weights, bias):
        self.weights = weights
        self.bias = bias
        self.stages = [self.encode, self.merchant_rules, self.score]

    def __call__(self, batch):
        for stage in self.stages:
            batch = stage(batch)
        return batch

    @staticmethod
    def encode(batch):
        h = 2 * np.pi * batch["hour"] / 24.0
        batch["amount_log"] = np.log1p(batch["amount"])
        batch["hour_sin"], batch["hour_cos"] = np.sin(h), np.cos(h)
        return batch

    @staticmethod
    def _merchant_risk(category, amount):
        if category in HIGH_RISK:
            return 1.0 + min(amount / 500.0, 2.0)
        if amount > 1000.0:
            return 0.5
        return 0.0

    def merchant_rules(self, batch):
        batch["merchant_risk"] = np.vectorize(self._merchant_risk)(batch["category"], batch["amount"])
        return batch

    def score(self, batch):
        X = np.stack([batch[f] for f in FEATURES], axis=1)
        batch["p"] = 1.0 / (1.0 + np.exp(-(X @ self.weights + self.bias)))
        return batch


rng = np.random.default_rng(3)
weights = rng.normal(0, 0.5, len(FEATURES))
pipe = Pipeline(weights, bias=-6.0)
summary = np.zeros((0, 3))
width = len(max(FEATURES, key=len))
total = 0.0
for b in range(55):
    out = pipe(make_batch(rng, 200_000))
    flagged = out["p"] > 0.5
    row = np.array([[b, flagged.sum(), out["amount"][flagged].sum()]])
    summary = np.concatenate([summary, row])
    total += float(out["p"].sum())
for f, w in zip(FEATURES, weights):
    print(f"{f:>{width}}: {w:+.3f}")
print(f"flagged {int(summary[:, 1].sum())} transactions, {summary[:, 2].sum():.2f} in value")
print(f"result: {total + summary.sum():.10e}")
