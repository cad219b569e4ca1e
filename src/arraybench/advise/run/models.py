"""What rewrites would cost, measured in this process after the run: per-call costs of the
libraries (:class:`Costs`), and a torch model's dtype and autograd, on the model itself.

A model that runs in float64 (AB401) or records autograd graphs it never uses (AB402) costs a
share of its calls that depends on the model and the machine: a wide matrix product in float64
takes about twice its float32 time on a CPU, a tiny network mostly pays Python and autograd
bookkeeping. So rather than guess, ``profile`` keeps the models the sampler saw and, once the
program has ended, calls each again on random inputs of the shape it saw, in turns: float64
against a float32 copy (under ``no_grad`` both), and with autograd on against ``no_grad``. The
program's own model is called, but the program is over: nothing it computed can change.
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import math
import statistics
import sys
import time
import timeit
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .values import Fact

#: Paired calls of each variant at most, and the seconds a measurement may take by default
#: (profile gives it a quarter of the program's time, within 0.5-3 s: the overhead stays
#: within the 3x of the program's own time it is allowed).
PAIRS = 7
BUDGET_S = 3.0
#: Inputs larger than this (elements) are not made again for a measurement.
MAX_ELEMENTS = 50_000_000


def _time(fn: Callable[[], Any], sync: Callable[[], None]) -> float:
    t0 = time.perf_counter()
    fn()
    sync()
    return time.perf_counter() - t0


def _ratios(
    slow: Callable[[], Any],
    fast: Callable[[], Any],
    sync: Callable[[], None],
    budget: float,
    trim: bool = False,
    before: Callable[[], Any] | None = None,
) -> tuple[float, float, float] | None:
    """Median and range of slow/fast over paired calls (a warm-up of each first), as many
    pairs as ``budget`` seconds hold (3 to PAIRS); None when 3 pairs would take far longer.
    With ``trim``, the range leaves out the lowest and highest pair where there are 5 or more
    (a pair that another process interrupted). ``before`` runs before each timed call, outside
    its time (and takes the place of the untimed call below).

    Each timed call follows an untimed call of the same side: the user's loop runs one side
    again and again, and the memory allocator then reuses its blocks, where a call after the
    other side's (temporaries of another size, freed back to the system) pays a page fault on
    every page it touches (np_float64_wave's step on 512x512: 15x slower in float64 run on
    its own, 1.6x when the two sides alternate)."""

    def _timed(fn: Callable[[], Any], sync: Callable[[], None]) -> float:
        if before is not None:
            before()  # (fresh memory asked for: no untimed call first)
        else:
            fn()
            sync()
        return _time(fn, sync)

    per_pair = _timed(slow, sync) + _timed(fast, sync)
    if 3 * per_pair > 4 * budget:
        return None
    # (each timed call has its untimed one before it: a pair costs twice its timed calls)
    cost = per_pair if before is not None else 2 * per_pair
    pairs = int(min(PAIRS, max(3, budget / max(cost, 1e-9))))
    ratios: list[float] = []
    for _ in range(pairs):
        a = _timed(slow, sync)
        b = _timed(fast, sync)
        if b > 0:
            ratios.append(a / b)
    if len(ratios) < 3:
        return None
    mid = statistics.median(ratios)
    if trim and len(ratios) >= 5:
        ratios = sorted(ratios)[1:-1]
    return mid, min(ratios), max(ratios)


def _setup(model: Any, shape: tuple[int, ...], dtype: str) -> tuple[Any, Any, Callable[[], None]]:
    """Random inputs of that shape and dtype on the model's device: normal numbers, or for an
    integer dtype ids below the size of the model's first embedding (token ids)."""
    torch = sys.modules["torch"]
    p = next(iter(model.parameters()))
    if not shape or math.prod(shape) > MAX_ELEMENTS:
        raise ValueError("input too large to make again")
    kind = getattr(torch, dtype)
    if dtype.startswith(("int", "uint")):
        sizes = [m.num_embeddings for m in model.modules() if hasattr(m, "num_embeddings")]
        x = torch.randint(0, sizes[0] if sizes else 2, shape, dtype=kind, device=p.device)
    else:
        x = torch.randn(*shape, dtype=kind, device=p.device)
    sync = torch.cuda.synchronize if p.device.type == "cuda" else (lambda: None)
    return torch, x, sync


def float32_speedup(
    model: Any, shape: tuple[int, ...], budget: float = BUDGET_S
) -> tuple[float, float, float] | None:
    """How many times faster a float32 copy of the float64 model runs on an input of this shape:
    (median, low, high) over paired calls; None when it cannot be measured."""
    try:
        torch, x, sync = _setup(model, shape, "float64")
        m32 = copy.deepcopy(model).float()
        x32 = x.float()
        with torch.no_grad():
            return _ratios(lambda: model(x), lambda: m32(x32), sync, budget)
    except Exception:
        return None


def batch_times(
    model: Any, one: tuple[int, ...], n: int, budget: float = BUDGET_S, given: str = ""
) -> tuple[float, float] | None:
    """Seconds a call of the model takes on a batch of one (``one``: its input's shape, the
    first axis 1) and on a batch of ``n`` of them, under ``torch.no_grad()``, timed after the
    run on random inputs: what a loop of one call per sample costs against one call on them
    all. ``given``: the input's dtype as seen, where it is an integer one (token ids: random
    ids below the model's first embedding's size). None when it cannot be measured."""
    try:
        p = next(iter(model.parameters()))
        ids = given.startswith(("int", "uint"))
        dtype = given if ids else str(p.dtype).removeprefix("torch.")
        torch, x1, sync = _setup(model, one, dtype)
        _, xn, _ = _setup(model, (n, *one[1:]), dtype)
        with torch.no_grad():
            t1 = per_call_times(lambda: model(x1), sync, budget / 2)
            tn = per_call_times(lambda: model(xn), sync, budget / 2)
        if not t1 or not tn:
            return None
        return statistics.median(t1), statistics.median(tn)
    except Exception:
        return None


#: At most this many calls in a row for a model whose output is fed back as its input
#: (``state = model(state)``): with autograd on, each call extends one graph that keeps all the
#: earlier calls' activations alive, so each call's activations take memory the process has
#: not used before (the program's cost), where a graph freed each call reuses its memory. Timed
#: again in this process, the freed chains' memory is reused unless the heap is given back
#: first (:func:`_heap_release`): a 6,000-step rollout ran 1.9x as fast under no_grad in fresh
#: processes, 1.3x timed 1,000 steps at a time here, 1.9x with the heap given back before each.
#: (Timed whole, the 6,000 steps took the profile to 2.4x its run.)
CHAIN_MAX = 1_000


def _heap_release() -> Callable[[], Any] | None:
    """glibc's ``malloc_trim(0)``: the heap's free memory given back to the system, so that the
    next call's allocations take fresh pages as the program's did; None elsewhere."""
    try:
        import ctypes
        import ctypes.util

        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    return lambda: trim(0)


def no_grad_speedup(
    model: Any, shape: tuple[int, ...], dtype: str, chain: int = 1, budget: float = BUDGET_S
) -> tuple[float, float, float] | None:
    """How many times faster the model runs under ``torch.no_grad()`` than with autograd on;
    ``chain``: that many calls in a row, each fed the last one's output, as the program does
    (the graph and the activations it keeps grow with it)."""
    try:
        torch, x, sync = _setup(model, shape, dtype)
        calls = max(1, min(chain, CHAIN_MAX))

        def run() -> None:
            # the chain's graph is freed inside the timing, as the program pays for it too
            y = x
            for _ in range(calls):
                y = model(y)

        def with_grad() -> Any:
            with torch.enable_grad():
                return run()

        def without() -> Any:
            with torch.no_grad():
                return run()

        # a chain's graph keeps taking memory the program had not used; one call's is freed
        before = _heap_release() if calls > 1 and x.device.type == "cpu" else None
        return _ratios(with_grad, without, sync, budget, before=before)
    except Exception:
        return None


def refactor_speedup(
    n: int, rhs: tuple[int, ...], solver: str, budget: float = BUDGET_S
) -> tuple[float, float, float] | None:
    """How many times faster a system with an n x n matrix is solved from a factorization made
    once (``lu_solve``; ``inv(A) @ b`` where SciPy is missing) than factored each time
    (``solve``), on random data of the shapes seen."""
    try:
        import numpy as np

        rng = np.random.default_rng(0)
        a = rng.standard_normal((n, n)) + n * np.eye(n)
        b = rng.standard_normal(rhs or (n,))
        try:
            import scipy.linalg as sla  # type: ignore[import-untyped]

            factors = sla.lu_factor(a)

            def once() -> Any:
                return sla.lu_solve(factors, b)

            def each() -> Any:
                return sla.solve(a, b) if solver == "solve" else sla.inv(a) @ b

        except ImportError:
            inv = np.linalg.inv(a)

            def once() -> Any:
                return inv @ b

            def each() -> Any:
                return np.linalg.solve(a, b) if solver == "solve" else np.linalg.inv(a) @ b

        return _ratios(each, once, lambda: None, budget)
    except Exception:
        return None


#: The complex dtype of a float dtype's precision.
COMPLEX_OF = {"float32": "complex64", "float64": "complex128"}

#: The dtypes of float64 work: a float64 array, or a complex128 one (a spectrum).
WIDE = ("float64", "complex128")


def _input(fact: Fact, dtype: str, rng: Any) -> Any:
    """A value like the one seen (same library, shape and kind) in ``dtype`` where it is a
    float array or number; positive (0.5-1.5), so that logs and roots stay defined."""
    from .values import ARRAY, SCALAR, TENSOR

    if fact.kind in (ARRAY, TENSOR) and fact.size > MAX_ELEMENTS:
        raise ValueError("input too large to make again")
    # (a numpy.float64 is a Python float too: its fact may carry its type only)
    seen = fact.dtype or (
        fact.type.removeprefix("numpy.") if fact.type.startswith("numpy.") else ""
    )
    floating = seen in ("float32", "float64")
    # (a complex array in the float64 work, a spectrum: complex128 is float64's, complex64
    # float32's; its real and imaginary parts both 0.5-1.5)
    complex_ = seen in ("complex64", "complex128")
    want = (dtype or seen) if floating else COMPLEX_OF.get(dtype, seen) if complex_ else seen
    if fact.type == "torch.Tensor":
        torch = sys.modules["torch"]
        if floating or complex_:
            return torch.rand(fact.shape, dtype=getattr(torch, want), device=fact.device) + (
                0.5 + 0.5j if complex_ else 0.5
            )
        return torch.zeros(fact.shape, dtype=getattr(torch, want), device=fact.device)
    np = sys.modules["numpy"]
    if fact.kind == ARRAY and fact.type == "numpy.ndarray":
        if complex_:
            parts = rng.uniform(0.5, 1.5, (2, *fact.shape))
            return (parts[0] + 1j * parts[1]).astype(want)
        if floating:
            return rng.uniform(0.5, 1.5, fact.shape).astype(want)
        return np.zeros(fact.shape, dtype=want)
    if fact.kind == SCALAR:
        if fact.type.startswith("numpy.") and want:
            return np.dtype(want).type(0.75)
        if fact.type == "float":
            return 0.75
        if fact.type == "int":
            return fact.value if fact.value is not None else 3
    raise ValueError(f"cannot make a {fact.type} again")


#: The most a float32 copy of a statement is taken to gain: twice the bytes and slower
#: arithmetic are 2-4x; beyond ~8x the after-run process pays page faults on float64
#: temporaries that the program's own heap reuses (a 400,000-value step read 85x, where the
#: whole program ran 4.3x faster in float32: blind57's battery pack; np_float64_wave 16x
#: for 3.8x).
RATIO_MAX = 8.0


def _capped(r: tuple[float, float, float]) -> tuple[float, float, float]:
    return min(r[0], RATIO_MAX), min(r[1], RATIO_MAX), min(r[2], RATIO_MAX)


def float32_ratio(
    expr: str,
    inputs: dict[str, Fact],
    float64: set[str],
    modules: dict[str, str],
    budget: float = BUDGET_S,
    fast_expr: str = "",
) -> tuple[tuple[float, float, float], str] | None:
    """How many times faster an expression runs with its float64 inputs in float32: the
    line's own expression evaluated on inputs of the shapes seen (``float64`` names made
    float64, the others as seen; then all float32, and ``fast_expr`` for the expression where
    the line asks for a float64 itself), or, where it cannot be evaluated again
    (it calls the user's functions), an elementwise multiply-add on the largest array seen.
    Returns ((median, low, high), what was timed), None when nothing could be timed."""
    arrays = [
        f
        for f in inputs.values()
        if f.shape and f.dtype in ("float32", "float64", *COMPLEX_OF.values())
    ]
    if not arrays:
        return None
    biggest = max(arrays, key=lambda f: f.size)
    try:
        import warnings

        rng = sys.modules["numpy"].random.default_rng(0)
        env = {alias: sys.modules[m] for alias, m in modules.items() if m in sys.modules}
        slow_env, fast_env = dict(env), dict(env)
        for name, fact in inputs.items():
            slow_env[name] = _input(fact, "float64" if name in float64 else fact.dtype, rng)
            fast_env[name] = _input(fact, "float32", rng)
        code = compile(expr, "<arraybench>", "eval")
        fast = compile(fast_expr, "<arraybench>", "eval") if fast_expr else code
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = eval(code, slow_env)
            if getattr(out, "dtype", None) is None or not any(w in str(out.dtype) for w in WIDE):
                raise ValueError("the expression does not give float64 again")
            narrowed = str(getattr(eval(fast, fast_env), "dtype", "float64"))
            if any(w in narrowed for w in WIDE):
                raise ValueError("the rewrite does not give float32")
            sync = _sync_for(biggest)
            r = _ratios(
                lambda: eval(code, slow_env), lambda: eval(fast, fast_env), sync, budget, True
            )
        if r is not None:
            return _capped(r), "this line's expression"
    except Exception:
        pass
    try:
        rng = sys.modules["numpy"].random.default_rng(0)
        a64, b64 = _input(biggest, "float64", rng), _input(biggest, "float64", rng)
        a32, b32 = _input(biggest, "float32", rng), _input(biggest, "float32", rng)
        sync = _sync_for(biggest)
        r = _ratios(lambda: a64 * b64 + a64, lambda: a32 * b32 + a32, sync, budget, True)
        shape = "x".join(str(d) for d in biggest.shape)
        return (_capped(r), f"an elementwise multiply-add on {shape}") if r is not None else None
    except Exception:
        return None


def product_time(
    lib: str, rows: int, k: int, other: tuple[int, ...], dtype: str, budget: float = BUDGET_S
) -> float | None:
    """Seconds one matrix product of ``rows`` rows of ``k`` values with ``other`` (a vector of
    ``k`` values, or a matrix with a side of ``k``) takes in ``lib`` (numpy or torch, on the
    CPU), the median of a few calls on random data: what a loop of one product per row costs
    once it is one product."""
    try:
        if rows * k > MAX_ELEMENTS or math.prod(other) > MAX_ELEMENTS:
            return None
        if lib == "torch":
            torch = sys.modules["torch"]
            dt = getattr(torch, dtype or "float32")
            x = torch.randn(rows, k, dtype=dt)
            o = torch.randn(*other, dtype=dt)
        else:
            import numpy as np

            rng = np.random.default_rng(0)
            x = rng.standard_normal((rows, k)).astype(dtype or "float64")
            o = rng.standard_normal(other).astype(dtype or "float64")
        # W @ x per row is X @ W.T; w @ x per row is X @ w; x @ M per row is X @ M
        w = o.T if len(other) == 2 and other[0] != k else o

        def once() -> Any:
            return x @ w

        def median() -> float:
            once()
            times: list[float] = []
            spent = 0.0
            while len(times) < 3 or (spent < budget and len(times) < 15):
                t = _time(once, lambda: None)
                times.append(t)
                spent += t
                if spent > 4 * budget:
                    break
            return statistics.median(times)

        # the library's threads, and one: on a busy machine a product's threads wait on each
        # other (a 20,000 x 64 product read 12 ms with two threads, 141 us with one), which a
        # rewrite need not pay
        with _one_thread(lib):
            alone = median()
        return min(median(), alone)
    except Exception:
        return None


@contextlib.contextmanager
def _one_thread(lib: str) -> Iterator[None]:
    """The library's matrix products on one thread, for the block."""
    if lib == "torch":
        torch = sys.modules["torch"]
        n = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            yield
        finally:
            torch.set_num_threads(n)
        return
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        yield
        return
    with threadpool_limits(1):
        yield


def _sync_for(fact: Fact) -> Callable[[], None]:
    if fact.type == "torch.Tensor" and fact.device.startswith("cuda"):
        torch = sys.modules["torch"]
        return torch.cuda.synchronize  # type: ignore[no-any-return]
    return lambda: None


@dataclass
class Costs:
    """Per-call costs measured in this process after the run, for the price of a rewrite."""

    numpy_call: float = 1e-6
    torch_call: float | None = None
    #: a jitted JAX call on a small array, waited for: what a step of a Python loop pays
    jax_call: float | None = None
    #: a Python float multiply-add (what a recurrence's step costs on floats, per operation)
    python_op: float = 5e-8
    #: one arithmetic operation on Python floats inside a statement (no call, no loop step
    #: around it): what a statement written on floats pays per operation
    float_op: float = 1e-8
    #: an operation on a short Python list (a comprehension over two floats): what an array
    #: operation of a recurrence's step costs when the step runs on lists
    python_list_op: float = 5e-7
    #: per library (numpy, torch), an item of nested Python lists flattened and converted to
    #: an array (what a whole-array rewrite of a loop over Python data still pays per item: it
    #: walks the data once; a tensor several times NumPy's), measured when first asked for
    items: dict[str, float] = field(default_factory=dict)
    #: an element of a whole-array operation (see :meth:`element`), measured when first asked for
    per_element: float | None = None
    #: compiling one eager JAX operation at a new shape (see :meth:`jax_compile`)
    compile_op: float | None = None

    @classmethod
    def measure(cls) -> Costs:
        out = cls()
        np = sys.modules.get("numpy")
        if np is not None:
            a = np.ones(4)
            out.numpy_call = _per_call(lambda: np.add(a, a))
        torch = sys.modules.get("torch")
        if torch is not None:
            t = torch.ones(4)
            out.torch_call = _per_call(lambda: torch.add(t, t))
        a_, b_, c_ = 1.5, 2.5, 0.5
        out.python_op = _per_call(lambda: a_ * b_ + c_)
        out.float_op = _float_op()
        u, v = [a_, b_], [b_, c_]
        out.python_list_op = _per_call(lambda: [x * y for x, y in zip(u, v, strict=True)])
        jax = sys.modules.get("jax")
        if jax is not None:
            try:
                f = jax.jit(lambda x: x + 1)
                x = jax.numpy.ones(4)
                f(x).block_until_ready()
                out.jax_call = _per_call(lambda: f(x).block_until_ready(), 500)
            except Exception:  # no usable device: nothing to price with
                out.jax_call = None
        return out

    def item(self, facts: Iterable[Fact]) -> float:
        """An item of Python data made an array: into a tensor where the values are torch's."""
        torch = "torch" in sys.modules and any(f.type == "torch.Tensor" for f in facts)
        lib = "torch" if torch else "numpy"
        if lib not in self.items:
            module = sys.modules.get(lib)
            if module is None:
                return 5e-8
            convert = module.tensor if torch else module.array
            rows = [list(range(40)) for _ in range(25)]
            per = _per_call(lambda: convert([x for row in rows for x in row]), 50)
            self.items[lib] = per / 1000
        return self.items[lib]

    def element(self) -> float:
        """Seconds an element of a whole-array operation takes (np.multiply of two 100,000
        element float64 arrays into a third, per element), measured when first asked for."""
        if self.per_element is None:
            np = sys.modules.get("numpy")
            if np is None:
                self.per_element = 1e-9
            else:
                a, b = np.ones(100_000), np.ones(100_000)
                out = np.empty_like(a)
                self.per_element = _per_call(lambda: np.multiply(a, b, out=out), 200) / 100_000
        return self.per_element

    def jax_compile(self) -> float:
        """Seconds JAX takes to compile an eager operation at a shape it has not seen (what a
        whole-array rewrite of a loop over JAX values pays once per operation), measured when
        first asked for: a first call less a second, on a shape of its own."""
        if self.compile_op is None:
            jax = sys.modules.get("jax")
            self.compile_op = 0.0
            if jax is not None:
                try:
                    # a shape no cache holds yet (a persistent compilation cache would
                    # answer a fixed one from the last run)
                    x = jax.numpy.ones(1_000 + (time.perf_counter_ns() // 1000) % 100_000)
                    t0 = time.perf_counter()
                    jax.numpy.tanh(x * 0.5 + 0.25).block_until_ready()
                    first = time.perf_counter() - t0
                    t0 = time.perf_counter()
                    jax.numpy.tanh(x * 0.5 + 0.25).block_until_ready()
                    self.compile_op = max(0.0, first - (time.perf_counter() - t0)) / 3
                except Exception:  # no usable device: nothing to price with
                    self.compile_op = 0.0
        return self.compile_op

    def call(self, facts: Iterable[Fact]) -> float:
        if self.torch_call is not None and any(f.type == "torch.Tensor" for f in facts):
            return self.torch_call
        return self.numpy_call


def _float_op(n: int = 20_000) -> float:
    """Seconds of one float operation in a statement: a loop of ``x = a * b + c`` less the
    same loop with ``x = a``, per operation (two), best of three."""
    import timeit

    ops = timeit.Timer("x = a * b + c", "a, b, c = 1.5, 2.5, 0.5")
    bare = timeit.Timer("x = a", "a, b, c = 1.5, 2.5, 0.5")
    best = min(ops.timeit(n) - bare.timeit(n) for _ in range(3))
    return max(best / n / 2, 1e-9)


def _per_call(fn: Callable[[], object], n: int = 2000) -> float:
    best = math.inf
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - t0) / n)
    return best


def _array(type_: str, dtype: str, device: str, shape: tuple[int, ...], fill: float) -> Any:
    """A new array of the library, dtype, device and shape seen, filled with ``fill``."""
    n = math.prod(shape)
    if n > MAX_ELEMENTS:
        raise ValueError("too large to make again")
    if type_ == "torch.Tensor":
        torch = sys.modules["torch"]
        return torch.full(shape, fill, dtype=getattr(torch, dtype), device=device or "cpu")
    if type_ == "jax.Array":
        jnp = sys.modules["jax.numpy"]
        return jnp.full(shape, fill, dtype=dtype)
    np = sys.modules["numpy"]
    return np.full(shape, fill, dtype=dtype)


def _sync_of(x: Any) -> Callable[[], None]:
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(x, torch.Tensor) and x.device.type == "cuda":
        return torch.cuda.synchronize  # type: ignore[no-any-return]
    return lambda: None


def _done(y: Any) -> Any:
    """A JAX result waited for (its work is dispatched, not done, when the call returns)."""
    wait = getattr(y, "block_until_ready", None)
    return wait() if wait is not None else y


#: One timed sample holds at least this many seconds of calls (a 2 µs call timed alone is noise).
SAMPLE_S = 2e-3


def per_call_times(
    fn: Callable[[], Any], sync: Callable[[], None], budget: float
) -> list[float] | None:
    """Per-call seconds of ``fn`` over a few samples, each enough calls to last SAMPLE_S (at
    least 3 samples, as many as ``budget`` holds, at most PAIRS); None when 3 samples would take
    far longer than ``budget``."""
    t = _time(fn, sync)
    k = max(1, int(SAMPLE_S / max(t, 1e-9)))
    if 3 * k * t > 4 * budget:
        return None
    samples = int(min(PAIRS, max(3, budget / max(k * t, 1e-9))))

    def run() -> None:
        for _ in range(k):
            fn()

    return [_time(run, sync) / k for _ in range(samples)]


def per_call_pair(
    slow: Callable[[], Any], fast: Callable[[], Any], sync: Callable[[], None], budget: float
) -> tuple[float, float, float, float] | None:
    """Per-call seconds of ``slow`` (median) and how many times faster ``fast`` is (median, low,
    high) over paired samples, each sample enough calls to last SAMPLE_S; None when 3 pairs
    would take far longer than ``budget``. Each runs once first (JAX compiles an indexing of an
    array on its first use)."""
    slow()
    fast()
    sync()
    t_s = _time(slow, sync)
    t_f = _time(fast, sync)
    k_s = max(1, int(SAMPLE_S / max(t_s, 1e-9)))
    k_f = max(1, int(SAMPLE_S / max(t_f, 1e-9)))
    per_pair = k_s * t_s + k_f * t_f
    if 3 * per_pair > 4 * budget:
        return None
    pairs = int(min(PAIRS, max(3, budget / max(per_pair, 1e-9))))

    def many(fn: Callable[[], Any], k: int) -> Callable[[], None]:
        def run() -> None:
            for _ in range(k):
                fn()

        return run

    slows: list[float] = []
    ratios: list[float] = []
    for _ in range(pairs):
        a = _time(many(slow, k_s), sync) / k_s
        b = _time(many(fast, k_f), sync) / k_f
        if b > 0:
            slows.append(a)
            ratios.append(a / b)
    if len(ratios) < 3:
        return None
    return statistics.median(slows), statistics.median(ratios), min(ratios), max(ratios)


def builtin_reduction_cost(
    type_: str, dtype: str, device: str, n: int, builtin: str, budget: float = BUDGET_S
) -> tuple[float, float, float, float] | None:
    """A Python builtin (``sum``, ``max``, ``min``, ``any``, ``all``, ``sorted``) over the n
    elements of a 1-D array of that library, dtype and device, against the array's own method
    (the library's sort for ``sorted``), timed after
    the run: (seconds per builtin call, median, low and high of builtin / method). The array
    holds zeros for ``any`` and ones else, so that ``any`` and ``all`` read every element."""
    try:
        import builtins

        x = _array(type_, dtype, device, (n,), 0 if builtin == "any" else 1)
        reduce = getattr(builtins, builtin)
        if builtin == "sorted":
            # (the library's sort, a new array: ``x.sort()`` sorts NumPy's in place)
            lib = sys.modules["torch" if type_ == "torch.Tensor" else "numpy"]
            if type_ == "jax.Array":
                lib = sys.modules["jax.numpy"]
            method = partial(lib.sort, x)
        else:
            method = getattr(x, builtin)
        sync = _sync_of(x)
        return per_call_pair(lambda: reduce(x), lambda: _done(method()), sync, budget)
    except Exception:
        return None


#: Seconds a module took to import after the run, where the program had not imported it.
IMPORTED: dict[str, float] = {}


def import_time(module: str) -> float:
    """Seconds importing ``module`` takes, where the program never imported it (0 where it
    did, or where it cannot be imported): timed once, by importing it after the run."""
    if module in IMPORTED:
        return IMPORTED[module]
    if module in sys.modules:
        return 0.0
    start = time.perf_counter()
    try:
        importlib.import_module(module)
    except Exception:
        return 0.0
    IMPORTED[module] = time.perf_counter() - start
    return IMPORTED[module]


def conversion_cost(shape: tuple[int, ...], dtype: str, budget: float = BUDGET_S) -> float | None:
    """Seconds one NumPy array of that shape and dtype takes to become a JAX array
    (``jnp.asarray``, waited for), timed after the run; None where JAX is not loaded or the
    array is too large to make again."""
    try:
        jnp = sys.modules["jax.numpy"]
        x = _array("numpy.ndarray", dtype, "", shape, 1)
        times = per_call_times(lambda: _done(jnp.asarray(x)), lambda: None, budget)
        return statistics.median(times) if times else None
    except Exception:
        return None


def copy_cost(
    type_: str, dtype: str, device: str, shape: tuple[int, ...], budget: float = BUDGET_S
) -> tuple[float, float, float] | None:
    """Seconds per copy of an array of that library, dtype, device and shape, timed after the
    run (``.copy()``, ``.clone()``): (median, low, high) over a few samples."""
    try:
        x = _array(type_, dtype, device, shape, 1)
        sync = _sync_of(x)
        copy_of = x.clone if type_ == "torch.Tensor" else x.copy
        times = per_call_times(lambda: _done(copy_of()), sync, budget)
        if times is None:
            return None
        return statistics.median(times), min(times), max(times)
    except Exception:
        return None


def membership_times(size: int, budget: float, width: int = 0) -> tuple[float, float, float] | None:
    """Seconds of ``x in`` a list of ``size`` ints that does not hold ``x`` (the whole scan),
    of ``x in`` one that holds it half-way down, and of ``x in`` a set of them: medians of a
    few timings after the run. ``width``: the list holds tuples of that many ints, whose first
    ones repeat (``(badge, day)`` pairs: a test compares past the first item; blind170's
    attendance, its scan timed on ints read 0.23 of the run for 0.49)."""
    items: list[Any] = list(range(size))
    miss: Any = -1
    if width > 0:
        items = [(i % 64, *range(i, i + width - 1)) for i in range(size)]
        miss = (0, *([-1] * (width - 1)))
    held = set(items)
    half = items[size // 2]
    out = []
    for stmt, env in (
        ("x in items", {"x": miss, "items": items}),
        ("x in items", {"x": half, "items": items}),
        ("x in held", {"x": miss, "held": held}),
    ):
        timer = timeit.Timer(stmt, globals=env)
        # as many tests a timing as a sixth of the budget holds, from a first look: a fixed
        # number made a loaded machine's timings (5x slower) overrun it and drop the finding
        first = timer.timeit(10) / 10
        if first * 15 > budget:
            return None
        number = max(1, min(20_000, int(budget / 6 / 5 / max(first, 1e-9))))
        out.append(statistics.median(timer.timeit(number) / number for _ in range(5)))
    return out[0], out[1], out[2]


def element_read_time() -> float:
    """Seconds of one NumPy element read (``a[y, x]``), what a loop keeps at the low end."""
    import numpy as np

    a = np.zeros((64, 64), dtype=np.uint8)
    timer = timeit.Timer("a[3, 5]", globals={"a": a})
    return float(statistics.median(timer.timeit(20_000) / 20_000 for _ in range(5)))
