"""The plan: the case matrix of a run (workload x impl x backend x device x dtype x size), what
was left out of it and why, and its size groups, the unit an executor measures.

Nothing here runs an impl: :mod:`.sampling` measures a size group, :mod:`.executors` decides
where, and :mod:`.runner` puts the three together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import backends as _backends
from ..config import RunConfig
from ..errors import ArraybenchError, WorkloadError
from ..results import CaseResult, Skip
from ..workload import Impl, Workload


@dataclass(frozen=True)
class Case:
    """One point of the case matrix, before it runs."""

    workload: Workload
    impl: Impl
    backend: str
    device: str
    dtype: str
    size: int

    @property
    def name(self) -> str:
        return (
            f"{self.workload.name}/{self.impl.label}"
            f"[{self.backend}:{self.device}:{self.dtype}] n={self.size}"
        )


#: Called before each case (result None) and after it (with its result).
Progress = Callable[[int, int, Case, CaseResult | None], None]


def plan(workloads: Sequence[Workload], config: RunConfig) -> tuple[list[Case], list[Skip]]:
    """The case matrix for ``workloads`` under ``config``, and what was left out and why.

    Cases are ordered workload, size, impl, backend, device, dtype: every series advances size by
    size together, so drift in the machine's speed over the run hits all of them alike.

    A workload that cannot run at all (no impls, no inputs builder...) is left out with its
    reason as a failed :class:`Skip`, and the others are planned as usual.
    """
    cases: list[Case] = []
    broken: list[Skip] = []
    skips: dict[str, str] = {}
    for w in workloads:
        try:
            w.validate()
        except WorkloadError as e:
            broken.append(Skip(f"workload {w.name!r}", str(e), failed=True))
            continue
        if config.check and w.has_reference():
            why = reference_unavailable(w)
            if why is not None:
                ref_impl, ref_b = w.reference_impl()
                skips[f"{w.name}: its reference"] = (
                    f"the reference impl {ref_impl.label!r} runs on {ref_b}, and {why}; the "
                    "other impls are timed, their outputs unchecked"
                )
        impls = [i for i in w.impls if config.impls is None or i.label in config.impls]
        if config.impls is not None and not impls:
            skips[f"{w.name}"] = (
                f"no impl labelled {', '.join(config.impls)} (it has: "
                f"{', '.join(i.label for i in w.impls)})"
            )
        sizes = config.sizes or tuple(
            (w.quick_sizes if config.quick and w.quick_sizes else None) or w.sizes
        )
        dtypes = config.dtypes or tuple(w.dtypes)
        combos: list[tuple[Impl, str, str, str]] = []
        for impl in impls:
            for bname in impl.backends:
                if config.backends is not None and bname not in config.backends:
                    continue
                what = f"{w.name}/{impl.label} on {bname}"
                try:
                    backend = _backends.get(bname)
                except ArraybenchError as e:
                    from ..workload import choices

                    named = (
                        f"{w.origin + ': ' if w.origin else ''}impl {impl.label!r} of workload "
                        f"{w.name!r}"
                    )
                    # A plug-in that failed to import says why itself; any other name is unknown.
                    skips[what] = (
                        f"{named}: {e}"
                        if bname in getattr(_backends, "_broken", {})
                        else f"{named}: no backend named {bname!r} is installed or registered"
                        f"{choices(bname, _backends.names(), 'backends')}; a third-party backend "
                        f"registers under the entry point group {_backends.ENTRY_POINT_GROUP!r}"
                    )
                    continue
                ok, reason = backend.available()
                if not ok:
                    skips[what] = reason
                    continue
                try:
                    present = backend.devices()
                except Exception as e:
                    skips[what] = f"listing its devices failed: {type(e).__name__}: {e}"
                    continue
                wanted = config.devices or tuple(present)
                if impl.devices is not None:
                    # An impl tied to a device is simply not part of the matrix elsewhere.
                    wanted = tuple(d for d in wanted if d in impl.devices)
                    if not wanted or not set(wanted) & set(present):
                        skips[what] = (
                            f"runs on {', '.join(impl.devices)} only, and {bname} has "
                            f"{', '.join(present)} here"
                        )
                        continue
                # A backend that computes in one precision whatever the dtype (pure Python: its
                # floats are doubles) runs the other dtypes only when that one is not in the
                # run: its float64 case already stands for them.
                native = getattr(backend, "computes_in", None)
                own = [d for d in dtypes if impl.dtypes is None or d in impl.dtypes]
                for dev in wanted:
                    if dev not in present:
                        skips[f"{what}:{dev}"] = (
                            f"{bname} has no {dev} device here (it has: {', '.join(present)})"
                        )
                        continue
                    for dt in dtypes:
                        if impl.dtypes is not None and dt not in impl.dtypes:
                            continue  # the impl's own choice, not a limitation: nothing to say
                        if dt not in backend.dtypes:
                            skips[f"{what}:{dev} {dt}"] = (
                                f"{bname} runs {', '.join(backend.dtypes)} only"
                            )
                            continue
                        if native is not None and dt != native and native in own:
                            skips[f"{what}:{dev} {dt}"] = (
                                f"{bname} computes in {native} whatever the dtype, so its "
                                f"{native} case stands for {dt} (name {dt} alone to measure it "
                                f"on inputs rounded to {dt})"
                            )
                            continue
                        combos.append((impl, bname, dev, dt))
        for n in sizes:
            cases.extend(Case(w, impl, b, d, dt, n) for impl, b, d, dt in combos)
    return cases, [*broken, *(Skip(what, why) for what, why in skips.items())]


def reference_unavailable(w: Workload) -> str | None:
    """Why the reference impl of ``w`` cannot run here (its backend is not installed, or its
    plug-in is broken), or None when it can."""
    _, bname = w.reference_impl()
    try:
        backend = _backends.get(bname)
    except ArraybenchError as e:
        return str(e)
    ok, reason = backend.available()
    return None if ok else reason


def _size_groups(cases: Sequence[Case]) -> list[list[int]]:
    """Indices of consecutive cases of the same workload and size (the plan orders them so)."""
    groups: list[list[int]] = []
    for i, c in enumerate(cases):
        if groups and (
            cases[groups[-1][0]].workload is c.workload and cases[groups[-1][0]].size == c.size
        ):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def _key_of(case: Case) -> tuple[str, str, str, str, str, int]:
    return (case.workload.name, case.impl.label, case.backend, case.device, case.dtype, case.size)


def _series_of(case: Case) -> tuple[str, ...]:
    return _key_of(case)[:5]
