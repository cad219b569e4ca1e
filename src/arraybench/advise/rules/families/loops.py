"""Loops over elements (lint's AB101-AB107, and the run's AB406/AB408 for those whose steps
need the one before): refuted where the run shows too few items, a recurrence where the steps
read what earlier ones wrote, priced by what the rewritten loop would still pay."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from ....base.units import format_time
from ...read.libraries import MUTATING_METHODS
from ...read.source import call_name, count_ops, read_source, static_size, stored_in
from ...read.syntax import imported_names, seen_name, target_names, walk_tree
from ...run.models import import_time
from ...run.values import ARRAY, JAX, MODEL, OTHER, SCALAR, SEQUENCE, is_array
from ..float_steps import element_work, float_cost
from ..patterns.growth import growth_gain
from .base import Candidate, Plain
from .blocks import callee_blocks, made_blocks
from .kept import callbacks_time, other_calls, own_callees_time
from .scans import closed_form

if TYPE_CHECKING:
    from ...read.source import Loop, SourceFile
    from ...records import Finding
    from ...run.values import Fact
    from ..patterns.base import Analysis

#: A loop is element by element when it runs at least this many iterations per entry (half of
#: it refutes lint's candidate: too few for the loop to matter).
ELEMENT_MIN = 32
#: Codes of loops: the reported line is the loop's, and the cost is the whole loop's.
LOOP_CODES = frozenset({"AB101", "AB102", "AB103", "AB104", "AB105", "AB106", "AB107"})
#: Lint's loops whose whole-array rewrite a recurrence rules out: the run's recurrence test turns
#: them into AB406/AB408 (an online learner's loop over samples offered "one batched call" would
#: become full-batch gradient descent, another algorithm).
ELEMENT_CODES = frozenset({"AB101", "AB102", "AB103", "AB104", "AB105", "AB106"})


#: An iteration of an element loop costs at most this where most of it is in the functions it
#: calls, a tenth of it where the loop's items are matrices (2-D or more, over 2 x ELEMENT_MIN
#: elements): a longer one is a step of work on a block of data (confirm.py's ELEMENT_MAX_S, for
#: the run's own loops).
BLOCK_STEP_S = 1e-3
#: An iteration that makes such a block of its own and costs at least this is a step of work on
#: it (a few calls' overhead is a few microseconds): blind20's ledger, 6,000 accounts of ~3,000
#: drawn amounts each, 48-79 µs an iteration, read as an element loop saving 15%.
MADE_BLOCK_STEP_S = 3e-5
#: A loop of few iterations an entry is still worth a rewrite when it runs this many in all
#: and each costs at most CALLS_BOUND library calls: its time is the calls' overhead, which a
#: whole-array rewrite pays once an entry (a Gram-Schmidt step ``for j in range(i + 1)``: ~12
#: iterations an entry, 239,739 in all, 14% of the run).
MANY_ITERATIONS = 10_000
CALLS_BOUND = 8
#: A recurrence's loop run this many times (a run per trial, per sequence) is told that its
#: independent runs batch.
BATCHED_RUNS = 20


def scalar_reads(sf: SourceFile, lp: Loop, facts: dict[str, Fact]) -> set[str]:
    """The arrays a loop's body (no loop of its own inside) reads single elements of, at
    indices that are ints the body assigns (not the loop's own name: that is ``indexes``):
    ``wealth[a]``, ``spins[x, y]``, or ``spins.item(x, y)`` at any indices (round 16's
    ising2dim, a Metropolis sweep at drawn sites: 17.4% saved on lists)."""
    if sf.tree is None or any(x.line != lp.line and lp.line <= x.line <= lp.end for x in sf.loops):
        return set()
    made = {
        t.id
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Assign) and lp.line < n.lineno <= lp.end
        for t in n.targets
        if isinstance(t, ast.Name)
    }

    def an_int(e: ast.expr) -> bool:
        i = facts.get(e.id) if isinstance(e, ast.Name) and e.id in made else None
        return i is not None and i.kind == SCALAR and i.type in ("int", "numpy.int64", "numpy.intp")

    out: set[str] = set()
    for n in walk_tree(sf.tree):
        if not lp.line < getattr(n, "lineno", 0) <= lp.end:
            continue
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load):
            base_node, index = n.value, n.slice
            parts = index.elts if isinstance(index, ast.Tuple) else [index]
            if not all(an_int(p) for p in parts):
                continue
        elif (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr == "item"
            and n.args
        ):
            base_node, parts = n.func.value, list(n.args)
        else:
            continue
        if not isinstance(base_node, ast.Name):
            continue
        base = facts.get(base_node.id)
        if base is not None and is_array(base) and len(base.shape) == len(parts):
            out.add(base_node.id)
    return out


def _few_rows_applied(sf: SourceFile, c: Candidate) -> str:
    """Why ``np.apply_along_axis(f, axis, a)`` over fewer than ELEMENT_MIN / 2 rows of many
    values is no loop to rewrite: a Python call per row is nothing beside each row's work
    (blind67's channel gains, a percentile of each of 3 rows of 65,536); "" otherwise."""
    for n in sf.calls_on(c.line):
        if not (
            call_name(n) == "apply_along_axis"
            and len(n.args) >= 3
            and isinstance(n.args[1], ast.Constant)
            and isinstance(n.args[1].value, int)
            and isinstance(n.args[2], ast.Name)
        ):
            continue
        x = c.facts.get(n.args[2].id)
        if x is None or not is_array(x) or not x.shape:
            return ""
        axis = n.args[1].value
        if not -len(x.shape) <= axis < len(x.shape):
            return ""
        length = x.shape[axis]
        rows = x.size // max(1, length)
        if rows < ELEMENT_MIN / 2 and length >= ELEMENT_MIN * 8:
            return (
                f"applies the function to {rows} rows of {length:,} values each: a Python "
                "call per row is nothing beside each row's own work"
            )
    return ""


def calls_bound(a: Analysis, c: Candidate) -> bool:
    """Whether a loop's iterations are so many and so short that their time is the library
    calls' overhead (MANY_ITERATIONS or more, each within CALLS_BOUND calls' cost)."""
    f = c.f
    if f.count is None or f.count.n < MANY_ITERATIONS or f.seconds <= 0:
        return False
    return f.seconds / f.count.n <= CALLS_BOUND * a.costs.call(c.facts.values())


class Loops(Plain):
    codes = LOOP_CODES | {"AB406", "AB408"}

    def locate(self, a: Analysis, c: Candidate) -> Finding:
        f, sf, loop = c.f, c.sf, c.loop
        if f.code == "AB103" and loop is None:
            # ``np.apply_along_axis(partial(spread, lo=5, hi=95), 1, block)``: the user's
            # function it calls per row runs under the line; its time is the line's
            # (blind29's vibration features: 79 ms on the line, 1.5 s in ``spread``)
            first, last = sf.span(c.line)
            spent = a.led.span(f.path, first, last)
            if spent > f.seconds:
                return replace(f, seconds=spent, share=spent / a.total)
            return f
        if f.code != "AB107" or loop is not None:
            return f
        # reported, like the other loop patterns, on the loop's line; its time is the growing
        # statement's (the copies), which lint names
        around = sf.enclosing_loops(c.line)
        if not around:
            return f
        # (told at the growing statement once the analysis is done: patterns/growth.relocate_growth)
        a.grown_at[(f.path, around[0].line)] = c.line
        return replace(
            f,
            line=around[0].line,
            end=around[0].end,
            snippet=f"{sf.text(around[0].line)}  ... {sf.text(c.line)} (line {c.line})",
        )

    def refute(self, a: Analysis, c: Candidate) -> str:
        f, sf, loop = c.f, c.sf, c.loop
        if loop is None:
            return _few_rows_applied(sf, c) if f.code == "AB103" else ""
        counted, per_entry = a.nest_counts(sf, loop)
        size = static_size(loop.over, a.ev.facts_in(f.path, loop.line, loop.end))
        if counted.exact:
            size = None  # counted over the whole run: the values seen once say less
        applies = f.code == "AB103" and "apply_along_axis" in sf.text(c.line)
        if size is not None and size < ELEMENT_MIN / 2 and not applies:
            # the values seen say how many: ``for s in scale`` with ``scale`` of 3 items
            return f"runs over {size} items: too few for the loop to matter"
        if f.code in ELEMENT_CODES:
            # (its time is JAX compiling a function again at a line in it, for each new input
            # shape: that line's AB404 is the finding, not an element loop; blind82's carillon
            # strikes, 16 recordings of new lengths, 1.0 s of its 1.4 s compiling, told AB101)
            by_line = {
                ln: a.ev.events.compile_s.get((f.path, ln), 0.0)
                for ln in range(loop.line, loop.end + 1)
            }
            compiled = sum(by_line.values())
            spent = a.led.span(f.path, loop.line, loop.end)
            at = max(by_line, key=lambda ln: by_line[ln])
            if spent > 0 and compiled >= 0.5 * spent and a.recompiling((f.path, at)):
                # (only where that line's recompiles are a finding: a few shapes compiled
                # once each are the data's, and the loop's own steps are what costs)
                return (
                    f"{format_time(compiled)} of its {format_time(spent)} is JAX compiling "
                    f"again (line {at}): that line's recompiles are the finding"
                )
        if f.code in ELEMENT_CODES and boxed_items(
            [c.facts[b] for b in indexed_bases(sf, loop) if b in c.facts], c.facts, sf
        ):
            return (
                "indexes a list of arrays autograd differentiates (values seen boxed, or the "
                "file works with autograd.numpy): stacking them into one array is a boxed "
                "operation per item in the gradient too"
            )
        if f.code in ELEMENT_CODES and loop.recurrence and recurrence_code(loop) == "AB406":
            boxed = differentiated(c.facts)
            if boxed:
                return no_float_steps(boxed)
        # (``np.apply_along_axis(f, 1, paths)`` is itself the loop over the rows, whatever the
        # loop around the call: blind22's lookback payoffs, one call per strike of 4, each
        # over 6,000 paths, were dropped as "steps of work on a block")
        # (lint's per-sample loop too, where no model is called in it: blind45's clearance fit,
        # 120 grid values each through a whole population of 7,000 at once, told a per-sample
        # loop saving 26-32% where batching the 120 saves nothing)
        model_free = not any(x.kind == MODEL for x in c.facts.values())
        blocks = ELEMENT_CODES - {"AB105", "AB106"} | ({"AB106"} if model_free else set())
        if f.code in blocks and counted.n and not applies:
            spent = a.led.span(f.path, loop.line, loop.end)
            own = sum(a.led.own((f.path, ln)) for ln in range(loop.line, loop.end + 1))
            each = spent / counted.n
            step = each * a.on_cpu  # (its CPU time, what the limits are in)
            items = [c.facts[t] for t in loop.targets if t in c.facts]
            items = [
                x for x in items if is_array(x) and len(x.shape) > 1 and x.size > ELEMENT_MIN * 2
            ]
            made = made_blocks(sf, loop, c.facts) if not items else []
            called = (
                callee_blocks(a, sf, loop, f.path, spent)
                if not (items or made) and step > MADE_BLOCK_STEP_S
                else []
            )
            block = (bool(items) and step > BLOCK_STEP_S / 10) or (
                bool(made or called) and step > MADE_BLOCK_STEP_S
            )
            items = items or made
            if block or (own < spent / 2 and step > BLOCK_STEP_S):
                # a step of work on a block (a 64x128 batch through a bank of filters), or in
                # the functions it calls (a distance with its own inverse, a match drawn as
                # 2,000 seconds): neither a whole-array rewrite of one element's arithmetic nor
                # the same steps on floats saves its time; what each step does is where to look
                if block and items:
                    said = f"on a {items[0]} at a time"
                elif block:
                    said = f"most of it in {called[0][0]}(), on {called[0][1]} it makes"
                else:
                    said = "most of it in the functions it calls"
                return (
                    f"each of its {counted} iterations takes {format_time(each)}, {said}: a "
                    "step of work on a block of data, not one element's arithmetic"
                )
        if f.code == "AB105" and counted.n:
            # a loop over values of a parameter (a grid of decays), each step a product on
            # whole arrays it builds, no row taken by the loop's names: no product per row
            # (blind50's media-mix fit, 200 decays a channel each through a 12,000-row lstsq)
            items = [c.facts[t] for t in loop.targets if t in c.facts]
            each = a.led.span(f.path, loop.line, loop.end) / counted.n
            if (
                items
                and all(x.kind == SCALAR for x in items)
                and not indexed_bases(sf, loop)
                and each * a.on_cpu > BLOCK_STEP_S
            ):
                return (
                    f"each of its {counted} iterations takes {format_time(each)} over a value "
                    f"of {', '.join(loop.targets)}, none of its products on a row the loop "
                    "takes: not one product per row"
                )
        if (
            f.count is not None
            and f.count.n
            and per_entry < ELEMENT_MIN / 2
            and not calls_bound(a, c)
            and not applies
        ):
            return (
                f"ran ~{per_entry:.0f} iterations per entry ({f.count} in all): too few for "
                "the loop to matter"
            )
        return ""

    def settle(self, a: Analysis, c: Candidate) -> Finding:
        f, loop = c.f, c.loop
        if f.code in ELEMENT_CODES and loop is not None and loop.recurrence:
            # lint's element loop gets the test the run's own loops get: a loop that reads
            # cells earlier iterations wrote (an in-place Gauss-Seidel sweep ``p[x][y]``, which
            # lint's own test does not follow) has no whole-array form, only cheaper steps
            f = replace(f, code=recurrence_code(loop))
        elif f.code in ELEMENT_CODES and loop is not None and loop.scan and loop.written:
            # (a running total, minimum or maximum written out at every step: a scan, not a
            # reduction; blind54's lookback payoff, blind57's thermal time; nor an element
            # loop: blind115's brine ponds, a generator yielding its running total)
            f = replace(f, code="AB408")
        if loop is not None:
            f = independent_runs(a, c.sf, loop, f)
        return with_scan(f, loop, a, c.sf)

    def price(self, a: Analysis, c: Candidate) -> tuple[float, float] | None:
        """A loop made one array operation still pays a call per operation per entry and its
        elements once (1-4 ns an element for the operations of a body), and walks Python data
        once; a recurrence kept as a loop pays its steps on Python floats and lists. Bounds,
        from per-call costs measured in this process after the run."""
        f, facts, loop, sf = c.f, c.facts, c.loop, c.sf
        if f.code == "AB107" and loop is None:
            # lint's growth, reported on its loop: the growing statement's copies against an
            # append each (as the run's own AB107 prices them)
            first, last = sf.span(c.line)
            n = a.led.count((f.path, c.line)).n
            if not n:
                return None
            seconds = a.led.span(f.path, first, last, own=True)
            return growth_gain(a, seconds, n, a.ev.facts_at((f.path, c.line)).values())
        if loop is None or f.count is None or not f.count.n or f.seconds <= 0:
            return None
        if f.code == "AB406":
            # the same steps on Python floats and lists (the costs measured after the run, a
            # call's overhead included), each statement at its own count; up to three times
            # that for the lists' reads
            # each step at most what it took (a step floats would not make cheaper is kept)
            def took(first: int, last: int) -> float:
                return sum(a.led.own((f.path, ln)) for ln in range(first, last + 1))

            low, high = (
                float_cost(
                    sf,
                    loop,
                    lambda ln: a.ev.facts_at((f.path, ln)),
                    lambda ln: a.led.count((f.path, ln)).n,
                    a.costs.python_op,
                    a.costs.python_list_op,
                    took,
                    factor,
                )
                for factor in (1.0, 3.0)
            )
            # the loop's own line runs as many times on floats (``for i in range(n)``, a
            # ``while``'s test): what it took stays, none of it saved (a slow spell's lump
            # charged there read as saving: round 11's SOM, under load, 5% with 24 ms on its
            # ``for`` line where 2.6-3% with 5 ms, for its ~3%)
            header = took(loop.line, loop.line)
            low = max(low + header, f.count.n * a.costs.python_op)
            high = max(high + header, low)
        else:
            call = a.costs.call(facts.values())
            _, per_entry = a.nest_counts(sf, loop)
            entries = max(1.0, f.count.n / max(per_entry, 1.0))
            ops = max(1, min(20, count_ops(sf, loop)))
            # the rewrite still works through every element its operations touch, once an
            # operation (a row of 784 values is 784 of them): from one to three passes at the
            # per-element cost measured after the run, and at least 4 ns an iteration's op
            work = element_work(
                sf,
                loop,
                lambda ln: a.ev.facts_at((f.path, ln)),
                lambda ln: a.led.count((f.path, ln)).n,
            )
            calls = entries * ops * call
            if any(x.kind == JAX for x in facts.values()):
                # JAX compiles each operation of the rewrite at its new shape once (a loop of
                # scalar steps compiled its own once): 0.34 of a run saved where 0.61 was its
                # loop's time, on a 200-element heat equation's flux
                calls += ops * a.costs.jax_compile()
            low = calls + work * a.costs.element()
            high = calls + max(3 * work * a.costs.element(), f.count.n * ops * 4e-9)
            # a loop over Python data (lists of numbers) is not one array operation until that
            # data is an array: the rewrite still walks it once, flattening and converting
            # (measured per item after the run), up to three times over
            walked = float(f.count.n * python_items(loop, facts))
            outer = next((x for x in sf.enclosing_loops(loop.line) if x.line != loop.line), None)
            if walked and outer is not None and not changed_in(sf, walked_names(loop), outer):
                # the same lists walked again on every pass of the loop around it (``while
                # True`` until converged): flattened once, before that loop
                _, outer_per = a.loop_counts(f.path, outer)
                walked /= max(1.0, outer_per)
            low += walked * a.costs.item(facts.values())
            high += 3 * walked * a.costs.item(facts.values())
            # the Python objects the loop makes for the program to keep (``hypos.append((n,
            # p1, p2))``): the rewrite still makes each one, a Python step at least (round
            # 13's lincoln.py:115, 305,598 tuples for a suite's keys: stated 5.2%, saved ~1.5%)
            made = sum(a.led.count((f.path, ln)).n for ln in appended_displays(sf, loop))
            low += made * a.costs.python_op
            high += 3 * made * a.costs.python_op
        # the loop's calls into other libraries stay, one a step, whatever the rewrite
        # (round 11's bertrand.py:122: a matplotlib Line2D made and added for the first
        # chords, 485-622 ms of the loop's 514 ms, where np.hypot was 48 ms)
        kept = other_calls(a, f.path, loop)
        if f.code == "AB406":
            # (a recurrence's steps on floats still call back; an element loop's batched
            # rewrite calls a model passed in once, on the whole batch)
            kept += callbacks_time(a, sf, loop, facts)
        elif f.code == "AB408":
            # (a scan replaces the recurrence, not the file's functions the loop calls once a
            # step, callbacks among them: blind172's eddy-current line, an exponential moving
            # average of the background beside a ``Frame`` made per frame, its peak and a
            # classifier, stated 50% for the whole loop)
            kept += own_callees_time(a, sf, loop)
        if f.code == "AB408" and "scipy.signal" in loop.scan and not closed_form(a, sf, loop):
            # (a linear filter's scan is scipy's: a program that never imported it pays the
            # import, once; blind85's regatta and blind86's Holter monitor, ~0.6-2 s of a 3-6 s
            # run, stated 86-88% where their rewrites saved 27-48%)
            kept += import_time("scipy.signal")
        return (max(0.0, f.seconds - high - kept), max(0.0, f.seconds - low - kept))


FAMILY = Loops()


def independent_runs(a: Analysis, sf: SourceFile, loop: Loop, f: Finding) -> Finding:
    """An AB406 finding whose loop's runs look independent says so: its iterations each start
    from a new state made before an inner loop, or the loop itself is run many times (a call
    per trial or sequence). Round 11's bandits: 1,000 runs of a recurrence, each on its own;
    an axis per run saved 89% where Python floats saved 78%."""
    if f.code != "AB406":
        return f
    count, per_entry = a.nest_counts(sf, loop)
    runs = count.n / max(per_entry, 1.0)
    fresh = fresh_runs(sf, loop)
    if fresh:
        said = (
            f"each iteration starts again from a new {fresh[0]} (line {fresh[1]}) before its "
            "inner loop: independent runs, which one array axis per run takes together, each "
            "step one operation for all of them"
        )
    elif runs >= BATCHED_RUNS:
        said = (
            f"the loop ran {runs:,.0f} times, ~{per_entry:,.0f} steps each: where those runs "
            "are independent (trials, sequences, chains), one array axis per run takes each "
            "step for all of them in one operation"
        )
    else:
        return f
    return replace(f, evidence=f"{f.evidence}; {said}" if f.evidence else said)


def fresh_runs(sf: SourceFile, loop: Loop) -> tuple[str, int] | None:
    """``player`` and its line, where a loop's body makes it anew (``player =
    EpsilonGreedy(n)``, ``h = np.zeros(d)``) before an inner loop that reads it: each of the
    loop's iterations is a run of its own."""
    if sf.tree is None:
        return None
    for node in walk_tree(sf.tree):
        if not isinstance(node, ast.For | ast.While) or node.lineno != loop.line:
            continue
        made: dict[str, int] = {}
        for stmt in node.body:
            if isinstance(stmt, ast.For | ast.While):
                read = {
                    n.id
                    for n in ast.walk(stmt)
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                }
                used = [(name, line) for name, line in made.items() if name in read]
                if used and not _carried(node.body, set(made)):
                    return used[0]
                return None
            if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call):
                for t in stmt.targets:
                    for name in target_names(t):
                        made[name] = stmt.lineno
    return None


def _carried(body: list[ast.stmt], fresh: set[str]) -> bool:
    """Whether an iteration changes state that a later one reads: a name other than the ones
    it makes anew (``fresh``, or bound by a plain assignment before anything reads it, such as
    ``total = 0.0``) that the body changes (an element or attribute stored, an in-place
    operation, a deletion, a mutating method, or a name bound again after it was read) and
    reads. A collapsed Gibbs sweep changes ``zs``, ``Ns``, ``C`` and ``K`` for the next point;
    a run per trial writes its result into ``rewards[run, t]`` and reads nothing back."""
    changed: set[str] = set()
    doing: set[int] = set()  # the names that are changed there, not read
    augmented: set[int] = set()  # ``total += r`` reads total too
    for stmt in body:
        for n in ast.walk(stmt):
            targets: list[ast.expr] = []
            if isinstance(n, ast.AugAssign):
                targets = [n.target]
                if isinstance(n.target, ast.Name):
                    augmented.add(id(n.target))
            elif isinstance(n, ast.Assign):
                targets = [t for t in n.targets if not isinstance(t, ast.Name)]
            elif isinstance(n, ast.Delete):
                targets = n.targets
            elif (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Attribute)
                and n.func.attr in MUTATING_METHODS
            ):
                targets = [n.func.value]
            for target in targets:
                base = target
                while isinstance(base, ast.Subscript | ast.Attribute):
                    base = base.value
                if isinstance(base, ast.Name):
                    changed.add(base.id)
                    if id(base) not in augmented:
                        doing.add(id(base))
    # statement by statement: a name first bound by a statement that does not read it is made
    # anew each iteration; one read first and bound later carries
    reset: set[str] = set()
    seen: set[str] = set()
    reads: set[str] = set()
    for part in _in_order(body):
        names = [n for n in ast.walk(part) if isinstance(n, ast.Name)]
        loads = {
            n.id
            for n in names
            if (isinstance(n.ctx, ast.Load) and id(n) not in doing) or id(n) in augmented
        }
        stores = {n.id for n in names if isinstance(n.ctx, ast.Store) and id(n) not in augmented}
        reset |= {x for x in stores - loads if x not in seen}
        changed |= {x for x in stores if (x in seen or x in loads) and x not in reset}
        seen |= loads | stores
        reads |= loads
    return bool((changed - fresh - reset) & reads)


def _in_order(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """A body's parts in the order they run: a simple statement whole; a compound one's
    header (a loop's items, then its target; a test) before its blocks, each in order."""
    for stmt in body:
        if isinstance(stmt, ast.For | ast.AsyncFor):
            yield stmt.iter
            yield stmt.target
            yield from _in_order(stmt.body)
            yield from _in_order(stmt.orelse)
        elif isinstance(stmt, ast.While | ast.If):
            yield stmt.test
            yield from _in_order(stmt.body)
            yield from _in_order(stmt.orelse)
        elif isinstance(stmt, ast.With | ast.AsyncWith):
            yield from stmt.items
            yield from _in_order(stmt.body)
        elif isinstance(stmt, ast.Try):
            yield from _in_order(stmt.body)
            for h in stmt.handlers:
                yield from _in_order(h.body)
            yield from _in_order(stmt.orelse)
            yield from _in_order(stmt.finalbody)
        else:
            yield stmt


def appended_displays(sf: SourceFile, loop: Loop) -> list[int]:
    """The lines of a loop's body that append a tuple, list, dict or set made right there to a
    list (``out.append((i, x))``, ``rows += [[a, b]]``): objects the program keeps."""
    if sf.tree is None:
        return []
    displays = (ast.Tuple, ast.List, ast.Dict, ast.Set)
    lines: list[int] = []
    for n in walk_tree(sf.tree):
        if not (isinstance(n, ast.stmt) and loop.body <= n.lineno <= loop.end):
            continue
        v = n.value if isinstance(n, ast.Expr | ast.AugAssign) else None
        if (
            isinstance(v, ast.Call)
            and isinstance(v.func, ast.Attribute)
            and v.func.attr in ("append", "insert", "add")
            and v.args
            and isinstance(v.args[-1], displays)
        ) or (isinstance(n, ast.AugAssign) and isinstance(v, ast.List) and v.elts):
            lines.append(n.lineno)
    return lines


def indexed_bases(sf: SourceFile, lp: Loop) -> set[str]:
    """The names a loop's own names index in its body (``x`` of ``x[i]``, ``fplist`` of
    ``fplist[i].v``)."""
    if sf.tree is None or not lp.targets:
        return set()
    out: set[str] = set()
    for n in walk_tree(sf.tree):
        if (
            isinstance(n, ast.Subscript)
            and lp.line <= n.lineno <= lp.end
            and any(
                isinstance(m, ast.Name) and m.id in lp.targets
                for part in (n.slice.elts if isinstance(n.slice, ast.Tuple) else [n.slice])
                if not isinstance(part, ast.Slice)
                for m in ast.walk(part)
            )
        ):
            name = seen_name(n.value)
            if name:
                out.add(name)
    return out


def objects(fact: Fact) -> bool:
    """Whether a value is the program's objects, not data (a path object, a list of them)."""
    return fact.kind == OTHER or (fact.kind == SEQUENCE and fact.item == OTHER)


def boxed_items(bases: list[Fact], facts: dict[str, Fact], sf: SourceFile) -> bool:
    """Whether a loop under autograd indexes a list of its values (``logprobs[t]`` of 30
    arrays, ArrayBoxes when differentiated): stacking them into one array is a boxed operation
    per item in the gradient too, and the one-call form ran 20% slower than the loop (round
    10's rnn.py:59). Under autograd: a value seen boxed, or a file whose arrays are
    ``autograd.numpy``'s (the values seen first may be from a call that was not differentiated)."""
    if not (differentiated(facts) or uses_autograd(sf)):
        return False
    return any(b.kind == SEQUENCE and b.item in (OTHER, ARRAY) for b in bases)


def uses_autograd(sf: SourceFile) -> bool:
    """Whether the file works with ``autograd.numpy`` (``import autograd.numpy as np``)."""
    if sf.tree is None:
        return False
    return any(m.startswith("autograd") for m in imported_names(sf.tree).values())


def differentiated(facts: dict[str, Fact]) -> str:
    """A value of the loop that autograd is recording (``log_alpha: autograd.ArrayBox`` in a
    function under ``grad``; a torch tensor that requires grad), as ``name: value``; "" where
    none is. A recurrence's steps on Python floats would stop its gradient."""
    for name, f in sorted(facts.items()):
        if (f.type.startswith("autograd.") and f.type.endswith("Box")) or (
            f.type == "torch.Tensor" and f.grad
        ):
            return f"{name}: {f}"
    return ""


def no_float_steps(boxed: str) -> str:
    """Why a differentiated recurrence is no finding."""
    return (
        f"a recurrence on values being differentiated ({boxed}): its steps on Python floats "
        "would lose the gradient, and no whole-array form exists"
    )


def recurrence_code(loop: Loop) -> str:
    """AB408 when a library scan computes the recurrence (a prefix sum: ``np.cumsum``), else
    AB406: before saying "keep the loop", look for the call that replaces it."""
    return "AB408" if loop.scan else "AB406"


def with_scan(f: Finding, loop: Loop | None, a: Analysis, sf: SourceFile) -> Finding:
    """An AB408 finding names the scan that computes its loop (and the import it costs where
    the program never made it, or the NumPy closed form that needs none)."""
    if f.code != "AB408" or loop is None or not loop.scan:
        return f
    said = f"each step is one first-order step on the last result: {loop.scan} computes it"
    closed = closed_form(a, sf, loop)
    took = import_time("scipy.signal") if "scipy.signal" in loop.scan and not closed else 0.0
    if closed:
        said += f"; or {closed}"
    if took:
        said += (
            f" (the program never imported scipy.signal: its import, {format_time(took)} "
            "timed after the run, is taken off the saving)"
        )
    return replace(f, evidence=f"{f.evidence}; {said}" if f.evidence else said)


def copied_out(sf: SourceFile, line: int) -> str:
    """What a comprehension at ``line`` only copies out (``[x for x in arr]``, ``{v for v in
    a[k]}``), as said to the user ("" for any other line): its elements are one call away
    (``arr.tolist()``), where a whole-array function on a small array pays its call again."""
    if sf.tree is None:
        return ""
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp)
            and node.lineno == line
            and len(node.generators) == 1
            and not node.generators[0].ifs
            and isinstance(node.elt, ast.Name)
            and isinstance(node.generators[0].target, ast.Name)
            and node.elt.id == node.generators[0].target.id
        ):
            arr = ast.unparse(node.generators[0].iter)
            return (
                f"the comprehension copies {arr}'s elements one by one: {arr}.tolist() makes "
                "the same Python values in one call (set() or sorted() of it as needed); on "
                "small arrays a whole-array function (np.unique) pays its call again"
            )
    return ""


def walked_names(loop: Loop) -> list[str]:
    """The names a loop walks: ``docs`` of ``for doc in docs``, both of ``zip(xs, ys)``."""
    over = loop.over
    if isinstance(over, ast.Call) and call_name(over) in ("enumerate", "zip"):
        return [a.id for a in over.args if isinstance(a, ast.Name)]
    return [over.id] if isinstance(over, ast.Name) else []


def changed_in(sf: SourceFile, names: list[str], lp: Loop) -> bool:
    """Whether the loop assigns, writes into or changes in place (``xs.append``) any of the
    names; True when there are none to judge."""
    if not names or sf.tree is None:
        return True
    if any(stored_in(sf, n, lp.line, lp.end) for n in names):
        return True
    return any(
        isinstance(node, ast.Call)
        and lp.line <= node.lineno <= lp.end
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in MUTATING_METHODS
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in names
        for node in walk_tree(sf.tree)
    )


def python_items(loop: Loop, facts: dict[str, Fact]) -> int:
    """Items of Python data a loop's iteration reads from what it walks: 0 where it walks an
    array or a range; where it walks a Python list (``for doc in docs``, ``enumerate(docs)``,
    ``zip(xs, ys)``), the length of each target that is a list (``doc``: 44 ints), or 1."""
    lists = [
        facts[t].shape[0]
        for t in loop.targets
        if t in facts and facts[t].kind == SEQUENCE and facts[t].shape
    ]
    # a list it walks, or a list it yields (``doc`` of ``docs``: the values seen at a sample
    # may hold one and not the other)
    if not lists and not any(w in facts and facts[w].kind == SEQUENCE for w in walked_names(loop)):
        return 0
    return max(1, sum(lists))


#: Builtins that make a Python number of one element (``float(g[i])``).
CONVERTERS = frozenset({"float", "int", "bool"})
#: Loop findings told at such a conversion where it is the loop's only array work: a
#: recurrence's steps, or an element loop whose other work is on Python objects (appended to
#: a member's list: no whole-array form; blind178's handicap index, ``round(diffs[m, r].item(),
#: 1)`` appended for 2,500 members x 40 rounds, told AB101 at the outer loop).
CONVERTED_CODES = frozenset({"AB101", "AB406"})


def relocate_conversions(a: Analysis) -> None:
    """Each loop finding of CONVERTED_CODES told at its conversion line where
    :func:`converted_at` finds one, once the rules have run (a finding inside the loop was
    dropped as part of it); its time and its end stay the loop's."""
    for (path, at), f in list(a.found.items()):
        if f.code not in CONVERTED_CODES or f.line != at:
            continue
        sf = read_source(path)
        loop = next((lp for lp in sf.loops if lp.line == at and not lp.comprehension), None)
        if loop is None:
            continue
        g = converted_at(a, sf, loop, f)
        if g is f or (path, g.line) in a.found:
            continue
        del a.found[(path, at)]
        a.found[(path, g.line)] = g


def converted_at(a: Analysis, sf: SourceFile, loop: Loop, f: Finding) -> Finding:
    """A loop finding (CONVERTED_CODES) whose only reads of arrays are one statement's
    conversions of an element to a Python number (``x = float(g[i])``, ``g[i].item()``): the
    rest of its steps already run on Python numbers, and the fix is that one line, the array
    made a list once before the loop and the element read from it. Told there, as AB201, at
    the loop's price (blind179's ride g-force audit: 768,000 ``float(g[i])`` of a 192,000-sample
    tensor in an event counter, told AB406 at the loop's line)."""
    if f.code not in CONVERTED_CODES or sf.tree is None:
        return f
    node = next(
        (
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.For | ast.AsyncFor) and n.lineno == loop.line
        ),
        None,
    )
    if node is None:
        return f
    facts = a.ev.facts_in(sf.path, loop.line, loop.end)
    arrays = {n for n, x in facts.items() if is_array(x) and "." not in n}
    parent: dict[int, ast.AST] = {}
    for stmt in node.body:
        for p in ast.walk(stmt):
            for ch in ast.iter_child_nodes(p):
                parent[id(ch)] = p
    reads = [
        n
        for stmt in node.body
        for n in ast.walk(stmt)
        if isinstance(n, ast.Name) and n.id in arrays and isinstance(n.ctx, ast.Load)
    ]
    if not reads:
        return f
    lines: set[int] = set()
    names: set[str] = set()
    reads_as: dict[str, str] = {}
    for n in reads:
        sub = parent.get(id(n))
        if not isinstance(sub, ast.Subscript) or sub.value is not n:
            return f
        up = parent.get(id(sub))
        converted = (
            isinstance(up, ast.Call)
            and isinstance(up.func, ast.Name)
            and up.func.id in CONVERTERS
            and up.args == [sub]
        ) or (
            isinstance(up, ast.Attribute)
            and up.attr == "item"
            and isinstance(parent.get(id(up)), ast.Call)
        )
        if not converted:
            return f
        lines.add(n.lineno)
        names.add(n.id)
        index = sub.slice.elts if isinstance(sub.slice, ast.Tuple) else [sub.slice]
        reads_as.setdefault(
            ast.unparse(up if isinstance(up, ast.Call) else parent[id(up)]),
            f"{n.id}_list" + "".join(f"[{ast.unparse(e)}]" for e in index),
        )
    if len(lines) != 1:
        return f
    line = lines.pop()
    listed = ", ".join(f"{n}_list = {n}.tolist()" for n in sorted(names))
    read = "; ".join(f"{k} -> {v}" for k, v in reads_as.items())
    said = (
        f"the loop's only reads of {', '.join(sorted(names))} are line {line}'s conversions of "
        f"one element to a Python number, each a library call and a new object: its other "
        f"steps already run on Python numbers; before the loop {listed}, and on line {line} "
        f"{read}"
    )
    return replace(
        f,
        code="AB201",
        line=line,
        snippet=f"{sf.text(line).strip()}  (in the loop at line {loop.line})",
        evidence=f"{f.evidence}; {said}" if f.evidence else said,
    )
