"""What a pattern reads of a run: the :class:`Analysis` it is handed (rules/confirm.py's class
is the one), described here so that a pattern imports nothing above it (the package imports one
way: tests/test_layers.py counts imports for type annotations too)."""

from __future__ import annotations

from typing import Protocol

from ...read.source import Loop, SourceFile
from ...records import Finding
from ...run.ledger import Count, Ledger
from ...run.models import Costs
from ...run.observe import Evidence
from ...run.values import Fact


class Analysis(Protocol):
    """One run's evidence, and the findings so far.

    Attributes:
        ev: the run's evidence (values seen at lines, compilations, syncs, samples).
        led: its time and counts by line, the profiler's cost taken out.
        total: the program's own time, seconds.
        on_cpu: the part of the run's wall time the process was on a CPU, 0.2-1: a step's wall
            time times this is its CPU time, what per-step limits are in (a loaded machine
            stretches a step's wall time, not its work).
        costs: per-call costs measured in this process after the run.
        found: the findings so far, by (path, line).
        dropped: candidates the run refuted, each with its reason.
        grown_at: lint's AB107 held at its loop's line, by (path, loop line): the growing
            statement's line, where it is told once the rules have run.
        held: lines whose whole work a finding elsewhere takes out (no finding of their own).
    """

    ev: Evidence
    led: Ledger
    total: float
    on_cpu: float
    costs: Costs
    found: dict[tuple[str, int], Finding]
    dropped: list[Finding]
    held: set[tuple[str, int]]
    grown_at: dict[tuple[str, int], int]

    def finding(
        self,
        sf: SourceFile,
        line: int,
        code: str,
        loop: Loop | None = None,
        origin: str = ...,
        was_possible: bool = False,
    ) -> tuple[Finding, dict[str, Fact]]:
        """A finding at ``line`` with its measured time, count and values (a loop's, with
        ``loop``); the caller adds the evidence and the gain."""
        ...

    def loop_counts(self, path: str, lp: Loop) -> tuple[Count, float]:
        """A loop's iterations over the run, and per entry."""
        ...

    def nest_counts(self, sf: SourceFile, lp: Loop) -> tuple[Count, float]:
        """:meth:`loop_counts` of a loop, or of the perfect nest it heads (its innermost
        loop's iterations, and those per entry of the outer loop)."""
        ...

    def recompiling(self, key: tuple[str, int]) -> bool:
        """Whether the run's compilations at a line make it a recompiling one (AB404)."""
        ...

    def covered(self, path: str, line: int) -> bool:
        """Whether a finding so far holds the line."""
        ...

    def budget(self) -> float:
        """Seconds a measurement after the run may take."""
        ...

    def more_evidence(self, f: Finding, sf: SourceFile) -> str:
        """The finding's evidence with the syncs, compilations and causes seen on its lines."""
        ...

    def gain(
        self, f: Finding, facts: dict[str, Fact], loop: Loop | None, sf: SourceFile
    ) -> tuple[float, float] | None:
        """What the rewrite of a loop, a conversion or a sync saves, as an interval."""
        ...
