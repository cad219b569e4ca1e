"""Lint's candidates confirmed, dropped and priced by the run, and what only the run shows.

Everything here reads the evidence of one run (advise/run/observe.py) through the ledger (its time
and counts, corrected; advise/run/ledger.py) and the source (advise/read/source.py); the model
measurements after the run are in advise/run/models.py. advise/profile.py says how the pieces fit.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ...base.units import format_time
from ..read.source import (
    MOVE_METHODS,
    SYNC_BUILTINS,
    SYNC_METHODS,
    Loop,
    SourceFile,
    call_name,
    feeds_back,
    made_at,
    made_into_array,
    read_source,
    receiver,
    static_size,
)
from ..read.syntax import first_iterables
from ..records import LINT, LIST_SHARE, RUN, WORTH_SHARE, Diagnostic, Finding, HotLine
from ..run.ledger import Count, Ledger
from ..run.models import Costs, float32_speedup, no_grad_speedup
from ..run.observe import Evidence
from ..run.sampler import (
    COMPREHENSION_FRAMES,
)
from ..run.values import (
    SCALAR,
    TENSOR,
    Fact,
    array_scalar,
    is_array,
    on_device,
    shown,
    torchish,
)
from .call_facts import (
    RECOMPILES_MIN,
    assigns,
    eager_said,
    model_input,
    named_cause,
    recompiles,
    recompiling_at,
)
from .families import BY_CODE, Candidate
from .families.base import Plain
from .families.blocks import BLOCK_MIN, FLOAT_BLOCK_MIN, callee_blocks, made_blocks
from .families.compiles import static_fix
from .families.kept import in_callbacks
from .families.loops import (
    ELEMENT_MIN,
    LOOP_CODES,
    MADE_BLOCK_STEP_S,
    boxed_items,
    copied_out,
    differentiated,
    independent_runs,
    indexed_bases,
    no_float_steps,
    objects,
    recurrence_code,
    scalar_reads,
    with_scan,
)
from .hints import hot_lines
from .ledger_inputs import (
    operator_runs_of,
    operators_time,
    quiet_runs_of,
    return_runs_of,
    statement_loops,
    statement_spans_of,
)
from .nesting import in_callee, innermost, inside, own_element_loop
from .patterns import PATTERNS
from .patterns.scalar_sources import from_scalars, scalar_sources
from .proof import proof
from .shape import applies_scalar_math

#: A loop is element by element when it runs at least ELEMENT_MIN iterations per entry
#: (rules/families/loops.py), and each costs at most this (an iteration over a batch of a
#: training loop costs more).
ELEMENT_MAX_S = 1e-3
#: The least part of the run taken to be on a CPU (a program waiting on I/O is no load).
CPU_SHARE_MIN = 0.2
#: Calls per line per run below which a conversion or a sync is not a per-iteration cost.
PER_ITERATION_MIN = 100
#: Findings on loops, whose prices leave out the loops inside them that are findings too.
NESTING_CODES = LOOP_CODES | {"AB406", "AB408"}
#: Loops whose rewrite is one operation on whole arrays (a loop inside one is part of it).
WHOLE_ARRAY_CODES = frozenset({"AB101", "AB102", "AB103", "AB104", "AB105", "AB106"})
#: The family of a code no family owns: the finding as lint placed it, no price.
PLAIN = Plain()


class Analysis:
    """The findings of one run: built from its evidence, filled by ``confirm``, ``detect``
    and ``models``, read as ``found``, ``dropped`` and :meth:`hot_lines`."""

    def __init__(self, ev: Evidence) -> None:
        self.ev = ev
        self.led = Ledger(
            ev,
            statement_loops,
            operator_runs_of,
            statement_spans_of,
            return_runs_of,
            lambda path, line: operators_time(ev, path, line),
            quiet_runs_of,
        )
        self.total = max(self.led.total, 1e-9)
        self.costs = Costs.measure()
        self.cuda = bool(ev.events.syncs) or any(
            on_device(f)
            for names in ev.samples.facts.values()
            for facts in names.values()
            for f in facts
        )
        #: the part of the run the process was on a CPU: a step's wall time times this is its
        #: CPU time, what the per-step limits are in (a shared machine at a load of 5 read an
        #: autograd recurrence's 0.3 ms steps as 1.2 ms: no element loop); 1 on a GPU, whose
        #: waits are the steps' own cost
        cpu = getattr(ev, "cpu", 0.0)  # (evidence pickled before it was taken has none)
        share = cpu / ev.wall if cpu > 0 and ev.wall > 0 and not self.cuda else 1.0
        self.on_cpu = min(1.0, max(CPU_SHARE_MIN, share))
        #: the most an element loop's step takes in the run's wall time
        self.element_max_s = ELEMENT_MAX_S / self.on_cpu
        self.found: dict[tuple[str, int], Finding] = {}
        self.dropped: list[Finding] = []
        #: findings reported on a statement that hold its loop (AB412 on the call that makes a
        #: loop's NumPy scalars), by place: the loop's code, for nesting
        self.held_loops: dict[tuple[str, int], str] = {}
        #: lint's AB107 held at its loop's line while the rules run (the loop's time is the
        #: growth's), by (path, loop line): the growing statement's line, where it is told
        self.grown_at: dict[tuple[str, int], int] = {}
        #: lines whose whole work a finding elsewhere takes out (the getter of a property
        #: read once instead of at every iteration): no finding of their own
        self.held: set[tuple[str, int]] = set()

    def loop_counts(self, path: str, lp: Loop) -> tuple[Count, float]:
        """A loop's iterations over the run and per entry: from the bursts' counts, and the
        per-entry count from the values seen where they tell (``range(len(x))`` with ``x`` of
        300,000 items), which is exact where the bursts' is an estimate. On Python 3.12+, where
        a list comprehension has no frame of its own and its line is hit once per entry, its
        iterations are that count times the items per entry."""
        count, per_entry = self.led.loop_counts(path, lp.line, lp.body, lp.comprehension, lp.end)
        if count.exact:
            return count, per_entry  # counted over the whole run (advise/run/loopcount.py)
        size = static_size(lp.over, self.ev.facts_in(path, lp.line, lp.end))
        if size is None:
            return count, per_entry
        if lp.comprehension and not _own_frame(lp):
            entries = self.led.count((path, lp.line))
            return Count(size * max(entries.n, 1), at_least=entries.at_least), float(size)
        if count.n < size:
            # it ran at least once, over that many items (the bursts missed it, or a generator's
            # resumptions are not line events, as on Python 3.12)
            return Count(size, at_least=True), float(size)
        return count, float(size)

    def nest_counts(self, sf: SourceFile, lp: Loop) -> tuple[Count, float]:
        """:meth:`loop_counts` of a loop, or of a perfect nest it heads (``for i: for j:``):
        the innermost loop's iterations, and those per entry of the outer loop."""
        inner = innermost(sf, lp)
        count, per_entry = self.loop_counts(sf.path, inner)
        if inner is not lp:
            outer, outer_per = self.loop_counts(sf.path, lp)
            per_entry = count.n / max(1.0, outer.n / max(outer_per, 1.0))
        return count, per_entry

    # the pieces of a finding
    def finding(
        self,
        sf: SourceFile,
        line: int,
        code: str,
        loop: Loop | None = None,
        origin: str = RUN,
        was_possible: bool = False,
    ) -> tuple[Finding, dict[str, Fact]]:
        """A finding at ``line`` with its measured time, count and the values seen: a loop's
        (``loop``) holds its iterations and the user functions they call, a statement's its own
        work and the libraries it calls. Its evidence is the count; the caller adds the rest
        and the gain."""
        path = sf.path
        if loop is not None:
            # a loop holds its iterations, the user functions they call included
            first, last = loop.line, loop.end
            seconds = self.led.span(path, first, last, comprehension=_own_frame(loop))
            if _own_frame(loop) and made_into_array(sf, loop.line):
                # ``np.array([f(a) for a in x])``: the rewrite makes no list to convert, so the
                # conversion (the statement's own time outside the comprehension's frame) goes
                # too (np_features: 2 lists of 1,000,000 floats)
                s_first, s_last = sf.span(loop.line)
                seconds += self.led.span(path, s_first, s_last, own=True) - self.led.span(
                    path, s_first, s_last, own=True, comprehension=True
                )
        else:
            # a statement holds its own work and the libraries it calls, not the user functions
            # it calls (they are measured where they are)
            first, last = sf.span(line)
            seconds = self.led.span(path, first, last, own=True)
        facts = self.ev.facts_in(path, first, last)
        count: Count | None
        evidence = ""
        if loop is not None:
            # (iterations per entry are an estimate from the bursts: used to judge, not shown)
            count, _ = self.nest_counts(sf, loop)
            inner = innermost(sf, loop)
            if count.n:
                of = f" of its innermost loop (line {inner.line})" if inner is not loop else ""
                evidence = f"{count} iterations{of}, {format_time(seconds / count.n)} each"
        else:
            count = self.led.count((path, line))
            if count.n:
                # (a line of operators whose time lands at the next check has none of its own
                # to show: "0 s each" would say it costs nothing)
                each = f", {format_time(seconds / count.n)} each" if seconds > 0 else ""
                evidence = f"runs {count} times{each}"
        f = Finding(
            path=path,
            line=line,
            end=last,
            code=code,
            origin=origin,
            seconds=seconds,
            share=seconds / self.total,
            count=count if count.n else None,
            evidence=evidence,
            facts=shown(facts),
            snippet=sf.text(line),
            function=sf.functions.get(line, ""),
            was_possible=was_possible,
            proof=proof(
                sf,
                sf.functions.get(line, ""),
                line,
                lambda a, b: self.ev.facts_in(path, a, b),
            ),
        )
        return f, facts

    def covered(self, path: str, line: int) -> bool:
        """Whether a finding so far holds the line (a loop's rewrite covers its body)."""
        return (path, line) in self.held or any(
            f.path == path and f.line <= line <= f.end for f in self.found.values()
        )

    def add(self, f: Finding) -> None:
        key = (f.path, f.line)
        old = self.found.get(key)
        if old is None or (old.origin == RUN and f.origin == LINT):
            self.found[key] = f

    # lint's candidates
    def confirm(self, d: Diagnostic, path: str) -> None:
        """One of lint's candidates through its family (rules/families/): where it stands,
        what the run refutes, the finding as confirmed, its price."""
        sf = read_source(path)
        loop = sf.loop_at(d.line) if d.code in LOOP_CODES else None
        f, facts = self.finding(sf, d.line, d.code, loop, LINT, d.confidence != "sure")
        family = BY_CODE.get(d.code, PLAIN)
        f = family.locate(self, Candidate(f, facts, loop, sf, d.line))
        reason = ""
        if f.seconds == 0 and not self.led.traced_hits((f.path, f.line)):
            reason = (
                "not seen running: no sample fell there and the line timer's bursts did not "
                "hit it (it ran for well under a millisecond, if at all)"
            )
        reason = reason or family.refute(self, Candidate(f, facts, loop, sf, d.line))
        compiles = recompiles(self.ev.events.compiles.get((path, d.line), []))
        if not reason and compiles >= RECOMPILES_MIN and d.code != "AB403":
            reason = f"its time is compilation: {compiles} compilations here (AB404)"
        if reason:
            self.dropped.append(_with(f, dropped=reason))
            return
        f = family.settle(self, Candidate(f, facts, loop, sf, d.line))
        f = _with(f, evidence=self.more_evidence(f, sf), gain=self.gain(f, facts, loop, sf, d.line))
        self.add(f)

    def more_evidence(self, f: Finding, sf: SourceFile) -> str:
        parts = [f.evidence] if f.evidence else []
        if f.code in LOOP_CODES and any(lp.comprehension and lp.line == f.line for lp in sf.loops):
            copied = copied_out(sf, f.line)
            if copied:
                parts.append(copied)
        for ln in range(f.line, f.end + 1):
            key = (f.path, ln)
            syncs = self.ev.events.syncs.get(key)
            if syncs:
                parts.append(
                    f"{syncs:,} CUDA syncs at line {ln}"
                    if ln != f.line
                    else f"{syncs:,} CUDA syncs"
                )
            compiles = self.ev.events.compiles.get(key)
            if compiles:
                spent = self.ev.events.compile_s.get(key, 0.0)
                took = f" took {format_time(spent)}" if spent else ""
                parts.append(
                    f"{len(compiles):,} compilations ({', '.join(sorted(set(compiles))[:3])}){took}"
                    + eager_said(sf, ln, compiles, self.ev.facts_at(key))
                )
            causes = self.ev.events.causes.get(key)
            if causes:
                parts.append(f"cause: {named_cause(causes)}")
        return "; ".join(parts)

    def gain(
        self,
        f: Finding,
        facts: dict[str, Fact],
        loop: Loop | None,
        sf: SourceFile,
        line: int | None = None,
    ) -> tuple[float, float] | None:
        """What the rewrite saves: the measured time less what the rewritten code costs, as
        the finding's family prices it (rules/families/); None where it has no price.
        ``line``: the line lint named, where the finding now stands elsewhere (its loop's)."""
        family = BY_CODE.get(f.code)
        if family is None:
            return None
        return family.price(self, Candidate(f, facts, loop, sf, line or f.line))

    def nested(self) -> None:
        """A loop's price leaves out the time it spends in other loops that are findings of
        their own (a loop over test samples calling a function whose loop over the training set
        is the finding): rewriting the outer loop alone does not remove that work, and the
        inner finding states it. Nested findings then never add up past the run."""
        # a loop inside an element loop's lines is part of that loop's whole-array rewrite
        # (particle_filter.py:125's 3 observations a particle, inside :114's loop over the
        # particles, listed on its own at 7% as well as within :114's 42%)
        wholes = [f for f in self.found.values() if f.code in WHOLE_ARRAY_CODES]
        for g in list(self.found.values()):
            outer = next(
                (f for f in wholes if f is not g and f.path == g.path and f.line < g.line <= f.end),
                None,
            )
            if outer is not None and g.code in LOOP_CODES and not own_element_loop(outer, g):
                del self.found[(g.path, g.line)]
                self.dropped.append(
                    _with(
                        g,
                        dropped=f"inside line {outer.line}'s loop, whose whole-array rewrite "
                        "takes it too",
                    )
                )
        priced = [f for f in self.found.values() if f.gain is not None and f.seconds > 0]
        loops = [
            f for f in priced if f.code in NESTING_CODES or (f.path, f.line) in self.held_loops
        ]
        for f in loops:
            if f.code == "AB107":
                continue  # priced by its growing statement's own copies: no inner time in it
            # a recurrence's rewrite is its steps made cheaper: a finding inside it (tiny-array
            # calls in the function each step calls) is that rewrite, in part, already
            recurrence = self.held_loops.get((f.path, f.line), f.code) in ("AB406", "AB408")
            whole = f.code in WHOLE_ARRAY_CODES
            # (an element loop whose steps call the file's functions: a finding in one of
            # those, an inverse made again at every call, is what its time is, and rewriting
            # that site alone saves it; the loop's own rewrite saves only the rest)

            def under(g: Finding, f: Finding = f) -> bool:
                # (a callback the loop's steps call, by a name the source cannot follow: a
                # partial passed in, ``on_fill=partial(Blotter.record, blotter)``; the run's
                # stacks put most of its time under the loop's lines)
                if g.path == f.path and f.line <= g.line <= f.end:
                    return False
                own = self.led.span(g.path, g.line, g.end)
                span = (g.path, g.line, g.end)
                return own > 0 and self.led.below(f.path, f.line, f.end, span) >= 0.5 * own

            others = (
                priced
                if recurrence
                else loops
                + [g for g in priced if whole and g not in loops and (in_callee(f, g) or under(g))]
            )
            inner = [
                g
                for g in others
                if g is not f
                and (inside(f, g) or (whole and under(g)))
                and (
                    # (an inner loop, a finding of its own: a recurrence's same steps, or an
                    # element loop kept beside the loop around it)
                    (g.path == f.path and f.line < g.line <= f.end)
                    or self.led.overlap(f.path, f.line, f.end, [(g.path, g.line, g.end)]) > 0
                )
            ]
            held = self.led.overlap(f.path, f.line, f.end, [(g.path, g.line, g.end) for g in inner])
            # (the inner loops in its own lines: their time, which the overlap leaves out)
            held += sum(g.seconds for g in inner if g.path == f.path and f.line < g.line <= f.end)
            if not inner or (not recurrence and held <= 0.05 * f.seconds):
                continue
            assert f.gain is not None
            lines = sorted({g.line for g in inner})
            some = ", ".join(map(str, lines[:-1]))
            where = (
                f"line {lines[0]}, a finding of its own"
                if len(lines) == 1
                else f"lines {some} and {lines[-1]}, findings of their own"
            )
            if recurrence:
                # its steps' price already has the inner rewrites in it (a growth priced as an
                # append): what it saves past them is its saving less theirs; not a finding in
                # a callback the steps call, whose whole time the price kept out already
                # (blind18's call centre: the growth in the recorder taken out twice left the
                # loop's floats 0 of their ~0.12 s)
                kept = in_callbacks(self, f, inner)
                gains = [g.gain for g in inner if g.gain is not None and g not in kept]
                if not gains:
                    continue
                low = max(0.0, f.gain[0] - sum(g[0] for g in gains))
                high = max(low, f.gain[1] - sum(g[1] for g in gains))
                # and at most the loop's time the inner rewrites leave (blind72's lake model:
                # a 2.31 s hourly loop, 2.28 s of it saved by its step's own finding, was said
                # to save 0.69 s more)
                rest = max(0.0, f.seconds - sum(g[0] for g in gains))
                low, high = min(low, rest), min(high, rest)
                said = (
                    f"{format_time(sum(g[1] for g in gains))} of its saving is that of {where}: "
                    "not counted again"
                )
            else:
                low, high = (max(0.0, v - held) for v in f.gain)
                said = f"{format_time(held)} of its time is in {where}: not counted in its saving"
            self.found[(f.path, f.line)] = _with(
                f, gain=(low, high), evidence=f"{f.evidence}; {said}" if f.evidence else said
            )

    # what only the run shows
    def models(self, files: Iterable[str]) -> None:
        """A torch model run in float64 (AB401) or with autograd recording graphs that nothing
        uses (AB402), priced by calling the model again after the run (advise/run/models.py)."""
        trains = any(
            ".backward(" in text or "autograd.grad(" in text
            for p in files
            for text in ["\n".join(read_source(p).lines)]
        )
        done: set[tuple[str, int, str]] = set()
        for ((path, line), name), model in list(self.ev.samples.models.items()):
            sf = read_source(path)
            # ``model(x)``, or ``self.model(X[i : i + b])`` in a method: the model's input is
            # the rows taken, as many as its output has
            call = next(
                (c for c in sf.calls_on(line) if ast.unparse(c.func) == name and c.args),
                None,
            )
            if call is None:
                continue
            facts = self.ev.facts_at((path, line))
            loops = sf.enclosing_loops(line)
            later = self.ev.facts_in(path, line, loops[0].end if loops else line + 1)
            mfact, arg = facts.get(name), model_input(call.args[0], facts, sf, line, later)
            if mfact is None or arg is None or arg.kind != TENSOR:
                continue
            first, last = sf.span(line)
            model_s = self.led.span(path, first, last)
            if model_s / self.total < LIST_SHARE:
                continue
            if mfact.dtype == "float64" and (path, line, "AB401") not in done:
                r = float32_speedup(model, arg.shape, self.budget())
                done.add((path, line, "AB401"))
                given = call.args[0]
                base = given.value if isinstance(given, ast.Subscript) else given
                source = base.id if isinstance(base, ast.Name) else ""
                at = made_at(sf, line, source) or line
                priced = (
                    f"a float32 copy ran {r[0]:.2f}x as fast on a {arg} input (measured after "
                    "the run)"
                    if r is not None
                    else "a float32 copy could not be timed"
                )
                self._model_finding(
                    sf,
                    at,
                    "AB401",
                    model_s,
                    r,
                    line,
                    f"the model ({mfact}) takes {format_time(model_s)} at line {line}; {priced}",
                )
            seen = self.ev.samples.facts.get((path, line), {})
            grads = [f for fs in seen.values() for f in fs if f.kind == TENSOR and f.grad]
            # (or the output, where the lines after it read it: ``out`` of ``out =
            # self.model(...)``, unbound at the line's first looks)
            grads += [
                f for n, f in later.items() if f.kind == TENSOR and f.grad and assigns(sf, line, n)
            ]
            if not trains and mfact.grad and grads and (path, line, "AB402") not in done:
                chain = 1
                loops = sf.enclosing_loops(line)
                if feeds_back(sf, line, name) and loops:
                    lp = loops[0]
                    _, per_entry = self.loop_counts(path, lp)
                    chain = round(per_entry)
                r = no_grad_speedup(model, arg.shape, arg.dtype, chain, self.budget())
                done.add((path, line, "AB402"))
                priced = (
                    f"under torch.no_grad() it ran {r[0]:.2f}x as fast (measured after the run)"
                    if r is not None
                    else "no_grad could not be timed"
                )
                self._model_finding(
                    sf,
                    line,
                    "AB402",
                    model_s,
                    r,
                    line,
                    f"the model's calls take {format_time(model_s)}, recording graphs that nothing "
                    f"here differentiates (no .backward()); {priced}",
                )
        self.ev.samples.models.clear()  # the program's models are not kept past the report

    def budget(self) -> float:
        """Seconds a model measurement may take: a quarter of the program's time, 0.5-3 s."""
        return min(3.0, max(0.5, 0.25 * self.total))

    def _model_finding(
        self,
        sf: SourceFile,
        line: int,
        code: str,
        model_s: float,
        ratio: tuple[float, float, float] | None,
        call_line: int,
        evidence: str,
    ) -> None:
        """The finding's time is what the pattern costs: the model's time less what it would
        take in float32 / without autograd (the model's time when that could not be timed; a
        measured ratio under 1 costs nothing, and the finding is counted, not listed)."""
        mid, lo, hi = ratio if ratio is not None else (math.inf, math.inf, math.inf)
        excess = model_s * max(0.0, 1 - 1 / mid)
        low, high = model_s * (1 - 1 / max(lo, 1.0)), model_s * (1 - 1 / max(hi, 1.0))
        # the interval centred on the median's saving (what listing reads, its middle): one
        # pair's 1.57x among ratios of 1.06 on a busy machine made a 2.5% saving read 17%
        high = max(excess, min(high, 2 * excess - low))
        f, _ = self.finding(sf, line, code)
        count = self.led.count((sf.path, call_line))
        f = _with(
            f,
            end=max(f.end, call_line),
            seconds=excess,
            share=excess / self.total,
            count=count if count.n else None,  # a call line the bursts never saw: no count
            evidence=evidence,
            gain=None if ratio is None else (low, high),
        )
        old = self.found.get((sf.path, line))
        if old is None or old.code == code:
            self.found[(sf.path, line)] = _with(f, origin=old.origin) if old else f

    def detect(self, files: Iterable[str]) -> None:
        for path in files:
            sf = read_source(path)
            if sf.tree is None:
                continue
            self._element_loops(sf)
            self._line_patterns(sf)
        for key in list(self.ev.events.compiles):
            path, line = key
            if key not in self.found and self.recompiling(key):
                sf = read_source(path)
                first = sf.span(line)[0]
                if any(f.path == path and f.line <= first <= f.end for f in self.found.values()):
                    continue  # one statement over several lines is one finding
                loop = None
                f, facts = self.finding(sf, line, "AB404", loop)
                # (its family's place: the compile time measured at the line is its time)
                f = BY_CODE["AB404"].locate(self, Candidate(f, facts, loop, sf, line))
                gain = self.gain(f, facts, loop, sf)
                # (its share is what compiling once saves, the middle of its range: the padded
                # or fixed calls and one compilation of each function stay; blind135's lace
                # tensions stated 70% for 40%)
                mid = sum(gain) / 2 if gain is not None else f.seconds
                f = _with(
                    f,
                    evidence=self.more_evidence(f, sf),
                    gain=gain,
                    seconds=mid,
                    share=mid / self.total,
                )
                # (told at the jit made anew, where lint's AB403 stands with the jit's own
                # time only: the compilations are its cost; blind173's relays, 0.07% listed)
                old = self.found.get((f.path, f.line))
                if old is not None and old.code == f.code and old.seconds < f.seconds:
                    del self.found[(f.path, f.line)]
                self.add(f)
                fix = static_fix(self, sf, f)
                if fix is not None and (fix.path, fix.line) not in self.found:
                    self.add(fix)
        for pattern in PATTERNS:
            for path in files:
                sf = read_source(path)
                if sf.tree is None:
                    continue
                for f in pattern.find(self, sf):
                    self.add(f)
        for (path, line), n in self.ev.events.syncs.items():
            if n >= PER_ITERATION_MIN and (path, line) not in self.found:
                sf = read_source(path)
                f, facts = self.finding(sf, line, "AB201")
                f = _with(f, evidence=self.more_evidence(f, sf), gain=self.gain(f, facts, None, sf))
                self.add(f)

    def recompiling(self, key: tuple[str, int]) -> bool:
        """Whether the run's compilations at a line make it a recompiling one (AB404)."""
        return recompiling_at(self, key, WORTH_SHARE * self.total)

    def _element_loops(self, sf: SourceFile) -> None:
        """Loops of many cheap iterations that index arrays: element by element."""
        chosen: list[Loop] = []
        for lp in sorted(sf.loops, key=lambda x: (x.line, -x.end)):
            if any(c.line <= lp.line <= c.end for c in chosen):
                continue  # inside a loop already reported: that loop holds its time
            # a perfect nest (``for i ...: for j ...: acc[i, j] = ...``) is one loop over its
            # innermost iterations, reported on its outer line (the rewrite takes the nest)
            inner = innermost(sf, lp)
            count, per_entry = self.nest_counts(sf, lp)
            if count.n < ELEMENT_MIN or per_entry < ELEMENT_MIN:
                continue
            if (
                inner is lp
                and sum(
                    self.loop_counts(sf.path, x)[0].n
                    for x in sf.loops
                    if lp.line < x.line <= lp.end
                    and not x.comprehension
                    and self.loop_counts(sf.path, x)[1] >= RUN_STEPS_MIN
                )
                >= ELEMENT_MIN * count.n
            ):
                # an outer loop (epochs) around loops that take many steps an iteration (four
                # episodes of ~10 steps): those are the element loops, if any; this one's
                # iterations are whole runs of them
                continue
            seconds = self.led.span(sf.path, lp.line, lp.end, comprehension=_own_frame(lp))
            if seconds / self.total < LIST_SHARE / 2 or seconds / count.n > self.element_max_s:
                continue
            facts = self.ev.facts_in(sf.path, lp.line, lp.end)
            if not self._element_evidence(lp, facts, sf):
                continue
            least = FLOAT_BLOCK_MIN if lp.recurrence or inner.recurrence else BLOCK_MIN
            if seconds / count.n * self.on_cpu > MADE_BLOCK_STEP_S and (
                made_blocks(sf, lp, facts) or callee_blocks(self, sf, lp, sf.path, seconds, least)
            ):
                # steps of work on a block each (a column normalised per step, a match drawn
                # as 2,000 seconds by the function it calls): no element's arithmetic for a
                # whole-array rewrite to take
                continue
            chosen.append(lp)
            if (sf.path, lp.line) in self.found:
                continue
            # a recurrence has no whole-array form (its steps are what to make cheaper), unless
            # a library scan computes it (a running total written out at every step too)
            scan = lp.scan != "" and lp.written
            step = lp if lp.recurrence or scan else inner
            code = recurrence_code(step) if scan or lp.recurrence or inner.recurrence else "AB101"
            if code == "AB101" and applies_scalar_math(sf, inner):
                code = "AB103"  # (``math.exp`` of an element: ``np.exp`` of the array)
            f, facts = self.finding(sf, lp.line, code, lp)
            boxed = differentiated(facts) if code == "AB406" else ""
            if boxed:
                self.dropped.append(_with(f, dropped=no_float_steps(boxed)))
                continue
            f = _with(f, evidence=self.more_evidence(f, sf), gain=self.gain(f, facts, lp, sf))
            sources = scalar_sources(self, sf, lp.line, lp.end)
            if sources and not lp.scan:
                # a loop on Python numbers that a NumPy call makes NumPy scalars: the call's
                # line is what to change (np.maximum on floats, blind13's np_mortgage_book)
                g = from_scalars(self, sf, f, sources)
                self.held_loops[(g.path, g.line)] = f.code
                self.add(g)
                continue
            f = independent_runs(self, sf, lp, f)
            self.add(with_scan(f, lp if lp.recurrence else inner, self, sf))

    def _element_evidence(self, lp: Loop, facts: dict[str, Fact], sf: SourceFile) -> bool:
        if lp.comprehension:
            # the line's other names belong to the statement that holds the comprehension
            facts = {n: f for n, f in facts.items() if n in lp.names}
        target = [facts[t] for t in lp.targets if t in facts]
        # an element of an array (numpy.float64, a 0-d tensor) is as good a sign as the array
        arrays = [f for f in facts.values() if is_array(f) or array_scalar(f)]
        if not arrays:
            return False
        if lp.indexes:
            # what the loop's names index must be data: ``fplist[i].v`` of a list of 210 path
            # objects, beside a 5x2 array handed to a function, is a loop over objects (their
            # data put into arrays first: not this rewrite)
            bases = [facts[b] for b in indexed_bases(sf, lp) if b in facts]
            if boxed_items(bases, facts, sf):
                return False
            # (lists of numbers or of rows are array data: NaiveBayes' counts from lists of
            # pixel rows scatter-added into an array saved 21% as one np.bincount)
            return not bases or not all(objects(b) for b in bases)
        # iterating over an array gives scalars or rows: element by element
        if any(
            array_scalar(t)
            or (t.kind == SCALAR and lp.comprehension)
            or (is_array(t) and len(t.shape) == 1 and t.size <= 64)
            for t in target
        ):
            return True
        # or the body reads single elements at indices it computes (``FinancialAgents[
        # agent_i]`` with ``agent_i = int(Agents * random.random())``, round 16's money.py: a
        # 10,000,000-step exchange on a 100-element array, 41% saved on a list)
        return bool(scalar_reads(sf, lp, facts))

    def _line_patterns(self, sf: SourceFile) -> None:
        """Conversions and moves of arrays at lines run many times."""
        for (path, line), hits in list(self._hit_lines(sf.path)):
            if hits < PER_ITERATION_MIN or (path, line) in self.found:
                continue
            seconds = self.led.span(path, *sf.span(line))
            if seconds / self.total < LIST_SHARE / 2:
                continue
            facts = self.ev.facts_at((path, line))
            code = self._line_code(sf, line, facts)
            if code is None:
                continue
            if any(f.path == path and f.line <= line <= f.end for f in self.found.values()):
                continue  # inside a loop finding: the loop's rewrite covers it
            f, facts = self.finding(sf, line, code)
            # (what refutes lint's candidate of the code refutes the run's: once, lint's)
            reason = BY_CODE.get(code, PLAIN).refute(self, Candidate(f, facts, None, sf, line))
            if reason:
                if not any(d.path == path and d.line == line for d in self.dropped):
                    self.dropped.append(_with(f, dropped=reason))
                continue
            f = _with(f, evidence=self.more_evidence(f, sf), gain=self.gain(f, facts, None, sf))
            self.add(f)

    def _hit_lines(self, path: str) -> Iterable[tuple[tuple[str, int], int]]:
        for key in self.led.by_code:
            if key[0] == path:
                yield key, self.led.count(key).n

    def _line_code(self, sf: SourceFile, line: int, facts: dict[str, Fact]) -> str | None:
        # (a build of Python data at every iteration, AB108, is patterns/constant_build.py's:
        # it must be the same data each time, which the run tells)
        # (a call in a comprehension's first iterable runs once a statement, not once an
        # iteration the line counts: ``zip(white.tolist(), black.tolist())`` of a list of
        # 450 games, blind117's chess clubs, told a sync per game)
        once = first_iterables(sf.tree, line) if sf.tree is not None else set()
        for c in sf.calls_on(line):
            if id(c) in once:
                continue
            name = call_name(c)
            r = receiver(c)
            fact = facts.get(r)
            if name in SYNC_METHODS and fact is not None and torchish(fact):
                if name == "cpu" and not on_device(fact):
                    continue
                return "AB201"
            if (
                name in SYNC_BUILTINS
                and isinstance(c.func, ast.Name)  # (``x.float()`` is a cast, not float(x))
                and fact is not None
                and torchish(fact)
            ):
                return "AB201"
            if name in MOVE_METHODS and fact is not None and self.cuda:
                return "AB202"
        return None

    def hot_lines(self) -> list[HotLine]:
        """The costliest lines no listed finding holds, with the closest known kind or where
        their time is (rules/hints.py)."""
        return hot_lines(self, PER_ITERATION_MIN, (ELEMENT_MIN, self.element_max_s))


#: An inner loop of this many steps an entry or more is a run of its own (an episode), not a
#: stencil's few points (weno's 2 and 4 a point, inside its loop over 855,357 points).
RUN_STEPS_MIN = 8


def _own_frame(loop: Loop) -> bool:
    """A comprehension that runs in a frame of its own (Python 3.11; from 3.12 only generator
    expressions do): its time can be told from its statement's."""
    return loop.comprehension and (COMPREHENSION_FRAMES or loop.generator)


def _with(f: Finding, **changes: Any) -> Finding:
    return replace(f, **changes)
