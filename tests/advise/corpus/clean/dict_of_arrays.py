# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Saving named arrays: a loop over a dict, not over elements."""

import numpy as np


def save_all(arrays: dict, folder: str) -> None:
    for name, arr in arrays.items():
        np.save(f"{folder}/{name}.npy", arr.astype(np.float32))
