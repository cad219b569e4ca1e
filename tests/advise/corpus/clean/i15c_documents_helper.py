# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Text documents cleaned one by one: strings, not array elements."""

import numpy as np


def strip_footer(text):
    lines = text.strip().split("\n")
    return "\n".join(lines[:-2]) if len(lines) > 2 else text


def load(bunch):
    bunch.data = [strip_footer(text) for text in bunch.data]
    bunch.target = np.asarray(bunch.target)
    return bunch
