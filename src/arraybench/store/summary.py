"""A run as ``arraybench history`` lists it: its status, and one line on what it found."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base.units import format_size, format_time
from ..results import CaseResult

RUNNING, COMPLETE, INTERRUPTED = "running", "complete", "interrupted"
RUN_STATUSES = (RUNNING, COMPLETE, INTERRUPTED)


@dataclass(frozen=True)
class RunSummary:
    """One run as ``arraybench history`` lists it.

    Attributes:
        id: the run id (``YYYYMMDD-HHMMSS-xxxx``, UTC).
        started: when the run began, ISO 8601 UTC.
        finished: when it was finished ("" while running or when it never finished).
        status: ``running`` (still going, or killed before finishing), ``complete`` or
            ``interrupted``.
        machine: host name and CPU model.
        targets: what was asked to run (workload names or files; empty: the classic suite).
        n_cases: cases stored.
        n_failed: cases among them that failed.
        summary: one line on what the run found (verdicts, fastest impls).
    """

    id: str
    started: str
    finished: str
    status: str
    machine: str
    targets: tuple[str, ...]
    n_cases: int
    n_failed: int
    summary: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "started": self.started,
            "finished": self.finished,
            "status": self.status,
            "machine": self.machine,
            "targets": list(self.targets),
            "n_cases": self.n_cases,
            "n_failed": self.n_failed,
            "summary": self.summary,
        }


def summarize(cases: Sequence[CaseResult], extra: Mapping[str, Any], status: str) -> str:
    """One line on what a run found: each experiment's verdict, else the fastest impl of each
    workload at its largest size.

    Args:
        cases: the run's cases.
        extra: ``RunResult.extra`` (experiment records carry ``answer.verdict``).
        status: the run's status.

    Returns:
        The line ("" when there is nothing to say).
    """
    parts: list[str] = []
    for name, record in extra.items():
        if isinstance(record, Mapping) and isinstance(record.get("answer"), Mapping):
            verdict = record["answer"].get("verdict")
            if verdict:
                parts.append(f"{name} {verdict}")
    if not parts:
        by_workload: dict[str, list[CaseResult]] = {}
        for c in cases:
            if c.ok and c.measurement is not None:
                by_workload.setdefault(c.workload, []).append(c)
        for workload, ok in by_workload.items():
            top = max(c.size for c in ok)
            best = min((c for c in ok if c.size == top), key=_median)
            parts.append(
                f"{workload}: {best.impl} ({best.backend} {best.dtype}) fastest at "
                f"n={format_size(top)}, {format_time(_median(best))}"
            )
    line = "; ".join(parts)
    if status == INTERRUPTED:
        line = f"interrupted after {len(cases)} cases" + (f"; {line}" if line else "")
    return line


def _median(c: CaseResult) -> float:
    return c.measurement.median if c.measurement is not None else math.inf
