"""compare's reading against a control case the user names (analysis/control.py)."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from arraybench.analysis import control, relative
from arraybench.analysis.compare import CONTROL, SLOWER, UNSURE, compare
from arraybench.cli import compare as compare_cli
from arraybench.measurement import Measurement

from ..cli.test_machines_cli import cli
from .test_relative import TUNABLE, alarms, measured_run

VECTORIZED = ("w", "vectorized", "numpy", "cpu", "float64", 100_000)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_identical_runs_read_against_the_control_raise_no_alarm(seed: int) -> None:
    c = compare(measured_run(10 + seed), measured_run(20 + seed), control="vectorized:numpy")
    assert not alarms(c)
    assert c.control == "vectorized:numpy" and c.control_read == 6
    # The control itself, and no case can be read against itself.
    assert dict(c.control_off) == {control.OFF_SELF: 2}
    (case,) = [x for x in c.cases if x.key == TUNABLE]
    assert case.control is not None and case.control.verdict == UNSURE
    # The processes' states (8%) touch case and control alike: the reading is ±1% or so.
    assert 0.98 < case.control.low < 1.0 < case.control.high < 1.02


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_case_10_percent_slower_is_slower_against_its_control(seed: int) -> None:
    c = compare(
        measured_run(seed),
        measured_run(seed + 50, slow={("tunable", 100_000): 1.10}),
        control="vectorized",
    )
    (case,) = [x for x in c.cases if x.key == TUNABLE]
    assert case.absolute_verdict == UNSURE  # its own interval carries the processes' 8%
    assert case.verdict == SLOWER and case.note == CONTROL and case.by_control
    assert case.control is not None
    assert 1.07 < case.control.low < case.control.ratio < case.control.high < 1.13
    assert abs(case.control.ratio - 1.10) < 0.02
    assert case.decisive == (case.control.ratio, *case.control.ci)
    assert case.slower_beyond(0.05) and not case.slower_beyond(0.2)
    assert alarms(c) == [case]
    d = case.to_dict()
    assert d["decided_by"] == "control" and d["control"]["verdict"] == SLOWER
    assert d["control"]["control"].startswith("w/vectorized[numpy")
    whole = c.to_dict()
    assert whole["control"]["case"] == "vectorized" and whole["control"]["cases_read"] >= 1
    # Without the control the same pair decides nothing from the case's own interval.
    plain = compare(measured_run(seed), measured_run(seed + 50, slow={("tunable", 100_000): 1.1}))
    (own,) = [x for x in plain.cases if x.key == TUNABLE]
    assert own.absolute_verdict == UNSURE and own.control is None and plain.control is None
    assert plain.to_dict()["control"] is None


def test_a_control_that_changed_too_hides_the_change_and_never_says_no_change() -> None:
    both = {("tunable", 100_000): 1.25, ("vectorized", 100_000): 1.25}
    c = compare(measured_run(1), measured_run(2, slow=both), control="vectorized")
    (case,) = [x for x in c.cases if x.key == TUNABLE]
    assert case.control is not None and case.control.verdict == UNSURE
    assert case.note != CONTROL


def test_without_processes_or_across_machines_the_control_reading_is_off() -> None:
    c = compare(measured_run(1, processes=1), measured_run(2, processes=1), control="vectorized")
    assert c.control_read == 0 and dict(c.control_off)[control.OFF_UNITS] == 2
    c = compare(measured_run(1), measured_run(2), control="vectorized", paired=False)
    assert c.control_read == 0 and dict(c.control_off) == {relative.OFF_MACHINES: 8}
    c = compare(measured_run(1), measured_run(2), control="vectorized:jax")
    assert c.control_read == 0 and dict(c.control_off) == {control.off_none("vectorized", "jax"): 8}
    # Without a backend, the case's own: a torch case looks for the control on torch.
    c = compare(measured_run(1), measured_run(2), control="torch_vec")
    off = dict(c.control_off)
    assert off[control.off_none("torch_vec", "numpy")] == 4  # NumPy's cases: none on numpy
    assert "no torch_vec[python] case" in " ".join(off)


def test_the_control_is_an_impl_label_and_maybe_its_backend() -> None:
    assert control.parse("vectorized") == ("vectorized", None)
    assert control.parse("vectorized:numpy") == ("vectorized", "numpy")
    for bad in ("", ":numpy", "vectorized:"):
        with pytest.raises(ValueError, match="--control takes an impl label"):
            control.parse(bad)
    key = ("w", "tunable", "torch", "cpu", "float32", 10)
    assert control.control_key(key, "ref", None) == ("w", "ref", "torch", "cpu", "float32", 10)
    assert control.control_key(key, "ref", "numpy")[2] == "numpy"


def test_compare_control_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    a = measured_run(1).save(tmp_path / "a.json")
    b = measured_run(51, slow={("tunable", 100_000): 1.10}).save(tmp_path / "b.json")
    # Slower: the gate fails.
    assert cli(compare_cli, "compare", str(a), str(b), "--control", "vectorized") == 1
    out = capsys.readouterr().out
    assert "Against the control vectorized: 2 cases read against it" in out
    assert "against the control" in out and "read against the control case" in out
    # With both extra columns the table still fits: names fold, no figure or verdict is cut.
    assert "…" not in out and "slower [1]" in out and "cannot tell [2]" in out
    # Named, no hint; without a control, compare names the impls it could read against.
    assert "--control IMPL reads the others" not in out
    cli(compare_cli, "compare", str(a), str(b))
    out = " ".join(capsys.readouterr().out.split())
    assert "cannot tell from their own interval. If one impl beside them did not change" in out
    assert "(tunable, vectorized), --control IMPL reads the others against it" in out
    assert "another backend" not in out
    # Read against NumPy, the other backends' cases get a caution: another kind of work.
    cli(compare_cli, "compare", str(a), str(b), "--control", "vectorized:numpy")
    out = capsys.readouterr().out
    assert "6 cases read against it" in out
    assert "4 of them on another backend than the control" in out
    assert cli(compare_cli, "compare", str(a), str(b), "--control", "vectorized", "--json") == 1
    data = json.loads(capsys.readouterr().out)
    (case,) = [x for x in data["cases"] if x["impl"] == "tunable" and x["size"] == 100_000]
    assert case["decided_by"] == "control" and case["verdict"] == SLOWER
    assert cli(compare_cli, "compare", str(a), str(b), "--control", "nosuch") == 2
    err = capsys.readouterr().err
    assert "no case has the impl 'nosuch'" in err and "vectorized" in err
    assert cli(compare_cli, "compare", str(a), str(b), "--control", ":numpy") == 2
    assert "--control takes an impl label" in capsys.readouterr().err


def _spell(case_cost: float, extra_state: float, seed: int) -> tuple[Measurement, Measurement]:
    """A case and its control in 4 processes of 6 shared rounds, the last 3 in a slow spell
    (2x), and a 7th round that the case alone took, in state ``extra_state``."""
    rng = np.random.default_rng(seed)
    rid = seed * 1_000
    case: list[float] = []
    ctrl: list[float] = []
    ids: list[int] = []
    for _ in range(4):
        for r in range(7):
            state = 2.0 if 3 <= r < 6 else (extra_state if r == 6 else 1.0)
            ids.append(rid + r)
            case += [case_cost * state * float(v) for v in rng.lognormal(0.0, 0.003, 5)]
            if r < 6:
                ctrl += [state * float(v) for v in rng.lognormal(0.0, 0.003, 5)]
        rid += 10
    own = list(ids)
    shared = [i for k, i in enumerate(ids) if k % 7 != 6]

    def m(samples: list[float], rounds: list[int], per: int) -> Measurement:
        n = len(rounds)
        return Measurement(
            samples=tuple(samples),
            loops=1,
            first_call=samples[0],
            blocks=(5,) * n,
            rounds=tuple(rounds),
            processes=(per,) * 4,
        )

    return m(case, own, 7), m(ctrl, shared, 6)


def test_the_reading_pairs_case_and_control_round_by_round() -> None:
    # Run A's extra round fell in the slow spell, B's did not: each process's median of the
    # case lands in the slow state in A (4 slow blocks of 7) and the fast one in B, the
    # control's between the two in both. Their ratio of medians would read a 2x change.
    a_case, a_ctrl = _spell(1.1, 2.0, 1)
    b_case, b_ctrl = _spell(1.1, 1.0, 2)
    assert a_case.process_medians is not None and b_case.process_medians is not None
    assert a_ctrl.process_medians is not None and b_ctrl.process_medians is not None
    by_medians = [
        (bc / bk) / (ac / ak)
        for ac, ak, bc, bk in zip(
            a_case.process_medians,
            a_ctrl.process_medians,
            b_case.process_medians,
            b_ctrl.process_medians,
            strict=True,
        )
    ]
    assert all(r < 0.6 for r in by_medians)
    # Paired round by round, the extra round counts for neither: 1.1 in every process of both.
    la, lb = control.process_logs(a_case, a_ctrl), control.process_logs(b_case, b_ctrl)
    assert la is not None and lb is not None
    assert all(abs(x - math.log(1.1)) < 0.005 for x in la + lb)
    reading = control.read(la, lb, "w/vectorized", 0.05)
    assert reading.verdict == UNSURE and 0.99 < reading.low < 1.0 < reading.high < 1.01
    # And a real 10% change in B reads as such.
    c_case, c_ctrl = _spell(1.21, 1.0, 3)
    lc = control.process_logs(c_case, c_ctrl)
    assert lc is not None
    slower = control.read(la, lc, "w/vectorized", 0.05)
    assert slower.verdict == SLOWER and 1.09 < slower.low < slower.high < 1.11


def test_a_process_where_case_and_control_took_no_round_together_is_not_read() -> None:
    case, ctrl = _spell(1.1, 1.0, 4)
    # The control's rounds renumbered: it shares none with the case.
    apart = replace(ctrl, rounds=tuple(r + 500 for r in ctrl.rounds or ()))
    assert control.process_logs(case, apart) is None
    assert control.process_logs(case, ctrl) is not None
