"""Workloads: what to compute, on which inputs, by which implementations.

A :class:`Workload` holds a builder of seeded inputs, one or more implementations per backend, a
grid of problem sizes and, optionally, a cost model (flops and bytes moved as functions of the size)
that the analysis turns into GFLOP/s and GB/s.

    w = Workload("sin2", sizes=logsizes(1, 10**7), flops=lambda n: 2 * n)

    @w.inputs
    def make(n, rng):                       # float64 NumPy arrays (or plain Python data)
        return {"x": rng.uniform(-3, 3, n)}

    @w.impl("numpy", "torch", "jax")        # generic: receives xp, the array namespace
    def vectorized(x, xp):
        return xp.sin(x) ** 2
"""

from __future__ import annotations

import cmath
import inspect
import itertools
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

from .base.digest import code_digest
from .base.errors import WorkloadError
from .names import DTYPES, MAX_SIZE, _big, _is_int, check_name, choices, known_names, validate_sizes

F = TypeVar("F", bound=Callable[..., Any])

InputsFn = Callable[[int, np.random.Generator], Mapping[str, Any]]
FlopsFn = Callable[[int], float]
BytesFn = Callable[[int, int], float]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")

#: Device names ("cpu", "cuda", perhaps "cuda:1" one day): anything without spaces.
_DEVICE = re.compile(r"^\S+$")

#: Most sizes one log grid may hold. Every size is a full set of cases, so thousands of them is a
#: typo (``per_decade=1000``), and refusing it early beats a run that never ends.
MAX_GRID = 1000


#: Creation order of workloads: :func:`arraybench.catalog.load_file` tells the workloads a file
#: created from those it merely imported (a built-in one, say) by comparing numbers.
_serial = itertools.count()


def logsizes(lo: int, hi: int, per_decade: int = 1) -> tuple[int, ...]:
    """Sizes from ``lo`` to ``hi`` (both included) spaced evenly on a log scale.

    Args:
        lo: smallest size, at least 1.
        hi: largest size, at least ``lo`` and at most :data:`MAX_SIZE`.
        per_decade: how many sizes per factor of ten (1 gives 1, 10, 100, ...).

    Returns:
        Distinct increasing integers; ``lo`` and ``hi`` are always included.
    """
    if not (_is_int(lo) and _is_int(hi)):
        raise WorkloadError(
            f"logsizes needs integers, got lo={_big(lo)}, hi={_big(hi)}; write 10**6 rather "
            "than 1e6"
        )
    if lo < 1 or hi < lo:
        raise WorkloadError(f"logsizes needs 1 <= lo <= hi, got lo={_big(lo)}, hi={_big(hi)}")
    if hi > MAX_SIZE:
        raise WorkloadError(f"logsizes: hi={_big(hi)} is larger than any array can be (2**63 - 1)")
    if not _is_int(per_decade) or per_decade < 1:
        raise WorkloadError(
            f"logsizes needs a whole number per_decade >= 1, got {_big(per_decade)}"
        )
    lo, hi = int(lo), int(hi)
    ratio = hi / lo  # a float without overflow: hi <= MAX_SIZE
    steps = max(1, round(math.log10(ratio) * per_decade))
    if steps + 1 > MAX_GRID:
        raise WorkloadError(
            f"logsizes({lo}, {hi}, per_decade={per_decade}) would give {steps + 1} sizes, more "
            f"than {MAX_GRID}: lower per_decade"
        )
    inner = {round(lo * ratio ** (i / steps)) for i in range(1, steps)}
    return tuple(sorted({lo, hi} | {int(s) for s in inner if lo <= s <= hi}))


@dataclass(frozen=True)
class Impl:
    """One implementation of a workload, usable on one or more backends.

    Attributes:
        fn: the function; its parameters are the input names, plus ``xp`` when it is generic.
        backends: the backends it runs on.
        label: the name shown in reports (the function's name by default).
        inputs: the backend whose conversion prepares the inputs (``None``: the case's own
            backend, outside the clock). ``"python"`` hands over lists, so a conversion the impl
            does itself is measured.
        reference: whether this impl's float64 output is the truth the others are checked against.
        takes_xp: whether the function has an ``xp`` parameter (a generic impl).
        devices: the only devices it runs on (``None``: every device of its backends), for impls
            that exist to measure one device, such as a host-to-GPU transfer.
        dtypes: the only dtypes it runs in (``None``: every dtype of the run), for an impl whose
            other dtypes would add time without adding an answer.
        extends: the label of an impl this one is, plus one step (``phase``): the analysis reports
            the step's time as the difference of the two medians, and its share.
        phase: what the step is ("conversion from a list", "host-to-device transfer").
        compile: run the function through its backend's compiler (``torch.compile``,
            ``tf.function``, ``jax.jit``: ``Backend.compile``), once per process; compilation
            for each new size lands in the case's first call, apart from its steady time.
            ``None``: the backend's default (numba and pytensor compile every impl, the others
            none); ``False`` on numba runs the function as written (Python around the
            ``@numba.njit`` kernels it calls).
        rtol: relative tolerances by dtype name for this impl's check, over the workload's (an
            impl whose algorithm is correct but less exact than the reference's).
    """

    fn: Callable[..., Any]
    backends: tuple[str, ...]
    label: str
    inputs: str | None = None
    reference: bool = False
    takes_xp: bool = False
    devices: tuple[str, ...] | None = None
    dtypes: tuple[str, ...] | None = None
    extends: str | None = None
    phase: str | None = None
    compile: bool | None = None
    rtol: Mapping[str, float] = field(default_factory=dict, hash=False)


@dataclass
class Workload:
    """A computation to measure on every backend, over sizes and dtypes.

    Args:
        name: short identifier used on the command line and in reports.
        sizes: the default problem sizes (positive integers); see :func:`logsizes`.
        description: one line saying what is computed.
        flops: floating-point operations per call as a function of the size, if known.
        bytes: bytes necessarily moved per call as a function of (size, itemsize), if known.
        rtol: relative tolerances by dtype name that replace the defaults for this workload
            (for computations whose float32 error grows with the size, such as long reductions).
        dtypes: the dtypes this workload runs in when a run names none.
        quick_sizes: the sizes of a quick run (``--quick``); the default sizes when not given.
        origin: where the workload was defined (the path of its file), named in its errors; set
            by :func:`arraybench.catalog.load_file`.
    """

    name: str
    sizes: Sequence[int] = (1, 10, 100, 1000, 10_000, 100_000, 1_000_000)
    description: str = ""
    flops: FlopsFn | None = None
    bytes: BytesFn | None = None
    rtol: Mapping[str, float] = field(default_factory=dict)
    dtypes: Sequence[str] = ("float32", "float64")
    quick_sizes: Sequence[int] | None = None
    origin: str | None = field(default=None, compare=False)
    impls: list[Impl] = field(default_factory=list, init=False)
    _inputs: InputsFn | None = field(default=None, init=False, repr=False)
    _serial: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._serial = next(_serial)
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise WorkloadError(
                f"workload name {_big(self.name)} is not valid: use letters, digits, '_', '-' or "
                "'.', starting with a letter or '_'"
            )
        where = f"workload {self.name!r}"
        self.sizes = validate_sizes(self.sizes, where)
        if self.quick_sizes is not None:
            self.quick_sizes = validate_sizes(self.quick_sizes, f"{where} quick")
        if not isinstance(self.description, str):
            raise WorkloadError(
                f"{where}: description must be a string (one line saying what is computed), "
                f"got {type(self.description).__name__}"
            )
        for attr, shape in (("flops", "lambda n: 2 * n"), ("bytes", "lambda n, itemsize: ...")):
            if getattr(self, attr) is not None and not callable(getattr(self, attr)):
                raise WorkloadError(
                    f"{where}: {attr}= must be a function of the size, e.g. {attr}={shape}; "
                    f"got {_big(getattr(self, attr))}"
                )
        self.dtypes = _dtype_names(self.dtypes, f"{where}: dtypes=")
        self.rtol = _rtols(self.rtol, where)
        if self.origin is not None:
            if not isinstance(self.origin, str | os.PathLike):
                raise WorkloadError(f"{where}: origin must be a path, got {_big(self.origin)}")
            self.origin = str(self.origin)

    def where(self) -> str:
        """``"work.py: workload 'sin2'"``: how errors name this workload."""
        return (
            f"{self.origin}: workload {self.name!r}" if self.origin else f"workload {self.name!r}"
        )

    # -- registration -------------------------------------------------------------------------

    def inputs(self, fn: F | None = None) -> F:
        """Register the builder of inputs: ``fn(n, rng) -> {name: value}``.

        ``rng`` is a seeded :class:`numpy.random.Generator`, the same for every backend at a given
        size, so every implementation sees the same numbers. Floating arrays should be float64:
        arraybench casts them to each case's dtype.
        """
        if fn is None:
            raise WorkloadError(
                f"{self.where()}: @{self.name}.inputs takes no arguments: write it without "
                "parentheses, above `def make(n, rng):`"
            )
        if not callable(fn):
            raise WorkloadError(
                f"{self.where()}: @inputs must decorate a function `def make(n, rng):`, got "
                f"{_kind(fn)}"
            )
        if not _accepts(fn, 2):
            raise WorkloadError(
                f"{self.where()}: the inputs builder {_fn_name(fn)} must take two arguments, "
                "(n, rng): the size and a seeded numpy.random.Generator"
            )
        self._inputs = fn
        return fn

    def impl(
        self,
        *backends: str,
        label: str | None = None,
        inputs: str | None = None,
        reference: bool = False,
        devices: Sequence[str] | None = None,
        dtypes: Sequence[str] | None = None,
        extends: str | None = None,
        phase: str | None = None,
        compile: bool | None = None,
        rtol: Mapping[str, float] | None = None,
    ) -> Callable[[F], F]:
        """Register an implementation for one or more backends.

        A function with a parameter named ``xp`` is generic: it receives the backend's array
        namespace (``numpy``, ``torch``, ``jax.numpy``...) and runs on every backend listed.
        ``rtol={"float64": 1e-6}`` loosens this impl's check (see :class:`Impl`).
        """
        where = self.where()
        if len(backends) == 1 and callable(backends[0]) and not isinstance(backends[0], str):
            raise WorkloadError(
                f"{where}: @{self.name}.impl needs the backend names in parentheses: write "
                f'@{self.name}.impl("numpy") above def {getattr(backends[0], "__name__", "f")}'
            )
        if not backends:
            raise WorkloadError(
                f'{where}: @impl needs at least one backend name, e.g. @{self.name}.impl("numpy")'
            )
        for b in backends:
            if not isinstance(b, str) or not _NAME.match(b):
                raise WorkloadError(
                    f"{where}: backend name {_big(b)} is not valid: name backends as strings, "
                    f'e.g. @{self.name}.impl("numpy", "torch")'
                )
        for key, value in (("label", label), ("extends", extends), ("phase", phase)):
            if value is not None and (not isinstance(value, str) or not value.strip()):
                raise WorkloadError(
                    f"{where}: {key}= must be a non-empty string, got {_big(value)}"
                )
        if inputs is not None and (not isinstance(inputs, str) or not _NAME.match(inputs)):
            raise WorkloadError(
                f"{where}: inputs= must name the backend that prepares the inputs, such as "
                f'"python", got {_big(inputs)}'
            )
        if not isinstance(reference, bool):
            raise WorkloadError(f"{where}: reference= must be True or False, got {_big(reference)}")
        if compile is not None and not isinstance(compile, bool):
            raise WorkloadError(
                f"{where}: compile= must be True or False (True: run it through the backend's "
                f"compiler, e.g. torch.compile), got {_big(compile)}"
            )
        rtol_d = _rtols(rtol, f"{where}: @impl") if rtol is not None else {}
        if (extends is None) != (phase is None):
            raise WorkloadError(
                f"{where}: give extends= and phase= together, e.g. "
                '@w.impl("torch", extends="vectorized", phase="conversion from a list")'
            )
        devices_t = _device_names(devices, f"{where}: devices=") if devices is not None else None
        dtypes_t = _dtype_names(dtypes, f"{where}: dtypes=") if dtypes is not None else None

        def register(fn: F) -> F:
            if not callable(fn):
                raise WorkloadError(
                    f"{where}: @impl must decorate a function, got {_kind(fn)}; write "
                    f'@{self.name}.impl("numpy") directly above a def'
                )
            name = str(label or getattr(fn, "__name__", "impl"))
            for existing in self.impls:
                clash = set(existing.backends) & set(backends)
                if existing.label == name and clash:
                    raise WorkloadError(
                        f"{where}: two impls labelled {name!r} for "
                        f"{', '.join(sorted(clash))}; give one a different label="
                    )
            self.impls.append(
                Impl(
                    fn=fn,
                    backends=tuple(backends),
                    label=name,
                    inputs=inputs,
                    reference=reference,
                    takes_xp=_takes_xp(fn),
                    devices=devices_t,
                    dtypes=dtypes_t,
                    extends=extends,
                    phase=phase,
                    compile=compile,
                    rtol=rtol_d,
                )
            )
            return fn

        return register

    # -- use ----------------------------------------------------------------------------------

    def make_inputs(self, n: int, seed: int) -> dict[str, Any]:
        """Build the float64 inputs for size ``n``, from a generator seeded by (seed, n).

        Raises:
            WorkloadError: naming the workload and its builder, when the builder returns anything
                but a dict of names to NumPy arrays, numbers, strings or lists of numbers, or
                an array holding NaN.
        """
        if self._inputs is None:
            raise WorkloadError(
                f"{self.where()} has no inputs builder: decorate a function "
                f"`def make(n, rng): return {{...}}` with @{self.name}.inputs"
            )
        rng = np.random.default_rng([seed, n])
        made = self._inputs(n, rng)
        builder = f"the inputs builder {_fn_name(self._inputs)}"
        if not isinstance(made, Mapping):
            raise WorkloadError(
                f"{self.where()}: {builder} returned {type(made).__name__}, not a dict of "
                '{name: value}; return e.g. {"x": rng.uniform(-1.0, 1.0, n)}'
            )
        for key, value in made.items():
            if not isinstance(key, str) or not key.isidentifier():
                raise WorkloadError(
                    f"{self.where()}: {builder} returned the key {key!r}; keys must be the "
                    "names of the impls' parameters (identifiers such as 'x')"
                )
            problem = _input_problem(value)
            if problem:
                raise WorkloadError(
                    f"{self.where()}: {builder} returned input {key!r}, which {problem}"
                )
        return dict(made)

    def code_of(self, impl: Impl) -> str | None:
        """A digest of the code ``impl``'s cases run: the impl and the input builder, with what
        each reaches in its own module (base/digest.py); None where it cannot be taken."""
        return code_digest(impl.fn, self._inputs)

    def reference_impl(self) -> tuple[Impl, str]:
        """The impl whose float64 output the others are checked against, and its backend.

        Order: one marked ``reference=True``; else a NumPy impl taking NumPy inputs; else a
        pure-Python impl; else the first impl registered, on its first backend.
        """
        if not self.impls:
            raise self._no_impls()
        marked = [i for i in self.impls if i.reference]
        if len(marked) > 1:
            raise WorkloadError(
                f"{self.where()} marks {len(marked)} impls reference=True "
                f"({', '.join(i.label for i in marked)}); mark exactly one"
            )
        if marked:
            impl = marked[0]
            backend = "numpy" if "numpy" in impl.backends else impl.backends[0]
            return impl, backend
        for wanted in ("numpy", "python"):
            for impl in self.impls:
                if wanted in impl.backends and impl.inputs in (None, wanted):
                    return impl, wanted
        return self.impls[0], self.impls[0].backends[0]

    def has_reference(self) -> bool:
        """Whether the outputs can be checked against anything: False for a workload with one
        impl on one backend, whose only "reference" would be itself."""
        return len(self.impls) > 1 or len(self.impls[0].backends) > 1

    def check_names(self) -> None:
        """Refuse backend names (in ``@impl`` and ``inputs=``) that no backend is registered
        under: a misspelling is a usage error, raised before anything runs.

        A known backend that is merely not installed here is not an error: its cases are skipped
        with the install hint when the run is planned.

        Raises:
            UnknownNameError: naming the impl, its line and the likely backend.
        """
        names = known_names("backends")
        for impl in self.impls:
            for b in (*impl.backends, *((impl.inputs,) if impl.inputs else ())):
                if b in names:
                    continue
                code = getattr(impl.fn, "__code__", None)
                where = self.where()
                if self.origin and code is not None and _same_file(code.co_filename, self.origin):
                    where = f"{self.origin}:{code.co_firstlineno}: workload {self.name!r}"
                check_name("backends", b, f"{where}: impl {impl.label!r}")

    def validate(self) -> None:
        """Raise :class:`WorkloadError` if the workload cannot be run at all."""
        if self._inputs is None:
            self.make_inputs(1, 0)  # raises the explanatory error
        if not self.impls:
            raise self._no_impls()
        labels = [i.label for i in self.impls]
        for impl in self.impls:
            if impl.extends is not None and impl.extends not in labels:
                raise WorkloadError(
                    f"{self.where()}: impl {impl.label!r} extends {impl.extends!r}, which is not "
                    f"an impl of this workload{choices(impl.extends, labels, 'impls')}"
                )
        self.reference_impl()

    def backends(self) -> tuple[str, ...]:
        """Every backend some impl runs on, in order of first registration."""
        seen: dict[str, None] = {}
        for impl in self.impls:
            for b in impl.backends:
                seen.setdefault(b, None)
        return tuple(seen)

    def _no_impls(self) -> WorkloadError:
        return WorkloadError(
            f'{self.where()} has no impls: register one with @{self.name}.impl("numpy") '
            "above a function"
        )


def _names(values: Any, where: str, pattern: re.Pattern[str] = _NAME) -> tuple[str, ...]:
    """A name or a sequence of names as a tuple (a single string is one name, not letters)."""
    if isinstance(values, str):
        values = (values,)
    try:
        out = tuple(values)
    except TypeError:
        raise WorkloadError(
            f"{where} must be a name or a list of names, got {_big(values)}"
        ) from None
    if not out or not all(isinstance(v, str) and pattern.match(v) for v in out):
        raise WorkloadError(
            f"{where} must be a name or a non-empty list of names, got {_big(values)}"
        )
    return out


def _device_names(values: Any, where: str) -> tuple[str, ...]:
    return tuple(check_name("devices", d, where) for d in _names(values, where, _DEVICE))


def _dtype_names(values: Any, where: str) -> tuple[str, ...]:
    return tuple(check_name("dtypes", d, where) for d in _names(values, where))


def _rtols(rtol: Any, where: str) -> dict[str, float]:
    if not isinstance(rtol, Mapping):
        raise WorkloadError(
            f'{where}: rtol= must be a dict of dtype to tolerance, e.g. {{"float32": 1e-3}}; '
            f"got {_big(rtol)}"
        )
    out: dict[str, float] = {}
    for dtype, tol in rtol.items():
        if dtype not in DTYPES:
            check_name("dtypes", str(dtype), f"{where}: rtol=")
        if (
            isinstance(tol, bool)
            or not isinstance(tol, int | float)
            or not math.isfinite(tol)
            or tol < 0
        ):
            raise WorkloadError(
                f"{where}: rtol[{dtype!r}] must be a finite number >= 0 (a relative error such "
                f"as 1e-3), got {_big(tol)}"
            )
        out[dtype] = float(tol)
    return out


#: NumPy dtype kinds an input array may have: bool, signed and unsigned integers, floats, complex.
_NUMERIC_KINDS = "biufc"
_INPUT_FIX = (
    "return NumPy arrays (arraybench converts them to each backend, dtype and device), "
    "Python numbers or strings, or lists of numbers"
)


def _input_problem(value: Any) -> str | None:
    """What is wrong with one input value for every backend, or None when nothing is."""
    if isinstance(value, np.ndarray | np.generic):
        if value.dtype.kind not in _NUMERIC_KINDS:
            return f"is an array of dtype {value.dtype}, not numbers; {_INPUT_FIX}"
        if value.dtype.kind in "fc" and bool(np.isnan(value).any()):
            count = int(np.isnan(value).sum())
            return (
                f"holds NaN ({count} of {value.size} values): NaN never passes the check of "
                "outputs, so no case could; draw finite values (rng.uniform, rng.standard_normal)"
            )
        return None
    if value is None or isinstance(value, str | bool | int):
        return None
    if isinstance(value, float | complex):
        return (
            "is NaN: NaN never passes the check of outputs; use a finite number"
            if cmath.isnan(value)
            else None
        )
    if isinstance(value, list | tuple):
        return _list_problem(value)
    kind = type(value).__qualname__
    if type(value).__module__ != "builtins":
        kind = f"{type(value).__module__}.{kind}"
    return f"is of type {kind}; {_INPUT_FIX}"


def _list_problem(items: list[Any] | tuple[Any, ...]) -> str | None:
    # Iterative, so a deeply nested list cannot exhaust the recursion limit.
    stack: list[Any] = [items]
    while stack:
        for v in stack.pop():
            if isinstance(v, list | tuple):
                stack.append(v)
            elif isinstance(v, float | complex | np.floating | np.complexfloating):
                if cmath.isnan(v):
                    return (
                        "is a list holding NaN: NaN never passes the check of outputs; draw "
                        "finite values"
                    )
            elif not isinstance(v, int | np.integer | np.bool_):
                return f"is a list holding {type(v).__name__}, not numbers; {_INPUT_FIX}"
    return None


def _fn_name(fn: Any) -> str:
    name = getattr(fn, "__name__", None)
    if not isinstance(name, str) or name == "<lambda>":
        return "(a lambda)" if name == "<lambda>" else f"({type(fn).__name__})"
    return f"{name}()"


def _kind(value: Any) -> str:
    return f"{type(value).__name__} {_big(value)}"


def _accepts(fn: Callable[..., Any], n_args: int) -> bool:
    """Whether ``fn`` can be called with ``n_args`` positional arguments (True if unknowable)."""
    try:
        inspect.signature(fn).bind(*range(n_args))
    except TypeError:
        return False
    except ValueError:  # a builtin without a signature
        return True
    return True


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _takes_xp(fn: Callable[..., Any]) -> bool:
    try:
        return "xp" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
