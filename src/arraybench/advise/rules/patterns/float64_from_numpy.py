"""AB401 from the run: NumPy's float64 data made torch tensors without a dtype, so that a loop's
torch work runs in float64 (torch's own default is float32).

``data = {k: torch.as_tensor(v) for k, v in raw.items()}`` of arrays NumPy made (float64 by
default), handed to a model object (``self.mobility = data["mobility"]``) whose step runs
every day of a simulation: every product and every elementwise operation of the loop moves
twice the bytes and runs double-precision arithmetic. Lint's AB401 looks only where a
``torch.nn`` model is fed; here there is none, and the source cannot tell the dtype. The run
can: the loop's statements hold float64 tensors, and their names lead back, through the
file's assignments, parameters and calls, to the conversion.

    candidates  a call of ``torch.as_tensor`` / ``from_numpy`` / ``tensor`` / ``asarray`` with
                no ``dtype`` and no cast after it (``.float()``, ``.to(torch.float32)``)
    evidence    a loop (LIST_SHARE of the run or more) whose statements, or those of the
                file's functions it calls, hold float64 tensors of SIZE_MIN elements or more,
                and whose names trace back to that call (assignments, ``self.`` attributes,
                a function's parameters through its calls, loop targets, the hooks a list is
                given, closures, what the file's functions return: float64_trace.py); no
                finding of AB410 on that loop, unless the conversion's tensors meet the float32
                work once, before it (the conversion's finding takes its place); told where
                they meet the float32 work where that is one line (a hook's lambda, a
                closure's return, a partial's function)
    price       the loop's float64 work (its statements' time, the samples counted once),
                and its costliest statement timed after the run in float64 and in float32 on
                values of the seen shapes: that work less itself over the ratio. Where the
                float64 tensors carry autograd's graph and the loop calls ``.backward()``, the
                backward pass runs in float64 too: the work takes that share of the backward
                line's time (the float64 work over the loop's forward time), as blind64's
                volcano inversion measured (its forward alone priced 7% for a 25% saving)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import RULES
from ...read.calls import reached
from ...read.source import Loop, SourceFile
from ...read.syntax import call_name, walk_tree
from ...records import LINT, LIST_SHARE, Finding
from ...run.values import SEQUENCE, TENSOR, Fact
from .base import Analysis
from .float64_sources import _called_from_loop
from .float64_trace import _meeting_line, _met_before, _read, _traced
from .float64_values import looks_at
from .float64_work import (
    _its_backward,
    backward_share,
    float64_tensors,
    holding,
    loop_saving,
)

#: The torch calls that make a tensor of NumPy data, keeping its dtype where none is given.
CONVERSIONS = frozenset({"as_tensor", "from_numpy", "tensor", "asarray"})
#: Methods that give a tensor another dtype (``torch.from_numpy(a).float()``); ``.to`` and
#: ``.type`` only where given a dtype (``.to(device)`` keeps float64).
CASTS = frozenset({"float", "half", "bfloat16", "to", "type"})
#: Float dtypes a ``.to(...)`` may be given.
FLOAT_DTYPES = frozenset({"float32", "float", "float16", "half", "bfloat16"})


class Float64FromNumpy:
    """Runs after AB410 (a float64 value promoting float32 work: a loop it names is its)."""

    rule = RULES["AB401"]

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        conversions = _conversions(sf.tree)
        if not conversions:
            return
        told: set[int] = set()
        # (the loop with the most float64 work first: a hook loop inside the step, ``for hook
        # in self.hooks``, holds a part of what the loop calling the step does in float64;
        # blind103's icing sensors priced on the hooks' loop read 9% for 23%)
        loops = [
            lp
            for lp in _outer_loops(sf)
            if a.led.span(sf.path, lp.line, lp.end) / a.total >= LIST_SHARE
        ]
        work = {lp.line: _float64_work(a, sf, lp) for lp in loops}
        loops.sort(key=lambda lp: -a.led.union(work[lp.line][0]) if work[lp.line][0] else 0.0)
        for lp in loops:
            # (an AB410 in the loop, or in a function it calls, names the same float64 value
            # where it meets the float32 work, and its fix is this one: blind81's mycelium
            # model, its cost listed at the conversion and again at the callee's line)
            reach = reached(sf, [(lp.line, lp.end)], 3)
            spans, names = work[lp.line]
            # (or in a function the loop reaches through a partial or a callback: ``step_fn(
            # level)`` of ``partial(relax, damping=...)``, blind126's canal reach, told at the
            # conversion and again at ``return level * damping``)
            promoted = [
                key
                for key, f in a.found.items()
                if f.path == sf.path
                and f.code == "AB410"
                and (
                    any(lo <= f.line <= hi for lo, hi in reach)
                    or (
                        (way := _called_from_loop(sf, f.line, a)) is not None
                        and way[1][-1] == (lp.line, lp.end)
                    )
                )
            ]
            if not spans:
                continue
            lines = _traced(sf, names, conversions)
            lines -= told
            if promoted:
                # (unless the conversion's tensors meet the float32 work once, before the
                # loop: the AB410 in the loop reads a float64 value made there, and the fix
                # is where they meet; blind99's trawl fleet, ``torch.log(hours *
                # table[gear])`` in a closure, its float64 offset told where fit's loop read it)
                lines = {at for at in lines if _met_before(sf, at, conversions[at], reach)}
            if not lines:
                continue
            # (one AB410 there: where the tensor meets the float32 work, where none is traced)
            meets = promoted[0][1] if len(promoted) == 1 else None
            f = self._priced(a, sf, lp, spans, min(lines), conversions, meets)
            if f is not None:
                told |= lines
                for key in promoted:
                    # (its float64 work is this one's; priced on the line where the float64
                    # meets the float32 work, with what that line carries on, its saving may
                    # be the better one: blind126's canal, 21% here for its 46%, 53% measured)
                    g = a.found.pop(key)
                    if g.seconds > f.seconds and g.gain is not None:
                        f = replace(
                            f,
                            seconds=g.seconds,
                            share=g.share,
                            gain=g.gain,
                            evidence=f"{f.evidence}; priced at line {g.line}, where it meets "
                            f"the float32 work, with what that line carries on: saves "
                            f"{format_time(g.seconds)}",
                        )
                yield f
                at = min(lines)
                # (where an AB410 was folded in, float64_origin tells its making line; a
                # conversion in the loop is told where it is, its own line the fix: listed as
                # another line's fix, it was folded into a finding marked its own fix)
                if (
                    not promoted
                    and f.line != at
                    and not lp.line <= at <= lp.end
                    and (sf.path, at) not in a.found
                ):
                    # (told where the tensor meets the float32 work: the conversion, the line
                    # to change, listed as its fix; blind171's dispense forecast, its chain
                    # profile converted on the line above the season it promotes)
                    g, _ = a.finding(sf, at, self.rule.code)
                    yield replace(
                        g,
                        seconds=f.seconds,
                        share=f.share,
                        gain=f.gain,
                        count=None,
                        fix_of=f.line,
                        evidence=f"makes the float64 tensor that line {f.line}'s finding meets "
                        f"float32 work with ({f.share:.0%} of the run there): the fix of that "
                        "finding is on this line, its saving the same one, counted once; make "
                        f"it float32 here: {_with_dtype(conversions[at])}",
                    )

    def _priced(
        self,
        a: Analysis,
        sf: SourceFile,
        lp: Loop,
        spans: list[tuple[str, int, int]],
        at: int,
        conversions: dict[int, ast.Call],
        promoted: int | None = None,
    ) -> Finding | None:
        # (lint's own AB401 at the conversion, priced on the conversion's own time, which
        # the fix does not save: the run's finding on the loop's float64 work takes its
        # place; it stood in the way only when a sample happened to land on the conversion,
        # blind132's paper mill of a forward pre-hook, blind64's unpacked grid)
        old = a.found.get((sf.path, at))
        if old is not None and not (old.code == self.rule.code and old.origin == LINT):
            return None
        call = conversions[at]
        # (what the run saw given to the conversion, where it looked: NumPy arrays of another
        # dtype, integer labels, are not what made the loop's work float64)
        seen = a.ev.facts_at((sf.path, at))
        given = [
            seen[n] for n in _read(call.args[0]) if n in seen and seen[n].type == "numpy.ndarray"
        ]
        if given and not any(x.dtype == "float64" for x in given):
            return None
        # (a Python number given: torch's default dtype, float32, whatever the loop's work is)
        if isinstance(call.args[0], ast.Name) and getattr(
            seen.get(call.args[0].id), "type", ""
        ) in ("float", "int", "bool"):
            return None
        meets = _meeting_line(sf, at, call) or promoted
        if meets is not None and not any(
            path == sf.path and lo <= meets <= hi for path, lo, hi in spans
        ):
            # (the line where the float64 tensor meets the float32 work is float64 work,
            # whether or not its values were seen: a line of operators only is never looked
            # at; blind85's organ pipes, ``p_next = (...) * self.loss``, most of each step)
            spans = [*spans, (sf.path, meets, meets)]
        work = a.led.union(spans)
        backward = backward_share(a, sf, lp.line, lp.end, spans, work)
        work += backward

        def largest() -> Fact:
            # (statements of calls of the file's: a stand-in on a tensor of the largest size
            # seen)
            size = max(
                (x.item_size if x.kind == SEQUENCE else x.size)
                for path, lo, hi in spans
                for xs in looks_at(a, path, lo, hi).values()
                for x in xs
                if float64_tensors(x)
            )
            return Fact(TENSOR, "torch.Tensor", "float64", "cpu", (size,))

        of_what = "the largest float64 tensor the loop's looks saw"
        got = loop_saving(a, sf, lp.line, lp.end, spans, work, largest, of_what)
        if got is None:
            return None
        low, saving, high, mid, how = got
        # (told where the tensor meets the float32 work when that is one line: the controller a
        # partial is given the gains for, ``-kp * pos``; the conversion is the fix)
        tell = (
            meets
            if meets is not None and ((sf.path, meets) not in a.found or meets == promoted)
            else at
        )
        if old is not None:
            del a.found[(sf.path, at)]
        f, _ = a.finding(sf, tell, self.rule.code)
        made = f" (line {at})" if tell != at else ""
        evidence = (
            f"{ast.unparse(call)}{made} makes torch tensors of NumPy's float64 data (no dtype "
            f"given; torch's default is float32), and the loop at line {lp.line} runs its "
            f"torch work on them in float64: that work takes {format_time(work)} "
            f"({work / a.total:.0%} of the run{_its_backward(backward)}); {how} ran "
            f"{mid:.2f}x as fast in float32 "
            f"(timed after the run on inputs of the seen shapes); make the conversion float32 "
            f"where float32 precision will do: {_with_dtype(call)}"
        )
        return replace(
            f,
            seconds=saving,
            share=saving / a.total,
            evidence=evidence,
            gain=(low, high),
        )


def _with_dtype(call: ast.Call) -> str:
    if call_name(call) == "from_numpy":
        # (``torch.from_numpy`` takes no dtype: it shares NumPy's memory)
        return f"{ast.unparse(call)}.float()"
    fixed = ast.Call(
        func=call.func,
        args=call.args,
        keywords=[
            *call.keywords,
            ast.keyword(arg="dtype", value=ast.Attribute(value=ast.Name("torch"), attr="float32")),
        ],
    )
    return ast.unparse(fixed)


def _conversions(tree: ast.Module) -> dict[int, ast.Call]:
    """The file's conversions of data to torch tensors with no dtype and no cast after, by
    line: ``torch.as_tensor(v)``, not ``torch.tensor([0.1, 0.2])`` or ``torch.tensor(-0.4)`` of
    numbers written out (torch's default dtype) nor ``torch.from_numpy(a).float()``."""
    cast = cast_after(tree)
    out: dict[int, ast.Call] = {}
    for n in walk_tree(tree):
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id == "torch"
            and n.func.attr in CONVERSIONS
            and n.args
            and not isinstance(n.args[0], ast.List | ast.Tuple | ast.Constant | ast.ListComp)
            # (``torch.tensor(-0.4)``: a number written out, torch's default dtype too)
            and not (
                isinstance(n.args[0], ast.UnaryOp) and isinstance(n.args[0].operand, ast.Constant)
            )
            # (``torch.tensor(float(days_left))``: a Python number, torch's default dtype;
            # blind178's premiere pricing, told there for the from_numpy that made its float64)
            and not (
                isinstance(n.args[0], ast.Call)
                and isinstance(n.args[0].func, ast.Name)
                and n.args[0].func.id in ("float", "int", "bool", "len")
            )
            and not any(k.arg == "dtype" for k in n.keywords)
            and id(n) not in cast
            and not _cast_before(n.args[0])
        ):
            out.setdefault(n.lineno, n)
    return out


def cast_after(tree: ast.Module, methods: frozenset[str] = CASTS) -> set[int]:
    """The ids of the file's calls whose value a method of ``methods`` casts right after
    (``torch.from_numpy(a).float()``; ``.to``/``.type`` only where given a dtype)."""
    return {
        id(n.func.value)
        for n in walk_tree(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in methods
        and isinstance(n.func.value, ast.Call)
        and (n.func.attr not in ("to", "type") or _gives_dtype(n))
    }


def _cast_before(arg: ast.expr) -> bool:
    """NumPy data given another dtype on its way in: ``a.astype(np.float32)``, ``np.float32(
    x)``, ``np.asarray(x, dtype=np.float32)`` (blind122's street grid, told it made float64
    tensors of a float32 array)."""
    if not isinstance(arg, ast.Call):
        return False
    if isinstance(arg.func, ast.Attribute) and arg.func.attr == "astype" and arg.args:
        given = ast.unparse(arg.args[0])
    elif any(k.arg == "dtype" for k in arg.keywords):
        given = ast.unparse(next(k.value for k in arg.keywords if k.arg == "dtype"))
    else:
        given = ast.unparse(arg.func)
    return "float64" not in given and any(
        d in given for d in ("float32", "float16", "half", "single", "int", "bool")
    )


def _gives_dtype(call: ast.Call) -> bool:
    """Whether ``x.to(...)`` / ``x.type(...)`` may change the dtype: a ``dtype=``, a float
    dtype of torch's, a tensor's ``.dtype`` or a name that says dtype; not ``.to(device)``,
    ``.to("cuda")``."""
    if any(k.arg == "dtype" for k in call.keywords):
        return True
    for arg in call.args:
        if isinstance(arg, ast.Attribute) and (arg.attr in FLOAT_DTYPES or arg.attr == "dtype"):
            return True
        if isinstance(arg, ast.Name) and "type" in arg.id.lower():
            return True
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and "float" in arg.value:
            return True
    return False


def _outer_loops(sf: SourceFile) -> list[Loop]:
    """The file's loops that no loop of the same function holds (comprehensions left out)."""
    loops = [lp for lp in sf.loops if not lp.comprehension]
    return [
        lp
        for lp in loops
        if not any(
            o is not lp
            and o.line < lp.line <= o.end
            and sf.functions.get(o.line, "") == sf.functions.get(lp.line, "")
            for o in loops
        )
    ]


def _float64_work(
    a: Analysis, sf: SourceFile, lp: Loop
) -> tuple[list[tuple[str, int, int]], dict[int, set[str]]]:
    """The statements of the loop and of the file's functions it calls (two calls deep) where
    the run saw a float64 tensor of SIZE_MIN elements or more, and those tensors' names by
    statement."""
    regions = reached(sf, [(lp.line, lp.end)], 2)
    seen: set[int] = set()
    found: dict[int, tuple[int, set[str]]] = {}
    for lo, hi in regions:
        found |= holding(a, sf, lo, hi, lambda n, x: float64_tensors(x), seen)
    spans = [(sf.path, first, last) for first, (last, _) in found.items()]
    return spans, {first: names for first, (_, names) in found.items()}


PATTERN = Float64FromNumpy()
