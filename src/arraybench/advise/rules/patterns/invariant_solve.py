"""AB407: a linear system solved in a loop with a matrix that does not change there.

``x = solve(A, b)`` with ``A`` made before the loop: each call factors the matrix again,
O(n^3), where one factorization before the loop leaves O(n^2) a step.

    candidates  ``solve(A, ...)`` / ``inv(A)`` inside a loop that never stores ``A``
    evidence    ``A`` square, 16 or more rows, seen at run time; the call ran 10+ times
    price       both ways timed after the run on a random matrix of the size seen
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.calls import returned_attributes
from ...read.purity import pure_getters, set_after_init
from ...read.source import Loop, SourceFile, call_name, enclosing_function, static_size, stored_in
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.models import refactor_speedup
from ...run.values import Fact
from .base import Analysis
from .call_paths import called_from
from .expressions import looks_anywhere

#: Solvers that factor their matrix on every call, and the steps a loop must run for a solve
#: with the same matrix to be worth factoring once.
SOLVERS = frozenset({"solve", "inv"})
INVARIANT_SOLVES_MIN = 10


class InvariantSolve:
    rule = register(
        Rule(
            "AB407",
            "invariant-solve",
            WARNING,
            "a linear system solved on every iteration with a matrix that does not change in "
            "the loop: each call factors the matrix again (O(n^3)) for an O(n^2) solve",
            "factor once before the loop: lu = scipy.linalg.lu_factor(A), then "
            "scipy.linalg.lu_solve(lu, b) in the loop (cho_factor/cho_solve for a symmetric "
            "positive definite A, solve_banded for a banded one)",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        for c in [n for n in walk_tree(sf.tree) if isinstance(n, ast.Call)]:
            name = call_name(c)
            if name not in SOLVERS or not c.args:
                continue
            arg = c.args[0]
            # (a property that returns an attribute, ``self.system`` of ``return self._A``:
            # that attribute, blind60's ice column)
            arg = _returned_attribute(sf, arg) or arg
            # (or a method of the object that builds it from attributes only ``__init__`` sets,
            # ``np.linalg.solve(self.system(), rhs)``: blind161's kiln wall, 60% of its run)
            built = _built_by_method(sf, arg)
            held = _init_only(sf, arg) or built is not None
            if not isinstance(arg, ast.Name) and not held:
                continue
            line, matrix = c.lineno, ast.unparse(arg)
            if (sf.path, line) in a.found:
                continue
            loops = sf.enclosing_loops(line)
            via = ""
            lp: Loop | None = None
            if held and name == "solve" and not loops:
                # an object's matrix that only __init__ sets (``np.linalg.solve(self.system,
                # rho)`` in a hook's ``__call__``, called by whatever loop holds the hook:
                # blind49's implicit viscosity, 80% of its run): the same at every call
                fn = enclosing_function(sf, line)
                via = fn.name if fn is not None else ""
            elif loops:
                lp = loops[0]
                if stored_in(sf, matrix, lp.line, lp.end):
                    continue  # the matrix changes in the loop: nothing to factor once
            elif name != "solve":
                continue  # (an inverse in a function the loop calls: AB411's, made once)
            else:
                # a function the loop calls with the same matrix (``step(z)``, a
                # ``functools.partial(reweighted_step, system=system)``; blind27's robust
                # smoother, 84% of its run)
                calling = called_from(a, sf, line)
                if calling is None or calling[2](matrix):
                    continue
                lp, via = calling[0], calling[1]
            m = (
                _returned_fact(a, sf, built)
                if built is not None
                else a.ev.facts_at((sf.path, line)).get(matrix)
                or next(iter(looks_anywhere(a, sf.path, matrix)), None)
            )
            if m is None or len(m.shape) != 2 or m.shape[0] != m.shape[1] or m.shape[0] < 16:
                continue
            count = a.led.count((sf.path, line))
            size = (
                static_size(lp.over, a.ev.facts_in(sf.path, lp.line, lp.end))
                if lp is not None
                else None
            )
            if max(count.n, size or 0) < INVARIANT_SOLVES_MIN:
                continue
            first, last = sf.span(line)
            seconds = a.led.span(sf.path, first, last, own=True)
            # (the method's building of the matrix, made once too)
            making = a.led.span(sf.path, first, last) - seconds if built is not None else 0.0
            if (seconds + making) / a.total < LIST_SHARE:
                continue
            rhs_fact = (
                a.ev.facts_at((sf.path, line)).get(c.args[1].id)
                if len(c.args) > 1 and isinstance(c.args[1], ast.Name)
                else None
            )
            rhs = rhs_fact.shape if rhs_fact is not None and rhs_fact.shape else (m.shape[0],)
            r = refactor_speedup(m.shape[0], rhs, name, a.budget())
            f, _ = a.finding(sf, line, self.rule.code)
            if r is None:
                yield replace(f, evidence=f"{f.evidence}; a {m} matrix")
                continue
            mid, lo, hi = r
            excess = seconds * max(0.0, 1 - 1 / mid) + making
            yield replace(
                f,
                seconds=excess,
                share=excess / a.total,
                evidence=f"{f.evidence}; a {m} matrix, the same in every step"
                + (
                    f" (the loop at line {lp.line} calls {via}() with it every time)"
                    if via and lp is not None
                    else f" ({matrix} builds it from attributes only __init__ sets)"
                    if built is not None
                    else f" ({matrix} is set only in __init__)"
                    if held
                    else ""
                )
                + (
                    f", built again at every call ({format_time(making)} in all)"
                    if built is not None
                    else ""
                )
                + f": solved from one factorization it ran {mid:.1f}x as fast (timed after the "
                "run on a random matrix of that size)"
                + (
                    f"; factor it before that loop and pass the factors to {via}()"
                    if via and lp is not None
                    else f"; factor it once in __init__ (self.lu = scipy.linalg.lu_factor("
                    f"{matrix})) and solve from it in {via}() (scipy.linalg.lu_solve(self.lu, "
                    "b))"
                    if held
                    else ""
                )
                + (
                    "; in torch: LU, pivots = torch.linalg.lu_factor(A) once, then "
                    "torch.linalg.lu_solve(LU, pivots, b[:, None]) (torch.linalg.cholesky and "
                    "torch.cholesky_solve for a symmetric positive definite A)"
                    if m.type == "torch.Tensor"
                    else ""
                ),
                gain=(
                    seconds * (1 - 1 / max(lo, 1.0)) + making,
                    seconds * (1 - 1 / max(hi, 1.0)) + making,
                ),
            )


def _returned_attribute(sf: SourceFile, node: ast.expr) -> ast.Attribute | None:
    """``self._A`` for ``self.system`` where ``system`` is a property of the file's whose
    getter is ``return self._A``; None otherwise."""
    if not (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and sf.tree is not None
    ):
        return None
    attr = returned_attributes(sf.tree).get(node.attr)
    return ast.Attribute(value=ast.Name("self", ast.Load()), attr=attr) if attr else None


def _built_by_method(sf: SourceFile, node: ast.expr) -> ast.FunctionDef | None:
    """The method of ``self.system()``, where it takes no argument and builds its value from
    attributes that only ``__init__`` sets, with pure calls (read/purity's getters); None
    otherwise."""
    if not (
        isinstance(node, ast.Call)
        and not node.args
        and not node.keywords
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "self"
        and sf.tree is not None
        and node.func.attr in pure_getters(sf, methods_too=True)
    ):
        return None
    for cls in walk_tree(sf.tree):
        if isinstance(cls, ast.ClassDef) and cls.lineno <= node.lineno <= (cls.end_lineno or 0):
            for f in cls.body:
                if isinstance(f, ast.FunctionDef) and f.name == node.func.attr:
                    return f
    return None


def _returned_fact(a: Analysis, sf: SourceFile, fn: ast.FunctionDef | None) -> Fact | None:
    """The value a method returns by name (``return a``), as the run saw it in the method."""
    if fn is None:
        return None
    for r in walk_tree(fn):
        if isinstance(r, ast.Return) and isinstance(r.value, ast.Name):
            seen = a.ev.facts_in(sf.path, fn.lineno, fn.end_lineno or fn.lineno).get(r.value.id)
            if seen is not None:
                return seen
    return None


def _init_only(sf: SourceFile, node: ast.expr) -> bool:
    """Whether the expression is an attribute of ``self``, at any depth (``self.net.B_red``),
    each of whose attributes only an ``__init__`` sets (and nothing changes after)."""
    attrs = []
    while isinstance(node, ast.Attribute):
        attrs.append(node.attr)
        node = node.value
    return (
        bool(attrs)
        and isinstance(node, ast.Name)
        and node.id == "self"
        and not any(set_after_init(sf, a) for a in attrs)
    )


PATTERN = InvariantSolve()
