"""What ``arraybench profile`` reports: its findings, the hot lines with no finding, and the
report that holds them (JSON version 1). Plain records; advise/confirm.py makes them,
advise/profile_out.py renders them."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from .launch import Outcome
from .ledger import Count
from .rules import RULES, WARNING, OfRule, Rule

#: A finding under this share of the run is counted, not listed (``--all`` lists it).
LIST_SHARE = 0.01

RUN = "run"  # a finding the run made
LINT = "lint"  # a finding lint made and the run confirmed


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

    @property
    def rule(self) -> Rule:
        return RULES[self.code] if self.code in RULES else RUN_RULES[self.code]

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
            "count_kind": None
            if self.count is None
            else (
                "counted" if self.count.exact else "at least" if self.count.at_least else "scaled"
            ),
            "evidence": self.evidence,
            "facts": self.facts,
            "snippet": self.snippet,
            "function": self.function,
            "gain": None if self.gain is None else list(self.gain),
            "dropped": self.dropped,
            "was_possible": self.was_possible,
            "message": self.message,
            "rewrite": self.rewrite,
        }


#: Codes only a run gives: name, message, rewrite.
RUN_RULES: dict[str, Rule] = {
    "AB406": Rule(
        "AB406",
        "element-recurrence",
        WARNING,
        "a recurrence (each step needs the one before) taken element by element on arrays or "
        "tensors: every step pays the array library's per-call cost on one element or a tiny "
        "array, and no whole-array rewrite exists",
        "keep the loop but run it on Python floats and lists (x.tolist() once, np.array once "
        "after), or compile it: numba.njit, jax.lax.scan / fori_loop, torch.jit.script",
    ),
    "AB407": Rule(
        "AB407",
        "invariant-solve",
        WARNING,
        "a linear system solved on every iteration with a matrix that does not change in the "
        "loop: each call factors the matrix again (O(n^3)) for an O(n^2) solve",
        "factor once before the loop: lu = scipy.linalg.lu_factor(A), then "
        "scipy.linalg.lu_solve(lu, b) in the loop (cho_factor/cho_solve for a symmetric "
        "positive definite A, solve_banded for a banded one)",
    ),
    "AB405": Rule(
        "AB405",
        "dispatch-loop",
        WARNING,
        "a Python loop of many small JAX steps: each step pays JAX's dispatch and waits for its "
        "result, so the loop is bound by call overhead, not by the arithmetic",
        "jit the whole step and run the loop inside JAX: jax.lax.fori_loop(0, n, step, state) "
        "or jax.lax.scan (one dispatch for all the steps)",
    ),
    "AB404": Rule(
        "AB404",
        "recompile",
        WARNING,
        "a jitted function compiled again and again at this line: new shapes, dtypes or static "
        "arguments on each call, or a fresh function each time",
        "keep shapes fixed (pad to a few sizes), pass changing values as arguments rather than "
        "static ones, and jit once outside the loop",
    ),
}


@dataclass(frozen=True)
class HotLine:
    """A line where much of the run's time goes, with no known pattern."""

    path: str
    line: int
    seconds: float
    share: float
    count: Count | None
    snippet: str
    facts: dict[str, str]

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "seconds": self.seconds,
            "share": self.share,
            "count": None if self.count is None else self.count.n,
            "snippet": self.snippet,
            "facts": self.facts,
        }


@dataclass(frozen=True)
class ProfileReport:
    """What ``arraybench profile`` found.

    Attributes:
        target: what ran (``train.py --epochs 2``).
        outcome: its exit status and crash, if any.
        wall: seconds from its first line to its end under the profiler.
        program: seconds the program itself took (the sampled time, the profiler's cost out).
        overhead: seconds the line timer added (estimated: hits x the measured cost of a hit).
        hit_cost: what one traced line cost (seconds), as measured before the run.
        findings: the listed findings, costliest first.
        unlisted: findings under LIST_SHARE of the run, costliest first.
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

    def rel(self, path: str) -> str:
        try:
            return os.path.relpath(path, self.root) if self.root else path
        except ValueError:
            return path

    def to_dict(self) -> dict[str, Any]:
        return {
            # 1: the first version of the profile report
            "version": 1,
            "target": self.target,
            "exit_status": self.outcome.status,
            "error": self.outcome.error,
            "wall_seconds": self.wall,
            "program_seconds": self.program,
            "overhead_seconds": self.overhead,
            "hit_cost_seconds": self.hit_cost,
            "samples": self.samples,
            "root": self.root,
            "files": list(self.files),
            "findings": [f.to_dict() for f in self.findings],
            "unlisted": [f.to_dict() for f in self.unlisted],
            "dropped": [f.to_dict() for f in self.dropped],
            "hot_lines": [h.to_dict() for h in self.hot],
            "notes": list(self.notes),
        }
