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
    price       ``x in`` a list of the average size seen (an item it does not hold: the whole
                scan, what a growing cluster's test mostly does) and ``x in`` a set of it, both
                timed after the run: the line's runs times the difference, at most the line's
                own time; the low end counts a hit half-way down the list
"""

from __future__ import annotations

import ast
import statistics
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.source import SourceFile
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.models import membership_times
from ...run.values import SEQUENCE
from .base import Analysis

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
            if first in seen_lines or (sf.path, first) in a.found:
                continue
            seen_lines.add(first)
            f = self._priced(a, sf, first, last, tests)
            if f is not None:
                yield f

    def _priced(
        self,
        a: Analysis,
        sf: SourceFile,
        first: int,
        last: int,
        tests: list[tuple[ast.Compare, str]],
    ) -> Finding | None:
        count = a.led.count((sf.path, first))
        if count.n < RUNS_MIN:
            return None
        seconds = a.led.span(sf.path, first, last, own=True)
        if seconds / a.total < LIST_SHARE:
            return None
        facts = a.ev.samples.facts.get((sf.path, first), {})
        for test, name in tests:
            looks = [
                x for x in facts.get(name, []) if x.kind == SEQUENCE and x.type in ("list", "tuple")
            ]
            if not looks:
                continue
            size = round(statistics.mean(x.shape[0] for x in looks if x.shape))
            if size < SIZE_MIN:
                continue
            cost = membership_times(size, min(0.5, a.budget()))
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
                f"(timed after the run on ints); keep a set beside {name} (add to it where "
                f"{name} grows) and test that: `{text.replace(name, name + '_set')}`",
                gain=(low, high),
            )
        return None


PATTERN = ListMembership()
