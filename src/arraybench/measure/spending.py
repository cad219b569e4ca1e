"""Adaptive spending: the cases a claim rests on are measured in two stages, the claims are
looked at in between, and the time of the cases whose answer is already settled goes to those
whose answer is still open.

    plan      which cases each question reads (a question: one part of a claim, and whether a
              run's results settle it): each question is asked of the planned cases, every one
              given the same placeholder timing, and the cases whose figures it reads are noted
    stage 1   every case measured as before, except those some question reads: they spend
              FIRST_SHARE of their budget
    look      each question asked of the stage-1 results, their intervals taken at the look's
              share of the error (LOOK_SHARES[0]); a case is settled when at least one question
              reads it and every question that reads it is settled: its verdict told by the
              interval and the interval within ``--target``. Settled cases stop there.
    stage 2   the other cases read by questions measured again, in the same worker processes,
              with the rest of their budget and the time the settled cases saved (at most
              EXTRA_MAX budgets more each); their blocks join their stage-1 blocks process by
              process, and their intervals are taken at LOOK_SHARES[1] of the error. A case
              whose one call outlasts its stage-1 share spent its whole budget there already
              (its minimum of samples): it ends at the look too

The stopping rule. Stopping when an interval looks good enough, and going on otherwise, picks
the intervals that happened to come out narrow or far from an edge: taken at their usual 95%,
the intervals of a run that stops when it likes hold the truth less often than 95% (each look
is another chance to stop on an unlucky interval). Here the looks are planned (two: after
stage 1 and at the end), and the error is split between them (Bonferroni): each look's
interval is taken at ``1 - share x 5%`` (97.5% for equal shares), so the chance that the
interval of *either* look misses is at most 5%, and the interval a case ends with, whichever
look it stopped at, holds at the stated 95% whatever the rule that chose the look. The cases
that no question reads are never looked at: measured in one go with their whole budget, their
intervals are the usual ones. A case's share is kept with its measurement
(``Measurement.alpha_share``), so an interval read again from the saved results is taken at the
same level. tests/measure/test_spending.py checks it on the fake two-state clock: the stated
intervals of many simulated runs hold the modelled truth at least as often as stated.

The cost of the split: a case a question reads has an interval wider than an even run's (a 97.5%
in place of a 95% interval: about 1.3x for an interval across 4 processes, 1.15x for one across
20 blocks), in exchange for half its budget when its answer is settled at the look.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from ..config import RunConfig
from ..measurement import Measurement
from ..results import OK, CaseResult, Floor, RunResult
from .plan import Case
from .sampling import _base_fields
from .timer import TimerSettings, quality_warnings

#: Where a run's results say what the look decided for each case a claim reads (``settled``:
#: stopped there; ``open``: measured on; ``spent``: open, but its budget spent in stage 1), by
#: case name (``RunResult.extra``).
SPENDING_KEY = "spending"
#: A part of a claim, as the runner sees it: asked of a run's results, True when they settle it.
Question = Callable[[RunResult], bool]

#: Share of its budget a case that a question reads spends before the look.
FIRST_SHARE = 0.5
#: Shares of the error (1 - level) of the two looks: after stage 1, and at the end. They add up
#: to 1 (Bonferroni); equal shares take both looks' intervals at 97.5% for a stated 95%.
LOOK_SHARES = (0.5, 0.5)
#: A case still open at the look gets at most this many budgets more than its own, from the
#: time the settled cases saved (the rest of that time is saved).
EXTRA_MAX = 1.0

#: The figures of a measurement that an interval, a ratio or a median is made from: a question
#: that touches one reads the case.
_FIGURES = frozenset(
    {
        "samples",
        "median",
        "interval",
        "interval_at",
        "block_medians",
        "block_samples",
        "by_round",
        "process_medians",
        "round_process",
        "ci",
        "min",
        "iqr",
    }
)
_SEEN: contextvars.ContextVar[set[int] | None] = contextvars.ContextVar("_SEEN", default=None)


class _Watched(Measurement):
    """A measurement that notes which case it belongs to when a question reads its figures."""

    _case: int

    def __getattribute__(self, name: str) -> Any:
        if name in _FIGURES:
            seen = _SEEN.get()
            if seen is not None:
                seen.add(object.__getattribute__(self, "_case"))
        return super().__getattribute__(name)


def _watched(m: Measurement, i: int) -> Measurement:
    w = _Watched(**{f.name: getattr(m, f.name) for f in fields(Measurement)})
    object.__setattr__(w, "_case", i)
    return w


def _ask(question: Question, result: RunResult) -> tuple[bool, frozenset[int]]:
    """Whether ``result`` settles ``question``, and the cases (indices) whose figures it read.
    A question that raises is open (and reads what it read before raising)."""
    seen: set[int] = set()
    token = _SEEN.set(seen)
    try:
        settled = bool(question(result))
    except Exception:
        settled = False
    finally:
        _SEEN.reset(token)
    return settled, frozenset(seen)


#: What every case is given when the questions are asked before anything is measured: six
#: blocks, enough for any interval, all alike.
_PLACEHOLDER = Measurement(
    samples=(1e-3,) * 6,
    loops=1,
    first_call=1e-3,
    blocks=(1,) * 6,
    rounds=tuple(range(6)),
)


@dataclass(frozen=True)
class Stages:
    """The adaptive spending of one run: which cases are measured in two stages, and how.

    Attributes:
        questions: the claim parts the run answers.
        read: indices (into the run's cases) of the cases some question reads.
        config: the run's settings (its budget and target).
        env: the run's environment (a claim may apply only with some BLAS, say).
    """

    questions: Sequence[Question]
    read: frozenset[int]
    config: RunConfig
    env: Mapping[str, Any]

    def first_budgets(self) -> dict[int, float]:
        """Each read case's budget in stage 1; the others spend the whole of theirs."""
        return {i: FIRST_SHARE * self.config.budget for i in self.read}

    def look(
        self, done: Mapping[int, CaseResult], held: Mapping[int, CaseResult]
    ) -> tuple[set[int], set[int]]:
        """Ask the questions of the finished cases and the read cases' stage-1 results
        (``held``, ok ones only); return (the held cases settled, those still open)."""
        cases: list[CaseResult] = []
        for i, case in sorted({**done, **held}.items()):
            m = case.measurement
            if m is None:
                cases.append(case)
                continue
            if i in held:
                m = replace(m, alpha_share=LOOK_SHARES[0])
            cases.append(replace(case, measurement=_watched(m, i)))
        result = RunResult(cases=tuple(cases), env=self.env, config=self.config.to_dict())
        vouched: set[int] = set()  # read by some question
        open_: set[int] = set()
        for q in self.questions:
            settled, reads = _ask(q, result)
            vouched |= reads
            if not settled:
                open_ |= reads
        open_ = {i for i in held if i in open_ or i not in vouched}
        return set(held) - open_, open_

    def second_budgets(
        self, held: Mapping[int, CaseResult], settled: set[int], open_: set[int]
    ) -> dict[int, float]:
        """Stage 2's budget of each open case that has some of its own budget left: the rest
        of it, and a fair share of the time the settled cases saved, at most EXTRA_MAX budgets.
        An open case that spent its whole budget in stage 1 already (one call of it takes more
        than its share: a stage of its own would take its minimum of samples again) is not
        measured again: it ends with its stage-1 blocks, as a settled case does."""
        budget = self.config.budget
        saved = sum(max(0.0, budget - spent(held[i])) for i in settled)
        rest = {i: budget - spent(held[i]) for i in sorted(open_)}
        going = {i: r for i, r in rest.items() if r > 0}
        extra = min(EXTRA_MAX * budget, saved / len(going)) if going else 0.0
        return {i: r + extra for i, r in going.items()}

    def stopped(self, first: CaseResult, floor: Floor | None) -> CaseResult:
        """A case that ends at the look: its stage-1 result, its intervals at the look's
        share."""
        m = first.measurement
        assert m is not None
        m = replace(m, alpha_share=LOOK_SHARES[0])
        whole = max(FIRST_SHARE * self.config.budget, spent(first))
        return replace(first, measurement=self._warned(m, whole, floor))

    def merged(
        self, first: CaseResult, second: CaseResult, budget: float, floor: Floor | None
    ) -> CaseResult:
        """An open case's result: its two stages' blocks together (process by process), its
        intervals at the end's share; or stage 2's failure."""
        if not second.ok or second.measurement is None or first.measurement is None:
            return second
        m = replace(merge(first.measurement, second.measurement), alpha_share=LOOK_SHARES[1])
        return replace(first, measurement=self._warned(m, budget, floor))

    def _warned(self, m: Measurement, budget: float, floor: Floor | None) -> Measurement:
        settings = TimerSettings(
            budget=budget, target=self.config.target, max_samples=self.config.max_samples
        )
        return replace(m, warnings=quality_warnings(m, settings, floor))


def spent(result: CaseResult) -> float:
    """Seconds of its budget a case has spent (all its processes together): its time less its
    first calls."""
    m = result.measurement
    if m is None:
        return 0.0
    return max(0.0, m.elapsed - m.first_call * len(m.processes or (1,)))


def plan(
    questions: Sequence[Question],
    cases: Sequence[Case],
    config: RunConfig,
    env: Mapping[str, Any],
) -> Stages | None:
    """The stages of a run that answers ``questions``, or None when it needs none (no question
    reads any case)."""
    if not questions:
        return None
    placeholders = tuple(
        CaseResult(status=OK, measurement=_watched(_PLACEHOLDER, i), **_base_fields(c))
        for i, c in enumerate(cases)
    )
    result = RunResult(cases=placeholders, env=env, config=config.to_dict())
    read: set[int] = set()
    for q in questions:
        read |= _ask(q, result)[1]
    return Stages(tuple(questions), frozenset(read), config, env) if read else None


def merge(first: Measurement, second: Measurement) -> Measurement:
    """One measurement from two stages of the same case taken in the same processes: each
    process's blocks of stage 1, then its blocks of stage 2 (one process: all of them)."""
    firsts = list(_by_process(first))
    seconds = list(_by_process(second))
    if len(firsts) != len(seconds):
        raise ValueError("the two stages were measured in different numbers of processes")
    samples: list[float] = []
    blocks: list[int] = []
    rounds: list[int] = []
    per_process: list[int] = []
    for a, b in zip(firsts, seconds, strict=True):
        for part in (a, b):
            samples += part[0]
            blocks += part[1]
            rounds += part[2]
        per_process.append(len(a[1]) + len(b[1]))
    return Measurement(
        samples=tuple(samples),
        loops=first.loops,
        first_call=first.first_call,  # the true first call was stage 1's
        warmup_calls=first.warmup_calls + second.warmup_calls,
        stop="max_samples" if "max_samples" in (first.stop, second.stop) else "budget",
        elapsed=first.elapsed + second.elapsed,
        blocks=tuple(blocks),
        rounds=tuple(rounds),
        processes=tuple(per_process) if first.processes is not None else None,
        alpha_share=min(first.alpha_share, second.alpha_share),
    )


def _by_process(m: Measurement) -> Iterator[tuple[list[float], list[int], list[int]]]:
    """(samples, blocks, rounds) of each process of ``m`` (one, when it ran in one)."""
    if m.blocks is None or m.rounds is None:
        raise ValueError("only measurements taken in blocks can be merged")
    counts = m.processes or (len(m.blocks),)
    b = s = 0
    for k in counts:
        blocks = list(m.blocks[b : b + k])
        n = sum(blocks)
        yield list(m.samples[s : s + n]), blocks, list(m.rounds[b : b + k])
        b += k
        s += n
