"""Expressions of the user's statements timed after the run on values like those seen: the
names a statement reads, an object's attribute (``self.A``) and a dict's item read by a
constant key (``params["cov"]``) each standing for the value the run recorded, bound as plain
names for the timing."""

from __future__ import annotations

import ast
import builtins

from ...read.calls import argument, calls_of
from ...read.source import SourceFile
from ...read.syntax import walk_tree
from ...run.evaluate import expression_time
from ...run.sampler import dict_item
from ...run.values import Fact
from .base import Analysis

#: Builtins a statement may call (``float(...)``): no input of its own.
BUILTIN_NAMES = frozenset(dir(builtins))


def held_names(value: ast.AST) -> dict[int, str]:
    """The names of an expression that stand for what they hold, by the name node's id: an
    attribute of the object a method works on (``self.A``) and an item of a dict read by a
    constant key (``params["cov"]``), each an input of its own, whose value the run records."""
    held = {
        id(n.value): f"self.{n.attr}"
        for n in ast.walk(value)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
    }
    for n in ast.walk(value):
        item = dict_item(n)
        if item is not None and isinstance(n, ast.Subscript):
            held[id(n.value)] = item
    return held


def statement_time(
    value: ast.expr, facts: dict[str, Fact], modules: dict[str, str], budget: float
) -> float | None:
    """Seconds the whole value of a statement takes, timed after the run on values like those
    seen; None where a name it reads was not seen or it cannot be made again (a call of the
    user's function)."""
    held = held_names(value)
    names = {
        held.get(id(n), n.id)
        for n in ast.walk(value)
        if isinstance(n, ast.Name) and n.id not in modules and n.id not in BUILTIN_NAMES
    }
    if any(m not in facts for m in names):
        return None
    timed, inputs = as_names(value, {m: facts[m] for m in names})
    return expression_time(ast.unparse(timed), inputs, modules, budget)


def as_names(part: ast.expr, inputs: dict[str, Fact]) -> tuple[ast.expr, dict[str, Fact]]:
    """The part with each attribute or dict item among its inputs (``self.A``,
    ``params['cov']``) read as a plain name, and the inputs under those names: what can be
    timed after the run on values like those seen."""
    renamed: dict[str, str] = {}

    class Rename(ast.NodeTransformer):
        def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
            key = ast.unparse(node)
            if key in inputs:
                renamed[key] = "_" + key.replace(".", "_")
                return ast.copy_location(ast.Name(renamed[key], ast.Load()), node)
            return self.generic_visit(node)

        def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
            key = dict_item(node)
            if key is not None and key in inputs:
                renamed[key] = "_" + "".join(ch if ch.isalnum() else "_" for ch in key)
                return ast.copy_location(ast.Name(renamed[key], ast.Load()), node)
            return self.generic_visit(node)

    out = Rename().visit(ast.parse(ast.unparse(part), mode="eval")).body
    # (the object or dict itself, where only what it holds is read, is no input any more)
    used = {n.id for n in ast.walk(out) if isinstance(n, ast.Name)}
    bound = {renamed.get(k, k): f for k, f in inputs.items()}
    return out, {k: f for k, f in bound.items() if k in used}


def facts_around(
    a: Analysis, sf: SourceFile, first: int, last: int, depth: int = 0
) -> dict[str, Fact]:
    """The values seen between those lines; for the names not seen there (a line of operators
    only is seldom sampled), those seen elsewhere in the same function, and for its parameters,
    the arguments seen where the file calls it."""
    out = a.ev.facts_in(sf.path, first, last)
    func = sf.functions.get(first, "")
    for ln in sorted(ln for ln, fn in sf.functions.items() if fn == func):
        for name, fact in a.ev.facts_at((sf.path, ln)).items():
            out.setdefault(name, fact)
    if not func or sf.tree is None:
        return out
    name = func.rsplit(".", 1)[-1]
    fn = next(
        (n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef) and n.name == name),
        None,
    )
    if fn is None:
        return out
    params = [p.arg for p in fn.args.args]
    method = params[:1] == ["self"]
    # (by name, or as a method of an object: ``self.scores(resid)``)
    for c in calls_of(sf, name, method):
        seen = a.ev.facts_at((sf.path, c.lineno))
        for p in params[1 if method else 0 :]:
            arg = argument(c, params, p, method)
            if not isinstance(arg, ast.Name) or p in out:
                continue
            if arg.id in seen:
                out[p] = seen[arg.id]
            elif depth < 2 and c.lineno != first:
                # the caller's own parameter, passed on (``correct(frame)`` in
                # ``project(frame)``): what its callers passed
                got = facts_around(a, sf, c.lineno, c.lineno, depth + 1).get(arg.id)
                if got is not None:
                    out[p] = got
    return out


def looks_anywhere(a: Analysis, path: str, name: str) -> list[Fact]:
    """Every look of the run at ``name`` (``self._A``, ``self.soc``) anywhere in the file: an
    object's attribute is the same value wherever it was seen."""
    return [
        x for (p, _), names in a.ev.samples.facts.items() if p == path for x in names.get(name, [])
    ]
