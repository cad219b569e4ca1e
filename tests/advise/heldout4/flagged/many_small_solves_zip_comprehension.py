# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Solves one small linear system per mesh element with np.linalg.solve in a comprehension."""

# Source: http://stackoverflow.com/questions/20396497/how-to-map-np-linalg-solve-to-an-array-of-matrice-and-keep-speed (x = np.array([np.linalg.solve(A, B) for A, B in zip(A_list, B_list)]) is slow)

import numpy as np


def element_solutions(A_list: np.ndarray, B_list: np.ndarray) -> np.ndarray:
    x = np.array([np.linalg.solve(A, B) for A, B in zip(A_list, B_list)])  # expect: AB106
    return x


def residual(A_list, B_list, x):
    return np.abs(np.einsum("kij,kj->ki", A_list, x) - B_list).max()


if __name__ == "__main__":
    k = 200_000
    A_list = np.random.rand(k, 3, 3) + 3 * np.eye(3)
    B_list = np.random.rand(k, 3)
    x = element_solutions(A_list, B_list)
    print(x.shape, residual(A_list, B_list, x))
