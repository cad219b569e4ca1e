# ruff: noqa
"""Ranked-ladder replay for an esports league: a season of matchmaking rounds is simulated
(players paired by rating, outcomes drawn from the hidden skill gap), Elo ratings are updated
after every round, a snapshot hook keeps the rating history for the season's charts, and the
top teams' ladder standings are printed."""
from dataclasses import dataclass, field

import numpy as np

K_FACTOR = 24.0


@dataclass
class LadderConfig:
    n_players: int = 900
    n_rounds: int = 560
    n_teams: int = 8
    seed: int = 17


class RatingHistory:
    def __init__(self, n_players):
        self.rows = []

    def __call__(self, round_no, ratings):
        self.rows.append(ratings.copy())

    @property
    def snapshots(self):
        return np.stack(self.rows)


def play_round(ratings, skill, rng):
    order = np.argsort(ratings + rng.normal(0.0, 40.0, ratings.size))
    a, b = order[0::2], order[1::2]
    expected = 1.0 / (1.0 + 10.0 ** ((ratings[b] - ratings[a]) / 400.0))
    p_win = 1.0 / (1.0 + np.exp(-(skill[a] - skill[b])))
    won = (rng.random(a.size) < p_win).astype(float)
    delta = K_FACTOR * (won - expected)
    ratings[a] += delta
    ratings[b] -= delta
    return won.mean()


def run_season(cfg, hooks):
    rng = np.random.default_rng(cfg.seed)
    skill = rng.normal(0.0, 1.0, cfg.n_players)
    team_of = rng.integers(0, cfg.n_teams, cfg.n_players)
    ratings = np.full(cfg.n_players, 1500.0)
    best = []
    r = 0
    while r < cfg.n_rounds:
        play_round(ratings, skill, rng)
        team_scores = np.bincount(team_of, weights=ratings, minlength=cfg.n_teams)
        best.append(max(team_scores) / np.bincount(team_of, minlength=cfg.n_teams).max())
        for hook in hooks:
            hook(r, ratings)
        r += 1
    return ratings, skill, team_of, np.array(best)


cfg = LadderConfig()
history = RatingHistory(cfg.n_players)
ratings, skill, team_of, best = run_season(cfg, [history])
volatility = np.abs(np.diff(history.snapshots, axis=0)).mean(axis=0)
corr = np.corrcoef(ratings, skill)[0, 1]
top = np.argsort(ratings)[::-1][:5]
for p in top:
    print(f"player {p:4d} team {team_of[p]}: {ratings[p]:.1f} (skill {skill[p]:+.2f})")
print(f"rating/skill correlation {corr:.3f}, mean volatility {volatility.mean():.2f}")
print(f"result: {ratings.std() + corr + volatility.sum() + best.sum() + history.snapshots[-1].sum():.10e}")
