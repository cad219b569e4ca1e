"""Stratigraphic age model for an excavation trench: each layer's radiocarbon likelihood on a
calendar grid is combined with the layers above and below it by the law of superposition
(deeper is older), and the posteriors are refined by repeated sweeps up and down the sequence."""
import numpy as np


class Layer:
    def __init__(self, name, mu, sigma, grid):
        self.name = name
        self.like = np.exp(-0.5 * ((grid - mu) / sigma) ** 2) + 1e-12
        self.post = self.like / self.like.sum()

    def normalise(self):
        total = sum(self.post)
        self.post = self.post / total

    def mean(self, grid):
        return float(self.post @ grid)


def sweep(layers, grid):
    # downwards: each layer must be older than the one above it
    for upper, lower in zip(layers[:-1], layers[1:]):
        younger_mass = np.cumsum(upper.post)
        lower.post = lower.like * younger_mass
        lower.normalise()
    # upwards: each layer must be younger than the one below it
    for lower, upper in zip(layers[::-1][:-1], layers[::-1][1:]):
        older_mass = np.cumsum(lower.post[::-1])[::-1]
        upper.post = upper.like * older_mass
        upper.normalise()


def run(n_layers=36, n_grid=900, n_sweeps=800, seed=3):
    rng = np.random.default_rng(seed)
    grid = np.linspace(0.0, 6000.0, n_grid)
    true_ages = np.sort(rng.uniform(500, 5500, n_layers))
    layers = [Layer(f"ctx{100 + i}", a + rng.normal(0, 120), rng.uniform(60, 200), grid)
              for i, a in enumerate(true_ages)]
    history = []
    it = 0
    while it < n_sweeps:
        sweep(layers, grid)
        means = np.array([layer.mean(grid) for layer in layers])
        span = max(means) - means.min()
        history.append(span)
        it += 1
    return layers, means, history


layers, means, history = run()
print(f"oldest context {layers[-1].name}: {means[-1]:.1f} BP, span {history[-1]:.1f} years")
print(f"result: {means.sum() + sum(history):.10e}")
