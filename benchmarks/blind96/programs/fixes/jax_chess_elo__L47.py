# ruff: noqa
"""Rating the versions of a chess engine from a self-play tournament: a Bradley-Terry model
(Elo scale) fitted to the win matrix by many small gradient steps, then ratings per time
control blended into one list."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def rating_step(ratings, wins, games, lr):
    diff = ratings[:, None] - ratings[None, :]
    expected = jax.nn.sigmoid(diff)
    grad = (wins - games * expected).sum(axis=1)
    ratings = ratings + lr * grad / (games.sum(axis=1) + 1.0)
    return ratings - ratings.mean()


class Tournament:
    def __init__(self, wins, games):
        self.wins = jnp.asarray(wins)
        self.games = jnp.asarray(games)

    def fit(self, iterations, lr=0.5):
        ratings = jnp.zeros(self.wins.shape[0], dtype=jnp.float32)
        it = 0
        while it < iterations:
            ratings = rating_step(ratings, self.wins, self.games, lr)
            it += 1
        return ratings


def simulate_tournament(rng, strengths, rounds):
    n = len(strengths)
    p = 1.0 / (1.0 + np.exp(-(strengths[:, None] - strengths[None, :])))
    games = np.full((n, n), rounds, dtype=np.float32)
    np.fill_diagonal(games, 0.0)
    wins = rng.binomial(rounds, p).astype(np.float32)
    np.fill_diagonal(wins, 0.0)
    return wins, games


rng = np.random.default_rng(64)
strengths = np.linspace(-1.5, 1.5, 24)
controls = jnp.array([0.5, 0.3, 0.2])
blended = jnp.zeros(24)
for c, weight in zip(["bullet", "blitz", "rapid"], controls.tolist()):
    wins, games = simulate_tournament(rng, strengths, rounds=40)
    ratings = Tournament(wins, games).fit(iterations=9_000)
    blended = blended + weight * ratings
    print(f"{c:>6}: spread {float(ratings.max() - ratings.min()) * 400 / np.log(10):.1f} Elo")
elo = np.asarray(blended) * 400 / np.log(10)
print(f"top version {int(elo.argmax())}, bottom version {int(elo.argmin())}")
print(f"result: {float(np.abs(elo).sum()):.10e}")
