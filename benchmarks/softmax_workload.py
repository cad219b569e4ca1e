"""The row softmax of issue 35: a stable softmax over each row of an (n, 64) matrix, as a new
user writes it: a Python loop, NumPy and JAX by hand (one generic impl), torch by hand (its
``max`` returns values and indices, so it has its own), and ``torch.softmax``. Used by
``benchmarks/softmax_jax.py`` (JAX against timeit) and for the saved busy-machine run of
``tests/analysis/test_standing.py``.

    arraybench run benchmarks/softmax_workload.py --quick
"""

import math

import arraybench as ab

softmax = ab.Workload(
    "softmax",
    sizes=ab.logsizes(1, 10**3),
    description="stable row softmax of an (n, 64) matrix",
)


@softmax.inputs
def make(n, rng):
    return {"x": rng.standard_normal((n, 64))}


@softmax.impl("python")
def loop(x):
    out = []
    for row in x:
        m = max(row)
        e = [math.exp(v - m) for v in row]
        s = sum(e)
        out.append([v / s for v in e])
    return out


@softmax.impl("numpy", "jax")
def manual(x, xp):
    m = xp.max(x, axis=1, keepdims=True)
    e = xp.exp(x - m)
    return e / xp.sum(e, axis=1, keepdims=True)


@softmax.impl("torch", label="torch_manual")
def torch_manual(x):
    m = x.amax(dim=1, keepdim=True)
    e = (x - m).exp()
    return e / e.sum(dim=1, keepdim=True)


@softmax.impl("torch", label="torch.softmax")
def builtin(x):
    import torch

    return torch.softmax(x, dim=1)
