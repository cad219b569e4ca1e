"""A two-layer network trained by hand-written backprop: NumPy arrays against PyTorch tensors.

Question: "Are PyTorch tensors faster than NumPy arrays?" This is the warm-up of PyTorch's
"Learning PyTorch with examples": a fully connected ReLU network (N=64, D_in=1000, H=100,
D_out=10), squared-error loss, plain gradient descent (lr=1e-6) for 500 steps, forward and
backward passes written out by hand (no autograd), once with NumPy and once with torch tensors.

The published claim: in float64 on the CPU torch is about 1.5x faster than NumPy when NumPy is
built on OpenBLAS, and about even when NumPy uses MKL (torch's CPU wheels ship MKL). The work is
five matrix products a step, so the claim is really about the two BLAS libraries, plus each
library's fixed cost per operation (about a dozen small ops a step).
"""

from __future__ import annotations

import contextlib
import linecache
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from arraybench.analysis.claims import Answer, Claim, Measured
from arraybench.base.units import format_ratio, format_ratio_with_interval, format_time
from arraybench.config import RunConfig
from arraybench.results import CaseResult, RunResult
from arraybench.suites.experiment import UNTESTED, Experiment, env_summary, ratio, series, verdict
from arraybench.workload import Workload

#: The tutorial's shapes: batch, input width, hidden width, output width.
N, D_IN, H, D_OUT = 64, 1000, 100, 10
LEARNING_RATE = 1e-6

#: Floating-point operations of one training step, counting the five matrix products only:
#: forward x@w1 (N x D_in x H) and h_relu@w2 (N x H x D_out); backward h_relu.T@g (H x N x D_out),
#: g@w2.T (N x D_out x H) and x.T@grad_h (D_in x N x H); 2 flops per multiply-add. The elementwise
#: work (ReLU, mask, loss, the two weight updates) is about 0.3 MFLOP, ~1% more: left out, so that
#: GFLOP/s reads as a BLAS throughput.
STEP_FLOPS = 2 * (2 * N * D_IN * H) + 3 * (2 * N * H * D_OUT)

# The size is the number of training steps, not the batch: the claim is about this exact network,
# so every step keeps the tutorial's shapes (the same BLAS kernels, the same per-op overheads) and
# the steps only scale the time linearly. A quick run takes fewer steps of the same question;
# changing the batch would change the question (bigger products amortise the per-op cost).
tensors = Workload(
    "tensors",
    sizes=(500,),
    quick_sizes=(20,),
    description=f"two-layer ReLU net, hand-written backprop, N={N} D_in={D_IN} H={H} "
    f"D_out={D_OUT}, lr={LEARNING_RATE:g}; size = training steps",
    flops=lambda steps: steps * STEP_FLOPS,
    # What must be moved at least: x and y read, w1 and w2 read and written. Everything (w1 is
    # 800 kB in float64) stays in cache over the steps, so this does not grow with them.
    bytes=lambda steps, itemsize: (N * D_IN + N * D_OUT + 2 * (D_IN * H + H * D_OUT)) * itemsize,
    # float32 against the float64 NumPy reference, measured here over seeds and both libraries:
    # at most 6e-6 (norm-wise) after 500 steps, while training itself moves w1 by ~5% and w2 by
    # ~50% of their largest entry. The error stays that small because the step is tiny (lr=1e-6)
    # and each product's rounding does not compound across steps. So the default 1e-4 holds with
    # a 15x margin and still catches a wrong gradient; it is written out so nobody loosens it.
    rtol={"float32": 1e-4},
)


@tensors.inputs
def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
    """Random data and random initial weights, as in the tutorial (``randn``)."""
    return {
        "x": rng.standard_normal((N, D_IN)),
        "y": rng.standard_normal((N, D_OUT)),
        "w1": rng.standard_normal((D_IN, H)),
        "w2": rng.standard_normal((H, D_OUT)),
        "steps": n,
    }


# One operation per line, as in the tutorial, so the line profile names each operation.
@tensors.impl("numpy")
def train_numpy(x: Any, y: Any, w1: Any, w2: Any, steps: int) -> tuple[Any, Any]:
    """The tutorial's NumPy version; returns the trained (w1, w2)."""
    # Copies: the weights are updated in place, and the same inputs serve every timed call.
    w1 = w1.copy()
    w2 = w2.copy()
    for _ in range(steps):
        h = x.dot(w1)
        h_relu = np.maximum(h, 0)
        y_pred = h_relu.dot(w2)
        loss = np.square(y_pred - y).sum()  # noqa: F841 - the tutorial prints it; kept as work
        grad_y_pred = 2.0 * (y_pred - y)
        grad_w2 = h_relu.T.dot(grad_y_pred)
        grad_h_relu = grad_y_pred.dot(w2.T)
        grad_h = grad_h_relu.copy()
        grad_h[h < 0] = 0
        grad_w1 = x.T.dot(grad_h)
        w1 -= LEARNING_RATE * grad_w1
        w2 -= LEARNING_RATE * grad_w2
    return w1, w2


@tensors.impl("torch")
def train_torch(x: Any, y: Any, w1: Any, w2: Any, steps: int) -> tuple[Any, Any]:
    """The tutorial's tensor version (CPU or CUDA: the inputs are already on the device)."""
    w1 = w1.clone()
    w2 = w2.clone()
    for _ in range(steps):
        h = x.mm(w1)
        h_relu = h.clamp(min=0)
        y_pred = h_relu.mm(w2)
        # No .item(): on CUDA it would wait for the GPU every step, which NumPy never does.
        loss = (y_pred - y).pow(2).sum()  # noqa: F841 - the tutorial prints it; kept as work
        grad_y_pred = 2.0 * (y_pred - y)
        grad_w2 = h_relu.t().mm(grad_y_pred)
        grad_h_relu = grad_y_pred.mm(w2.t())
        grad_h = grad_h_relu.clone()
        grad_h[h < 0] = 0
        grad_w1 = x.t().mm(grad_h)
        w1 -= LEARNING_RATE * grad_w1
        w2 -= LEARNING_RATE * grad_w2
    return w1, w2


# -- extra: where the time goes, line by line ----------------------------------------------------

#: Steps profiled per library (a few: the per-line shares settle within tens of steps).
PROFILE_STEPS, PROFILE_STEPS_QUICK = 100, 20
PROFILE_REPEATS = 3


def profile_lines(config: RunConfig) -> dict[str, Any]:
    """Per-line shares of the float64 CPU training step, NumPy and torch, with line_profiler.

    Returns ``{"profiles": {library: {...}}, "notes": [...]}``, plain JSON data; a note instead of
    a profile when line_profiler or torch is missing.
    """
    try:
        from line_profiler import LineProfiler
    except ImportError:
        return {
            "profiles": {},
            "notes": [
                "line_profiler is not installed (pip install line_profiler): no per-line breakdown"
            ],
        }
    from arraybench import backends as _backends

    steps = PROFILE_STEPS_QUICK if config.quick else PROFILE_STEPS
    data = tensors.make_inputs(steps, config.seed)
    profiles: dict[str, Any] = {}
    notes: list[str] = []
    for name, fn in (("numpy", train_numpy), ("torch", train_torch)):
        if config.backends is not None and name not in config.backends:
            continue
        try:
            backend = _backends.get(name)
            ok, why = backend.available()
            if not ok:
                notes.append(f"{name} not profiled: {why}")
                continue
            args = {
                k: backend.asarray(v, "float64", "cpu") if isinstance(v, np.ndarray) else v
                for k, v in data.items()
            }
            with contextlib.ExitStack() as stack:
                # The cases ran under --threads; the profile must see the same thread count.
                if config.threads is not None:
                    stack.enter_context(backend.threads(config.threads))
                fn(**{**args, "steps": 2})  # warm-up: allocator and BLAS buffers, unprofiled
                profiles[name] = _profile(LineProfiler, fn, args, steps)
        except Exception as e:  # a profile is a bonus: never lose the run over it
            notes.append(f"{name} not profiled: {type(e).__name__}: {e}")
    return {"profiles": profiles, "notes": notes}


def _profile(
    profiler_cls: Any, fn: Callable[..., Any], args: Mapping[str, Any], steps: int
) -> dict[str, Any]:
    # Each line's time is the least over PROFILE_REPEATS separate profiles: other processes on
    # the machine only ever add time, so the minimum is the line's own cost.
    best: dict[int, dict[str, Any]] = {}
    wall = float("inf")
    for _ in range(PROFILE_REPEATS):
        lp = profiler_cls()
        wrapped = lp(fn)
        t0 = time.perf_counter()
        wrapped(**args)
        wall = min(wall, time.perf_counter() - t0)
        stats = lp.get_stats()
        for (filename, _, _), timings in stats.timings.items():
            for lineno, hits, total in timings:
                seconds = total * stats.unit
                if lineno in best and best[lineno]["seconds"] <= seconds:
                    continue
                code = linecache.getline(filename, lineno).strip()
                best[lineno] = {
                    "lineno": lineno,
                    "code": code.split("  #")[0],
                    "hits": hits,
                    "seconds": seconds,
                    "matmul": ".dot(" in code or ".mm(" in code,
                }
    lines = list(best.values())
    total_s = sum(line["seconds"] for line in lines) or 1.0
    for line in lines:
        line["share"] = line["seconds"] / total_s
    lines.sort(key=lambda line: -line["seconds"])
    return {
        "dtype": "float64",
        "device": "cpu",
        "steps": steps,
        "profiled_s": sum(line["seconds"] for line in lines),
        "wall_s": wall,
        "repeats": PROFILE_REPEATS,
        "matmul_share": sum(line["share"] for line in lines if line["matmul"]),
        "lines": lines,
    }


# -- the answer ----------------------------------------------------------------------------------


def answer(result: RunResult, extra: Mapping[str, Any]) -> Answer:
    """NumPy against torch at the most steps, per dtype, read against each library's BLAS."""
    # Each library at the most steps both ran (the most steps the library ran, if alone).
    times: dict[tuple[str, str], tuple[int, CaseResult]] = {}
    for dtype in ("float64", "float32"):
        both = {
            lib: series(result, workload="tensors", backend=lib, dtype=dtype, device="cpu")
            for lib in ("numpy", "torch")
        }
        common = set(both["numpy"]) & set(both["torch"])
        for lib, found in both.items():
            if found:
                n = max(common or found)
                times[lib, dtype] = (n, found[n])
    np_blas, torch_blas = _blas(result, "numpy"), _blas(result, "torch")
    details = [_library_line(result, "numpy", np_blas), _library_line(result, "torch", torch_blas)]
    details += _case_lines(times)
    details += _profile_lines(extra, {"numpy": np_blas, "torch": torch_blas})
    details += _cuda_lines(result)
    details.append(_load_line(result))

    parts = []
    for dtype in ("float64", "float32"):
        a, b = times.get(("numpy", dtype)), times.get(("torch", dtype))
        if a is None or b is None or a[0] != b[0]:
            continue
        r = ratio(a[1], b[1])
        parts.append(
            f"{dtype}: NumPy {format_time(_med(a[1]))}, torch {format_time(_med(b[1]))} "
            f"(NumPy's time / torch's {format_ratio_with_interval(r)}: {_faster(r.value)})"
        )
    if ("numpy", "float64") not in times or ("torch", "float64") not in times:
        missing = [f"{b} float64" for b in ("numpy", "torch") if (b, "float64") not in times]
        return Answer(
            "The float64 NumPy and torch CPU cases did not both run "
            f"(missing: {', '.join(missing) or 'a common size'}), so there is nothing to compare.",
            UNTESTED,
            env_summary(result, "torch"),
            tuple(d for d in details if d),
        )
    steps = times["numpy", "float64"][0]
    text = (
        f"{steps} training steps on the CPU, {'; '.join(parts)}. NumPy calls "
        f"{_name(np_blas)}, torch calls {_name(torch_blas)}."
    )
    blame = _blame(extra, np_blas, torch_blas)
    arch = np_blas.get("architecture")
    context = (
        f"{blame} {_name(np_blas)}{f' with its {arch} kernels' if arch else ''} against "
        f"{_name(torch_blas)} on these small products (64x1000 by 1000x100). "
        f"({env_summary(result, 'numpy')}; {env_summary(result, 'torch')})"
    ).strip()
    answer = verdict(CLAIMS, result, extra, text, [d for d in details if d], context)
    if answer.verdict == "agrees" and blame:  # still say where the gap is, from the profile
        answer = replace(answer, details=(*answer.details, blame))
    return answer


def _numpy_over_torch(result: RunResult, extra: Mapping[str, Any]) -> Measured:
    """NumPy's float64 time over torch's, at the most training steps both ran."""
    both = {
        lib: series(result, workload="tensors", backend=lib, dtype="float64", device="cpu")
        for lib in ("numpy", "torch")
    }
    common = sorted(set(both["numpy"]) & set(both["torch"]))
    if not common:
        return "the float64 NumPy and torch CPU cases did not both run"
    n = common[-1]
    return ratio(both["numpy"][n], both["torch"][n])


def _with_blas(vendor: str) -> Callable[[RunResult], str | None]:
    """The claim's condition: NumPy's BLAS is ``vendor`` (each vendor has its own prediction)."""

    def applies(result: RunResult) -> str | None:
        blas = _blas(result, "numpy")
        found = str(blas.get("vendor") or "").lower()
        if vendor in found:
            return None
        return (
            f"NumPy's BLAS here is {_name(blas)}; the claim's prediction for NumPy on "
            f"{_PRETTY.get(vendor, vendor)} does not cover it"
        )

    return applies


#: The claim as data, one prediction per BLAS that NumPy may be built on. "About 1.5x" over
#: OpenBLAS is read as 1.25-2.5x; "about even" over MKL as within 15% either way.
CLAIMS = (
    Claim(
        "NumPy float64 time / torch float64 time",
        1.25,
        2.5,
        _numpy_over_torch,
        says="torch about 1.5x faster, NumPy on OpenBLAS",
        applies=_with_blas("openblas"),
    ),
    Claim(
        "NumPy float64 time / torch float64 time",
        1 / 1.15,
        1.15,
        _numpy_over_torch,
        says="about even, NumPy on MKL",
        applies=_with_blas("mkl"),
    ),
)


def _blame(
    extra: Mapping[str, Any], np_blas: Mapping[str, Any], torch_blas: Mapping[str, Any]
) -> str:
    """From the line profile: is the gap in the matrix products (the BLAS) or in the rest (the
    fixed cost of each small operation)?"""
    profiles = extra.get("profiles") or {}
    pn, pt = profiles.get("numpy"), profiles.get("torch")
    if not pn or not pt or not pn.get("steps") or not pt.get("steps"):
        return ""
    out = []
    for label, matmul in (("matrix products", True), ("other operations", False)):
        a = _step_time(pn, matmul)
        b = _step_time(pt, matmul)
        out.append(f"{label} {format_time(a)} a step in NumPy against {format_time(b)} in torch")
    return (
        f"Per the line profile (float64, {pn['steps']} steps): {'; '.join(out)} — the matrix "
        f"products compare {_name(np_blas)} with {_name(torch_blas)}, the rest each library's "
        "fixed cost per operation."
    )


def _step_time(profile: Mapping[str, Any], matmul: bool) -> float:
    lines = [ln for ln in profile["lines"] if bool(ln.get("matmul")) == matmul and ln["hits"] > 1]
    return float(sum(ln["seconds"] for ln in lines)) / max(1, int(profile["steps"]))


def _profile_lines(extra: Mapping[str, Any], blas: Mapping[str, Mapping[str, Any]]) -> list[str]:
    out = [f"line profile: {note}" for note in extra.get("notes", ())]
    for lib, prof in (extra.get("profiles") or {}).items():
        top = [ln for ln in prof["lines"] if ln["share"] >= 0.02][:6]
        shown = ", ".join(f"{ln['code']} {ln['share']:.0%}" for ln in top)
        out.append(
            f"{lib} line profile (float64, {prof['steps']} steps, each line's least of "
            f"{prof.get('repeats', 1)} runs, "
            f"{format_time(prof['profiled_s'] / max(1, prof['steps']))} a step; matrix products "
            f"{prof['matmul_share']:.0%}, in {_name(blas.get(lib, {}))}): {shown}"
        )
    return out


def _case_lines(times: Mapping[tuple[str, str], tuple[int, CaseResult]]) -> list[str]:
    out = []
    for (backend, dtype), (steps, case) in sorted(times.items()):
        m = case.measurement
        assert m is not None
        rate = f", {case.flops / m.median / 1e9:.1f} GFLOP/s in the products" if case.flops else ""
        out.append(
            f"{backend} {dtype}: {format_time(m.median)} for {steps} steps "
            f"({format_time(m.median / steps)} a step{rate}; 95% CI "
            f"{format_time(m.ci[0])}-{format_time(m.ci[1])})"
        )
    return out


def _cuda_lines(result: RunResult) -> list[str]:
    out = []
    for dtype in ("float64", "float32"):
        s = series(result, workload="tensors", backend="torch", dtype=dtype, device="cuda")
        if s:
            steps, case = max(s.items())
            out.append(f"torch cuda {dtype}: {format_time(_med(case))} for {steps} steps")
    return out


def _load_line(result: RunResult) -> str:
    """Multi-threaded BLAS on cores that other processes also use loses far more than its share
    (threads wait for each other at every product), so a loaded machine can reverse the order."""
    cores = result.env.get("usable_cores") or result.env.get("cores")
    # The load when the run started: the one after it counts this run's own BLAS threads.
    la = result.env.get("load_average")
    if not cores or not isinstance(la, list | tuple) or not la or la[0] < 0.5 * cores:
        return ""
    threads = result.config.get("threads")
    return (
        f"the machine was busy (1-minute load average {la[0]:.1f} on {cores} cores at the start): "
        "multi-threaded BLAS suffers most from that, so rerun on a quiet machine"
        + (" or with --threads 1" if threads != 1 else "")
        + " before trusting the ratios"
    )


def _library_line(result: RunResult, backend: str, blas: Mapping[str, Any]) -> str:
    if not blas:
        return ""
    threads = blas.get("threads")
    return (
        f"{backend} BLAS: {_name(blas)}"
        + (f", {threads} threads" if threads is not None else "")
        + (f", {blas['architecture']} kernels" if blas.get("architecture") else "")
    )


def _blas(result: RunResult, backend: str) -> dict[str, Any]:
    info = result.env.get("backends", {}).get(backend) or {}
    blas = info.get("blas") or []
    return dict(blas[0]) if blas and isinstance(blas[0], Mapping) else {}


_PRETTY = {"openblas": "OpenBLAS", "mkl": "MKL", "blis": "BLIS", "accelerate": "Accelerate"}


def _name(blas: Mapping[str, Any]) -> str:
    """``OpenBLAS 0.3.31`` / ``MKL 2024.2``: the vendor and a short version."""
    vendor = str(blas.get("vendor") or "an unknown BLAS")
    name = _PRETTY.get(vendor.lower(), vendor)
    version = str(blas.get("version") or "")
    if "Version " in version:  # MKL's banner: "Intel(R) oneAPI ... Version 2024.2-Product ..."
        version = version.split("Version ", 1)[1].split(maxsplit=1)[0].split("-", 1)[0]
    elif version.count(".") > 2:  # OpenBLAS wheels: 0.3.31.188.0 -> 0.3.31
        version = ".".join(version.split(".")[:3])
    return f"{name} {version}".strip()


def _faster(r: float) -> str:
    if r >= 1:
        return f"torch {format_ratio(r)} faster"
    return f"NumPy {format_ratio(1 / r)} faster"


def _med(c: CaseResult) -> float:
    assert c.measurement is not None
    return c.measurement.median


EXPERIMENT = Experiment(
    name="tensors",
    title="PyTorch tensors vs NumPy arrays: a two-layer network trained by hand",
    question="Are PyTorch tensors faster than NumPy arrays for the same hand-written training "
    "loop?",
    claim="In float64 on the CPU, torch is about 1.5x faster than NumPy built on OpenBLAS, and "
    "about even with NumPy built on MKL: the difference is the BLAS library.",
    workloads=[tensors],
    answer=answer,
    extra=profile_lines,
    claims=CLAIMS,
)
