"""What the run saw at a line that holds a call the analysis weighs (rules/confirm.py): whether
it calls a jitted function that JAX compiled again and again there (AB404), and the input a
model was given there, with the rows a slice takes (AB401/AB402)."""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from ..read.source import SourceFile, call_name, read_source
from ..read.syntax import walk_tree
from ..run.observe import NEW_FUNCTION
from ..run.values import TENSOR, Fact

if TYPE_CHECKING:
    from .patterns.base import Analysis

#: Compilations of the same function at one line that make it a recompiling line. JAX compiles
#: each primitive once on its first use (many functions compiled once each is no recompile),
#: and once per input shape: a few shapes (a stage of data each) are the data, not a mistake.
RECOMPILES_MIN = 5


#: Compilations of a function at one line that a static argument's new values caused (JAX's
#: cache-miss explanation says so) that make it a recompiling line: each value is a compile,
#: and a loop over a schedule of values compiles once per value (blind21's annealing: 4
#: temperatures, 0.43 of its run).
STATIC_RECOMPILES_MIN = 2


#: Compilations of one function at a line that make it a recompiling line where all but one
#: of them cost ``worth`` of the run or more and the line ran FEW_RECOMPILES_CALLS times a
#: compilation (else RECOMPILES_MIN).
FEW_RECOMPILES_MIN = 3
FEW_RECOMPILES_CALLS = 10
#: ... or where all but one of them cost this many times ``worth`` (a quarter of the run).
FEW_DOMINANT = 5


def static_cause(causes: list[str]) -> bool:
    """Whether JAX explained a line's compilations by a static argument's new value."""
    return any("Static(" in c or "static" in c.lower() for c in causes)


def recompiles_needed(
    names: list[str], causes: list[str], spent: float, runs: int, worth: float
) -> int:
    """How many compilations of one function make a line a recompiling one: fewer where a
    static argument's values caused them, or where a few cost much (``spent`` seconds, all but
    one ``worth`` seconds or more) and each shape was then called again and again (blind50's
    galaxy fit, one jitted step compiled for three cutout sizes and called 3,600 times, 0.71 s
    of a 1.43 s run; not a function called once per new size, a fit's four stages, where each
    call is its shape's first)."""
    least = STATIC_RECOMPILES_MIN if static_cause(causes) else RECOMPILES_MIN
    n = recompiles(names)
    if (
        n >= FEW_RECOMPILES_MIN
        and spent * (n - 1) / n >= worth
        and (runs >= FEW_RECOMPILES_CALLS * n or spent * (n - 1) / n >= FEW_DOMINANT * worth)
    ):
        # (or each call a new shape's first, where those compilations are most of the run:
        # blind99's rack fits, four log lengths compiled at 59% of the run, one padded size
        # saving it; the development set's four curriculum stages compiled at 10% stay the
        # data's)
        least = min(least, FEW_RECOMPILES_MIN)
    return least


def named_cause(causes: list[str]) -> str:
    """The cause to tell of a line's compilations: the last input JAX named as changed, where
    one is (a function made while tracing, a scan's body or a closure, is "new" at each trace:
    blind45's and blind47's nine shapes read "a new function object"), else the last."""
    named = [c for c in causes if c != NEW_FUNCTION]
    return (named or causes)[-1]


def calls_compiled(
    sf: SourceFile,
    line: int,
    names: list[str],
    facts: dict[str, Fact],
    least: int = RECOMPILES_MIN,
) -> bool:
    """Whether the line calls, by name, a jitted function (``jax.jit`` of the user's, seen as
    such at run time) that was compiled ``least`` times there (``jit(pooled_features)``
    at ``feats = pooled_features(x)``). JAX's own operations run eagerly are compiled once per
    new shape too (``jnp.dot`` under ``vmap``, a kernel built at a few sizes): those are the
    shapes of the data, not a function compiled again for nothing, and are not counted."""
    # (or a function of the file decorated with jax.jit, called as a method the run does not
    # record by name: ``self.power(...)`` of ``@staticmethod @jax.jit def power``)
    decorated = (
        {
            n.name
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.FunctionDef)
            and any("jit" in ast.unparse(d) for d in n.decorator_list)
        }
        if sf.tree is not None
        else set()
    )
    called = {
        call_name(c)
        for c in sf.calls_on(line)
        if (call_name(c) in facts and facts[call_name(c)].type.startswith("jaxlib."))
        or (isinstance(c.func, ast.Attribute) and call_name(c) in decorated)
    }
    # (or an attribute of the object that holds a jit made in the file: ``self._run =
    # jax.jit(partial(_energy_line, mu=...))``, called ``self._run(path, dx)``: blind134's
    # avalanche paths; its value's names stand for it)
    held = (
        {
            t.attr: node.value
            for node in walk_tree(sf.tree)
            if isinstance(node, ast.Assign)
            and any(isinstance(c, ast.Call) and call_name(c) == "jit" for c in ast.walk(node.value))
            for t in node.targets
            if isinstance(t, ast.Attribute)
            and isinstance(t.value, ast.Name)
            and t.value.id == "self"
        }
        if sf.tree is not None
        else {}
    )
    through = [
        held[c.func.attr]
        for c in sf.calls_on(line)
        if isinstance(c.func, ast.Attribute)
        and isinstance(c.func.value, ast.Name)
        and c.func.value.id == "self"
        and c.func.attr in held
    ]
    called |= {n.id for v in through for n in ast.walk(v) if isinstance(n, ast.Name)}
    counts = Counter(n[4:-1] if n.startswith("jit(") and n.endswith(")") else n for n in names)
    # (``grad_fn = jax.jit(jax.grad(loss))`` compiles as ``jit(loss)``: the names its value
    # wraps stand for it)
    wrapped = set(called)
    if sf.tree is not None:
        for node in walk_tree(sf.tree):
            if (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id in called for t in node.targets)
                and isinstance(node.value, ast.Call)
            ):
                wrapped |= {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
    return any(k in wrapped and v >= least for k, v in counts.items())


def recompiling(
    sf: SourceFile,
    line: int,
    names: list[str],
    causes: list[str],
    spent: float,
    runs: int,
    worth: float,
    facts: dict[str, Fact],
) -> bool:
    """Whether a line's compilations make it a recompiling one (AB404): one function compiled
    :func:`recompiles_needed` times or more, and the line calls a jitted function of the
    user's compiled that often there, or JAX's operations run eagerly recompile there at a
    cost (:func:`eager_recompiles`). A line run once (``mcmc.run(...)``) compiles what the
    library needs once, and eager operations compile once per new shape: a few shapes are
    the data's."""
    least = recompiles_needed(names, causes, spent, runs, worth)
    return recompiles(names) >= least and (
        calls_compiled(sf, line, names, facts, least) or eager_recompiles(names, spent, runs, worth)
    )


def recompiling_at(a: Analysis, key: tuple[str, int], worth: float) -> bool:
    """:func:`recompiling` of the line ``key`` from the run's compilations, causes, count and
    values there."""
    names = a.ev.events.compiles.get(key, [])
    return bool(names) and recompiling(
        read_source(key[0]),
        key[1],
        names,
        a.ev.events.causes.get(key, []),
        a.ev.events.compile_s.get(key, 0.0),
        a.led.count(key).n,
        worth,
        a.ev.facts_at(key),
    )


def eager_recompiles(names: list[str], spent: float, runs: int, worth: float) -> bool:
    """Whether JAX's own operations run eagerly at a line, on inputs of a new shape at each
    run, compiled RECOMPILES_MIN times or more and cost ``worth`` seconds or more in all
    (blind57's soil water: ``jnp.sum(moist < 40.0)`` of each record's length, ``less`` and
    ``_reduce_sum`` compiled 14 times each, 1.8 s, 28% of the run): a few shapes of data are
    no such line, and neither is a line run once."""
    return recompiles(names) >= RECOMPILES_MIN and spent >= worth and runs >= RECOMPILES_MIN


def eager_said(sf: SourceFile, line: int, names: list[str], facts: dict[str, Fact]) -> str:
    """What to say of a line's compilations of JAX's own operations run eagerly (no jitted
    function of the user's called there): "" where the line calls one."""
    if calls_compiled(sf, line, names, facts, 1):
        return ""
    return (
        " of JAX's operations run eagerly, each compiled again for every new input shape: do "
        "them inside the jitted function (return their result from it) or pad the inputs to a "
        "few sizes"
    )


def recompiles(names: list[str]) -> int:
    """The most times one function was compiled (a line's compilations, by function name)."""
    return max(Counter(names).values(), default=0)


# -- facts at a line --------------------------------------------------------------------------


def model_input(
    arg: ast.expr, facts: dict[str, Fact], sf: SourceFile, line: int, later: dict[str, Fact]
) -> Fact | None:
    """The model's input as the run saw it: a name's value, or for rows taken of a tensor
    (``X[i : i + batch]``) that tensor with as many rows as the model's output seen on the
    line's target (``out = self.model(X[i : i + batch])``: out 256x10, so 256 rows)."""
    if isinstance(arg, ast.Name):
        return facts.get(arg.id)
    if not (isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name)):
        return None
    base = facts.get(arg.value.id)
    if base is None or base.kind != TENSOR or len(base.shape) < 2:
        return None
    if not isinstance(arg.slice, ast.Slice):
        return None
    first = sf.span(line)[0]
    target = (
        next(
            (
                n.targets[0].id
                for n in walk_tree(sf.tree)
                if sf.tree is not None
                if isinstance(n, ast.Assign)
                and n.lineno == first
                and len(n.targets) == 1
                and isinstance(n.targets[0], ast.Name)
            ),
            None,
        )
        if sf.tree is not None
        else None
    )
    # (the target's value from an earlier run of the line, or where the lines after read it)
    out = (facts.get(target) or later.get(target)) if target is not None else None
    if out is None or out.kind != TENSOR or not out.shape or out.shape[0] > base.shape[0]:
        return None
    return replace(base, shape=(out.shape[0], *base.shape[1:]))


def assigns(sf: SourceFile, line: int, name: str) -> bool:
    """Whether the statement at ``line`` assigns ``name`` (alone or among its targets)."""
    first = sf.span(line)[0]
    return sf.tree is not None and any(
        isinstance(n, ast.Assign)
        and n.lineno == first
        and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
        for n in walk_tree(sf.tree)
    )


# -- the analysis -----------------------------------------------------------------------------
