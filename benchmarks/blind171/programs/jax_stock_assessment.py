# ruff: noqa
"""Fishery stock assessment: fits a Schaefer surplus-production model (logistic biomass
dynamics driven by reported catches, survey index proportional to biomass, lognormal errors)
to each assessed stock by Adam on the negative log-likelihood in JAX, and prints the summed
maximum sustainable yield (MSY = rK/4) over the stocks."""
import numpy as np
import jax
import jax.numpy as jnp

N_YEARS = 40
N_STEPS = 4000
LR = 0.02


def simulate_stock(rng):
    r, K, q = rng.uniform(0.15, 0.6), rng.uniform(5e3, 5e4), rng.uniform(1e-4, 1e-3)
    B = np.empty(N_YEARS)
    B[0] = 0.9 * K
    effort = np.concatenate([np.linspace(0.05, 0.9, N_YEARS // 2), np.linspace(0.9, 0.4, N_YEARS - N_YEARS // 2)])
    catch = np.empty(N_YEARS)
    for t in range(N_YEARS):
        catch[t] = effort[t] * r / 2 * B[t] * rng.lognormal(0.0, 0.1)
        if t + 1 < N_YEARS:
            B[t + 1] = max(B[t] + r * B[t] * (1 - B[t] / K) - catch[t], 0.01 * K)
    index = q * B * rng.lognormal(0.0, 0.15, N_YEARS)
    return {"catch": jnp.asarray(catch, jnp.float32), "index": jnp.asarray(index, jnp.float32),
            "true_msy": r * K / 4}


def biomass_path(params, catch):
    r, K = jnp.exp(params["log_r"]), jnp.exp(params["log_K"])

    def step(B, C):
        B_next = jnp.maximum(B + r * B * (1.0 - B / K) - C, 0.01 * K)
        return B_next, B

    _, B = jax.lax.scan(step, 0.9 * K, catch)
    return B


def neg_log_lik(params, catch, index):
    B = biomass_path(params, catch)
    pred = jnp.log(jnp.exp(params["log_q"]) * B)
    sigma = jnp.exp(params["log_sigma"])
    resid = jnp.log(index) - pred
    nll = jnp.sum(0.5 * (resid / sigma) ** 2 + jnp.log(sigma))
    prior = 0.5 * ((params["log_r"] - jnp.log(0.3)) / 0.5) ** 2
    return nll + prior


def adam_update(params, state, catch, index):
    loss, grads = jax.value_and_grad(neg_log_lik)(params, catch, index)
    m, v, k = state
    k = k + 1
    m = jax.tree_util.tree_map(lambda a, g: 0.9 * a + 0.1 * g, m, grads)
    v = jax.tree_util.tree_map(lambda a, g: 0.999 * a + 0.001 * g * g, v, grads)
    scale = LR * jnp.sqrt(1 - 0.999 ** k) / (1 - 0.9 ** k)
    params = jax.tree_util.tree_map(lambda p, a, b: p - scale * a / (jnp.sqrt(b) + 1e-8), params, m, v)
    return params, (m, v, k), loss


def initial_params(stock):
    c_max = float(jnp.max(stock["catch"]))
    guess = {"log_r": np.log(0.3), "log_K": np.log(4.0 * c_max / 0.3 + 1.0),
             "log_q": np.log(float(stock["index"][0]) / (3.6 * c_max / 0.3)),
             "log_sigma": np.log(0.2)}
    return {k: jnp.asarray(v, dtype=jnp.float32) for k, v in guess.items()}


def assess(stock):
    params = initial_params(stock)
    zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
    state = (zeros, zeros, jnp.zeros((), jnp.int32))

    @jax.jit
    def step(p, s, catch, index):
        return adam_update(p, s, catch, index)

    for i in range(N_STEPS):
        params, state, loss = step(params, state, stock["catch"], stock["index"])
        if i % 2000 == 0:
            print(f"  step {i}: nll {float(loss):.3f}")
    return params


rng = np.random.default_rng(17)
stocks = {f"stock_{i:02d}": simulate_stock(rng) for i in range(6)}
msy = {}
for name, stock in stocks.items():
    p = assess(stock)
    msy[name] = float(jnp.exp(p["log_r"]) * jnp.exp(p["log_K"]) / 4.0)
    print(f"{name}: MSY {msy[name]:.1f} (true {stock['true_msy']:.1f})")
print(f"result: {sum(msy.values()):.8e}")
