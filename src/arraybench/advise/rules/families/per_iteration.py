"""Costs paid once an iteration (lint's AB108 constants built again, AB201 syncs, AB202
transfers, AB203 copies): refuted where the run counts too few of them, or where what a sync
would wait for is no tensor; priced as the calls that taking them out of the loop saves."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from ...read.bind import module_namespaces
from ...read.source import (
    BUILD_CALLS,
    SYNC_BUILTINS,
    SYNC_METHODS,
    call_name,
    held_receiver,
    statement_at,
)
from ...run.values import on_device, torchish
from ..patterns.expressions import statement_time
from .base import Candidate, Plain

if TYPE_CHECKING:
    from ...read.source import SourceFile
    from ...run.values import Fact
    from ..patterns.base import Analysis

#: The codes, and the count (exact, over the run) under which the run refutes one.
PER_ITERATION_CODES = frozenset({"AB108", "AB201", "AB202", "AB203"})
PER_ITERATION_FEW = 20


class PerIteration(Plain):
    codes = PER_ITERATION_CODES

    def refute(self, a: Analysis, c: Candidate) -> str:
        f, facts, loop, sf = c.f, c.facts, c.loop, c.sf
        if loop is None and f.count is not None and f.count.exact and f.count.n < PER_ITERATION_FEW:
            # counted over the whole run: a copy, a conversion or a sync made a few times (a
            # snapshot every 100 steps) is no per-iteration cost, whatever a sample read there
            return f"runs {f.count} times in the whole run: too few for a per-iteration cost"
        if f.code == "AB201":
            synced = _synced(sf, c.line, facts)
            if synced and not any(torchish(x) for x in synced):
                kinds = ", ".join(sorted({x.type for x in synced}))
                return f"converts a {kinds} at run time, not a tensor: no device sync"
            tensors = [x for x in facts.values() if torchish(x)]
            if not synced and tensors and not any(on_device(x) for x in tensors):
                # ``float(torch.relu(x.float()).mean())``: an expression's value, on the CPU,
                # converted; its work stays wherever that is done, and no device waits
                return (
                    "converts the value of an expression on the CPU: no device to wait for, "
                    "and the expression's work stays wherever its value is converted"
                )
            if (
                synced
                and all(torchish(x) and not on_device(x) for x in synced)
                and not any(on_device(x) for x in tensors)
                and _one_value_each(sf, c.line)
            ):
                # ``losses.append(w.sum().item())`` of a CPU tensor, 100,000 steps: a tensor kept
                # a step and stacked after the loop ran 1.4-1.9x as long as the .item()s
                return (
                    "converts one value a step of a tensor on the CPU: nothing waits for it, and "
                    "keeping a tensor a step instead (stacked after the loop) costs as much or more"
                )
        return ""

    def price(self, a: Analysis, c: Candidate) -> tuple[float, float] | None:
        """Taken out of the loop, the conversion, sync or copy is paid once per entry: the
        saving is the line's time less up to one call per run of it."""
        f, facts = c.f, c.facts
        if f.count is None or not f.count.n or f.seconds <= 0:
            return None
        high = f.count.n * a.costs.call(facts.values())
        synced = _synced(c.sf, c.line, facts) if f.code == "AB201" else []
        tensors = [x for x in facts.values() if torchish(x)]
        if (
            f.code == "AB201"
            and (not synced or not _converts_held(c.sf, c.line))
            and tensors
            and all(x.device in ("cpu", "") for x in tensors)
        ):
            # a conversion of an expression (``float((x @ M).sum())``, ``w.sum().item()``: the
            # value of a call on a held tensor, not the tensor) on the CPU: nothing waits,
            # and the expression's work stays whatever is done with its value; the conversion
            # itself is what the rewrite saves, about a call a run
            return (0.0, min(f.seconds, 2 * high))
        if synced and all(x.type == "jax.Array" and not on_device(x) for x in synced):
            # a JAX value on the CPU: the conversion waits for the work dispatched before it to
            # finish, work that stays wherever the value is converted (blind48's book of 24
            # trades: float(v) of each price read 4.3 ms a call, 6.4% of the run, for 1.4%
            # saved); the conversion itself is what the rewrite saves, about a call a run
            return (0.0, min(f.seconds, 2 * high))
        if synced and all(x.device in ("cpu", "") for x in synced):
            # on the CPU nothing waits: out of the loop, the values are still converted, all of
            # them once (``state[:, 0].tolist()`` of 256 values a step: the 256 stay), and at
            # most a call a run keeps what it would have converted
            items = f.count.n * sum(max(1, x.size) for x in synced)
            kept = items * a.costs.item(facts.values())
            return (max(0.0, f.seconds - high - kept), f.seconds)
        low, top = max(0.0, f.seconds - high), f.seconds
        if f.code == "AB108":
            # the builds' share of the line, both timed after the run: a line that does other
            # work (``np.interp(img.mean(axis=(0, 1)), np.array(POINTS), ...)`` on a 256 x 256
            # image, blind23's colour map) saves only its builds (0.02 measured, 0.09 stated)
            share = _builds_share(a, c)
            if share is not None:
                low, top = low * share, top * share
        return (low, top)


def _builds_share(a: Analysis, c: Candidate) -> float | None:
    """The share of the line's value that its builds from Python data take, both timed after
    the run on values like those seen; None where either cannot be timed."""
    sf, line = c.sf, c.line
    if sf.tree is None:
        return None
    node = statement_at(sf, line)
    value = getattr(node, "value", None) if node is not None else None
    if not isinstance(value, ast.expr):
        return None
    builds = [n for n in ast.walk(value) if isinstance(n, ast.Call) and call_name(n) in BUILD_CALLS]
    if not builds or (len(builds) == 1 and builds[0] is value):
        return None  # (the build is the whole line)
    modules = module_namespaces(sf.tree)
    budget = min(0.3, a.budget())
    whole = statement_time(value, c.facts, modules, budget)
    parts = [statement_time(b, c.facts, modules, budget) for b in builds]
    if not whole or any(t is None for t in parts):
        return None
    return min(1.0, sum(t or 0.0 for t in parts) / whole)


def _conversions_on(sf: SourceFile, line: int) -> list[ast.Call]:
    """The line's conversions and syncs: ``t.item()``, ``t.tolist()``, ``float(t)``..."""
    return [
        call
        for call in sf.calls_on(line)
        if (isinstance(call.func, ast.Attribute) and call_name(call) in SYNC_METHODS)
        or (isinstance(call.func, ast.Name) and call_name(call) in SYNC_BUILTINS)
    ]


def _one_value_each(sf: SourceFile, line: int) -> bool:
    """Whether each of the line's conversions makes one Python value (``.item()``, ``float()``,
    ``int()``, ``bool()``), none a list or an array of a tensor's items."""
    names = [call_name(call) for call in _conversions_on(sf, line)]
    return bool(names) and all(n == "item" or n in SYNC_BUILTINS for n in names)


def _converts_held(sf: SourceFile, line: int) -> bool:
    """Whether one of the line's conversions is of a value the program holds (``t.item()``,
    ``float(self.x[i])``, ``state[:, 0].tolist()``), not of a call's result made from one
    (``w.sum().item()``, ``float((x @ M).sum())``), whose work stays in the rewrite."""
    for call in _conversions_on(sf, line):
        if isinstance(call.func, ast.Attribute):
            value: ast.expr | None = call.func.value
        else:
            value = call.args[0] if call.args else None
        if value is not None and not any(isinstance(n, ast.Call) for n in ast.walk(value)):
            return True
    return False


def _synced(sf: SourceFile, line: int, facts: dict[str, Fact]) -> list[Fact]:
    """The values the line converts or syncs (``t`` of ``t.item()``, ``float(t)``; not the
    module of ``float(jnp.exp(p[3]))``, whose value the run did not see by name)."""
    return [
        facts[r]
        for call in _conversions_on(sf, line)
        if (r := held_receiver(call, facts)) in facts and facts[r].type != "module"
    ]


FAMILY = PerIteration()
