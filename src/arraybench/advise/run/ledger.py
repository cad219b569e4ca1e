"""The run's time and counts by the user's lines, with the profiler's own cost taken out.

Time comes from the sampler (advise/run/sampler.py): each sample is a stack of the user's lines
and the seconds charged to it. Samples taken while the line timer was on carry its cost; at the
line being run (the innermost) that cost is ``hits x HitCost.wall_s``, so those samples are
scaled down by ``(on - hits x cost) / on`` of that line. The loop counters' cost (a few ns an
iteration, calibrated before the run, advise/run/loopcount.py) is taken out of all samples of
the lines they ran on (advise/run/split.py, where the samples are first shared among lines).

Counts are exact at loops: each loop's entries, iterations and early exits were counted over the
whole run, and so were the runs of each block of statements (a function's body, a loop's body,
each branch of an ``if``; advise/run/loopcount.py). A loop's line count and its iterations are
exact, and so is a line its block runs once each time it runs (a statement on one line before
any that may leave the block); any other line is counted as the innermost counted block or loop
holding it, times the ratio of their hits in the line timer's bursts (a line after a ``continue``
taken one time in ten: 0.9 of its block's count).
Where nothing was counted (code run through ``exec``), the line timer's count in the bursts is
scaled by the share of the line's time that fell in them; counts of lines hit a few times (a
call that runs for seconds) are not scaled: they are given as counted, as lower bounds.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from .checks import OperatorRun, ReturnRun
from .linetime import LineTimes
from .loopcount import LoopSite
from .observe import Evidence
from .sampler import COMPREHENSION_FRAMES, COMPREHENSIONS
from .split import split_loops, take_out_counters

Key = tuple[str, int]
Stack = tuple[Key, ...]

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


def _library_slowdown(
    off: float, on: float, off_lib: float, on_lib: float, top: float = 0.98
) -> float:
    """How many times slower the libraries' Python code under a function ran while traced
    (1 where either share of it is above ``top``: too close to all for the ratio to hold)."""
    if off < SLOWDOWN_MIN_S or on < SLOWDOWN_MIN_S / 2:
        return 1.0
    phi, phi_on = off_lib / off, on_lib / on
    if not (0.02 < phi < top and 0.02 < phi_on < top):
        return 1.0
    rho = phi_on * (1 - phi) / (phi * (1 - phi_on))
    return min(max(rho, 1.0), SLOWDOWN_MAX)


#: A line's library share may be this close to all of its time and still give its slowdown
#: (:func:`traced_inflation`; a 2x2 ``np.linalg.cholesky`` is 98.6% in NumPy's Python code).
LINE_LIB_TOP = 0.998


def traced_inflation(parts: list[float]) -> float:
    """How many times longer a line's burst time is than its untraced time, from its samples
    ``[off, on, off_lib, on_lib]``: its libraries' Python code, a share ``phi`` of its time,
    runs ``rho`` times slower traced (:func:`_library_slowdown`), so a burst reads
    ``1 - phi + phi x rho`` times the line."""
    off, on, off_lib, on_lib = parts
    rho = _library_slowdown(off, on, off_lib, on_lib, LINE_LIB_TOP)
    if rho <= 1.0:
        return 1.0
    phi = off_lib / off
    return 1 - phi + phi * rho


class Ledger:
    """Seconds and counts by line, corrected; built once from the evidence.

    Args:
        ev: the run's evidence.
        loops_of: the statement loops of a file, as (first line, last line): their sampled time
            is split among their lines by the bursts' own times (:func:`split_loops`); None
            leaves each sample on the line the signal was handled at.
        runs_of: a file's statements with a call after lines of operators only, and those
            lines (:func:`split_loops`).
        spans_of: a file's simple statements over several lines, by line: (first, last). Such a
            statement's lines may be hit more than once a run; it ran as many times as the
            least hit of them (:meth:`statement_hits`).
        quiet_of: a file's runs of lines of operators only (:func:`split_loops`).
    """

    def __init__(
        self,
        ev: Evidence,
        loops_of: Callable[[str], list[tuple[int, int]]] | None = None,
        runs_of: Callable[[str], list[OperatorRun]] | None = None,
        spans_of: Callable[[str], dict[int, tuple[int, int]]] | None = None,
        returns_of: Callable[[str], list[ReturnRun]] | None = None,
        unseen: Callable[[str, int], float | None] | None = None,
        quiet_of: Callable[[str], list[tuple[int, ...]]] | None = None,
    ) -> None:
        self.ev = ev
        self._spans_of = spans_of
        self._spans: dict[str, dict[int, tuple[int, int]]] = {}
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
        # the same four figures per line, for how much slower each line read in the bursts
        by_line: dict[Key, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
        for stack, parts in ev.samples.stacks.items():
            key = (stack[0][0], abs(stack[0][1]))
            owner = code_of.get(key)
            got = by_line[key]
            for j in range(4):
                got[j] += parts[j]
                if owner is not None:
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
        #: lines their block runs once each time it runs: the block's runs (of two blocks, as
        #: ``if x: y = 1`` is, the outer one's, which holds the line's events)
        self.straight: dict[Key, int] = {}
        for b in ev.blocks:
            for ln in b.straight:
                self.straight[(b.path, ln)] = max(b.runs, self.straight.get((b.path, ln), 0))
        if loops_of is not None:
            inflation = {k: traced_inflation(v) for k, v in by_line.items()}
            self.stacks = split_loops(
                self.stacks,
                ev.lines,
                loops_of,
                runs_of,
                cost,
                inflation,
                self.straight,
                returns_of,
                unseen,
                quiet_of,
                # (per line, the part of its samples in a library's Python code below it)
                {k: (v[2] + v[3]) / (v[0] + v[1]) for k, v in by_line.items() if v[0] + v[1] > 0},
            )
        if ev.counters_s:
            self.stacks = take_out_counters(self.stacks, ev.counters_s, loops_of)
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
        # the loops counted over the whole run, by their line (several comprehensions may share
        # one), and the code objects that ran each line in the bursts
        self.sites: dict[tuple[Key, bool], list[LoopSite]] = defaultdict(list)
        self.stmt_loops: dict[str, list[LoopSite]] = defaultdict(list)
        for site in ev.loops:
            self.sites[((site.path, site.line), site.comprehension)].append(site)
            if not site.comprehension:
                self.stmt_loops[site.path].append(site)
        # what a line inside them is counted from: (first line, last line, runs, a line hit
        # once per run): a loop's line, or a block's first line (functions, loop bodies and
        # branches, advise/run/loopcount.py)
        self.anchors: dict[str, list[tuple[int, int, int, int]]] = defaultdict(list)
        for loops in self.stmt_loops.values():
            for x in loops:
                self.anchors[x.path].append((x.line, x.end, x.header_hits, x.line))
        for b in ev.blocks:
            if b.simple:
                self.anchors[b.path].append((b.first, b.last, b.runs, b.first))
        self.codes_at: dict[Key, list[LineTimes]] = defaultdict(list)
        for lt in ev.lines:
            for line in lt.lines:
                self.codes_at[(lt.path, line)].append(lt)

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
        self,
        path: str,
        first: int,
        last: int,
        others: list[tuple[str, int, int]],
        deeper: bool = False,
    ) -> float:
        """Seconds during which a line of ``path`` between ``first`` and ``last`` was on the
        stack together with a line of one of ``others`` (a loop's time spent in findings it
        calls); with ``deeper``, only where that line ran in code those lines called, not in a
        loop around them that calls their function."""
        total = 0.0
        for stack, off, on in self.stacks:
            outer = next(
                (i for i, (p, ln) in enumerate(stack) if p == path and first <= abs(ln) <= last),
                None,
            )
            if outer is None:
                continue
            if any(
                p == op and a <= abs(ln) <= b and not (p == path and first <= abs(ln) <= last)
                for p, ln in (stack[:outer] if deeper else stack)
                for op, a, b in others
            ):
                total += off + on
        return total

    def below(self, path: str, first: int, last: int, other: tuple[str, int, int]) -> float:
        """Seconds during which a line of ``other`` ran in code that a line of ``path`` between
        ``first`` and ``last`` called (deeper in the stack: a callback the loop's steps call),
        not the other way round."""
        op, a, b = other
        total = 0.0
        for stack, off, on in self.stacks:
            outer = next(
                (i for i, (p, ln) in enumerate(stack) if p == path and first <= abs(ln) <= last),
                None,
            )
            if outer is not None and any(p == op and a <= abs(ln) <= b for p, ln in stack[:outer]):
                total += off + on
        return total

    def site(self, path: str, line: int, comprehension: bool) -> LoopSite | None:
        """The loop at ``line`` counted over the run (of several comprehensions on the line, the
        one that ran most), or None where its file's loops were not counted."""
        got = self.sites.get(((path, line), comprehension))
        return max(got, key=lambda x: x.iterations) if got else None

    def count(self, key: Key, hits: int | None = None) -> Count:
        """How many times the line ran over the whole run (see the module's docstring)."""
        if hits is None and self.sites:
            exact = self._from_loops(key)
            if exact is not None:
                return exact
        return self._scaled(key, hits)

    def _from_loops(self, key: Key) -> Count | None:
        """The line's count from the loops counted over the run: the sum, over the code objects
        that ran it, of its count in each (exact at a loop's line, the loop's count times the
        ratio of hits in the bursts inside a loop, scaled from the bursts elsewhere); None when
        no counted loop holds the line."""
        codes = self.codes_at.get(key, [])
        if not codes:
            return self._unseen(key)
        statements = [lt for lt in codes if lt.name.rsplit(".", 1)[-1] not in COMPREHENSIONS]
        if statements and len(statements) < len(codes):
            # a statement holding a comprehension: its runs are its code's, not the items its
            # comprehension's own code ran (network.py:87 read 400,000 for 100,000 runs)
            codes = statements
        total, exact, anchored, bound = 0, True, False, 0
        for lt in codes:
            got = self._in_code(lt, key[1])
            if got is None:
                c = self._scaled(key, lt.lines[key[1]])
                total += c.n
                exact = False
                bound += c.n if c.at_least else 0
                continue
            anchored = True
            total += got.n
            exact = exact and got.exact
        if not anchored:
            return None
        return Count(total, exact=exact, at_least=not exact and 2 * bound >= total)

    def _unseen(self, key: Key) -> Count | None:
        """A line the bursts never hit, from the counts alone: a loop's line, a line its block
        runs once a run, a comprehension's (its own code's hits: once per entry and per item,
        on Python 3.11, where it has a frame)."""
        site = self.site(key[0], key[1], False)
        if site is not None:
            return Count(site.header_hits, exact=True)
        runs = self.straight.get(key)
        comps = self.sites.get((key, True), [])
        if runs is None and not comps:
            return None
        n = (runs or 0) + sum(c.entries + c.iterations for c in comps if COMPREHENSION_FRAMES)
        return Count(n, exact=runs is not None) if n else None

    def lines(self) -> list[Key]:
        """The lines the counts know ran (loops, lines their block ran), bursts or not."""
        out = [k for (k, _), sites in self.sites.items() if any(s.entries for s in sites)]
        out += [k for k, runs in self.straight.items() if runs]
        return out

    def statement_hits(self, lt: LineTimes, line: int) -> int:
        """The bursts' hits of the line's statement in one code object: the line's, or for a
        statement over several lines, the fewest of its lines' (``x, y = f(`` / ``a, b)`` hits
        its first line twice a run: when it starts and when the call is made)."""
        hits = lt.lines.get(line, 0)
        if self._spans_of is None:
            return hits
        if lt.path not in self._spans:
            self._spans[lt.path] = self._spans_of(lt.path)
        span = self._spans[lt.path].get(line)
        if span is None:
            return hits
        seen = [lt.lines[ln] for ln in range(span[0], span[1] + 1) if lt.lines.get(ln)]
        return min(seen) if seen else hits

    def _in_code(self, lt: LineTimes, line: int) -> Count | None:
        """The line's count in one code object: exact at a loop's line, else the count of the
        innermost counted block or loop of that code that holds it (a comprehension's own code:
        the comprehension) times the ratio of their hits in the bursts; None without one."""
        hits = self.statement_hits(lt, line)
        if lt.name.rsplit(".", 1)[-1] in COMPREHENSIONS:
            sites = self.sites.get(((lt.path, lt.first), True), [])
            if len(sites) != 1:
                return None  # two comprehensions on one line: which code is which is not known
            s = sites[0]
            runs, ref = s.entries + s.iterations, lt.lines.get(lt.first, 0)
            if line == lt.first:
                return Count(runs, exact=True)
        else:
            loop = next(
                (x for x in self.stmt_loops.get(lt.path, []) if x.line == line),
                None,
            )
            if loop is not None:
                return Count(loop.header_hits, exact=True)
            # a line its block runs once a run (a function's, not a lambda's in it): its runs,
            # counted
            runs_of = self.straight.get((lt.path, line))
            if runs_of is not None and lt.name.rsplit(".", 1)[-1] != "<lambda>":
                return Count(runs_of, exact=True)
            # the innermost counted block or loop holding the line in this code (its first
            # line hit by this code in the bursts: a nested function's lines are not its own)
            best: tuple[int, int, int] | None = None  # (span, runs, line hit once per run)
            for first, last, runs, ref_line in self.anchors.get(lt.path, []):
                if (
                    first <= line <= last
                    and ref_line in lt.lines
                    and (best is None or last - first < best[0])
                ):
                    best = (last - first, runs, ref_line)
            if best is None:
                return None
            runs, ref = best[1], self.statement_hits(lt, best[2])
            if ref < SCALE_MIN_HITS:
                # a block whose first line is long next to a burst (a call that runs for
                # milliseconds) is seldom seen starting: its hits are no measure
                return None
        if ref <= 0:
            return None
        return Count(round(runs * hits / ref))

    def _scaled(self, key: Key, hits: int | None = None) -> Count:
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
        Where the loop was counted over the run (advise/run/loopcount.py), both are exact;
        else they are read from the bursts, where entries and iterations were counted together.
        """
        site = self.site(path, line, comprehension)
        if site is not None:
            return Count(site.iterations, exact=True), site.per_entry
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
