"""AB414: random numbers drawn one at a time from NumPy, on a line run many times.

``gap = rng.exponential(mean_gap)`` per customer, ``if np.random.rand() < eps`` per step,
``x + scale * self.moves.standard_normal()`` per Metropolis step: each call draws one number
and pays NumPy's per-call cost for it (0.2-1 µs, 3 µs for ``choice``: argument parsing, the
distribution's set-up, a NumPy scalar made), where drawing a few thousand at once costs a few
nanoseconds a number. Drawn in one call (``size=n``) they are the same numbers in the same
order, for every distribution of NumPy's generators and of its legacy ``np.random`` functions,
so long as the loop draws nothing else from that generator in between.

    candidates  a call of a distribution of ``np.random`` or of a NumPy ``Generator`` /
                ``RandomState`` seen at the line, with no ``size`` (one number), its
                distribution's parameters numbers (no array of several elements), outside a
                comprehension (whose count is its statement's)
    evidence    the line ran HITS_MIN times or more
    price       the same call timed again after the run on parameters like the ones seen,
                against the same call with ``size=BLOCK`` (per number) and taking a number
                from a list (a float operation to a Python step): what the line saves a
                draw, times its runs, at most the line's own time
"""

from __future__ import annotations

import ast
import builtins
import copy
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.bind import module_namespaces
from ...read.source import SourceFile
from ...records import Finding
from ...run.models import expression_time
from ...run.values import ARRAY, JAX, TENSOR, Fact
from .base import Analysis

#: Runs of a line under which its draws are not worth drawing ahead.
HITS_MIN = 1_000
#: Numbers drawn at once when the call is timed the batched way.
BLOCK = 4096
#: Seconds that timing one call again after the run may take.
TIMING_S = 0.2
#: The receivers whose methods draw: NumPy's generators, as the run names their types.
GENERATORS = frozenset({"numpy.Generator", "numpy.RandomState"})
#: Distributions, with the number of parameters before ``size``: a call with no more
#: positional arguments than that and no ``size`` draws one number. (``rand``/``randn`` take
#: the shape as their arguments: only their call with none draws one number.)
DRAWS: dict[str, int] = {
    "rand": 0,
    "randn": 0,
    "random": 0,
    "random_sample": 0,
    "ranf": 0,
    "sample": 0,
    "standard_normal": 0,
    "standard_exponential": 0,
    "standard_cauchy": 0,
    "uniform": 2,
    "normal": 2,
    "lognormal": 2,
    "laplace": 2,
    "logistic": 2,
    "gumbel": 2,
    "exponential": 1,
    "poisson": 1,
    "geometric": 1,
    "rayleigh": 1,
    "standard_gamma": 1,
    "standard_t": 1,
    "chisquare": 1,
    "pareto": 1,
    "weibull": 1,
    "power": 1,
    "zipf": 1,
    "gamma": 2,
    "beta": 2,
    "binomial": 2,
    "negative_binomial": 2,
    "wald": 2,
    "vonmises": 2,
    "f": 2,
    "triangular": 3,
    "randint": 2,
    "integers": 2,
    "random_integers": 2,
    "choice": 1,
}


class ScalarDraws:
    rule = register(
        Rule(
            "AB414",
            "scalar-draws",
            WARNING,
            "random numbers drawn one at a time from NumPy in a loop: each call pays NumPy's "
            "per-call cost (a fraction of a microsecond to microseconds) for one number, which "
            "drawn a few thousand at a time costs nanoseconds",
            "draw the loop's numbers in one call before it (draws = rng.exponential(scale, "
            "size=n).tolist(), then draws[i] in the loop), or in blocks of a few thousand "
            "refilled when used up where n is not known: the same numbers in the same order "
            "when the loop draws nothing else from that generator in between (else give this "
            "draw a generator of its own)",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        aliases = module_namespaces(sf.tree)
        inside = _in_comprehensions(sf.tree)
        for call in ast.walk(sf.tree):
            if not isinstance(call, ast.Call) or id(call) in inside:
                continue
            f = self._finding(a, sf, call, aliases)
            if f is not None:
                yield f

    def _finding(
        self, a: Analysis, sf: SourceFile, call: ast.Call, aliases: dict[str, str]
    ) -> Finding | None:
        func = call.func
        if not isinstance(func, ast.Attribute) or func.attr not in DRAWS:
            return None
        if any(k.arg == "size" or k.arg is None for k in call.keywords):
            return None  # an array of draws, or arguments not seen
        if len(call.args) > DRAWS[func.attr] or any(isinstance(x, ast.Starred) for x in call.args):
            return None
        line = call.lineno
        if (sf.path, line) in a.found or a.covered(sf.path, line):
            return None
        count = a.led.count((sf.path, line))
        if count.n < HITS_MIN:
            return None
        facts = a.ev.facts_in(sf.path, *sf.span(line))
        receiver = ast.unparse(func.value)
        generator = facts.get(receiver)
        legacy = _module(func.value, aliases) == "numpy.random"
        if not legacy and (generator is None or generator.type not in GENERATORS):
            return None
        params = _parameters(call, facts, aliases)
        if params is None:
            return None
        first, last = sf.span(line)
        seconds = a.led.span(sf.path, first, last, own=True)
        timed = _timed(call, legacy, generator, params, aliases, min(TIMING_S, a.budget()))
        if timed is None:
            return None
        one, per_number = timed
        # what drawing ahead still pays a number: its share of a block, and taking it from a
        # list (a float operation inside a statement at best, a Python step at worst)
        keep_lo = per_number + a.costs.float_op
        keep_hi = per_number + a.costs.python_op
        # at most what the code around the line took: its loop, or its function where the
        # loop is in a caller (the line's own sampled time is short of its draws' in a loop of
        # short lines, where the timer's signal lands on the loop's later lines)
        start, end = _around(sf, line)
        bound = max(seconds, a.led.span(sf.path, start, end))
        high = min(bound, count.n * max(0.0, one - keep_lo))
        low = min(high, count.n * max(0.0, one - keep_hi))
        saved = (low + high) / 2
        f, _ = a.finding(sf, line, self.rule.code)
        name = f"{receiver}.{func.attr}"
        evidence = (
            f"{name}() draws one number a call, {count.n:,} calls ({format_time(seconds)} on "
            f"the line); timed again after the run: {format_time(one)} a call, against "
            f"{format_time(per_number)} a number drawn {BLOCK:,} at a time (size={BLOCK}) "
            f"and {format_time(a.costs.float_op)}-{format_time(a.costs.python_op)} to take "
            "it from a list"
        )
        loops = sf.enclosing_loops(line)
        where = f"before the loop at line {loops[0].line}" if loops else "before the loop"
        evidence += f"; here: draws = {_ahead(call)}.tolist() {where}, then draws[i]"

        return replace(
            f,
            seconds=saved,
            share=saved / a.total,
            evidence=evidence,
            gain=(low, high),
        )


def _around(sf: SourceFile, line: int) -> tuple[int, int]:
    """The lines of the innermost loop around a line, or of the function holding it."""
    loops = sf.enclosing_loops(line)
    if loops:
        return loops[0].line, loops[0].end
    if sf.tree is None:
        return sf.span(line)
    defs = [
        n
        for n in ast.walk(sf.tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        and n.lineno <= line <= (n.end_lineno or n.lineno)
    ]
    if not defs:
        return sf.span(line)
    inner = max(defs, key=lambda n: n.lineno)
    return inner.lineno, inner.end_lineno or inner.lineno


def _ahead(call: ast.Call) -> str:
    """The call drawing n numbers at once: ``rng.exponential(mean_gap, size=n)``,
    ``np.random.rand(n)``."""
    assert isinstance(call.func, ast.Attribute)
    if call.func.attr in ("rand", "randn"):
        return f"{ast.unparse(call.func)}(n)"
    out = ast.Call(call.func, call.args, [*call.keywords, ast.keyword("size", ast.Name("n"))])
    return ast.unparse(out)


def _module(node: ast.expr, aliases: dict[str, str]) -> str:
    """The module an attribute chain names (``np.random`` -> ``numpy.random``), or ""."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in aliases:
        return ""
    return ".".join([aliases[node.id], *reversed(parts)])


def _parameters(
    call: ast.Call, facts: dict[str, Fact], aliases: dict[str, str]
) -> dict[str, Fact] | None:
    """The values the call's parameters read (``mean_gap``, ``self.scale``), each as seen at
    the line; None where one was not seen (its size is not known) or is an array of several
    elements (a number per element: an array of draws already)."""
    params: dict[str, Fact] = {}
    todo: list[ast.expr] = [*call.args, *(k.value for k in call.keywords)]
    while todo:
        node = todo.pop()
        text = ast.unparse(node)
        if isinstance(node, (ast.Name, ast.Attribute)) and text in facts:
            fact = facts[text]
            if fact.kind in (ARRAY, TENSOR, JAX) and fact.size != 1:
                return None
            params[text] = fact
        elif isinstance(node, ast.Name):
            if node.id not in aliases and not hasattr(builtins, node.id):
                return None
        elif isinstance(node, ast.Attribute) and _module(node, aliases):
            continue  # a module's constant (math.pi)
        elif isinstance(node, (ast.Constant, ast.BinOp, ast.UnaryOp, ast.Call, ast.Attribute)):
            todo.extend(n for n in ast.iter_child_nodes(node) if isinstance(n, ast.expr))
        else:
            return None
    return params


def _in_comprehensions(tree: ast.AST) -> set[int]:
    """The calls inside comprehensions and generator expressions (by id)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            out.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Call))
    return out


def _timed(
    call: ast.Call,
    legacy: bool,
    generator: Fact | None,
    params: dict[str, Fact],
    aliases: dict[str, str],
    budget: float,
) -> tuple[float, float] | None:
    """Seconds of one call drawing one number, and of a number drawn BLOCK at a time, timed
    after the run on a generator and parameters like the ones seen (the receiver and each
    parameter given a name of their own: ``self.moves`` cannot be made again)."""
    names = {text: f"_p{k}" for k, text in enumerate(params)}
    inputs = {names[text]: fact for text, fact in params.items()}

    def renamed(node: ast.expr) -> ast.expr:
        # a copy: the file's tree is shared by every rule
        text = ast.unparse(node)
        if text in names:
            return ast.Name(names[text], ast.Load())
        out = copy.copy(node)
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.expr):
                setattr(out, field, renamed(value))
            elif isinstance(value, list):
                setattr(out, field, [renamed(v) if isinstance(v, ast.expr) else v for v in value])
        return out

    args = [renamed(x) for x in call.args]
    keywords = [ast.keyword(k.arg, renamed(k.value)) for k in call.keywords]
    assert isinstance(call.func, ast.Attribute)
    modules = dict(aliases)
    if legacy:
        receiver: ast.expr = ast.Name("_legacy", ast.Load())
        modules["_legacy"] = "numpy.random"
    else:
        assert generator is not None
        receiver = ast.Name("_generator", ast.Load())
        inputs["_generator"] = generator
    func = ast.Attribute(receiver, call.func.attr, ast.Load())
    one = ast.unparse(ast.Call(func, args, keywords))
    if call.func.attr in ("rand", "randn"):
        # the shape is their arguments
        block = ast.unparse(ast.Call(func, [ast.Constant(BLOCK)], []))
    else:
        block = ast.unparse(
            ast.Call(func, args, [*keywords, ast.keyword("size", ast.Constant(BLOCK))])
        )
    t_one = expression_time(one, inputs, modules, budget)
    t_block = expression_time(block, inputs, modules, budget)
    if t_one is None or t_block is None:
        return None
    return t_one, t_block / BLOCK


PATTERN = ScalarDraws()
