# ruff: noqa
"""Picks a swimming club's 4 x 50 m medley relay from a season of gala results. For every gala a
log-time model (stroke baseline minus the swimmer's stroke ability, shrunk towards zero) is fitted
by gradient descent with momentum in JAX; the season's abilities are a recency-weighted mean over
galas, and the relay is the best assignment of four different swimmers to the four strokes.
Prints the predicted relay time in seconds."""
import itertools
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

N_SWIMMERS = 40
STROKES = ["back", "breast", "fly", "free"]  # medley order
BASE_50M = np.array([33.5, 37.0, 31.5, 29.0])  # club-standard seconds
N_GALAS = 8
STEPS = 150
LR = 0.5
MOMENTUM = 0.8
RIDGE = 0.02


def make_season(rng):
    talent = rng.normal(0.0, 0.06, N_SWIMMERS)
    stroke_skill = talent[:, None] + rng.normal(0.0, 0.04, (N_SWIMMERS, 4))
    galas = []
    for g in range(N_GALAS):
        improvement = 0.005 * g  # the squad gets faster through the season
        sw, ev = np.meshgrid(np.arange(N_SWIMMERS), np.arange(4), indexing="ij")
        sw, ev = sw.ravel(), ev.ravel()
        log_t = (np.log(BASE_50M[ev]) - stroke_skill[sw, ev] - improvement
                 + rng.normal(0.0, 0.02, sw.size))
        entered = rng.random(sw.size) < 0.7  # not everyone swims every event
        galas.append({"swimmer": jnp.asarray(sw), "event": jnp.asarray(ev),
                      "log_time": jnp.asarray(log_t, dtype=jnp.float32),
                      "weight": jnp.asarray(entered, dtype=jnp.float32)})
    return galas, stroke_skill


def gala_loss(params, data):
    pred = params["mu"][data["event"]] - params["ability"][data["swimmer"], data["event"]]
    resid = (data["log_time"] - pred) * data["weight"]
    fit = jnp.sum(resid ** 2) / jnp.sum(data["weight"])
    return fit + RIDGE * jnp.mean(params["ability"] ** 2)


def momentum_step(loss_fn, params, velocity):
    loss, grads = jax.value_and_grad(loss_fn)(params)
    velocity = jax.tree_util.tree_map(lambda v, g: MOMENTUM * v - LR * g, velocity, grads)
    params = jax.tree_util.tree_map(lambda p, v: p + v, params, velocity)
    return loss, params, velocity


@jax.jit
def gala_step(params, velocity, data):
    return momentum_step(partial(gala_loss, data=data), params, velocity)


def fit_gala(data):
    params = {"mu": jnp.asarray(np.log(BASE_50M), dtype=jnp.float32),
              "ability": jnp.zeros((N_SWIMMERS, 4), dtype=jnp.float32)}
    velocity = jax.tree_util.tree_map(jnp.zeros_like, params)
    step = partial(gala_step, data=data)
    losses = []
    for it in range(STEPS):
        loss, params, velocity = step(params, velocity)
        if it % 50 == 49:
            losses.append(float(loss))
    return params, losses


def best_relay(ability):
    """Exhaustive search over the top 6 per stroke (at most 6**4 line-ups)."""
    top = [np.argsort(-ability[:, e])[:6] for e in range(4)]
    best = (np.inf, None)
    for lineup in itertools.product(*top):
        if len(set(lineup)) < 4:
            continue
        t = sum(BASE_50M[e] * np.exp(-ability[s, e]) for e, s in enumerate(lineup))
        best = min(best, (t, lineup), key=lambda x: x[0])
    return best


rng = np.random.default_rng(8)
galas, true_skill = make_season(rng)
fitted, final_losses = [], []
for data in galas:
    params, losses = fit_gala(data)
    fitted.append(np.asarray(params["ability"]))
    final_losses.append(losses[-1])

recency = 0.9 ** np.arange(N_GALAS)[::-1]
season_ability = np.tensordot(recency / recency.sum(), np.stack(fitted), axes=1)
relay_time, lineup = best_relay(season_ability)
print(f"result: {relay_time + 1e-3 * np.mean(final_losses):.8e}")
