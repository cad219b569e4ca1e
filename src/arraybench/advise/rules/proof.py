"""How to prove a rewrite of a finding's function: the ``arraybench verify`` call that runs on
what the function took in this run.

verify's default inputs are one 1-D float64 NumPy array of n values per data parameter. That
fits a function the run saw taking 1-D float arrays; for tensors it needs ``--backend torch``
(a torch function handed NumPy arrays runs on NumPy: its speedup measured 1,248x where it was
3,782x on tensors), for float32 ``--dtype float32``, for a GPU ``--device cuda``. A function
that took anything else (a 2-D array, a list, a model, a number) cannot be called on them, and
the guessed call raised on both sides: it needs a builder ``make(n, rng)`` returning what it
took, and the report says so, with the values the run saw.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from ..read.source import SourceFile
from ..read.syntax import walk_tree
from ..records import Proof
from ..run.values import ARRAY, JAX, TENSOR, Fact

#: Parameters verify's runner fills itself (advise/verify.py's RUNNER_PARAMS).
RUNNER_PARAMS = frozenset({"xp", "dtype", "device"})
#: The backend verify must run a function on, by the kind of the arrays it took.
BACKENDS = {TENSOR: "torch", JAX: "jax", ARRAY: "numpy"}
FLOATS = ("float16", "bfloat16", "float32", "float64")


def _function(
    sf: SourceFile, name: str, line: int
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    if sf.tree is None:
        return None
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.name == name
            and node.lineno <= line <= (node.end_lineno or node.lineno)
        ):
            return node
    return None


def data_params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The positional parameters without a default that verify fills with data."""
    args = fn.args
    positional = [*args.posonlyargs, *args.args]
    with_default = len(args.defaults)
    plain = positional[: len(positional) - with_default] if with_default else positional
    return [a.arg for a in plain if a.arg not in RUNNER_PARAMS and a.arg not in ("self", "cls")]


def proof(
    sf: SourceFile, name: str, line: int, seen_in: Callable[[int, int], dict[str, Fact]]
) -> Proof | None:
    """The verify call for function ``name`` (holding ``line``), from the values seen in it
    (``seen_in(first, last)``: by name, on those lines); None when there is no function to call
    (module level, a method)."""
    if not name or "." in name:
        return None
    fn = _function(sf, name, line)
    if fn is None:
        return None
    params = data_params(fn)
    seen = seen_in(fn.lineno, fn.end_lineno or fn.lineno)
    facts = {p: seen[p] for p in params if p in seen}
    arrays = [f for f in facts.values() if f.kind in BACKENDS]
    options: list[str] = []
    kinds = {f.kind for f in arrays}
    if len(kinds) == 1:
        backend = BACKENDS[kinds.pop()]
        if backend != "numpy":
            options += ["--backend", backend]
    dtypes = {f.dtype for f in arrays}
    if len(dtypes) == 1 and (dtype := dtypes.pop()) in FLOATS and dtype != "float64":
        options += ["--dtype", dtype]
    if any(f.device.startswith("cuda") for f in arrays):
        options += ["--device", "cuda"]
    fits = (
        bool(params)
        and all(
            p in facts
            and facts[p].kind in BACKENDS
            and len(facts[p].shape) == 1
            and facts[p].dtype in FLOATS
            for p in params
        )
        and len({f.kind for f in facts.values()}) == 1
    )
    return Proof(
        function=name,
        options=tuple(options),
        builder=() if fits else tuple((p, str(facts[p])) for p in params if p in facts),
        unseen=() if fits else tuple(p for p in params if p not in facts),
        no_params=not params,
    )
