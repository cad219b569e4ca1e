"""A few programs of the development set (tests/advise/programs/), profiled as a user would:
every planted slow site is listed on its line, no look-alike is. What is found, not how long."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

pytest.importorskip("line_profiler")

PROGRAMS = Path(__file__).parent / "programs"
LABELS = json.loads((PROGRAMS / "labels.json").read_text())["programs"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    [
        "np_ridge_gd.py",
        "np_metrics.py",
        "np_const_kalman.py",
        "np_rowproduct_sensors.py",
        "np_knn_service.py",
        "np_sensor_zscore.py",
        pytest.param(
            "jax_heat_elements.py",
            marks=pytest.mark.skipif(
                __import__("importlib").util.find_spec("jax") is None, reason="jax is not installed"
            ),
        ),
    ],
)
def test_planted_sites_are_listed_and_look_alikes_are_not(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    report = profile(Target(script=PROGRAMS / name))
    assert "result:" in capsys.readouterr().out
    assert report.outcome.status == 0
    listed = {f.line for f in report.findings}
    for site in LABELS[name]["sites"]:
        if site["hot"]:
            assert site["line"] in listed, f"{name}:{site['line']} {site['kind']} not listed"
        else:
            assert site["line"] not in listed, f"{name}:{site['line']} look-alike listed"
