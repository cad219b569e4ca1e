"""Where a run's code came from (its commit), and the saved run's code found again to measure
beside a later one (arraybench/against.py), read by compare (analysis/compare.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from arraybench import against
from arraybench.analysis.compare import BESIDE, compare
from arraybench.measurement import Measurement
from arraybench.results import OK, CaseResult, RunResult


def _git(where: Path, *args: str) -> str:
    base = ["git", "-c", "user.email=t@arraybench", "-c", "user.name=t"]
    done = subprocess.run([*base, *args], cwd=where, check=True, capture_output=True, text=True)
    return done.stdout.strip()


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ARRAYBENCH_CACHE", str(tmp_path / "cache"))
    (tmp_path / "r").mkdir()
    root = tmp_path / "r"
    (root / "w.py").write_text("X = 1\n")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "one")
    return root


def test_the_source_is_the_commit_and_the_files_changed_since(repo: Path) -> None:
    head = _git(repo, "rev-parse", "HEAD")
    assert against.source(repo / "w.py") == {"commit": head, "changed": []}
    (repo / "w.py").write_text("X = 2\n")
    (repo / "new.py").write_text("")  # untracked: not the measured code's
    assert against.source(repo) == {"commit": head, "changed": ["w.py"]}


def test_outside_a_repository_there_is_no_source(tmp_path: Path) -> None:
    (tmp_path / "w.py").write_text("")
    assert against.source(tmp_path / "w.py") is None


def test_the_baseline_version_or_why_not(repo: Path) -> None:
    head = _git(repo, "rev-parse", "HEAD")
    other, why = against.baseline_version(repo, {"commit": head, "changed": []}, "base.json")
    assert other is not None and not why
    assert other.commit == head and (other.root / "w.py").read_text() == "X = 1\n"
    _, why = against.baseline_version(repo, None, "base.json")
    assert "does not record the commit" in why
    _, why = against.baseline_version(repo, {"commit": head, "changed": ["w.py"]}, "base.json")
    assert "uncommitted changes (w.py)" in why
    _, why = against.baseline_version(repo, {"commit": "0" * 40, "changed": []}, "base.json")
    assert "is not in this clone: fetch it" in why and "fetch-depth: 0" in why


def _case(impl: str, seconds: float) -> CaseResult:
    samples = tuple(seconds * (1 + 0.01 * (i % 3)) for i in range(30))
    m = Measurement(samples=samples, loops=1, first_call=seconds)
    return CaseResult("w", impl, "numpy", "cpu", "float64", 100, OK, measurement=m)


def test_compare_reads_the_pairing_of_a_run_that_measured_the_other_beside_it() -> None:
    """B measured A's commit beside its own: the verdict is the pairing's (by compare's band),
    however the saved times read; B's cases of A's code are not "only in B"."""
    commit = "a" * 40
    a = RunResult(cases=(_case("k", 1.0),), extra={"source": {"commit": commit, "changed": []}})
    pair = {"case": "w/k[numpy:cpu:float64] n=100", "ratio": 1.3, "ratio_ci": [1.25, 1.35],
            "verdict": "slower", "units": 8}  # fmt: skip
    b = RunResult(
        cases=(_case("k", 1.0), _case("k@base", 1.0)),
        extra={"against": {"commit": commit, "tag": "base", "pairs": [pair]}},
    )
    c = compare(a, b, threshold=0.05)
    (case,) = c.cases
    assert case.note == BESIDE and case.verdict == "slower" and case.ratio == 1.3
    assert c.beside == commit and not c.unmatched
    assert case.to_dict()["decided_by"] == "beside"
    # a band wider than the pairing's interval reads no change
    assert compare(a, b, threshold=0.5).cases[0].verdict == "no change"
    # A saved from a changed tree: its commit does not hold its code, the times are read
    dirty = RunResult(cases=a.cases, extra={"source": {"commit": commit, "changed": ["w.py"]}})
    assert compare(dirty, b, threshold=0.05).cases[0].note != BESIDE
