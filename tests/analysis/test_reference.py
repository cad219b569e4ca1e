"""Without --control, compare reads each case whose code changed against the cases whose code
did not (analysis/control.py, ``read_unchanged``), and a case's code digest (base/digest.py)
says which is which."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from arraybench.analysis import control
from arraybench.analysis.compare import REFERENCE, SLOWER, UNSURE, compare
from arraybench.base.digest import code_digest
from arraybench.cli import compare as compare_cli
from arraybench.results import RunResult

from ..cli.test_machines_cli import cli
from .test_relative import TUNABLE, alarms, measured_run


def coded(run: RunResult, changed: str | None = None) -> RunResult:
    """``run`` with each case's code digest: the impl's name, another for ``changed``."""
    return replace(
        run,
        cases=tuple(
            replace(c, code=f"{c.impl}{'-new' if c.impl == changed else ''}") for c in run.cases
        ),
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_changed_case_10_percent_slower_is_slower_against_the_unchanged_ones(seed: int) -> None:
    a = coded(measured_run(seed))
    b = coded(measured_run(seed + 50, slow={("tunable", 100_000): 1.10}), changed="tunable")
    c = compare(a, b)
    (case,) = [x for x in c.cases if x.key == TUNABLE]
    assert case.absolute_verdict == UNSURE  # its own interval carries the processes' 8%
    assert case.verdict == SLOWER and case.note == REFERENCE and case.control is not None
    assert abs(case.control.ratio - 1.10) < 0.02
    # Read against the NumPy impl beside it (same backend, size and kind), not the loop or torch.
    assert case.control.control.startswith("w/vectorized[numpy")
    assert alarms(c) == [case]
    assert case.to_dict()["decided_by"] == "reference"
    ref = c.reference
    assert ref is not None and ref.known and ref.unchanged == 6 and ref.changed == 2
    assert ref.read == 2 and ref.used == 2  # tunable at both sizes, against vectorized at each
    assert c.to_dict()["reference"]["cases_read"] == 2
    # The same runs without digests (results from before arraybench kept them): no reading.
    plain = compare(measured_run(seed), measured_run(seed + 50, slow={("tunable", 100_000): 1.1}))
    (own,) = [x for x in plain.cases if x.key == TUNABLE]
    assert own.absolute_verdict == UNSURE and own.control is None
    assert plain.reference is not None and not plain.reference.known


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_unchanged_cases_are_never_called_slower_or_faster(seed: int) -> None:
    """Identical code in both runs: every case is the reference, none is read, no alarm."""
    c = compare(coded(measured_run(10 + seed)), coded(measured_run(20 + seed)))
    assert not alarms(c)
    assert c.reference is not None and c.reference.unchanged == 8 and c.reference.read == 0


def test_every_case_changed_leaves_nothing_to_read_against_and_says_so() -> None:
    a = coded(measured_run(1))
    b = replace(
        measured_run(51, slow={("tunable", 100_000): 1.10}),
        cases=tuple(replace(c, code="other") for c in measured_run(51).cases),
    )
    c = compare(a, b)
    assert c.reference is not None and c.reference.unchanged == 0 and c.reference.read == 0
    assert dict(c.reference.off) == {control.OFF_ALL_CHANGED: 8}
    assert "none is left to read them against" in compare_cli._reference_line(c)


def test_a_library_upgrade_changes_that_backend_s_cases_only() -> None:
    codes = {("w", i, b, "cpu", "float64", 10): i for i, b in (("v", "numpy"), ("t", "torch"))}
    same = control.unchanged(codes, codes, ["backends.numpy.version"])
    assert same.known and {k[1] for k in same.keys} == {"t"}
    assert {k[1] for k in same.changed} == {"v"}
    blas = control.unchanged(codes, codes, ["backends.torch.blas[0].vendor"])
    assert {k[1] for k in blas.keys} == {"v"}
    # Another Python or CPU touches every case.
    assert not control.unchanged(codes, codes, ["python"]).keys
    assert not control.unchanged(codes, codes, ["cpu"]).keys
    # A run without digests says nothing is known.
    assert not control.unchanged(dict.fromkeys(codes), codes, []).known


def test_only_cases_of_the_same_backend_size_and_kind_serve_as_the_reference() -> None:
    run = coded(measured_run(3))
    ms = {c.key: c.measurement for c in run.cases if c.measurement is not None}
    pool = frozenset(k for k in ms if k != TUNABLE)
    refs = control.references(TUNABLE, pool, ms)
    assert [k[1] for k in refs] == ["vectorized"]  # not torch_vec, not the loop, not n=1000


def test_the_header_names_the_reference_and_the_table_its_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    a = coded(measured_run(2))
    b = coded(measured_run(52, slow={("tunable", 100_000): 1.10}), changed="tunable")
    pa, pb = a.save(tmp_path / "a.json"), b.save(tmp_path / "b.json")
    code = cli(compare_cli, "compare", str(pa), str(pb))
    out = " ".join(capsys.readouterr().out.split())
    assert code == 1  # a case slower by more than the band
    assert "Against the unchanged cases: 2 cases ran other code" in out
    assert "against the unchanged" in out and "read against the unchanged cases" in out
    # The unchanged cases that cannot tell are not told to name a control.
    assert "--control IMPL reads the others" not in out


# -- the digest --------------------------------------------------------------------------------

MODULE = """
import numpy as np

EXTRA = {extra}

def helper(x):
    return x * {scale}

def impl(x):
    return helper(np.sin(x)) + EXTRA

def other(x):
    return np.cos(x)
"""


def _load(tmp_path: Path, name: str, **kw: object) -> dict[str, object]:
    path = tmp_path / f"{name}.py"
    path.write_text(MODULE.format(**{"extra": 0.0, "scale": 2.0, **kw}))
    scope: dict[str, object] = {"__name__": name}
    exec(compile(path.read_text(), str(path), "exec"), scope)
    return scope


def _digest_of(scope: dict[str, object], name: str) -> str | None:
    fn = scope[name]
    assert callable(fn)
    return code_digest(fn)


def test_the_digest_sees_the_impl_its_helpers_and_its_constants(tmp_path: Path) -> None:
    base = _load(tmp_path, "m0")
    again = _load(tmp_path, "m1")
    helper = _load(tmp_path, "m2", scale=3.0)
    constant = _load(tmp_path, "m3", extra=0.1)
    d = _digest_of(base, "impl")
    assert d is not None and len(d) == 16
    assert _digest_of(again, "impl") == d  # the same text, loaded again
    assert _digest_of(helper, "impl") != d  # a helper in its module changed
    assert _digest_of(constant, "impl") != d  # a module constant it reads changed
    # The other impl does not use what changed.
    assert _digest_of(helper, "other") == _digest_of(base, "other")
    assert _digest_of(constant, "other") == _digest_of(base, "other")


def test_the_digest_is_the_same_in_another_process(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(MODULE.format(extra=0.0, scale=2.0))
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(tmp_path)!r})
        import m
        from arraybench.base.digest import code_digest
        print(code_digest(m.impl, m.other))
        """
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        ).stdout.strip()
        for _ in range(2)
    ]
    assert runs[0] == runs[1] and len(runs[0]) == 16


def test_what_has_no_python_source_has_no_digest() -> None:
    import numpy as np

    assert code_digest(np.sin) is None
    assert code_digest(None, lambda x: x) is not None
