"""Published claims and the answers to them, as data: an interval on a named quantity, the
verdicts that follow from the quantity's measured interval, and an experiment's :class:`Answer`
as it is saved with the results and rendered by every report. The claims themselves are defined
by the experiments that test them (``arraybench.suites``).

    claim      "NumPy float64 time / torch float64 time" in [1.25, 2.5]
    measured   the quantity's estimate and 95% interval, from the results alone (a ratio of
               blocks taken side by side, wherever the two cases were measured in turns)
    verdict    agrees        the measured interval lies inside the claim's
               disagrees     it lies outside
               cannot tell   it straddles an edge of the claim's, and how much more measuring
                             would likely settle it; or what is missing (a case that did not
                             run, a condition the claim needs that this machine lacks)

No experiment keeps thresholds of its own: the claim's interval is the threshold, stated beside
the verdict. A claim may have several parts ("Python is faster at n=1 and slower at n=1e7"): the
experiment agrees when every part does, disagrees when every part that could be told disagrees,
partly agrees when some parts agree and others disagree, and cannot tell otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base import stats
from ..base.stats import Interval
from ..base.units import format_ratio
from ..results import CaseResult, RunResult

AGREES, PARTLY, DISAGREES, UNTESTED = "agrees", "partly agrees", "disagrees", "cannot tell"

#: An estimate this close to a claim's edge (relative) is on the edge: no amount of measuring
#: tells which side it is on, and saying "measure 400x longer" would be a false promise.
ON_THE_EDGE = 0.005
#: Advice to measure longer stops here: beyond it the answer is "the machine cannot tell".
MAX_FACTOR = 50

Measured = Interval | str


def _always(result: RunResult) -> str | None:
    return None


@dataclass(frozen=True)
class Claim:
    """One part of a published claim: the quantity it is about and the interval it gives it.

    Attributes:
        quantity: the quantity in words (``"torch float32 time / Python time at n=1"``).
        low: the claim's lower bound (0 or -inf: none).
        high: its upper bound (inf: none).
        measure: the quantity's measured interval from the results and the experiment's extra
            data, or a sentence saying why it cannot be measured.
        says: the claim's own words for the interval (``"Python is faster"``), for reports.
        applies: None when the claim covers this run, else why it does not (the claim is about
            OpenBLAS and NumPy here uses another BLAS, say).
    """

    quantity: str
    low: float
    high: float
    measure: Callable[[RunResult, Mapping[str, Any]], Measured]
    says: str = ""
    applies: Callable[[RunResult], str | None] = _always

    @property
    def interval_text(self) -> str:
        """``"in [1.25, 2.5]"``, ``"above 1"``, ``"below 2"``, ``"= 1"``."""
        if self.low == self.high:
            return f"= {_num(self.low)}"
        if math.isinf(self.high):
            return f"above {_num(self.low)}"
        if self.low <= 0 or math.isinf(self.low):
            return f"below {_num(self.high)}"
        return f"in [{_num(self.low)}, {_num(self.high)}]"


@dataclass(frozen=True)
class Judgement:
    """A claim set against this run's measurement of its quantity."""

    claim: Claim
    verdict: str
    interval: Interval | None = None
    note: str = ""
    #: False when the claim does not cover this run (its condition is not met here).
    applicable: bool = True

    def text(self) -> str:
        """``"torch float32 time / Python time at n=1 is 15.0x [14.2–15.9], the claim says
        above 1 (Python is faster): agrees"``; for a checked fact, ``"np.asarray(jax) shares
        memory with its source: no, the claim says yes: disagrees"``."""
        c = self.claim
        says = f" ({c.says})" if c.says else ""
        note = f"; {self.note}" if self.note else ""
        iv = self.interval
        if iv is not None and iv.method == "check":
            found = "yes" if iv.value else "no"
            claimed = "yes" if c.low else "no"
            return f"{c.quantity}: {found}, the claim says {claimed}: {self.verdict}{note}"
        measured = f" is {_measured(iv)}" if iv is not None else ""
        return (
            f"{c.quantity}{measured}, the claim says {c.interval_text}{says}: {self.verdict}{note}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "quantity": self.claim.quantity,
            "claim_low": _finite(self.claim.low),
            "claim_high": _finite(self.claim.high),
            "says": self.claim.says,
            "measured": self.interval.to_dict() if self.interval is not None else None,
            "verdict": self.verdict,
            "note": self.note,
            "applicable": self.applicable,
            "text": self.text(),
        }


def judge(claim: Claim, result: RunResult, extra: Mapping[str, Any]) -> Judgement:
    """The verdict on one claim (see the module's docstring)."""
    why_not = claim.applies(result)
    if why_not:
        return Judgement(claim, UNTESTED, None, why_not, applicable=False)
    measured = claim.measure(result, extra)
    if isinstance(measured, str):
        return Judgement(claim, UNTESTED, None, measured)
    iv = measured
    if not (math.isfinite(iv.low) and math.isfinite(iv.high)):
        return Judgement(claim, UNTESTED, None, "the measurement gave no finite interval")
    if claim.low <= iv.low and iv.high <= claim.high:
        return Judgement(claim, AGREES, iv)
    if iv.high < claim.low or iv.low > claim.high:
        return Judgement(claim, DISAGREES, iv)
    return Judgement(claim, UNTESTED, iv, settle(iv, claim, result.config))


def settles(claim: Claim, target: float) -> Callable[[RunResult], bool]:
    """The claim part as a question a run's results answer (adaptive spending,
    :mod:`arraybench.measure.spending`): True when its verdict is told (agrees or disagrees)
    by an interval within ``target`` of its estimate, or the claim does not cover the run. Its
    extra data (taken after the cases) is not there yet: a part that needs it stays open."""

    def settled(result: RunResult) -> bool:
        j = judge(claim, result, {})
        if not j.applicable:
            return True
        iv = j.interval
        if j.verdict not in (AGREES, DISAGREES) or iv is None:
            return False
        return iv.method == "check" or iv.rel_halfwidth <= target

    return settled


def settle(iv: Interval, claim: Claim, config: Mapping[str, Any]) -> str:
    """What would likely settle a claim whose edge falls inside the interval.

    Idea: the interval's half-width on the side facing the edge shrinks as 1/sqrt(units) (blocks
    in one process; processes when the interval is taken across them), so the edge leaves it
    once the units grow by (half-width / distance to the edge)^2. An unstable interval (wider
    than ±50% of its estimate) promises nothing of the kind: it asks for a steadier machine.
    """
    edges = [e for e in (claim.low, claim.high) if math.isfinite(e) and iv.low <= e <= iv.high]
    if not edges:
        return ""
    edge = edges[0]
    if not (iv.value > 0 and edge > 0):
        return "the interval straddles the claim's edge"
    distance = abs(math.log(iv.value / edge))
    if distance < ON_THE_EDGE:
        return (
            f"the estimate sits on the claim's edge ({format_ratio(edge)}): no amount of "
            "measuring tells which side it is on"
        )
    toward = iv.low if edge < iv.value else iv.high
    half = abs(math.log(toward / iv.value)) if toward > 0 else math.inf
    factor = (half / distance) ** 2
    if not iv.confident:
        need = max(stats.MIN_UNITS_95, iv.units)
        return (
            f"the interval rests on {iv.units} units, too few for 95%; measure at least "
            f"{need} (a longer --budget) first"
        )
    if iv.unstable:
        return (
            "the interval is unstable (it reaches further than ±50% of the estimate: a busy "
            "machine); raise --budget or --processes, or quiet the machine"
        )
    if factor > MAX_FACTOR:
        return (
            f"settling it would take over {MAX_FACTOR}x more measuring: the estimate is "
            f"{distance:.1%} from the claim's edge"
        )
    processes = int(config.get("processes") or 1)
    if iv.method in ("processes", "pairs") and processes > 1:
        more = max(processes + 1, math.ceil(processes * factor))
        return f"about --processes {more} would likely settle it"
    budget = config.get("budget")
    if isinstance(budget, int | float):
        return f"about --budget {_num(budget * max(factor, 1.5))} would likely settle it"
    return f"about {max(factor, 1.5):.1f}x the measuring would likely settle it"


def conclude(judgements: Sequence[Judgement]) -> tuple[str, str]:
    """The experiment's verdict from its parts, and why (empty when every part agrees)."""
    if not judgements:
        return UNTESTED, "no claim to test"
    if not any(j.applicable for j in judgements):
        return UNTESTED, "; ".join(dict.fromkeys(j.note for j in judgements))
    judgements = [j for j in judgements if j.applicable]
    verdicts = [j.verdict for j in judgements]
    told = [v for v in verdicts if v != UNTESTED]
    if told and all(v == AGREES for v in verdicts):
        return AGREES, ""
    if AGREES in told and DISAGREES in told:
        verdict = PARTLY
    elif told and all(v == DISAGREES for v in told):
        verdict = DISAGREES
    else:
        verdict = UNTESTED
    why = "; ".join(j.text() for j in judgements if j.verdict != AGREES)
    return verdict, why


# -- quantities ------------------------------------------------------------------------------------


def usable(c: CaseResult) -> bool:
    """A case an answer may rest on: measured, checked, and not implausibly fast."""
    return c.ok and c.measurement is not None and c.implausible is None


def fact(value: bool) -> Interval:
    """A checked fact (a conversion shares memory: 1, or copies: 0) as a quantity with no
    uncertainty, for claims that state it."""
    v = 1.0 if value else 0.0
    return Interval(v, v, v, 1.0, 1, "check")


def _measured(iv: Interval | None) -> str:
    if iv is None:
        return "—"
    if iv.method == "check":
        return "yes" if iv.value else "no"
    from ..base.units import format_ratio_with_interval

    return format_ratio_with_interval(iv)


def _num(x: float) -> str:
    return f"{x:g}"


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


@dataclass(frozen=True)
class Answer:
    """What an experiment concludes on this machine.

    Attributes:
        answer: one or two sentences with the numbers behind them.
        verdict: whether this machine agrees with the published claim (AGREES, PARTLY,
            DISAGREES, or UNTESTED: "cannot tell", when an interval straddles the claim's edge
            or the cases it needs did not run); it follows from the claims (claims.py).
        why: when it does not agree, why: each part's measured interval against the claim's,
            what would settle it, and the context (versions, BLAS vendor, threads, dtype).
        details: further lines (a per-line profile, a table of ratios).
    """

    answer: str
    verdict: str
    why: str = ""
    details: tuple[str, ...] = ()
    #: each part of the claim against its measured quantity (``Judgement.to_dict()``).
    claims: tuple[Mapping[str, Any], ...] = field(default=())
    #: what explains a verdict other than "agrees" beyond the parts themselves (versions, BLAS,
    #: what a profile blames); part of ``why`` too.
    context: str = ""
    #: the answer in one or two sentences with its key numbers, shown first (terminal, HTML);
    #: ``summary`` falls back to the first sentence of ``answer``.
    headline: str = ""
    #: the series its claims were measured on (CaseResult.series): what a card's plot draws.
    series: tuple[tuple[str, str, str, str, str], ...] = ()

    @property
    def summary(self) -> str:
        """The one- or two-sentence answer that leads every view of the results."""
        if self.headline:
            return self.headline
        return first_sentence(self.answer)

    def to_dict(self) -> dict[str, Any]:
        return {
            "answer": self.answer,
            "verdict": self.verdict,
            "why": self.why,
            "details": list(self.details),
            "claims": [dict(c) for c in self.claims],
            "context": self.context,
            "headline": self.headline,
            "series": [list(s) for s in self.series],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Answer:
        """An answer as saved with the results (older files lack claims and context)."""
        claims = d.get("claims")
        return cls(
            answer=str(d.get("answer", "")),
            verdict=str(d.get("verdict", "?")),
            why=str(d.get("why", "")),
            details=tuple(str(x) for x in d.get("details", ()) or ()),
            claims=tuple(c for c in claims if isinstance(c, Mapping))
            if isinstance(claims, list)
            else (),
            context=str(d.get("context", "") or ""),
            headline=str(d.get("headline", "") or ""),
            series=_series_keys(d.get("series")),
        )


def _series_keys(saved: Any) -> tuple[tuple[str, str, str, str, str], ...]:
    """Saved series keys, each five strings (older files have none; anything else is dropped)."""
    if not isinstance(saved, list):
        return ()
    return tuple(
        (str(s[0]), str(s[1]), str(s[2]), str(s[3]), str(s[4]))
        for s in saved
        if isinstance(s, list) and len(s) == 5 and all(isinstance(x, str) for x in s)
    )


def first_sentence(text: str) -> str:
    """The text up to the end of its first sentence (a full stop, ! or ? followed by a space and
    not inside brackets, so "1.5x [1.2–1.9]. Next" splits after "]." and "e.g. 5" does not)."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch in ".!?" and depth == 0 and text[i + 1 : i + 2] == " " and i > 0:
            before = text[max(0, i - 4) : i]
            if before.endswith(("e.g", "i.e", "vs", "etc")):
                continue
            return text[: i + 1]
    return text
