"""``arraybench profile``: lint's findings confirmed, ranked and priced by a run of the program.

    observe      run the program once: per-line counts (line timer, in bursts), time by line
                 (sampler), values at the sampled lines, JAX compilations, CUDA syncs
    candidates   lint's findings in the files that ran, possible ones included
    confirm      each candidate gets its measured time (its loop or statement), its count and
                 the values seen there; a possible one becomes sure when the run shows it runs
                 many times, and one whose premise the run refutes (three iterations, a NumPy
                 scalar where a tensor was assumed, a float32 array) is dropped, with the reason
    detect       what only a run shows: loops over array elements (many cheap iterations
                 indexing arrays), conversions and syncs of tensors per iteration, tensors built
                 from Python data per iteration, compilations repeated at a line
    rank         by measured time; a finding whose rewrite would save under WORTH_SHARE of the
                 run is counted, not listed
    price        what the rewrite would save, as an interval: the measured time less what the
                 vectorized form costs (per-call costs measured in this process)

The stages live apart, as lint's do (docs/lint.md, "The advisor's stages"): reading the run
in advise/run/ (launch.py runs the program, linetime.py and sampler.py count and time it,
observe.py keeps one run's evidence, ledger.py corrects its time and counts, models.py prices
models after the run); the rules in advise/rules/confirm.py (lint's candidates and the loops
it finds) and advise/rules/patterns/ (one module a pattern only the run shows); the records in
advise/records.py; the output in advise/output/ (text.py, sarif.py, html.py).

The figures are the program's own: the sampler's time with the line timer's cost taken out
(advise/run/ledger.py), so the shares are of the program as it runs without arraybench.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from .lint import lint_paths
from .records import WORTH_SHARE, Finding, ProfileReport
from .rules.confirm import Analysis
from .rules.families.loops import relocate_conversions
from .rules.patterns.float64_origin import told_at_origin
from .rules.patterns.growth import relocate_growth
from .rules.patterns.list_membership import told_at_making
from .run.launch import Target
from .run.ledger import Count
from .run.observe import Evidence, observe

__all__ = ["analyse", "profile", "worth_listing"]


def worth_listing(found: Iterable[Finding]) -> tuple[tuple[Finding, ...], tuple[Finding, ...]]:
    """The findings listed by default (their rewrite would save WORTH_SHARE of the run or more)
    and the others, each by what its rewrite saves, most first (a recurrence's loop holds the
    whole run's time and saves a tenth of it: the growth inside it saves more)."""
    ranked = sorted(found, key=lambda f: (-f.saves, -f.seconds))
    listed = tuple(f for f in ranked if f.saves >= WORTH_SHARE)
    return listed, tuple(f for f in ranked if f.saves < WORTH_SHARE)


def analyse(ev: Evidence, root: str = "") -> ProfileReport:
    """Join lint's findings to the run's evidence; rank; price."""
    a = Analysis(ev)
    files = [p for p in ev.files if Path(p).is_file()]
    if files:
        report = lint_paths(files, possible=True)
        for d in report.diagnostics:
            a.confirm(d, d.path)
    a.detect(files)
    a.models(files)
    a.nested()
    relocate_growth(a)
    relocate_conversions(a)
    told_at_origin(a, files)
    told_at_making(a, files)
    listed, unlisted = worth_listing(a.found.values())
    notes = []
    if ev.bursts and ev.loops:
        notes.append(
            "counts are exact at loop headers and at lines run each time their block runs "
            "(counted over the whole run); ~ scaled elsewhere, by the line timer's bursts, "
            ">= counted in the bursts only"
        )
    elif ev.bursts:
        notes.append(
            "counts are from the line timer's bursts (a quarter of the run), scaled: ~ marks a "
            "scaled count, >= one counted in the bursts only"
        )
    else:
        notes.append("the program took SIGALRM: the line timer ran for the whole run")
    for path, why in sorted(ev.uncounted.items()):
        notes.append(f"{Path(path).name}: counts from the line timer's bursts only ({why})")
    return ProfileReport(
        target=ev.target.name,
        outcome=ev.outcome,
        wall=ev.wall,
        program=a.total,
        overhead=ev.overhead,
        hit_cost=ev.cost.wall_s,
        findings=listed,
        unlisted=unlisted,
        dropped=tuple(sorted(a.dropped, key=lambda f: -f.seconds)),
        hot=tuple(a.hot_lines()),
        files=tuple(files),
        samples=ev.samples.count,
        notes=tuple(notes),
        root=root or str(ev.target.root),
        line_times=_line_times(a, files),
        together=_together(a, listed),
        unlisted_together=_together(a, unlisted),
        counters=sum(ev.counters_s.values()),
    )


def _together(a: Analysis, found: tuple[Finding, ...] | list[Finding]) -> float:
    """The time the findings' lines took together (one inside another counted once), plus
    what a finding states beyond its lines' sampled time (AB414 prices its draws by their
    count and per-call cost, which a loop of short lines samples on its later lines), as a
    share of the run."""
    # (a line told as another finding's fix, ``fix_of``: that finding's saving, counted there)
    found = [f for f in found if f.fix_of is None]
    beyond = sum(
        max(0.0, f.seconds - a.led.span(f.path, f.line, f.end)) for f in found if f.seconds
    )
    return (a.led.union([(f.path, f.line, f.end) for f in found]) + beyond) / a.total


def _line_times(a: Analysis, files: list[str]) -> dict[str, dict[int, tuple[float, Count | None]]]:
    out: dict[str, dict[int, tuple[float, Count | None]]] = {p: {} for p in files}
    keys = set(a.led.inclusive_off) | set(a.led.inclusive_on) | set(a.led.by_code)
    keys |= set(a.led.lines())  # (counted, though never sampled nor in a burst)
    for path, line in keys:
        if path in out:
            c = a.led.count((path, line))
            out[path][line] = (a.led.seconds((path, line)), c if c.n else None)
    return out


def profile(target: Target, interval: float | None = None) -> ProfileReport:
    """Run the program once and report its slow patterns by what they cost."""
    ev = observe(target, interval)
    return analyse(ev)
