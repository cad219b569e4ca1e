# ruff: noqa
"""Tunes a goal-differential team rating for a hockey league: simulates three seasons of games from
hidden team strengths, replays them through an Elo-style rating with exponential forgetting for a
grid of decay rates (lax.scan over games, log loss of the home-win forecasts), then runs Monte
Carlo playoff-odds simulations with the best decay and prints the tuned log loss."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")

N_TEAMS = 32
GAMES_PER_SEASON = 1312
HOME_EDGE = 0.12


def simulate_seasons(n_seasons, rng):
    strength = rng.normal(0.0, 0.35, N_TEAMS)
    games = []
    for season in range(n_seasons):
        strength = 0.7 * strength + rng.normal(0.0, 0.2, N_TEAMS)
        home = rng.integers(0, N_TEAMS, GAMES_PER_SEASON)
        away = (home + rng.integers(1, N_TEAMS, GAMES_PER_SEASON)) % N_TEAMS
        lam_h = np.exp(1.05 + HOME_EDGE + strength[home] - strength[away])
        lam_a = np.exp(1.05 + strength[away] - strength[home])
        games.append(np.column_stack([home, away, rng.poisson(lam_h), rng.poisson(lam_a)]))
    return np.concatenate(games).astype(np.int32), strength


@partial(jax.jit, static_argnames=("decay", "n_teams"))
def replay(games, k, decay, n_teams):
    def step(ratings, g):
        home, away, gh, ga = g[0], g[1], g[2], g[3]
        ratings = ratings * decay
        diff = ratings[home] - ratings[away] + HOME_EDGE
        p_home = jax.nn.sigmoid(1.6 * diff)
        won = (gh > ga).astype(jnp.float32)
        loss = -(won * jnp.log(p_home) + (1.0 - won) * jnp.log1p(-p_home))
        margin = jnp.clip(gh - ga, -4, 4).astype(jnp.float32)
        delta = k * (margin / 4.0 - (2.0 * p_home - 1.0))
        ratings = ratings.at[home].add(delta).at[away].add(-delta)
        return ratings, loss

    ratings, losses = jax.lax.scan(step, jnp.zeros(n_teams, jnp.float32), games)
    return ratings, losses.mean()


@jax.jit
def playoff_odds(ratings, schedule, key):
    n_sims = 2000
    diff = ratings[schedule[:, 0]] - ratings[schedule[:, 1]] + HOME_EDGE
    p_home = jax.nn.sigmoid(1.6 * diff)
    u = jax.random.uniform(key, (n_sims, schedule.shape[0]))
    home_win = (u < p_home).astype(jnp.float32)
    pts = jnp.zeros((n_sims, N_TEAMS))
    pts = pts.at[:, schedule[:, 0]].add(2.0 * home_win)
    pts = pts.at[:, schedule[:, 1]].add(2.0 * (1.0 - home_win))
    cutoff = jnp.sort(pts, axis=1)[:, -16][:, None]
    return (pts >= cutoff).mean(axis=0)


rng = np.random.default_rng(17)
games_np, strength = simulate_seasons(3, rng)
games = jnp.asarray(games_np)
k_factor = jnp.float32(0.08)

decays = [round(float(d), 4) for d in np.linspace(0.996, 0.9999, 10)]
scores = {}
for d in decays:
    _, loss = replay(games, k_factor, decay=d, n_teams=N_TEAMS)
    scores[d] = float(loss)
best = min(scores, key=scores.get)
ratings, best_loss = replay(games, k_factor, decay=best, n_teams=N_TEAMS)
print(f"best decay {best} (half-life {np.log(0.5) / np.log(best):.0f} games), log loss {float(best_loss):.5f}")

period_goals = jnp.asarray(games_np[-GAMES_PER_SEASON:, 2:].sum(axis=0))
total_goals = sum(period_goals)
print(f"last season: {int(total_goals)} goals, {float(total_goals) / GAMES_PER_SEASON:.2f} per game")

key = jax.random.PRNGKey(0)
odds = []
for rep in range(4):
    key, sub = jax.random.split(key)
    schedule = jnp.asarray(np.column_stack([rng.integers(0, N_TEAMS, 82 * 16),
                                            rng.integers(0, N_TEAMS, 82 * 16)]))
    odds.append(playoff_odds(ratings, schedule, sub))
odds = jnp.stack(odds).mean(axis=0)
corr = np.corrcoef(np.asarray(odds), strength)[0, 1]
print(f"playoff odds vs hidden strength: r = {corr:.3f}")
print(f"result: {float(best_loss):.10e}")
