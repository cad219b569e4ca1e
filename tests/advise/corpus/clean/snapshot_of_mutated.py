# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Keeping the best weights of a loop that updates them in place."""

import numpy as np


def gradient_descent(w: np.ndarray, grad, loss, lr: float, steps: int) -> np.ndarray:
    best, best_loss = w.copy(), loss(w)
    for _ in range(steps):
        w -= lr * grad(w)
        current = loss(w)
        if current < best_loss:
            best, best_loss = w.copy(), current
    return best
