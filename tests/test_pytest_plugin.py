"""The pytest plugin gates on a fake clock: a saved run, then the same code (passes), a slower
one (fails, naming the case, the ratio and its interval), and a noisy one (cannot tell: passes,
reported). Each inner session runs in this process (pytester) with plugin autoloading off, so
only ``-p arraybench.pytest_plugin`` loads it, whether or not the entry point is installed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from arraybench.cli import compare as compare_cli
from arraybench.pytest_plugin import _bound, workload_name
from arraybench.results import load

pytest_plugins = ["pytester"]

#: This module imported the plugin already, so the inner session cannot rewrite its asserts (it
#: has none) and would say so.
PLUGIN = (
    *("-p", "arraybench.pytest_plugin", "-p", "no:cacheprovider"),
    *("-W", "ignore::pytest.PytestAssertRewriteWarning"),
)

#: Two measured functions in fake time: ``total`` costs 100 µs ±5% (log-normal, seeded), times
#: AB_SLOW; ``noisy`` costs 2 ms ±30%, times AB_NOISY, measured for a twentieth of a second: its
#: interval is far wider than a 5% band.
GATE = """
import os

import numpy as np
import pytest

from arraybench.measure.clock import FakeClock

SLOW = float(os.environ.get("AB_SLOW", "1"))
NOISY = float(os.environ.get("AB_NOISY", "1"))
SEED = int(os.environ.get("AB_SEED", "1"))


@pytest.fixture
def arraybench_clock():
    return FakeClock(read_cost_ns=50)


def test_sum(abench, arraybench_clock):
    rng = np.random.default_rng(SEED)

    def total(x):
        arraybench_clock.advance(1e-4 * SLOW * rng.lognormal(0.0, 0.05))
        return sum(x)

    assert abench(total, [1, 2, 3]) == 6


def test_noisy(abench, arraybench_clock):
    rng = np.random.default_rng(SEED + 10)

    def noisy():
        arraybench_clock.advance(2e-3 * NOISY * rng.lognormal(0.0, 0.3))
        return "done"

    assert abench.measure(noisy, budget=0.05) == "done"


def test_plain():
    assert 1 + 1 == 2
"""


@pytest.fixture
def gate(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makepyfile(test_gate=GATE)
    return pytester


def session(
    p: pytest.Pytester,
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
    slow: float = 1.0,
    noisy: float = 1.0,
    seed: int,
) -> pytest.RunResult:
    monkeypatch.setenv("AB_SLOW", str(slow))
    monkeypatch.setenv("AB_NOISY", str(noisy))
    monkeypatch.setenv("AB_SEED", str(seed))
    return p.runpytest(*PLUGIN, *args)


@pytest.fixture
def baseline(gate: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Path:
    r = session(gate, monkeypatch, "--arraybench-save=base.json", seed=1)
    r.assert_outcomes(passed=3)
    r.stdout.fnmatch_lines(["*= arraybench =*", "saved 2 measured cases to base.json"])
    return gate.path / "base.json"


def test_saved_run_holds_each_measured_test_as_a_case(baseline: Path) -> None:
    run = load(baseline)
    assert [(c.workload, c.impl, c.ok) for c in run.cases] == [
        ("test_gate.py.test_sum", "total", True),
        ("test_gate.py.test_noisy", "noisy", True),
    ]
    total = run.cases[0].measurement
    assert total is not None and total.median == pytest.approx(1e-4, rel=0.02)
    assert run.config["processes"] == 1 and run.config["target"] == 0.05
    assert run.extra["pytest"]["tests"][0] == {
        "nodeid": "test_gate.py::test_sum",
        "label": "total",
        "workload": "test_gate.py.test_sum",
    }


def test_identical_code_passes(
    gate: pytest.Pytester, baseline: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same costs with other noise (another seed): no change.
    r = session(gate, monkeypatch, "--arraybench-compare=base.json", seed=2)
    r.assert_outcomes(passed=3)
    assert r.ret == 0
    r.stdout.fnmatch_lines(
        [
            "against base.json: no-change band ±5% (the runs' --target)*",
            "test_gate.py::test_sum ?total? *1.0?x ?0.9*–1.0*? *no change",
        ]
    )


@pytest.mark.parametrize(("slow", "shown"), [(2.0, "2.00x"), (1.25, "1.25x")])
def test_a_slowdown_fails_the_test_naming_case_ratio_and_interval(
    gate: pytest.Pytester,
    baseline: Path,
    monkeypatch: pytest.MonkeyPatch,
    slow: float,
    shown: str,
) -> None:
    r = session(gate, monkeypatch, "--arraybench-compare=base.json", slow=slow, seed=2)
    r.assert_outcomes(passed=2, failed=1)
    assert r.ret == pytest.ExitCode.TESTS_FAILED
    r.stdout.fnmatch_lines(
        [
            "*_ test_sum _*",
            f"arraybench: test_gate.py::test_sum [[]total[]] is slower than in base.json: {shown} "
            "[[]*–*[]] (median 100 µs -> * µs); the whole 95% interval of the ratio lies above "
            "the no-change band ±5% (the runs' --target)",
        ]
    )
    r.stdout.fnmatch_lines([f"test_gate.py::test_sum ?total? * {shown} ?*? *slower"])
    # Its interval lies above the band, and around the modelled slowdown.
    line = next(s for s in r.outlines if s.startswith("arraybench: test_gate.py::test_sum"))
    lo, hi = (float(v) for v in line.split("[", 2)[2].split("]")[0].split("–"))
    assert 1.05 < lo < slow < hi


def test_cannot_tell_passes_and_is_reported_with_what_would_settle_it(
    gate: pytest.Pytester, baseline: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 20% slower, measured with an interval far wider than the band: no verdict, no failure.
    r = session(gate, monkeypatch, "--arraybench-compare=base.json", noisy=1.2, seed=2)
    r.assert_outcomes(passed=3)
    assert r.ret == 0
    r.stdout.fnmatch_lines(
        [
            "test_gate.py::test_noisy ?noisy? * cannot tell (interval wider than the band)",
            "  interval wider than the band: *larger --arraybench-budget*--arraybench-band",
        ]
    )
    assert "test_noisy - " not in r.stdout.str()  # not in the failures


def test_a_wider_band_passes_a_smaller_slowdown(
    gate: pytest.Pytester, baseline: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ("--arraybench-compare=base.json", "--arraybench-band=50%")
    r = session(gate, monkeypatch, *args, slow=1.25, seed=2)
    r.assert_outcomes(passed=3)
    r.stdout.fnmatch_lines(["*no-change band ±50% (--arraybench-band)*"])


def test_a_case_not_in_the_baseline_passes_and_says_so(
    gate: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    session(gate, monkeypatch, "--arraybench-save=base.json", "-k", "noisy", seed=1)
    r = session(gate, monkeypatch, "--arraybench-compare=base.json", slow=2.0, seed=2)
    r.assert_outcomes(passed=3)
    r.stdout.fnmatch_lines(["test_gate.py::test_sum ?total? * (not in the baseline)"])


def test_saved_runs_gate_in_arraybench_compare(
    gate: pytest.Pytester, baseline: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session(gate, monkeypatch, "--arraybench-save=new.json", slow=2.0, seed=2)
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "arraybench",
            "compare",
            str(baseline),
            "new.json",
            "--fail-on",
            "slower",
        ],
        capture_output=True,
        text=True,
        cwd=gate.path,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert p.returncode == compare_cli.EXIT_SLOWER, p.stderr
    assert "no-change band ±5% (the runs' --target)" in p.stdout
    assert "1 case slower by more than 5%: exit code 1" in p.stdout


def test_the_gate_and_compare_read_the_same_files_the_same_way(
    gate: pytest.Pytester, baseline: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Neither run has a canary (the plugin's never do): where this machine's stability record
    gives a drift, the gate widens by it as compare does, and both give one verdict; compare's
    header says which run had no canary, and why."""
    from arraybench.analysis import stability
    from arraybench.analysis.compare import compare

    monkeypatch.setattr(stability, "drift_here", lambda *runs: 0.30)
    r = session(gate, monkeypatch, "--arraybench-compare=base.json", slow=1.25, seed=2)
    r.assert_outcomes(passed=3)  # 1.25x with +-30% drift around it: cannot tell, no failure
    r.stdout.fnmatch_lines(["test_gate.py::test_sum ?total? * 1.25x ?*? *cannot tell*"])
    session(gate, monkeypatch, "--arraybench-save=new.json", slow=1.25, seed=2)
    a, b = load(baseline), load(gate.path / "new.json")
    c = compare(a, b, drift=0.30)
    (total,) = [x for x in c.cases if x.key[1] == "total"]
    assert total.verdict == "cannot tell"
    assert [side for side, _ in c.no_canary] == ["A", "B"]
    assert all("pytest plugin" in why for _, why in c.no_canary)
    # Without a drift (no stability record here) both call it slower.
    monkeypatch.setattr(stability, "drift_here", lambda *runs: None)
    r = session(gate, monkeypatch, "--arraybench-compare=base.json", slow=1.25, seed=2)
    r.assert_outcomes(passed=2, failed=1)
    (total,) = [x for x in compare(a, b).cases if x.key[1] == "total"]
    assert total.verdict == "slower"


def test_an_unreadable_baseline_is_a_usage_error(
    gate: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    r = session(gate, monkeypatch, "--arraybench-compare=missing.json", seed=1)
    assert r.ret == pytest.ExitCode.USAGE_ERROR
    r.stderr.fnmatch_lines(["*--arraybench-compare: *missing.json*"])


def test_a_failing_function_fails_the_test_with_its_own_error(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makepyfile(
        """
        def test_boom(abench):
            def boom():
                raise ValueError("boom")
            abench(boom)
        """
    )
    r = pytester.runpytest(*PLUGIN)
    r.assert_outcomes(failed=1)
    r.stdout.fnmatch_lines(["E       ValueError: boom"])


def test_two_calls_in_one_test_need_two_labels(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makepyfile(
        """
        from arraybench.measure.clock import FakeClock
        import pytest

        @pytest.fixture
        def arraybench_clock():
            return FakeClock()

        def test_two(abench, arraybench_clock):
            def f():
                arraybench_clock.advance(1e-4)
            abench.measure(f, label="first", budget=0.01)
            abench.measure(f, label="second", budget=0.01)
            assert [m.label for m in abench.measured] == ["first", "second"]
            abench.measure(f, budget=0.01)
            abench.measure(f, budget=0.01)
        """
    )
    r = pytester.runpytest(*PLUGIN)
    r.assert_outcomes(failed=1)
    r.stdout.fnmatch_lines(["arraybench: *::test_two measured 'f' already: *its own label="])


def test_the_plugin_loaded_but_unused_changes_nothing(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makepyfile(
        """
        import pytest

        def test_a():
            assert True

        @pytest.mark.parametrize("x", [1, 2])
        def test_b(x):
            assert x < 2
        """
    )
    before = sorted(p.name for p in pytester.path.iterdir())
    without = pytester.runpytest("-p", "no:cacheprovider")
    with_plugin = pytester.runpytest(*PLUGIN)
    assert with_plugin.ret == without.ret == pytest.ExitCode.TESTS_FAILED
    assert with_plugin.parseoutcomes() == without.parseoutcomes() == {"passed": 2, "failed": 1}
    assert "arraybench" not in with_plugin.stdout.str()
    assert sorted(p.name for p in pytester.path.iterdir()) == before


def test_loading_the_plugin_imports_neither_numpy_nor_the_engine() -> None:
    code = (
        "import sys, arraybench.pytest_plugin; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'rich', 'torch') "
        "or m.startswith(('arraybench.measure', 'arraybench.analysis'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


def test_workload_names_of_node_ids() -> None:
    assert workload_name("tests/test_a.py::TestX::test_sum[2-x y]") == (
        "tests.test_a.py.TestX.test_sum_2-x_y"
    )
    assert workload_name("1.py::t") == "_1.py.t"


def test_bound_arguments_are_not_refilled_by_the_runner() -> None:
    # The runner gives xp, dtype and device to a function whose signature names them: the bound
    # call shows none, and keeps what the test passed.
    import inspect

    def f(x: int, dtype: str = "float64") -> tuple[int, str]:
        return x, dtype

    positional = _bound(f, (1, "int8"), {})
    keywords = _bound(f, (1,), {"dtype": "int8"})
    assert positional() == keywords() == (1, "int8")
    assert not inspect.signature(positional).parameters
    assert not inspect.signature(keywords).parameters


def test_the_plugins_notes_name_compares_reasons() -> None:
    from arraybench.analysis.compare import FEW_SAMPLES, NOTES, WIDE
    from arraybench.pytest_plugin import _NOTES

    assert set(_NOTES) == {WIDE, FEW_SAMPLES} and set(_NOTES) <= set(NOTES)


def test_under_xdist_nothing_is_measured_and_saving_is_refused(
    gate: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pytest-xdist's workers share the cores: abench calls the function and measures nothing,
    the summary says so, and --arraybench-save or --arraybench-compare stops at once."""
    pytest.importorskip("xdist")
    xdist = ("-p", "xdist", "-n", "2")
    r = session(gate, monkeypatch, *xdist, seed=1)
    r.assert_outcomes(passed=3)
    r.stdout.fnmatch_lines(["*= arraybench =*", "2 calls of abench measured nothing*-n 0*"])
    r = session(gate, monkeypatch, *xdist, "--arraybench-save=base.json", seed=1)
    assert r.ret == pytest.ExitCode.USAGE_ERROR
    r.stderr.fnmatch_lines(["*--arraybench-save cannot measure under pytest-xdist (-n 2)*"])
    assert not (gate.path / "base.json").exists()
    # -n 0 measures as without xdist.
    r = session(gate, monkeypatch, "-p", "xdist", "-n", "0", "--arraybench-save=b.json", seed=1)
    r.assert_outcomes(passed=3)
    r.stdout.fnmatch_lines(["saved 2 measured cases to b.json"])


# -- against a revision, measured beside ---------------------------------------------------------

MYLIB = """
WORK = {work}


def kernel(x):
    total = 0.0
    for _ in range(WORK):
        total = sum(v * v for v in x)
    return total
"""

SPEED = """
import mylib


def test_kernel(abench):
    x = [float(i % 7) for i in range(3000)]
    assert abench(mylib.kernel, x) > 0


def test_inner(abench):
    def local(x):
        return sum(x)

    assert abench(local, [1.0, 2.0]) == 3.0
"""


def _git(where: Path, *args: str) -> None:
    base = ["git", "-c", "user.email=t@arraybench", "-c", "user.name=t"]
    subprocess.run([*base, *args], cwd=where, check=True, capture_output=True)


@pytest.fixture
def repo(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A repository whose library's kernel does WORK rounds of work (1 at HEAD)."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makepyfile(mylib=MYLIB.format(work=1), test_speed=SPEED)
    _git(pytester.path, "init", "-q")
    _git(pytester.path, "add", "-A")
    _git(pytester.path, "commit", "-qm", "base")
    return pytester


@pytest.mark.flaky(reruns=1)  # (a measured ratio: a busy machine's burst can move one process)
def test_against_a_revision_a_slower_function_fails_its_test(repo: pytest.Pytester) -> None:
    """A real clock: the work tree's kernel does 3 rounds where HEAD's does 1; REV's module is
    imported from HEAD's tree and measured beside it in the same rounds."""
    repo.makepyfile(mylib=MYLIB.format(work=3))
    r = repo.runpytest(*PLUGIN, "--arraybench-against=HEAD", "--arraybench-budget=0.1")
    r.assert_outcomes(passed=1, failed=1)
    r.stdout.fnmatch_lines(
        [
            "*arraybench: test_speed.py::test_kernel [[]kernel[]] is slower than in HEAD (*), "
            "measured beside it: *x [[]*–*[]]*",
        ]
    )
    line = next(s for s in r.outlines if s.startswith("arraybench: test_speed.py::test_kernel"))
    ratio = float(line.split(": ", 2)[2].split("x", 1)[0])
    assert 1.5 < ratio < 6.0  # (3x the work: loose bounds, the suite's other processes share it)
    # A function defined in the test has no name at HEAD: measured, not compared, and it says so.
    r.stdout.fnmatch_lines(
        ["*test_inner [[]local[]]*not compared with HEAD: it is defined inside*"]
    )


def test_against_the_same_revision_nothing_fails(repo: pytest.Pytester) -> None:
    args = ("--arraybench-against=HEAD", "--arraybench-budget=0.1", "--arraybench-band=20%")
    r = repo.runpytest(*PLUGIN, *args)
    r.assert_outcomes(passed=2)
    r.stdout.fnmatch_lines(["against HEAD (*), measured beside it: no-change band ±20%*"])
    assert "slower" not in r.stdout.str().split("= arraybench =")[-1]


def test_against_needs_a_revision_of_the_repository_and_not_a_baseline_too(
    repo: pytest.Pytester,
) -> None:
    r = repo.runpytest(*PLUGIN, "--arraybench-against=nosuch")
    assert r.ret == pytest.ExitCode.USAGE_ERROR
    r.stderr.fnmatch_lines(["*not a revision of the repository*"])
    r = repo.runpytest(*PLUGIN, "--arraybench-against=HEAD", "--arraybench-compare=x.json")
    assert r.ret == pytest.ExitCode.USAGE_ERROR
    r.stderr.fnmatch_lines(["*are two gates: give one*"])


FAIL_ON = ("--fail-on", "slower")


def test_a_saved_baseline_is_measured_beside_where_its_commit_is_at_hand(
    repo: pytest.Pytester,
) -> None:
    """The baseline records the clean commit it measured; the next session measures that
    commit's code beside each function (a real clock: the work tree's kernel does 3 rounds where
    the commit's does 1), saves the pairing, and `compare --fail-on slower` of the two files reads
    the same pairing and fails the same case."""
    budget = "--arraybench-budget=0.1"
    r = repo.runpytest(*PLUGIN, "--arraybench-save=base.json", budget)
    r.assert_outcomes(passed=2)
    base = load(repo.path / "base.json")
    commit = base.extra["source"]["commit"]
    assert len(commit) == 40 and base.extra["source"]["changed"] == []
    repo.makepyfile(mylib=MYLIB.format(work=3))
    r = repo.runpytest(
        *PLUGIN, "--arraybench-compare=base.json", "--arraybench-save=new.json", budget
    )
    r.assert_outcomes(passed=1, failed=1)
    r.stdout.fnmatch_lines(
        [f"*[[]kernel[]] is slower than in base.json's commit {commit[:10]}, measured beside it:*"]
    )
    new = load(repo.path / "new.json")
    assert new.extra["source"]["changed"] == ["mylib.py"]
    assert new.extra["against"]["commit"] == commit
    (pair,) = new.extra["against"]["pairs"]
    assert pair["verdict"] == "slower" and "kernel" in pair["case"]
    p = subprocess.run(
        [sys.executable, "-m", "arraybench", "compare", "base.json", "new.json", *FAIL_ON],
        capture_output=True,
        text=True,
        cwd=repo.path,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert p.returncode == compare_cli.EXIT_SLOWER, p.stdout + p.stderr
    assert f"B measured A's code (commit {commit[:10]}) beside its own" in p.stdout
    # --arraybench-saved reads the saved times instead, and says why
    r = repo.runpytest(*PLUGIN, "--arraybench-compare=base.json", "--arraybench-saved", budget)
    r.stdout.fnmatch_lines(["*its saved times are read*: --arraybench-saved"])


def test_a_baseline_saved_from_a_changed_tree_is_read_from_its_times_and_says_why(
    repo: pytest.Pytester,
) -> None:
    repo.makepyfile(mylib=MYLIB.format(work=2))  # uncommitted: no commit holds this code
    budget = "--arraybench-budget=0.1"
    repo.runpytest(*PLUGIN, "--arraybench-save=base.json", budget).assert_outcomes(passed=2)
    assert load(repo.path / "base.json").extra["source"]["changed"] == ["mylib.py"]
    r = repo.runpytest(*PLUGIN, "--arraybench-compare=base.json", budget, "--arraybench-band=50%")
    r.stdout.fnmatch_lines(
        ["*its saved times are read*: base.json was saved from a tree with uncommitted changes "
         "(mylib.py)*save the baseline from a clean checkout"]
    )  # fmt: skip


def test_beside_a_revision_a_pairing_that_cannot_tell_is_measured_again_with_more_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pinpoint's rule in one process: while the function and its twin cannot tell, they are
    measured again with 2x, then 4x the budget; a decided pairing stops it."""
    import arraybench
    from arraybench import against
    from arraybench.pytest_plugin import AGAIN, Session

    real_run = arraybench.run
    budgets: list[float] = []
    verdicts = iter(["cannot tell", "cannot tell", "slower"])

    def counting_run(w, config, clock=None):  # type: ignore[no-untyped-def]
        budgets.append(config.budget)
        return real_run(w, config, clock=clock)

    def pairs(cases, tag, threshold):  # type: ignore[no-untyped-def]
        key = next(c.key for c in cases if not c.impl.endswith(f"@{tag}"))
        return [against.Pair(key, 1.3, 1.2, 1.4, next(verdicts), 3)]

    monkeypatch.setattr(arraybench, "run", counting_run)
    monkeypatch.setattr(against, "pairs", pairs)
    other = against.Version("HEAD", "HEAD", Path("."), Path("."), Path("."), "0" * 40)
    session = Session(against_rev="HEAD", other=other, band=0.05, budget=0.02)
    session.measure("t.py::test_k", "k", lambda: sum(range(100)), None, None, twin=lambda: 1)
    assert budgets == [0.02, 0.02 * AGAIN[0], 0.02 * AGAIN[1]]
    (m,) = session.measured
    assert m.comparison is not None and m.comparison.verdict == "slower"
