# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Leaky ReLU with a conditional per element (the classic suite's loop_where)."""


def where_loop(x, xp):
    out = xp.empty_like(x)
    for i in range(len(x)):  # expect: AB102
        v = x[i]
        out[i] = v if v > 0 else 0.1 * v
    return out
