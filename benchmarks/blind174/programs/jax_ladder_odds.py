# ruff: noqa
"""Pre-tournament odds for a tennis club's ladder: each scheduled match is simulated point by point
(serve alternating by game, first to six games wins a set, best of three sets, no tie-breaks
beyond a deciding 10-point game at 6-6) from the two players' serve-point win rates, adjusted for
the court surface. Prints the sum over matches of the favourite's win probability."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")

N_SIMS = 30000
MAX_POINTS = 260
SURFACES = ["clay", "hard", "grass"]


def play_points(carry, u, p_a, p_b):
    pts_a, pts_b, games_a, games_b, sets_a, sets_b, server, done = carry
    p_point_a = jnp.where(server == 0, p_a, 1.0 - p_b)
    a_wins = u < p_point_a
    pts_a = pts_a + jnp.where(done, 0, a_wins)
    pts_b = pts_b + jnp.where(done, 0, ~a_wins)
    tiebreak = (games_a == 6) & (games_b == 6)
    target = jnp.where(tiebreak, 10, 4)
    game_a = (pts_a >= target) & (pts_a - pts_b >= 2)
    game_b = (pts_b >= target) & (pts_b - pts_a >= 2)
    game_over = game_a | game_b
    games_a = games_a + game_a
    games_b = games_b + game_b
    pts_a = jnp.where(game_over, 0, pts_a)
    pts_b = jnp.where(game_over, 0, pts_b)
    server = jnp.where(game_over, 1 - server, server)
    set_a = ((games_a >= 6) & (games_a - games_b >= 2)) | (games_a == 7)
    set_b = ((games_b >= 6) & (games_b - games_a >= 2)) | (games_b == 7)
    sets_a = sets_a + set_a
    sets_b = sets_b + set_b
    games_a = jnp.where(set_a | set_b, 0, games_a)
    games_b = jnp.where(set_a | set_b, 0, games_b)
    done = done | (sets_a == 2) | (sets_b == 2)
    return (pts_a, pts_b, games_a, games_b, sets_a, sets_b, server, done), None


def simulate_match(key, p_a, p_b):
    u = jax.random.uniform(key, (MAX_POINTS, N_SIMS))
    zeros = jnp.zeros(N_SIMS, dtype=jnp.int32)
    carry = (zeros, zeros, zeros, zeros, zeros, zeros, zeros, jnp.zeros(N_SIMS, dtype=bool))
    carry, _ = jax.lax.scan(lambda c, x: play_points(c, x, p_a, p_b), carry, u)
    sets_a, sets_b, done = carry[4], carry[5], carry[7]
    return jnp.mean(sets_a == 2), jnp.mean(done)


def match_odds(key, serve_a, serve_b):
    sim = jax.jit(lambda k: simulate_match(k, serve_a, serve_b))
    return sim(key)


def serve_rates(n_players, rng):
    skill = np.sort(rng.normal(0.0, 1.0, n_players))[::-1]
    return 0.62 + 0.05 * skill


rng = np.random.default_rng(21)
players = [f"player_{i:02d}" for i in range(16)]
rates = serve_rates(len(players), rng)
schedule = [(i, i + 1 + int(rng.integers(0, 3)), SURFACES[i % 3]) for i in range(0, 14, 2)]
key = jax.random.PRNGKey(0)
total = 0.0
finished = []
for a, b, court in schedule:
    surface_shift = jnp.array([-0.02, 0.0, 0.03])[SURFACES.index(court)]
    key, sub = jax.random.split(key)
    p_a = rates[a] + surface_shift
    p_b = rates[b] + surface_shift
    win_a, completed = match_odds(sub, p_a, p_b)
    fav = max(float(win_a), 1.0 - float(win_a))
    finished.append(float(completed))
    total += fav
    print(f"{players[a]} v {players[b]} on {court}: P(a wins) = {float(win_a):.4f}")
print(f"completed within {MAX_POINTS} points: {min(finished):.4f}")
print(f"result: {total:.8e}")
