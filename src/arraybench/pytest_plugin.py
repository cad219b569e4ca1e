"""A regression gate where the tests run: the ``abench`` fixture measures a function with the
engine, ``--arraybench-save`` keeps the results, and ``--arraybench-compare`` fails a test whose
function got slower than in a saved run, by the rule of ``arraybench compare``.

    def test_sum(abench):
        x = list(range(10_000))
        assert abench(sum, x) == 49_995_000     # sum(x), returned; then measured

    pytest --arraybench-save=base.json                            # on the main branch
    pytest --arraybench-compare=base.json --arraybench-save=new.json   # on the change

What ``abench(fn, *args, **kwargs)`` does:

    call      fn(*args, **kwargs) once, as the test would: its result is returned and its
              exception propagates, untouched
    measure   a Workload of one case built on the spot (workload: the test's node id, impl: the
              label, fn's name by default; backend "python", size 1), run by arraybench.run in
              this process: calibrated samples in blocks spread over the budget, the median's
              95% interval from the blocks (a function defined in a test cannot be sent to
              fresh processes without pickling it, so the differences between processes'
              memory layouts are not in the interval: keep the band at 5% or above)
    compare   with --arraybench-compare=RUN: the same case of RUN against this one through
              analysis.compare.compare, the rule of ``arraybench compare``: "slower" when the
              whole 95% interval of the ratio lies above the no-change band, which fails the
              test; "no change", "faster" and "cannot tell" pass, and the terminal summary
              reports them with what would settle a "cannot tell"
    band      --arraybench-band, else the runs' --target (the larger of the two: the precision
              each median was measured to)

Under pytest-xdist (``-n N``) nothing is measured: the workers run tests side by side on the
same cores, so each one's timings would hold the others' work (pytest-benchmark turns itself off
there too). ``abench`` then calls the function and returns its result, the terminal summary
says how many calls went unmeasured, and ``--arraybench-save``/``--arraybench-compare`` stop
the session at once with the fix (``-n 0``), since each worker would write its own part of the
file and gate on contaminated times.

The plugin is registered through the ``pytest11`` entry point, so pytest loads it in every
session of an environment holding arraybench: loading it imports nothing but pytest, and a
session that neither uses the fixture nor gives an option sees no change. The fixture
``arraybench_clock`` gives the clock to time with (None: the real one); a test module or
conftest overrides it with a :class:`~arraybench.measure.clock.FakeClock` to model a slowdown.
"""

from __future__ import annotations

import argparse
import functools
import inspect
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .analysis.compare import CaseComparison
    from .measure.clock import Clock
    from .results import CaseResult, RunResult

#: The backend a measured function runs on: its arguments are handed over untouched.
BACKEND = "python"
#: The nominal size of every measured case (a key needs one).
SIZE = 1
#: Beside another version: the budgets (times the first) a function and its twin are measured
#: again with while their ratio cannot tell.
AGAIN = (2, 4)
#: Characters a workload name may hold; every other run of characters of a node id becomes "_".
_NOT_NAME = re.compile(r"[^A-Za-z0-9_.\-]+")


def _change(text: str) -> float:
    """``--arraybench-band``: ``5%`` or ``0.05`` (parsed by ``arraybench compare``'s parser)."""
    from .cli.compare import parse_change

    return parse_change(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("arraybench", "arraybench: measure functions in tests, gate slowdowns")
    group.addoption(
        "--arraybench-save",
        metavar="PATH",
        default=None,
        help="write the cases the abench fixture measured to PATH, an arraybench results file "
        "(what --arraybench-compare and `arraybench compare` read)",
    )
    group.addoption(
        "--arraybench-compare",
        metavar="RUN",
        default=None,
        help="compare each measured case with the same case in RUN (a results file, or a run id "
        "of the history store) and fail the test when it is slower: the whole 95%% interval of "
        "the ratio above the no-change band. 'cannot tell' passes and is reported. Where RUN "
        "records a commit of this repository and no uncommitted change, that commit's code is "
        "measured beside each function (as --arraybench-against does) and the saved times are "
        "not read",
    )
    group.addoption(
        "--arraybench-saved",
        action="store_true",
        default=False,
        help="with --arraybench-compare: read RUN's saved times even where its commit could be "
        "measured beside (the intervals are widened by the machine's drift between the runs)",
    )
    group.addoption(
        "--arraybench-against",
        metavar="REV",
        default=None,
        help="measure each function beside its version at REV, a git revision of the "
        "repository (its module imported from REV's tree), in the same rounds, and fail the "
        "test when it is slower: the whole 95%% interval of the ratio above the band",
    )
    group.addoption(
        "--arraybench-band",
        metavar="PCT",
        type=_change,
        default=None,
        help="the no-change band, 5%% or 0.05 (default: the runs' --target, the larger of the two)",
    )
    group.addoption(
        "--arraybench-budget",
        metavar="SECONDS",
        type=_seconds,
        default=None,
        help="seconds of measuring per measured function, after its first call (default: "
        "arraybench run's, 0.5)",
    )


@dataclass
class Measured:
    """One function measured by the fixture.

    Attributes:
        nodeid: the test that measured it.
        label: its label (the function's name unless given).
        case: the engine's record of it.
        comparison: the case against the baseline's, when the baseline holds it and both
            passed.
        note: why there is no comparison when a baseline was given ("not in the baseline").
    """

    nodeid: str
    label: str
    case: CaseResult
    comparison: CaseComparison | None = None
    note: str = ""


@dataclass
class Session:
    """What the plugin holds for one pytest session (in ``config.stash``)."""

    save: str | None = None
    compare_ref: str | None = None
    #: --arraybench-against: the revision named, and its tree (arraybench/against.py).
    against_rev: str | None = None
    other: Any = None
    band: float | None = None
    budget: float | None = None
    baseline: RunResult | None = None
    #: The repository the tests run in (pytest's rootdir): its commit is saved with the run.
    root: Any = None
    #: --arraybench-compare: the baseline's code measured beside (its commit, in ``other``),
    #: or why its saved times are read instead.
    beside: bool = False
    saved_why: str = ""
    #: Each function against its twin measured beside it (against.Pair), for the saved run.
    pairs: list[Any] = field(default_factory=list)
    measured: list[Measured] = field(default_factory=list)
    runs: list[RunResult] = field(default_factory=list)
    saved: str = ""
    #: Under pytest-xdist: nothing is measured (the module docstring).
    parallel: bool = False
    #: abench calls that measured nothing for that reason (the workers' counts, on the
    #: controller).
    unmeasured: int = 0

    @property
    def used(self) -> bool:
        return bool(
            self.measured or self.save or self.compare_ref or self.against_rev or self.unmeasured
        )

    @property
    def gate_ref(self) -> str | None:
        """What a slower function is slower than: the baseline run, or the revision."""
        if self.beside:
            return f"{self.compare_ref}'s commit {self.other.commit[:10]}, measured beside it"
        if self.other is not None:
            return f"{self.against_rev} ({self.other.commit[:10]}), measured beside it"
        return self.compare_ref

    def threshold(self) -> tuple[float, str]:
        """The no-change band and where it came from."""
        if self.band is not None:
            return self.band, "--arraybench-band"
        from .cli.compare import default_threshold

        return default_threshold(*([self.baseline] if self.baseline else []), *self.runs[:1])

    def measure(
        self,
        nodeid: str,
        label: str,
        call: Callable[[], Any],
        clock: Clock | None,
        budget: float | None,
        twin: Callable[[], Any] | str | None = None,
    ) -> Measured:
        """Measure ``call`` as one case; with ``twin`` (--arraybench-against: the function at
        REV, bound to the same arguments, or why there is none) beside it in the same rounds,
        and the case read against it."""
        import arraybench as ab

        from .config import DEFAULT_BUDGET_S, RunConfig

        name = workload_name(nodeid)
        same = next(
            (m for m in self.measured if m.case.workload == name and m.case.impl == label), None
        )
        if same is not None:
            pytest.fail(
                f"arraybench: {nodeid} measured {label!r} already: give each call of abench in "
                "a test its own label="
                if same.nodeid == nodeid
                else f"arraybench: {nodeid} and {same.nodeid} name the same case "
                f"{name}/{label}: give one of them another label=",
                pytrace=False,
            )
        w = ab.Workload(name, sizes=(SIZE,), dtypes=("float64",), description=f"pytest {nodeid}")
        w.inputs(_no_inputs)
        w.impl(BACKEND, label=label)(call)
        if callable(twin):
            w.impl(BACKEND, label=f"{label}@{self.other.tag}")(twin)
        config = RunConfig(
            budget=budget or self.budget or DEFAULT_BUDGET_S,
            processes=1,
            threads=None,  # the code as the test runs it: each library's threads as found
            backends=(BACKEND,),
            # Beside REV's version, the outputs may differ by design: the test asserts what
            # is right, the gate times what each version computes.
            check=not callable(twin),
        )
        run = ab.run(w, config, clock=clock)
        if callable(twin):
            # Pinpoint's rule, in one process: while the pairing cannot tell, measure the two
            # again with a larger budget (more rounds; a busy spell passes), up to a limit.
            from . import against

            threshold, _ = self.threshold()
            for scale in AGAIN:
                found = against.pairs(run.cases, self.other.tag, threshold)
                if not found or found[0].verdict != "cannot tell":
                    break
                run = ab.run(w, replace(config, budget=config.budget * scale), clock=clock)
        mine = next(c for c in run.cases if c.impl == label)
        self.runs.append(replace(run, cases=(mine,)))
        measured = Measured(nodeid, label, mine)
        if isinstance(twin, str):
            measured = replace(measured, note=f"not compared with {self.against_rev}: {twin}")
        elif twin is not None:
            measured = self._beside(measured, run)
        if self.baseline is not None and not self.beside:
            measured = self._compared(measured, run)
        self.measured.append(measured)
        return measured

    def _beside(self, measured: Measured, run: RunResult) -> Measured:
        """The case read against its twin at REV, measured in the same rounds."""
        from . import against
        from .analysis.compare import WIDE, CaseComparison

        threshold, _ = self.threshold()
        found = against.pairs(run.cases, self.other.tag, threshold)
        theirs = next((c for c in run.cases if c.impl != measured.label), None)
        if not found or theirs is None or theirs.measurement is None:
            why = theirs.error if theirs is not None and theirs.error else "it was not measured"
            return replace(measured, note=f"not compared with {self.against_rev}: {why}")
        (pair,) = found
        self.pairs.append(pair)
        assert measured.case.measurement is not None
        comparison = CaseComparison(
            key=measured.case.key,
            median_a=theirs.measurement.median,
            median_b=measured.case.measurement.median,
            ratio=pair.ratio,
            ratio_ci=(pair.low, pair.high),
            p=math.nan,
            u=math.nan,
            n_a=pair.units,
            n_b=pair.units,
            verdict=pair.verdict,
            note=WIDE if pair.verdict == "cannot tell" else "",
        )
        return replace(measured, comparison=comparison)

    def _compared(self, measured: Measured, run: RunResult) -> Measured:
        from .analysis import stability
        from .analysis.compare import compare

        assert self.baseline is not None
        key = measured.case.key
        base = next((c for c in self.baseline.cases if c.key == key), None)
        if base is None:
            return replace(measured, note="not in the baseline")
        threshold, _ = self.threshold()
        # The same reading as `arraybench compare` of the two files: where a run has no canary
        # (the plugin's never do), its intervals widened by this machine's drift.
        baseline = replace(self.baseline, cases=(base,))
        drift = stability.drift_here(baseline, run)
        comparison = compare(baseline, run, threshold=threshold, drift=drift)
        if comparison.cases:
            return replace(measured, comparison=comparison.cases[0])
        failed = comparison.failed[0]
        where = {"A": "the baseline", "B": "this run", "both": "both runs"}[failed.failed_in]
        return replace(measured, note=f"failed in {where}: {failed.error}")

    def result(self) -> RunResult:
        """Every measured case in one run: the first run's environment and settings (the
        measurements differ only in their functions)."""
        from . import against
        from .analysis.comparison import SOURCE_KEY

        first, last = self.runs[0], self.runs[-1]
        extra: dict[str, Any] = {}
        where = against.source(self.root) if self.root is not None else None
        if where is not None:  # the commit measured: a later session measures it beside
            extra[SOURCE_KEY] = where
        if self.other is not None:
            band, _ = self.threshold()
            extra[against.EXTRA_KEY] = against.record(self.other, self.pairs, band)
        return replace(
            first,
            cases=tuple(m.case for m in self.measured),
            finished=last.finished,
            extra={
                **first.extra,
                **extra,
                "pytest": {
                    "tests": [
                        {"nodeid": m.nodeid, "label": m.label, "workload": m.case.workload}
                        for m in self.measured
                    ]
                },
            },
        )


_SESSION = pytest.StashKey[Session]()

#: What settles a "cannot tell" in a test run (analysis.compare.NOTES names the command line's
#: options): a function in a test is measured in one process, so only the budget narrows it.
_NOTES = {
    "interval wider than the band": "the ratio's interval reaches past the no-change band, so "
    "the runs can neither show a change nor rule one out: measure both with a larger "
    "--arraybench-budget (or abench.measure(fn, budget=...)), or widen the band with "
    "--arraybench-band",
    "too few samples": "too few blocks for any interval to be trusted: measure both with a "
    "larger --arraybench-budget",
}


#: What ``--arraybench-save``/``--arraybench-compare`` say under pytest-xdist.
PARALLEL_ERROR = (
    "arraybench: {option} cannot measure under pytest-xdist (-n {n}): its workers run tests "
    "side by side on the same cores, so each one's timings would hold the others' work, and "
    "each worker would write its own part of the results. Run the measured tests with -n 0 "
    "(or -p no:xdist)"
)


def _xdist(config: pytest.Config) -> str | None:
    """pytest-xdist's worker count when this session runs tests in its workers (or is one of
    them), else None."""
    if hasattr(config, "workerinput"):
        return str(config.workerinput.get("workercount", "N"))  # type: ignore[attr-defined]
    n = getattr(config.option, "numprocesses", None)
    if n in (None, 0, "0"):
        return None
    return str(n)


def pytest_configure(config: pytest.Config) -> None:
    session = Session(
        save=config.getoption("arraybench_save"),
        compare_ref=config.getoption("arraybench_compare"),
        against_rev=config.getoption("arraybench_against"),
        band=config.getoption("arraybench_band"),
        budget=config.getoption("arraybench_budget"),
        root=config.rootpath,
    )
    workers = _xdist(config)
    if workers is not None:
        given = [
            name
            for name, value in (
                ("--arraybench-save", session.save),
                ("--arraybench-compare", session.compare_ref),
                ("--arraybench-against", session.against_rev),
            )
            if value
        ]
        if given:
            raise pytest.UsageError(PARALLEL_ERROR.format(option=" and ".join(given), n=workers))
        session.parallel = True
    if session.compare_ref is not None and session.against_rev is not None:
        raise pytest.UsageError(
            "--arraybench-compare and --arraybench-against are two gates: give one (against a "
            "saved run, or against a revision measured beside the change)"
        )
    if session.compare_ref is not None:
        session.baseline = _load_baseline(session.compare_ref)
        if not session.parallel:
            _beside_baseline(session, config)
    if session.against_rev is not None and not session.parallel:
        from . import against
        from .base.errors import ArraybenchError

        try:
            session.other = against.repository(config.rootpath, session.against_rev)
        except ArraybenchError as e:
            raise pytest.UsageError(str(e)) from None
    config.stash[_SESSION] = session


def _beside_baseline(session: Session, config: pytest.Config) -> None:
    """The baseline's code measured beside each function, where the baseline records a clean
    commit of this repository (two sessions taken at different times differ by the machine's
    move, which a pairing in the same rounds does not see); else why its saved times are read."""
    from . import against
    from .analysis.comparison import SOURCE_KEY
    from .base.errors import ArraybenchError

    assert session.baseline is not None and session.compare_ref is not None
    if config.getoption("arraybench_saved"):
        session.saved_why = "--arraybench-saved"
        return
    record = session.baseline.extra.get(SOURCE_KEY)
    try:
        other, why = against.baseline_version(config.rootpath, record, session.compare_ref)
    except ArraybenchError as e:
        other, why = None, str(e)
    if other is None:
        session.saved_why = why
        return
    session.other, session.beside = other, True
    session.against_rev = other.rev


def _load_baseline(ref: str) -> RunResult:
    from .base.errors import ArraybenchError
    from .cli._source import load_results

    try:
        run = load_results(ref)
    except ArraybenchError as e:
        raise pytest.UsageError(f"--arraybench-compare: {e}") from None
    if len(run.machine_names) > 1:
        raise pytest.UsageError(
            f"--arraybench-compare: {ref} holds the cases of several machines "
            f"({', '.join(run.machine_names)}); give a run of one machine (--arraybench-save)"
        )
    return run


def _session(config: pytest.Config) -> Session:
    return config.stash[_SESSION]


def workload_name(nodeid: str) -> str:
    """The workload name of a test's node id: ``tests/test_a.py::test_sum[2-x]`` is
    ``tests.test_a.py.test_sum_2-x`` (a workload name holds letters, digits, ``_ . -``)."""
    name = _NOT_NAME.sub("_", nodeid.replace("::", ".").replace("/", ".")).strip("_")
    return name if re.match(r"[A-Za-z_]", name) else f"_{name}"


def _no_inputs(n: int, rng: Any) -> dict[str, Any]:
    return {}


def _bound(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> Any:
    """``fn`` with its arguments bound, as a call of no arguments: a partial when all are
    positional (the cheapest binding Python has), with an empty signature so that the runner
    fills none of fn's parameters (it would give ``xp``, ``dtype`` or ``device`` to a function
    that names them)."""
    if kwargs:
        kw = dict(kwargs)

        def call() -> Any:
            return fn(*args, **kw)

        return call
    bound = functools.partial(fn, *args)
    bound.__signature__ = inspect.Signature()  # type: ignore[attr-defined]
    return bound


class Bench:
    """What the ``abench`` fixture gives a test: ``abench(fn, *args, **kwargs)`` calls
    ``fn(*args, **kwargs)``, measures it with the engine and returns what the call returned.

    Attributes:
        measured: what this test measured, in order (each with its comparison, if any).
    """

    def __init__(self, nodeid: str, session: Session, clock: Clock | None) -> None:
        self.nodeid = nodeid
        self._session = session
        self._clock = clock
        self.measured: list[Measured] = []

    def __call__(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        return self.measure(fn, args, kwargs)

    def measure(
        self,
        fn: Callable[..., Any],
        args: tuple[Any, ...] = (),
        kwargs: Mapping[str, Any] | None = None,
        *,
        label: str | None = None,
        budget: float | None = None,
    ) -> Any:
        """Call ``fn(*args, **kwargs)``, measure it and return what it returned.

        Args:
            fn: the function.
            args: its positional arguments.
            kwargs: its keyword arguments.
            label: the case's name within the test (default: fn's name); two calls of one test
                need two labels.
            budget: seconds of measuring, after the first call (default: --arraybench-budget,
                else 0.5).

        Raises:
            pytest.fail.Exception: the case is slower than in the --arraybench-compare run, or
                the engine could not measure it.
        """
        if not callable(fn):
            raise TypeError(f"abench measures a function, got {type(fn).__name__}")
        kwargs = kwargs or {}
        out = fn(*args, **kwargs)
        if self._session.parallel:
            self._session.unmeasured += 1
            return out
        label = label or getattr(fn, "__name__", None) or type(fn).__name__
        if label == "<lambda>":
            label = "lambda"
        twin: Callable[[], Any] | str | None = None
        if self._session.other is not None:
            from . import against

            theirs = against.function_at(fn, self._session.other)
            twin = _bound(theirs, args, kwargs) if callable(theirs) else str(theirs)
        m = self._session.measure(
            self.nodeid, label, _bound(fn, args, kwargs), self._clock, budget, twin
        )
        self.measured.append(m)
        if not m.case.ok:
            pytest.fail(
                f"arraybench could not measure {self.nodeid} [{label}]: {m.case.error}",
                pytrace=False,
            )
        c = m.comparison
        if c is not None and c.verdict == "slower":
            pytest.fail(
                gate_message(m, *self._session.threshold(), self._session.gate_ref),
                pytrace=False,
            )
        return out


def gate_message(m: Measured, band: float, source: str, ref: str | None) -> str:
    """Why a measured case fails its test: the case, the ratio and its interval."""
    from .base.units import format_time

    c = m.comparison
    assert c is not None
    ratio, lo, hi = c.decisive
    against = " against the run's other cases" if c.by_relative else ""
    return (
        f"arraybench: {m.nodeid} [{m.label}] is slower than in {ref}: {ratio:.2f}x "
        f"[{lo:.2f}–{hi:.2f}]{against} (median {format_time(c.median_a)} -> "
        f"{format_time(c.median_b)}); the whole 95% interval of the ratio lies above the "
        f"no-change band ±{band:.0%} ({source})"
    )


@pytest.fixture
def arraybench_clock() -> Clock | None:
    """The clock ``abench`` measures with: None, the real one (``time.perf_counter_ns``).

    Override it, in a test module or a conftest, to return a
    :class:`~arraybench.measure.clock.FakeClock` that the measured function advances by a
    modelled cost: the measurement, and the gate, are then the same on every machine.
    """
    return None


@pytest.fixture
def abench(request: pytest.FixtureRequest, arraybench_clock: Clock | None) -> Bench:
    """Measure a function with arraybench's engine: ``abench(fn, *args, **kwargs)`` returns
    ``fn(*args, **kwargs)``; with ``--arraybench-compare=RUN`` the test fails when the function
    is slower than in RUN (see :mod:`arraybench.pytest_plugin`)."""
    return Bench(request.node.nodeid, _session(request.config), arraybench_clock)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist, on the controller: add up a finished worker's unmeasured calls."""
    state = node.config.stash.get(_SESSION, None)
    if state is not None:
        state.unmeasured += int(getattr(node, "workeroutput", {}).get("arraybench_unmeasured", 0))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    state = session.config.stash.get(_SESSION, None)
    if state is not None and state.unmeasured and hasattr(session.config, "workeroutput"):
        session.config.workeroutput["arraybench_unmeasured"] = state.unmeasured
    if state is None or not state.save or not state.measured:
        return
    state.saved = str(state.result().save(state.save))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    state = config.stash.get(_SESSION, None)
    if state is None or not state.used:
        return
    from .analysis.compare import NOTES, SLOWER, UNSURE
    from .base.units import format_interval, format_time

    tr = terminalreporter
    tr.section("arraybench")
    if state.unmeasured:
        n = state.unmeasured
        tr.write_line(
            f"{n} call{'s' if n != 1 else ''} of abench measured nothing: pytest-xdist runs the "
            "tests side by side on the same cores, where no timing would be the function's "
            "own; run the measured tests with -n 0 (or -p no:xdist)"
        )
    if not state.measured:
        if not state.unmeasured:
            tr.write_line("no test measured anything (the abench fixture measures a function)")
        return
    if state.baseline is not None or state.other is not None:
        band, source = state.threshold()
        tr.write_line(
            f"against {state.gate_ref}: no-change band ±{band:.0%} ({source}); a test fails "
            "when the whole 95% interval of its ratio lies above it"
        )
        if state.saved_why:
            tr.write_line(
                f"  its saved times are read, each interval widened by this machine's drift "
                f"between runs: {state.saved_why}"
            )
    rows: list[tuple[str, ...]] = [("test [label]", "median", "95% interval", "B/A [95% CI]", "")]
    styles: list[str] = [""]
    notes: list[str] = []
    for m in state.measured:
        name = f"{m.nodeid} [{m.label}]"
        meas = m.case.measurement
        if not m.case.ok or meas is None:
            rows.append((name, "—", "—", "—", f"not measured: {m.case.error}"))
            styles.append("red")
            continue
        c = m.comparison
        if c is None:
            rows.append(
                (
                    name,
                    format_time(meas.median),
                    format_interval(meas.interval),
                    "",
                    f"({m.note})" if m.note else "",
                )
            )
            styles.append("")
            continue
        verdict = c.verdict
        if c.note:
            verdict += f" ({c.note})"
            if c.note not in notes:
                notes.append(c.note)
        rows.append(
            (name, format_time(meas.median), format_interval(meas.interval), _ratio(c), verdict)
        )
        styles.append({SLOWER: "red", UNSURE: "yellow"}.get(c.verdict, ""))
    if state.baseline is None and state.other is None:  # no ratio column
        rows = [(*r[:3], r[4]) for r in rows]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for row, style in zip(rows, styles, strict=True):
        middle = zip(row[1:-1], widths[1:], strict=True)
        cells = [row[0].ljust(widths[0]), *(v.rjust(w) for v, w in middle)]
        line = "  ".join([*cells, row[-1]]).rstrip()
        tr.write_line(line, **({style: True} if style else {"bold": row is rows[0]}))
    for note in notes:
        tr.write_line(f"  {note}: {_NOTES.get(note) or NOTES.get(note, '')}")
    if state.saved:
        n = len(state.measured)
        tr.write_line(f"saved {n} measured case{'s' if n != 1 else ''} to {state.saved}")


def _ratio(c: CaseComparison) -> str:
    if not math.isfinite(c.ratio):
        return "—"
    return f"{c.ratio:.2f}x [{c.ratio_ci[0]:.2f}–{c.ratio_ci[1]:.2f}]"
