"""The gradient of a least-squares loss, by hand and by automatic differentiation.

Question: "What does a gradient cost: hand-written NumPy, PyTorch autograd, HIPS autograd, JAX or
TensorFlow?"
The workload is the gradient with respect to ``x`` of ``||y - A x||^2`` with ``A`` of shape
``(10 d, d)`` (so ``10 d`` observations of ``d`` features), which is ``-2 A^T (y - A x)``.

The published claim: PyTorch's autograd is within 2x of a hand-written NumPy gradient at 1,000
observations (d = 100) and close to it at 10,000 observations (d = 1000).

Implementations:

* ``manual``: ``-2 * (A.T @ (y - A @ x))`` in NumPy (the reference) and in PyTorch, which
  separates the cost of autograd from the difference between the two libraries' BLAS.
* ``unparenthesised``: ``-2 * A.T @ (y - A @ x)``, the form people also write. Python evaluates
  ``(-2 * A.T) @ r``: it scales a full copy of ``A`` (10 d * d multiplies and a matrix-sized
  write) before the product. The article's own footnote found the same trap, an 8x loss from
  ``(2*x)*y`` against ``2*(x*y)``.
* ``backward``: PyTorch autograd (``x.requires_grad_()``, ``loss.backward()``, ``x.grad``).
* ``grad`` on ``autograd``: HIPS ``autograd.grad`` of the loss.
* ``grad`` on ``jax``: ``jax.grad`` called eagerly (op by op), and ``jit(grad)``: the same
  function compiled once and cached; its compile time is the case's ``first_call``.
* ``GradientTape`` on ``tensorflow``: TF's tape in eager mode (record the loss, then
  ``tape.gradient``).
* ``grad`` on ``pytensor``: ``pytensor.grad`` of the same loss, built as a symbolic graph and
  compiled once per dtype by the backend (``pytensor.function``: with PyTensor 3's default Numba
  linker, the graph becomes Numba code); compile time in ``first_call``.

Sizes: d = 10 ... 1000 by default. d = 3000 (A is 30000 x 3000, 720 MB in float64) takes a few
seconds per case and two seconds just to draw the inputs, which would blow the suite's time budget;
pass it yourself with ``arraybench run gradients --sizes 100,1000,3000``. The default dtype is
float64 (the claim's); ``--dtype float32,float64`` adds float32, and the answer's table shows
both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from arraybench.analysis.claims import Answer, Claim, Measured
from arraybench.base.stats import Interval
from arraybench.base.units import format_ratio, format_ratio_with_interval, format_time
from arraybench.results import CaseResult, RunResult
from arraybench.suites.compiled import compile_time, from_cache
from arraybench.suites.experiment import UNTESTED, Experiment, env_summary, ratio, series, verdict
from arraybench.workload import Workload

#: The claim's two sizes: 1,000 observations (d = 100) and 10,000 observations (d = 1000).
CLAIM_SMALL, CLAIM_LARGE = 100, 1000
#: "Within 2x" at the smaller size, and what "close" is taken to mean at the larger one: the
#: claim's intervals (CLAIMS), stated beside every verdict.
WITHIN, CLOSE = 2.0, 1.3


def _flops(d: int) -> float:
    # A @ x and A.T @ r: 2 * (10 d) * d each; y - A x: 10 d; the final scaling: d.
    # The unparenthesised form does 10 d * d more (scaling a copy of A): not counted, since the
    # cost model is the work the gradient needs, not the work one way of writing it does.
    m = 10 * d
    return 4.0 * m * d + m + d


def _bytes(d: int, itemsize: int) -> float:
    # A is read twice (A @ x must finish before A.T @ r starts, and A does not fit in cache at
    # the larger sizes), plus y, x and the residual.
    m = 10 * d
    return float((2 * m * d + 3 * m + 2 * d) * itemsize)


gradients = Workload(
    "gradients",
    sizes=(10, 30, 100, 300, 1000),
    # The claim's two sizes, and nothing else: JAX's eager grad alone pays ~0.4 s of per-shape
    # compilation per case, so a third size would push --quick past its few seconds.
    quick_sizes=(CLAIM_SMALL, CLAIM_LARGE),
    description="gradient in x of ||y - A x||^2, A of shape (10 d, d)",
    flops=_flops,
    bytes=_bytes,
    # float32 sums of 10 d products: the error grows with d; 1e-3 leaves room up to d = 3000.
    rtol={"float32": 1e-3},
    # float64 only by default: the claim is about float64 NumPy, and float32 doubles the run
    # (JAX's eager grad alone compiles ~0.5 s per case). --dtype float32,float64 adds it.
    dtypes=("float64",),
)


@gradients.inputs
def make(d: int, rng: np.random.Generator) -> dict[str, Any]:
    m = 10 * d
    # Scaled so that A x and y have comparable magnitudes at every d (no cancellation that would
    # make the float32 check meaningless).
    return {
        "A": rng.standard_normal((m, d)) / np.sqrt(d),
        "x": rng.standard_normal(d),
        "y": rng.standard_normal(m),
    }


@gradients.impl("numpy", "torch", reference=True)
def manual(A: Any, x: Any, y: Any) -> Any:
    """The hand-written gradient, parenthesised so that only vectors are scaled."""
    return -2 * (A.T @ (y - A @ x))


# The same hand-written gradient on CuPy (CUDA only: the cupy backend has no CPU device).
gradients.impl("cupy")(manual)


@gradients.impl("numpy", label="unparenthesised")
def unparenthesised(A: Any, x: Any, y: Any) -> Any:
    """Same maths; ``-2 * A.T`` binds first and builds a scaled copy of the whole matrix."""
    return -2 * A.T @ (y - A @ x)


@gradients.impl("torch", label="backward")
def torch_backward(A: Any, x: Any, y: Any) -> Any:
    """PyTorch autograd as a user writes it: a leaf that requires grad, backward, read .grad."""
    # detach() gives a fresh leaf each call (a view, no copy), so .grad never accumulates across
    # calls and the graph of one call is freed before the next.
    xr = x.detach().requires_grad_(True)
    r = y - A @ xr
    (r * r).sum().backward()
    return xr.grad


# The same under torch.compile: the forward is compiled, backward() breaks the graph and runs
# the compiled graph's backward (AOTAutograd); compilation is the first call of each size.
gradients.impl("torch", label="backward (torch.compile)", compile=True)(torch_backward)


def _loss(xp: Any) -> Callable[[Any, Any, Any], Any]:
    def loss(x: Any, A: Any, y: Any) -> Any:
        r = y - A @ x
        return xp.sum(r * r)

    return loss


# Gradient functions are built once and reused, as a user would hold them: building them is not
# part of the cost of a gradient, and jit's cache lives on the jitted function object.
_CACHE: dict[str, Any] = {}


def _cached(key: str, build: Callable[[], Any]) -> Any:
    fn = _CACHE.get(key)
    if fn is None:
        fn = _CACHE[key] = build()
    return fn


@gradients.impl("autograd", label="grad")
def hips_grad(A: Any, x: Any, y: Any) -> Any:
    """HIPS autograd: traces the NumPy calls on every call, then runs the vector-Jacobian
    products."""

    def build() -> Any:
        import autograd
        import autograd.numpy as anp

        return autograd.grad(_loss(anp))

    return _cached("autograd.grad", build)(x, A, y)


@gradients.impl("jax", label="grad")
def jax_grad(A: Any, x: Any, y: Any) -> Any:
    """``jax.grad`` without jit: every primitive is dispatched on its own, on every call."""

    def build() -> Any:
        import jax
        import jax.numpy as jnp

        return jax.grad(_loss(jnp))

    return _cached("jax.grad", build)(x, A, y)


@gradients.impl("jax", label="jit(grad)")
def jax_jit_grad(A: Any, x: Any, y: Any) -> Any:
    """``jax.jit(jax.grad(loss))``: compiled once per shape and dtype (paid in first_call)."""

    def build() -> Any:
        import jax
        import jax.numpy as jnp

        return jax.jit(jax.grad(_loss(jnp)))

    return _cached("jax.jit(grad)", build)(x, A, y)


@gradients.impl("tensorflow", label="GradientTape")
def tf_tape(A: Any, x: Any, y: Any) -> Any:
    """TensorFlow's ``GradientTape`` in eager mode: records the ops of the loss, then runs the
    backward pass (``tape.gradient``)."""
    import tensorflow as tf

    with tf.GradientTape() as tape:
        tape.watch(x)
        # matvec: TF's ``@`` wants two matrices (NumPy's vector rules need numpy behaviour on).
        r = y - tf.linalg.matvec(A, x)
        loss = tf.reduce_sum(r * r)
    return tape.gradient(loss, x)


@gradients.impl("pytensor", label="grad")
def pytensor_grad(A: Any, x: Any, y: Any, xp: Any) -> Any:
    """``pytensor.grad`` of the loss: the pytensor backend calls this once per dtype with symbolic
    A, x, y and compiles the gradient graph (paid in first_call); later calls run the compiled
    function on the arrays."""
    import pytensor

    return pytensor.grad(_loss(xp)(x, A, y), x)


# -- the answer ------------------------------------------------------------------------------------


def _med(c: CaseResult) -> float:
    assert c.measurement is not None
    return c.measurement.median


def _s(result: RunResult, impl: str, backend: str, dtype: str) -> dict[int, CaseResult]:
    # The answer compares CPU cases; CuPy has only the GPU, so its row is its CUDA case.
    device = "cuda" if backend == "cupy" else "cpu"
    return series(
        result, workload="gradients", impl=impl, backend=backend, dtype=dtype, device=device
    )


def _ratio(a: Mapping[int, CaseResult], b: Mapping[int, CaseResult], d: int) -> Interval | None:
    """``a``'s time over ``b``'s at ``d``, from blocks measured side by side, with its interval."""
    if d in a and d in b:
        return ratio(a[d], b[d])
    return None


def _obs(d: int) -> str:
    return f"d={d} ({10 * d:,} observations)"


def answer(result: RunResult, extra: Mapping[str, Any]) -> Answer:
    """torch/NumPy ratios at the claim's two sizes, the price of the unparenthesised form, the
    overheads of HIPS autograd and JAX, and a verdict on the claim."""
    dtype = "float64"
    np_ref = _s(result, "manual", "numpy", dtype)
    if not np_ref:
        # A float32-only run still answers, in float32.
        dtype = "float32"
        np_ref = _s(result, "manual", "numpy", dtype)
    if not np_ref:
        return Answer(
            "the hand-written NumPy gradient did not run, so there is nothing to compare with",
            UNTESTED,
        )
    torch_bw = _s(result, "backward", "torch", dtype)
    torch_man = _s(result, "manual", "torch", dtype)
    unpar = _s(result, "unparenthesised", "numpy", dtype)
    hips = _s(result, "grad", "autograd", dtype)
    jgrad = _s(result, "grad", "jax", dtype)
    jjit = _s(result, "jit(grad)", "jax", dtype)
    tape = _s(result, "GradientTape", "tensorflow", dtype)
    ptgrad = _s(result, "grad", "pytensor", dtype)
    smallest, largest = min(np_ref), max(np_ref)

    sentences: list[str] = []
    # 1. The claim: torch autograd against hand-written NumPy at d = 100 and d = 1000.
    tested = {
        d: ratio(torch_bw[d], np_ref[d])
        for d in (CLAIM_SMALL, CLAIM_LARGE)
        if d in torch_bw and d in np_ref
    }
    if tested:
        sentences.append(
            f"PyTorch autograd / hand-written NumPy ({dtype}): "
            + ", ".join(f"{format_ratio_with_interval(r)} at {_obs(d)}" for d, r in tested.items())
            + "."
        )
    # 2. The unparenthesised form, at the largest size where it ran.
    common = sorted(set(unpar) & set(np_ref))
    if common:
        d = common[-1]
        r = ratio(unpar[d], np_ref[d])
        sentences.append(
            f"-2*A.T@(y - A@x) takes {format_ratio_with_interval(r)} the time of "
            f"-2*(A.T@(y - A@x)) at d={d} "
            f"({format_time(_med(unpar[d]))} against {format_time(_med(np_ref[d]))})"
            + (": it scales a copy of all of A first." if r.low > 1 else ".")
        )
    # 3. Overheads of the other autodiff libraries: fixed cost at the smallest size, ratio at the
    # largest.
    over = []
    for name, s in (
        ("HIPS autograd", hips),
        ("jax.grad", jgrad),
        ("jit(grad)", jjit),
        ("TF GradientTape", tape),
        ("PyTensor grad", ptgrad),
    ):
        lo, hi = _ratio(s, np_ref, smallest), _ratio(s, np_ref, largest)
        if lo is None and hi is None:
            continue
        bits = []
        if lo is not None:
            bits.append(
                f"{format_ratio_with_interval(lo)} at d={smallest} "
                f"({format_time(_med(s[smallest]))})"
            )
        if hi is not None and largest != smallest:
            bits.append(f"{format_ratio_with_interval(hi)} at d={largest}")
        over.append(f"{name} {' and '.join(bits)}")
    if over:
        sentences.append("Time relative to hand-written NumPy: " + "; ".join(over) + ".")
    if jjit:
        d = max(jjit)
        m = jjit[d].measurement
        assert m is not None
        first = compile_time(m)
        sentences.append(
            f"jit's first call (trace + compile) at d={d} took {format_time(first)}"
            f"{from_cache(m)}, the time of {first / m.median:,.0f} steady-state calls."
        )
    sentences.extend(_compiled_backward(result, torch_bw, dtype))
    if ptgrad:
        m = ptgrad[min(ptgrad)].measurement
        assert m is not None
        linker = ((result.env.get("backends") or {}).get("pytensor") or {}).get("compiler")
        sentences.append(
            f"PyTensor's first call (graph, rewrites, compile) took "
            f"{format_time(compile_time(m))}{from_cache(m)}, once per dtype"
            f"{f' ({linker})' if linker else ''}."
        )
    text = " ".join(sentences)

    details = _table(result, dtype)
    if not tested:
        missing = "torch did not run" if not torch_bw else "neither d=100 nor d=1000 was measured"
        return Answer(text or "nothing to compare", UNTESTED, missing, details)
    # Context for a verdict other than "agrees": autograd's own cost (backward vs torch manual)
    # apart from the libraries' BLAS (torch manual vs NumPy manual).
    why_bits = []
    for d in tested:
        bl = _ratio(torch_man, np_ref, d)
        ag = _ratio(torch_bw, torch_man, d)
        if bl is not None and ag is not None:
            why_bits.append(
                f"at d={d} hand-written torch/NumPy is {format_ratio_with_interval(bl)} (the "
                "libraries and their BLAS) and autograd/hand-written torch is "
                f"{format_ratio_with_interval(ag)} (graph "
                "recording and backward)"
            )
    context = "; ".join(why_bits) + ("." if why_bits else "")
    if smallest < CLAIM_SMALL and smallest in torch_bw:
        # At the smallest size the matrix work is negligible: what is left is per-call cost.
        context += (
            f" At d={smallest} a torch autograd gradient still takes "
            f"{format_time(_med(torch_bw[smallest]))} against NumPy's "
            f"{format_time(_med(np_ref[smallest]))}: a fixed cost per call (graph recording, "
            "backward's engine, several small kernels) that d=100 does not amortise."
        )
    context += f" {env_summary(result, 'numpy')} vs {env_summary(result, 'torch')}, {dtype}."
    load = _load_note(result)
    answer = verdict(CLAIMS, result, extra, text, details, (context + " " + load).strip())
    if answer.verdict == "agrees" and load:
        answer = replace(answer, details=(*answer.details, load))
    return answer


def _compiled_backward(result: RunResult, eager: dict[int, CaseResult], dtype: str) -> list[str]:
    """torch.compile around the autograd gradient against eager autograd, at the largest size
    both ran, with its compilation (first call) apart."""
    compiled = _s(result, "backward (torch.compile)", "torch", dtype)
    common = sorted(set(compiled) & set(eager))
    if not common:
        return []
    d = common[-1]
    r = ratio(compiled[d], eager[d])
    m = compiled[d].measurement
    assert m is not None
    return [
        f"Under torch.compile the autograd gradient takes {format_ratio_with_interval(r)} the "
        f"time of eager autograd at d={d} (backward() breaks the compiled graph; compiling "
        f"cost {format_time(compile_time(m))} on the first call{from_cache(m)})."
    ]


def _autograd_over_numpy(d: int) -> Callable[[RunResult, Mapping[str, Any]], Measured]:
    """The quantity: torch autograd's gradient time over hand-written NumPy's at ``d``, float64
    (float32 in a float32-only run), from blocks taken side by side."""

    def measure(result: RunResult, extra: Mapping[str, Any]) -> Measured:
        for dtype in ("float64", "float32"):
            num = _s(result, "backward", "torch", dtype)
            den = _s(result, "manual", "numpy", dtype)
            if d in num and d in den:
                return ratio(num[d], den[d])
        return f"torch autograd and hand-written NumPy were not both measured at {_obs(d)}"

    return measure


#: The claim as data: "within 2x" at 1,000 observations, "close" (read as within 1.3x) at 10,000.
CLAIMS = (
    Claim(
        f"torch autograd time / hand-written NumPy time at {_obs(CLAIM_SMALL)}",
        0.0,
        WITHIN,
        _autograd_over_numpy(CLAIM_SMALL),
        says="within 2x",
    ),
    Claim(
        f"torch autograd time / hand-written NumPy time at {_obs(CLAIM_LARGE)}",
        0.0,
        CLOSE,
        _autograd_over_numpy(CLAIM_LARGE),
        says="close to it",
    ),
)


def _load_note(result: RunResult) -> str:
    """A warning when other processes shared the cores during the run, or ''."""
    env = result.env
    cores = env.get("usable_cores") or env.get("cores")
    loads = [
        float(v[0])
        for v in (env.get("load_average"), env.get("load_average_after"))
        if isinstance(v, list | tuple) and v
    ]
    if not cores or not loads or max(loads) < 0.5 * float(cores):
        return ""
    # Multithreaded BLAS suffers most: its threads wait for each other at every barrier, and one
    # descheduled thread stalls the call, so NumPy (OpenBLAS) and torch (MKL) slow down unequally.
    return (
        f"The machine was busy (load average {max(loads):.1f} on {cores} cores): "
        "multithreaded BLAS calls stall when their threads lose their cores, so repeat on a quiet "
        "machine" + (" or with --threads 1." if env.get("threads_requested") != 1 else ".")
    )


def _table(result: RunResult, dtype: str) -> tuple[str, ...]:
    """One line per size: every impl's median time, and its ratio to hand-written NumPy."""
    rows = (
        ("numpy", "manual", "numpy"),
        ("unparenthesised", "unparenthesised", "numpy"),
        ("torch manual", "manual", "torch"),
        ("torch backward", "backward", "torch"),
        ("HIPS autograd", "grad", "autograd"),
        ("jax.grad", "grad", "jax"),
        ("jit(grad)", "jit(grad)", "jax"),
        ("TF GradientTape", "GradientTape", "tensorflow"),
        ("PyTensor grad", "grad", "pytensor"),
        ("CuPy manual", "manual", "cupy"),
    )
    out = []
    for dt in (dtype, "float32" if dtype == "float64" else "float64"):
        ref = _s(result, "manual", "numpy", dt)
        if not ref:
            continue
        data = {name: _s(result, impl, backend, dt) for name, impl, backend in rows}
        for d in sorted(ref):
            cells = []
            for name, _, _ in rows:
                s = data[name]
                if d not in s:
                    continue
                cell = f"{name} {format_time(_med(s[d]))}"
                if name != "numpy":
                    cell += f" ({format_ratio(_med(s[d]) / _med(ref[d]))})"
                cells.append(cell)
            out.append(f"{dt} d={d}: " + ", ".join(cells))
    return tuple(out)


EXPERIMENT = Experiment(
    name="gradients",
    title="Gradient cost: NumPy vs PyTorch vs autograd",
    question="What does a gradient cost: hand-written NumPy, PyTorch autograd, HIPS autograd, "
    "JAX, TensorFlow or PyTensor?",
    claim="PyTorch's autograd gradient of a least-squares loss is within 2x of a hand-written "
    "NumPy gradient at 1,000 observations and close to it at 10,000.",
    workloads=[gradients],
    answer=answer,
    claims=CLAIMS,
)
