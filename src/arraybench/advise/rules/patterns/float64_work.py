"""The float64 work an AB410 promotion starts (float64_promotion.py), and its price: the
statements where the loop's float64 state was seen, in the loop, its callers and its callees,
and how many times faster the costliest of them runs in float32, timed after the run; and
two findings of one float64 value, which one fix settles, told as one (:func:`fold_same_value`)."""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from dataclasses import replace

from ....base.units import format_time
from ...read.calls import called_bodies, calls_of, reached
from ...read.purity import attribute_changed
from ...read.source import SourceFile, enclosing_function, stored_in
from ...read.syntax import call_name, walk_tree
from ...records import LIST_SHARE, Finding
from ...run.models import WIDE, float32_ratio
from ...run.values import ARRAY, SCALAR, SEQUENCE, TENSOR, Fact, is_array
from .base import Analysis
from .expressions import as_names
from .float64_sources import _carried_in, _returned_to
from .float64_values import SIZE_MIN, _big, _imports, looks_at


def work_spans(
    a: Analysis,
    sf: SourceFile,
    node: ast.Assign | ast.AugAssign | ast.Return,
    first: int,
    lo: int,
    hi: int,
    roots: list[str],
    callers: list[tuple[int, int]] | None,
    f32: list[str],
    looks: dict[str, list[Fact]],
) -> tuple[list[tuple[str, int, int]], dict[str, Fact]]:
    """The statements of the float64 work a promotion at ``first`` starts (the loop's, its
    callers' and callees'), and the values inferred float64 where a returned float64 goes."""
    path = sf.path
    # the loop's float64 work: its statements where a float64 array of its own was seen
    # (with, in a function the loop calls, the parameters it passes its state in: ``r`` of
    # ``inp = self.w @ r + drive(t)`` in ``step(self, r, t)``, called as ``r =
    # model.step(r, t)``, a float32 matrix made float64 at every step)
    fn = enclosing_function(sf, first) if callers else None
    handed = (
        [p.arg for p in fn.args.args if _carried_in(sf, first, p.arg, callers)]
        if fn is not None and callers
        else []
    )
    spans = float64_work(a, sf, lo, hi, [*roots, *handed])
    for c_lo, c_hi in callers or []:
        spans += float64_work(a, sf, c_lo, c_hi, roots)
    if spans and callers:
        # (and the lines that call the function with float64 work: a method's lines of
        # operators have their time at its caller's line, where the interpreter next
        # checks for the timer's signal, ``swarm.step(float(dt))``)
        func = sf.functions.get(first, "").rsplit(".", 1)[-1]
        method = sf.functions.get(first, "").count(".") > 0
        for c in calls_of(sf, func, method):
            if any(c_lo <= c.lineno <= c_hi for c_lo, c_hi in callers):
                c_first, c_last = sf.span(c.lineno)
                if not any(p == path and s_lo <= c_first <= s_hi for p, s_lo, s_hi in spans):
                    spans.append((path, c_first, c_last))
    # and the file's functions those statements call with the float64 state (blind21's
    # Langevin drift and energy, sin and cos of 150,000 walkers in float64 from the first
    # step on): their statements where a float64 array was seen
    for f_lo, f_hi in called_bodies(sf, [(lo, hi), *(callers or [])]):
        spans += float64_work(a, sf, f_lo, f_hi, roots, any_name=True)
    inferred: dict[str, Fact] = {}
    if isinstance(node, ast.Return):
        # what the function's callers do with the float64 it returns (a product with a
        # float32 basis, on a line of operators after a call that the sampler seldom looks
        # at): the statements that make or read it, the value float64 in the shape of
        # the float32 operand by NumPy's rules
        # (the float32 operand as seen, or the state made float32 that its looks saw
        # float64 only)
        sizes = [
            x for n in f32 for x in looks.get(n, []) if _big(x, "float32") or _big(x, "float64")
        ]
        if sizes:
            as64 = replace(max(sizes, key=lambda x: x.size), dtype="float64")
            flows = _returned_to(sf, sf.functions.get(first, "").rsplit(".", 1)[-1])
            for lo_, hi_, name in flows:
                spans.append((path, lo_, hi_))
                if name:
                    inferred[name] = as64
    return spans, inferred


def float64_work(
    a: Analysis,
    sf: SourceFile,
    lo: int,
    hi: int,
    roots: list[str],
    any_name: bool = False,
) -> list[tuple[str, int, int]]:
    """The loop's statements (and what they call) where a float64 array or tensor of
    SIZE_MIN elements or more was seen, one that the loop stores or a root."""

    def keep(n: str, x: Fact) -> bool:
        return (
            # (a complex128 spectrum of float64 frames is float64 work too)
            any(_big(x, w) for w in WIDE)
            and (
                any_name
                or n in roots
                or stored_in(sf, n, lo, hi)
                # (the object's state the loop's method stores: ``self.u``)
                or (n.startswith("self.") and attribute_changed(sf, n[5:], lo, hi))
            )
        )

    return [(sf.path, first, last) for first, (last, _) in holding(a, sf, lo, hi, keep).items()]


def holding(
    a: Analysis,
    sf: SourceFile,
    lo: int,
    hi: int,
    keep: Callable[[str, Fact], bool],
    seen: set[int] | None = None,
) -> dict[int, tuple[int, set[str]]]:
    """The statements after line ``lo`` up to ``hi`` (loop headers left out) where the run
    saw a value ``keep`` takes, by first line: their last line and the names of those values.
    ``seen``: first lines already taken (by another region), added to."""
    seen = set() if seen is None else seen
    out: dict[int, tuple[int, set[str]]] = {}
    for ln in range(lo + 1, hi + 1):
        first, last = sf.span(ln)
        if first in seen or first <= lo or sf.loop_at(first) is not None:
            continue
        names = {n for n, xs in looks_at(a, sf.path, first, last).items() for x in xs if keep(n, x)}
        if names:
            seen.add(first)
            out[first] = (last, names)
    return out


def stand_in_ratio(
    a: Analysis, sf: SourceFile, lo: int, hi: int, big: Fact
) -> tuple[tuple[float, float, float], str] | None:
    """How many times faster a stand-in for a loop's float64 work runs in float32, timed after
    the run, and what it was: a matrix product of ``big``'s size where the loop, or the file's
    functions it calls (two calls deep), multiplies matrices (BLAS runs float32 about twice
    as fast, where an elementwise step of a few ten thousand values shows no difference),
    else an elementwise multiply-add on ``big``."""
    torch = big.type == "torch.Tensor"
    kind, module = (TENSOR, {"torch": "torch"}) if torch else (ARRAY, {"np": "numpy"})
    if _products(sf, lo, hi):
        k = max(64, math.isqrt(big.size))
        stand_in = Fact(kind, big.type, "float64", "cpu", (k, k))
        expr, what = "x @ x", f"a {k}x{k} matrix product"
    else:
        stand_in = Fact(kind, big.type, "float64", "cpu", (big.size,))
        expr, what = "x * 1.0001 + x", f"an elementwise multiply-add on {big.size:,} elements"
    priced = float32_ratio(expr, {"x": stand_in}, {"x"}, module, a.budget())
    return None if priced is None else (priced[0], what)


def _products(sf: SourceFile, lo: int, hi: int) -> bool:
    """Whether the lines ``lo``..``hi``, or the file's functions they call (two calls deep),
    multiply matrices (``@``, ``matmul``, ``mm``, ``einsum``)."""
    assert sf.tree is not None
    regions = reached(sf, [(lo, hi)], 2)
    return any(
        (
            (isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult))
            or (isinstance(n, ast.Call) and call_name(n) in MATRIX_PRODUCTS)
        )
        and any(r_lo <= getattr(n, "lineno", 0) <= r_hi for r_lo, r_hi in regions)
        for n in walk_tree(sf.tree)
    )


#: Calls that multiply matrices.
MATRIX_PRODUCTS = frozenset({"matmul", "mm", "bmm", "einsum", "dot"})


#: The float64 work's costliest statements timed on their own (each at its ratio): the
#: line that promotes and the first statement downstream can both be elementwise, where
#: float32 reads 1.0-1.2x in torch, while the spectrum after them runs twice as fast
#: (blind170's pitch tracker: its rfft timed, its irfft, the run's costliest line, not).
COSTLIEST_TIMED = 3


def costliest(
    a: Analysis,
    sf: SourceFile,
    spans: list[tuple[str, int, int]],
    first: int,
    inferred: dict[str, Fact],
    least: int = 0,
) -> tuple[float, tuple[float, float, float], str] | None:
    """The costliest statement of the float64 work other than the promoting one, its time
    and how many times faster it ran in float32 (its float64 arrays made float32), timed
    after the run; None where it cannot be timed. ``least``: the size of the float32 work
    promoted, below which a statement that can only be priced by an elementwise stand-in on
    its own arrays is passed over (its time is the step's, landed at its check: blind39's
    ``prev = state[2].sum(dim=1) / n.sum()`` holding the time of a 1024 x 2048 SEIR step, its
    own arrays 1 x 2048)."""
    others = sorted(
        {(p, lo, hi) for p, lo, hi in spans if not lo <= first <= hi},
        key=lambda s: -a.led.span(s[0], s[1], s[2], own=True),
    )
    timed: list[tuple[float, tuple[float, float, float], str]] = []
    for path, lo, hi in others:
        own = a.led.span(path, lo, hi, own=True)
        # (the next ones only where they weigh: a tenth of the first one's time or more)
        if len(timed) == COSTLIEST_TIMED or own <= (timed[0][0] / 10 if timed else 0.0):
            break
        got = _ratio_at(a, sf, path, lo, hi, inferred, least)
        if got is not None:
            timed.append(got)
    if len(timed) <= 1:
        return timed[0] if timed else None
    # (several, each at its own ratio: one ratio that saves what they save together)
    total = sum(t for t, _, _ in timed)
    if total <= 0:
        return timed[0]

    def together(k: int) -> float:
        saved = sum(t * (1 - 1 / max(r[k], 1.0)) for t, r, _ in timed) / total
        return 1 / max(1 - saved, 1e-9)

    what = ", ".join(w for _, _, w in timed[:-1]) + f" and {timed[-1][2]}"
    return total, (together(0), together(1), together(2)), what


def with_costliest(
    work: float,
    ratios: tuple[float, float, float],
    top: tuple[float, tuple[float, float, float], str],
) -> tuple[float, float, float, float]:
    """The saving of float64 work (low, middle, high) and the ratio to state, where its
    costliest statement was timed on its own (:func:`costliest`): that statement at its own
    ratio, the rest of the work at ``ratios``."""
    mid, low_r, high_r = ratios
    t_top, (r_mid, r_lo, r_hi), _ = top
    rest = max(0.0, work - t_top)
    saving = t_top * (1 - 1 / max(r_mid, 1.0)) + rest * (1 - 1 / max(mid, 1.0))
    low_s = t_top * (1 - 1 / max(r_lo, 1.0)) + rest * (1 - 1 / max(low_r, 1.0))
    high_s = t_top * (1 - 1 / max(r_hi, 1.0)) + rest * (1 - 1 / max(high_r, 1.0))
    return low_s, saving, high_s, max(mid, r_mid)


def _ratio_at(
    a: Analysis,
    sf: SourceFile,
    path: str,
    lo: int,
    hi: int,
    inferred: dict[str, Fact],
    least: int = 0,
) -> tuple[float, tuple[float, float, float], str] | None:
    """A statement's time and how many times faster it ran with its float64 arrays made
    float32, timed after the run; None where it cannot be timed (or only by a stand-in on
    arrays smaller than ``least``)."""
    assert sf.tree is not None
    node = next(
        (
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, (ast.Assign, ast.AugAssign, ast.Return)) and n.lineno == lo
        ),
        None,
    )
    if node is None or (isinstance(node, ast.Return) and node.value is None):
        return None
    if isinstance(node, ast.Assign | ast.Return) and isinstance(
        node.value, ast.Name | ast.Attribute
    ):
        return None  # (a name bound again, ``trough = conc``: no work of its own to time)
    looks = looks_at(a, path, lo, hi)
    for name, fact in inferred.items():
        looks[name] = [fact]
    inputs = {
        n: max(xs, key=lambda x: (x.dtype == "float64", x.size)) for n, xs in looks.items() if xs
    }
    expr = statement_expr(node)
    if not expr:
        return None
    expr, inputs, float64 = _timeable(expr, inputs, _imports(sf))
    priced = float32_ratio(expr, inputs, float64, _imports(sf), a.budget())
    if priced is None or not float64:
        return None
    if (
        priced[1] != "this line's expression"
        and max((x.size for x in inputs.values() if is_array(x)), default=0) < least
    ):
        return None
    timed = f"line {lo}'s statement" if priced[1] == "this line's expression" else priced[1]
    return a.led.span(path, lo, hi, own=True), priced[0], timed


def statement_expr(node: ast.Assign | ast.AugAssign | ast.Return) -> str:
    if isinstance(node, ast.Return):
        return ast.unparse(node.value) if node.value is not None else ""
    if isinstance(node, ast.Assign):
        return ast.unparse(node.value)
    op = ast.BinOp(left=node.target, op=node.op, right=node.value)
    try:
        return ast.unparse(op)
    except Exception:
        return ""


def _timeable(
    expr: str, inputs: dict[str, Fact], modules: dict[str, str]
) -> tuple[str, dict[str, Fact], set[str]]:
    """The part of a statement's expression that can be timed again after the run, the values
    it reads and which of them are float64 arrays: its attributes seen (``self.w``) as names
    (:func:`as_names`), and where it calls what the run's values do not hold (the file's own
    functions: ``self.w @ r + drive(t, n, self.phase)``), its largest operand made only of
    values seen that holds a float64 one (``self.w @ r``)."""
    seen = inputs
    body, inputs = as_names(ast.parse(expr, mode="eval").body, inputs)
    # (a complex128 array is float64 work too: a spectrum of float64 frames)
    float64 = {n for n, x in inputs.items() if is_array(x) and x.dtype in WIDE}
    # (values the run saw: arrays and numbers, not the file's functions)
    known = {n for n, f in inputs.items() if is_array(f) or f.kind == SCALAR} | set(modules)

    def timeable(n: ast.expr) -> bool:
        return all(x.id in known for x in ast.walk(n) if isinstance(x, ast.Name)) and any(
            isinstance(x, ast.Name) and x.id in float64 for x in ast.walk(n)
        )

    if timeable(body):
        best = body
    else:
        parts = [n for n in ast.walk(body) if isinstance(n, ast.BinOp | ast.Call) and timeable(n)]
        if not parts:
            # (not to be timed as it is: what stands in for it is timed on the largest of all
            # the values seen at the line)
            return expr, seen, {n for n, x in seen.items() if is_array(x) and x.dtype in WIDE}
        best = max(parts, key=lambda n: sum(1 for _ in ast.walk(n)))
    # (only the values it reads: the object itself, ``self``, is no input to make again)
    used = {x.id for x in ast.walk(best) if isinstance(x, ast.Name)}
    return (
        ast.unparse(best),
        {n: f for n, f in inputs.items() if n in used and n in known and n not in modules},
        float64 & used,
    )


def float64_tensors(x: Fact) -> bool:
    """A float64 tensor of SIZE_MIN elements or more, or a tuple or list of them (a
    simulation's ``state`` handed to its step, whose own lines of operators the sampler seldom
    sees: their signal is handled back at the loop)."""
    if x.kind == SEQUENCE:
        return x.item == TENSOR and x.item_dtype == "float64" and x.item_size >= SIZE_MIN
    return x.type == "torch.Tensor" and x.dtype == "float64" and x.size >= SIZE_MIN


def backward_share(
    a: Analysis, sf: SourceFile, lo: int, hi: int, spans: list[tuple[str, int, int]], work: float
) -> float:
    """The time of the loop's ``.backward()`` lines that differentiates the float64 work: the
    float64 work over the loop's forward time (the loop less its backward lines) of the
    backward lines' time, where a float64 tensor of the work records autograd's graph. The
    loop's backward lines are those in it and those in the functions that hold the work (a
    closure the loop hands its optimizer, ``opt.step(closure)``: blind160's fermentation fit,
    its backward 27% of the run and float64)."""
    if not any(
        float64_tensors(x) and x.grad
        for path, first, last in spans
        for xs in looks_at(a, path, first, last).values()
        for x in xs
    ):
        return 0.0
    assert sf.tree is not None
    holders = [
        fn
        for path, first, _ in spans
        if path == sf.path
        for fn in [enclosing_function(sf, first)]
        if fn is not None and not fn.lineno <= lo <= (fn.end_lineno or fn.lineno)
    ]
    lines = {
        n.lineno
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Expr)
        and isinstance(n.value, ast.Call)
        and isinstance(n.value.func, ast.Attribute)
        and n.value.func.attr == "backward"
        and (
            lo < n.lineno <= hi
            or any(fn.lineno < n.lineno <= (fn.end_lineno or fn.lineno) for fn in holders)
        )
    }
    backward = sum(a.led.span(sf.path, ln, ln) for ln in lines)
    forward = a.led.span(sf.path, lo, hi) - backward
    if backward <= 0 or forward <= 0:
        return 0.0
    return backward * min(1.0, work / forward)


def _its_backward(seconds: float) -> str:
    return f", {format_time(seconds)} of it in .backward()" if seconds > 0 else ""


def loop_saving(
    a: Analysis,
    sf: SourceFile,
    lo: int,
    hi: int,
    spans: list[tuple[str, int, int]],
    work: float,
    largest: Callable[[], Fact],
    of_what: str,
) -> tuple[float, float, float, float, str] | None:
    """What a loop's float64 work (``work`` seconds, on ``spans``) would save in float32: its
    costliest statements (four at most) timed after the run in float64 and in float32, the
    first that times as itself, or else a stand-in (:func:`stand_in_ratio`) on ``largest()``,
    the largest float64 value the loop saw (``of_what`` says which). The saving (low, middle,
    high), the middle ratio and how it was timed; None where nothing times, it is no faster,
    or it saves under LIST_SHARE of the run."""
    costly = sorted(spans, key=lambda s: -a.led.span(s[0], s[1], s[2], own=True))
    got = None
    for path, first, last in costly[:4]:
        got = _ratio_at(a, sf, path, first, last, {})
        # (a statement timed as it is; a stand-in on its own arrays may be on a 300-value
        # record of the loop's results, not on the state it works on)
        if got is not None and got[2].startswith("line "):
            break
        got = None
    if got is None:
        priced = stand_in_ratio(a, sf, lo, hi, largest())
        if priced is None:
            return None
        got = (0.0, priced[0], f"{priced[1]} (of {of_what})")
    _, (mid, low_r, high_r), how = got
    saving = work * (1 - 1 / max(mid, 1.0))
    if mid <= 1.0 or saving / a.total < LIST_SHARE:
        return None
    low = work * (1 - 1 / max(low_r, 1.0))
    high = work * (1 - 1 / max(high_r, 1.0))
    return min(low, saving), saving, max(high, saving), mid, how


def fold_same_value(a: Analysis, path: str, f: Finding, twin: Finding) -> Finding:
    """One finding for two that one fix of one float64 value settles: the line run inside the
    other's calls is told (where the value first meets the float32 work), priced with the
    costlier of the two; the other is added to ``a.dropped``. The caller puts the result in
    ``a.found`` in place of both."""
    if _runs_inside(a, path, twin.line, f.line):
        keep, other = twin, f
    elif _runs_inside(a, path, f.line, twin.line):
        keep, other = f, twin
    else:
        keep, other = (f, twin) if f.seconds > twin.seconds else (twin, f)
    a.dropped.append(
        replace(
            other,
            dropped=f"the same float64 value as line {keep.line}'s finding, with the same "
            "fix: told there",
        )
    )
    told = replace(
        keep, evidence=f"{keep.evidence}; it meets the float32 work at line {other.line} too"
    )
    if other.seconds > keep.seconds and other.gain is not None:
        told = replace(
            told,
            seconds=other.seconds,
            share=other.share,
            gain=other.gain,
            evidence=f"{told.evidence} (priced there, with what that line carries on: "
            f"saves {format_time(other.seconds)})",
        )
    return told


def _runs_inside(a: Analysis, path: str, inner: int, outer: int) -> bool:
    """Whether the run saw line ``inner`` run inside a call made at line ``outer``."""
    for stack, _, _ in a.led.stacks:
        at = [i for i, key in enumerate(stack) if key[0] == path and abs(key[1]) == inner]
        if at and any(key[0] == path and abs(key[1]) == outer for key in stack[at[0] + 1 :]):
            return True
    return False
