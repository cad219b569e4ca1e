# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Builds per-residue cloud masks for a protein sequence from a lookup table of NumPy arrays."""

# Source: https://github.com/EleutherAI/mp_nerf/pull/5 (proteins.py:31 warns about creating a tensor from
# a list of numpy.ndarrays at torch.tensor([SUPREME_INFO[aa]['cloud_mask'] for aa in seq])).

import numpy as np
import torch

SUPREME_INFO = {
    aa: {"cloud_mask": np.random.rand(14) > 0.3, "bond_mask": np.random.rand(14)}
    for aa in "ACDEFGHIKLMNPQRSTVWY_"
}


def scn_cloud_mask(seq, coords=None):
    if coords is not None:
        return (coords != 0).sum(dim=-1) != 0
    return torch.tensor([SUPREME_INFO[aa]["cloud_mask"] for aa in seq])  # expect: AB108


def scn_bond_mask(seq):
    return torch.tensor([SUPREME_INFO[aa]["bond_mask"] for aa in seq])  # expect: AB108


masks = [scn_cloud_mask(seq) for seq in ["MKTAYIAKQR", "GSHMLEDPVD" * 30]]
