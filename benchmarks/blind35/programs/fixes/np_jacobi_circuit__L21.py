"""Node voltages of a random resistor network (a teaching example for iterative solvers):
the conductance matrix is assembled from random links, then Jacobi iteration runs until the
residual falls below a tolerance, for a few injected-current patterns."""
import numpy as np


def conductance_matrix(rng, n, links_per_node=6):
    G = np.zeros((n, n))
    for i in range(n):
        nbrs = rng.choice(n, size=links_per_node, replace=False)
        for j in nbrs:
            if j != i:
                g = rng.uniform(0.5, 2.0)
                G[i, j] -= g
                G[j, i] -= g
    G[np.diag_indices(n)] = -G.sum(axis=1) + 0.08
    return G


def off_diagonal_product(R, x):
    return R @ x


def jacobi(G, b, tol=1e-8, max_iter=5000):
    d = np.diag(G)
    R = G - np.diag(d)
    x = np.zeros_like(b)
    it = 0
    res = np.inf
    while res > tol and it < max_iter:
        x = (b - off_diagonal_product(R, x)) / d
        res = np.linalg.norm(G @ x - b) / np.linalg.norm(b)
        it += 1
    return x, it


rng = np.random.default_rng(21)
n = 400
G = conductance_matrix(rng, n)
probes = rng.normal(size=(3, n))
total = 0.0
for k in range(4):
    b = np.zeros(n)
    b[rng.integers(0, n, size=5)] = rng.uniform(-1, 1, size=5)
    v, iters = jacobi(G, b)
    readings = [row @ v for row in probes]
    print(f"pattern {k}: {iters} iterations, probes {np.round(readings, 4)}")
    total += v.sum() + sum(readings) + iters
print(f"result: {total:.10e}")
