# ruff: noqa
"""Possession-level scoring model for the regional lacrosse league: every game's possessions
(field zone, man-up, shot clock, faceoff win, ...) are scored with a logistic goal model for a
few candidate coefficient sets, and the per-team log-likelihoods and expected goals are printed."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")

TEAMS = ["Ravens", "Ironhawks", "Tide", "Foxes", "Granite", "Comets", "Lumberjacks", "Owls"]
N_FEAT = 10
POSSESSIONS_PER_PERIOD = 24
JUNIOR_POSSESSIONS = 20  # junior division: shorter periods


@dataclass
class Game:
    home: str
    away: str
    feats: np.ndarray
    goals: np.ndarray


def make_season(rng, n_games):
    games = []
    for g in range(n_games):
        periods = int(rng.choice([4, 5, 6, 7], p=[0.55, 0.25, 0.12, 0.08]))
        per_period = POSSESSIONS_PER_PERIOD if g % 2 == 0 else JUNIOR_POSSESSIONS
        n_pos = per_period * periods
        feats = rng.normal(size=(n_pos, N_FEAT)).astype(np.float32)
        goals = (rng.random(n_pos) < 0.28).astype(np.float32)
        games.append(Game(TEAMS[g % 8], TEAMS[(5 * g + 3) % 8], feats, goals))
    return games


@jax.jit
def possession_loglik(w, b, feats, goals):
    logits = feats @ w + b
    ll = goals * jax.nn.log_sigmoid(logits) + (1.0 - goals) * jax.nn.log_sigmoid(-logits)
    return ll.sum(), jax.nn.sigmoid(logits).sum()


def game_scores(w, b, games):
    for game in games:
        ll, xg = possession_loglik(w, b, jnp.asarray(game.feats), jnp.asarray(game.goals))
        yield game, ll, xg


def main():
    rng = np.random.default_rng(17)
    games = make_season(rng, 180)
    key = jax.random.PRNGKey(0)
    candidates = [
        (0.3 * jax.random.normal(jax.random.fold_in(key, c), (N_FEAT,)), jnp.float32(-1.0 + 0.1 * c))
        for c in range(3)
    ]
    totals = {team: jnp.zeros(()) for team in TEAMS}
    xg_total = jnp.zeros(())
    best = None
    for c, (w, b) in enumerate(candidates):
        season_ll = jnp.zeros(())
        for game, ll, xg in game_scores(w, b, games):
            totals[game.home] = totals[game.home] + ll
            season_ll = season_ll + ll
            xg_total = xg_total + xg
        if best is None or season_ll > best[1]:
            best = (c, season_ll)
    checksum = 0.0
    values = np.asarray(jnp.stack([totals[team] for team in TEAMS])).tolist()
    for team, value in zip(TEAMS, values):
        checksum += value
        print(f"{team:>12}: log-likelihood {value:.2f}")
    print(f"best candidate {best[0]}, expected goals {float(xg_total):.1f}")
    print(f"result: {checksum + float(xg_total):.10e}")


main()
