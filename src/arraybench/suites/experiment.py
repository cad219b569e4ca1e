"""Experiments: a question, the published claim it tests, the workloads that answer it, and the
function that turns their results into a plain-language answer.

An experiment module in ``suites/classic/`` defines one module-level :class:`Experiment`::

    EXPERIMENT = Experiment(
        name="sin2",
        question="Why is a PyTorch model 10x slower than a pure Python function?",
        claim="For small inputs a Python list comprehension beats PyTorch ...",
        workloads=[sin2],
        answer=answer,                 # (RunResult, extra) -> Answer, from saved results alone
    )

Quick runs use each workload's own ``quick_sizes``.

``extra`` is for measurements that are not timings of cases (a line-by-line profile, a check of
whether two arrays share memory); it runs after the cases, its output is saved with the results
(``RunResult.extra[experiment name]``) and handed to ``answer``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

from ..analysis.claims import (
    AGREES,
    DISAGREES,
    PARTLY,
    UNTESTED,
    Answer,
    Claim,
    Judgement,
    conclude,
    judge,
    settles,
    usable,
)
from ..base.stats import Interval
from ..config import RunConfig
from ..measure import canary
from ..measure.canary import CANARY_KEY
from ..measure.runner import Select
from ..measure.walltime import REPORTING, WALL, extras
from ..measurement import time_ratio
from ..results import CaseResult, RunResult, TimeSplit
from ..workload import Workload

__all__ = [
    "AGREES",
    "DISAGREES",
    "PARTLY",
    "UNTESTED",
    "Answer",
    "Claim",
    "Experiment",
    "combine",
    "env_summary",
    "faster",
    "first_size_faster",
    "median",
    "ratio",
    "run_experiment",
    "series",
    "verdict",
]


@dataclass
class Experiment:
    name: str
    title: str
    question: str
    claim: str
    workloads: Sequence[Workload]
    answer: Callable[[RunResult, Mapping[str, Any]], Answer]
    extra: Callable[[RunConfig], Mapping[str, Any]] | None = None
    #: the published claim as data: each part an interval on a named quantity.
    claims: Sequence[Claim] = ()
    #: the planned cases -> those the answer reads, and the Skips of the rest (an experiment
    #: that measures some impls at some sizes only: loops); None measures every one.
    select: Select | None = None


def run_experiment(
    exp: Experiment, config: RunConfig, **run_kwargs: Any
) -> tuple[RunResult, Answer]:
    """Run an experiment's cases, then its extra measurements, then answer its question.

    The answer and the extra data are saved in ``RunResult.extra[exp.name]`` so that the answer
    can be given again from the saved file. A run on several machines (``cluster``) is answered
    on each: ``"answers"`` holds each machine's answer by name, and ``"answer"`` (returned) is
    the first machine's. The extra measurements are taken where this function runs.
    """
    from ..measure.runner import run

    since, t0 = WALL.totals(), time.perf_counter()
    # The claim parts steer adaptive spending: cases whose answer is settled stop early.
    questions = [settles(c, config.target) for c in exp.claims]
    result = run(list(exp.workloads), config, select=exp.select, questions=questions, **run_kwargs)
    extra: dict[str, Any] = {}
    if exp.extra is not None:
        with WALL.part(extras(exp.name)):
            extra = dict(exp.extra(config))
    machines = result.machine_names
    with WALL.part(REPORTING):
        answers = {m: exp.answer(result.on_machine(m), extra) for m in machines}
        answer = answers[machines[0]] if machines else exp.answer(result, extra)
    record = {
        "title": exp.title,
        "question": exp.question,
        "claim": exp.claim,
        "workloads": [w.name for w in exp.workloads],
        "extra": extra,
        "answer": answer.to_dict(),
    }
    if len(machines) > 1:
        record["answers"] = {m: a.to_dict() for m, a in answers.items()}
    cache = result.time.compile_cache if result.time is not None else None
    split = WALL.split(since, time.perf_counter() - t0, compile_cache=cache)
    return replace(result, extra={**result.extra, exp.name: record}, time=split), answer


def combine(results: Sequence[RunResult]) -> RunResult:
    """Several runs of one session as one result (environment and floor from the first)."""
    if not results:
        raise ValueError("nothing to combine")
    first = results[0]
    extra: dict[str, Any] = {}
    backends: dict[str, Any] = {}
    for r in results:
        for key, value in r.extra.items():
            # The canaries' readings join, in turn; second-level dicts (findings by group)
            # merge; anything else is replaced.
            if key == CANARY_KEY:
                extra[key] = canary.join(extra.get(key), value)
            elif isinstance(value, dict) and isinstance(extra.get(key), dict):
                extra[key] = {**extra[key], **value}
            else:
                extra[key] = value
        backends.update(r.env.get("backends", {}))
    env = {
        **first.env,
        "backends": backends,
        "load_average_after": results[-1].env.get("load_average_after"),
    }
    times = [r.time for r in results if r.time is not None]
    return replace(
        first,
        env=env,
        cases=tuple(c for r in results for c in r.cases),
        skipped=tuple(s for r in results for s in r.skipped),
        finished=results[-1].finished,
        extra=extra,
        time=TimeSplit.total(times) if times else None,
    )


# -- helpers for answer functions ----------------------------------------------------------------

#: The series the helpers below hand out while :func:`verdict` judges the claims: the series
#: an answer's claims rest on, read as they are measured rather than declared twice.
_read: ContextVar[set[tuple[str, str, str, str, str]] | None] = ContextVar("_read", default=None)


def _reading(cases: Iterable[CaseResult]) -> None:
    seen = _read.get()
    if seen is not None:
        seen.update(c.series for c in cases)


def series(result: RunResult, **where: Any) -> dict[int, CaseResult]:
    """The usable cases matching ``where`` (e.g. impl=, backend=, dtype=) by size: measured,
    checked, and not implausibly fast (an answer never rests on a cached or skipped result)."""
    out: dict[int, CaseResult] = {}
    for c in result.find(**where):
        if usable(c):
            out[c.size] = c
    _reading(out.values())
    return dict(sorted(out.items()))


def median(result: RunResult, **where: Any) -> float | None:
    """The median of the single usable case matching ``where`` (None when it did not run)."""
    found = [c for c in result.find(**where) if usable(c)]
    if not found:
        return None
    _reading(found[:1])
    assert found[0].measurement is not None
    return found[0].measurement.median


def ratio(a: CaseResult, b: CaseResult) -> Interval:
    """``a``'s time over ``b``'s with its 95% interval (paired blocks when measured in turns)."""
    assert a.measurement is not None and b.measurement is not None
    _reading((a, b))
    return time_ratio(a.measurement, b.measurement)


def faster(a: CaseResult, b: CaseResult) -> bool:
    """``a`` is faster than ``b``: the whole interval of their time ratio lies below 1 (noise
    never counts as an ordering)."""
    return ratio(a, b).high < 1


def first_size_faster(a: Mapping[int, CaseResult], b: Mapping[int, CaseResult]) -> int | None:
    """The smallest size from which series ``a`` stays faster than ``b`` (the interval of their
    time ratio below 1) at every larger measured size (None: never in the measured range)."""
    sizes = sorted(set(a) & set(b))
    answer = None
    for n in reversed(sizes):
        if faster(a[n], b[n]):
            answer = n
        else:
            break
    return answer


def verdict(
    claims: Sequence[Claim],
    result: RunResult,
    extra: Mapping[str, Any],
    text: str,
    details: Sequence[str] = (),
    context: str = "",
    headline: str = "",
) -> Answer:
    """The answer with its verdict from the claims: ``text`` and ``details`` as the experiment
    wrote them, ``why`` from the parts that do not agree plus ``context`` (versions, BLAS, what
    the profile blames) when the verdict is not "agrees"."""
    token = _read.set(set())
    try:
        judged: list[Judgement] = [judge(c, result, extra) for c in claims]
        read = _read.get() or set()
    finally:
        _read.reset(token)
    v, why = conclude(judged)
    if v != AGREES and context:
        why = f"{why}. {context}" if why else context
    return Answer(
        text,
        v,
        why,
        tuple(details),
        tuple(j.to_dict() for j in judged),
        context if v != AGREES else "",
        headline,
        tuple(sorted(read)),
    )


def env_summary(result: RunResult, backend: str) -> str:
    """``torch 2.13.0 (BLAS mkl, 2 threads)``: what to cite when a claim does not hold here."""
    info = result.env.get("backends", {}).get(backend, {})
    if info.get("available") is False:
        return f"{backend} not installed"
    if not info:
        return f"{backend} not in this run"
    blas = info.get("blas") or []
    vendor = blas[0].get("vendor") if blas else None
    parts = [f"BLAS {vendor}"] if vendor else []
    if info.get("threads") is not None:
        n = info["threads"]
        parts.append(f"{n} thread" + ("" if n == 1 else "s"))
    return f"{backend} {info.get('version', '?')}" + (f" ({', '.join(parts)})" if parts else "")
