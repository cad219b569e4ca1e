"""The plan: the case matrix of a run (workload x impl x backend x device x dtype x size), what
was left out of it and why, and its size groups, the unit an executor measures.

Nothing here runs an impl: :mod:`.sampling` measures a size group, :mod:`.executors` decides
where, and :mod:`.runner` puts the three together.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .. import backends as _backends
from ..base.errors import ArraybenchError, WorkloadError
from ..config import RunConfig
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
    #: the machine that measures it (a cluster run), None: this one.
    machine: str | None = None

    @property
    def name(self) -> str:
        where = f" on {self.machine}" if self.machine is not None else ""
        return (
            f"{self.workload.name}/{self.impl.label}"
            f"[{self.backend}:{self.device}:{self.dtype}] n={self.size}{where}"
        )


@dataclass(frozen=True)
class Machine:
    """Another machine a run measures on (a Dask cluster's host), as it answered when asked
    which backends it has.

    Attributes:
        name: what its cases carry in ``CaseResult.machine``.
        backends: for each backend name asked about, ``{"available": bool, "reason": str,
            "devices": [...]}`` as the backend says there.
        record: its environment (``env.collect`` there): host, CPU, cores, GPUs, libraries.
        workers: the Dask worker addresses on it.
    """

    name: str
    backends: Mapping[str, Mapping[str, Any]]
    record: Mapping[str, Any] = field(default_factory=dict)
    workers: tuple[str, ...] = ()

    def available(self, bname: str) -> tuple[bool, str]:
        info = self.backends.get(bname)
        if info is None:
            return False, f"{bname} was not asked about on {self.name}"
        return bool(info.get("available")), str(info.get("reason") or "")

    def devices(self, bname: str) -> list[str]:
        return list((self.backends.get(bname) or {}).get("devices") or [])


#: Called before each case (result None) and after it (with its result).
Progress = Callable[[int, int, Case, CaseResult | None], None]


def plan(
    workloads: Sequence[Workload], config: RunConfig, machine: Machine | None = None
) -> tuple[list[Case], list[Skip]]:
    """The case matrix for ``workloads`` under ``config``, and what was left out and why.

    Cases are ordered workload, size, impl, backend, device, dtype: every series advances size by
    size together, so drift in the machine's speed over the run hits all of them alike.

    A workload that cannot run at all (no impls, no inputs builder...) is left out with its
    reason as a failed :class:`Skip`, and the others are planned as usual.

    With ``machine``, the matrix is that machine's: its backends and devices as it reported
    them, every case and every skip marked with its name (a library missing there is skipped
    there, not everywhere).
    """
    cases, skips = _plan(workloads, config, machine)
    if machine is None:
        return cases, skips
    return [replace(c, machine=machine.name) for c in cases], [
        replace(s, what=f"{s.what} on {machine.name}") for s in skips
    ]


def _plan(
    workloads: Sequence[Workload], config: RunConfig, machine: Machine | None
) -> tuple[list[Case], list[Skip]]:
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
            why = reference_unavailable(w, machine)
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
                    from ..names import choices

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
                ok, reason = machine.available(bname) if machine else backend.available()
                if not ok:
                    skips[what] = reason
                    continue
                try:
                    present = machine.devices(bname) if machine else backend.devices()
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
        runs_on = list(dict.fromkeys(b for impl in impls for b in impl.backends))
        if config.backends is not None and impls and not set(runs_on) & set(config.backends):
            # Said, so that a run of nothing does not point at a "not run" list that is empty.
            skips[w.name] = (
                f"none of its impls runs on {', '.join(config.backends)} (they run on "
                f"{', '.join(runs_on)})"
            )
        for n in sizes:
            cases.extend(Case(w, impl, b, d, dt, n) for impl, b, d, dt in combos)
    return cases, [*broken, *(Skip(what, why) for what, why in skips.items())]


def reference_unavailable(w: Workload, machine: Machine | None = None) -> str | None:
    """Why the reference impl of ``w`` cannot run here, or on ``machine`` (its backend is not
    installed, or its plug-in is broken), or None when it can."""
    _, bname = w.reference_impl()
    try:
        backend = _backends.get(bname)
    except ArraybenchError as e:
        return str(e)
    ok, reason = machine.available(bname) if machine else backend.available()
    return None if ok else reason


def _size_groups(cases: Sequence[Case]) -> list[list[int]]:
    """Indices of consecutive cases of the same workload and size (the plan orders them so)."""
    groups: list[list[int]] = []
    for i, c in enumerate(cases):
        first = cases[groups[-1][0]] if groups else None
        if (
            first is not None
            and first.workload is c.workload
            and first.size == c.size
            and first.machine == c.machine
        ):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


#: A case as a resumed run finds it: ``CaseResult.key`` and the machine it ran on.
ResumeKey = tuple[str, str, str, str, str, int, str | None]


def resume_key(result: CaseResult) -> ResumeKey:
    """How a resumed run finds a case it measured already (``run(resume=...)``)."""
    return (*result.key, result.machine)


def _key_of(case: Case) -> ResumeKey:
    return (
        case.workload.name,
        case.impl.label,
        case.backend,
        case.device,
        case.dtype,
        case.size,
        case.machine,
    )


def _series_of(case: Case) -> tuple[str | int | None, ...]:
    """The case without its size (on its machine): the sizes of one line on a plot."""
    key = _key_of(case)
    return (*key[:5], key[6])
