"""A candidate as the families judge it, and what a family does where it has nothing to add:
the finding as lint placed it, no refutation of its own, confirmed as it is, no price."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...read.source import Loop, SourceFile
    from ...records import Finding
    from ...run.values import Fact
    from ..patterns.base import Analysis


@dataclass(frozen=True)
class Candidate:
    """A finding with what judging it reads: the line lint named (``line``; the finding may
    stand elsewhere, on its loop's line), the values seen there, its loop, its source."""

    f: Finding
    facts: dict[str, Fact]
    loop: Loop | None
    sf: SourceFile
    line: int


class Plain:
    """The hooks that leave a finding as it is (a family overrides what it owns)."""

    codes: frozenset[str] = frozenset()

    def locate(self, a: Analysis, c: Candidate) -> Finding:
        return c.f

    def refute(self, a: Analysis, c: Candidate) -> str:
        return ""

    def settle(self, a: Analysis, c: Candidate) -> Finding:
        return c.f

    def price(self, a: Analysis, c: Candidate) -> tuple[float, float] | None:
        return None
