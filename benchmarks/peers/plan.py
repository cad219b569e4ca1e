"""The order of the runs: rounds in which every tool runs once, rotated from round to round."""

from __future__ import annotations

from collections.abc import Sequence

from .runs import PYPERF, PYPERF_FAST

#: Rounds per kernel: each tool (pyperf aside) runs once per round, so repeatability is the
#: spread of this many medians.
ROUNDS = 5
QUICK_ROUNDS = 2


def rotation(items: Sequence[str], r: int) -> list[str]:
    """``items`` rotated left by ``r``: round r's order of the tools.

    Args:
        items: the tools.
        r: the round.

    Returns:
        The rotated list.
    """
    r %= len(items)
    return [*items[r:], *items[:r]]


def round_plan(rounds: int, tools: Sequence[str], pyperf_default: bool) -> list[list[str]]:
    """Which tools run in which round, and in what order.

    Every tool of ``tools`` runs in every round, rotated, so a slow spell of the machine falls
    on all of them rather than on one; pyperf's default run joins the middle round and its
    ``--fast`` run the next (or the same, with one round), each in the middle of that round's
    order, so their long runs sit between the others' runs: one default run costs more than
    every other tool's five.

    Args:
        rounds: how many rounds.
        tools: the tools that run every round.
        pyperf_default: whether pyperf's default run is made (its ``--fast`` run always is).

    Returns:
        One list of tool names per round.
    """
    plan = [rotation(tools, r) for r in range(rounds)]
    mid = rounds // 2
    extra = [(mid, PYPERF)] if pyperf_default else []
    extra.append((min(mid + 1, rounds - 1) if pyperf_default else mid, PYPERF_FAST))
    for r, tool in extra:
        plan[r].insert(len(plan[r]) // 2, tool)
    return plan
