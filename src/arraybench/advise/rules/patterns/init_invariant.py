"""AB411 of a method's costly value made from attributes only ``__init__`` sets, in a method the
run called many times, whoever calls it: a hook in a list, a transform in a pipeline, a callback
a library calls, where no loop of the file names the call.

``K = np.exp(-self.d2 / self.ell)`` or ``P = np.linalg.inv(self.cov)`` in ``__call__``: the
object's attributes never change after ``__init__`` (no method and no code of the module
assigns or writes them), so every call computes the same value; made once in ``__init__``, it
costs one evaluation. The loop-based AB411 (loop_invariant.py) needs the loop that calls the
method; this one needs only the attributes and the run's count.

    candidates  an assignment in a method other than ``__init__`` whose value is made of pure
                calls (read/purity.py's PURE_CALLS) and operators, and reads only constants,
                modules, attributes of ``self`` that nothing sets or changes after
                ``__init__``, and parameters every call passes such an attribute or a
                constant; not in a loop of the method
    evidence    the statement ran CALLS_MIN times or more; an array or tensor of MIN_ELEMENTS or
                more among the attributes seen, none a tensor autograd records (a parameter an
                optimizer changes in place); its own time LIST_SHARE of the run or more
    price       its own time less one evaluation (0.7 of that at the low end, 0.5 where the count
                is scaled)

A closure is the same case with the enclosing function's variables for the attributes
(blind63's swath restorer: ``normal = np.linalg.inv(blur.T @ blur + lam * np.eye(n))`` in the
``restore(tile)`` that ``make_restorer(blur, lam)`` returns): made once where the closure is
made, before its ``def``, the value costs one evaluation per closure.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...read.bind import module_namespaces
from ...read.libraries import MUTATING_METHODS
from ...read.purity import set_after_init
from ...read.source import SourceFile, enclosing_function
from ...read.syntax import bound_names, maker_of, parameter_names, walk_tree
from ...records import LIST_SHARE, Finding
from ...run.values import is_array
from .base import Analysis
from .changes import _inputs
from .init_methods import fixed_locals, pure_methods
from .invariant_chains import folded
from .invariant_inputs import MIN_ELEMENTS
from .loop_invariant import REDUCING, LoopInvariant
from .needless_copy import _copy_of

#: Runs of the statement below which making its value once saves next to nothing.
CALLS_MIN = 20


class InitInvariant:
    """Runs after the loop-based AB411 (a loop that names the call says where to hoist)."""

    rule = LoopInvariant.rule

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        modules = set(module_namespaces(sf.tree))
        methods_of: dict[int, frozenset[str]] = {}  # (a method's class's pure methods)
        hooks = _module_hooks(sf.tree)
        for node in walk_tree(sf.tree):
            # (or a method's ``return`` of such a value: ``return np.linalg.inv(np.eye(self.n)
            # - self.dt * kappa * self.lap)``, blind70's flame solver)
            if not (
                (isinstance(node, ast.Assign) and len(node.targets) == 1)
                or (isinstance(node, ast.Return) and node.value is not None)
            ):
                continue
            line = node.lineno
            if (sf.path, line) in a.found or a.covered(sf.path, line):
                continue
            copied = _copy_of(node.value) if node.value is not None else None
            if copied is not None and copied[1] in ("copy", "array"):
                # (a copy is made to be a new object at each call: made once, its callers
                # would share one and write into it, ``mine = rec.log(); mine[0] = total``;
                # whether a copy is needed is AB203's question)
                continue
            fn = enclosing_function(sf, line)
            if fn is not None and not sf.enclosing_loops(line):
                outer = maker_of(sf.tree, fn)
                if outer is not None:
                    f = self._closure(a, sf, node, fn, outer, modules)
                    if f is not None:
                        yield f
                    continue
            if fn is None or fn.name == "__init__" or not fn.args.args or sf.enclosing_loops(line):
                continue
            owner = "self" if fn.args.args[0].arg == "self" else hooks.get(id(fn))
            if owner is None:
                continue
            if owner != "self":
                # (a torch module's hook, a static method given the module: its reads of the
                # module are the object's, ``module.raw_basis`` as ``self.raw_basis``)
                node = _as_self(node, owner)  # noqa: PLW2901
            # (and the object's pure methods, and locals made before from such values:
            # ``A = self.design(self.hours)`` then ``pinv = np.linalg.pinv(A)``)
            if id(fn) not in methods_of:
                methods_of[id(fn)] = pure_methods(sf, fn)
            methods = methods_of[id(fn)]
            made = fixed_locals(sf, fn, line, modules, methods) if owner == "self" else {}
            names = _inputs(_value(node), frozenset(), REDUCING, False, methods)
            if not names:
                continue
            names -= methods
            held = {n for n in names if n.startswith("self.")}
            held |= {x for n in names if n in made for x in made[n][0]}
            if not held or any(
                n not in modules
                and not n.startswith("self.")
                and n not in made
                and not _fixed_argument(sf, fn, n)
                for n in names
            ):
                continue
            if any("." in n[5:] or set_after_init(sf, n[5:]) for n in held):
                continue
            if names & set(made) and _in_invariant_caller(a, sf, fn):
                continue  # (its caller's value, made once, makes this one once too)
            f = self._priced(a, sf, node, fn.name, held | (names & set(made)), owner)
            if f is not None and names & set(made):
                f = _with_locals(a, sf, f, {n: made[n][1] for n in names & set(made)})
            if f is not None:
                f = folded(a, sf, f)
                if f is not None:
                    yield f

    def _closure(
        self,
        a: Analysis,
        sf: SourceFile,
        node: ast.Assign | ast.Return,
        fn: ast.FunctionDef | ast.AsyncFunctionDef,
        outer: ast.FunctionDef | ast.AsyncFunctionDef,
        modules: set[str],
    ) -> Finding | None:
        """The statement of a closure that reads only modules and variables of the function
        that makes it, none of which changes once the closure is made."""
        names = _inputs(_value(node), frozenset(), REDUCING, need_costly=True)
        if not names:
            return None
        own = bound_names(fn) | parameter_names(fn)
        free = {n for n in names if n not in modules}
        if not free or free & own or not free <= bound_names(outer) | parameter_names(outer):
            return None
        if any(_changed(outer, n, fn.lineno) for n in free):
            return None
        f = self._priced(a, sf, node, fn.name, free)
        if f is None:
            return None
        made = a.led.count((sf.path, fn.lineno)).n or 1  # closures made: the def's runs
        high = max(0.0, f.seconds - f.seconds / max(f.count.n if f.count else 1, 1) * (made - 1))
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        name = target.id if isinstance(target, ast.Name) else f"{fn.name}_value"
        inputs = "; ".join(
            f"{n}: {x}"
            for n, x in sorted(a.ev.facts_in(sf.path, node.lineno, node.lineno).items())
            if n in free
        )
        return replace(
            f,
            seconds=high,
            share=high / a.total,
            evidence=f"runs {f.count} times, from {inputs}: variables of {outer.name}() that "
            f"{fn.name}() reads and nothing changes once {fn.name}() is made ({made} made in "
            f"the run), so every call of {fn.name}() makes the same value; compute it once in "
            f"{outer.name}(), before def {fn.name} ({name} = {ast.unparse(_value(node))[:60]}), "
            f"and use {name} in {fn.name}()",
            gain=(min(f.gain[0], high), high) if f.gain else None,
        )

    def _priced(
        self,
        a: Analysis,
        sf: SourceFile,
        node: ast.Assign | ast.Return,
        method: str,
        held: set[str],
        owner: str = "self",
    ) -> Finding | None:
        line = node.lineno
        count = a.led.count((sf.path, line))
        if count.n < CALLS_MIN:
            return None
        facts = a.ev.facts_in(sf.path, line, line)
        if owner != "self":
            facts = {
                (f"self.{k[len(owner) + 1 :]}" if k.startswith(f"{owner}.") else k): x
                for k, x in facts.items()
            }
        seen = [facts[n] for n in held if n in facts]
        if not any(is_array(x) and x.size >= MIN_ELEMENTS for x in seen):
            return None
        if any(x.grad for x in seen):
            return None  # a parameter an optimizer changes in place, out of the file's sight
        first, last = sf.span(line)
        seconds = a.led.span(sf.path, first, last, own=True)
        if seconds / a.total < LIST_SHARE:
            return None
        each = seconds / count.n
        # one value per object: as many evaluations as objects made (blind115's fleeces, a
        # property read once on each of 3,750: made in __init__ it costs the same)
        objects = _objects_made(a, sf, line)
        if objects is not None and count.n < 2 * objects:
            return None
        made = max(1, objects or 1)
        high = max(0.0, seconds - each * made)
        low = 0.7 * high if count.exact else 0.5 * high
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        name = target.id if isinstance(target, ast.Name) else f"{method}_value"
        f, _ = a.finding(sf, line, self.rule.code)
        inputs = "; ".join(f"{n}: {facts[n]}" for n in sorted(held) if n in facts)
        per = f" ({made:,} object{'s' if made > 1 else ''} made in the run)" if objects else ""
        return replace(
            f,
            seconds=high,
            share=high / a.total,
            count=count,
            evidence=f"runs {count} times, {format_time(each)} each, from {inputs}: attributes "
            f"that nothing sets or changes after __init__, so every call of {method}() makes "
            f"the same value for its object{per}; compute it once in __init__ (self.{name} = "
            f"{ast.unparse(_value(node))[:60]}...) and use "
            f"self.{name} in {method}()",
            gain=(low, high),
        )


#: torch.nn.Module's methods that register a function the module calls at each forward (or
#: backward) call.
HOOK_REGISTRARS = frozenset(
    {
        "register_forward_pre_hook",
        "register_forward_hook",
        "register_full_backward_pre_hook",
        "register_full_backward_hook",
    }
)


def _module_hooks(tree: ast.Module) -> dict[int, str]:
    """The static methods a class registers on its own objects as torch hooks
    (``self.register_forward_pre_hook(self._orthonormalise)``), by ``id`` of their ``def``:
    their first parameter's name, the module they are given (blind106's lock pins: a QR of a
    constant buffer at every forward)."""
    out: dict[int, str] = {}
    for cls in walk_tree(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        methods = {m.name: m for m in cls.body if isinstance(m, ast.FunctionDef)}
        for c in ast.walk(cls):
            if not (
                isinstance(c, ast.Call)
                and isinstance(c.func, ast.Attribute)
                and c.func.attr in HOOK_REGISTRARS
                and isinstance(c.func.value, ast.Name)
                and c.func.value.id == "self"
                and c.args
                and isinstance(c.args[0], ast.Attribute)
                and isinstance(c.args[0].value, ast.Name)
                and c.args[0].value.id in ("self", cls.name)
            ):
                continue
            m = methods.get(c.args[0].attr)
            if (
                m is not None
                and m.args.args
                and any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in m.decorator_list
                )
            ):
                out[id(m)] = m.args.args[0].arg
    return out


def _as_self(node: ast.Assign | ast.Return, owner: str) -> ast.Assign | ast.Return:
    """The statement with its reads of ``owner`` made reads of ``self`` (a copy)."""

    class Renamed(ast.NodeTransformer):
        def visit_Name(self, n: ast.Name) -> ast.AST:
            return ast.copy_location(ast.Name("self", n.ctx), n) if n.id == owner else n

    out = Renamed().visit(copy.deepcopy(node))
    assert isinstance(out, ast.Assign | ast.Return)
    return out


def _objects_made(a: Analysis, sf: SourceFile, line: int) -> int | None:
    """How many objects of the class whose method holds ``line`` the run made, counted at the
    file's calls of the class by name (a comprehension's by its items); None where the file
    makes none by name (made elsewhere: not known)."""
    if sf.tree is None:
        return None
    cls = next(
        (
            c
            for c in walk_tree(sf.tree)
            if isinstance(c, ast.ClassDef)
            and (c.end_lineno or c.lineno) >= line >= c.lineno
            and any(
                isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)
                and m.lineno <= line <= (m.end_lineno or m.lineno)
                for m in c.body
            )
        ),
        None,
    )
    if cls is None:
        return None
    calls = [
        c
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == cls.name
    ]
    if not calls:
        return None
    made = 0
    for c in calls:
        inner = [lp for lp in sf.loops if lp.comprehension and lp.line == c.lineno]
        if inner:
            made += a.loop_counts(sf.path, inner[0])[0].n
        elif not sf.enclosing_loops(c.lineno) and not sf.functions.get(c.lineno, ""):
            # (a line of the module outside loops runs once; its count, scaled from the line
            # timer's bursts, read ~73: blind49's pipeline kernel, 150 calls on one object
            # taken for two a kernel, under the two reads an object that a finding needs)
            made += 1
        else:
            made += a.led.count((sf.path, sf.span(c.lineno)[0])).n
    return made


def _in_invariant_caller(
    a: Analysis, sf: SourceFile, fn: ast.FunctionDef | ast.AsyncFunctionDef
) -> bool:
    """Whether a method of the object that calls ``fn`` (``self.laplacian()``) holds an AB411
    finding already: computing that value once takes this one along."""
    if sf.tree is None:
        return False
    calling = {
        id(enclosing_function(sf, c.lineno))
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.Call)
        and isinstance(c.func, ast.Attribute)
        and isinstance(c.func.value, ast.Name)
        and c.func.value.id == "self"
        and c.func.attr == fn.name
    }
    return any(
        g.code == "AB411" and g.path == sf.path and id(enclosing_function(sf, g.line)) in calling
        for g in a.found.values()
    )


def _with_locals(a: Analysis, sf: SourceFile, f: Finding, made: dict[str, int]) -> Finding:
    """A finding whose value is made from locals the method makes before it, as fixed as it
    (``A = self.design(self.hours)``): their lines' time, the pure methods they call with it,
    is the same at every call too, and computing the value once in ``__init__`` takes them
    along."""
    lines = sorted(set(made.values()))
    extra = sum(a.led.span(sf.path, *sf.span(ln)) for ln in lines)
    n = f.count.n if f.count is not None and f.count.n else 1
    extra -= extra / n  # (one evaluation, in __init__)
    said = ", ".join(f"{name} (line {ln}: {sf.text(ln).strip()[:60]})" for name, ln in made.items())
    low, high = f.gain if f.gain is not None else (f.seconds, f.seconds)
    return replace(
        f,
        seconds=f.seconds + extra,
        share=(f.seconds + extra) / a.total,
        evidence=f"{f.evidence}; made from {said}, the same at every call: "
        f"{format_time(extra)} more, made once with it",
        gain=(low + 0.7 * extra, high + extra),
    )


def _value(node: ast.Assign | ast.Return) -> ast.expr:
    """The value an assignment or a ``return`` makes (a bare ``return``: None's constant)."""
    return node.value if node.value is not None else ast.Constant(None)


def _fixed_argument(sf: SourceFile, fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """Whether ``name`` is a parameter of the method that every call of it in the file (one at
    least) passes as a constant or as an attribute of ``self`` that nothing sets after
    ``__init__`` (``self.implicit_operator(self.alpha)``: blind70's flame solver)."""
    params = [p.arg for p in fn.args.args]
    if name not in params or sf.tree is None:
        return False
    pos = params.index(name) - 1  # (``self`` is not among a method call's arguments)
    calls = [
        c
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr == fn.name
    ]
    if not calls:
        return False
    for c in calls:
        arg = next((k.value for k in c.keywords if k.arg == name), None)
        if arg is None and 0 <= pos < len(c.args):
            arg = c.args[pos]
        if arg is None:
            return False
        if isinstance(arg, ast.Constant):
            continue
        if not (
            isinstance(arg, ast.Attribute)
            and isinstance(arg.value, ast.Name)
            and arg.value.id == "self"
            and not set_after_init(sf, arg.attr)
        ):
            return False
    return True


def _changed(outer: ast.FunctionDef | ast.AsyncFunctionDef, name: str, after: int) -> bool:
    """Whether ``outer`` (the closure included) rebinds ``name`` after line ``after``, or
    writes into it or changes it in place anywhere (``x[i] = ...``, ``x += ...``,
    ``x.fill_(0)``, ``x.sort()``, ``out=x``)."""
    for n in ast.walk(outer):
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
            if n.lineno > after:
                return True
        elif isinstance(n, (ast.Nonlocal, ast.Global)) and name in n.names:
            return True
        elif isinstance(n, (ast.Subscript, ast.Attribute)) and isinstance(n.ctx, ast.Store):
            base = n.value
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value
            if isinstance(base, ast.Name) and base.id == name:
                return True
        elif isinstance(n, ast.Call):
            f = n.func
            if (
                isinstance(f, ast.Attribute)
                and isinstance(f.value, ast.Name)
                and f.value.id == name
                and (
                    (f.attr.endswith("_") and not f.attr.endswith("__"))
                    or f.attr in MUTATING_METHODS
                )
            ):
                return True
            if any(
                k.arg == "out" and isinstance(k.value, ast.Name) and k.value.id == name
                for k in n.keywords
            ):
                return True
    return False


PATTERN = InitInvariant()
