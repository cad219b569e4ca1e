"""AB414: random numbers drawn one at a time from NumPy or torch, on a line run many times.

``gap = rng.exponential(mean_gap)`` per customer, ``if np.random.rand() < eps`` per step,
``x + scale * self.moves.standard_normal()`` per Metropolis step, ``torch.rand(1).item()``:
each call draws one number and pays the library's per-call cost for it (0.2-1 µs for NumPy, 3
µs for ``choice``, ~1 µs for torch: argument parsing, the distribution's set-up, a scalar or a
tensor made), where drawing a few thousand at once costs a few nanoseconds a number. Drawn in
one call (``size=n``) they are the same numbers in the same order, for every distribution of
NumPy's generators and of its legacy ``np.random`` functions, and for torch's ``rand`` and
``randint`` (not ``randn``, whose block is drawn another way), so long as the loop draws
nothing else from that generator in between.

    candidates  a call of a distribution of ``np.random`` or of a NumPy ``Generator`` /
                ``RandomState`` seen at the line, with no ``size`` (one number), its
                distribution's parameters numbers (no array of several elements); or
                ``torch.rand``/``randn``/``randint`` of a shape of one element; outside a
                comprehension (whose count is its statement's)
    evidence    the line ran HITS_MIN times or more
    price       the same call timed again after the run on parameters like the ones seen,
                against the same call drawing BLOCK (per number) and taking a number from a
                list (a float operation to a Python step): what the line saves a draw, times
                its runs, at most the time of the loop around it
"""

from __future__ import annotations

import ast
import bisect
import builtins
import copy
import itertools
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.bind import module_namespaces
from ...read.source import SourceFile, stored_in
from ...read.syntax import qualname, walk_tree
from ...records import Finding
from ...run.values import ARRAY, JAX, SCALAR, SEQUENCE, TENSOR, Fact
from .base import Analysis
from .draw_prices import BLOCK, Draw, in_run_scale, standard_draw, timed_draw

#: Runs of a line under which its draws are not worth drawing ahead.
HITS_MIN = 1_000
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
#: torch's draws, whose arguments are the shape (``randint``: after its bounds).
TORCH_DRAWS = frozenset({"rand", "randn", "randint"})


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
            "draw a generator of its own); one item picked with weights that change at each "
            "step (choice(n, p=w)): a cumulative search of w for one uniform number instead "
            "(bisect over itertools.accumulate(w.tolist()) for a few weights, np.searchsorted("
            "np.cumsum(w), ...) for many)",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        aliases = module_namespaces(sf.tree)
        inside = _in_comprehensions(sf.tree)
        parents = {id(c): n for n in walk_tree(sf.tree) for c in ast.iter_child_nodes(n)}
        for call in walk_tree(sf.tree):
            if not isinstance(call, ast.Call) or id(call) in inside:
                continue
            f = self._finding(a, sf, call, aliases, parents) or self._weighted(a, sf, call)
            if f is not None:
                yield f

    def _weighted(self, a: Analysis, sf: SourceFile, call: ast.Call) -> Finding | None:
        """``np.random.choice(allowed, size=1, p=prob)`` with ``prob`` made at each step (an
        ant's next city of 23, round 16's ACA.py:45: 35 us a call, 26% of its run): one item
        drawn with weights, where NumPy checks and normalises ``p`` at every call. Not drawn
        ahead (the weights change), but a cumulative search finds the same item for a
        uniform number: ``allowed[np.searchsorted(np.cumsum(prob), rng.random() * total)]``,
        or for a few weights the same search on a list of Python floats (a two-armed
        bandit's ``rng.choice(2, p=pi)``: 5.3 us a call, 0.6 us as ``bisect_right`` of
        ``accumulate(pi.tolist())``)."""
        if not (isinstance(call.func, ast.Attribute) and call.func.attr == "choice"):
            return None
        kw = {k.arg: k.value for k in call.keywords}
        size = kw.get("size", call.args[1] if len(call.args) > 1 else None)
        if "p" not in kw or not (
            size is None or (isinstance(size, ast.Constant) and size.value in (1, None))
        ):
            return None
        line = call.lineno
        if (sf.path, line) in a.found or _covered(a, sf.path, line):
            return None
        count = a.led.count((sf.path, line))
        if count.n < HITS_MIN:
            return None
        first, last = sf.span(line)
        facts = a.ev.facts_in(sf.path, first, last)
        p = kw["p"]
        if not isinstance(p, ast.Name):
            return None
        weights = facts.get(p.id)
        if weights is None or weights.kind != ARRAY or not 2 <= weights.size <= WEIGHTS_MAX:
            return None
        seconds = a.led.span(sf.path, first, last, own=True)
        budget = min(TIMING_S, a.budget())
        first_arg = call.args[0] if call.args else None
        given = facts.get(first_arg.id) if isinstance(first_arg, ast.Name) else None
        got = _weighted_times(
            weights.size,
            budget,
            legacy=ast.unparse(call.func).endswith("random.choice"),
            items=given is not None and given.kind in (SEQUENCE, ARRAY),
            size=size is not None,
        )
        if got is None:
            return None
        t_choice, t_search = got
        if weights.size <= LIST_WEIGHTS_MAX:
            search = (
                f"c = list(itertools.accumulate({p.id}.tolist())), then "
                "bisect.bisect_right(c, rng.random() * c[-1]) is the index of the item "
                f"(on Python floats: {weights.size} weights cost less as a list than NumPy's "
                "per-call cost)"
            )
        else:
            search = (
                f"c = np.cumsum({p.id}), then np.searchsorted(c, rng.random() * c[-1], "
                "side='right') is the index of the item"
            )
        scale = in_run_scale(a, sf, first, seconds / count.n, budget)
        high = min(seconds, count.n * max(0.0, t_choice * scale - t_search))
        low = min(high, count.n * max(0.0, t_choice - t_search))
        if high / a.total < WORTH_MIN:
            return None
        f, _ = a.finding(sf, line, self.rule.code)
        evidence = (
            f"{ast.unparse(call)} picks one item a call with weights {p.id} ({weights}), "
            f"{count.n:,} calls ({format_time(seconds)} on the line): NumPy checks and "
            f"normalises the weights at every call; timed again after the run: "
            f"{format_time(t_choice)} a call, against {format_time(t_search)} for a cumulative "
            f"search of the same weights; here: {search} (the weights change at each step: not "
            "drawn ahead)"
        )
        saved = (low + high) / 2
        return replace(f, seconds=saved, share=saved / a.total, evidence=evidence, gain=(low, high))

    def _finding(
        self,
        a: Analysis,
        sf: SourceFile,
        call: ast.Call,
        aliases: dict[str, str],
        parents: dict[int, ast.AST],
    ) -> Finding | None:
        func = call.func
        if not isinstance(func, ast.Attribute) or (
            func.attr not in DRAWS and func.attr not in TORCH_DRAWS
        ):
            return None
        line = call.lineno
        if (sf.path, line) in a.found or _covered(a, sf.path, line):
            return None
        count = a.led.count((sf.path, line))
        if count.n < HITS_MIN:
            return None
        first, last = sf.span(line)
        facts = a.ev.facts_in(sf.path, first, last)
        draw = _numpy_draw(call, facts, aliases) or _torch_draw(call, facts, aliases)
        if draw is None:
            return None
        draw = _unwrapped(draw, call, parents)
        seconds = a.led.span(sf.path, first, last, own=True)
        own_loops = [
            lp
            for lp in sf.enclosing_loops(line)
            if sf.functions.get(lp.line, "") == sf.functions.get(line, "")
        ]
        read = {
            n.id
            for x in (*call.args, *call.keywords)
            for n in ast.walk(x)
            if isinstance(n, ast.Name)
        }
        holder = sf.functions.get(line, "")
        body = [ln for ln, fn in sf.functions.items() if fn == holder]
        if own_loops or (holder and body):
            if own_loops:
                lp = own_loops[0]
                varying = sorted(
                    n for n in read if n in lp.targets or stored_in(sf, n, lp.line, lp.end)
                )
                where = f"with the loop at line {lp.line}"
            else:
                # a function called per step that makes the draw's parameters itself
                # (``indices = np.where(q == q.max())[0]`` then ``np.random.choice(indices)``,
                # the tied best arms of this step): they change from call to call
                # (a number seen with one value at every look, ``n = x.shape[0]``, is none)
                varying = sorted(
                    n
                    for n in read
                    if stored_in(sf, n, min(body), line - 1) and not _one_value(a, sf, line, n)
                )
                where = f"at every call of {holder.rsplit('.', 1)[-1]}()"
            standard = standard_draw(draw, call) if varying else None
            if standard is not None:
                # a location-scale distribution (``rng.exponential(scale[int(t)])``, a rate
                # that changes with the time: blind150's ferry arrivals): its standard numbers
                # drawn ahead, scaled in the loop, are the same numbers
                draw, varying = standard, []
            if varying:
                # ``rng.integers(k, K)`` with ``k`` the loop's: drawn ahead, the numbers need an
                # array of parameters, one each (round 14's ran_perm: 4.5 us for 5 numbers
                # against 5 x 1.1 us one by one), which the block timed here does not price
                f, _ = a.finding(sf, line, self.rule.code)
                a.dropped.append(
                    replace(
                        f,
                        dropped=f"its parameters change {where} "
                        f"({', '.join(varying)}): drawn ahead they need an array of them, one "
                        "number each, whose cost this does not price",
                    )
                )
                return None
        timed = timed_draw(draw, min(TIMING_S, a.budget()))
        if timed is None:
            return None
        one, per_number = timed
        # the call's cost in the run: its share of the whole statement, both timed after the
        # run, times the statement's own time a run in the run (np_mcmc_mixture's
        # ``self.coins.random()``: 209 ns timed alone, where drawing ahead saved ~500 ns a run
        # in the program): the machine's speed then and after cancels
        timed_one = one
        scale = in_run_scale(a, sf, first, seconds / count.n, min(TIMING_S, a.budget()), draw)
        one *= scale
        # drawn ahead once per entry of the loop around it: a block of its iterations (a loop
        # of 5 draws an entry saves 4 calls of 5, not the cost of 5 numbers of a long block)
        per_entry = a.loop_counts(sf.path, own_loops[0])[1] if own_loops else float(BLOCK)
        block = max(1.0, min(float(BLOCK), per_entry))
        # what drawing ahead still pays a number: its share of a block (and of that block's
        # call), and taking it from a list (a float operation inside a statement at best, a
        # Python step at worst)
        keep_lo = per_number + one / block + a.costs.float_op
        keep_hi = per_number + one / block + a.costs.python_op
        if draw.scaled:
            # (and scaling it: a float operation or two)
            keep_lo += a.costs.float_op
            keep_hi += 2 * a.costs.float_op
        # at most what the code around the line took: its loop, or its function where the
        # loop is in a caller (the line's own sampled time is short of its draws' in a loop of
        # short lines, where the timer's signal lands on the loop's later lines)
        start, end = _around(sf, line)
        bound = max(seconds, a.led.span(sf.path, start, end))
        high = min(bound, count.n * max(0.0, one - keep_lo))
        low = min(high, count.n * max(0.0, one - keep_hi))
        saved = (low + high) / 2
        f, _ = a.finding(sf, line, self.rule.code)
        one_draw = "picks one item" if "choice(" in draw.name else "draws one number"
        evidence = (
            f"{draw.name} {one_draw} a call, {count.n:,} calls ({format_time(seconds)} "
            f"on the line); timed again after the run: {format_time(timed_one)} a call"
            + (
                f" ({format_time(one)} in the run: the statement took {scale:.1f}x there what "
                "it takes timed after it)"
                if scale > 1.05
                else ""
            )
            + f", against "
            f"{format_time(per_number)} a number drawn {BLOCK:,} at a time ({block:,.0f} a "
            f"block here, one block an entry of its loop) and "
            f"{format_time(a.costs.float_op)}-{format_time(a.costs.python_op)} to take it "
            "from a list"
        )
        loops = sf.enclosing_loops(line)
        where = f"before the loop at line {loops[0].line}" if loops else "before the loop"
        evidence += f"; here: draws = {draw.ahead}.tolist() {where}, then " + (
            f"{draw.scaled} (NumPy's {draw.name.rsplit('.', 1)[-1].rstrip('()')}() is that "
            "formula of its standard draw: the same numbers, its parameters changing from draw "
            "to draw)"
            if draw.scaled
            else "draws[i]"
        )
        if not draw.same:
            evidence += (
                " (a block is drawn another way: the same distribution, not the same numbers)"
            )
        return replace(
            f,
            seconds=saved,
            share=saved / a.total,
            evidence=evidence,
            gain=(low, high),
        )


def _numpy_draw(call: ast.Call, facts: dict[str, Fact], aliases: dict[str, str]) -> Draw | None:
    """A distribution of ``np.random`` or of a NumPy generator seen at the line, with no
    ``size`` and its parameters numbers."""
    func = call.func
    assert isinstance(func, ast.Attribute)
    if func.attr not in DRAWS:
        return None
    if any(k.arg == "size" or k.arg is None for k in call.keywords):
        return None  # an array of draws, or arguments not seen
    if len(call.args) > DRAWS[func.attr] or any(isinstance(x, ast.Starred) for x in call.args):
        return None
    receiver = ast.unparse(func.value)
    generator = facts.get(receiver)
    legacy = _module(func.value, aliases) == "numpy.random"
    if not legacy and (generator is None or generator.type not in GENERATORS):
        return None
    params = _parameters(call, facts, aliases)
    if params is None:
        return None
    args, keywords, inputs = _renamed(call.args, call.keywords, params)
    modules = dict(aliases)
    if legacy:
        modules["_legacy"] = "numpy.random"
        at = ast.Attribute(ast.Name("_legacy", ast.Load()), func.attr, ast.Load())
    else:
        assert generator is not None
        inputs["_generator"] = generator
        at = ast.Attribute(ast.Name("_generator", ast.Load()), func.attr, ast.Load())
    if func.attr in ("rand", "randn"):  # the shape is their arguments
        block = ast.Call(at, [ast.Constant(BLOCK)], [])
        ahead = ast.Call(func, [ast.Name("n", ast.Load())], [])
    else:
        block = ast.Call(at, args, [*keywords, ast.keyword("size", ast.Constant(BLOCK))])
        ahead = ast.Call(func, call.args, [*call.keywords, ast.keyword("size", ast.Name("n"))])
    return Draw(
        f"{receiver}.{func.attr}",
        ast.unparse(ast.Call(at, args, keywords)),
        ast.unparse(block),
        inputs,
        modules,
        ast.unparse(ahead),
    )


def _torch_draw(call: ast.Call, facts: dict[str, Fact], aliases: dict[str, str]) -> Draw | None:
    """``torch.rand(1)``, ``torch.randn(())``, ``torch.randint(0, k, (1,))``: a torch draw of
    a shape of one element (its ``generator``, ``out`` and ``device`` left out of the timing:
    they do not change its per-call cost on the CPU)."""
    func = call.func
    assert isinstance(func, ast.Attribute)
    if func.attr not in TORCH_DRAWS or _module(func.value, aliases) != "torch":
        return None
    keywords = [k for k in call.keywords if k.arg not in ("generator", "out", "device")]
    if any(k.arg is None for k in keywords) or any(isinstance(x, ast.Starred) for x in call.args):
        return None
    if func.attr == "randint":
        sizes = [k.value for k in keywords if k.arg == "size"]
        bounds = list(call.args) if sizes else list(call.args[:-1])
        shape = sizes or call.args[-1:]
        keywords = [k for k in keywords if k.arg != "size"]
        if not 1 <= len(bounds) <= 2 or len(shape) != 1:
            return None
    else:
        bounds, shape = [], list(call.args)
        if any(k.arg == "size" for k in keywords):
            return None
    if _elements(shape) != 1:
        return None
    params = _parameters(ast.Call(func, bounds, keywords), facts, aliases)
    if params is None:
        return None
    args, kws, inputs = _renamed(bounds, keywords, params)
    n = ast.Name("n", ast.Load())
    if func.attr == "randint":
        block = ast.Call(func, [*args, ast.Tuple([ast.Constant(BLOCK)], ast.Load())], kws)
        ahead = ast.Call(func, [*bounds, ast.Tuple([n], ast.Load())], call.keywords)
        one = ast.Call(func, [*args, ast.Tuple([ast.Constant(1)], ast.Load())], kws)
    else:
        block = ast.Call(func, [ast.Constant(BLOCK)], kws)
        ahead = ast.Call(func, [n], call.keywords)
        one = ast.Call(func, [ast.Constant(1)], kws)
    return Draw(
        ast.unparse(func),
        ast.unparse(one),
        ast.unparse(block),
        inputs,
        dict(aliases),
        ast.unparse(ahead),
        same=func.attr != "randn",
    )


def _unwrapped(draw: Draw, call: ast.Call, parents: dict[int, ast.AST]) -> Draw:
    """The draw with what turns its result into a Python number at once (``.item()``,
    ``int(...)``, ``float(...)``): a number taken from the list drawn ahead needs none of it,
    so the rewrite saves it too, and it is timed with the call."""
    node: ast.AST = call
    one, name = draw.one, f"{draw.name}()"
    while True:
        up = parents.get(id(node))
        top = parents.get(id(up)) if up is not None else None
        if (
            isinstance(up, ast.Attribute)
            and up.attr == "item"
            and isinstance(top, ast.Call)
            and top.func is up
            and not top.args
        ):
            node, one, name = top, f"{one}.item()", f"{name}.item()"
        elif (
            isinstance(up, ast.Call)
            and isinstance(up.func, ast.Name)
            and up.func.id in ("int", "float")
            and len(up.args) == 1
            and not up.keywords
        ):
            node, one, name = up, f"{up.func.id}({one})", f"{up.func.id}({name})"
        else:
            return replace(draw, one=one, name=name)


def _one_value(a: Analysis, sf: SourceFile, line: int, name: str) -> bool:
    """Whether the run saw ``name`` at the line as an int with the same value at every look."""
    looks = a.ev.samples.facts.get((sf.path, line), {}).get(name, [])
    values = {f.value for f in looks}
    return bool(looks) and None not in values and len(values) == 1


def _elements(shape: list[ast.expr]) -> int | None:
    """Elements of a shape written as constants (``1``, ``(1,)``, ``()``, ``1, 1``)."""
    try:
        dims = [ast.literal_eval(x) for x in shape]
    except ValueError:
        return None
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = list(dims[0])
    if not all(isinstance(d, int) for d in dims):
        return None
    return int(math.prod(dims))


def _around(sf: SourceFile, line: int) -> tuple[int, int]:
    """The lines of the innermost loop around a line, or of the function holding it."""
    loops = sf.enclosing_loops(line)
    if loops:
        return loops[0].line, loops[0].end
    if sf.tree is None:
        return sf.span(line)
    defs = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        and n.lineno <= line <= (n.end_lineno or n.lineno)
    ]
    if not defs:
        return sf.span(line)
    inner = max(defs, key=lambda n: n.lineno)
    return inner.lineno, inner.end_lineno or inner.lineno


def _module(node: ast.expr, aliases: dict[str, str]) -> str:
    """The module an attribute chain names (``np.random`` -> ``numpy.random``), or "" where
    its root is not an import (``self.rng``, ``rng``)."""
    root = node
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name) or root.id not in aliases:
        return ""
    return qualname(node, aliases) or ""


def _parameters(
    call: ast.Call, facts: dict[str, Fact], aliases: dict[str, str]
) -> dict[str, Fact] | None:
    """The values the call's parameters read (``mean_gap``, ``self.scale``), each as seen at
    the line; None where one was not seen (its size is not known) or is an array or list of
    several elements (a number per element: an array of draws already). ``choice``'s first
    argument is the population it picks one of, of any length: a list of it is timed as an
    array of that length (its conversion at every call left out, the cheaper side)."""
    params: dict[str, Fact] = {}
    todo: list[ast.expr] = [*call.args, *(k.value for k in call.keywords)]
    population = (
        call.args[0]
        if isinstance(call.func, ast.Attribute) and call.func.attr == "choice" and call.args
        else None
    )
    while todo:
        node = todo.pop()
        text = ast.unparse(node)
        if isinstance(node, (ast.Name, ast.Attribute)) and text in facts:
            fact = facts[text]
            several = fact.kind in (ARRAY, TENSOR, JAX, SEQUENCE) and fact.size != 1
            if several and node is population and fact.kind in (ARRAY, SEQUENCE):
                dtype = fact.dtype or ("float64" if fact.item == SCALAR else "")
                if fact.kind == SEQUENCE and dtype:
                    fact = Fact(ARRAY, "numpy.ndarray", dtype, "cpu", fact.shape)
            elif several:
                return None
            params[text] = fact
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name | ast.Attribute)
            and (held := facts.get(ast.unparse(node.value))) is not None
            and _numbers(held)
        ):
            # one item of a list or a 1-D array of numbers (``scale[int(t)]``): a number
            params[text] = Fact(SCALAR, "float", number=1.0)
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


def _numbers(fact: Fact) -> bool:
    """A list of numbers, or a 1-D float array: one of its items is a number."""
    if fact.kind == SEQUENCE:
        return fact.item == SCALAR
    return fact.kind == ARRAY and len(fact.shape) == 1 and fact.dtype.startswith("float")


def _in_comprehensions(tree: ast.AST) -> set[int]:
    """The calls inside comprehensions and generator expressions (by id)."""
    out: set[int] = set()
    for node in walk_tree(tree):
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            out.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Call))
    return out


def _renamed(
    args: list[ast.expr], keywords: list[ast.keyword], params: dict[str, Fact]
) -> tuple[list[ast.expr], list[ast.keyword], dict[str, Fact]]:
    """The arguments with each parameter read given a name of its own (``self.scale`` cannot
    be made again after the run; a value like it can), and the values by those names."""
    names = {text: f"_p{k}" for k, text in enumerate(params)}

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

    return (
        [renamed(x) for x in args],
        [ast.keyword(k.arg, renamed(k.value)) for k in keywords],
        {names[text]: fact for text, fact in params.items()},
    )


#: Share of the run under which a weighted choice is not looked at further.
WORTH_MIN = 0.005
#: Loop findings whose rewrite keeps the loop (its steps on floats): the draws inside are still
#: drawn one at a time there, and drawing them ahead is a finding of its own (round 16's
#: ising2dim: the sweep on lists 17.4%, its three draws ahead together 44.3%).
KEEPS_LOOP = frozenset({"AB406", "AB408"})


def _covered(a: Analysis, path: str, line: int) -> bool:
    """Whether a finding so far holds the line, other than a loop kept as a loop."""
    return any(
        f.path == path and f.line <= line <= f.end and f.code not in KEEPS_LOOP
        for f in a.found.values()
    )


#: Weights of a one-item choice up to which the cumulative search is timed as its rewrite.
WEIGHTS_MAX = 100_000
#: Weights up to which the search runs on a list of Python floats (``itertools.accumulate``
#: and ``bisect``), not on arrays: 0.6-1.2 us for 2-24 weights against NumPy's 2.4-2.6 us for
#: ``cumsum`` and ``searchsorted`` (even at 64, 5.3-5.6 us for ``choice`` itself).
LIST_WEIGHTS_MAX = 32


def _weighted_times(
    n: int, budget: float, legacy: bool, items: bool, size: bool
) -> tuple[float, float] | None:
    """Seconds of a weighted choice as the line makes it (``np.random.choice`` or a
    Generator's, of a list of ``n`` items or of ``n``, with ``size=1`` or not) and of a
    cumulative search of the same ``n`` weights for one uniform number, timed after the run
    (the median of a few batches)."""
    np = sys.modules.get("numpy")
    if np is None:
        return None
    rng = np.random.default_rng(0)
    w = rng.random(n)
    w /= w.sum()
    pick = np.random.choice if legacy else rng.choice
    what = list(range(n)) if items else n
    kw = {"size": 1} if size else {}

    def choice() -> object:
        return pick(what, p=w, **kw)

    def search() -> object:
        c = np.cumsum(w)
        return np.searchsorted(c, rng.random() * c[-1], side="right")

    def listed() -> object:
        c = list(itertools.accumulate(w.tolist()))
        return bisect.bisect_right(c, rng.random() * c[-1])

    def per_call(fn: Callable[[], object]) -> float:
        fn()
        t0 = time.perf_counter()
        fn()
        once = max(time.perf_counter() - t0, 1e-7)
        reps = max(1, min(10_000, int(budget / 10 / once)))
        got = []
        for _ in range(5):
            t0 = time.perf_counter()
            for _ in range(reps):
                fn()
            got.append((time.perf_counter() - t0) / reps)
        return statistics.median(got)

    return per_call(choice), per_call(listed if n <= LIST_WEIGHTS_MAX else search)


PATTERN = ScalarDraws()
