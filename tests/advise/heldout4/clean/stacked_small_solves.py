# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Solves one small linear system per mesh element with a single stacked np.linalg.solve call."""

# Source: https://riptutorial.com/numpy/topic/3753/linear-algebra-with-np-linalg (np.linalg routines operate on stacks of matrices: A of shape (2, 3, 3) is two 3x3 systems)

import numpy as np


def element_solutions(A_stack: np.ndarray, B_stack: np.ndarray) -> np.ndarray:
    # A_stack: (k, 3, 3), B_stack: (k, 3)
    return np.linalg.solve(A_stack, B_stack[..., None])[..., 0]


def element_determinants(A_stack: np.ndarray) -> np.ndarray:
    return np.linalg.det(A_stack)


if __name__ == "__main__":
    k = 200_000
    A = np.random.rand(k, 3, 3) + 3 * np.eye(3)
    B = np.random.rand(k, 3)
    x = element_solutions(A, B)
    print(np.abs(np.einsum("kij,kj->ki", A, x) - B).max())
