# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A portfolio class keeps the weights it was given; a method sums them in a loop."""

import numpy as np


class Portfolio:
    def __init__(self, weights, returns):
        self.weights = weights
        self.returns = returns

    def expected_return(self):
        total = 0.0
        for i in range(len(self.weights)):  # expect: AB104
            total += self.weights[i] * self.returns[:, i].mean()
        return total


rets = np.random.randn(250, 30) * 0.01
p = Portfolio(np.full(30, 1 / 30), rets)
print(p.expected_return())
