"""How the run's samples are shared among the user's lines before they are added up
(advise/run/ledger.py): a loop's sampled time split among its lines by the line timer's bursts,
the lines of operators before a check and a function's last lines after its return given their
share of the check's samples, and the loop counters' cost taken out."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from .checks import OperatorRun, ReturnRun
from .linetime import LineTimes

Key = tuple[str, int]
Stack = tuple[Key, ...]

#: A loop's sampled time is split among its lines by the bursts' own times only when the bursts
#: timed its lines this long in all (less: too few hits for their shares to mean much).
SPLIT_MIN_S = 2e-3
#: A line's time a hit in the bursts under which it is short beside a burst (5 ms): timed whole
#: many times in each.
SHORT_HIT_S = 2e-4
#: A line's sampled time a run from which the bursts under-time it (half a 5 ms burst): its
#: samples stay its own, out of its loop's split.
LONG_HIT_S = 2.5e-3
#: ... where this part of its samples or more fell in a library's Python code (``library``: per
#: line, that part).
LIBRARY_OWN = 0.5
#: The share of the samples a line unseen by the bursts must hold to be timed after the run.
UNSEEN_MIN = 0.01
#: A function's last line of operators is given at most this many times its bursts' time a
#: run, times its runs, of the samples at the caller's next check.
TAIL_SLACK = 3.0


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
    quiet_of: Callable[[str], list[tuple[int, ...]]] | None = None,
    library: dict[Key, float] | None = None,
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

    A line of operators only that holds samples after all (``quiet_of`` gives a file's runs of
    them: a library's operator written in Python checks for a signal) shares them with the
    lines of its run before it, by their times a hit.

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
            # (a line no burst saw end, with less than SPLIT_MIN_S at the bursts' ends, is as
            # unseen: the bursts' switches lock onto the program's checks, and a line whose
            # call is where they land is timed from its start to that check alone, ~0 s:
            # np_asian_option's 25 ms ``np.array(vol_table)``, 24% of the run)
            inside = [
                ln
                for ln in lt.times
                if first <= ln <= last
                and ln not in taken
                and (ln in lt.lines or lt.times[ln] >= SPLIT_MIN_S)
            ]
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
            # (a line whose runs each last half a burst or more: the bursts drop the runs being
            # timed when they end, so its burst time is too short, and its samples are its own:
            # a model's forward of ~10 ms a batch in a loop with a cheap line after it read
            # nothing, all its samples split onto that line, on a busy machine)
            # (only a line whose samples are mostly in a library's Python code, where the signal
            # is handled at once: a line of C operators' samples may be those of the lines
            # before it, ``G = X.T @ X`` landing on the next line)
            for ln in list(untraced):
                done = (runs_at or {}).get((lt.path, ln), 0)
                if (
                    done
                    and (library or {}).get((lt.path, ln), 0.0) >= LIBRARY_OWN
                    and sampled.get((lt.path, ln), 0.0) / done >= LONG_HIT_S
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
            # (a statement that calls the user's code: its samples outside the callee are those
            # taken at the callee's entry, the time before the call, where the signal that fell
            # on the lines of operators before it was handled; blind143's marbling: a 168k-point
            # ``p += shift[:, None] * direction`` read on ``rake.log_angle(angle)`` after it)
            # (only where its runs were counted: its callee's part a run is known)
            calling = [
                k
                for k in keys
                if k in callers and k[1] in at and k[1] not in tails and (runs_at or {}).get(k)
            ]
            if any(
                k in looped
                or (k in callers and k not in calling)
                or (k in weights_of and k[1] not in tails)
                for k in keys
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
            if calling or tails:
                # a statement's operators after its call (``tails``): the lines' times a run
                # (straight lines each run as often), the statement's less what was sampled on
                # it a run (its call's time, checked inside), counted exactly, none where not
                # counted; a statement that calls the user's code (``calling``): less what was
                # sampled in its callee a run
                if sampled is None:
                    sampled = _sampled(stacks)
                if beneath is None:
                    beneath = _beneath(stacks)
                per_run = {k: t / max(lt.lines.get(k[1], 0), 1) for k, t in own.items()}
                for k, t in list(per_run.items()):
                    if k[1] in tails or k in calling:
                        n = (runs_at or {}).get(k)
                        taken_s = (sampled.get(k, 0.0) if k[1] in tails else 0.0) + (
                            beneath.get(k, 0.0) if k in calling else 0.0
                        )
                        per_run[k] = max(0.0, t - taken_s / n) if n else 0.0
                if sum(own.values()) < SPLIT_MIN_S:
                    continue
                own = per_run
            total = sum(own.values())
            if (
                not any(ln in lt.times for ln in at)
                or total <= 0
                or (not tails and not calling and total < SPLIT_MIN_S)
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
                if k not in own and not same and unseen is not None:
                    # (a check the bursts never timed, the one where their switches land:
                    # ``return -np.quantile(pnl, level)`` after ``pnl = self.scenarios(n) @
                    # w``, whose 30000x96 product ends ``scenarios``; its expression timed
                    # after the run on the values seen there; blind25's value-at-risk read
                    # 46% on the quantile, 0 on the product)
                    each = unseen(*k)
                    if each is not None:
                        own[k] = each
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
    # a line of operators only that holds samples of its own checks for a signal after all (a
    # library's operator written in Python: torch's ``**`` on ``p_next[:, 1]``): the signal that
    # fell on the quiet lines before it, since the last check, is handled there, and they share
    # its samples by their times a hit (blind85's organ pipes: a float64 wave step's five lines
    # of arithmetic read on the function's last line, 97% of the run)
    for path in {lt.path for lt in lines}:
        for run in quiet_of(path) if quiet_of is not None else ():
            for i, ln in enumerate(run[1:], 1):
                k = (path, ln)
                if k in weights_of or k in looped or k in callers:
                    continue
                if sampled is None:
                    sampled = _sampled(stacks)
                if sampled.get(k, 0.0) <= 0:
                    continue
                if per_hit is None:
                    per_hit = _per_hit(lines, cost, inflation)
                before = [(path, x) for x in run[: i + 1] if (path, x) in per_hit]
                total = sum(per_hit[b] for b in before)
                burst_s = sum(
                    lt.times.get(b[1], 0.0) for lt in lines if lt.path == path for b in before
                )
                if len(before) < 2 or total <= 0 or burst_s < SPLIT_MIN_S:
                    continue
                weights_of[k] = {b: per_hit[b] / total for b in before}
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
