# ruff: noqa
"""Random-search portfolio optimiser that minimises historical value-at-risk under a return
target: asset returns simulated from a factor model (NumPy), a jitted JAX function that scores a
candidate weight vector (VaR and mean return on the history), and a local search that perturbs
the best weights until the improvement stalls."""
import numpy as np
import jax
import jax.numpy as jnp

N_DAYS, N_ASSETS, N_FACTORS = 2500, 1000, 5


@jax.jit
def score(returns, w, target):
    pnl = returns @ w
    var = -jnp.quantile(pnl, 0.01)
    shortfall = jnp.maximum(0.0, target - pnl.mean())
    return var + 50.0 * shortfall


class RiskModel:
    def __init__(self, rng):
        loadings = rng.normal(0, 1, (N_ASSETS, N_FACTORS))
        factors = rng.standard_t(5, (N_DAYS, N_FACTORS)) * 0.008
        idio = rng.normal(0, 0.01, (N_DAYS, N_ASSETS))
        self.returns = factors @ loadings.T + idio + rng.uniform(0, 0.0006, N_ASSETS)

    def objective(self, w, target=0.0003):
        return score(self.returns, w, target)


def project(w):
    w = np.clip(w, 0.0, None)
    return w / w.sum()


def search(model, rng, step=0.002, patience=1200, max_iter=1200):
    best_w = np.full(N_ASSETS, 1.0 / N_ASSETS, dtype=np.float32)
    best = float(model.objective(best_w))
    stall, it = 0, 0
    while stall < patience and it < max_iter:
        cand = project(best_w + rng.normal(0, step, N_ASSETS)).astype(np.float32)
        val = float(model.objective(cand))
        if val < best:
            best, best_w, stall = val, cand, 0
        else:
            stall += 1
        it += 1
    return best_w, best, it


rng = np.random.default_rng(4)
model = RiskModel(rng)
weights, best, iters = search(model, rng)
top = np.argsort(weights)[::-1][:5]
print(f"{iters} candidates, best objective {best:.5f}")
for i, wi in zip(top.tolist(), weights[top].tolist()):
    print(f"  asset {i:3d}: weight {wi:.3f}")
print(f"result: {best + float(weights @ np.arange(N_ASSETS)):.10e}")
