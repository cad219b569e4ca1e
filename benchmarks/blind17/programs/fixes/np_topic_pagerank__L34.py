# ruff: noqa
"""Topic-sensitive PageRank on a synthetic web graph: for each topic, the random surfer
teleports to that topic's seed pages, and the ranks are iterated to convergence. Pages flagged
as spam are zeroed in the published scores. Prints the top page per topic and a checksum."""

import numpy as np


def build_graph(n, rng):
    links = (rng.random((n, n)) < 8.0 / n).astype(np.float64)
    np.fill_diagonal(links, 0.0)
    dangling = links.sum(axis=0) == 0
    links[:, dangling] = 1.0  # pages without out-links jump anywhere
    spam = rng.random(n) < 0.02
    return {"links": links, "n": n, "spam": spam}


def pagerank(graph, teleport, damping=0.85, tol=1e-10, max_iter=1000):
    n = graph["n"]
    rank = np.full(n, 1.0 / n)
    delta = 1.0
    iterations = 0
    while delta > tol and iterations < max_iter:
        # column-stochastic transition matrix: each page splits its rank among its links
        transition = graph["links"] / graph["links"].sum(axis=0)
        new_rank = damping * (transition @ rank) + (1.0 - damping) * teleport
        delta = np.abs(new_rank - rank).sum()
        rank = new_rank
        iterations += 1
    return rank, iterations


def publish(graph, rank):
    scores = rank
    scores[graph["spam"]] = 0.0
    return scores


rng = np.random.default_rng(21)
graph = build_graph(2200, rng)
checksum = 0.0
for topic in range(30):
    seeds = rng.choice(graph["n"], size=30, replace=False)
    teleport = np.zeros(graph["n"])
    teleport[seeds] = 1.0 / len(seeds)
    rank, iterations = pagerank(graph, teleport)
    scores = publish(graph, rank)
    if topic < 3:
        print(f"topic {topic}: {iterations} iterations, top page {int(scores.argmax())}")
    checksum += float(scores @ np.arange(graph["n"]))
print(f"result: {checksum:.10e}")
