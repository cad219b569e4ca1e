"""Runs from several machines (``--cluster``): each machine's record in a line, what differs
between two machines, and how an impl's speed against its reference moves from machine to
machine.

A run's cases from two machines share their ``CaseResult.key``: everything that matches cases
by key (references, ratios, fits, answers) works on one machine's sub-run at a time
(:meth:`RunResult.on_machine`), never on the mixed run. This module is where the sub-runs meet:

    describe        a machine's record -> CPU, cores, GPU, Python, library versions, BLAS,
                    thread policy (the Machines table of ``show`` and the HTML report)
    differences     two records -> the items of ``describe`` that differ ("environments differ:"
                    in ``compare``)
    cross_machine   for each workload, each impl against the workload's reference at the largest
                    size every machine measured both: its time ratio, with the 95% interval of
                    blocks measured side by side on that machine, on each machine; and whether
                    the machines disagree on which is faster
    machine_view    one machine's sub-run with its own experiment answers in place

Everything here reads saved results alone.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base.stats import Interval
from ..base.units import format_ratio_with_interval, format_size
from ..measurement import time_ratio
from ..results import CaseResult, RunResult

Series = tuple[str, str, str, str, str]

#: The items of a machine's description, in the order tables and lists show them.
ITEMS = ("CPU", "cores", "GPU", "Python", "libraries", "BLAS", "threads")
#: The libraries that list the GPUs they see: with one of them and no GPU listed, there is none.
GPU_REPORTERS = frozenset({"torch", "cupy", "tensorflow"})
#: A BLAS version longer than this is cut to its first version number (MKL's is a sentence).
SHORT_VERSION = 20


@dataclass(frozen=True)
class Description:
    """A machine in the words of the Machines table: one short string per item of :data:`ITEMS`
    ("" when the record does not say), and each library's version by name."""

    name: str
    cpu: str = ""
    cores: str = ""
    gpu: str = ""
    python: str = ""
    libraries: Mapping[str, str] | None = None
    blas: str = ""
    threads: str = ""

    def item(self, what: str) -> str:
        """The text of one of :data:`ITEMS`."""
        if what == "libraries":
            return ", ".join(f"{k} {v}" for k, v in (self.libraries or {}).items())
        return str(getattr(self, what.lower()))

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "cpu": self.cpu,
            "cores": self.cores,
            "gpu": self.gpu,
            "python": self.python,
            "libraries": dict(self.libraries or {}),
            "blas": self.blas,
            "threads": self.threads,
        }


def describe(record: Mapping[str, Any], name: str = "") -> Description:
    """A machine's record (``measure.env.collect()`` there, or a run's ``env``) in short words.

    Args:
        record: the record.
        name: the machine's name (default: its ``machine`` entry, else its host name).
    """
    name = name or str(record.get("machine") or record.get("hostname") or "")
    cores = record.get("cores")
    usable = record.get("usable_cores")
    cores_text = "" if cores is None else str(cores)
    if usable and cores and usable != cores:
        cores_text += f" ({usable} usable)"
    backends = record.get("backends")
    backends = backends if isinstance(backends, Mapping) else {}
    libraries: dict[str, str] = {}
    blas: dict[str, list[str]] = {}
    gpus: list[str] = [_gpu_name(g) for g in _list(record.get("gpus"))]
    for lib, info in backends.items():
        if not isinstance(info, Mapping) or info.get("available") is False:
            continue
        if lib != "python" and info.get("version"):
            libraries[str(lib)] = str(info["version"])
        for entry in _list(info.get("blas"))[:1]:
            if isinstance(entry, Mapping) and entry.get("vendor"):
                blas.setdefault(_blas_text(entry), []).append(str(lib))
        if not gpus:
            gpus = [_gpu_name(g) for g in _list(info.get("gpus"))]
    threads = record.get("threads")
    policy = threads.get("policy") if isinstance(threads, Mapping) else None
    return Description(
        name=name,
        cpu=str(record.get("cpu") or ""),
        cores=cores_text,
        gpu=_gpu_text(gpus) if gpus or GPU_REPORTERS & set(libraries) else "",
        python=str(record.get("python") or ""),
        libraries=libraries,
        blas="; ".join(f"{text} ({', '.join(libs)})" for text, libs in blas.items()),
        threads=str(policy).split(" (", 1)[0] if policy else "",
    )


def in_brief(record: Mapping[str, Any]) -> str:
    """``Intel(R) Xeon(R) Platinum 8480+, 16 cores, 2x NVIDIA H100, 2 worker processes``: a
    machine in a line, for the heading of its part of a run (its usable cores; no GPU, no
    mention)."""
    d = describe(record)
    cores = record.get("usable_cores") or record.get("cores")
    workers = record.get("workers")
    parts = [
        d.cpu or "unknown CPU",
        f"{cores} cores" if cores else "",
        d.gpu if d.gpu != "none" else "",
        f"{workers} worker process{'es' if workers != 1 else ''}" if workers else "",
    ]
    return ", ".join(p for p in parts if p)


def _gpu_name(g: Any) -> str:
    return str(g.get("name", g)) if isinstance(g, Mapping) else str(g)


def _list(v: Any) -> list[Any]:
    return list(v) if isinstance(v, list | tuple) else []


def _gpu_text(gpus: Sequence[str]) -> str:
    """``none``, ``NVIDIA H100``, ``2x NVIDIA H100``, ``NVIDIA H100, NVIDIA A100``."""
    if not gpus:
        return "none"
    if len(set(gpus)) == 1 and len(gpus) > 1:
        return f"{len(gpus)}x {gpus[0]}"
    return ", ".join(gpus)


def _blas_text(entry: Mapping[str, Any]) -> str:
    vendor = str(entry["vendor"])
    version = str(entry.get("version") or "")
    if len(version) > SHORT_VERSION:
        found = re.search(r"\d+(?:\.\d+)+", version)
        version = found.group(0) if found else ""
    return f"{vendor} {version}".strip()


# -- two machines ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One item of two machines' descriptions that differs: ``what`` ("CPU", "cores", "GPU",
    "Python", a library's name, "BLAS", "threads"), its text in A and in B ("" when absent)."""

    what: str
    a: str
    b: str

    def describe(self) -> str:
        """``numpy: 2.4.6 -> 2.5.0``; ``jax: (absent) -> 0.10.2``."""
        return f"{self.what}: {self.a or '(absent)'} -> {self.b or '(absent)'}"

    def to_dict(self) -> dict[str, str]:
        return {"what": self.what, "a": self.a, "b": self.b}


def differences(a: Mapping[str, Any], b: Mapping[str, Any]) -> tuple[Difference, ...]:
    """What differs between two machines' records, in the words of the Machines table: CPU
    model, cores, GPU, Python, each library's version, BLAS, thread policy (in that order).

    Args:
        a: the first record (a run's ``env``, or a machine's record).
        b: the second.
    """
    da, db = describe(a), describe(b)
    out = []
    for what in ITEMS:
        if what == "libraries":
            libs_a, libs_b = da.libraries or {}, db.libraries or {}
            out += [
                Difference(lib, libs_a.get(lib, ""), libs_b.get(lib, ""))
                for lib in dict.fromkeys([*libs_a, *libs_b])
                if libs_a.get(lib, "") != libs_b.get(lib, "")
            ]
            continue
        if da.item(what) != db.item(what):
            out.append(Difference(what, da.item(what), db.item(what)))
    return tuple(out)


# -- one run's machines ---------------------------------------------------------------------


def is_multi_machine(result: RunResult) -> bool:
    """Whether ``result`` holds cases from more than one machine (and so must be read one
    machine at a time)."""
    return len(result.machine_names) > 1


def descriptions(result: RunResult) -> list[Description]:
    """Each machine of ``result`` described, in order (the run's own for a run on one)."""
    names = result.machine_names
    if not names:
        return [describe(result.env)]
    return [describe(result.on_machine(m).env, m) for m in names]


def one_machine(result: RunResult) -> RunResult:
    """A run whose cases all ran on one machine of a cluster as that machine's own run (its
    record as ``env``); any other run as it is."""
    names = result.machine_names
    return result.on_machine(names[0]) if len(names) == 1 else result


def machine_view(result: RunResult, name: str) -> RunResult:
    """Machine ``name``'s sub-run, each experiment record holding that machine's answer as its
    ``"answer"`` (see :func:`answer_on`): what every report of one machine reads."""
    sub = result.on_machine(name)
    extra: dict[str, Any] = {}
    for key, rec in sub.extra.items():
        if _is_experiment(rec):
            rest = {k: v for k, v in rec.items() if k != "answers"}
            extra[key] = {**rest, "answer": answer_on(result, rec, name)}
        else:
            extra[key] = rec
    return replace(sub, extra=extra)


def answer_on(result: RunResult, record: Mapping[str, Any], name: str) -> Any:
    """An experiment's saved answer (``Answer.to_dict()``) on machine ``name``: its entry in
    ``"answers"``; an experiment without ``"answers"`` was answered on one machine only, the
    first that measured its workloads, and has its ``"answer"`` there and none (None) elsewhere.
    """
    answers = record.get("answers")
    if isinstance(answers, Mapping):
        return answers.get(name)
    workloads = {str(w) for w in record.get("workloads") or ()}
    first = next((c.machine for c in result.cases if c.workload in workloads and c.machine), None)
    return record.get("answer") if first in (None, name) else None


def _is_experiment(rec: Any) -> bool:
    return isinstance(rec, Mapping) and "question" in rec and "answer" in rec


# -- across machines ------------------------------------------------------------------------


@dataclass(frozen=True)
class CrossMachine:
    """One impl against its workload's reference, on each machine that measured both.

    Attributes:
        workload: the workload.
        series: the impl's series (workload, impl, backend, device, dtype).
        reference: the reference's series it is timed against.
        size: the largest size every machine listed measured both at.
        ratios: (machine, the impl's time over the reference's, with its 95% interval from the
            blocks measured side by side on that machine), in the run's order of machines.
    """

    workload: str
    series: Series
    reference: Series
    size: int
    ratios: tuple[tuple[str, Interval], ...]
    #: the workload has pairs in several dtypes: the label names the dtype
    show_dtype: bool = False

    @property
    def faster_on(self) -> tuple[str, ...]:
        """Machines where the impl is faster than the reference (the whole interval below 1)."""
        return tuple(m for m, iv in self.ratios if iv.high < 1)

    @property
    def slower_on(self) -> tuple[str, ...]:
        """Machines where the impl is slower (the whole interval above 1)."""
        return tuple(m for m, iv in self.ratios if iv.low > 1)

    @property
    def disagree(self) -> bool:
        """The machines disagree on which is faster: clearly faster on one, clearly slower on
        another (a tie inside the noise is no disagreement)."""
        return bool(self.faster_on and self.slower_on)

    @property
    def spread(self) -> float:
        """How far apart the machines' ratios are: the largest over the smallest (1: alike)."""
        values = [iv.value for _, iv in self.ratios if iv.value > 0 and math.isfinite(iv.value)]
        return max(values) / min(values) if len(values) > 1 else 1.0

    @property
    def label(self) -> str:
        """``torch/numpy``, ``loop/vectorized``, ``loop (python)/vectorized (numpy)``: the two
        series by what tells them apart (``from list/vectorized float32`` when the workload
        has pairs in several dtypes)."""
        a, b = pair_labels(self.series, self.reference)
        dtype = self.series[4]
        return f"{a}/{b}" + (f" {dtype}" if self.show_dtype and dtype == self.reference[4] else "")

    @property
    def tied_on(self) -> tuple[str, ...]:
        """Machines whose interval holds 1: they cannot tell the two apart."""
        return tuple(m for m, iv in self.ratios if iv.low <= 1 <= iv.high or math.isnan(iv.low))

    def text(self) -> str:
        """``torch/numpy time ratio at n=1e6: 1.7x [1.6–1.8] on host-a, 0.60x [0.58–0.63] on
        host-b; the machines disagree: torch is faster on host-b, slower on host-a``."""
        on = ", ".join(f"{format_ratio_with_interval(iv)} on {m}" for m, iv in self.ratios)
        line = f"{self.label} time ratio at n={format_size(self.size)}: {on}"
        who = pair_labels(self.series, self.reference)[0]
        every = len(self.ratios)
        if self.disagree:
            line += (
                f"; the machines disagree: {who} is faster on {_names(self.faster_on)}, "
                f"slower on {_names(self.slower_on)}"
            )
        elif len(self.faster_on) == every:
            line += "; faster on every machine"
        elif len(self.slower_on) == every:
            line += "; slower on every machine"
        elif self.faster_on or self.slower_on:
            clear = "faster" if self.faster_on else "slower"
            line += (
                f"; {who} is {clear} on {_names(self.faster_on or self.slower_on)}, "
                f"too close to call on {_names(self.tied_on)}"
            )
        return line

    def to_dict(self) -> dict[str, Any]:
        return {
            "workload": self.workload,
            "series": list(self.series),
            "reference": list(self.reference),
            "label": self.label,
            "size": self.size,
            "ratios": {m: iv.to_dict() for m, iv in self.ratios},
            "disagree": self.disagree,
            "text": self.text(),
        }


def _names(ms: Sequence[str]) -> str:
    return ", ".join(ms[:-1]) + f" and {ms[-1]}" if len(ms) > 1 else ms[0]


def pair_labels(series: Series, reference: Series) -> tuple[str, str]:
    """Two series named by the parts that tell them apart: the backends (``torch``,
    ``numpy``) when only they differ, the impls when only they do, else ``impl (backend)``;
    the dtype and device are added when they differ."""
    _, impl_a, backend_a, device_a, dtype_a = series
    _, impl_b, backend_b, device_b, dtype_b = reference
    if impl_a == impl_b:
        a, b = backend_a, backend_b
    elif backend_a == backend_b:
        a, b = impl_a, impl_b
    else:
        a, b = f"{impl_a} ({backend_a})", f"{impl_b} ({backend_b})"
    if a == b:  # only the device or dtype differ
        a, b = impl_a, impl_b
    if device_a != device_b:
        a, b = f"{a} {device_a}", f"{b} {device_b}"
    if dtype_a != dtype_b:
        a, b = f"{a} {dtype_a}", f"{b} {dtype_b}"
    return a, b


def cross_machine(result: RunResult, workloads: Iterable[str] | None = None) -> list[CrossMachine]:
    """Each impl against its workload's reference, machine by machine (see the module).

    Args:
        result: a run holding cases from several machines.
        workloads: the workloads to look at (default: all, in the run's order).

    Returns:
        One :class:`CrossMachine` per (impl series, reference series) pair measured on at least
        two machines, in the run's order of workloads and series; empty for a run on one
        machine.
    """
    names = result.machine_names
    if len(names) < 2:
        return []
    wanted = list(dict.fromkeys(c.workload for c in result.cases))
    if workloads is not None:
        chosen = set(workloads)
        wanted = [w for w in wanted if w in chosen]
    # For each machine: (series, reference series) -> size -> (case, reference case).
    pairs: dict[tuple[Series, Series], dict[str, dict[int, tuple[CaseResult, CaseResult]]]] = {}
    for m in names:
        sub = result.on_machine(m)
        for c in sub.cases:
            if c.workload not in wanted or c.reference or not _usable(c):
                continue
            ref = sub.reference_for(c)
            if ref is None or ref is c or not _usable(ref):
                continue
            at = pairs.setdefault((c.series, ref.series), {}).setdefault(m, {})
            at[c.size] = (c, ref)
    order = {w: i for i, w in enumerate(wanted)}
    dtypes: dict[str, set[str]] = {}
    for series, _ in pairs:
        dtypes.setdefault(series[0], set()).add(series[4])
    out = []
    for (series, reference), by_machine in pairs.items():
        on = [m for m in names if m in by_machine]
        if len(on) < 2:
            continue
        common = set.intersection(*(set(by_machine[m]) for m in on))
        if not common:
            continue
        n = max(common)
        ratios = []
        for m in on:
            c, ref = by_machine[m][n]
            assert c.measurement is not None and ref.measurement is not None
            ratios.append((m, time_ratio(c.measurement, ref.measurement)))
        several = len(dtypes[series[0]]) > 1
        out.append(CrossMachine(series[0], series, reference, n, tuple(ratios), several))
    out.sort(key=lambda x: order[x.workload])
    return out


def ranked(lines: Sequence[CrossMachine], limit: int) -> tuple[list[CrossMachine], int]:
    """The lines worth a compact view: those where the machines disagree first, then those
    whose ratios differ most from machine to machine; at most ``limit``, in the run's order,
    and how many were left out."""
    if len(lines) <= limit:
        return list(lines), 0
    best = sorted(range(len(lines)), key=lambda i: (not lines[i].disagree, -lines[i].spread))
    kept = sorted(best[:limit])
    return [lines[i] for i in kept], len(lines) - limit


def _usable(c: CaseResult) -> bool:
    from .claims import usable

    return usable(c)
