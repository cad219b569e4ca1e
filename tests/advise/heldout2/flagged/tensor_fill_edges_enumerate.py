# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Copying a networkx graph's edges into a preallocated tensor, one (u, v) pair at a time."""

# Source: https://github.com/pyg-team/pytorch_geometric/pull/7119 (review: "this is a for loop over
# edges, which can be slow if there are many edges"). Judgement call: the rewrite is a single
# conversion (AB108's fix), but there is no torch.tensor call per element to report; the loop
# writes the tensor element by element, AB101's definition, so AB101 on the for line.

import networkx as nx
import torch


def from_networkx_edges(G: nx.Graph) -> torch.Tensor:
    G = G.to_directed() if not nx.is_directed(G) else G
    edge_index = torch.empty(G.number_of_edges(), 2, dtype=torch.long)
    for i, (u, v) in enumerate(G.edges):  # expect: AB101
        edge_index[i, 0], edge_index[i, 1] = u, v
    return edge_index.t().contiguous()
