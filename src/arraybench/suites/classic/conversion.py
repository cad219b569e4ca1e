"""Converting between PyTorch, NumPy, JAX and TensorFlow: which conversions copy, and what each
costs.

Question: "Converting to NumPy". The published claim: ``tensor.numpy()`` on a CPU tensor and
``torch.from_numpy(array)`` are free, because the result shares memory with the source (a write
through one shows in the other), while ``torch.tensor(array)`` and ``.clone()`` copy; JAX arrays
reach NumPy (``np.asarray``) and PyTorch (DLPack) without a copy on the CPU.

A second published claim, about TensorFlow: converting a tensor to NumPy was reported "over 1000x
slower" than PyTorch for a 1000x1000 array under TensorFlow's static graph (and revisited for eager
mode). TensorFlow 2 has no session to fetch from by default: its graph is ``tf.function``. So the
graph case here is ``tf.function(tf.identity)(t).numpy()``: the tensor goes through a graph call
and its output is brought to NumPy, which is what reading a result out of TF's graph costs today
(the call's fixed cost plus ``.numpy()``, which copies). TF 1's ``Session.run`` is not timed: it
is TF 2's compatibility layer, not how a TF 2 user converts. Eager mode has two ways:
``t.numpy()``, documented to copy (TF tensors are immutable), and ``np.asarray(t)``, a read-only
view of the tensor's buffer. The claim is read as "the graph conversion's time over torch's
``.numpy()`` is above 1000".

Every conversion is timed on a 1000x1000 float32 array prepared in the source library outside the
clock. Whether it shares memory is checked, not assumed: :func:`sharing` performs each conversion
once and compares data pointers (and writes through one side where the library allows it). A copy
is reported in GB/s; a zero-copy conversion as its fixed cost, since no bytes move.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from arraybench.analysis.claims import Answer, Claim, Measured, fact
from arraybench.base.units import format_ratio_with_interval, format_time
from arraybench.config import RunConfig
from arraybench.measure.plausible import implausible
from arraybench.results import CaseResult, RunResult
from arraybench.suites.experiment import UNTESTED, Experiment, env_summary, ratio, series, verdict
from arraybench.workload import Workload

#: 10^6 elements = 1000x1000 float32, 4 MB: above the per-call costs, inside a last-level cache.
SIZE = 1_000_000
#: A conversion the claim calls free must cost less than this share of a NumPy copy of the array
#: (a zero-copy conversion still pays a fixed cost of a few µs: wrapping, DLPack capsules).
FREE_SHARE = 0.5
#: A torch copy this many times slower than NumPy's is not memory bandwidth: torch splits a copy
#: over its intra-op threads, and on a busy machine they wait for each other.
SLOW_COPY = 10.0

conversion = Workload(
    "conversion",
    sizes=(SIZE,),
    quick_sizes=(SIZE,),
    description="convert a 1000x1000 array between torch, NumPy, JAX and TensorFlow",
    # No bytes declared: a zero-copy conversion moves none and a copy moves the array, and which
    # one a conversion is is checked at run time (sharing), so the answer computes the copies'
    # GB/s itself, and checks them against what the machine can move.
    dtypes=("float32",),
)

#: Bytes of the array each conversion converts (1000x1000 float32).
ARRAY_BYTES = SIZE * 4


@conversion.inputs
def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
    x = rng.uniform(-1.0, 1.0, n)
    side = math.isqrt(n)
    return {"x": x.reshape(side, side) if side * side == n else x}


@conversion.impl("numpy", label="numpy copy", reference=True)
def numpy_copy(x: np.ndarray) -> np.ndarray:
    """A plain copy of the array: the memory-bandwidth yardstick the copying conversions meet."""
    return x.copy()


# -- torch -> NumPy (input: a torch tensor) --------------------------------------------------------


def _host(t: Any) -> Any:
    # .numpy() works on CPU tensors only; from a GPU it is a device-to-host copy, never a view.
    return t if t.device.type == "cpu" else t.cpu()


@conversion.impl("torch", label=".numpy()")
def torch_numpy(x: Any) -> np.ndarray:
    return _host(x).numpy()  # type: ignore[no-any-return]


@conversion.impl("torch", label=".numpy().copy()")
def torch_numpy_copy(x: Any) -> np.ndarray:
    return _host(x).numpy().copy()  # type: ignore[no-any-return]


@conversion.impl("torch", label=".clone().numpy()")
def torch_clone_numpy(x: Any) -> np.ndarray:
    return _host(x.clone()).numpy()  # type: ignore[no-any-return]


# -- NumPy -> torch (input: a NumPy array) ---------------------------------------------------------


def _to(t: Any, device: str) -> Any:
    # On the CPU the tensor is returned as is, so a view is timed as a view.
    return t if device == "cpu" else t.to(device)


@conversion.impl("torch", label="torch.from_numpy", inputs="numpy")
def from_numpy(x: np.ndarray, device: str) -> Any:
    import torch

    return _to(torch.from_numpy(x), device)


@conversion.impl("torch", label="torch.as_tensor", inputs="numpy")
def as_tensor(x: np.ndarray, device: str) -> Any:
    import torch

    return torch.as_tensor(x, device=device)


@conversion.impl("torch", label="torch.tensor", inputs="numpy")
def tensor(x: np.ndarray, device: str) -> Any:
    import torch

    return torch.tensor(x, device=device)


# -- JAX -> NumPy and JAX -> torch (input: a JAX array) --------------------------------------------


@conversion.impl("jax", label="np.asarray(jax)")
def jax_to_numpy(x: Any) -> np.ndarray:
    return np.asarray(x)


@conversion.impl("torch", label="torch.from_dlpack(jax)", inputs="jax")
def jax_to_torch(x: Any, device: str) -> Any:
    import torch

    return _to(torch.from_dlpack(x), device)


# -- TensorFlow -> NumPy (input: a TF tensor, eager) -----------------------------------------------


@conversion.impl("tensorflow", label="tf .numpy()")
def tf_numpy(x: Any) -> np.ndarray:
    return x.numpy()  # type: ignore[no-any-return]


@conversion.impl("tensorflow", label="np.asarray(tf)")
def tf_asarray(x: Any) -> np.ndarray:
    return np.asarray(x)


@conversion.impl("tensorflow", label="tf.function → .numpy()")
def tf_graph_numpy(x: Any) -> np.ndarray:
    """The tensor through a graph (one tf.function call, traced in the first call) to NumPy."""
    return _tf_identity()(x).numpy()  # type: ignore[no-any-return]


def _tf_identity() -> Any:
    # Built once, as a user holds a tf.function: its trace cache lives on the object.
    fn = _TF.get("identity")
    if fn is None:
        import tensorflow as tf

        fn = _TF["identity"] = tf.function(tf.identity)
    return fn


_TF: dict[str, Any] = {}


# -- eager TensorFlow on length-N arrays -----------------------------------------------------------
# The TensorFlow claim was revisited for eager mode on vectors up to 10 million elements: the same
# conversions over N = 1e3 ... 1e7 show which part is a fixed cost and which grows with the array
# (a copy), beside torch's .numpy() (a view at every N).

#: Vector lengths of the eager sweep (1e7 float32 = 40 MB, beyond the last-level cache).
VECTOR_SIZES = (1_000, 10_000, 100_000, 1_000_000, 10_000_000)

conversion_n = Workload(
    "conversion_n",
    sizes=VECTOR_SIZES,
    quick_sizes=(1_000, 100_000, 10_000_000),
    description="TensorFlow and torch tensors of length N to NumPy, eager, N up to 1e7",
    dtypes=("float32",),
)


@conversion_n.inputs
def make_vector(n: int, rng: np.random.Generator) -> dict[str, Any]:
    return {"x": rng.uniform(-1.0, 1.0, n)}


conversion_n.impl("numpy", label="numpy copy", reference=True)(numpy_copy)
conversion_n.impl("torch", label=".numpy()")(torch_numpy)
conversion_n.impl("tensorflow", label="tf .numpy()")(tf_numpy)
conversion_n.impl("tensorflow", label="np.asarray(tf)")(tf_asarray)
conversion_n.impl("tensorflow", label="tf.function → .numpy()")(tf_graph_numpy)


#: What the claim expects of each conversion: True shares memory, False copies.
EXPECTED: dict[str, bool] = {
    ".numpy()": True,
    ".numpy().copy()": False,
    ".clone().numpy()": False,
    "torch.from_numpy": True,
    "torch.as_tensor": True,
    "torch.tensor": False,
    "np.asarray(jax)": True,
    "torch.from_dlpack(jax)": True,
}


#: What TensorFlow documents of its conversions (no published claim is tested on these):
#: ``.numpy()`` copies (tensors are immutable), ``np.asarray`` is a read-only view, and a graph's
#: output reaches NumPy through ``.numpy()``.
TENSORFLOW: dict[str, bool] = {
    "tf .numpy()": False,
    "np.asarray(tf)": True,
    "tf.function → .numpy()": False,
}
#: The published claim: the graph conversion over torch's ``.numpy()``, "over 1000x slower".
TF_GRAPH, TF_SLOWER = "tf.function → .numpy()", 1000.0

#: The backend each conversion's case runs on.
BACKEND: dict[str, str] = {
    "numpy copy": "numpy",
    "np.asarray(jax)": "jax",
    **dict.fromkeys(TENSORFLOW, "tensorflow"),
}


# -- the sharing check (extra) ---------------------------------------------------------------------


def _np_ptr(a: np.ndarray) -> int:
    return int(a.__array_interface__["data"][0])


def _check_torch_to_numpy(convert: Callable[[Any], np.ndarray]) -> dict[str, Any]:
    import torch

    src = torch.arange(SIZE, dtype=torch.float32).reshape(1000, 1000)
    out = convert(src)
    same = src.data_ptr() == _np_ptr(out)
    # Write through the result and read through the source: sharing seen, not inferred.
    out[0, 0] = -1.0
    return {
        "shares_memory": same,
        "write_through": bool(src[0, 0].item() == -1.0),
        "how": "tensor.data_ptr() vs __array_interface__ data, then a write through the array",
    }


def _check_numpy_to_torch(convert: Callable[[np.ndarray], Any]) -> dict[str, Any]:
    src = np.arange(SIZE, dtype=np.float32).reshape(1000, 1000)
    out = convert(src)
    same = out.data_ptr() == _np_ptr(src)
    out[0, 0] = -1.0
    return {
        "shares_memory": same,
        "write_through": bool(src[0, 0] == -1.0),
        "how": "__array_interface__ data vs tensor.data_ptr(), then a write through the tensor",
    }


def _check_jax(convert: Callable[[Any], Any]) -> dict[str, Any]:
    import jax

    src = jax.device_put(np.arange(SIZE, dtype=np.float32).reshape(1000, 1000))
    src.block_until_ready()
    out = convert(src)
    ptr = _np_ptr(out) if isinstance(out, np.ndarray) else int(out.data_ptr())
    info: dict[str, Any] = {
        "shares_memory": ptr == src.unsafe_buffer_pointer(),
        # JAX arrays are immutable: writing into a view of one would break that promise, so only
        # pointers are compared here; a NumPy view of a JAX array is marked read-only.
        "how": "jax unsafe_buffer_pointer() vs the result's data pointer",
    }
    if isinstance(out, np.ndarray):
        info["writeable"] = bool(out.flags.writeable)
    return info


def _check_tf(convert: Callable[[Any], np.ndarray]) -> dict[str, Any]:
    import tensorflow as tf

    with tf.device("/CPU:0"):
        src = tf.constant(np.arange(SIZE, dtype=np.float32).reshape(1000, 1000))
    # The tensor's own buffer, through DLPack (TF exports a CPU tensor without copying).
    buffer = _np_ptr(np.from_dlpack(src))
    out = convert(src)
    return {
        "shares_memory": _np_ptr(out) == buffer,
        # TF tensors are immutable: as for JAX, only pointers are compared.
        "how": "the tensor's buffer (via DLPack) vs the result's data pointer",
        "writeable": bool(out.flags.writeable),
    }


def sharing(config: RunConfig) -> dict[str, Any]:
    """Perform each conversion once on the CPU and check whether its result shares memory."""
    checks: list[tuple[str, Callable[[], dict[str, Any]]]] = [
        (".numpy()", lambda: _check_torch_to_numpy(lambda t: t.numpy())),
        (
            ".numpy().copy()",
            lambda: _check_torch_to_numpy(lambda t: t.numpy().copy()),
        ),
        (
            ".clone().numpy()",
            lambda: _check_torch_to_numpy(lambda t: t.clone().numpy()),
        ),
        ("torch.from_numpy", lambda: _check_numpy_to_torch(_torch("from_numpy"))),
        ("torch.as_tensor", lambda: _check_numpy_to_torch(_torch("as_tensor"))),
        ("torch.tensor", lambda: _check_numpy_to_torch(_torch("tensor"))),
        ("np.asarray(jax)", lambda: _check_jax(np.asarray)),
        (
            "torch.from_dlpack(jax)",
            lambda: _check_jax(_torch("from_dlpack")),
        ),
        ("tf .numpy()", lambda: _check_tf(lambda t: t.numpy())),
        ("np.asarray(tf)", lambda: _check_tf(np.asarray)),
        (TF_GRAPH, lambda: _check_tf(lambda t: _tf_identity()(t).numpy())),
    ]
    out: dict[str, Any] = {}
    for label, check in checks:
        try:
            out[label] = check()
        except ImportError as e:
            out[label] = {"error": f"{e.name or 'a library'} is not installed"}
        except Exception as e:  # a conversion that fails is a finding, not a crash
            out[label] = {"error": f"{type(e).__name__}: {e}"}
    return {"size": SIZE, "dtype": "float32", "device": "cpu", "conversions": out}


def _torch(name: str) -> Callable[[Any], Any]:
    """``torch.<name>``, imported only when the check runs."""

    def call(x: Any) -> Any:
        import torch

        return getattr(torch, name)(x)

    return call


# -- the answer ------------------------------------------------------------------------------------


def _med(c: CaseResult) -> float:
    assert c.measurement is not None
    return c.measurement.median


def _case(result: RunResult, label: str) -> CaseResult | None:
    backend = BACKEND.get(label, "torch")
    s = series(
        result, workload="conversion", impl=label, backend=backend, dtype="float32", device="cpu"
    )
    return s[max(s)] if s else None


def _gbs(c: CaseResult) -> str:
    return f", {ARRAY_BYTES / _med(c) / 1e9:.1f} GB/s"


def _threads(result: RunResult) -> int:
    n = result.config.get("threads")
    return int(n) if isinstance(n, int) else int(result.env.get("usable_cores") or 1)


def _impossible_copy(result: RunResult, c: CaseResult) -> str | None:
    """Why a conversion that copies cannot have taken so little time (a result cached after the
    first call: the timed calls did not copy), or None."""
    return implausible(replace(c, bytes=float(ARRAY_BYTES)), _threads(result))


def answer(result: RunResult, extra: Mapping[str, Any]) -> Answer:
    """For each conversion: shared or copied (checked), its time, and GB/s for the copies."""
    checks: Mapping[str, Any] = extra.get("conversions", {}) if extra else {}
    base = _case(result, "numpy copy")
    details: list[str] = []
    if base is not None:
        details.append(f"numpy copy (yardstick): {format_time(_med(base))}{_gbs(base)}")
    shared_txt, copied_txt, cached = [], [], []
    times: dict[str, list[tuple[str, float]]] = {"shared": [], "copied": []}
    for label in (*EXPECTED, *TENSORFLOW):
        c = _case(result, label)
        check = checks.get(label, {})
        shared = check.get("shares_memory")
        if c is None or shared is None:
            why = check.get("error") or "the case did not run"
            details.append(f"{label}: not measured ({why})")
            continue
        first = c.measurement.first_call if c.measurement is not None else math.nan
        if shared:
            line = f"{label}: zero-copy (shared memory), {format_time(_med(c))} of fixed cost"
            shared_txt.append(f"{label} {format_time(_med(c))}")
            times["shared"].append((label, _med(c)))
        else:
            impossible = _impossible_copy(result, c)
            if impossible:
                line = f"{label}: copies, but {format_time(_med(c))} is too fast: {impossible}"
                cached.append(label)
            else:
                line = f"{label}: copies, {format_time(_med(c))}{_gbs(c)}"
                copied_txt.append(f"{label} {format_time(_med(c))}{_gbs(c)}")
                times["copied"].append((label, _med(c)))
        if "write_through" in check:
            shows = "shows" if check["write_through"] else "does not show"
            line += f"; a write through one side {shows} in the other"
        if "writeable" in check:
            line += f"; the result is {'writeable' if check['writeable'] else 'read-only'}"
        if math.isfinite(first) and first > 2 * _med(c):
            line += f"; first call {format_time(first)}"
        details.append(line)

    if not shared_txt and not copied_txt and not cached:
        return Answer(
            "no conversion case ran with its sharing check (torch, JAX and TensorFlow missing?)",
            UNTESTED,
            details=tuple(details),
        )
    size = "1000x1000 float32 (4 MB)"
    text = f"On {size}: "
    if shared_txt:
        text += "zero-copy (shared memory, checked by data pointers): " + ", ".join(shared_txt)
        text += " of fixed cost"
    if copied_txt:
        text += ("; " if shared_txt else "") + "copies: " + ", ".join(copied_txt)
    if cached:
        text += (
            f"; {', '.join(cached)} copied once and then returned a kept copy (too fast for any "
            "memory to move the array), so its time is not a conversion's"
        )
    if base is not None:
        text += f" (a NumPy copy takes {format_time(_med(base))}{_gbs(base)})"
    text += "."
    slow = _slow_torch_copies(result, base)
    if slow:
        text += " " + slow
    tf_text = _tensorflow(result)
    if tf_text:
        text += " " + tf_text
    sweep = _eager_sweep(result)
    if sweep:
        text += " " + sweep
    context = "; ".join(env_summary(result, b) for b in ("torch", "jax", "tensorflow"))
    headline = _headline(times, None if base is None else _med(base))
    return verdict(CLAIMS, result, extra, text, details, context, headline)


def _tensorflow(result: RunResult) -> str:
    """TensorFlow's figures against torch's ``.numpy()``: the graph conversion the claim is about,
    and eager ``.numpy()`` (a copy, where torch's is a view), or ''."""
    torch_numpy = _case(result, ".numpy()")
    ran = [(label, c) for label in TENSORFLOW if (c := _case(result, label)) is not None]
    if not ran:
        return ""
    parts = []
    for label, c in ran:
        part = f"{label} {format_time(_med(c))}"
        if torch_numpy is not None:
            part += f" ({format_ratio_with_interval(ratio(c, torch_numpy))} torch's .numpy())"
        parts.append(part)
    return (
        "TensorFlow to NumPy: "
        + ", ".join(parts)
        + (
            f"; torch's .numpy() takes {format_time(_med(torch_numpy))}"
            if torch_numpy is not None
            else ""
        )
        + ". TF's .numpy() copies the tensor (TF tensors are immutable); np.asarray(tf) is a "
        "read-only view."
    )


def _eager_sweep(result: RunResult) -> str:
    """The length-N sweep: each TF conversion at the smallest and largest N against torch's
    ``.numpy()`` there, with the ratio's interval, or ''."""
    torch_s = series(result, workload="conversion_n", impl=".numpy()", backend="torch")
    parts = []
    for label in TENSORFLOW:
        s = series(result, workload="conversion_n", impl=label, backend="tensorflow")
        common = sorted(set(s) & set(torch_s))
        if not common:
            continue
        ends = []
        for n in dict.fromkeys((common[0], common[-1])):
            ends.append(
                f"{format_time(_med(s[n]))} at N={n:,} "
                f"({format_ratio_with_interval(ratio(s[n], torch_s[n]))})"
            )
        parts.append(f"{label} {' and '.join(ends)}")
    if not parts:
        return ""
    return (
        "On vectors of length N, eager (in brackets, how many times torch's .numpy() at that N): "
        + "; ".join(parts)
        + "."
    )


def _tf_over_torch(result: RunResult, extra: Mapping[str, Any]) -> Measured:
    """The quantity: the TF graph conversion's time over torch's ``.numpy()``."""
    c, base = _case(result, TF_GRAPH), _case(result, ".numpy()")
    if c is None or base is None:
        return f"{TF_GRAPH if c is None else 'torch .numpy()'} did not run"
    return ratio(c, base)


def _tf_in_run(result: RunResult) -> str | None:
    """None when TensorFlow was installed and in the run; else why the TF claim does not apply
    (so a run without TensorFlow still gets a verdict on the torch and JAX claims)."""
    info = result.env.get("backends", {}).get("tensorflow")
    if not info:
        return "TensorFlow was not in this run"
    if info.get("available") is False:
        return str(info.get("reason") or "TensorFlow is not installed")
    return None


def _headline(times: Mapping[str, list[tuple[str, float]]], base: float | None) -> str:
    """ "Zero-copy conversions (...) cost 0.6–5 µs; copies (...) cost 308–384 µs, like a NumPy
    copy (335 µs).": the answer in one sentence."""
    parts = []
    for kind, what in (("shared", "zero-copy conversions"), ("copied", "copies")):
        found = times.get(kind) or []
        if not found:
            continue
        lo, hi = min(t for _, t in found), max(t for _, t in found)
        span = format_time(lo) if lo == hi else f"{format_time(lo)}–{format_time(hi)}"
        names = ", ".join(label for label, _ in found)
        parts.append(f"{what} ({names}) take {span}")
    if not parts:
        return ""
    text = "On 1000x1000 float32, " + "; ".join(parts)
    if times.get("copied") and base is not None:
        text += f", about a NumPy copy ({format_time(base)})"
    return text + "."


def _shares(label: str) -> Callable[[RunResult, Mapping[str, Any]], Measured]:
    """The quantity: whether the conversion's result shares memory with its source (checked)."""

    def measure(result: RunResult, extra: Mapping[str, Any]) -> Measured:
        check = (extra or {}).get("conversions", {}).get(label, {})
        if check.get("shares_memory") is None:
            return check.get("error") or "its sharing was not checked"
        return fact(bool(check["shares_memory"]))

    return measure


def _vs_copy(label: str) -> Callable[[RunResult, Mapping[str, Any]], Measured]:
    """The quantity: the conversion's time over a NumPy copy of the same array."""

    def measure(result: RunResult, extra: Mapping[str, Any]) -> Measured:
        c, base = _case(result, label), _case(result, "numpy copy")
        if c is None or base is None:
            return f"{label if c is None else 'the NumPy copy'} did not run"
        return ratio(c, base)

    return measure


#: The claim as data: which conversions share memory, which copy, and that the sharing ones are
#: free ("free" read as under half a NumPy copy of the array: a zero-copy conversion still pays
#: a fixed cost of a few µs for wrapping and DLPack capsules).
CLAIMS = (
    *(
        Claim(
            f"{label} shares memory with its source",
            float(expected),
            float(expected),
            _shares(label),
            says="shares memory" if expected else "copies",
        )
        for label, expected in EXPECTED.items()
    ),
    *(
        Claim(
            f"{label} time / a NumPy copy's time",
            0.0,
            FREE_SHARE,
            _vs_copy(label),
            says="free",
        )
        for label, expected in EXPECTED.items()
        if expected
    ),
    Claim(
        f"TensorFlow {TF_GRAPH} time / torch .numpy() time",
        TF_SLOWER,
        math.inf,
        _tf_over_torch,
        says="over 1000x slower",
        applies=_tf_in_run,
    ),
)


def _slow_torch_copies(result: RunResult, base: CaseResult | None) -> str:
    """A note when torch's copies are far slower than NumPy's (thread contention, not memory)."""
    if base is None:
        return ""
    slow = []
    for label in (".clone().numpy()", "torch.tensor"):
        c = _case(result, label)
        if c is not None and _med(c) > SLOW_COPY * _med(base):
            slow.append(f"{label} {_med(c) / _med(base):.0f}x")
    if not slow:
        return ""
    threads = result.env.get("backends", {}).get("torch", {}).get("threads", "?")
    load = result.env.get("load_average")
    busy = f", load average {load[0]:.1f}" if isinstance(load, list | tuple) and load else ""
    return (
        f"torch's copies are slower than NumPy's ({', '.join(slow)}): torch splits a copy over "
        f"its {threads} intra-op threads, which stall when the cores are busy{busy}; "
        "compare with --threads 1."
    )


EXPERIMENT = Experiment(
    name="conversion",
    title="Converting between PyTorch, NumPy, JAX and TensorFlow: views and copies",
    question="Converting to NumPy: is it free, and does the result share memory?",
    claim="tensor.numpy() and torch.from_numpy() are free on the CPU because the result shares "
    "memory with the source; torch.tensor() and .clone() copy; JAX arrays reach NumPy "
    "(np.asarray) and PyTorch (DLPack) without a copy on the CPU. And: converting a "
    "TensorFlow tensor to NumPy under TF's graph is over 1000x slower than PyTorch's .numpy() "
    "(1000x1000).",
    workloads=[conversion, conversion_n],
    answer=answer,
    extra=sharing,
    claims=CLAIMS,
)
