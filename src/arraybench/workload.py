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

import inspect
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

from .errors import WorkloadError

F = TypeVar("F", bound=Callable[..., Any])

InputsFn = Callable[[int, np.random.Generator], Mapping[str, Any]]
FlopsFn = Callable[[int], float]
BytesFn = Callable[[int, int], float]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")


def logsizes(lo: int, hi: int, per_decade: int = 1) -> tuple[int, ...]:
    """Sizes from ``lo`` to ``hi`` (both included) spaced evenly on a log scale.

    Args:
        lo: smallest size, at least 1.
        hi: largest size, at least ``lo``.
        per_decade: how many sizes per factor of ten (1 gives 1, 10, 100, ...).

    Returns:
        Distinct increasing integers; ``lo`` and ``hi`` are always included.
    """
    if not (isinstance(lo, int | np.integer) and isinstance(hi, int | np.integer)):
        raise WorkloadError(f"logsizes needs integers, got lo={lo!r}, hi={hi!r}")
    if lo < 1 or hi < lo:
        raise WorkloadError(f"logsizes needs 1 <= lo <= hi, got lo={lo}, hi={hi}")
    if per_decade < 1:
        raise WorkloadError(f"logsizes needs per_decade >= 1, got {per_decade}")
    steps = max(1, round(math.log10(hi / lo) * per_decade))
    sizes = {round(lo * (hi / lo) ** (i / steps)) for i in range(steps + 1)}
    return tuple(sorted(int(s) for s in sizes))


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
    """

    name: str
    sizes: Sequence[int] = (1, 10, 100, 1000, 10_000, 100_000, 1_000_000)
    description: str = ""
    flops: FlopsFn | None = None
    bytes: BytesFn | None = None
    rtol: Mapping[str, float] = field(default_factory=dict)
    dtypes: Sequence[str] = ("float32", "float64")
    quick_sizes: Sequence[int] | None = None
    impls: list[Impl] = field(default_factory=list, init=False)
    _inputs: InputsFn | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise WorkloadError(
                f"workload name {self.name!r} is not valid: use letters, digits, '_', '-' or "
                "'.', starting with a letter or '_'"
            )
        self.sizes = validate_sizes(self.sizes, f"workload {self.name!r}")
        self.dtypes = tuple(self.dtypes)
        if self.quick_sizes is not None:
            self.quick_sizes = validate_sizes(self.quick_sizes, f"workload {self.name!r} quick")

    # -- registration -------------------------------------------------------------------------

    def inputs(self, fn: F) -> F:
        """Register the builder of inputs: ``fn(n, rng) -> {name: value}``.

        ``rng`` is a seeded :class:`numpy.random.Generator`, the same for every backend at a given
        size, so every implementation sees the same numbers. Floating arrays should be float64:
        arraybench casts them to each case's dtype.
        """
        if not callable(fn):
            raise WorkloadError(f"workload {self.name!r}: @inputs must decorate a function")
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
    ) -> Callable[[F], F]:
        """Register an implementation for one or more backends.

        A function with a parameter named ``xp`` is generic: it receives the backend's array
        namespace (``numpy``, ``torch``, ``jax.numpy``...) and runs on every backend listed.
        """
        if not backends:
            raise WorkloadError(
                f"workload {self.name!r}: @impl needs at least one backend name, "
                'e.g. @w.impl("numpy")'
            )
        for b in backends:
            if not isinstance(b, str) or not _NAME.match(b):
                raise WorkloadError(f"workload {self.name!r}: backend name {b!r} is not valid")

        if (extends is None) != (phase is None):
            raise WorkloadError(
                f"workload {self.name!r}: give extends= and phase= together, e.g. "
                '@w.impl("torch", extends="vectorized", phase="conversion from a list")'
            )

        def register(fn: F) -> F:
            if not callable(fn):
                raise WorkloadError(f"workload {self.name!r}: @impl must decorate a function")
            name = str(label or getattr(fn, "__name__", "impl"))
            for existing in self.impls:
                clash = set(existing.backends) & set(backends)
                if existing.label == name and clash:
                    raise WorkloadError(
                        f"workload {self.name!r}: two impls labelled {name!r} for "
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
                    devices=tuple(devices) if devices is not None else None,
                    dtypes=tuple(dtypes) if dtypes is not None else None,
                    extends=extends,
                    phase=phase,
                )
            )
            return fn

        return register

    # -- use ----------------------------------------------------------------------------------

    def make_inputs(self, n: int, seed: int) -> dict[str, Any]:
        """Build the float64 inputs for size ``n``, from a generator seeded by (seed, n)."""
        if self._inputs is None:
            raise WorkloadError(
                f"workload {self.name!r} has no inputs builder: decorate a function "
                f"`def make(n, rng): return {{...}}` with @{self.name}.inputs"
            )
        rng = np.random.default_rng([seed, n])
        made = self._inputs(n, rng)
        if not isinstance(made, Mapping):
            raise WorkloadError(
                f"workload {self.name!r}: the inputs builder returned {type(made).__name__}, "
                "not a dict of {name: value}"
            )
        return dict(made)

    def reference_impl(self) -> tuple[Impl, str]:
        """The impl whose float64 output the others are checked against, and its backend.

        Order: one marked ``reference=True``; else a NumPy impl taking NumPy inputs; else a
        pure-Python impl.
        """
        marked = [i for i in self.impls if i.reference]
        if len(marked) > 1:
            raise WorkloadError(
                f"workload {self.name!r} marks {len(marked)} impls reference=True "
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
        raise WorkloadError(
            f"workload {self.name!r} has no reference to check results against: register a "
            'NumPy impl (@w.impl("numpy")) or mark one impl with reference=True'
        )

    def validate(self) -> None:
        """Raise :class:`WorkloadError` if the workload cannot be run at all."""
        if self._inputs is None:
            self.make_inputs(1, 0)  # raises the explanatory error
        if not self.impls:
            raise WorkloadError(
                f'workload {self.name!r} has no impls: register one with @{self.name}.impl("numpy")'
            )
        self.reference_impl()

    def backends(self) -> tuple[str, ...]:
        """Every backend some impl runs on, in order of first registration."""
        seen: dict[str, None] = {}
        for impl in self.impls:
            for b in impl.backends:
                seen.setdefault(b, None)
        return tuple(seen)


def validate_sizes(sizes: Iterable[Any], where: str) -> tuple[int, ...]:
    """Check that sizes are positive integers; return them as a sorted tuple without repeats."""
    try:
        items = list(sizes)
    except TypeError:
        raise WorkloadError(
            f"{where}: sizes must be a sequence of positive integers, got {sizes!r}"
        ) from None
    if not items:
        raise WorkloadError(f"{where}: sizes is empty; give at least one positive integer")
    out: set[int] = set()
    for s in items:
        if isinstance(s, bool) or not isinstance(s, int | np.integer) or s < 1:
            raise WorkloadError(
                f"{where}: sizes must be positive integers, got {s!r}; "
                "use ab.logsizes(1, 10**6) for a log-spaced grid"
            )
        out.add(int(s))
    return tuple(sorted(out))


def _takes_xp(fn: Callable[..., Any]) -> bool:
    try:
        return "xp" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
