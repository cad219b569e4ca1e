"""What the commands find, as records: lint's diagnostics and report, profile's findings, hot
lines and report, and their JSON (``to_dict``: versioned formats). The rules make them
(advise/rules/), the output writes them (advise/output/).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .codes import RULES, RUN_RULES, OfRule, Rule, rule

if TYPE_CHECKING:  # (annotations only: lint's records need nothing of the run)
    from .run.launch import Outcome
    from .run.ledger import Count


# -- lint ------------------------------------------------------------------------------------

#: Diagnostic.confidence: the code shows the pattern runs many times (or outside loops) ...
SURE = "sure"

#: ... or it sits in loops of no known count: slow only if they run many times.
POSSIBLE = "possible"

#: What a possible finding means, as the text report and SARIF say it.
POSSIBLE_NOTE = (
    "possible: slow only if the loops around it run many times; the code does not show how many"
)


@dataclass(frozen=True)
class Diagnostic(OfRule):
    """One pattern found at one place.

    Attributes:
        path: the file, as given (or found below a directory given).
        line: 1-based line of the flagged statement or expression.
        col: 1-based column.
        code: the rule's code.
        snippet: the flagged source, shortened to one line.
        confidence: ``"sure"`` when the code shows the pattern runs many times (or runs
            outside any loop), ``"possible"`` when it sits in loops whose count the code does
            not show (``for c in coefs``: three or a million); see advise/read/counts.py.
        why: for a possible finding, what leaves it possible when that is not the count
            (``note`` gives the sentence either way).
    """

    path: str
    line: int
    col: int
    code: str
    snippet: str = ""
    confidence: str = "sure"
    why: str = ""

    @property
    def note(self) -> str:
        """For a possible finding, what would make it slow (what to check); else ""."""
        return "" if self.confidence == SURE else (self.why or POSSIBLE_NOTE)

    @property
    def rule(self) -> Rule:
        return rule(self.code)

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "col": self.col,
            "code": self.code,
            "name": self.rule.name,
            "severity": self.severity,
            "message": self.message,
            "rewrite": self.rewrite,
            "snippet": self.snippet,
            "confidence": self.confidence,
            "note": self.note,
        }


@dataclass(frozen=True)
class FileError:
    """A file that could not be analysed (unreadable, not UTF-8, a syntax error)."""

    path: str
    message: str
    line: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "line": self.line, "message": self.message}


@dataclass(frozen=True)
class LintReport:
    """What a lint run found.

    Attributes:
        diagnostics: every pattern found, by path and line.
        errors: files that could not be analysed, with the reason.
        files: how many files were read.
        lines: how many lines they hold.
    """

    diagnostics: tuple[Diagnostic, ...]
    errors: tuple[FileError, ...] = ()
    files: int = 0
    lines: int = 0
    #: possible findings (in loops of no known count) left out: ``possible=True`` keeps them
    possible_left_out: int = 0

    @property
    def clean(self) -> bool:
        return not self.diagnostics and not self.errors

    def to_dict(self) -> dict[str, Any]:
        counts: dict[str, int] = {}
        for d in self.diagnostics:
            counts[d.code] = counts.get(d.code, 0) + 1
        return {
            # 2: each diagnostic has a confidence; possible_left_out counts those not listed
            "version": 2,
            "files": self.files,
            "lines": self.lines,
            "possible_left_out": self.possible_left_out,
            "diagnostics": [d.to_dict() for d in self.diagnostics],
            "errors": [e.to_dict() for e in self.errors],
            "counts": dict(sorted(counts.items())),
        }


# -- profile ---------------------------------------------------------------------------------

#: A finding under this share of the run is not a finding worth keeping apart from the lines
#: around it: the rules make none below it, and "where the time goes" shows no line below it.
LIST_SHARE = 0.01

#: A finding is listed by default only when rewriting it would save at least this share of the
#: run; the others are counted (``--all`` lists them). Readers of real code judged a finding worth
#: a change from 5% of the run: the ones under it were priced right and still not worth one
#: (docs/profile.md, "Real code no one here wrote").
WORTH_SHARE = 0.05

RUN = "run"  # a finding the run made
LINT = "lint"  # a finding lint made and the run confirmed


@dataclass(frozen=True)
class Proof:
    """The ``arraybench verify`` call that would prove a rewrite of a finding's function, made
    from the values the function took in the run (advise/rules/proof.py).

    Attributes:
        function: the function to rewrite.
        options: verify's options the values call for (``--backend torch``, ``--dtype``).
        builder: when verify's default inputs (one 1-D float64 array of n values per data
            parameter) are not what the function took: each parameter and the value seen, which
            a ``make(n, rng)`` given with ``--inputs`` must return; empty when they fit.
        unseen: the data parameters the run saw no value of (a builder must make them too).
        no_params: the function takes no data parameter (a builder must give its arguments).
    """

    function: str
    options: tuple[str, ...] = ()
    builder: tuple[tuple[str, str], ...] = ()
    unseen: tuple[str, ...] = ()
    no_params: bool = False

    @property
    def needs_builder(self) -> bool:
        return bool(self.builder or self.unseen or self.no_params)

    def to_dict(self) -> dict[str, Any]:
        return {
            "function": self.function,
            "options": list(self.options),
            "builder": dict(self.builder),
            "unseen": list(self.unseen),
            "needs_builder": self.needs_builder,
        }


@dataclass(frozen=True)
class Finding(OfRule):
    """One slow pattern at one place, with what the run measured of it.

    Attributes:
        path: the file.
        line: the line reports name (a loop's ``for`` line, a call's line).
        end: the last line of the loop or statement whose time is counted.
        code: the rule's code (``AB201``).
        origin: ``lint`` (found in the source, confirmed by the run) or ``run`` (seen only
            by running).
        seconds: the measured time of the loop or statement, the profiler's cost taken out.
        share: of the program's time.
        count: how many times the line ran (iterations, for a loop).
        evidence: the measured facts in words (``12,000 syncs, 0.26 µs each``).
        facts: the values seen at the line, by name.
        snippet: the line's source.
        function: the function holding it (``""`` at module level).
        gain: what the rewrite would save, seconds ``(low, high)``; None without a model.
        dropped: why the run refutes it ("" when it stands).
        was_possible: lint had it possible (its count unknown to the source).
        proof: the verify call that would prove a rewrite of its function, or None.
        fix_of: the line of another finding of the file whose fix this line is (the line
            that makes a float64 value another line meets float32 work with): the same
            saving, counted once; None for a finding of its own.
    """

    path: str
    line: int
    end: int
    code: str
    origin: str
    seconds: float
    share: float
    count: Count | None
    evidence: str
    facts: dict[str, str] = field(default_factory=dict)
    snippet: str = ""
    function: str = ""
    gain: tuple[float, float] | None = None
    dropped: str = ""
    was_possible: bool = False
    proof: Proof | None = None
    fix_of: int | None = None

    @property
    def rule(self) -> Rule:
        return RULES[self.code] if self.code in RULES else RUN_RULES[self.code]

    @property
    def saves(self) -> float:
        """The share of the run the rewrite would save: the middle of the priced interval, at
        most the finding's stated share (where that is the saving itself, a wide interval's
        middle is no better a figure: round 16's AB412 at 2.8% of the run, priced 0-24%, was
        listed on its 12% middle and saved nothing), or its whole share where it has no price."""
        if self.gain is None or self.seconds <= 0:
            return self.share
        return min(self.share, (self.gain[0] + self.gain[1]) / 2 * self.share / self.seconds)

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "end_line": self.end,
            "code": self.code,
            "name": self.name,
            "origin": self.origin,
            "seconds": self.seconds,
            "share": self.share,
            "count": None if self.count is None else self.count.n,
            "count_kind": _count_kind(self.count),
            "evidence": self.evidence,
            "facts": self.facts,
            "snippet": self.snippet,
            "function": self.function,
            "gain": None if self.gain is None else list(self.gain),
            "dropped": self.dropped,
            "was_possible": self.was_possible,
            "verify": None if self.proof is None else self.proof.to_dict(),
            "message": self.message,
            "rewrite": self.rewrite,
            "fix_of": self.fix_of,
        }


def _count_kind(count: Count | None) -> str | None:
    if count is None:
        return None
    return "counted" if count.exact else "at least" if count.at_least else "scaled"


@dataclass(frozen=True)
class HotLine:
    """A line where much of the run's time goes, with no finding.

    Attributes:
        closest: the closest known kind (``AB101``), or "" when none is close.
        hint: that kind and the run's evidence for or against it ("looks like AB101 (element
            loop, line 12) but runs 3 iterations per entry"), or where the time is ("no known
            pattern: the time is in numpy.linalg.svd"); "" in a report of version 1.
        calls: the library calls the line's time is in, most first.
    """

    path: str
    line: int
    seconds: float
    share: float
    count: Count | None
    snippet: str
    facts: dict[str, str]
    closest: str = ""
    hint: str = ""
    calls: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "seconds": self.seconds,
            "share": self.share,
            "count": None if self.count is None else self.count.n,
            "count_kind": _count_kind(self.count),
            "snippet": self.snippet,
            "facts": self.facts,
            "closest": self.closest or None,
            "hint": self.hint,
            "calls": list(self.calls),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HotLine:
        """A hot line of a report's JSON, of version 1 (no closest kind, hint or calls; its
        count's kind unknown, read as scaled) or 2."""
        from .run.ledger import Count

        n, kind = d.get("count"), d.get("count_kind")
        count = (
            None
            if n is None
            else Count(int(n), exact=kind == "counted", at_least=kind == "at least")
        )
        return cls(
            path=str(d["path"]),
            line=int(d["line"]),
            seconds=float(d["seconds"]),
            share=float(d["share"]),
            count=count,
            snippet=str(d.get("snippet", "")),
            facts=dict(d.get("facts") or {}),
            closest=str(d.get("closest") or ""),
            hint=str(d.get("hint") or ""),
            calls=tuple(d.get("calls") or ()),
        )


@dataclass(frozen=True)
class ProfileReport:
    """What ``arraybench profile`` found.

    Attributes:
        target: what ran (``train.py --epochs 2``).
        outcome: its exit status and crash, if any.
        wall: seconds from its first line to its end under the profiler.
        program: seconds the program itself took (the sampled time, the profiler's cost out).
        overhead: seconds the line timer and the loop counters added (estimated: hits x the
            measured cost of a hit, the counters' runs x their measured cost).
        hit_cost: what one traced line cost (seconds), as measured before the run.
        findings: the listed findings, the largest saving first.
        unlisted: findings whose rewrite would save under WORTH_SHARE of the run, costliest
            first.
        dropped: candidates the run refuted, with the reason.
        hot: the costliest lines with no finding.
        files: the user's files that ran.
        samples: how many stack samples the times come from.
        notes: what the reader should know about this run's figures.
        root: the folder paths are shown relative to.
    """

    target: str
    outcome: Outcome
    wall: float
    program: float
    overhead: float
    hit_cost: float
    findings: tuple[Finding, ...]
    unlisted: tuple[Finding, ...]
    dropped: tuple[Finding, ...]
    hot: tuple[HotLine, ...]
    files: tuple[str, ...]
    samples: int
    notes: tuple[str, ...] = ()
    root: str = ""
    #: per file, per line: inclusive seconds and count (the HTML page's columns)
    line_times: dict[str, dict[int, tuple[float, Count | None]]] = field(default_factory=dict)
    #: seconds of ``overhead`` that the loop counters took (advise/run/loopcount.py)
    counters: float = 0.0
    #: the share of the run the listed findings hold together, each sample counted once (one
    #: inside another is not added twice); None: the sum of their shares, at most the run
    together: float | None = None
    #: the same for the findings not listed (each rewrite saving under WORTH_SHARE)
    unlisted_together: float | None = None

    @property
    def findings_share(self) -> float:
        """What the listed findings cost together, as a share of the run (at most 1)."""
        return _together(self.findings, self.together)

    @property
    def unlisted_share(self) -> float:
        """What the findings not listed cost together, as a share of the run (at most 1)."""
        return _together(self.unlisted, self.unlisted_together)

    def rel(self, path: str) -> str:
        try:
            return os.path.relpath(path, self.root) if self.root else path
        except ValueError:
            return path

    def to_dict(self) -> dict[str, Any]:
        return {
            # 1: the first version of the profile report
            # 2: each hot line has its closest known kind, a hint (the kind and the evidence
            #    for or against it, or the library call its time is in), the calls and its
            #    count's kind (HotLine.from_dict reads both)
            # 3: a finding's ``fix_of``, the line of the finding whose fix it is (the line
            #    that makes the float64 value another meets float32 work with), or null
            "version": 3,
            "target": self.target,
            "exit_status": self.outcome.status,
            "error": self.outcome.error,
            "wall_seconds": self.wall,
            "program_seconds": self.program,
            "overhead_seconds": self.overhead,
            "counters_seconds": self.counters,
            "hit_cost_seconds": self.hit_cost,
            "samples": self.samples,
            "root": self.root,
            "files": list(self.files),
            "findings_share": self.findings_share,
            "findings": [f.to_dict() for f in self.findings],
            "unlisted": [f.to_dict() for f in self.unlisted],
            "dropped": [f.to_dict() for f in self.dropped],
            "hot_lines": [h.to_dict() for h in self.hot],
            "notes": list(self.notes),
        }


def _together(found: tuple[Finding, ...], union: float | None) -> float:
    share = sum(f.share for f in found if f.fix_of is None)
    if union is not None:
        share = min(share, union)
    return min(share, 1.0)
