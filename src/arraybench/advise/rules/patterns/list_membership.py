"""AB416: ``x in some_list`` on a line run many times, the list long: each test compares ``x``
with the items one by one.

``if spins[k] == spins[j] and k not in cluster and ...`` in a Wolff cluster update: the cluster,
a Python list that grows to the whole lattice, is scanned for each of 37.9 million neighbour
visits (round 23's WOLFCLUSTER.py: 48% of its run on that line; a set kept beside the list
saved 35.9%). A set (or a boolean array indexed by site) answers in one hash lookup.

    candidates  a comparison ``x in name`` / ``x not in name`` (``name`` or ``self.name``) on a
                line in a loop, or in a function a loop calls
    evidence    the run saw ``name`` a ``list`` or ``tuple`` of SIZE_MIN items or more on
                average at that line; the line ran RUNS_MIN times or more and holds
                LIST_SHARE of the run
                (an ``if`` test that calls nothing against its loop's time: no signal is
                handled on it); a module's list made once by a display or comprehension and
                never changed is listed at that line too, as the finding's fix (``fix_of``)
    price       ``x in`` a list of the average size seen (an item it does not hold: the whole
                scan, what a growing cluster's test mostly does) and ``x in`` a set of it, both
                timed after the run: the line's runs times the difference, at most the line's
                own time; the low end counts a hit half-way down the list
"""

from __future__ import annotations

import ast
import statistics
from collections.abc import Iterable, Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.source import SourceFile, enclosing_function, read_source, statement_at
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.checks import checks_signal
from ...run.models import membership_times
from ...run.values import SEQUENCE
from .base import Analysis
from .constant_build import READS_TABLE, module_table, written_into
from .float64_sources import passed_in
from .invariant_chains import made_name

#: Items below which a list's scan costs about what a set's lookup does.
SIZE_MIN = 16
#: Runs of the line below which its tests are not a loop's cost.
RUNS_MIN = 1000


def _tests(node: ast.AST) -> list[tuple[ast.Compare, str]]:
    """The membership tests of a statement and the name of the container each tests (``k not
    in cluster``: ``cluster``; ``s in self.seen``: ``self.seen``)."""
    out = []
    for n in ast.walk(node):
        if not isinstance(n, ast.Compare) or len(n.ops) != 1:
            continue
        if not isinstance(n.ops[0], ast.In | ast.NotIn):
            continue
        right = n.comparators[0]
        if isinstance(right, ast.Name):
            out.append((n, right.id))
        elif (
            isinstance(right, ast.Attribute)
            and isinstance(right.value, ast.Name)
            and right.value.id == "self"
        ):
            out.append((n, f"self.{right.attr}"))
    return out


class ListMembership:
    rule = register(
        Rule(
            "AB416",
            "list-membership",
            WARNING,
            "`x in a_list` on a line run many times: each test compares x with the list's items "
            "one by one, so a long list (one that grows in the loop most of all) makes every "
            "test slower",
            "keep a set beside the list (seen = set(items); `x not in seen`; seen.add(x) where "
            "the list is appended to), or a boolean array indexed by x for small integers: one "
            "lookup a test",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        seen_lines: set[int] = set()
        for stmt in walk_tree(sf.tree):
            if not isinstance(stmt, ast.stmt) or isinstance(
                stmt, ast.FunctionDef | ast.ClassDef | ast.For | ast.While | ast.With
            ):
                continue
            tests = _tests(stmt.test if isinstance(stmt, ast.If) else stmt)
            if not tests:
                continue
            first, last = sf.span(stmt.lineno)
            held = a.found.get((sf.path, first))
            # (an element loop found on the line, a comprehension whose ``if`` scans a list:
            # the scans are its cost where they take half its time or more; blind175's
            # league, ``[... for b in bowlers if b.bid in sanctioned]`` told AB101 at 60%)
            if first in seen_lines or (held is not None and held.code not in ELEMENT_LOOPS):
                continue
            seen_lines.add(first)
            f = self._priced(a, sf, first, last, tests, stmt)
            if f is None:
                continue
            if held is not None:
                if f.seconds < held.seconds / 2:
                    continue
                del a.found[(sf.path, first)]
                a.dropped.append(
                    replace(held, dropped=f"its time is the list scans of line {first} (AB416)")
                )
            # (and the element loop around the test, where the scans are half its time or
            # more: blind170's choir, ``for i, s in enumerate(singers)`` told AB101 beside the
            # scans of ``(s.badge, day) in excused`` in its body, the same seconds twice)
            # (by the test's own time in the run too: its price times the scans again after
            # the run, at the machine's speed then, 61-128 µs for the same 3,000 pairs)
            spent = max(f.seconds, a.led.span(sf.path, first, last, own=True))
            for lp in sf.enclosing_loops(first):
                around = a.found.get((sf.path, lp.line))
                if (
                    around is not None
                    and around.code in ELEMENT_LOOPS
                    and spent >= around.seconds / 2
                ):
                    del a.found[(sf.path, lp.line)]
                    a.dropped.append(
                        replace(
                            around, dropped=f"its time is the list scans of line {first} (AB416)"
                        )
                    )
            yield f

    def _priced(
        self,
        a: Analysis,
        sf: SourceFile,
        first: int,
        last: int,
        tests: list[tuple[ast.Compare, str]],
        stmt: ast.stmt,
    ) -> Finding | None:
        count = a.led.count((sf.path, first))
        if count.n < RUNS_MIN:
            return None
        seconds = a.led.span(sf.path, first, last, own=True)
        loops = sf.enclosing_loops(first)
        if isinstance(stmt, ast.If) and not checks_signal(stmt) and loops:
            # (an ``if`` whose test calls nothing handles no signal: its time lands on the
            # loop's next check, so the scans are priced against the loop's time, not the
            # line's; blind169's holds: 0.86 s on the line, 1.3 s of scans, 1.4 s saved)
            seconds = max(seconds, a.led.span(sf.path, loops[0].line, loops[0].end, own=True))
        if seconds / a.total < LIST_SHARE:
            return None
        # (and a method's last line's attributes of ``self``, recorded through the receiver
        # of the lines that call it: sampler ``_record_receivers``)
        facts = {
            **a.ev.samples.facts.get((sf.path, -first), {}),
            **a.ev.samples.facts.get((sf.path, first), {}),
        }
        for test, name in tests:
            looks = [
                x for x in facts.get(name, []) if x.kind == SEQUENCE and x.type in ("list", "tuple")
            ]
            if not looks:
                continue
            size = round(statistics.mean(x.shape[0] for x in looks if x.shape))
            if size < SIZE_MIN:
                continue
            # (of tuples, where the list holds them: a test compares them item by item)
            width = max((x.item_size for x in looks if x.item == SEQUENCE), default=0)
            cost = membership_times(size, min(0.5, a.budget()), width)
            if cost is None:
                continue
            scan, half, lookup = cost
            high = min(seconds, count.n * max(0.0, scan - lookup))
            low = min(high, count.n * max(0.0, half - lookup))
            if high / a.total < LIST_SHARE:
                continue
            f, _ = a.finding(sf, first, self.rule.code)
            text = ast.unparse(test)
            return replace(
                f,
                seconds=high,
                share=high / a.total,
                count=count,
                evidence=f"runs {count} times; `{text}` tests a {looks[0].type} of {size:,} "
                f"items on average at the run's {len(looks)} looks: {format_time(scan)} a test "
                f"that finds nothing (the whole list compared), {format_time(lookup)} in a set "
                f"(timed after the run on {f'{width}-tuples of ints' if width else 'ints'}); keep "
                f"a set beside {name} (add to it where "
                f"{name} grows) and test that: `{text.replace(name, name + '_set')}`",
                gain=(low, high),
            )
        return None


#: Element-loop findings a list scan on their line may be the cost of.
ELEMENT_LOOPS = frozenset({"AB101", "AB104"})


def told_at_making(a: Analysis, paths: Iterable[str]) -> None:
    """Each AB416 finding whose list one line makes once and nothing changes after
    (:func:`_made_once`): that line listed too, as its fix (``Finding.fix_of``), made a set
    there. Run after every rule: a cheap finding of its own at that line (the comprehension
    that makes the list, read as a small element loop) gives way to it."""
    for path in paths:
        sf = read_source(path)
        if sf.tree is None:
            continue
        for f in [g for g in a.found.values() if g.path == path and g.code == "AB416"]:
            if f.fix_of is not None:
                continue
            made = _made_once(sf, f)
            if made is None:
                continue
            key = (path, made[0])
            other = a.found.get(key)
            if other is not None:
                if other.share >= f.share / 2:
                    continue
                del a.found[key]
                a.dropped.append(
                    replace(
                        other,
                        dropped=f"the list this line makes is line {f.line}'s cost: made a "
                        "set here, its finding's fix",
                    )
                )
            g, _ = a.finding(sf, made[0], f.code)
            a.found[key] = replace(
                g,
                seconds=f.seconds,
                share=f.share,
                gain=f.gain,
                count=None,
                fix_of=f.line,
                evidence=f"makes the list that line {f.line}'s finding tests ({f.share:.0%} of "
                "the run there), never changed after: the fix of that finding is on this line, "
                f"its saving the same one, counted once; make it a set here: {made[1]}",
            )


def _made_once(sf: SourceFile, f: Finding) -> tuple[int, str] | None:
    """The line that makes the list ``f`` tests, where it is made once (a list display, a
    comprehension, ``.tolist()`` or ``list(...)``: :func:`_as_set`) at module level, in the
    function's body, or by the caller that passes it as a parameter, and never changed after
    (constant_build.module_table, :func:`_local_once`, float64_sources.passed_in), and that
    line's statement with a set made instead; None otherwise."""
    stmt = statement_at(sf, f.line)
    if sf.tree is None or stmt is None:
        return None
    names = [name for _, name in _tests(stmt.test if isinstance(stmt, ast.If) else stmt)]
    func = enclosing_function(sf, f.line)
    params = {p.arg for p in ast.walk(func.args) if isinstance(p, ast.arg)} if func else set()
    for name in names:
        if name.startswith("self.") and name.count(".") == 1:
            got = _attribute_once(sf.tree, name.split(".", 1)[1])
            if got is not None:
                return got
            continue
        if "." in name:
            continue
        if name not in params and module_table(sf, name):
            body: list[ast.stmt] = sf.tree.body
        elif func is not None and _local_once(func, name):
            # (a list the function makes once, before its loops, and only reads: blind170's
            # ``excused = [(n.badge, n.day) for n in notes if ...]``, 7,712 pairs scanned
            # 12,835 times)
            body = func.body
        elif func is not None and name in params and not written_into(func, name):
            # (a parameter the file's one call passes a list its caller has just made:
            # blind168's ``on_hold = [b.batch_id for ...]`` each night, handed to
            # ``schedule(batches, on_hold)`` and tested for each of 9,000 batches)
            got = passed_in(sf, name, f.line)
            if got is None:
                continue
            made = _as_set(ast.parse(got[1], mode="eval").body)
            held = made_name(sf.tree, got[0])
            if made is None or held is None:
                return None
            return got[0], f"{held} = {made}"
        else:
            continue
        for node in body:
            if not (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == name
            ):
                continue
            made = _as_set(node.value)
            return (node.lineno, f"{name} = {made}") if made is not None else None
    return None


def _attribute_once(tree: ast.Module, attr: str) -> tuple[int, str] | None:
    """The line that stores ``self.<attr>`` where the file stores that attribute once, in a
    method's body's top level (``__init__``), and nothing writes into it or changes it by a
    method after, and that line's statement with a set made instead; None otherwise
    (blind179's hydrant register: ``self.in_service = sorted(ids[...].tolist())`` in
    ``__init__``, tested with ``block in self.in_service`` for 12,000 incidents)."""
    stores = [
        n
        for n in walk_tree(tree)
        if isinstance(n, ast.Attribute)
        and n.attr == attr
        and isinstance(n.ctx, ast.Store | ast.Del)
    ]
    if len(stores) != 1 or not isinstance(stores[0].value, ast.Name):
        return None
    me = stores[0].value.id
    for fn in walk_tree(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for st in fn.body:
            if not (
                isinstance(st, ast.Assign) and len(st.targets) == 1 and st.targets[0] is stores[0]
            ):
                continue
            # (written into or changed through any name's attribute of that name: ``x.attr[k] =``,
            # ``self.attr.append(...)``)
            for n in walk_tree(tree):
                if (
                    isinstance(n, ast.Subscript)
                    and isinstance(n.value, ast.Attribute)
                    and n.value.attr == attr
                    and isinstance(n.ctx, ast.Store | ast.Del)
                ) or (
                    isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Attribute)
                    and isinstance(n.func.value, ast.Attribute)
                    and n.func.value.attr == attr
                    and n.func.attr not in READS_TABLE
                ):
                    return None
            made = _as_set(st.value)
            return (st.lineno, f"{me}.{attr} = {made}") if made is not None else None
    return None


def _as_set(value: ast.expr) -> str | None:
    """A list display, comprehension, ``.tolist()`` or ``list(...)`` written as the set it
    holds, or None."""
    if isinstance(value, ast.ListComp):
        return ast.unparse(ast.SetComp(elt=value.elt, generators=value.generators))
    if isinstance(value, ast.List) and value.elts:
        return ast.unparse(ast.Set(elts=value.elts))
    # (an array's items as a list, ``rng.choice(ids, 200).tolist()``, or ``list(...)`` of
    # something: its set; blind174's CCTV programme, tested for 40,000 records a district)
    if isinstance(value, ast.Call) and (
        (isinstance(value.func, ast.Attribute) and value.func.attr == "tolist" and not value.args)
        or (isinstance(value.func, ast.Name) and value.func.id == "list" and len(value.args) == 1)
    ):
        return f"set({ast.unparse(value)})"
    # (a sorted list of them: the set of what is sorted, the order being no matter to ``in``)
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "sorted"
        and len(value.args) == 1
        and not value.keywords
    ):
        inner = value.args[0]
        return _as_set(inner) or f"set({ast.unparse(inner)})"
    return None


def _local_once(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """Whether ``name`` is bound once in the function, by a statement of its body's top level,
    and never written into or changed by a method after."""
    stores = [
        n
        for n in ast.walk(func)
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store | ast.Del)
    ]
    params = {p.arg for p in ast.walk(func.args) if isinstance(p, ast.arg)}
    if len(stores) != 1 or name in params:
        return False
    if not any(
        isinstance(st, ast.Assign) and any(t is stores[0] for t in st.targets) for st in func.body
    ):
        return False
    return not written_into(func, name)


PATTERN = ListMembership()
