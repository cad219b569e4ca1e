"""What ``arraybench run`` says of what it kept: when it resumes a run, when a resumed run ends,
and when it is stopped. Every count comes from the store or from what was stored, so a message
never promises more than a ``--resume`` will find.
"""

from __future__ import annotations

import signal
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..config import RunConfig
from ..results import CaseResult

#: The parts an interrupted run kept: by case, then by process (``Store.parts``).
Parts = Mapping[tuple[Any, ...], Mapping[int, CaseResult]]


@dataclass
class Tally:
    """What a command kept from before (resumed) and what it stored itself.

    Attributes:
        kept_cases: finished cases a resumed run took as they were.
        kept_parts: process parts of unfinished cases it took.
        kept_partial: the cases those parts belong to.
        parts: process parts this command measured and stored.
        cases: cases this command finished and stored.
    """

    kept_cases: int = 0
    kept_parts: int = 0
    kept_partial: int = 0
    parts: int = 0
    cases: int = 0

    @classmethod
    def resumed(cls, cases: int, parts: Parts) -> Tally:
        return cls(cases, sum(len(v) for v in parts.values()), len(parts))


def _kept(cases: int, parts: int, partial: int) -> str:
    """``3 finished cases and 17 process parts of 6 others``, ``4 process parts of 3 cases``."""
    whole = f"{cases} finished case{'' if cases == 1 else 's'}"
    of = f"{parts} process part{'' if parts == 1 else 's'} of {partial}"
    if not parts:
        return whole
    if not cases:
        return f"{of} case{'' if partial == 1 else 's'}"
    return f"{whole} and {of} other{'' if partial == 1 else 's'}"


def whole_only(config: RunConfig) -> str:
    """Why some cases of this run are kept only once finished (empty when none are): a case
    measured in several processes is kept process by process, except where those parts cannot
    be taken back on their own."""
    notes = []
    if config.cluster is not None and config.processes > 1:
        notes.append(
            "on a cluster a case is kept once all its processes have measured it: its parts "
            "are measured again"
        )
    if config.spending == "adaptive" and config.processes > 1:
        notes.append(
            "with --spending adaptive the cases a claim reads are kept once finished: their "
            "two stages continue each other in the same processes"
        )
    return "; ".join(notes)


def resuming(run_id: str, tally: Tally, config: RunConfig) -> str:
    """The line a resumed run starts with: what it kept, and what it will measure."""
    kept = _kept(tally.kept_cases, tally.kept_parts, tally.kept_partial)
    note = whole_only(config)
    return (
        f"resuming run {run_id}: kept {kept}; measuring only what is missing"
        f"{f' ({note})' if note else ''}"
    )


def resumed(run_id: str, tally: Tally, config: RunConfig) -> str:
    """The line a resumed run ends with: what was kept, and what was measured now."""
    kept = _kept(tally.kept_cases, tally.kept_parts, tally.kept_partial)
    if config.processes > 1 and config.cluster is None:
        now = f"{tally.parts} process part{'' if tally.parts == 1 else 's'} measured now"
    else:
        now = f"{tally.cases} case{'' if tally.cases == 1 else 's'} measured now"
    return f"run {run_id} resumed: {kept} kept from before, {now}"


def stopped(
    run_id: str, cases: int, parts: Parts, config: RunConfig, e: BaseException | None
) -> str:
    """What an interrupted run says it stored (``e``: the interruption; None: an error)."""
    n_parts = sum(len(v) for v in parts.values())
    kept = _kept(cases, n_parts, len(parts))
    if e is None:
        return (
            f"arraybench: {kept} measured before the error are stored as run {run_id} "
            f"(interrupted); 'arraybench show {run_id}' shows the finished ones"
        )
    signum = getattr(e, "signum", signal.SIGINT)
    how = "SIGINT (Ctrl-C)" if signum == signal.SIGINT else signal.Signals(signum).name
    note = whole_only(config)
    if not cases and not n_parts:
        return (
            f"arraybench: stopped by {how} before any case or process part was finished: run "
            f"{run_id} is stored as interrupted, and the same command with --resume measures it "
            "from the start"
        )
    show = f"; 'arraybench show {run_id}' shows the finished cases" if cases else ""
    return (
        f"arraybench: stopped by {how}. Stored as run {run_id} (interrupted): {kept}. Run the "
        f"same command with --resume to measure only what is missing{f' ({note})' if note else ''}"
        f"{show}"
    )
