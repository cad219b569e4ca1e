"""AB412: NumPy, SciPy or torch calls on a handful of numbers, on a line run many times.

``h = np.exp(theta @ x)`` with 2-element arrays, ``pi = h / np.sum(h)``, ``rng.choice(2,
p=pi)``, ``torch.stack((s[1], -g * torch.sin(s[0])))`` on a 2-element state: each call pays the
library's per-call cost (about a microsecond for NumPy, several for torch: argument parsing, a
new array, dispatch) to do a few nanoseconds of arithmetic. On Python floats (``math.exp``,
``random.random()``) the same step costs a tenth of that or less.

    candidates  a simple statement (an assignment, an augmented one, a return, an expression)
                that makes library operations: a call of a NumPy or torch function, a method of
                an array, tensor or random generator seen there, arithmetic, comparisons or
                indexing of arrays; no other calls than the user's functions and builtins
    evidence    every array or tensor seen on the statement (or the row of one it takes with
                integer indices, ``Q[s]``) has at most TINY_MAX elements, one at least, or it
                has none and calls a library function on Python or NumPy numbers and lists of
                at most TINY_MAX numbers only (``stats.norm.pdf(x, mu, sigma)``, ``np.var(xs)``
                of 7 floats, ``np.maximum(r, 0.02)``: no round trip then); it ran
                HITS_MIN times or more; its own time is LIST_SHARE of the run or more; its
                expression, timed again after the run on inputs like the ones seen, explains
                EXPLAINED_MIN of its time a run or more (not work hidden in something unseen)
    price       its time less the same steps on Python floats: its operations times the
                elements times a Python float operation (measured after the run), up to three
                times that, and half to one round trip a run where input and output stay
                arrays (``.tolist()`` and an array made again, timed after the run); the
                finding's time is the middle of that saving

Adjacent statements of one block that are all this (a two-line softmax) are one finding, on the
first line, priced together: they are rewritten together. A line of tiny arrays run a few times,
a line whose operand is a large array (``W @ x`` with ``W`` 4096 x 4) and a vectorised line over
large arrays are none.
"""

from __future__ import annotations

import ast
import math
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.bind import module_namespaces, star_names
from ...read.source import SourceFile, call_name
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.evaluate import expression_fact, expression_times, round_trip_time
from ...run.values import MODEL, SCALAR, SEQUENCE, Fact, is_array
from .base import Analysis
from .expressions import as_names, held_names
from .float_standins import LIBRARIES, library_function
from .float_standins import on_floats as time_on_floats

#: Elements of an array up to which a step on Python floats beats a library call on it.
TINY_MAX = 16
#: Runs of the statement under which its per-call costs are not worth a rewrite.
HITS_MIN = 1_000
#: What the statement costs timed again after the run, on inputs like the ones seen, must be at
#: least this part of its time per run (loose: a busy machine slows the run or the timing):
#: else the time is in something the values do not show.
EXPLAINED_MIN = 0.1
#: What a statement's calls cost a run, timed after the run, times this, bounds its time.
AGAIN_SLACK = 2.0
#: A statement that calls the user's functions, not timed again, is this statement's calls
#: only where it takes at most this many times their per-call cost a run.
CALLS_EXPLAIN = 4
#: Seconds that timing a statement again after the run may take.
TIMING_S = 0.3
#: The arrays whose per-call cost this prices.
ARRAY_TYPES = frozenset({"numpy.ndarray", "torch.Tensor"})
#: Builtins that cost no library call (``float(h[0])`` is a conversion, priced as one).
BUILTINS = frozenset({"float", "int", "bool", "len", "abs", "min", "max", "round", "range", "sum"})
#: Calls that read or write files: a statement holding one is not evaluated again after the run.
IO_CALLS = frozenset(
    {"save", "savez", "savetxt", "load", "loadtxt", "tofile", "fromfile", "open", "write"}
)
#: A list's own methods: a statement calling one (``out.append(...)``) makes no library call
#: by it.
LIST_METHODS = frozenset({"append", "extend", "insert", "pop", "remove", "index", "count"})
#: Types of random generators whose methods are library calls (``rng.choice``).
GENERATORS = frozenset({"numpy.Generator", "numpy.RandomState", "torch.Generator"})


@dataclass(frozen=True)
class _Step:
    """One statement of tiny-array calls: its lines, operations, the largest array seen, the
    run's time and count, and what it costs again after the run per run (None: not timed)."""

    first: int
    last: int
    ops: int
    elements: int
    seconds: float
    count: int
    again: float | None
    arrays: tuple[str, ...]
    largest: Fact
    #: whether its input and output stay arrays (a round trip a run on floats); not for a
    #: call on Python numbers or a short list
    trip: bool = True
    #: per run, what the statement rewritten on Python floats saves (middle, low, high): both
    #: timed after the run on inputs like the ones seen; None where no such rewrite is made
    on_floats: tuple[float, float, float] | None = None
    #: whether its count is exact (counted over the whole run), not scaled from the bursts
    exact: bool = True


def _simple(node: ast.AST) -> bool:
    return isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return, ast.Expr))


def _value(stmt: ast.stmt) -> ast.expr | None:
    """The expression a statement runs at each of its runs: its value, or the body of the
    lambda it makes, whose calls land on the line (``self.curve = lambda level:
    float(np.clip(np.power(level, self.gamma), ...))`` mapped over a rig's channels: blind97's
    dimmer law)."""
    value = None
    if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.Return, ast.Expr, ast.AnnAssign)):
        value = stmt.value
    return value.body if isinstance(value, ast.Lambda) else value


class _Ops:
    """Counts a statement's library operations, from the values seen there; ``unknown`` when
    it calls something that is neither a library function, a method of an array or generator,
    a builtin nor a function of the file (a model, a method of an object the run did not see:
    its time may be real work)."""

    def __init__(self, facts: dict[str, Fact], aliases: dict[str, str], own: set[str]) -> None:
        self.facts = facts
        self.aliases = aliases
        self.own = own
        self.ops = 0
        self.unknown = False

    def library(self, node: ast.expr) -> bool:
        """``np.exp``, ``torch.linalg.norm``, ``np.random.choice``: a function of a library."""
        return library_function(node, self.aliases)

    def arrayish(self, node: ast.expr) -> bool:
        """Whether an expression gives an array or tensor (or an element of one)."""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            f = self.facts.get(f"{node.value.id}.{node.attr}")
            if f is not None:
                return is_array(f)
        if isinstance(node, ast.Name):
            f = self.facts.get(node.id)
            return f is not None and (
                is_array(f) or (f.kind == SCALAR and f.type.startswith(("numpy.", "torch.")))
            )
        if isinstance(node, ast.Subscript):
            return self.arrayish(node.value)
        if isinstance(node, ast.Call):
            func = node.func
            if self.library(func):
                return True
            return isinstance(func, ast.Attribute) and self.arrayish(func.value)
        if isinstance(node, ast.BinOp):
            return self.arrayish(node.left) or self.arrayish(node.right)
        if isinstance(node, ast.UnaryOp):
            return self.arrayish(node.operand)
        return False

    def count(self, node: ast.AST) -> None:
        for n in ast.walk(node):
            if isinstance(n, ast.Call):
                fn = n.func
                if self.library(fn):
                    self.ops += 1
                elif isinstance(fn, ast.Attribute) and isinstance(fn.value, ast.Name):
                    seen = self.facts.get(fn.value.id)
                    if seen is not None and (is_array(seen) or seen.type in GENERATORS):
                        self.ops += 1
                    elif seen is not None and seen.kind == SEQUENCE and fn.attr in LIST_METHODS:
                        continue  # out.append(...): a list's own method, no library call
                    elif fn.value.id not in self.aliases:
                        self.unknown = True  # a method of an object of the user's
                    # (else a function of another module: math.exp, random.random)
                elif isinstance(fn, ast.Attribute) and self.arrayish(fn.value):
                    self.ops += 1  # a method of a call's or an operation's result
                elif isinstance(fn, ast.Name) and (fn.id in BUILTINS or fn.id in self.own):
                    continue
                else:
                    self.unknown = True
            elif self.operates(n):
                self.ops += 1

    def operates(self, n: ast.AST) -> bool:
        """An operator, comparison or index of arrays: one library call each."""
        if isinstance(n, ast.BinOp):
            return self.arrayish(n.left) or self.arrayish(n.right)
        if isinstance(n, ast.UnaryOp):
            return self.arrayish(n.operand)
        if isinstance(n, ast.Compare):
            return any(self.arrayish(x) for x in [n.left, *n.comparators])
        if isinstance(n, ast.Subscript):
            return isinstance(n.ctx, ast.Load) and self.arrayish(n.value)
        return False


class TinyArrays:
    rule = register(
        Rule(
            "AB412",
            "tiny-array-calls",
            WARNING,
            "NumPy, SciPy or torch calls on a few numbers (arrays of a few elements, Python "
            "numbers, a short list), run many times: each call pays the library's per-call "
            "cost (a microsecond or more; tens for scipy.stats) for a few nanoseconds of "
            "arithmetic",
            "do the step on Python floats: a, b = x.tolist() once, then math.exp / math.sqrt / "
            "random.random(), max(), sum(xs) / len(xs) and plain arithmetic on the numbers "
            "(a distribution's pdf written out as its formula; one array made at the end if "
            "one is needed); where the steps do not depend on each other, one call over all "
            "of them stacked instead",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        # (with NumPy's functions a star import gives, ``from pylab import *``: ``cos(x)``)
        aliases = {**star_names(sf.tree), **module_namespaces(sf.tree)}
        if not any(m.split(".")[0] in LIBRARIES for m in aliases.values()):
            return
        own = {
            n.name
            for n in walk_tree(sf.tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        }
        steps: list[tuple[ast.stmt, _Step]] = []
        for stmt in walk_tree(sf.tree):
            if not _simple(stmt):
                continue
            assert isinstance(stmt, ast.stmt)
            step = self._step(a, sf, stmt, aliases, own)
            if step is not None:
                steps.append((stmt, step))
        steps.sort(key=lambda s: s[1].first)
        groups: list[list[tuple[ast.stmt, _Step]]] = []
        for stmt, step in steps:
            # adjacent statements of one block, or any of one loop's block (round 16's
            # velocity Verlet: np.sqrt on floats at three lines of the step, each keeping the
            # step's numbers NumPy scalars; one alone on floats saved 0-4%, the step 58%)
            if (
                groups
                and sf.functions.get(groups[-1][-1][1].first) == sf.functions.get(step.first)
                and _block(sf, groups[-1][-1][0]) is _block(sf, stmt)
                and (
                    groups[-1][-1][1].last + 1 == step.first
                    or (
                        bool(sf.enclosing_loops(step.first))
                        and _fed(_block(sf, stmt), [g for g, _ in groups[-1]], stmt)
                    )
                )
            ):
                groups[-1].append((stmt, step))
            else:
                groups.append([(stmt, step)])
        taken = {id(stmt) for stmt, _ in steps}
        for group in groups:
            riders = self._riders(a, sf, [g for g, _ in group], taken, aliases, own)
            f = self._finding(a, sf, [s for _, s in group], riders)
            if f is not None:
                yield f

    def _riders(
        self,
        a: Analysis,
        sf: SourceFile,
        group: list[ast.stmt],
        taken: set[int],
        aliases: dict[str, str],
        own: set[str],
    ) -> list[_Step]:
        """The statements of a loop's block, after the group's, of operators on the NumPy
        scalars the group makes (``u_tmp = u_0 + dt / 2.0 * -x_0 / r3`` after ``r3 =
        np.sqrt(...)``): with the group on floats, their numbers are floats too, and each
        such statement saves its NumPy scalars' per-operation cost (round 16's velocity
        Verlet: the two ``np.sqrt`` lines alone priced 6-11%, the step on floats saved 58%)."""
        block = _block(sf, group[0])
        if not isinstance(block, list) or not sf.enclosing_loops(group[0].lineno):
            return []
        out = []
        for stmt in block:
            if id(stmt) in taken or not _simple(stmt) or not _fed(block, group, stmt):
                continue
            step = self._step(a, sf, stmt, aliases, own, rider=True)
            if step is not None and step.on_floats is not None:
                out.append(step)
        return out

    def _step(
        self,
        a: Analysis,
        sf: SourceFile,
        stmt: ast.stmt,
        aliases: dict[str, str],
        own: set[str],
        rider: bool = False,
    ) -> _Step | None:
        """``rider``: a statement of operators on NumPy scalars that a group's rewrite makes
        floats (priced as its statement on floats, however little of the run it is)."""
        first, last = stmt.lineno, stmt.end_lineno or stmt.lineno
        if (sf.path, first) in a.found or a.covered(sf.path, first):
            return None
        count = a.led.count((sf.path, first))
        if count.n < HITS_MIN:
            return None
        seconds = a.led.span(sf.path, first, last, own=True)
        if seconds / a.total < LIST_SHARE / 2 and not rider:
            return None
        facts = a.ev.facts_in(sf.path, first, last)
        if any(f.kind == MODEL for f in facts.values()):
            return None  # a model's forward is work, whatever its input
        # an attribute read whole (``self.table[int(a), :]``) is read as its value seen; its
        # object, where nothing else of it is read, is not
        held = held_names(stmt)
        read = {held.get(id(n), n.id) for n in ast.walk(stmt) if isinstance(n, ast.Name)}
        read = {n for n in read if n in facts or "." not in n}
        # (an attribute of another object, ``car.state[0]`` of a ``Car`` handed to a static
        # method: its value recorded as ``car.state``; blind94's elevator dispatch)
        read |= {
            dotted
            for n in ast.walk(stmt)
            if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id != "self"
            and (dotted := f"{n.value.id}.{n.attr}") in facts
        }
        arrays = {
            n: _used(stmt, n, f, facts) for n, f in facts.items() if n in read and is_array(f)
        }
        if any(
            f.size > TINY_MAX or f.size == 0 or f.type not in ARRAY_TYPES for f in arrays.values()
        ):
            return None  # a large operand, or JAX's arrays (AB405 is their dispatch)
        ops = _Ops(facts, aliases, own)
        ops.count(stmt)
        if ops.unknown or ops.ops == 0:
            return None
        trip = bool(arrays)
        if not arrays:
            # no array: a library function called on Python numbers or on a short list of
            # them (``np.maximum(r + margin, 0.02)``, ``stats.norm.pdf(x, mu, sigma)``,
            # ``np.var(xs)`` of 7 floats), which a float or list rewrite ends with no array
            # to make again
            arrays = _numbers(stmt, facts, aliases, ops)
            if not arrays and rider:
                arrays = {
                    n: f
                    for n, f in facts.items()
                    if n in read and f.kind == SCALAR and f.type.startswith("numpy.")
                }
            if not arrays:
                return None
        value = _value(stmt)
        again = None
        on_floats = None
        if value is not None and not any(
            isinstance(c, ast.Call) and call_name(c) in IO_CALLS for c in ast.walk(value)
        ):
            inputs = {n: f for n, f in facts.items() if n in read and n not in aliases}
            expr = ast.unparse(value)
            in_place = isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name)
            if in_place:
                assert isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name)
                # the in-place operation itself, on the value seen (a NumPy scalar ``pv``
                # makes ``pv += x`` a NumPy operation)
                expr = ast.unparse(ast.BinOp(stmt.target, stmt.op, value))
            # (an attribute read, ``self.radius``, timed as a name bound to the value seen)
            holders = set(held_names(value).values()) | {n for n in read if "." in n}
            inputs.update({n: f for n, f in facts.items() if n in holders})
            timed_expr, inputs = as_names(ast.parse(expr, mode="eval").body, inputs)
            expr = ast.unparse(timed_expr)
            if not trip:
                # (numbers in, a large array out: ``np.eye(self.n)`` of n = 48 is the work
                # of making 2,304 elements, not a call on a few numbers)
                made = expression_fact(expr, inputs, aliases)
                if made is not None and is_array(made) and made.size > TINY_MAX:
                    return None
            budget = min(TIMING_S, a.budget())
            times = expression_times(expr, inputs, aliases, budget / (1 if trip else 2))
            if times is not None:
                again = statistics.median(times)
                if isinstance(stmt, ast.AugAssign) and not in_place and ops.ops:
                    again *= (ops.ops + 1) / ops.ops
                if not trip:
                    on_floats = time_on_floats(expr, inputs, aliases, times, budget / 2)
        per_run = seconds / max(count.n, 1)
        if again is not None and again < EXPLAINED_MIN * per_run and not rider:
            return None  # the time is not these calls' on arrays like the ones seen
        calls_own = any(
            isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in own
            for c in ast.walk(stmt)
        )
        if (
            again is None
            and calls_own
            and per_run > CALLS_EXPLAIN * ops.ops * a.costs.call(facts.values())
        ):
            # a call of the user's function: the time at this line holds what the callee's
            # last lines of operators did (their signal is handled here, after the return),
            # not this line's few calls (``particles[ip] = update_landmark(particles[ip],
            # z[:, iz], Q)``: 6 us a run for one slice)
            return None
        return _Step(
            first,
            last,
            ops.ops,
            max(f.size for f in arrays.values()),
            seconds,
            count.n,
            again,
            tuple(f"{n}: {f}" for n, f in sorted(arrays.items())),
            max(arrays.values(), key=lambda f: f.size),
            trip,
            on_floats,
            count.exact,
        )

    def _finding(
        self, a: Analysis, sf: SourceFile, steps: list[_Step], riders: list[_Step] | None = None
    ) -> Finding | None:
        riders = riders or []
        seconds = sum(s.seconds for s in steps)
        sampled = seconds
        if all(s.again is not None for s in steps):
            # the statements' calls, timed after the run, cost at most this much a run (with a
            # loaded machine's slack): a sampled time far above it is another line's, whose
            # signal is handled here (a large array freed at the store before this line's call:
            # np_orbit_recorder's np.hypot on two floats after a growing np.vstack read 19 µs
            # a run for ~2 µs, and its rewrite saved nothing)
            seconds = min(seconds, sum(s.count * (s.again or 0.0) * AGAIN_SLACK for s in steps))
        if seconds / a.total < LIST_SHARE:
            return None
        first, last = steps[0].first, steps[-1].last
        f, facts = a.finding(sf, first, self.rule.code)
        count = max(s.count for s in steps)
        ops = sum(s.ops for s in steps)
        call = a.costs.call(facts.values())
        # the same steps on floats: each operation on each element a float operation (in a
        # statement: no call, no loop step around it); where the library's function is called
        # on numbers (no array), its stand-in is a Python call (math.sqrt, max, sum of a short
        # list: a Python step an element)...
        floats = sum(
            s.count * s.ops * s.elements * (a.costs.float_op if s.trip else a.costs.python_op)
            for s in steps
        )
        # ...and, where the statement's input and output stay arrays, a .tolist() and an array
        # made again a run (timed after the run on an array like the largest seen)
        tripping = [s for s in steps if s.trip]
        trip = 0.0
        if tripping:
            largest = max((s.largest for s in tripping), key=lambda x: x.size)
            timed_trip = round_trip_time(largest, min(TIMING_S, a.budget()))
            trip = 2 * call if timed_trip is None else timed_trip
        keep_lo = floats + count * trip / 2
        keep_hi = 3 * floats + count * trip
        timed = [s for s in steps if s.again is not None]
        per_run = seconds / max(count, 1)
        on = (
            f"arrays of at most {max(s.elements for s in steps)} elements"
            if tripping
            else "Python numbers or a short list of them"
        )
        # (a count scaled from the bursts is said so: round 27's solar-gravity rates, 83,447
        # read for 125,568 calls, printed as if counted)
        about = "" if all(s.exact for s in steps if s.count == count) else "~"
        parts = [
            f"runs {about}{count:,} times, {format_time(per_run)} each ({format_time(seconds)} in "
            f"all), for {ops} library operation{'s' if ops != 1 else ''} on {on} "
            f"({'; '.join(steps[0].arrays)})"
        ]
        if sampled > seconds:
            parts.append(
                f"its sampled time, {format_time(sampled)}, is more than {AGAIN_SLACK:g}x what "
                "these calls cost timed after the run: the rest is another line's, whose signal "
                "is handled here"
            )
        if timed:
            again = sum(s.again or 0.0 for s in timed)
            parts.append(
                f"timed again after the run on inputs like these: {format_time(again)} a run "
                f"({format_time(again / max(sum(s.ops for s in timed), 1))} an operation; a "
                f"library call costs {format_time(call)} here): per-call cost, not arithmetic"
            )
        else:
            parts.append(f"a library call costs {format_time(call)} here (measured after the run)")
        if tripping:
            parts.append(
                f"on Python floats the same steps cost ~{format_time(floats / max(count, 1))} "
                f"a run, and {format_time(trip)} more where the input and output stay arrays "
                f"(.tolist() and an array made again, timed after the run)"
            )
        else:
            parts.append(
                f"on Python floats (math, the builtins, a formula) the same steps cost "
                f"~{format_time(floats / max(count, 1))}-{format_time(3 * floats / max(count, 1))}"
                " a run, with no array to make again"
            )
        low, high = max(0.0, seconds - keep_hi), max(0.0, seconds - keep_lo)
        # the finding's time is what the rewrite saves (the statement keeps the rest)
        saved = (low + high) / 2
        if all(s.on_floats is not None for s in steps):
            # each statement timed after the run both as it is and with its NumPy calls made
            # ``math``'s and its NumPy numbers floats: the difference is what the rewrite saves
            # a run, whether or not the sampler saw the line's time (the signal of a line of a
            # call and operators is handled at the next line's call)
            low = sum(s.count * s.on_floats[1] for s in steps if s.on_floats)
            high = sum(s.count * s.on_floats[2] for s in steps if s.on_floats)
            middle = sum(s.count * s.on_floats[0] for s in steps if s.on_floats)
            parts[-1] = (
                "on Python floats (its NumPy functions made math's or the builtins, its NumPy "
                "numbers floats), timed the same way: "
                f"{format_time(max(0.0, again - middle / max(count, 1)))} a run"
                if timed
                else parts[-1]
            )
            low, high, saved = min(low, middle), max(high, middle), middle
            if riders:
                # (each rider's statement on floats, against on NumPy scalars, timed the same
                # way after the run: that share of its time in the run is saved, its numbers
                # floats once the group's are; the ratio, as NumPy scalars made and freed in a
                # loop of other work cost more than in a statement timed alone)
                m, lo, hi = (
                    sum(
                        min(r.seconds, r.seconds * r.on_floats[i] / r.again)
                        for r in riders
                        if r.on_floats and r.again
                    )
                    for i in range(3)
                )
                low, high, saved = low + min(lo, m), high + max(hi, m), saved + m
                lines = ", ".join(str(r.first) for r in riders)
                parts.append(
                    f"with these on floats, the NumPy scalars they make are floats in the "
                    f"block's line{'s' if len(riders) > 1 else ''} {lines} too (their "
                    f"operators timed after the run both ways: {format_time(m)} of their time in "
                    "the run saved there)"
                )
        snippet = f.snippet
        if len(steps) > 1:
            # the statements are rewritten together: the user sees where the group ends
            snippet = f"{sf.text(first)}  ... {sf.text(steps[-1].first)} (lines {first}-{last})"
        return replace(
            f,
            end=max(f.end, last),
            snippet=snippet,
            seconds=saved,
            share=saved / a.total,
            evidence="; ".join(parts),
            gain=(low, high),
        )


def near(a: Analysis, sf: SourceFile, line: int) -> str:
    """For a hot line no rule claimed: "" unless its statement works on tiny arrays only, then
    what it does (its library operations and the largest array), for the hint to say why it is
    not a finding (its runs)."""
    if sf.tree is None:
        return ""
    first = sf.span(line)[0]
    stmt = next(
        (n for n in walk_tree(sf.tree) if _simple(n) and getattr(n, "lineno", 0) == first), None
    )
    if not isinstance(stmt, ast.stmt):
        return ""
    aliases = module_namespaces(sf.tree)
    own = {n.name for n in walk_tree(sf.tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    facts = a.ev.facts_in(sf.path, first, stmt.end_lineno or first)
    read = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)}
    arrays = [_used(stmt, n, f, facts) for n, f in facts.items() if n in read and is_array(f)]
    if not arrays or any(f.size > TINY_MAX or f.type not in ARRAY_TYPES for f in arrays):
        return ""
    ops = _Ops(facts, aliases, own)
    ops.count(stmt)
    if ops.unknown or not ops.ops:
        return ""
    largest = max(arrays, key=lambda f: f.size)
    return (
        f"{ops.ops} NumPy/torch operation{'s' if ops.ops != 1 else ''} on arrays of at most "
        f"{largest.size} elements"
    )


def _numbers(
    stmt: ast.stmt, facts: dict[str, Fact], aliases: dict[str, str], ops: _Ops
) -> dict[str, Fact]:
    """The values a statement with no array gives a library function: Python or NumPy
    numbers, and lists of at most TINY_MAX numbers (converted to an array at every call).
    Empty unless it calls a library function (not only operators on NumPy scalars) and every
    value it reads is one of those (or a module)."""
    if not any(isinstance(c, ast.Call) and ops.library(c.func) for c in ast.walk(stmt)):
        return {}
    # (what it reads: its value, and an augmented assignment's target; an object whose
    # attributes alone it reads, each recorded, is those attributes: ``self.gamma``)
    value = _value(stmt)
    parts: list[ast.AST] = [value] if value is not None else [stmt]
    if isinstance(stmt, ast.AugAssign):
        parts.append(stmt.target)
    nodes = [n for p in parts for n in ast.walk(p)]
    based = {
        id(n.value)
        for n in nodes
        if isinstance(n, ast.Attribute)
        and isinstance(n.value, ast.Name)
        and f"{n.value.id}.{n.attr}" in facts
    }
    uses = [n.id for n in nodes if isinstance(n, ast.Name) and id(n) not in based]
    uses += [
        f"{n.value.id}.{n.attr}"
        for n in nodes
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and id(n.value) in based
    ]
    receivers = {
        n.value.id
        for n in ast.walk(stmt)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.attr in LIST_METHODS
    }
    out: dict[str, Fact] = {}
    for name in set(uses):
        fact = facts.get(name)
        if fact is None or name in aliases:
            continue
        if fact.kind == SEQUENCE and name in receivers and uses.count(name) == 1:
            continue  # the list a result is appended to (out.append(float(np.median(w))))
        short = fact.kind == SEQUENCE and fact.item == SCALAR and 0 < fact.size <= TINY_MAX
        if fact.kind == SCALAR or short or _items_only(stmt, name, fact, facts):
            out[name] = fact
        elif fact.type != "module":
            return {}  # an object, a large list: its work may be real
    return out


def _items_only(stmt: ast.stmt, name: str, fact: Fact, facts: dict[str, Fact]) -> bool:
    """Whether a statement takes only single numbers out of a list of numbers (``path[m]``
    with an integer ``m``): a number each, whatever the list's length."""
    if fact.kind != SEQUENCE or fact.item != SCALAR:
        return False
    uses = [n for n in ast.walk(stmt) if isinstance(n, ast.Name) and n.id == name]
    items = [
        n
        for n in ast.walk(stmt)
        if isinstance(n, ast.Subscript)
        and isinstance(n.value, ast.Name)
        and n.value.id == name
        and isinstance(n.ctx, ast.Load)
        and _integer(n.slice, facts)
    ]
    return bool(uses) and len(items) == len(uses)


def _fed(block: object, group: list[ast.stmt], stmt: ast.stmt) -> bool:
    """Whether ``stmt`` reads what the group's statements make, directly or through the
    statements of the block between them (``r3 = np.sqrt(...)`` -> ``u_tmp`` -> ``x_1`` ->
    ``r3_1 = np.sqrt(x_1 ** 2 + ...)``): the NumPy scalars of one carry into the other. An
    accumulator both add into (``total += ...``) feeds nothing."""
    if not isinstance(block, list):
        return False
    made: set[str] = set()
    for b in block:
        if b is stmt:
            read = {
                n.id for n in ast.walk(b) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
            }
            return bool(read & made)
        if not isinstance(b, ast.Assign):
            continue
        reads = {n.id for n in ast.walk(b.value) if isinstance(n, ast.Name)}
        if b in group or reads & made:
            made |= {n.id for t in b.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return False


def _used(stmt: ast.stmt, name: str, fact: Fact, facts: dict[str, Fact]) -> Fact:
    """The part of an array a statement works on: a row ``Q[s]`` of a 500 x 4 table where every
    use of ``Q`` there takes one with integer indices (a loop's counter, a state), else the
    whole array as seen (where it takes only elements ``x[k]`` of a large one too: that is an
    element loop)."""

    def named(n: ast.AST) -> bool:  # ``Q``, or ``self.Q`` for an attribute's value
        if isinstance(n, ast.Name):
            return n.id == name
        return isinstance(n, ast.Attribute) and "." in name and ast.unparse(n) == name

    uses = [n for n in ast.walk(stmt) if named(n)]
    parts = [n for n in ast.walk(stmt) if isinstance(n, ast.Subscript) and named(n.value)]
    if not parts or len(parts) != len(uses):
        return fact
    shapes = set()
    for p in parts:
        index = p.slice.elts if isinstance(p.slice, ast.Tuple) else [p.slice]
        if len(index) > len(fact.shape):
            return fact
        shape: list[int] = []
        for k, ix in enumerate(index):
            if isinstance(ix, ast.Slice) and ix.lower is None and ix.upper is None:
                shape.append(fact.shape[k])
            elif not _integer(ix, facts):
                return fact  # a part of unknown size, fancy indexing
        shapes.add((*shape, *fact.shape[len(index) :]))
    rows = [p for p in shapes if p]
    if not rows:
        return fact  # only elements of a large array: an element loop's (AB101), not this
    return replace(fact, shape=max(rows, key=math.prod))


def _integer(node: ast.expr, facts: dict[str, Fact]) -> bool:
    """An integer index: a constant, or a name whose value was an integer."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int)
    if isinstance(node, ast.Name):
        g = facts.get(node.id)
        return g is not None and g.kind == SCALAR and (g.type == "int" or "int" in g.dtype)
    return False


def _block(sf: SourceFile, stmt: ast.stmt) -> object:
    """The statement list holding ``stmt`` (adjacent statements of one list are one block)."""
    assert sf.tree is not None
    for node in walk_tree(sf.tree):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list) and any(s is stmt for s in block):
                return block
    return None


PATTERN = TinyArrays()
