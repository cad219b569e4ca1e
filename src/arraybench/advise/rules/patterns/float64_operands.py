"""The operands of an AB410 candidate line (float64_promotion.py): where a float64 operand the
loop assigns was made float64 in the iteration, whether the run saw a name float64, a returned
value seen float64 where the caller assigns it, state that drifted from float32 to float64.

Split from float64_promotion.py, whose check reads these for each line it looks at.
"""

from __future__ import annotations

import ast

from ...read.purity import attribute_changed
from ...read.source import SourceFile, call_name, stored_in
from ...read.syntax import walk_tree
from ...run.values import Fact, is_array
from .base import Analysis
from .float64_sources import _carried_in, _returned_to
from .float64_values import _big, looks_at, promotes


def promoted_before(
    a: Analysis,
    sf: SourceFile,
    read: list[str],
    looks: dict[str, list[Fact]],
    lo: int,
    hi: int,
    first: int,
    callers: list[tuple[int, int]] | None = None,
) -> tuple[int, str, str, list[Fact]] | None:
    """(the line, the state's name, the float64 value, its facts) where a float64 operand of
    this line that the loop assigns was made float64 in this iteration: its last assignment
    above, reading a float64 array or NumPy float64 the loop never changes."""
    assert sf.tree is not None
    seen = a.ev.facts_in(sf.path, lo, hi)
    for name in dict.fromkeys(read):
        # (of any size: a 384 x 1 profile broadcast over the field promotes all of it)
        if not any(is_array(x) and x.dtype == "float64" for x in looks.get(name, [])):
            continue
        made = [
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.Assign)
            and lo < n.lineno <= hi
            and n.lineno != first
            and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
        ]
        if not made:
            continue
        # the last one above in this iteration, else the last of the one before (a state
        # carried round the loop: ``x = state @ W`` after ``state = np.tanh(x * gain)``)
        above = [n for n in made if n.lineno < first]
        node = max(above or made, key=lambda n: n.lineno)
        # (the names it reads, and their attributes seen: ``p.profile`` of ``feed =
        # p.feed * p.profile``)
        dotted = [
            f"{x.value.id}.{x.attr}"
            for x in ast.walk(node.value)
            if isinstance(x, ast.Attribute) and isinstance(x.value, ast.Name)
        ]
        for r in dict.fromkeys(
            [
                *(x.id for x in ast.walk(node.value) if isinstance(x, ast.Name) and x.id != name),
                *dotted,
            ]
        ):
            fact = seen.get(r)
            if (
                fact is not None
                and promotes(fact)
                # (an attribute of a local object: the attribute stored, not the name
                # bound again each call, ``p = self.p``)
                and not (
                    attribute_changed(sf, r.split(".", 1)[1], lo, hi)
                    if "." in r
                    else stored_in(sf, r, lo, hi)
                )
                # (a parameter the calling loop passes its own state in: promoted there)
                and not (callers is not None and _carried_in(sf, node.lineno, r, callers))
            ):
                return node.lineno, name, r, [fact]
    return None


def float64_result(
    a: Analysis,
    path: str,
    name: str,
    looks: dict[str, list[Fact]],
    lo: int,
    hi: int,
) -> bool:
    """The run saw ``name`` as a float64 array: at this line (an earlier iteration's value),
    or else at a line of the loop. Of any size: the line's float32 operand is large (an
    echo-state reservoir's ``W @ state`` with a float64 500-state converts the 500 x 500
    float32 matrix at every step)."""
    # (at its own line's looks, and at the loop's lines: looks that all fell in the line's
    # first run, 5 ms of drift for 150,000 walkers, saw it before its first promotion)
    got = [
        *looks.get(name, []),
        *(x for ln in range(lo, hi + 1) for x in looks_at(a, path, ln, ln).get(name, [])),
    ]
    return any(is_array(x) and x.dtype == "float64" and bool(x.shape) for x in got)


def returned_float64(a: Analysis, sf: SourceFile, line: int, name: str) -> bool:
    """A value of a function the loop calls that its return reads (``return w - lr * g``, a
    line of operators the sampler never looks at), seen float64 where a caller assigns
    what the function returns (``w = grad_step(w, X, y)``)."""
    assert sf.tree is not None
    func = sf.functions.get(line, "")
    returns = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Return)
        and n.value is not None
        and sf.functions.get(n.lineno, "") == func
        and any(isinstance(x, ast.Name) and x.id == name for x in ast.walk(n.value))
    ]
    if not returns:
        return False
    for lo_, hi_, _ in _returned_to(sf, func.rsplit(".", 1)[-1]):
        node = next(
            (
                n
                for n in walk_tree(sf.tree)
                if isinstance(n, ast.Assign) and n.lineno == lo_ and len(n.targets) == 1
            ),
            None,
        )
        if node is None or not isinstance(node.targets[0], ast.Name):
            continue
        got = looks_at(a, sf.path, lo_, hi_).get(node.targets[0].id, [])
        if any(is_array(x) and x.dtype == "float64" and bool(x.shape) for x in got):
            return True
    return False


def drifted(facts: list[Fact]) -> bool:
    """Looks at a name, in the run's order, that saw a large float32 array and later one of the
    same shape in float64: state promoted between them."""
    shapes32 = set()
    for f in facts:
        if _big(f, "float32"):
            shapes32.add(f.shape)
        elif _big(f, "float64") and f.shape in shapes32:
            return True
    return False


def calls_own(tree: ast.Module, value: ast.expr) -> bool:
    """Whether an expression calls a function of the file (by its bare name)."""
    called = {call_name(c) for c in ast.walk(value) if isinstance(c, ast.Call)}
    return bool(called) and any(
        isinstance(n, ast.FunctionDef) and n.name in called for n in walk_tree(tree)
    )
