# ruff: noqa
"""Top-k recommendations from a matrix-factorisation model: user and item embeddings come from
a synthetic low-rank ratings matrix, each user's candidate items are scored, already-seen items
are masked, and a diversity bonus from a few editorial slots is added. Prints the hit rate on
held-out items."""

import numpy as np

rng = np.random.default_rng(8)
N_USERS, N_ITEMS, RANK = 1800, 1500, 24


def factorise(ratings, rank):
    u, s, vt = np.linalg.svd(ratings, full_matrices=False)
    root = np.sqrt(s[:rank])
    return u[:, :rank] * root, vt[:rank].T * root


def score_items(user_vec, item_vecs):
    return np.array([item @ user_vec for item in item_vecs])


def recommend(user_vec, item_vecs, seen, slots, k=10):
    scores = score_items(user_vec, item_vecs)
    bonus = (slots @ user_vec).max()
    scores[seen] = -np.inf
    top = np.argpartition(-scores, k)[:k]
    return top, bonus


true_u = rng.normal(size=(N_USERS, RANK))
true_v = rng.normal(size=(N_ITEMS, RANK))
ratings = true_u @ true_v.T + rng.normal(0.0, 2.0, size=(N_USERS, N_ITEMS))
observed = rng.random((N_USERS, N_ITEMS)) < 0.2
held_out = np.argmax(np.where(observed, -np.inf, ratings), axis=1)
user_vecs, item_vecs = factorise(np.where(observed, ratings, 0.0), RANK)
slots = rng.normal(size=(5, RANK))

hits = 0
bonus_total = 0.0
for u in range(N_USERS):
    seen = np.flatnonzero(observed[u])
    top, bonus = recommend(user_vecs[u], item_vecs, seen, slots)
    hits += int(held_out[u] in top)
    bonus_total += bonus

print(f"hit rate @10: {hits / N_USERS:.4f}, mean slot bonus {bonus_total / N_USERS:.4f}")
print(f"result: {hits + bonus_total:.10e}")
