# ruff: noqa
"""Crew pairing as set covering: candidate pairings (columns) cover flight legs (rows) at a cost.
A Lagrangian relaxation with subgradient steps gives a lower bound, a greedy repair turns each
relaxed solution into a feasible cover, and the run stops when the gap closes or stalls."""
import numpy as np


def make_instance(rng, n_legs=160, n_pairings=5000, legs_per=6):
    a = np.zeros((n_legs, n_pairings))
    for j in range(n_pairings):
        a[rng.choice(n_legs, size=legs_per, replace=False), j] = 1.0
    cost = a.sum(axis=0) * rng.uniform(0.8, 1.6, size=n_pairings)
    return a, cost


class LagrangianCover:
    def __init__(self, a, cost):
        self.a = a
        self.cost = cost
        self.columns = a.T
        self.n_repaired = 0
        self.ratio = cost / np.maximum(a.sum(axis=0), 1.0)

    def reduced_costs(self, duals):
        return self.cost - self.columns @ duals

    def lower_bound(self, duals):
        rc = self.reduced_costs(duals)
        x = (rc < 0).astype(float)
        return duals.sum() + (rc * x).sum(), x

    def repair(self, x):
        covered = self.a @ x > 0
        chosen = x.astype(bool)
        self.n_repaired += int((~covered).sum())
        for leg in np.flatnonzero(~covered):
            if covered[leg]:
                continue
            cand = np.flatnonzero(self.a[leg] > 0)
            j = cand[np.argmin(self.ratio[cand])]
            chosen[j] = True
            covered |= self.a[:, j] > 0
        return chosen, self.cost[chosen].sum()


def solve(model, max_iter=400, tol=1e-3):
    duals = np.full(model.a.shape[0], 0.5)
    best_ub, best_lb, step, stall = np.inf, -np.inf, 2.0, 0
    it = 0
    while it < max_iter:
        lb, x = model.lower_bound(duals)
        _, ub = model.repair(x)
        if lb > best_lb + 1e-9:
            best_lb, stall = lb, 0
        else:
            stall += 1
            if stall >= 20:
                step, stall = step / 2, 0
        best_ub = min(best_ub, ub)
        if (best_ub - best_lb) / best_ub < tol or step < 1e-4:
            break
        g = 1.0 - model.a @ x
        duals = np.maximum(0.0, duals + step * (best_ub - lb) / max(g @ g, 1.0) * g)
        it += 1
    return best_lb, best_ub, it


rng = np.random.default_rng(3)
a, cost = make_instance(rng)
model = LagrangianCover(a, cost)
lb, ub, iters = solve(model, max_iter=600)
print("legs repaired:", model.n_repaired)
print(f"lower bound {lb:.4f}, best cover {ub:.4f}, {iters} iterations")
print(f"result: {lb + ub + iters:.10e}")
