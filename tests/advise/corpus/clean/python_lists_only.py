# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Word counts: Python lists and dicts, in a file that also uses NumPy."""

import numpy as np


def counts(words: list) -> dict:
    out: dict = {}
    for i in range(len(words)):
        out[words[i]] = out.get(words[i], 0) + 1
    return out


def frequencies(words: list) -> np.ndarray:
    c = counts(words)
    return np.array(sorted(c.values()), dtype=float) / len(words)
