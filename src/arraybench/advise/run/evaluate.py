"""Values like the ones a run saw, made again after the run, and what evaluating an expression
or a call on them costs (advise/run/models.py times models and whole operations): a line of
calls on small arrays timed as the body of a function, the type an expression gives, a list
handed to a library call, an array's round trip through Python numbers."""

from __future__ import annotations

import keyword
import statistics
import sys
from typing import Any

from .models import BUDGET_S, MAX_ELEMENTS, per_call_times
from .values import Fact


def _like(fact: Fact) -> Any:
    """A value like a small one seen (same library, dtype, shape and device), for timing a
    line again after the run: float arrays hold 1/size in each element (positive and summing
    to one, so that a log, a root or a probability vector stays defined; a square matrix has
    the identity added, so that it can be inverted or factored), integer arrays
    zeros; a Python int its value seen; a list or tuple of numbers as many floats; a NumPy
    random generator (or legacy RandomState) a new seeded one."""
    from .values import ARRAY, SCALAR, SEQUENCE, TENSOR

    if fact.kind in (ARRAY, TENSOR) and fact.size > MAX_ELEMENTS:
        raise ValueError("input too large to make again")
    fill = 1.0 / max(fact.size, 1)
    # a square matrix gets the identity added: invertible and positive definite, as the
    # covariance or Gram matrix seen most likely was (an inverse of a matrix of equal
    # elements fails)
    square = len(fact.shape) >= 2 and fact.shape[-1] == fact.shape[-2] > 1
    if fact.type == "torch.Tensor":
        torch = sys.modules["torch"]
        dtype = getattr(torch, fact.dtype)
        device = fact.device or "cpu"
        if dtype.is_floating_point:
            t = torch.full(fact.shape, fill, dtype=dtype, device=device)
            if square:
                t += torch.eye(fact.shape[-1], dtype=dtype, device=device)
            return t
        return torch.zeros(fact.shape, dtype=dtype, device=device)
    np = sys.modules["numpy"]
    if fact.kind == ARRAY and fact.type == "numpy.ndarray":
        if np.dtype(fact.dtype).kind in "fc":
            x = np.full(fact.shape, fill, dtype=fact.dtype)
            if square:
                x += np.eye(fact.shape[-1], dtype=fact.dtype)
            return x
        return np.zeros(fact.shape, dtype=fact.dtype)
    if fact.kind == SCALAR:
        # (a numpy.float64 is a Python float too: its fact may carry its type only)
        dtype = fact.dtype or fact.type.removeprefix("numpy.")
        if fact.type.startswith("numpy."):
            return np.dtype(dtype).type(0.5 if np.dtype(dtype).kind in "fc" else 1)
        if fact.type == "float":
            return 0.5
        if fact.type == "int":
            return fact.value if fact.value is not None else 1
        if fact.type == "bool":
            return True
    if (
        fact.kind == SEQUENCE
        and fact.item == SCALAR
        and fact.type in ("list", "tuple")
        and fact.shape
        and fact.shape[0] <= MAX_ELEMENTS
    ):
        # a list (or tuple) of numbers: as many floats (``np.array(GAMMA_POINTS)`` of 5)
        items = [0.5] * fact.shape[0]
        return items if fact.type == "list" else tuple(items)
    if fact.type in ("numpy.Generator", "numpy.random.Generator"):
        return np.random.default_rng(0)
    if fact.type in ("numpy.RandomState", "numpy.random.RandomState"):
        return np.random.RandomState(0)
    raise ValueError(f"cannot make a {fact.type} again")


def expression_time(
    expr: str, inputs: dict[str, Fact], modules: dict[str, str], budget: float = BUDGET_S
) -> float | None:
    """Seconds one evaluation of ``expr`` takes on inputs like the ones seen (see
    :func:`_like`), the median of a few samples of SAMPLE_S each: what a line of calls on
    small arrays pays a run of it, once the program is over. None when it cannot be evaluated
    again (a name whose value cannot be made, an error on the inputs made)."""
    times = expression_times(expr, inputs, modules, budget)
    return statistics.median(times) if times is not None else None


def expression_times(
    expr: str, inputs: dict[str, Fact], modules: dict[str, str], budget: float = BUDGET_S
) -> list[float] | None:
    """Seconds one evaluation of ``expr`` takes, per sample (see :func:`expression_time`).
    The expression is the body of a function whose locals are the inputs (the user's line
    reads them as locals too), and each sample is less what calling an empty function costs
    (timed the same way): a line of a few Python floats costs tens of nanoseconds, which an
    ``eval`` a call (~150 ns) would hide."""
    try:
        import warnings

        env: dict[str, Any] = {a: sys.modules[m] for a, m in modules.items() if m in sys.modules}
        for name, fact in inputs.items():
            env[name] = _like(fact)
        local = [n for n in inputs if n.isidentifier() and not keyword.iskeyword(n)]
        params = ", ".join(f"{n}={n}" for n in local)
        exec(compile(f"def _expr_({params}):\n    return ({expr})\n", "<arraybench>", "exec"), env)
        exec(compile(f"def _none_({params}):\n    return None\n", "<arraybench>", "exec"), env)
        fn, empty = env["_expr_"], env["_none_"]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn()  # once, and to fail here rather than in the timing
            times = per_call_times(fn, lambda: None, 0.8 * budget)
            if times is None:
                return None
            base = per_call_times(empty, lambda: None, 0.2 * budget)
        overhead = min(base) if base else 0.0
        return [max(t - overhead, 0.05 * t) for t in times]
    except Exception:
        return None


def expression_fact(expr: str, inputs: dict[str, Fact], modules: dict[str, str]) -> Fact | None:
    """What ``expr`` gives, evaluated once after the run on inputs like the ones seen (see
    :func:`_like`), as a fact: the type and dtype of a property's formula the run could not
    read (``np.exp(-self.cfg.cooling * self.cfg.dt)``: a ``numpy.float64``). None where it
    cannot be evaluated again."""
    try:
        import warnings

        from .values import describe

        env: dict[str, Any] = {a: sys.modules[m] for a, m in modules.items() if m in sys.modules}
        for name, fact in inputs.items():
            env[name] = _like(fact)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return describe(eval(compile(expr, "<arraybench>", "eval"), env))
    except Exception:
        return None


def list_call_time(
    module: str, func: str, n: int, budget: float = BUDGET_S
) -> tuple[float, float, float] | None:
    """Seconds one call of ``module.func`` (``numpy.mean``, ``torch.tensor``) takes on a
    Python list of ``n`` floats, timed after the run: (median, low, high) over a few samples.
    A reduction or a conversion of a list walks and converts every item, so its cost grows
    with the list."""
    try:
        if n > MAX_ELEMENTS:
            return None
        fn: Any = sys.modules[module]
        for part in func.split("."):
            fn = getattr(fn, part)
        data = [0.5 + (i % 7) / 8 for i in range(max(1, n))]
        times = per_call_times(lambda: fn(data), lambda: None, budget)
        if times is None:
            return None
        return statistics.median(times), min(times), max(times)
    except Exception:
        return None


def round_trip_time(fact: Fact, budget: float = BUDGET_S) -> float | None:
    """Seconds to take a small array like the one seen out to Python numbers (``.tolist()``)
    and to make one of them again (``np.array``/``torch.tensor`` of a list, same dtype and
    device): what a step rewritten on Python floats still pays where its input and output stay
    arrays. The median of a few samples, timed after the run; None when it cannot be made."""
    try:
        x = _like(fact)
        if fact.type == "torch.Tensor":
            torch = sys.modules["torch"]

            def trip() -> Any:
                return torch.tensor(x.tolist(), dtype=x.dtype, device=x.device)

        else:
            np = sys.modules["numpy"]

            def trip() -> Any:
                return np.array(x.tolist(), dtype=x.dtype)

        trip()
        times = per_call_times(trip, lambda: None, budget)
        return statistics.median(times) if times is not None else None
    except Exception:
        return None
