"""``arraybench run FILE --against REV``: the workload file at two versions, measured side by
side in the same rounds (arraybench/against.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arraybench import against
from arraybench.base.errors import ConfigError

BENCH = """
import arraybench as ab
from helper import WORK

w = ab.Workload("kern", sizes=(2000,), dtypes=("float64",))


@w.inputs
def make(n, rng):
    return {"x": rng.uniform(-3.0, 3.0, n).tolist()}


@w.impl("python")
def loop(x):
    total = 0.0
    for _ in range(WORK):
        total = sum(v * v for v in x)
    return [total]
"""


def _git(where: Path, *args: str) -> str:
    base = ["git", "-c", "user.email=t@arraybench", "-c", "user.name=t"]
    return subprocess.run(
        [*base, *args], cwd=where, check=True, capture_output=True, text=True
    ).stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose workload's work is set by a helper module beside it (WORK = 1)."""
    (tmp_path / "bench.py").write_text(BENCH)
    (tmp_path / "helper.py").write_text("WORK = 1\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-qm", "base")
    return tmp_path


def run(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arraybench", "run", str(repo / "bench.py"), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "COLUMNS": "200"},
        check=False,
    )


def pairs(out: Path) -> list[dict[str, object]]:
    record = json.loads(out.read_text())["extra"]["against"]
    assert record["rev"] == "HEAD" and len(record["commit"]) == 40
    return list(record["pairs"])


@pytest.mark.flaky(reruns=1)  # (a measured ratio: a busy machine's burst can move one process)
def test_a_change_to_a_helper_module_is_measured_against_the_revision(repo: Path) -> None:
    """The work tree's helper does 3x the work: the case reads about 3x slower than HEAD's, whose
    side imports HEAD's helper; the command fails (exit 1); the work tree is left as it was."""
    (repo / "helper.py").write_text("WORK = 3\n")
    status = _git(repo, "status", "--porcelain")
    out = repo.parent / "slow.json"
    # One process: the interval from its rounds' ratios, which a neighbour's burst of work
    # (the suite runs beside it) moves in a few rounds, not in a whole process of four.
    p = run(repo, "--against", "HEAD", "--no-store", "--budget", "0.2", "--processes", "1",
            "--json", str(out))  # fmt: skip
    assert p.returncode == 1, p.stderr
    (pair,) = pairs(out)
    assert pair["case"] == "kern/loop[python:cpu:float64] n=2000"
    assert pair["verdict"] == "slower"
    # (3x the work: loose bounds, the suite's other processes share the machine)
    assert 1.5 < float(pair["ratio"]) < 6.0  # type: ignore[arg-type]
    text = " ".join(p.stdout.split())
    assert "This version against HEAD" in text and "slower than HEAD: exit code 1" in text
    assert "loop@HEAD" in text  # both versions in the run's own table
    assert _git(repo, "status", "--porcelain") == status


def test_the_same_code_is_not_called_slower_or_faster(repo: Path) -> None:
    out = repo.parent / "same.json"
    p = run(repo, "--against", "HEAD", "--no-store", "--budget", "0.1", "--target", "0.2",
            "--json", str(out))  # fmt: skip
    assert p.returncode == 0, p.stderr
    (pair,) = pairs(out)
    assert pair["verdict"] in ("no change", "cannot tell")


def test_what_cannot_be_compared_is_a_usage_error_naming_the_fix(repo: Path) -> None:
    p = run(repo, "--against", "nosuchrev", "--no-store")
    assert p.returncode == 2
    assert "not a revision of the repository" in p.stderr and "git log --oneline" in p.stderr
    p = subprocess.run(
        [sys.executable, "-m", "arraybench", "run", "sin2", "--against", "HEAD", "--no-store"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert p.returncode == 2 and "name one FILE.py" in p.stderr
    (repo / "new.py").write_text(BENCH)
    with pytest.raises(ConfigError, match="does not exist at HEAD"):
        against.version(repo / "new.py", "HEAD")


def test_another_version_may_be_a_file_or_a_folder(
    repo: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    old = tmp_path_factory.mktemp("old")
    (old / "bench.py").write_text(BENCH)
    v = against.version(repo / "bench.py", str(old))
    assert v.file == (old / "bench.py").resolve() and v.commit is None
    v = against.version(repo / "bench.py", str(old / "bench.py"))
    assert v.file == (old / "bench.py").resolve()
    assert against.tag_of("HEAD~1") == "HEAD~1"
    assert against.tag_of("../old/bench.py") == "old_bench.py"
    empty = tmp_path_factory.mktemp("empty")
    with pytest.raises(ConfigError, match=r"the folder holds no bench\.py"):
        against.version(repo / "bench.py", str(empty))


def test_more_processes_join_a_case_s_own_process_by_process() -> None:
    """A case that cannot tell is measured again in more processes: its parts and its twin's are
    joined to the run's, each process kept apart (a unit of the interval)."""
    from arraybench.measurement import Measurement
    from arraybench.results import OK, CaseResult, RunResult

    def m(processes: int, start: int, cost: float) -> Measurement:
        rounds = tuple(range(start, start + 3 * processes))
        return Measurement(
            samples=tuple(cost for _ in rounds),
            loops=1,
            first_call=cost,
            blocks=(1,) * len(rounds),
            rounds=rounds,
            processes=(3,) * processes,
            first_calls=(cost,) * processes,
        )

    def case(impl: str, meas: Measurement) -> CaseResult:
        return CaseResult("kern", impl, "python", "cpu", "float64", 10, OK, measurement=meas)

    first = RunResult(cases=(case("loop", m(4, 0, 2e-6)), case("loop@HEAD", m(4, 0, 1e-6))))
    more = RunResult(cases=(case("loop", m(4, 100, 2e-6)), case("loop@HEAD", m(4, 100, 1e-6))))
    key = first.cases[0].key
    joined = against.extended(first, more, {key}, "HEAD")
    for c in joined.cases:
        assert c.measurement is not None and c.measurement.processes == (3,) * 8
        assert c.measurement.process_medians is not None
        assert len(c.measurement.process_medians) == 8
    (pair,) = against.pairs(joined.cases, "HEAD", 0.05)
    assert pair.units == 8 and pair.verdict == "slower" and abs(pair.ratio - 2.0) < 1e-9


def _processes(ratios: list[float]) -> tuple[object, object]:
    """Two measurements side by side, one process per ratio: the case's blocks ``ratio`` times
    its twin's in each of the process's 3 rounds."""
    from arraybench.measurement import Measurement

    def m(costs: list[float]) -> Measurement:
        n = len(costs)
        samples = tuple(c for c in costs for _ in range(3))
        return Measurement(
            samples=samples,
            loops=1,
            first_call=costs[0],
            blocks=(1,) * (3 * n),
            rounds=tuple(range(3 * n)),
            processes=(3,) * n,
        )

    return m([1e-6 * r for r in ratios]), m([1e-6] * len(ratios))


def test_the_verdict_rests_on_a_confidence_interval_robust_to_one_slowed_process() -> None:
    from arraybench.measurement import time_ratio

    new, old = _processes([1.10, 1.11, 1.09, 1.10])
    ci = against.paired_interval(new, old)
    pi = time_ratio(new, old)  # what a next run would read: sqrt(2) wider
    assert ci.low > pi.low and ci.high < pi.high and ci.low > 1.05
    # One process of eight read 3x off (a busy neighbour through all its blocks): at 8 the 95%
    # order-statistics interval is still the whole range, so it cannot tell; at 12 the outlier
    # moves it by one rank, and the interval lies above the band.
    new, old = _processes([1.10, 1.11, 1.09, 1.10, 1.10, 0.37, 1.12, 1.09])
    robust = against.paired_interval(new, old)
    assert robust.units == 8 and abs(robust.low - 0.37) < 1e-9
    new, old = _processes([1.10, 1.11, 1.09, 1.10, 1.10, 0.37, 1.12, 1.09] + [1.1] * 4)
    robust = against.paired_interval(new, old)
    assert robust.units == 12 and 1.05 < robust.low < robust.high < 1.15


def test_a_version_that_computes_something_else_is_timed_and_said_so() -> None:
    """REV's impls are never failed for their output (a fix may change it by design): a pair
    whose outputs differ beyond this version's tolerance is compared, and carries how far."""
    from arraybench.results import OK, CaseResult, Check

    new, old = _processes([1.2] * 4)
    mine = CaseResult(
        "kern", "loop", "python", "cpu", "float64", 10, OK, measurement=new,  # type: ignore[arg-type]
        check=Check(passed=True, max_abs_err=0.0, max_rel_err=0.0, rtol=1e-7),
    )  # fmt: skip
    theirs = CaseResult(
        "kern", "loop@HEAD", "python", "cpu", "float64", 10, OK, measurement=old,  # type: ignore[arg-type]
        check=Check(passed=True, max_abs_err=3.0, max_rel_err=0.2, rtol=float("inf")),
    )  # fmt: skip
    (pair,) = against.pairs([mine, theirs], "HEAD", 0.05)
    assert pair.verdict == "slower" and pair.differs == 0.2
    assert pair.to_dict()["output_differs"] == 0.2


# -- compare --rerun: two stored runs measured again side by side --------------------------------


def _compare(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arraybench", "compare", *args],
        capture_output=True,
        text=True,
        cwd=repo,
        timeout=300,
        env={**os.environ, "COLUMNS": "200"},
        check=False,
    )


def test_compare_rerun_measures_both_commits_side_by_side(repo: Path) -> None:
    """A run at the first commit, then one at a commit whose helper does 6x the work: --rerun
    measures the first commit's code beside the checkout's (B's), with B's settings, and
    exits 1 (slower), as run --against does."""
    settings = ("--no-store", "--budget", "0.2", "--processes", "1")
    first = _git(repo, "rev-parse", "HEAD").strip()
    assert run(repo, *settings, "--json", str(repo.parent / "a.json")).returncode == 0
    a = json.loads((repo.parent / "a.json").read_text())
    assert a["extra"]["source"] == {"commit": first, "changed": [], "files": ["bench.py"]}
    (repo / "helper.py").write_text("WORK = 6\n")
    _git(repo, "commit", "-qam", "six times the work")
    assert run(repo, *settings, "--json", str(repo.parent / "b.json")).returncode in (0, 1)
    store = str(repo.parent / "store.db")
    p = _compare(
        repo, str(repo.parent / "a.json"), str(repo.parent / "b.json"), "--rerun", "--store", store
    )
    assert p.returncode == 1, p.stdout + p.stderr
    text = " ".join(p.stdout.split())
    assert f"--against {first}" in text and "--budget 0.2" in text and "--processes 1" in text
    assert f"1 slower than {first}: exit code 1" in text
    assert "kern/loop[python:cpu:float64] n=2000" in text and f"--store {store}" in text
    assert (repo.parent / "store.db").exists()


def test_compare_rerun_says_what_is_missing(repo: Path) -> None:
    from arraybench.results import RunResult

    head = _git(repo, "rev-parse", "HEAD").strip()
    clean = {"source": {"commit": head, "changed": [], "files": ["bench.py"]}}
    a, b = RunResult(cases=(), extra=clean), RunResult(cases=(), extra=clean)
    args = against.rerun_args(a, b, "a.json", "b.json", repo)
    assert args[:4] == ["run", str(repo / "bench.py"), "--against", head]
    old = RunResult(cases=())
    with pytest.raises(ConfigError, match=r"a\.json does not record the commit"):
        against.rerun_args(old, b, "a.json", "b.json", repo)
    dirty = RunResult(cases=(), extra={"source": {"commit": head, "changed": ["helper.py"]}})
    with pytest.raises(ConfigError, match=r"b\.json measured uncommitted changes \(helper\.py\)"):
        against.rerun_args(a, dirty, "a.json", "b.json", repo)
    elsewhere = RunResult(cases=(), extra={"source": {**clean["source"], "commit": "f" * 40}})
    with pytest.raises(ConfigError, match="check B's commit out first"):
        against.rerun_args(a, elsewhere, "a.json", "b.json", repo)
    (repo / "bench.py").write_text(BENCH + "\n# edited\n")
    with pytest.raises(ConfigError, match=r"bench\.py changed since"):
        against.rerun_args(a, b, "a.json", "b.json", repo)
    p = _compare(repo, "nosuch.json", "--rerun")
    assert p.returncode == 2


def test_stopped_while_adding_processes_the_run_is_reported_and_kept(
    repo: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C (or SIGTERM) while --against adds processes to the cases that cannot tell: the
    run is reported and saved with the processes measured before, and the exit status is the
    stop's (130)."""
    import signal

    from arraybench.base.interrupts import Interrupted
    from arraybench.cli import run as run_cli
    from arraybench.cli.main import main

    def stop(*args: object) -> None:
        raise Interrupted(signal.SIGINT)

    monkeypatch.setattr(run_cli, "_more_processes", stop)
    monkeypatch.chdir(repo)
    out = tmp_path / "stopped.json"
    argv = ["run", "bench.py", "--against", "HEAD", "--budget", "0.05", "--processes", "1"]
    code = main([*argv, "--json", str(out), "--store", str(tmp_path / "store.db")])
    assert code == 130
    said = capsys.readouterr()
    assert "stopped while adding processes" in " ".join(said.out.split())
    (pair,) = pairs(out)
    assert pair["case"] == "kern/loop[python:cpu:float64] n=2000"
    saved = json.loads(out.read_text())
    assert saved["extra"]["source"]["files"] == ["bench.py"]
