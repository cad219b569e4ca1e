# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Builds graph node features from a list of per-residue NumPy arrays, stacking them into one array before the tensor conversion."""

# Source: https://github.com/DeepRank/deeprank2/pull/438 (PR: convert the list of arrays into one array before converting to a PyTorch tensor)

import numpy as np
import torch


def node_features(residues, feature_names):
    per_feature = []
    for name in feature_names:  # ~20 feature channels
        per_feature.append(np.asarray([r.features[name] for r in residues], dtype=np.float32))
    data = np.stack(per_feature, axis=1)
    return torch.from_numpy(data)


def build_dataset(proteins, feature_names):
    return [node_features(p.residues, feature_names) for p in proteins]
