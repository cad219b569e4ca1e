"""The run's time and counts by the user's lines, with the profiler's own cost taken out.

Time comes from the sampler (advise/run/sampler.py): each sample is a stack of the user's lines
and the seconds charged to it. Samples taken while the line timer was on carry its cost; at the
line being run (the innermost) that cost is ``hits x HitCost.wall_s``, so those samples are
scaled down by ``(on - hits x cost) / on`` of that line. The loop counters' cost (a few ns an
iteration, calibrated before the run, advise/run/loopcount.py) is taken out of all samples of
the lines they ran on (:func:`take_out_counters`).

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

Key = tuple[str, int]
Stack = tuple[Key, ...]

#: A loop's sampled time is split among its lines by the bursts' own times only when the bursts
#: timed its lines this long in all (less: too few hits for their shares to mean much).
SPLIT_MIN_S = 2e-3
#: A line's time a hit in the bursts under which it is short beside a burst (5 ms): timed whole
#: many times in each.
SHORT_HIT_S = 2e-4
#: The share of the samples a line unseen by the bursts must hold to be timed after the run.
UNSEEN_MIN = 0.01
#: A function's last line of operators is given at most this many times its bursts' time a
#: run, times its runs, of the samples at the caller's next check.
TAIL_SLACK = 3.0

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


def split_loops(
    stacks: list[tuple[Stack, float, float]],
    lines: list[LineTimes],
    loops_of: Callable[[str], list[tuple[int, int]]],
    runs_of: Callable[[str], list[OperatorRun]] | None = None,
    cost: float = 0.0,
    inflation: dict[Key, float] | None = None,
    runs_at: dict[Key, int] | None = None,
    returns_of: Callable[[str], list[ReturnRun]] | None = None,
    unseen: Callable[[str, int], float | None] | None = None,
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

    Outside the loops split so, ``runs_of`` gives the statements with a call that follow lines
    of operators only (advise/run/sampler.py ``operator_runs``: ``C_L = np.sqrt(...)`` after
    eleven lines of array arithmetic in a function called per step); the samples at such a
    statement are shared among it and those lines by their bursts' times, less ``cost`` a hit
    (the line timer's own) and divided by ``inflation`` (a library's Python code traced: a 2x2
    ``np.linalg.cholesky`` reads 3x its time in the bursts). A statement that calls the user's
    code keeps its samples. A statement whose operators run after its call (``np.tile(x, (n,
    1)) - data``) shares in those samples too, by its time a run less its sampled time a run
    (``runs_at``: the lines' exact runs); and ``returns_of`` gives the checks after a call of a
    function whose last lines are operators: the check's samples are shared with those lines,
    by their times a hit, under the call's line.

    A loop's last line of operators is never timed by the bursts: the signal that switches the
    timer off is handled at the loop's jump back, right after that line, and the line being
    timed is dropped. Where such a line holds samples, ``unseen`` gives its seconds a run (its
    expression timed after the run on values like those seen), and it shares in the split as
    that, times the runs the bursts saw of the loop's lines (``G = X.T @ X`` then
    ``w = w - lr * (G @ w - b)``: the second line's samples are the first's).
    """
    callers = {(p, abs(ln)) for stack, _, _ in stacks for p, ln in stack[1:]}
    sampled: dict[Key, float] | None = None
    beneath: dict[Key, float] | None = None
    weights_of: dict[Key, dict[Key, float]] = {}
    looped: set[Key] = set()  # the lines of loops split by their bursts
    runs: dict[str, list[OperatorRun]] = {}
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
            if not group or sum(lt.times[ln] for ln in group) < SPLIT_MIN_S:
                continue
            # each line's burst time as if untraced: its library Python code ran slower traced
            # (an optimizer's step() and a loss's wrappers read 2-3x in the bursts, against a
            # tensor built from a list in C)
            untraced = {
                ln: lt.times[ln] / (inflation or {}).get((lt.path, ln), 1.0) for ln in inside
            }
            # a line that calls the user's code: its burst time holds its callee's, which the
            # samples find in the callee's lines; less that (at the bursts' rate of the loop),
            # the rest is its own, where a signal may have landed on the next line (a callee
            # that ends in an exception caught, ``isfile`` of a file that is not there: no check
            # until the next line's call; round 14's exercise_1_3.py:32 read ~5% for 73%)
            if sampled is None:
                sampled = _sampled(stacks)
            if beneath is None:
                beneath = _beneath(stacks)
            spent = sum(sampled.get((lt.path, ln), 0.0) for ln in inside) + sum(
                beneath.get((lt.path, ln), 0.0) for ln in inside
            )
            rate = sum(untraced.values()) / spent if spent > 0 else 0.0
            for ln in inside:
                if (lt.path, ln) in callers:
                    untraced[ln] = max(0.0, untraced[ln] - beneath.get((lt.path, ln), 0.0) * rate)
            # ...only where that gives it more than its own samples: the bursts under-time a
            # long call (one being timed when a burst ends is dropped: a JIT compile of 100 ms
            # in a 5 ms burst), and such a line's own samples are its time
            # (and only in a loop of short lines: a line that lasts a good part of a burst is
            # under-timed, so its samples would go to the caller: np_particles' growing
            # concatenate after its step() call read 0.20 for 0.41)
            own_sampled = sum(sampled.get((lt.path, ln), 0.0) for ln in inside)
            weight = sum(untraced.values())
            short = all(lt.times[ln] / max(lt.lines.get(ln, 0), 1) < SHORT_HIT_S for ln in inside)
            for ln in inside:
                if (lt.path, ln) in callers and (
                    not short
                    or weight <= 0
                    or untraced[ln] / weight * own_sampled <= sampled.get((lt.path, ln), 0.0)
                ):
                    del untraced[ln]
            group = list(untraced)
            if not group or sum(lt.times[ln] for ln in group) < SPLIT_MIN_S:
                continue
            if unseen is not None:
                if sampled is None:
                    sampled = _sampled(stacks)
                iterations = max(lt.lines.get(ln, 0) for ln in group)
                # (a line with under UNSEEN_MIN of the samples moves nothing worth its timing)
                least = UNSEEN_MIN * sum(sampled.values())
                for (p, ln), t in sampled.items():
                    if (
                        p == lt.path
                        and first < ln <= last
                        and ln not in lt.lines
                        and ln not in taken
                        and (p, ln) not in callers
                        and t > least
                    ):
                        each = unseen(p, ln)
                        if each is not None:
                            untraced[ln] = each * iterations
                            taken.add(ln)
                group = list(untraced)
            if len(group) < 2:
                continue
            total = sum(untraced.values())
            if total <= 0:
                continue
            weights = {(lt.path, ln): untraced[ln] / total for ln in group}
            for ln in group:
                weights_of[(lt.path, ln)] = weights
            looped.update((lt.path, ln) for ln in inside)
        if runs_of is not None and lt.path not in runs:
            runs[lt.path] = runs_of(lt.path)
        for at, run, holds_own, tails in runs.get(lt.path, ()):
            keys = [(lt.path, ln) for ln in (*run, *at)]
            if any(
                k in looped or k in callers or (k in weights_of and k[1] not in tails) for k in keys
            ):
                continue  # (a statement with operators after its call may hold a run before)
            if not holds_own:
                # a call of a function of operators only: its samples are the lines' before it
                # (its own work is handled after its return), which share them by their bursts
                # or, unseen by the bursts (a line run once, for a second), evenly
                timed = {ln: lt.times.get(ln, 0.0) for ln in run}
                whole = sum(timed.values())
                weights = {
                    (lt.path, ln): (t / whole if whole >= SPLIT_MIN_S else 1 / len(run))
                    for ln, t in timed.items()
                }
                for ln in at:
                    weights_of[(lt.path, ln)] = weights
                continue
            own = {
                k: max(0.0, lt.times[k[1]] - lt.lines.get(k[1], 0) * cost)
                / (inflation or {}).get(k, 1.0)
                for k in keys
                if k[1] in lt.times
            }
            if tails:
                # a statement's operators after its call: the lines' times a run (straight
                # lines each run as often), the statement's less what was sampled on it a run
                # (its call's time, checked inside), counted exactly; none where not counted
                if sampled is None:
                    sampled = _sampled(stacks)
                per_run = {k: t / max(lt.lines.get(k[1], 0), 1) for k, t in own.items()}
                for ln in tails:
                    k = (lt.path, ln)
                    n = (runs_at or {}).get(k)
                    if k in per_run:
                        per_run[k] = max(0.0, per_run[k] - sampled.get(k, 0.0) / n) if n else 0.0
                if sum(own.values()) < SPLIT_MIN_S:
                    continue
                own = per_run
            total = sum(own.values())
            if (
                not any(ln in lt.times for ln in at)
                or total <= 0
                or (not tails and total < SPLIT_MIN_S)
            ):
                continue
            weights = {k: t / total for k, t in own.items()}
            for ln in at:
                weights_of[(lt.path, ln)] = weights
    # a function's last lines of operators, whose signal is handled after its return at the
    # caller's next check: that check's samples are shared with them by their times a run (the
    # lines of both code objects, from the bursts), and given back under the call's line
    # (in a loop too: its split gave a 16384x64 product ending ``process_frame`` to the next
    # iteration's first line, 90% for its 0.4%)
    through: dict[tuple[Key, Key], Key] = {}  # (check, callee line) -> the call's line
    # the checks after a return, with their weights (also applied to what a loop's split gives
    # the check: the samples at a loop's jump back, ``for`` line, read as its last line's)
    after_return: dict[Key, dict[Key, float]] = {}
    per_hit: dict[Key, float] | None = None
    for path in {lt.path for lt in lines}:
        for at, via, tail in returns_of(path) if returns_of is not None else ():
            at_keys = [(path, ln) for ln in at]
            keys = [*((path, ln) for ln in tail), *at_keys]
            # (a check on the call's own line, ``e += np.square(project(x))``: a caller line,
            # whose burst time holds its callee's, less what was sampled in the callee a run)
            same = at_keys == [(path, via)]
            if any(
                (k in callers and not same) or (k in weights_of and k not in looped)
                for k in at_keys
            ):
                continue
            if per_hit is None:
                per_hit = _per_hit(lines, cost, inflation)
            if sampled is None:
                sampled = _sampled(stacks)
            if beneath is None:
                beneath = _beneath(stacks)
            own = {k: per_hit[k] for k in keys if k in per_hit}
            for k in at_keys:
                n = (runs_at or {}).get(k)
                if same and k in own:
                    own[k] = max(0.0, own[k] - beneath.get(k, 0.0) / n) if n else 0.0
            for ln in tail:
                # a tail statement with a call (``x.reshape(-1) @ B``): its call's own time was
                # sampled on it, checked inside; what lands after the return is the rest
                k = (path, ln)
                n = (runs_at or {}).get(k)
                if k in own and n:
                    own[k] = max(0.0, own[k] - sampled.get(k, 0.0) / n)
            total = sum(own.values())
            if total <= 0 or not any(k in own for k in at_keys):
                continue
            weights = {k: t / total for k, t in own.items()}
            # a tail line is given at most TAIL_SLACK times what its bursts say it costs a run,
            # times its runs: the check's samples can hold much else (the compiles of a jitted
            # call made after the return, ``power(A, v, budget(A))``: 2.6 s went to
            # ``budget``'s last line, whose runs took ~1 ms)
            at_total = sum(sampled.get(k, 0.0) for k in at_keys)
            for ln in tail:
                k = (path, ln)
                n = (runs_at or {}).get(k)
                if k not in weights or not n or at_total <= 0 or k not in per_hit:
                    continue
                cap = TAIL_SLACK * per_hit[k] * n / at_total
                if weights[k] > cap:
                    excess = weights[k] - cap
                    weights[k] = cap
                    for c in at_keys:
                        weights[c] = weights.get(c, 0.0) + excess / len(at_keys)
            for k in at_keys:
                weights_of[k] = weights
                after_return[k] = weights
                for ln in tail:
                    through[(k, (path, ln))] = (path, via)
    if not weights_of:
        return stacks
    out: list[tuple[Stack, float, float]] = []
    for stack, off, on in stacks:
        shares = weights_of.get(stack[0]) if stack[0][1] > 0 else None
        if shares is None:
            out.append((stack, off, on))
            continue
        for key, w in shares.items():
            if w <= 0:
                continue
            # (what a loop's split gives a check after a return is shared the same way)
            again = (
                after_return.get(key) if key != stack[0] and stack[0] not in after_return else None
            )
            for k2, w2 in (again or {key: 1.0}).items():
                if w2 <= 0:
                    continue
                # (a callee's line runs under the caller's line that called it)
                call = through.get((key, k2)) if again else through.get((stack[0], key))
                head = (k2, call) if call is not None else (k2,)
                out.append(((*head, *stack[1:]), off * w * w2, on * w * w2))
    return out


def _per_hit(
    lines: list[LineTimes], cost: float, inflation: dict[Key, float] | None
) -> dict[Key, float]:
    """Each line's burst time a hit, less the line timer's cost and its traced library code's
    slowdown, over all code objects that ran it."""
    times: dict[Key, float] = defaultdict(float)
    hits: dict[Key, int] = defaultdict(int)
    for lt in lines:
        for ln, t in lt.times.items():
            times[(lt.path, ln)] += t
            hits[(lt.path, ln)] += lt.lines.get(ln, 0)
    return {
        k: max(0.0, t - hits[k] * cost) / (inflation or {}).get(k, 1.0) / hits[k]
        for k, t in times.items()
        if hits[k] > 0
    }


def _beneath(stacks: list[tuple[Stack, float, float]]) -> dict[Key, float]:
    """Seconds sampled in the user's code a line called (the line below the innermost)."""
    out: dict[Key, float] = defaultdict(float)
    for stack, off, on in stacks:
        for key in {(p, abs(ln)) for p, ln in stack[1:]}:
            out[key] += off + on
    return out


def _sampled(stacks: list[tuple[Stack, float, float]]) -> dict[Key, float]:
    """Seconds sampled by innermost line (a comprehension's own frame apart)."""
    out: dict[Key, float] = defaultdict(float)
    for stack, off, on in stacks:
        if stack[0][1] > 0:
            out[stack[0]] += off + on
    return out


def take_out_counters(
    stacks: list[tuple[Stack, float, float]],
    spent: dict[Key, float],
    loops_of: Callable[[str], list[tuple[int, int]]] | None,
) -> list[tuple[Stack, float, float]]:
    """The samples less what the loop counters cost (advise/run/loopcount.py): ``spent`` seconds
    at each line they ran on, taken out of the samples whose innermost line it is. Where that
    line holds less (its counter's time was sampled at the loop's next call or its backward
    jump), the rest is taken out of the other lines of its innermost loop, in proportion to
    their time; a loop's time loses all its counters' cost either way.

        take[line] = min(spent[line], own[line])
        take[other lines of its loop] += (spent[line] - take[line]) x their share of the loop
        each sample at a line x (1 - take[line] / own[line])
    """
    own: dict[Key, float] = defaultdict(float)
    for stack, off, on in stacks:
        path, line = stack[0]
        own[(path, abs(line))] += off + on
    take: dict[Key, float] = defaultdict(float)
    for key, cost in spent.items():
        take[key] = min(cost, own.get(key, 0.0))
    for key, cost in sorted(spent.items()):
        rest = cost - take[key]
        if rest <= 0 or loops_of is None:
            continue
        path, line = key
        spans = [s for s in loops_of(path) if s[0] <= line <= s[1]]
        if not spans:
            continue
        first, last = min(spans, key=lambda s: s[1] - s[0])
        others = {
            k: v - take[k]
            for k, v in own.items()
            if k[0] == path and first <= k[1] <= last and k != key and v - take[k] > 0
        }
        free = sum(others.values())
        if free <= 0:
            continue
        part = min(1.0, rest / free)
        for k, v in others.items():
            take[k] += v * part
    keep = {k: max(0.0, 1 - t / own[k]) for k, t in take.items() if own.get(k, 0.0) > 0}
    out: list[tuple[Stack, float, float]] = []
    for stack, off, on in stacks:
        path, line = stack[0]
        f = keep.get((path, abs(line)))
        out.append((stack, off, on) if f is None else (stack, off * f, on * f))
    return out


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
    """

    def __init__(
        self,
        ev: Evidence,
        loops_of: Callable[[str], list[tuple[int, int]]] | None = None,
        runs_of: Callable[[str], list[OperatorRun]] | None = None,
        spans_of: Callable[[str], dict[int, tuple[int, int]]] | None = None,
        returns_of: Callable[[str], list[ReturnRun]] | None = None,
        unseen: Callable[[str, int], float | None] | None = None,
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
