"""y = sin(x)**2, elementwise, from 1 to 10**7 elements, in pure Python, NumPy, PyTorch and JAX.

Question: "Why is a PyTorch model 10x slower than a pure Python function?"

The published claim: for small inputs a Python list comprehension beats PyTorch and NumPy, because
each library call pays a fixed cost (dispatch, allocation, conversion from a list) that a small
input never amortises; large inputs reverse the order.

What is measured, so that "slow" can be split into its parts:

- the list comprehension with ``math.sin`` (Python floats are doubles: it runs in float64, or, in
  a run without float64, on inputs rounded to the run's dtype, still computing in double);
- NumPy from a list (``np.asarray(list)`` inside the clock) and from an ndarray (op only);
- PyTorch from a list (``torch.tensor(list)``), from NumPy (``torch.from_numpy`` inside the clock,
  plus the move to the case's device), NumPy in and NumPy out (the round trip a NumPy user pays),
  and op only on a tensor already on the device;
- JAX eager (every op dispatched on its own) and ``jax.jit`` (compiled once per shape: the first
  call of each size pays the compile, which the engine records as ``first_call``).

On a CUDA device the same torch impls split the time into phases: "vectorized" is compute alone,
"from numpy" adds host-to-device, "numpy round trip" adds device-to-host; the answer reports each
phase as the difference of two medians. "from pinned numpy" (CUDA only) copies from pinned host
memory instead of pageable, so the host-to-device phase is shown both ways. CuPy runs the
vectorized impl (on CUDA, its one device). (A phase cannot be an impl of its own: every output is
checked against sin(x)**2, so a host-to-device copy alone would fail the check.) The impls are
device-generic rather than CUDA-only, so no per-impl device filter is needed: on the CPU "from
numpy" and the round trip are zero-copy and show what torch's NumPy interop costs.

The libraries run in float32 (torch's default dtype, what the claim's users run); the loop runs in
float64 (Python floats are doubles), and NumPy runs in both, for a like-for-like comparison. With
``--dtype float32`` the loop runs on the float32-rounded inputs, computing in double as always.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

from arraybench.analysis.claims import Answer, Claim, Measured
from arraybench.base.units import format_ratio_with_interval, format_size, format_time
from arraybench.results import CaseResult, RunResult
from arraybench.suites.compiled import compile_time, from_cache
from arraybench.suites.experiment import (
    UNTESTED,
    Experiment,
    env_summary,
    faster,
    first_size_faster,
    ratio,
    series,
    verdict,
)
from arraybench.workload import Workload, logsizes

SIZES = logsizes(1, 10**7)
QUICK_SIZES = (1, 100, 10_000, 1_000_000)

sin2 = Workload(
    "sin2",
    sizes=SIZES,
    description="y = sin(x)**2, elementwise",
    flops=lambda n: 2 * n,
    bytes=lambda n, itemsize: 2 * n * itemsize,
    dtypes=("float32", "float64"),
    quick_sizes=QUICK_SIZES,
)


def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
    return {"x": rng.uniform(-3.0, 3.0, n)}


sin2.inputs(make)


# -- impls ---------------------------------------------------------------------------------------
# Each function is registered once and attached to the workloads listed with it.


def loop(x: list[float]) -> list[float]:
    """The list comprehension the question starts from."""
    return [math.sin(v) ** 2 for v in x]


def vectorized(x: Any, xp: Any) -> Any:
    """One vectorized expression, inputs already in the library's array type and on its device."""
    return xp.sin(x) ** 2


def numpy_from_list(x: list[float], dtype: str) -> Any:
    """Conversion from a Python list inside the clock, as in a function that takes lists."""
    return np.sin(np.asarray(x, dtype=dtype)) ** 2


def torch_from_list(x: list[float], dtype: str, device: str) -> Any:
    """``torch.tensor(list)`` inside the clock: the usual reason small torch calls look slow."""
    import torch

    return torch.sin(torch.tensor(x, dtype=getattr(torch, dtype), device=device)) ** 2


def torch_from_numpy(x: np.ndarray, device: str) -> Any:
    """``torch.from_numpy`` inside the clock (zero-copy on the CPU), then the move to the case's
    device: on CUDA this is host-to-device plus compute."""
    import torch

    return torch.sin(torch.from_numpy(x).to(device)) ** 2


#: The last input pinned, and its pinned copy: one per process is enough, since one size's cases
#: run together; holding the input keeps its id from being reused by another array.
_pinned: list[tuple[np.ndarray, Any]] = []


def torch_from_pinned(x: np.ndarray, device: str) -> Any:
    """Host-to-device from pinned (page-locked) memory, then compute: the copy a DataLoader with
    ``pin_memory=True`` makes. The pinning is done on the first call (kept apart as first_call),
    not in the timed calls; they copy with ``non_blocking=True``, which only pinned memory can."""
    import torch

    if not _pinned or _pinned[0][0] is not x:
        _pinned[:] = [(x, torch.from_numpy(x).pin_memory())]
    return torch.sin(_pinned[0][1].to(device, non_blocking=True)) ** 2


def torch_round_trip(x: np.ndarray, device: str) -> Any:
    """NumPy in, NumPy out: what a NumPy user pays to call torch. On CUDA: host-to-device,
    compute and device-to-host (``.cpu()`` waits for the kernel)."""
    import torch

    return (torch.sin(torch.from_numpy(x).to(device)) ** 2).cpu().numpy()


@functools.cache
def _jitted_sin2() -> Callable[[Any], Any]:
    # Built once per process: jax.jit caches compiled code per input shape and dtype on the
    # function object, so each size's first call compiles and later calls reuse the compile.
    import jax
    import jax.numpy as jnp

    return jax.jit(lambda x: jnp.sin(x) ** 2)  # type: ignore[no-any-return]


def jax_jit(x: Any) -> Any:
    """``jax.jit`` of the same expression: one fused XLA kernel, compiled on the first call."""
    return _jitted_sin2()(x)


# NumPy runs in both dtypes; the other libraries in float32 only, which is the claim's setting
# (float64 would add seconds to the default run and no answer).
F32 = ("float32",)
sin2.impl("numpy")(vectorized)
sin2.impl("torch", "jax", "cupy", dtypes=F32)(vectorized)
_FROM_LIST = "conversion from a list"
sin2.impl("numpy", label="from list", inputs="python", extends="vectorized", phase=_FROM_LIST)(
    numpy_from_list
)
sin2.impl("python")(loop)
sin2.impl(
    "torch",
    label="from list",
    inputs="python",
    extends="vectorized",
    phase=_FROM_LIST,
    dtypes=F32,
)(torch_from_list)
# On a GPU these two steps are the host-to-device and device-to-host transfers.
sin2.impl(
    "torch",
    label="from numpy",
    inputs="numpy",
    dtypes=F32,
    extends="vectorized",
    phase="from NumPy (host-to-device on a GPU)",
)(torch_from_numpy)
sin2.impl(
    "torch",
    label="numpy round trip",
    inputs="numpy",
    dtypes=F32,
    extends="from numpy",
    phase="back to NumPy (device-to-host on a GPU)",
)(torch_round_trip)
# Only a GPU has pinned memory to copy from: against "from numpy" it splits pageable and pinned.
sin2.impl(
    "torch",
    label="from pinned numpy",
    inputs="numpy",
    dtypes=F32,
    devices=("cuda",),
    extends="vectorized",
    phase="host-to-device from pinned memory",
)(torch_from_pinned)
sin2.impl("jax", label="jit", dtypes=F32)(jax_jit)
# torch.compile of the same expression: one generated kernel; its compilation (seconds on the
# first size of a process, then once more when the size first changes) is the first call.
sin2.impl("torch", label="torch.compile", dtypes=F32, compile=True)(vectorized)


# -- the answer ----------------------------------------------------------------------------------

Series = dict[int, CaseResult]


def _s(result: RunResult, dtype: str, impl: str, backend: str, device: str = "cpu") -> Series:
    return series(result, workload="sin2", impl=impl, backend=backend, device=device, dtype=dtype)


def _med(c: CaseResult) -> float:
    assert c.measurement is not None
    return c.measurement.median


def _first(c: CaseResult) -> float:
    """Its first call, as compiling cost it (a cold compile cache) where a process's was cold."""
    assert c.measurement is not None
    return compile_time(c.measurement)


def _cached(cases: Iterable[CaseResult]) -> str:
    """The note that no first call compiled, when every one loaded from the compile cache."""
    ms = [c.measurement for c in cases if c.measurement is not None]
    notes = {from_cache(m) for m in ms}
    return notes.pop() if len(notes) == 1 else ""


def _share(part: float, whole: float) -> str:
    # A difference of two medians can come out slightly negative from noise: show it as ~0%.
    return f"{max(0.0, part / whole):.0%}" if whole > 0 else "—"


def _python(result: RunResult) -> Series:
    """The Python loop's series: its float64 cases, or, in a run without float64 (``--dtype
    float32``), those of the run's dtype (inputs rounded to it, computed in double precision)."""
    for dtype in ("float64", "float32", "float16", "bfloat16"):
        py = _s(result, dtype, "loop", "python")
        if py:
            return py
    return {}


def _python_precision(py: Series) -> str:
    dtype = next(iter(py.values())).dtype
    if dtype == "float64":
        return "Python float64"
    return f"Python computing in float64 on {dtype}-rounded inputs"


def answer(result: RunResult, extra: Mapping[str, Any]) -> Answer:
    """Fixed cost per call, where each backend overtakes Python, how much of 'slow' is conversion
    or transfer, and what JAX's compile costs against its steady state."""
    py = _python(result)
    if not py:
        return Answer(
            "the pure-Python case did not run, so there is nothing to compare with", UNTESTED
        )
    small = min(py)
    lines: list[str] = []
    details: list[str] = []

    # Fixed cost: the time of one call at the smallest size, where the work is ~nothing.
    contenders = [
        ("NumPy", _s(result, "float32", "vectorized", "numpy")),
        ("torch", _s(result, "float32", "vectorized", "torch")),
        ("torch from list", _s(result, "float32", "from list", "torch")),
        ("JAX eager", _s(result, "float32", "vectorized", "jax")),
        ("JAX jit", _s(result, "float32", "jit", "jax")),
        ("torch.compile", _s(result, "float32", "torch.compile", "torch")),
        # Empty without a GPU: the CUDA series then drop out of every sentence below.
        ("torch CUDA", _s(result, "float32", "vectorized", "torch", "cuda")),
        ("torch CUDA round trip", _s(result, "float32", "numpy round trip", "torch", "cuda")),
        ("JAX jit CUDA", _s(result, "float32", "jit", "jax", "cuda")),
        ("CuPy CUDA", _s(result, "float32", "vectorized", "cupy", "cuda")),
    ]
    fixed = [
        f"{name} {format_time(_med(s[small]))} "
        f"({format_ratio_with_interval(ratio(s[small], py[small]))})"
        for name, s in contenders
        if small in s
    ]
    lines.append(
        f"At n={small} one call costs {format_time(_med(py[small]))} in Python"
        + (" against " + ", ".join(fixed) if fixed else "")
        + " (float32; in brackets, how many times Python's time, with its 95% interval from "
        "blocks measured side by side)."
    )

    # Crossovers: the size from which a backend stays faster than the loop at every larger size.
    over = []
    for name, s in [
        *contenders,
        ("NumPy from list", _s(result, "float32", "from list", "numpy")),
        ("NumPy float64", _s(result, "float64", "vectorized", "numpy")),
    ]:
        if not s:
            continue
        n = first_size_faster(s, py)
        over.append(f"{name} from n={format_size(n)}" if n is not None else f"{name} never")
    if over:
        lines.append("Each overtakes the Python loop: " + "; ".join(over) + ".")

    lines.extend(_conversion(result, details))
    lines.extend(_transfer(result, details))
    lines.extend(_jax_compile(result, details))

    # Per-size table of the headline series, for the reader who wants the whole curve.
    for n in sorted(py):
        row = [f"Python {format_time(_med(py[n]))}"]
        row += [f"{name} {format_time(_med(s[n]))}" for name, s in contenders if n in s]
        details.append(f"n={format_size(n)}: " + ", ".join(row))

    return verdict(
        CLAIMS,
        result,
        extra,
        " ".join(lines),
        details,
        context=f"torch and NumPy float32 against {_python_precision(py)} "
        f"({env_summary(result, 'torch')})",
        headline=_headline(py, contenders),
    )


def _headline(py: Series, contenders: list[tuple[str, Series]]) -> str:
    """ "At n=1 one call of NumPy takes 2.91x [2.80–2.99] Python's time and torch 15.6x
    [14.6–16.5]: each library call pays a fixed cost; NumPy is faster from n=100, torch from
    n=100.": the answer to "why is torch slower" in two sentences."""
    small = min(py)
    named = [(name, s) for name, s in contenders if name in ("NumPy", "torch") and small in s]
    if not named:
        return ""
    times = " and ".join(
        f"{name} {format_ratio_with_interval(ratio(s[small], py[small]))}" for name, s in named
    )
    text = (
        f"At n={format_size(small)} a call takes {format_time(_med(py[small]))} in Python; "
        f"{times} that (float32): each library call pays a fixed cost before any work."
    )
    over = []
    for name, s in named:
        n = first_size_faster(s, py)
        over.append(
            f"{name} from n={format_size(n)}" if n is not None else f"{name} at no size measured"
        )
    return f"{text} Each is faster than the Python loop: {', '.join(over)}."


def _conversion(result: RunResult, details: list[str]) -> list[str]:
    """How much of the 'from list' and 'from numpy' time is conversion rather than compute."""
    out = []
    for backend, label in (("numpy", "from list"), ("torch", "from list"), ("torch", "from numpy")):
        conv = _s(result, "float32", label, backend)
        op = _s(result, "float32", "vectorized", backend)
        common = sorted(set(conv) & set(op))
        if not common:
            continue
        parts = [
            # A share only where the two CIs are apart: a difference inside the noise is no cost.
            (
                _share(_med(conv[n]) - _med(op[n]), _med(conv[n]))
                if faster(op[n], conv[n])
                else "~0%"
            )
            + f" at n={format_size(n)}"
            for n in (common[0], common[-1])
        ]
        out.append(f"{backend} {label} {' and '.join(dict.fromkeys(parts))}")
        details.append(
            f"{backend} {label} vs op only at n={format_size(common[-1])}: "
            f"{format_time(_med(conv[common[-1]]))} vs {format_time(_med(op[common[-1]]))}"
        )
    if not out:
        return []
    return ["Conversion's share of the time: " + "; ".join(out) + "."]


def _transfer(result: RunResult, details: list[str]) -> list[str]:
    """On CUDA: compute, host-to-device and device-to-host as differences of three impls."""
    compute = _s(result, "float32", "vectorized", "torch", "cuda")
    h2d = _s(result, "float32", "from numpy", "torch", "cuda")
    trip = _s(result, "float32", "numpy round trip", "torch", "cuda")
    common = sorted(set(compute) & set(h2d) & set(trip))
    if not common:
        return []
    out = []
    for n in (common[0], common[-1]):
        c, i, t = _med(compute[n]), _med(h2d[n]), _med(trip[n])
        out.append(
            f"n={format_size(n)}: round trip {format_time(t)} = host-to-device "
            f"{format_time(i - c)} ({_share(i - c, t)}) + compute {format_time(c)} "
            f"({_share(c, t)}) + device-to-host {format_time(t - i)} ({_share(t - i, t)})"
        )
    details.extend(f"torch CUDA phases at {o}" for o in out)
    lines = ["On CUDA, " + "; ".join(dict.fromkeys(out)) + "."]
    pinned = _s(result, "float32", "from pinned numpy", "torch", "cuda")
    both = sorted(set(common) & set(pinned))
    if both:
        n = both[-1]
        c, pageable, fast = _med(compute[n]), _med(h2d[n]), _med(pinned[n])
        lines.append(
            f"Host-to-device at n={format_size(n)}: {format_time(pageable - c)} from pageable "
            f"memory, {format_time(fast - c)} from pinned"
            + (
                f" ({(pageable - c) / (fast - c):.1f}x faster)"
                if fast - c > 0 and faster(pinned[n], h2d[n])
                else " (no faster within the noise)"
            )
            + "."
        )
    return lines


def _jax_compile(result: RunResult, details: list[str]) -> list[str]:
    """jit's first call per shape (trace + XLA compile + run) against its steady state."""
    jit = _s(result, "float32", "jit", "jax")
    eager = _s(result, "float32", "vectorized", "jax")
    if not jit:
        return []
    for n in sorted(jit):
        details.append(
            f"JAX jit at n={format_size(n)}: first call {format_time(_first(jit[n]))}, then "
            f"{format_time(_med(jit[n]))} per call"
            + (
                f" (eager: first {format_time(_first(eager[n]))}, then "
                f"{format_time(_med(eager[n]))})"
                if n in eager
                else ""
            )
        )
    # Compile time: what the first call costs beyond a steady one (trace + XLA compile).
    compiles = sorted(max(0.0, _first(c) - _med(c)) for c in jit.values())
    n_small, n_large = min(jit), max(jit)
    text = (
        f"JAX jit compiles on the first call of each size, "
        f"{format_time(compiles[0])}-{format_time(compiles[-1])}{_cached(jit.values())} beyond "
        f"a steady call of {format_time(_med(jit[n_small]))} at n={format_size(n_small)}"
    )
    if n_large != n_small:
        text += f" and {format_time(_med(jit[n_large]))} at n={format_size(n_large)}"
    if n_small in eager:
        text += (
            f"; eager JAX costs {format_time(_med(eager[n_small]))} per call at "
            f"n={format_size(n_small)} (its first call {format_time(_first(eager[n_small]))})"
        )
    return [text + "."]


def _vs_python(backend: str, largest: bool) -> Callable[[RunResult, Mapping[str, Any]], Measured]:
    """The quantity: op-only ``backend`` float32 time over the Python loop's, at the smallest (or
    largest) size both were measured at, from blocks taken side by side."""

    def measure(result: RunResult, extra: Mapping[str, Any]) -> Measured:
        py = _python(result)
        lib = _s(result, "float32", "vectorized", backend)
        common = sorted(set(py) & set(lib))
        if not common:
            return f"{backend} float32 and the Python loop have no size measured in common"
        if largest and len(common) < 2:
            return "only one size was measured"
        n = common[-1] if largest else common[0]
        return ratio(lib[n], py[n])

    return measure


#: The claim, as data: small inputs favour the Python loop, large ones the library.
CLAIMS = (
    Claim(
        "torch float32 time / Python time at the smallest size",
        1.0,
        math.inf,
        _vs_python("torch", largest=False),
        says="Python is faster",
    ),
    Claim(
        "torch float32 time / Python time at the largest size",
        0.0,
        1.0,
        _vs_python("torch", largest=True),
        says="torch is faster",
    ),
    Claim(
        "NumPy float32 time / Python time at the smallest size",
        1.0,
        math.inf,
        _vs_python("numpy", largest=False),
        says="Python is faster",
    ),
    Claim(
        "NumPy float32 time / Python time at the largest size",
        0.0,
        1.0,
        _vs_python("numpy", largest=True),
        says="NumPy is faster",
    ),
)


EXPERIMENT = Experiment(
    name="sin2",
    title="Pure Python vs NumPy vs PyTorch vs JAX on a tiny elementwise function",
    question="Why is a PyTorch model 10x slower than a pure Python function?",
    claim="For small inputs a Python list comprehension beats PyTorch (and NumPy): every library "
    "call pays a fixed cost that small inputs never amortise; large inputs reverse the order.",
    workloads=[sin2],
    answer=answer,
    claims=CLAIMS,
)
