"""AB413: a NumPy or torch reduction or conversion of a whole list, in the loop that grows it.

``history.append(x); mu = np.mean(history)`` converts every item of the list to an array again
on every iteration (tens of nanoseconds an item), so a loop of n steps converts n^2/2 items:
O(n^2) for what running sums do in O(1) a step.

    candidates  ``np.mean(L)``, ``np.std(L)``, ``np.array(L)``, ``torch.tensor(L)``, ... (a
                NumPy or torch function of REDUCERS whose first argument is the name or ``self``
                attribute ``L``, whole: ``L[-20:]`` is a bounded window) in a loop that appends
                to ``L`` (``L.append``, ``L.extend``, ``L += ...``) and never empties, trims or
                rebinds it; or in a function of the file whose parameter ``L`` is such a list
                in the loop that calls it (``plateaued(losses)``)
    evidence    the call ran CALLS_MIN times or more; its own time is LIST_SHARE of the run; the
                list seen at the line is a list (of numbers), of different lengths at different
                looks (a list of the same length at every look is not growing); the appends'
                and the list's makings' counts give its mean length at a call
    price       the call timed after the run on a list of floats of that mean length, times its
                count (what converting the whole list on every call costs), at most the line's
                own time; less what the rewrite still pays a call: a few Python operations
                (running sums, Welford's update for a variance) up to a library call and a pass
                over a preallocated array's filled part

A reduction after the loop, one of a bounded window and one of a list made again at a fixed
size on every iteration are none.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.bind import module_namespaces
from ...read.source import Loop, SourceFile
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.evaluate import list_call_time
from ...run.values import SEQUENCE, Fact
from .base import Analysis

#: Functions that walk the whole list they are given (reductions, conversions, sorts).
REDUCERS = frozenset(
    {
        "mean",
        "std",
        "var",
        "sum",
        "median",
        "average",
        "max",
        "min",
        "amax",
        "amin",
        "ptp",
        "percentile",
        "quantile",
        "nanmean",
        "nanstd",
        "nanmedian",
        "array",
        "asarray",
        "tensor",
        "as_tensor",
        "stack",
        "vstack",
        "hstack",
        "concatenate",
        "cumsum",
        "sort",
        "argmax",
        "argmin",
        "cov",
        "corrcoef",
        "diff",
    }
)
LIBRARIES = ("numpy", "torch")
#: Methods that grow a list, and those (or statements) that bound or empty it.
GROWS = frozenset({"append", "extend", "insert"})
BOUNDS = frozenset({"pop", "popleft", "clear", "remove"})
#: Calls per run under which the whole list converted each time is not quadratic work.
CALLS_MIN = 200
#: Seconds that timing the call after the run may take.
TIMING_S = 0.3
#: Lists longer than this are not made again for the timing.
LENGTH_MAX = 2_000_000


def _grown(body: list[ast.stmt], name: str, made_ok: bool = False) -> tuple[list[int], bool]:
    """The lines in ``body`` that grow ``name`` (its text: ``history``, ``self.hist``), and
    whether ``body`` also empties, trims or rebinds it (then it is bounded or made again);
    with ``made_ok``, making it a new list (``self.hist = []``: counted as its makings) is not
    a bound."""
    grows: list[int] = []
    bounded = False
    for stmt in body:
        for n in ast.walk(stmt):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
                if ast.unparse(n.func.value) == name:
                    if n.func.attr in GROWS:
                        grows.append(n.lineno)
                    elif n.func.attr in BOUNDS:
                        bounded = True
            elif isinstance(n, ast.AugAssign) and ast.unparse(n.target) == name:
                grows.append(n.lineno)
            elif isinstance(n, (ast.Assign, ast.AnnAssign)):
                if made_ok and _new_list(n.value):
                    continue
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                for t in targets:
                    for m in ast.walk(t):
                        if isinstance(m, (ast.Name, ast.Attribute)) and ast.unparse(m) == name:
                            bounded = True  # rebound (or a slice of it assigned)
                        if (
                            isinstance(m, ast.Subscript)
                            and ast.unparse(m.value) == name
                            and isinstance(m.slice, ast.Slice)
                        ):
                            bounded = True
            elif isinstance(n, ast.Delete) and any(
                ast.unparse(t).startswith(name) for t in n.targets
            ):
                bounded = True
    return grows, bounded


def _loop_node(sf: SourceFile, lp: Loop) -> ast.For | ast.AsyncFor | ast.While | None:
    assert sf.tree is not None
    for n in walk_tree(sf.tree):
        if isinstance(n, (ast.For, ast.AsyncFor, ast.While)) and n.lineno == lp.line:
            return n
    return None


def _new_list(v: ast.expr | None) -> bool:
    """``[]``, ``[x]``, ``list()``: a new list."""
    return isinstance(v, ast.List) or (
        isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "list"
    )


def _made(sf: SourceFile, name: str) -> list[int]:
    """Lines that make ``name`` a new list: ``name = []``, ``= list()``, ``= [x]``."""
    assert sf.tree is not None
    return [
        n.lineno
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Assign)
        and any(ast.unparse(t) == name for t in n.targets)
        and _new_list(n.value)
    ]


class GrowingList:
    rule = register(
        Rule(
            "AB413",
            "growing-list-reduction",
            WARNING,
            "a NumPy or torch reduction or conversion of a whole Python list inside the loop "
            "that appends to it: every call converts all the items so far, so the loop does "
            "O(n^2) work",
            "keep running sums instead (total += x; mean = total / n; Welford's update for a "
            "variance), or fill a preallocated array (buf[k] = x) and reduce its filled part "
            "buf[: k + 1]; a bounded window (L[-k:], collections.deque(maxlen=k)) if only the "
            "recent items matter",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        aliases = module_namespaces(sf.tree)
        if not any(m.split(".")[0] in LIBRARIES for m in aliases.values()):
            return
        for c in [n for n in walk_tree(sf.tree) if isinstance(n, ast.Call)]:
            if not (
                isinstance(c.func, ast.Attribute)
                and c.func.attr in REDUCERS
                and c.args
                and isinstance(c.args[0], (ast.Name, ast.Attribute))
            ):
                continue
            root = c.func.value
            while isinstance(root, ast.Attribute):
                root = root.value
            module = aliases.get(root.id, "") if isinstance(root, ast.Name) else ""  # numpy
            if module.split(".")[0] not in LIBRARIES:
                continue
            line = c.lineno
            if (sf.path, line) in a.found or a.covered(sf.path, line):
                continue
            name = ast.unparse(c.args[0])
            growth = self._growth(a, sf, line, name)
            if growth is None:
                continue
            f = self._finding(a, sf, c, module, name, *growth)
            if f is not None:
                yield f

    def _growth(
        self, a: Analysis, sf: SourceFile, line: int, name: str
    ) -> tuple[str, list[int], list[int]] | None:
        """Where the list grows: (words, the lines that grow it, the lines that make it) for a
        loop holding the call that appends to it; or, for a parameter of the function holding
        the call, the loop that calls the function with a list it grows."""
        for lp in sf.enclosing_loops(line):
            node = _loop_node(sf, lp)
            if node is None:
                continue
            grows, bounded = _grown(node.body, name)
            if bounded:
                return None  # trimmed, emptied or made again inside the loop
            if grows:
                return f"the loop at line {lp.line} appends to {name}", grows, _made(sf, name)
        assert sf.tree is not None
        if name.startswith("self."):
            # an object's list: grown by a method called per step (``self.rewards.append(r)``),
            # made in __init__ or a reset, never trimmed anywhere in the file
            grows, bounded = _grown(sf.tree.body, name, made_ok=True)
            if grows and not bounded:
                where = ", ".join(str(g) for g in grows[:3])
                words = f"{name} is appended to (line {where}) and never trimmed"
                return words, grows, _made(sf, name)
            return None
        func = next(
            (
                n
                for n in walk_tree(sf.tree)
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                and n.lineno < line <= (n.end_lineno or n.lineno)
                and sf.functions.get(line, "").rsplit(".", 1)[-1] == n.name
            ),
            None,
        )
        if func is None:
            return None
        params = [p.arg for p in func.args.args]
        if name not in params:
            return None
        grown_here, bounded_here = _grown(func.body, name)
        if bounded_here:
            return None
        at = params.index(name)
        for call in walk_tree(sf.tree):
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id == func.name
                and len(call.args) > at
                and isinstance(call.args[at], (ast.Name, ast.Attribute))
            ):
                continue
            outer = ast.unparse(call.args[at])
            for lp in sf.enclosing_loops(call.lineno):
                node = _loop_node(sf, lp)
                if node is None:
                    continue
                grows, bounded = _grown(node.body, outer)
                if bounded:
                    break
                if grows or grown_here:
                    return (
                        f"{func.name}() is called with {outer} from the loop at line "
                        f"{lp.line}, which appends to it",
                        grows or grown_here,
                        _made(sf, outer),
                    )
        return None

    def _finding(
        self,
        a: Analysis,
        sf: SourceFile,
        c: ast.Call,
        module: str,
        name: str,
        where: str,
        grows: list[int],
        made: list[int],
    ) -> Finding | None:
        line = c.lineno
        key = (sf.path, line)
        count = a.led.count(key)
        if count.n < CALLS_MIN:
            return None
        first, last = sf.span(line)
        seconds = a.led.span(sf.path, first, last, own=True)
        if seconds / a.total < LIST_SHARE:
            return None
        looks: list[Fact] = a.ev.samples.facts.get(key, {}).get(name, [])
        lists = [f for f in looks if f.kind == SEQUENCE and f.type == "list"]
        if not lists or len(lists) != len(looks):
            return None  # not seen, or not a list there (an array, a deque)
        if any(f.item not in ("scalar", "") for f in lists):
            return None  # a list of arrays or tensors: stacking rows is another kind
        lengths = sorted({f.shape[0] for f in lists})
        if len(lists) >= 2 and len(lengths) == 1:
            return None  # the same length at every look: not growing
        appends = max(a.led.count((sf.path, g)).n for g in grows)
        makings = sum(a.led.count((sf.path, m)).n for m in made) or 1
        mean_len = max(1, round(appends / makings / 2))
        mean_len = max(mean_len, lengths[0])
        fn = _dotted(c.func, module)
        top, _, path = fn.partition(".")
        timed = list_call_time(top, path, min(mean_len, LENGTH_MAX), min(TIMING_S, a.budget()))
        call = a.costs.torch_call if top == "torch" and a.costs.torch_call else a.costs.numpy_call
        keep_lo = count.n * 4 * a.costs.python_op
        keep_hi = count.n * (call + mean_len * 2e-9)
        parts = [
            f"runs {count} times, {format_time(seconds / max(count.n, 1))} each; {where} "
            f"({appends:,} appends, the list made {makings:,} time{'s' if makings != 1 else ''}): "
            f"{name} was a list of {', '.join(f'{n:,}' for n in lengths)} items at the looks, "
            f"~{mean_len:,} at a call on average"
        ]
        if timed is not None:
            per, lo, _ = timed
            predicted = count.n * per
            parts.append(
                f"{fn}() of a list of {mean_len:,} floats takes {format_time(per)} "
                f"({format_time(per / mean_len)} an item, timed after the run): "
                f"~{format_time(predicted)} over the run"
            )
            low = max(0.0, min(seconds, count.n * lo) - keep_hi)
        else:
            low = max(0.0, 0.5 * seconds - keep_hi)
        parts.append(
            f"running sums cost {format_time(keep_lo / max(count.n, 1))} to "
            f"{format_time(keep_hi / max(count.n, 1))} a call"
        )
        f, _ = a.finding(sf, line, self.rule.code)
        high = max(0.0, seconds - keep_lo)
        # the finding's time is what the rewrite saves: the call's time less the running sums'
        # (the timing after the run bounds it from below)
        return replace(
            f,
            seconds=high,
            share=high / a.total,
            evidence="; ".join(parts),
            gain=(min(low, high), high),
        )


def _dotted(func: ast.expr, module: str) -> str:
    """``numpy.linalg.norm`` of ``np.linalg.norm`` (``np`` an alias of ``numpy``)."""
    text = ast.unparse(func)
    root = text.split(".", 1)[0]
    return module + text[len(root) :]


PATTERN = GrowingList()
