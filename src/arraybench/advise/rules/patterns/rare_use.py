"""AB415: a value computed on every iteration that only a branch taken on some iterations reads.

``tot_actions = int(np.nanmax(policy) + 1)`` at the top of an agent's step, read only under
``if np.random.uniform(0, 1) <= epsilon:`` (a tenth of the steps): nine of ten maxima of the
whole policy are thrown away. Computed inside the branch, where it is read, it gives the same
value the same times it is used (round 15's drone landing: 19.7% of its run).

    candidates  ``name = <expression>`` directly in a loop's body, whose expression calls only
                functions that give the same result for the same inputs (NumPy/torch
                reductions and maths, builtins: no draw, no call of the user's), and whose
                ``name`` is read only inside one ``if`` statement later in the same body (its
                branch or its ``else``): nowhere else in the loop, nor after it
    evidence    the statement's count over the run and the count of the branch's first line
                (exact at lines run each time their block runs), the branch run at most
                RARE_SHARE of the statement's runs; the statement's inputs not stored between it
                and the ``if``, nor by the ``if``'s test
    price       the statement's own time a run, times the runs the branch does not take
"""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.purity import MODULE_ROOTS, PURE_BUILTINS, PURE_CALLS
from ...read.source import SourceFile, call_name, stored_in
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.sampler import INTERVAL
from .base import Analysis

#: The branch must run on at most this share of the statement's runs.
RARE_SHARE = 0.5
#: Runs of the statement below which it is not a loop's cost.
RUNS_MIN = 100
#: Calls that give the same result for the same inputs, beyond PURE_CALLS: reductions and
#: searches of a whole array (a draw is none: moved, it would draw another number).
SAME_RESULT = PURE_CALLS | frozenset(
    {
        "nanmax",
        "nanmin",
        "nansum",
        "nanmean",
        "amax",
        "amin",
        "argmax",
        "argmin",
        "nanargmax",
        "nanargmin",
        "median",
        "percentile",
        "quantile",
        "norm",
        "prod",
        "cumsum",
        "any",
        "all",
        "count_nonzero",
        "nonzero",
        "flatnonzero",
        "unique",
        "item",
        "tolist",
    }
)


def _loop_bodies(tree: ast.AST) -> Iterator[list[ast.stmt]]:
    for node in walk_tree(tree):
        if isinstance(node, ast.For | ast.AsyncFor | ast.While):
            yield node.body


def _same_result(value: ast.expr, own: set[str]) -> bool:
    """Every call of the expression gives the same result for the same inputs; at least one."""
    calls = [c for c in ast.walk(value) if isinstance(c, ast.Call)]
    if not calls:
        return False
    for c in calls:
        name = call_name(c)
        if isinstance(c.func, ast.Name):
            if c.func.id in own or (name not in PURE_BUILTINS and name not in SAME_RESULT):
                return False
        elif name not in SAME_RESULT:
            return False
    return True


def _reads(node: ast.AST, name: str) -> list[ast.Name]:
    return [
        n
        for n in ast.walk(node)
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
    ]


class RareUse:
    rule = register(
        Rule(
            "AB415",
            "rare-use",
            WARNING,
            "a value computed on every iteration that only a branch taken on some iterations "
            "reads: the other iterations' work is thrown away",
            "compute it inside the branch, where it is read (the same value, made only when "
            "the branch is taken)",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        own = {n.name for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
        scopes = [
            n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        for body in _loop_bodies(sf.tree):
            for i, stmt in enumerate(body):
                if not (
                    isinstance(stmt, ast.Assign)
                    and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name)
                    and _same_result(stmt.value, own)
                ):
                    continue
                if (sf.path, stmt.lineno) in a.found:
                    continue
                name = stmt.targets[0].id
                branch = self._only_branch(sf, body, i, name, scopes)
                if branch is None:
                    continue
                f = self._priced(a, sf, stmt, name, branch)
                if f is not None:
                    yield f

    @staticmethod
    def _only_branch(
        sf: SourceFile,
        body: list[ast.stmt],
        i: int,
        name: str,
        scopes: list[ast.FunctionDef | ast.AsyncFunctionDef],
    ) -> tuple[ast.If, list[ast.stmt]] | None:
        """The ``if`` later in the body whose branch (or ``else``) holds every read of
        ``name`` in the function or module, with that branch; None where it is read elsewhere
        or an input may change on the way."""
        assert sf.tree is not None
        stmt = body[i]
        line = stmt.lineno
        scope: ast.AST = next(
            (
                s
                for s in sorted(scopes, key=lambda s: -s.lineno)
                if s.lineno <= line <= (s.end_lineno or s.lineno)
            ),
            sf.tree,
        )
        reads = _reads(scope, name)
        if not reads:
            return None
        for later in body[i + 1 :]:
            if not isinstance(later, ast.If):
                continue
            for branch in (later.body, later.orelse):
                inside = {id(n) for s in branch for n in _reads(s, name)}
                if not inside or any(id(n) not in inside for n in reads):
                    continue
                # (the inputs the same when the branch reads them: not stored on the way, nor
                # by the test)
                assert isinstance(stmt, ast.Assign)
                inputs = {n.id for n in ast.walk(stmt.value) if isinstance(n, ast.Name)}
                inputs -= MODULE_ROOTS
                end = later.body[0].lineno - 1 if later.body else later.lineno
                if any(stored_in(sf, n, (stmt.end_lineno or line) + 1, end) for n in inputs):
                    return None
                return later, branch
        return None

    def _priced(
        self,
        a: Analysis,
        sf: SourceFile,
        stmt: ast.Assign,
        name: str,
        found: tuple[ast.If, list[ast.stmt]],
    ) -> Finding | None:
        test, branch = found
        first, last = sf.span(stmt.lineno)
        n = a.led.count((sf.path, first))
        taken = a.led.count((sf.path, branch[0].lineno))
        # (counts exact where their blocks run; else scaled from the same bursts, whose ratio
        # is what the price reads: a branch never seen taken counts only where exact)
        if n.n < RUNS_MIN or taken.n > RARE_SHARE * n.n or not (taken.exact or taken.n):
            return None
        own = a.led.span(sf.path, first, last, own=True)
        saving = own * (1 - taken.n / n.n)
        if saving / a.total < LIST_SHARE:
            return None
        f, _ = a.finding(sf, first, self.rule.code)
        share = taken.n / n.n
        said = (
            f"{f.evidence}; {name} is read only in the branch at line {branch[0].lineno} "
            f"(under `if {ast.unparse(test.test)}`), taken {taken.n:,} times of {n.n:,} "
            f"({share:.0%}): the other {n.n - taken.n:,} values, {format_time(own / n.n)} "
            f"each, are thrown away; compute {name} inside that branch, before its first use"
        )
        # the sampled time's error: one look per INTERVAL, a relative error of 1/sqrt(looks)
        rel = min(0.5, 2 / math.sqrt(max(1.0, own / INTERVAL)))
        return replace(
            f,
            evidence=said,
            seconds=saving,
            share=saving / a.total,
            gain=(saving * (1 - rel), min(own, saving * (1 + rel))),
        )


PATTERN = RareUse()
