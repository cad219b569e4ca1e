# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Building an adjacency tensor entry by entry from nested dicts."""

import torch


def to_tensor(graph, nodes):
    index = {n: i for i, n in enumerate(nodes)}
    entries = []
    for src, nbrs in graph.items():
        for dst, w in nbrs.items():
            entries.append(torch.tensor([index[src], index[dst], w]))  # expect: AB108 (possible)
    return torch.stack(entries)
