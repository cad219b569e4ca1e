"""The run's time and counts by the user's lines, with the profiler's own cost taken out.

Time comes from the sampler (advise/run/sampler.py): each sample is a stack of the user's lines
and the seconds charged to it. Samples taken while the line timer was on carry its cost; at the
line being run (the innermost) that cost is ``hits x HitCost.wall_s``, so those samples are
scaled down by ``(on - hits x cost) / on`` of that line. Counts come from the line timer, which
ran in bursts: a line's count in the bursts is scaled by the share of the line's time that fell
in them. Counts of lines hit a few times (a call that runs for seconds) are not scaled: they
are given as counted, as lower bounds.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from .linetime import LineTimes
from .observe import Evidence

Key = tuple[str, int]
Stack = tuple[Key, ...]

#: A loop's sampled time is split among its lines by the bursts' own times only when the bursts
#: timed its lines this long in all (less: too few hits for their shares to mean much).
SPLIT_MIN_S = 2e-3

#: A line's count is scaled from the bursts only when the bursts saw it this many times
#: (fewer: each hit may last longer than a burst, and the scaled figure would be noise).
SCALE_MIN_HITS = 20


@dataclass(frozen=True)
class Count:
    """How many times a line ran: ``n``, counted (``exact``), scaled from the bursts, or a
    lower bound (``at_least``)."""

    n: int
    exact: bool = False
    at_least: bool = False

    def __str__(self) -> str:
        s = f"{self.n:,}"
        if self.exact:
            return s
        return f">= {s}" if self.at_least else f"~{s}"


#: Seconds of samples a function needs with the timer on and off before the slowdown of its
#: libraries' Python code is read from them (fewer: taken as none).
SLOWDOWN_MIN_S = 0.02
#: The most a traced library line is taken to slow its code (a bound on a noisy ratio).
SLOWDOWN_MAX = 20.0


def _library_slowdown(off: float, on: float, off_lib: float, on_lib: float) -> float:
    """How many times slower the libraries' Python code under a function ran while traced."""
    if off < SLOWDOWN_MIN_S or on < SLOWDOWN_MIN_S / 2:
        return 1.0
    phi, phi_on = off_lib / off, on_lib / on
    if not (0.02 < phi < 0.98 and 0.02 < phi_on < 0.98):
        return 1.0
    rho = phi_on * (1 - phi) / (phi * (1 - phi_on))
    return min(max(rho, 1.0), SLOWDOWN_MAX)


def split_loops(
    stacks: list[tuple[Stack, float, float]],
    lines: list[LineTimes],
    loops_of: Callable[[str], list[tuple[int, int]]],
) -> list[tuple[Stack, float, float]]:
    """The samples charged to a loop's lines, split among them by the bursts' own times.

    The timer signal is handled where the interpreter next checks for one: at a call or a
    backward jump, not after a line made only of operators (``v += dt * (Dv * Lv + u * uvv)``
    on NumPy arrays), so such a line's time lands on the next line with a call, or the loop's
    last. The loop's time is right; its split is not. line_profiler's own times in the bursts see
    every line, so each sample whose innermost line is a loop's line is shared among that loop's
    lines in their proportions (the innermost loop first; a line that calls the user's code keeps
    its samples, as its burst time holds its callees').

        for each code object, for each statement loop in it, innermost first:
            group = its lines not in an inner loop and calling no user code
            weights = burst seconds of each / their sum   (if the sum >= SPLIT_MIN_S)
        each sample (line in a group, callers) -> (line', callers) x weights[line'], for all line'
    """
    callers = {(p, abs(ln)) for stack, _, _ in stacks for p, ln in stack[1:]}
    weights_of: dict[Key, dict[Key, float]] = {}
    for lt in lines:
        if not lt.times:
            continue
        taken: set[int] = set()
        for first, last in sorted(loops_of(lt.path), key=lambda s: s[1] - s[0]):
            if first not in lt.lines:
                continue  # a loop of another code object
            inside = [ln for ln in lt.times if first <= ln <= last and ln not in taken]
            taken.update(inside)
            group = [ln for ln in inside if (lt.path, ln) not in callers]
            total = sum(lt.times[ln] for ln in group)
            if len(group) < 2 or total < SPLIT_MIN_S:
                continue
            weights = {(lt.path, ln): lt.times[ln] / total for ln in group}
            for ln in group:
                weights_of[(lt.path, ln)] = weights
    if not weights_of:
        return stacks
    out: list[tuple[Stack, float, float]] = []
    for stack, off, on in stacks:
        shares = weights_of.get(stack[0]) if stack[0][1] > 0 else None
        if shares is None:
            out.append((stack, off, on))
            continue
        for key, w in shares.items():
            if w > 0:
                out.append(((key, *stack[1:]), off * w, on * w))
    return out


class Ledger:
    """Seconds and counts by line, corrected; built once from the evidence.

    Args:
        ev: the run's evidence.
        loops_of: the statement loops of a file, as (first line, last line): their sampled time
            is split among their lines by the bursts' own times (:func:`split_loops`); None
            leaves each sample on the line the signal was handled at.
    """

    def __init__(
        self, ev: Evidence, loops_of: Callable[[str], list[tuple[int, int]]] | None = None
    ) -> None:
        self.ev = ev
        cost = ev.cost.wall_s
        # hits in the bursts, per line, per code object (a comprehension's line is hit once per
        # item in its own code and once per entry in the function that holds it)
        self.by_code: dict[Key, list[int]] = defaultdict(list)
        for lt in ev.lines:
            for line, hits in lt.lines.items():
                self.by_code[(lt.path, line)].append(hits)
        # The timer's cost falls on the samples taken in the code it traced, but not always on
        # the line that paid it (a loop's ``for`` line pays as much as its body, and the sampler
        # mostly sees the body), so the correction is made per code object: its samples while
        # the timer was on, less all its lines' hits x the cost of a hit.
        code_of: dict[Key, int] = {}
        best: dict[Key, int] = {}
        code_hits: list[int] = []
        for i, lt in enumerate(ev.lines):
            code_hits.append(sum(lt.lines.values()))
            for line, hits in lt.lines.items():
                key = (lt.path, line)
                if hits > best.get(key, -1):
                    best[key] = hits
                    code_of[key] = i
        # The timer also traces the libraries' Python lines that the user's lines call (NumPy's
        # ``mean`` is a dozen of them), at about the same cost a line, which no count of the
        # user's lines shows. It shows in the samples instead: the share of a function's time
        # spent in library Python code grows when the timer is on. With phi the share seen with
        # the timer off and phi' with it on, that code ran rho = phi'(1 - phi) / (phi(1 - phi'))
        # times slower traced, and its traced samples are divided by rho.
        sums: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
        for stack, parts in ev.samples.stacks.items():
            owner = code_of.get((stack[0][0], abs(stack[0][1])))
            if owner is not None:
                for j in range(4):
                    sums[owner][j] += parts[j]
        keep_user: dict[int, float] = {}
        slow_lib: dict[int, float] = {}
        for i, (off, on, off_lib, on_lib) in sums.items():
            on_user = on - on_lib
            keep_user[i] = max(0.0, on_user - code_hits[i] * cost) / on_user if on_user > 0 else 1.0
            slow_lib[i] = _library_slowdown(off, on, off_lib, on_lib)
        # (stack, off seconds, on seconds corrected)
        self.stacks: list[tuple[tuple[Key, ...], float, float]] = []
        for stack, (off, on, _, on_lib) in ev.samples.stacks.items():
            code = code_of.get((stack[0][0], abs(stack[0][1])))
            if code is None:
                self.stacks.append((stack, off, on))
            else:
                fixed = (on - on_lib) * keep_user[code] + on_lib / slow_lib[code]
                self.stacks.append((stack, off, fixed))
        if loops_of is not None:
            self.stacks = split_loops(self.stacks, ev.lines, loops_of)
        self.inclusive_off: dict[Key, float] = defaultdict(float)
        self.inclusive_on: dict[Key, float] = defaultdict(float)
        self.own_s: dict[Key, float] = defaultdict(float)
        for stack, off, on in self.stacks:
            path, line = stack[0]
            self.own_s[(path, abs(line))] += off + on
            for key in {(p, abs(ln)) for p, ln in stack}:
                self.inclusive_off[key] += off
                self.inclusive_on[key] += on
        sampled_on = sum(on for _, _, on in self.stacks)
        sampled = sum(off + on for _, off, on in self.stacks)
        self.on_share = sampled_on / sampled if sampled > 0 else 0.0
        self.user = sampled
        self.total = sampled + ev.samples.outside

    def traced_hits(self, key: Key) -> int:
        got = self.by_code.get(key)
        return max(got) if got else 0

    def seconds(self, key: Key) -> float:
        """The line's inclusive seconds (it and all it calls)."""
        return self.inclusive_off.get(key, 0.0) + self.inclusive_on.get(key, 0.0)

    def own(self, key: Key) -> float:
        """The line's own seconds (it and the libraries it calls, not other user lines)."""
        return self.own_s.get(key, 0.0)

    def span(
        self, path: str, first: int, last: int, own: bool = False, comprehension: bool = False
    ) -> float:
        """Seconds during which a line of ``path`` between ``first`` and ``last`` was running or
        waiting for a call it made (each sample counted once); with ``own``, only the samples
        where it was the innermost user line (not those in user functions it called); with
        ``comprehension``, only the samples in the comprehensions' own frames there (their
        lines are negated in the stacks)."""
        total = 0.0
        for stack, off, on in self.stacks:
            frames = stack[:1] if own else stack
            if comprehension:
                hit = any(p == path and first <= -ln <= last for p, ln in frames)
            else:
                hit = any(p == path and first <= abs(ln) <= last for p, ln in frames)
            if hit:
                total += off + on
        return total

    def union(self, spans: list[tuple[str, int, int]]) -> float:
        """Seconds during which a line of one of ``spans`` (path, first, last) was on the stack,
        each sample counted once: the time of findings together, one inside another (a loop
        in a loop, a loop calling a function that holds another) counted once."""
        total = 0.0
        for stack, off, on in self.stacks:
            if any(p == sp and a <= abs(ln) <= b for p, ln in stack for sp, a, b in spans):
                total += off + on
        return total

    def overlap(
        self, path: str, first: int, last: int, others: list[tuple[str, int, int]]
    ) -> float:
        """Seconds during which a line of ``path`` between ``first`` and ``last`` was on the
        stack together with a line of one of ``others`` (a loop's time spent in findings it
        calls)."""
        total = 0.0
        for stack, off, on in self.stacks:
            if not any(p == path and first <= abs(ln) <= last for p, ln in stack):
                continue
            if any(
                p == op and a <= abs(ln) <= b and not (p == path and first <= abs(ln) <= last)
                for p, ln in stack
                for op, a, b in others
            ):
                total += off + on
        return total

    def count(self, key: Key, hits: int | None = None) -> Count:
        """How many times the line ran over the whole run (see the module's docstring)."""
        h = self.traced_hits(key) if hits is None else hits
        if not self.ev.bursts:
            return Count(h, exact=True)
        if h < SCALE_MIN_HITS:
            return Count(h, at_least=True)
        on = self.inclusive_on.get(key, 0.0)
        incl = on + self.inclusive_off.get(key, 0.0)
        share = on / incl if incl > 0 else self.on_share
        if share <= 0:
            return Count(h, at_least=True)
        return Count(max(h, round(h / share)))

    def loop_counts(
        self, path: str, line: int, body: int, comprehension: bool, end: int | None = None
    ) -> tuple[Count, float]:
        """A loop's iterations over the run and its iterations per entry.

        For a statement, the ``for`` line is hit once per iteration and once more per entry
        (the test that ends it), the body's first line once per iteration. A comprehension's
        line is hit once per item in its own code and once per entry in the enclosing code.
        Both are read from the bursts, where entries and iterations were counted together.
        """
        if comprehension:
            got = sorted(self.by_code.get((path, line), []))
            items = got[-1] if got else 0
            entries = got[0] if len(got) > 1 else 0
        else:
            items = self.traced_hits((path, body))
            # a burst that starts inside the loop adds a ``for`` hit of its own: as many as the
            # bursts that began while the loop ran (its share of the time)
            held = self.span(path, line, end if end is not None else body)
            inside = self.ev.burst_count * min(1.0, held / self.total) if self.total else 0.0
            entries = max(0, self.traced_hits((path, line)) - items - round(inside))
        per_entry = items / entries if entries else float(items)
        return self.count((path, body if not comprehension else line), items), per_entry
