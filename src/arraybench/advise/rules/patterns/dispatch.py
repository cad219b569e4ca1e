"""AB405: a Python loop of many small JAX steps, bound by JAX's dispatch.

Each step pays JAX's dispatch (and a wait, when its result is read), which a loop inside JAX
(``lax.fori_loop``, ``lax.scan`` of a jitted step) pays once.

    candidates  every loop of the file not already a finding
    evidence    DISPATCH_STEPS steps or more (a fifth of that per entry), each under
                DISPATCH_STEP_MAX_S, JAX values or jitted functions among the loop's values;
                its time less the findings it holds is LIST_SHARE of the run or more
    price       at least a dispatch per call of a step (a jitted call's cost, measured after
                the run), at most the loop's time
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.source import Loop, SourceFile, count_ops
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, RUN, Finding
from ...run.values import JAX, SCALAR
from .base import Analysis

#: A Python loop of JAX calls is dispatch-bound when it runs this many steps (and a fifth of
#: that per entry), each under DISPATCH_STEP_MAX_S; at most DISPATCH_CALLS_MAX calls a step.
DISPATCH_STEPS = 500
DISPATCH_STEP_MAX_S = 2e-3
DISPATCH_CALLS_MAX = 20
#: The most a loop inside JAX saves a step longer than DISPATCH_BOUND_S: this many times its
#: calls' dispatch and wait.
DISPATCH_SLACK = 4.0
DISPATCH_BOUND_S = 1e-4
#: JAX values of at most this many elements hold no work of their own: a step on them alone is
#: its dispatches.
TINY_STATE = 64


def _step_ops(a: Analysis, sf: SourceFile, lp: Loop, steps: int) -> int:
    """The operations on the loop's lines that run at every step (a branch taken every 100th
    step, a plot or a print, is not the steps' work): calls and arithmetic, roughly."""
    assert sf.tree is not None
    line, end = lp.line, lp.end
    n = 0
    for node in walk_tree(sf.tree):
        ln = getattr(node, "lineno", 0)
        if (
            isinstance(node, (ast.Call, ast.BinOp))
            and line < ln <= end
            and a.led.count((sf.path, ln)).n * 2 >= steps
        ):
            n += 1
    return n or count_ops(sf, lp)


class DispatchLoop:
    rule = register(
        Rule(
            "AB405",
            "dispatch-loop",
            WARNING,
            "a Python loop of many small JAX steps: each step pays JAX's dispatch and waits for "
            "its result, so the loop is bound by call overhead, not by the arithmetic",
            "jit the whole step and run the loop inside JAX: jax.lax.fori_loop(0, n, step, "
            "state) or jax.lax.scan (one dispatch for all the steps)",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        call = a.costs.jax_call
        if call is None or sf.tree is None:
            return
        for lp in sorted(sf.loops, key=lambda x: (x.line, -x.end)):
            old = a.found.get((sf.path, lp.line))
            if lp.comprehension or (old is not None and not _taken_over(old, a, sf, lp)):
                continue
            count, per_entry = a.loop_counts(sf.path, lp)
            if count.n < DISPATCH_STEPS or per_entry < DISPATCH_STEPS / 5:
                continue
            seconds = a.led.span(sf.path, lp.line, lp.end)
            if seconds / a.total < LIST_SHARE or seconds / count.n * a.on_cpu > DISPATCH_STEP_MAX_S:
                continue
            facts = a.ev.facts_in(sf.path, lp.line, lp.end)
            # JAX arrays, jitted functions (``jaxlib.PjitFunction``) called on a state, or
            # lists and dicts of JAX arrays (parameters)
            if not any(
                f.type.startswith(("jax.", "jaxlib.")) or f.item == JAX for f in facts.values()
            ):
                continue
            # the time of the findings the loop holds or calls is theirs, not its steps' (not
            # that of a finding around the call of the loop's function: blind93's marathon
            # waves, a growth once per wave around a 9,000-step dispatch loop, took it all)
            others = [(f.path, f.line, f.end) for f in a.found.values() if f is not old]
            seconds -= a.led.overlap(sf.path, lp.line, lp.end, others, deeper=True)
            if seconds / a.total < LIST_SHARE:
                continue
            calls = max(1, min(DISPATCH_CALLS_MAX, _step_ops(a, sf, lp, count.n)))
            low = min(seconds, count.n * calls * call)
            # at most the steps' dispatch and Python, a few times the calls' cost: a step that
            # takes far longer is the JAX work itself, which a loop inside JAX keeps (round 18's
            # lattice Boltzmann, one jitted call a step of ~1 ms: stated 77%, measured 4.1%)
            # (a step of well under DISPATCH_BOUND_S is its dispatch whatever the count of
            # calls says: a jitted step of a pytree state pays several times a plain call)
            # (or a step on tiny JAX values only, ``state[1]`` of a 2-vector: each of its eager
            # operations is a dispatch, however long the step; blind98's extruder, 843 us a
            # step on a 2-element state, priced at 2-8% for 55%)
            tiny = all(
                f.size <= TINY_STATE
                for f in facts.values()
                if f.type.startswith("jax.") and f.kind in (JAX, SCALAR)
            )
            high = (
                seconds
                if seconds / count.n * a.on_cpu <= DISPATCH_BOUND_S or tiny
                else min(seconds, count.n * calls * call * DISPATCH_SLACK)
            )
            f, _ = a.finding(sf, lp.line, self.rule.code, lp)
            f = replace(f, seconds=seconds, share=seconds / a.total)
            if old is not None:
                del a.found[(sf.path, lp.line)]
            # its time is the loop's, as for the other loops: inside JAX the steps' Python and
            # dispatch go, and small steps cost little else; the saving is at least the
            # dispatches (a jitted call's cost, measured after the run, per call of a step)
            yield replace(
                f,
                evidence=f"{f.evidence}; a JAX call here costs {format_time(call)} to dispatch "
                f"and wait for (measured after the run), {calls} or more a step",
                gain=(low, max(low, high)),
            )


def _taken_over(old: Finding, a: Analysis, sf: SourceFile, lp: Loop) -> bool:
    """Whether the run's own element loop or recurrence on a loop is this pattern's: its steps
    call a jitted function (blind98's extruder, ``state = self._step(state, feed[i])`` in a
    ``while`` loop, told AB406 with Python floats as the rewrite, where the steps' cost is
    JAX's dispatch)."""
    if old.origin != RUN or old.code not in ("AB101", "AB406"):
        return False
    facts = a.ev.facts_in(sf.path, lp.line, lp.end)
    return any(f.type.startswith("jaxlib.") for f in facts.values())


PATTERN = DispatchLoop()
