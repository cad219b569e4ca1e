"""Autumn passage timing at the ringing station, season by season.

For each species and year we fit a passage curve to the daily catch (a Gaussian-shaped rate times
the hours the nets were open that day, Poisson counts) and report the mean passage date and how
it has moved over the years. Days with the nets closed (wind, rain) carry no information, so only
the days we actually ringed go into each fit."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

SPECIES = {"Blackcap": (262.0, 11.0, 9.0), "Chiffchaff": (275.0, 13.0, 12.0)}
# mean day, spread (days), peak birds per net-hour
FIRST_DAY, LAST_DAY = 220, 320
YEARS = range(2023, 2026)


@dataclass
class Season:
    species: str
    year: int
    day: np.ndarray
    hours: np.ndarray
    counts: np.ndarray


def simulate_season(species, year, rng):
    mean, spread, peak = SPECIES[species]
    mean = mean - 0.35 * (year - 2023) + rng.normal(0.0, 2.0)
    day = np.arange(FIRST_DAY, LAST_DAY + 1, dtype=np.float32)
    weather_ok = rng.random(day.size) > rng.uniform(0.1, 0.45)
    hours = np.where(weather_ok, rng.uniform(3.0, 6.0, day.size), 0.0).astype(np.float32)
    rate = peak * np.exp(-0.5 * ((day - mean) / spread) ** 2) + 0.05
    counts = rng.poisson(hours * rate).astype(np.float32)
    return Season(species, year, day, hours, counts)


def passage_rate(params, day):
    z = (day - params["mean"]) / jnp.exp(params["log_spread"])
    return params["log_peak"] - 0.5 * z * z


def neg_log_lik(params, day, hours, counts):
    log_rate = jnp.logaddexp(passage_rate(params, day), params["log_background"])
    return jnp.sum(hours * jnp.exp(log_rate) - counts * log_rate) / jnp.sum(hours)


@partial(jax.jit, static_argnames=("steps",))
def fit_passage(day, hours, counts, init, steps=600, lr=0.05):
    grad = jax.grad(neg_log_lik)

    def adam(carry, i):
        params, m, v = carry
        g = grad(params, day, hours, counts)
        m = jax.tree_util.tree_map(lambda a, b: 0.9 * a + 0.1 * b, m, g)
        v = jax.tree_util.tree_map(lambda a, b: 0.999 * a + 0.001 * b * b, v, g)
        t = i + 1.0
        params = jax.tree_util.tree_map(
            lambda p, a, b: p - lr * (a / (1 - 0.9**t)) / (jnp.sqrt(b / (1 - 0.999**t)) + 1e-8),
            params, m, v)
        return (params, m, v), None

    zeros = jax.tree_util.tree_map(jnp.zeros_like, init)
    (params, _, _), _ = jax.lax.scan(adam, (init, zeros, zeros), jnp.arange(steps, dtype=jnp.float32))
    return params, neg_log_lik(params, day, hours, counts)


def starting_guess(season):
    total = season.counts.sum()
    mean = float((season.day * season.counts).sum() / total)
    return {"mean": jnp.float32(mean), "log_spread": jnp.float32(np.log(10.0)),
            "log_peak": jnp.float32(np.log(total / season.hours.sum() + 1e-3) + 1.0),
            "log_background": jnp.float32(-3.0)}


def fit_season(season):
    open_days = season.hours > 0
    params, nll = fit_passage(season.day[open_days], season.hours[open_days], season.counts[open_days],
                              starting_guess(season))
    return {"mean": float(params["mean"]), "spread": float(jnp.exp(params["log_spread"])),
            "nll": float(nll)}


if __name__ == "__main__":
    rng = np.random.default_rng(5081)
    seasons = [simulate_season(sp, year, rng) for sp in SPECIES for year in YEARS]
    fits = {(s.species, s.year): fit_season(s) for s in seasons}
    total = 0.0
    for sp in SPECIES:
        years = np.array(list(YEARS), dtype=float)
        means = np.array([fits[sp, y]["mean"] for y in YEARS])
        shift = np.polyfit(years, means, 1)[0]
        print(f"{sp:10s} mean passage day {means.mean():6.1f}, shift {10 * shift:+.1f} days/decade")
        total += means.mean() + shift + sum(fits[sp, y]["spread"] for y in YEARS) / len(YEARS)
    print(f"result: {total:.8e}")
