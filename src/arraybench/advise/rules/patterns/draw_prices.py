"""How a draw of AB414 (advise/rules/patterns/scalar_draws.py) is timed after the run: the draw
itself, made again on values like those seen, its statement's scale in the run, and the
standard draw a location-scale distribution is a formula of."""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from ...read.bind import module_namespaces
from ...read.source import SourceFile, statement_at
from ...run.evaluate import expression_time
from ...run.values import Fact
from .base import Analysis
from .expressions import as_names, statement_time

#: Numbers drawn at once when the call is timed the batched way.
BLOCK = 4096


@dataclass(frozen=True)
class Draw:
    """One call drawing one number: its name as written, the call and the call drawing BLOCK
    numbers to time after the run (with the values they need, by the names they use there),
    the call drawing n numbers at once for the user, and whether that gives the same numbers
    in the same order."""

    name: str
    one: str
    block: str
    inputs: dict[str, Fact]
    modules: dict[str, str]
    ahead: str
    same: bool = True
    #: where the parameters change from draw to draw: the draw in the loop, written as its
    #: standard draw ahead scaled (``scale[int(t)] * draws[i]``)
    scaled: str = ""


#: The most the run's cost of a line is taken to exceed its cost timed after the run.
IN_RUN_MAX = 4.0


def in_run_scale(
    a: Analysis, sf: SourceFile, first: int, each: float, budget: float, draw: Draw | None = None
) -> float:
    """The statement's own time a run in the run over its value timed after the run on values
    like those seen, between 1 and IN_RUN_MAX; 1 where it cannot be timed. With ``draw``, its
    call is timed as the draw made again (a generator the object holds is no value that can be
    made from what was seen: ``self.rng.normal(0.0, p.noise_c)``)."""
    if sf.tree is None:
        return 1.0
    node = statement_at(sf, first)
    value = (
        node.test
        if isinstance(node, ast.If | ast.While)
        else getattr(node, "value", None)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.Expr | ast.Return)
        else None
    )
    if isinstance(value, ast.Yield):
        # (the value a generator yields: blind145's rink probes, ``yield value + p.bias_c +
        # self.rng.normal(0.0, p.noise_c)``, 4.4 us a run in the run for 1.4 us timed after)
        value = value.value
    if not isinstance(value, ast.expr):
        return 1.0
    facts = a.ev.facts_in(sf.path, first, sf.span(first)[1])
    modules = module_namespaces(sf.tree)
    whole = statement_time(value, facts, modules, budget)
    if not whole and draw is not None:
        timed, inputs = as_names(*with_draw(value, draw, facts))
        whole = expression_time(ast.unparse(timed), inputs, {**modules, **draw.modules}, budget)
    if not whole:
        return 1.0
    return max(1.0, min(IN_RUN_MAX, each / whole))


#: Location-scale distributions: the standard draw NumPy makes them of, how many positional
#: parameters they take, and the formula of that draw ``d`` they return (NumPy's C code: the
#: same operations, so the same numbers).
SCALED: dict[str, tuple[str, int, str]] = {
    "exponential": ("standard_exponential", 1, "{0} * {d}"),
    "normal": ("standard_normal", 2, "{0} + {1} * {d}"),
    "uniform": ("random", 2, "{0} + ({1} - {0}) * {d}"),
}


def standard_draw(draw: Draw, call: ast.Call) -> Draw | None:
    """For a NumPy location-scale draw whose parameters are given by position, the same draw
    with its standard numbers drawn ahead (``rng.standard_exponential(size=n)``) and scaled in
    the loop; else None."""
    func = call.func
    got = SCALED.get(func.attr) if isinstance(func, ast.Attribute) else None
    if got is None or draw.name.startswith("torch") or call.keywords or len(call.args) != got[1]:
        return None
    assert isinstance(func, ast.Attribute)
    name, _, formula = got
    at = "_legacy" if "_legacy" in draw.modules else "_generator"
    std = "random_sample" if at == "_legacy" and name == "random" else name
    return replace(
        draw,
        block=f"{at}.{std}(size={BLOCK})",
        ahead=f"{ast.unparse(func.value)}.{std}(size=n)",
        scaled=formula.format(*(ast.unparse(x) for x in call.args), d="draws[i]"),
    )


def with_draw(
    value: ast.expr, draw: Draw, facts: dict[str, Fact]
) -> tuple[ast.expr, dict[str, Fact]]:
    """``value`` with its call of ``draw`` written as the draw is timed after the run, and the
    values that needs."""

    class Swap(ast.NodeTransformer):
        def visit_Call(self, node: ast.Call) -> ast.AST:
            if ast.unparse(node.func) == draw.name:
                return ast.copy_location(ast.parse(draw.one, mode="eval").body, node)
            return self.generic_visit(node)

    swapped = Swap().visit(ast.parse(ast.unparse(value), mode="eval")).body
    return swapped, {**facts, **draw.inputs}


def timed_draw(draw: Draw, budget: float) -> tuple[float, float] | None:
    """Seconds of one call drawing one number, and of a number drawn BLOCK at a time, timed
    after the run on a generator and parameters like the ones seen."""
    t_one = expression_time(draw.one, draw.inputs, draw.modules, budget)
    t_block = expression_time(draw.block, draw.inputs, draw.modules, budget)
    if t_one is None or t_block is None:
        return None
    return t_one, t_block / BLOCK
