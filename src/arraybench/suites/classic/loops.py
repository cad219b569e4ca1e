"""Python loops over array elements against the vectorized form, in PyTorch and NumPy.

Question: "How can loop performance be optimized?" The published claim: a Python ``for`` loop that
indexes a tensor or array element by element (``out[i] = x[i] + y[i]``) is orders of magnitude
slower than the vectorized operation, because every element pays the interpreter and the library's
per-call dispatch; the fix is to vectorize (``x + y``, ``torch.where`` for conditionals).

Three operations, each as people write them: an element-wise add, applying a scalar function (a
sigmoid written with ``math.exp``) and a conditional (``x if x > 0 else 0.1 * x``). Each has two
workloads: ``loop_OP`` times the loops at sizes a loop finishes in (up to 10^4 elements), next to
the vectorized form at the same sizes; ``vec_OP`` times only the vectorized form on a 1000x1000
array, where a loop would take seconds to minutes. The loop's cost there is extrapolated from its
per-element cost at the largest size measured, and the answer says so. At the smaller loop size
only the loop runs (:func:`select`): its cost per element there shows the cost is flat, which is
what makes extrapolating it fair, and nothing else at that size enters the answer.

A fourth way to write each loop answers the question another way: the same element-by-element loop
compiled by Numba (``numba loop``, on the ``numba`` backend, which njit-compiles it). It runs in
both workloads, so its time at 1000x1000 is measured, not extrapolated; its compile time is its
first call, kept apart from its steady time. It is skipped, with the reason, where Numba is not
installed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from arraybench.analysis.claims import Answer, Claim, Measured
from arraybench.base import stats
from arraybench.base.units import format_ratio, format_size, format_time
from arraybench.measure.plan import Case
from arraybench.results import CaseResult, RunResult, Skip
from arraybench.suites.compiled import compile_time, from_cache
from arraybench.suites.experiment import UNTESTED, Experiment, env_summary, ratio, series, verdict
from arraybench.workload import Workload

#: Sizes of the loops: 10^4 elements already take ~0.1 s per call through torch's indexing. Two
#: sizes a decade apart show that a loop's cost per element is flat (so extrapolating it is fair).
LOOP_SIZES = (1000, 10_000)
LOOP_QUICK_SIZES = (1000,)
#: The vectorized form alone, on the 1000x1000 array of the question.
VEC_SIZES = (1_000_000,)
#: "Orders of magnitude" read as at least 100x: the claim's interval (CLAIMS), stated beside
#: every verdict.
MIN_SPEEDUP = 100.0
#: The operations, in the order the answer lists them.
OPS = ("add", "apply", "where")
BACKENDS = ("torch", "numpy")
#: The jitted loop's label, on the numba backend.
NUMBA_LOOP = "numba loop"


def _square_or_flat(a: np.ndarray) -> np.ndarray:
    """A perfect-square size becomes a square matrix (10^6 -> 1000x1000, as in the question)."""
    side = math.isqrt(a.size)
    return a.reshape(side, side) if side * side == a.size else a


def _workloads(
    op: str,
    description: str,
    flops: Callable[[int], float],
    nbytes: Callable[[int, int], float],
    two_inputs: bool,
) -> tuple[Workload, Workload]:
    """The loop workload (small sizes) and the vectorized-only workload (1000x1000) of ``op``."""
    loop_w = Workload(
        f"loop_{op}",
        sizes=LOOP_SIZES,
        quick_sizes=LOOP_QUICK_SIZES,
        description=f"{description}: Python loop over elements vs vectorized",
        flops=flops,
        bytes=nbytes,
        dtypes=("float32",),
    )
    vec_w = Workload(
        f"vec_{op}",
        sizes=VEC_SIZES,
        quick_sizes=VEC_SIZES,
        description=f"{description}: vectorized, 1000x1000",
        flops=flops,
        bytes=nbytes,
        dtypes=("float32",),
    )

    def make_flat(n: int, rng: np.random.Generator) -> dict[str, Any]:
        # Both signs, so the conditional takes both branches.
        out = {"x": rng.uniform(-3.0, 3.0, n)}
        if two_inputs:
            out["y"] = rng.uniform(-3.0, 3.0, n)
        return out

    def make_square(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {k: _square_or_flat(v) for k, v in make_flat(n, rng).items()}

    loop_w.inputs(make_flat)
    vec_w.inputs(make_square)
    return loop_w, vec_w


loop_add, vec_add = _workloads(
    "add", "z = x + y", lambda n: n, lambda n, itemsize: 3 * n * itemsize, two_inputs=True
)
loop_apply, vec_apply = _workloads(
    "apply",
    "y = 1 / (1 + exp(-x)), a scalar function applied to each element",
    lambda n: 4 * n,
    lambda n, itemsize: 2 * n * itemsize,
    two_inputs=False,
)
loop_where, vec_where = _workloads(
    "where",
    "y = x if x > 0 else 0.1 * x",
    lambda n: 2 * n,
    lambda n, itemsize: 2 * n * itemsize,
    two_inputs=False,
)


# -- element-wise add ------------------------------------------------------------------------------


@loop_add.impl("numpy", "torch", label="loop")
def add_loop(x: Any, y: Any, xp: Any) -> Any:
    """The loop as people write it: index each element, write each element."""
    out = xp.empty_like(x)
    for i in range(len(x)):
        out[i] = x[i] + y[i]
    return out


@loop_add.impl("numpy", "torch", label="tolist loop")
def add_tolist_loop(x: Any, y: Any, xp: Any) -> Any:
    """The loop over Python floats (.tolist() and back inside the clock): the cheap way to loop."""
    out = [a + b for a, b in zip(x.tolist(), y.tolist(), strict=True)]
    return xp.asarray(out, dtype=x.dtype)


@loop_add.impl("numpy", "torch", label="vectorized", reference=True)
@vec_add.impl("numpy", "torch", label="vectorized", reference=True)
def add_vectorized(x: Any, y: Any) -> Any:
    return x + y


# The Numba loops: the same loop over elements, compiled by the numba backend (numba.njit). They
# loop over the flattened array, so one loop serves the 1000x1000 workload too. CPU only: on a
# machine where numba.cuda works the backend also has "cuda", where an impl runs as written (a
# kernel launcher), and this host loop would index a device array element by element.
CPU = ("cpu",)


@loop_add.impl("numba", label=NUMBA_LOOP, devices=CPU)
@vec_add.impl("numba", label=NUMBA_LOOP, devices=CPU)
def add_numba_loop(x: Any, y: Any) -> Any:
    xf, yf = x.ravel(), y.ravel()
    out = np.empty_like(xf)
    for i in range(xf.size):
        out[i] = xf[i] + yf[i]
    return out.reshape(x.shape)


# -- a scalar function applied to each element -----------------------------------------------------


def _sigmoid(v: Any) -> float:
    """A scalar function written for one number, the kind a loop ends up calling."""
    return 1.0 / (1.0 + math.exp(-v))


@loop_apply.impl("numpy", "torch", label="loop")
def apply_loop(x: Any, xp: Any) -> Any:
    out = xp.empty_like(x)
    for i in range(len(x)):
        out[i] = _sigmoid(x[i])
    return out


@loop_apply.impl("numpy", "torch", label="tolist loop")
def apply_tolist_loop(x: Any, xp: Any) -> Any:
    return xp.asarray([_sigmoid(v) for v in x.tolist()], dtype=x.dtype)


@loop_apply.impl("numpy", label="np.vectorize")
def apply_np_vectorize(x: Any) -> Any:
    """``np.vectorize`` looks vectorized but calls the Python function once per element."""
    return np.vectorize(_sigmoid, otypes=[x.dtype])(x)


@loop_apply.impl("numpy", "torch", label="vectorized", reference=True)
@vec_apply.impl("numpy", "torch", label="vectorized", reference=True)
def apply_vectorized(x: Any, xp: Any) -> Any:
    return 1.0 / (1.0 + xp.exp(-x))


@loop_apply.impl("numba", label=NUMBA_LOOP, devices=CPU)
@vec_apply.impl("numba", label=NUMBA_LOOP, devices=CPU)
def apply_numba_loop(x: Any) -> Any:
    # _sigmoid written out: compiled code cannot call a plain Python function (Numba would
    # inline a jitted one anyway).
    xf = x.ravel()
    out = np.empty_like(xf)
    for i in range(xf.size):
        out[i] = 1.0 / (1.0 + math.exp(-xf[i]))
    return out.reshape(x.shape)


# -- a conditional ---------------------------------------------------------------------------------


@loop_where.impl("numpy", "torch", label="loop")
def where_loop(x: Any, xp: Any) -> Any:
    """``if`` on a 0-d tensor calls bool() on it: one more library call per element."""
    out = xp.empty_like(x)
    for i in range(len(x)):
        v = x[i]
        out[i] = v if v > 0 else 0.1 * v
    return out


@loop_where.impl("numpy", "torch", label="tolist loop")
def where_tolist_loop(x: Any, xp: Any) -> Any:
    return xp.asarray([v if v > 0 else 0.1 * v for v in x.tolist()], dtype=x.dtype)


@loop_where.impl("numpy", "torch", label="vectorized", reference=True)
@vec_where.impl("numpy", "torch", label="vectorized", reference=True)
def where_vectorized(x: Any, xp: Any) -> Any:
    return xp.where(x > 0, x, 0.1 * x)


@loop_where.impl("numba", label=NUMBA_LOOP, devices=CPU)
@vec_where.impl("numba", label=NUMBA_LOOP, devices=CPU)
def where_numba_loop(x: Any) -> Any:
    xf = x.ravel()
    out = np.empty_like(xf)
    for i in range(xf.size):
        v = xf[i]
        out[i] = v if v > 0 else 0.1 * v
    return out.reshape(x.shape)


# -- the answer ------------------------------------------------------------------------------------


def _med(c: CaseResult) -> float:
    assert c.measurement is not None
    return c.measurement.median


def _per_element(seconds: float) -> str:
    return format_time(seconds) + "/element"


def _span(lo: float, hi: float, fmt: Callable[[float], str]) -> str:
    """``"1.2 µs-3.4 µs"``, or one figure when both ends print the same."""
    a, b = fmt(lo), fmt(hi)
    return a if a == b else f"{a}-{b}"


def _sci(n: int) -> str:
    """10000 -> 10^4 (the notation the extrapolation note uses)."""
    e = round(math.log10(n)) if n > 0 else 0
    return f"10^{e}" if 10**e == n else f"{n:,}"


def _cpu32(result: RunResult, workload: str, impl: str, backend: str) -> dict[int, CaseResult]:
    return series(
        result, workload=workload, impl=impl, backend=backend, dtype="float32", device="cpu"
    )


def _row(result: RunResult, op: str, backend: str) -> dict[str, Any] | None:
    """Per-element loop cost, vectorized time at the largest size, and the two speedups."""
    loop = _cpu32(result, f"loop_{op}", "loop", backend)
    if not loop:
        return None
    n_loop = max(loop)
    per_elem = _med(loop[n_loop]) / n_loop
    row: dict[str, Any] = {"n_loop": n_loop, "per_elem": per_elem}
    smaller = [n for n in loop if n < n_loop]
    if smaller:
        # The same cost per element a decade lower is what justifies extrapolating upwards.
        row["n_prev"] = max(smaller)
        row["per_elem_prev"] = _med(loop[row["n_prev"]]) / row["n_prev"]
    same = _cpu32(result, f"loop_{op}", "vectorized", backend)
    if n_loop in same:
        row["measured"] = ratio(loop[n_loop], same[n_loop]).value  # measured side by side
    tolist = _cpu32(result, f"loop_{op}", "tolist loop", backend)
    if n_loop in tolist:
        row["tolist_per_elem"] = _med(tolist[n_loop]) / n_loop
    vec = _cpu32(result, f"vec_{op}", "vectorized", backend)
    if vec:
        n_vec = max(vec)
        row["n_vec"] = n_vec
        row["vec"] = _med(vec[n_vec])
        # Extrapolated, not measured: a loop's cost grows linearly with n (one interpreter trip
        # and a few library calls per element), so per-element cost x n estimates it.
        row["extrapolated"] = per_elem * n_vec / row["vec"]
    if backend == "numpy":
        vect = _cpu32(result, f"loop_{op}", "np.vectorize", backend)
        if n_loop in vect:
            row["np_vectorize_per_elem"] = _med(vect[n_loop]) / n_loop
    return row


def _numba_row(result: RunResult, op: str) -> dict[str, Any] | None:
    """The jitted loop's cost per element and its time against NumPy's Python loop and NumPy's
    vectorized form, side by side at the loop's largest size and at 1000x1000."""
    jit = _cpu32(result, f"loop_{op}", NUMBA_LOOP, "numba")
    if not jit:
        return None
    n = max(jit)
    m = jit[n].measurement
    assert m is not None
    row: dict[str, Any] = {
        "n": n,
        "per_elem": m.median / n,
        "first_call": compile_time(m),
        "cached": from_cache(m),
    }
    py = _cpu32(result, f"loop_{op}", "loop", "numpy")
    if n in py:
        row["vs_loop"] = ratio(py[n], jit[n]).value  # how many times faster than the loop
    vec = _cpu32(result, f"loop_{op}", "vectorized", "numpy")
    if n in vec:
        row["vs_vec"] = ratio(jit[n], vec[n]).value  # its time over the vectorized form's
    big = _cpu32(result, f"vec_{op}", NUMBA_LOOP, "numba")
    big_vec = _cpu32(result, f"vec_{op}", "vectorized", "numpy")
    common = sorted(set(big) & set(big_vec))
    if common:
        row["n_vec"] = common[-1]
        row["vec_time"] = _med(big[common[-1]])
        row["vs_vec_big"] = ratio(big[common[-1]], big_vec[common[-1]]).value
    return row


def _numba_text(r: Mapping[str, Any]) -> str:
    """``per element, x faster than the loop, y the vectorized form's time``."""
    text = f"{_per_element(r['per_elem'])} at n={format_size(r['n'])}"
    if "vs_loop" in r:
        text += f", {format_ratio(r['vs_loop'])} faster than NumPy's Python loop"
    if "vs_vec" in r:
        text += f", {format_ratio(r['vs_vec'])} the time of NumPy's vectorized form"
    if "vs_vec_big" in r:
        text += (
            f"; {format_time(r['vec_time'])} at n={format_size(r['n_vec'])}, "
            f"{format_ratio(r['vs_vec_big'])} the vectorized form's time (measured)"
        )
    return text


def answer(result: RunResult, extra: Mapping[str, Any]) -> Answer:
    """Per-element cost of each loop, the vectorized time at 1000x1000 and the speedup there
    (extrapolated from the largest loop size), per operation and backend."""
    rows = {(op, b): r for op in OPS for b in BACKENDS if (r := _row(result, op, b)) is not None}
    if not rows:
        return Answer("no loop case ran, so there is nothing to compare", UNTESTED)

    details: list[str] = []
    for (op, b), r in rows.items():
        line = f"{op:5} {b:5}: loop {_per_element(r['per_elem'])} (n={format_size(r['n_loop'])}"
        if "per_elem_prev" in r:
            line += f"; {format_time(r['per_elem_prev'])} at n={format_size(r['n_prev'])}"
        line += ")"
        if "tolist_per_elem" in r:
            line += f", tolist loop {_per_element(r['tolist_per_elem'])}"
        if "np_vectorize_per_elem" in r:
            line += f", np.vectorize {_per_element(r['np_vectorize_per_elem'])}"
        if "measured" in r:
            line += f"; vectorized is {format_ratio(r['measured'])} faster at n={r['n_loop']:,}"
        if "vec" in r:
            line += (
                f"; vectorized {format_time(r['vec'])} at n={format_size(r['n_vec'])}, "
                f"{format_ratio(r['extrapolated'])} faster "
                f"(extrapolated from n={_sci(r['n_loop'])}, not measured)"
            )
        details.append(line)
    jits = {op: r for op in OPS if (r := _numba_row(result, op)) is not None}
    for op, r in jits.items():
        details.append(
            f"{op:5} numba: {NUMBA_LOOP} {_numba_text(r)}; compiled on its first call "
            f"({format_time(r['first_call'])}){r['cached']}"
        )

    sentences = []
    costs, speedups = [], []
    for b in BACKENDS:
        mine = [r for (_, bb), r in rows.items() if bb == b]
        if not mine:
            continue
        lo = min(r["per_elem"] for r in mine)
        hi = max(r["per_elem"] for r in mine)
        cost = _span(lo, hi, format_time) + "/element"
        costs.append(f"{_span(lo, hi, format_time)} in {b}")
        text = f"{b}: a loop over elements costs {cost} (add/apply/where)"
        ext = [r for r in mine if "extrapolated" in r]
        if ext:
            n_vec = max(r["n_vec"] for r in ext)
            n_loop = min(r["n_loop"] for r in ext)
            s_lo = min(r["extrapolated"] for r in ext)
            s_hi = max(r["extrapolated"] for r in ext)
            text += (
                f"; vectorized is {_span(s_lo, s_hi, format_ratio)} faster at "
                f"n={format_size(n_vec)} (extrapolated from n={_sci(n_loop)}, not measured)"
            )
            speedups.append(f"{_span(s_lo, s_hi, format_ratio)} in {b}")
        tol = [r["tolist_per_elem"] for r in mine if "tolist_per_elem" in r]
        if tol:
            text += (
                f"; looping over .tolist() instead costs {format_time(max(tol))}/element or less"
            )
        sentences.append(text + ".")
    if jits:
        lo = min(r["per_elem"] for r in jits.values())
        hi = max(r["per_elem"] for r in jits.values())
        text = (
            f"numba: the same loop compiled with numba.njit costs {_span(lo, hi, format_time)}"
            "/element (" + "; ".join(f"{op}: {_numba_text(r)}" for op, r in jits.items()) + ")"
        )
        first = [r["first_call"] for r in jits.values()]
        cached = next((r["cached"] for r in jits.values() if r["cached"]), "")
        sentences.append(
            f"{text}, after {_span(min(first), max(first), format_time)} of compilation on its "
            f"first call{cached}."
        )
    text = " ".join(sentences)

    missing = [b for b in BACKENDS if not any(bb == b for (_, bb) in rows)]
    context = (
        f"{', '.join(missing)} did not run. " if missing else ""
    ) + f"{env_summary(result, 'numpy')}; {env_summary(result, 'torch')}"
    headline = f"A Python loop over elements costs {' and '.join(costs)} per element"
    if speedups:
        headline += (
            f"; on 1000x1000 the vectorized form is faster by {' and '.join(speedups)} (the "
            "loops' time extrapolated from their largest size)"
        )
    if jits:
        lo = min(r["per_elem"] for r in jits.values())
        hi = max(r["per_elem"] for r in jits.values())
        headline += (
            f"; the same loop jitted with Numba costs {_span(lo, hi, format_time)} per element "
            "(after its compile on the first call)"
        )
    return verdict(CLAIMS, result, extra, text, details, context, headline=headline + ".")


def _speedup(op: str, backend: str) -> Callable[[RunResult, Mapping[str, Any]], Measured]:
    """The quantity: the loop's time over the vectorized form's on 1000x1000 (the loop's
    extrapolated from its largest size, linearly, and its interval with it); where the
    vectorized workload did not run, the two side by side at the loop's largest size."""

    def measure(result: RunResult, extra: Mapping[str, Any]) -> Measured:
        loop = _cpu32(result, f"loop_{op}", "loop", backend)
        if not loop:
            return f"the {op} loop on {backend} did not run"
        n = max(loop)
        vec = _cpu32(result, f"vec_{op}", "vectorized", backend)
        if vec:
            n_vec = max(vec)
            m_loop, m_vec = loop[n].measurement, vec[n_vec].measurement
            assert m_loop is not None and m_vec is not None
            per = stats.unpaired_ratio(m_loop, m_vec)
            scale = n_vec / n
            return stats.Interval(
                per.value * scale,
                per.low * scale,
                per.high * scale,
                per.level,
                per.units,
                per.method,
            )
        same = _cpu32(result, f"loop_{op}", "vectorized", backend)
        if n in same:
            return ratio(loop[n], same[n])
        return f"no vectorized {op} on {backend} ran to compare the loop with"

    return measure


#: The claim as data: for each operation and library, the loop at least 100x slower.
CLAIMS = tuple(
    Claim(
        f"{op} loop time / vectorized time on {backend}, 1000x1000",
        MIN_SPEEDUP,
        math.inf,
        _speedup(op, backend),
        says="orders of magnitude slower",
    )
    for op in OPS
    for backend in BACKENDS
)


def select(cases: Sequence[Case]) -> tuple[list[Case], list[Skip]]:
    """At a loop workload's sizes below its largest, only the loop itself: the answer reads every
    impl at the largest size (the loop's time there is what it extrapolates from), and at a
    smaller one only the loop's cost per element, which shows that cost is flat (what makes
    extrapolating it fair). The other impls there would be measured for nothing."""
    largest: dict[str, int] = {}
    for c in cases:  # a workload whose loop is not in the run (--impl): every impl as asked
        if c.workload.name.startswith("loop_") and c.impl.label == "loop":
            largest[c.workload.name] = max(largest.get(c.workload.name, 0), c.size)
    keep: list[Case] = []
    left: dict[str, set[int]] = {}
    for c in cases:
        top = largest.get(c.workload.name)
        if top is not None and c.size < top and c.impl.label != "loop":
            left.setdefault(c.workload.name, set()).add(c.size)
        else:
            keep.append(c)
    skips = [
        Skip(
            f"{name} at n={', '.join(format_size(n) for n in sorted(sizes))}: all but its loop",
            f"the answer reads the other impls at n={format_size(largest[name])} only, and the "
            "loop at smaller sizes to show its cost per element is flat (which makes "
            "extrapolating it fair)",
        )
        for name, sizes in left.items()
    ]
    return keep, skips


EXPERIMENT = Experiment(
    name="loops",
    title="Python loops over tensor and array elements vs the vectorized form",
    question="How can loop performance be optimized?",
    claim="A Python loop that indexes a tensor or array element by element is orders of "
    "magnitude slower than the vectorized operation (every element pays interpreter and library "
    "dispatch); vectorize it: x + y, a vectorized function, torch.where / np.where.",
    workloads=[loop_add, loop_apply, loop_where, vec_add, vec_apply, vec_where],
    answer=answer,
    claims=CLAIMS,
    select=select,
)
