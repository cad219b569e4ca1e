"""A run from several machines on the command line: ``show`` prints the machines, each machine's
answer and tables and the lines across machines; ``compare`` compares the machines of one run,
and names what differs between runs from different machines. NumPy is 2x slower on host-b."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from arraybench.analysis.machines import cross_machine
from arraybench.base.units import format_ratio_with_interval
from arraybench.cli import compare as compare_cli
from arraybench.cli import show
from arraybench.report.summary import print_machines
from arraybench.results import RunResult, load

from ..machines import SIN2, classic, sin2_two_machines, stored, two_machines


def cli(module: object, *argv: str) -> int:
    parser = argparse.ArgumentParser(prog="arraybench")
    sub = parser.add_subparsers(dest="command")
    module.add_parser(sub, [])  # type: ignore[attr-defined]
    args = parser.parse_args(list(argv))
    return int(args.handler(args))


@pytest.fixture(scope="module")
def run() -> RunResult:
    return sin2_two_machines()


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")


# -- show -----------------------------------------------------------------------------------


def test_show_prints_the_machines_each_machine_s_answer_and_the_cross_machine_line(
    run: RunResult, tmp_path: Path, capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    path = tmp_path / "h.sqlite"
    rid = stored(run, path)
    assert cli(show, "show", rid, "--store", str(path)) == 0
    out = capsys.readouterr().out
    assert "on 2 machines: host-a, host-b" in out.splitlines()[0]
    # The Machines table comes first, a row per machine with what tells them apart.
    table = out[out.index("Machines (2)") : out.index("Question:")]
    row_a = next(line for line in table.splitlines() if line.startswith("host-a"))
    row_b = next(line for line in table.splitlines() if line.startswith("host-b"))
    assert "AMD EPYC" in row_a and "3.11.7" in row_a and "numpy 2.4.6" in row_a
    assert "openblas" in row_a and "none" in row_a
    for text in ("AMD EPYC 9654", "16", "NVIDIA H100", "3.12.4", "numpy 2.5.0", "mkl 2024.2"):
        assert text in row_b
    assert "threads left as found" in row_b
    # Each machine's answer under a heading naming it, in the run's order of machines.
    heading_a = out.index("on host-a: AMD EPYC, 2 cores\n")
    heading_b = out.index("on host-b: AMD EPYC 9654 96-Core Processor, 16 cores, NVIDIA H100")
    across = out.index("Across machines")
    assert heading_a < heading_b < across
    answers = run.extra["sin2"]["answers"]
    assert answers["host-a"]["headline"] != answers["host-b"]["headline"]
    flat = " ".join(out.split())  # the console wraps long lines
    for m, start, end in (("host-a", heading_a, heading_b), ("host-b", heading_b, across)):
        part = " ".join(out[start:end].split())
        assert f"{m} agrees with the published claim" in part
        assert " ".join(answers[m]["headline"].split()[:12]) in part
    # NumPy 2x slower on host-b turns torch from slower than NumPy into faster.
    torch = next(x for x in cross_machine(run) if x.label == "torch/numpy float32")
    a, b = (format_ratio_with_interval(iv) for _, iv in torch.ratios)
    assert (
        f"torch/numpy float32 time ratio at n=1e5: {a} on host-a, {b} on host-b; the machines "
        "disagree: torch is faster on host-b, slower on host-a" in flat
    )


def test_show_of_a_run_on_one_machine_prints_no_machines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    path = tmp_path / "h.sqlite"
    rid = stored(load(SIN2), path)
    assert cli(show, "show", rid, "--store", str(path)) == 0
    out = capsys.readouterr().out
    assert "Machines" not in out and "Across machines" not in out and "on host" not in out
    assert "This machine agrees with the published claim" in out
    assert "on vm (AMD EPYC)" in out.splitlines()[0]


def test_a_cluster_run_on_one_machine_is_shown_with_that_machine_s_record(
    run: RunResult, tmp_path: Path, capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    from dataclasses import replace

    only_b = replace(
        run,
        cases=tuple(c for c in run.cases if c.machine == "host-b"),
        machines={"host-b": run.machines["host-b"]},
        extra={k: v for k, v in load(SIN2).extra.items()},
    )
    path = tmp_path / "h.sqlite"
    rid = stored(only_b, path)
    assert cli(show, "show", rid, "--store", str(path)) == 0
    out = capsys.readouterr().out
    assert "on host-b (AMD EPYC 9654 96-Core Processor)" in out.splitlines()[0]
    assert "Machines" not in out and "Across machines" not in out
    assert "threads left as found" in out  # the machine's thread policy, in the footer


def test_verbose_show_lists_every_cross_machine_line_and_the_compact_view_ranks_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    big = two_machines(classic())
    buf = io.StringIO()
    print_machines(big, Console(file=buf, width=400, color_system=None))
    compact = buf.getvalue()
    buf = io.StringIO()
    print_machines(big, Console(file=buf, width=400, color_system=None), verbose=True)
    verbose = buf.getvalue()
    lines = cross_machine(big)
    assert all(x.text() in verbose for x in lines)
    shown = [x for x in lines if x.text() in compact]
    assert len(shown) < len(lines)
    assert "more pairs: -v lists them" in compact
    # Every disagreement is in the compact view (vec_add, vec_apply, vec_where, tensors).
    flips = [x for x in lines if x.disagree]
    assert len(flips) >= 4 and all(x.text() in compact for x in flips)
    # Each experiment's question once, each machine under it.
    assert compact.count("Question:") == 5
    assert compact.count("on host-a: ") == 5 and compact.count("on host-b: ") == 5


def test_show_json_and_a_saved_file_keep_the_machines(
    run: RunResult, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "h.sqlite"
    rid = stored(run, path)
    assert cli(show, "show", rid, "--store", str(path), "--format", "json") == 0
    d = json.loads(capsys.readouterr().out)
    assert d["version"] == 4 and set(d["machines"]) == {"host-a", "host-b"}
    assert set(d["extra"]["sin2"]["answers"]) == {"host-a", "host-b"}


# -- compare --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def files(run: RunResult, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("machines")
    three = two_machines(load(SIN2), names=("host-a", "host-c"), factor={"torch": 3.0})
    three = RunResult(
        cases=run.cases + tuple(c for c in three.cases if c.machine == "host-c"),
        env=run.env,
        machines={**run.machines, "host-c": three.machines["host-c"]},
    )
    return {
        "both": run.save(d / "both.json"),
        "three": three.save(d / "three.json"),
        "a": load(SIN2).save(d / "a.json"),
        "b": run.on_machine("host-b").save(d / "b.json"),
    }


def test_compare_one_run_compares_its_machines_case_by_case(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    assert cli(compare_cli, "compare", str(files["both"])) == 0
    out = capsys.readouterr().out
    assert "A host-a: 84 cases" in out and "B host-b: 84 cases" in out
    assert "Environments differ (A -> B)" in out
    assert "CPU: AMD EPYC -> AMD EPYC 9654 96-Core Processor" in out
    assert "numpy: 2.4.6 -> 2.5.0" in out and "GPU: none -> NVIDIA H100 80GB HBM3" in out
    rows = [line for line in out.splitlines() if "sin2/" in line and "│" in line]
    assert len(rows) == 84
    numpy = [r for r in rows if "[numpy:" in r]
    assert all("2.00x [" in r for r in numpy)
    assert all(
        "1.00x [" in r and ("no change" in r or "cannot tell" in r) for r in rows if r not in numpy
    )
    assert sum("slower" in r for r in numpy) >= 30
    # A slower machine is no regression: exit 0, and the output says why.
    assert "a slower machine is not a failure (exit 0)" in out


def test_compare_machines_gates_only_when_asked_and_json_names_the_machines(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    both = str(files["both"])
    assert cli(compare_cli, "compare", both, "--fail-on-slowdown", "50%", "--json") == 1
    d = json.loads(capsys.readouterr().out)
    assert d["meta"]["a"]["machine"] == "host-a" and d["meta"]["b"]["machine"] == "host-b"
    assert d["failing"] and all("[numpy:" in name for name in d["failing"])
    assert {e["what"] for e in d["environments_differ"]} >= {"CPU", "cores", "GPU", "numpy"}
    ratios = {c["case"]: c["ratio"] for c in d["cases"]}
    assert all(r == pytest.approx(2.0 if "[numpy:" in k else 1.0) for k, r in ratios.items())
    assert cli(compare_cli, "compare", both, "--fail-on-slowdown", "150%") == 0
    assert cli(compare_cli, "compare", both, "--fail-on", "slower") == 1  # the gate, turned on
    capsys.readouterr()
    # The other way round, host-a against host-b: NumPy is faster there.
    assert cli(compare_cli, "compare", both, "--machine", "host-b", "--machine", "host-a") == 0
    out = capsys.readouterr().out
    assert "A host-b" in out and "B host-a" in out and "0.50x [" in out and "faster" in out


def test_three_machines_give_one_comparison_each_against_the_first(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(compare_cli, "compare", str(files["three"]), "--json") == 0
    d = json.loads(capsys.readouterr().out)
    pairs = [(c["meta"]["a"]["machine"], c["meta"]["b"]["machine"]) for c in d["comparisons"]]
    assert pairs == [("host-a", "host-b"), ("host-a", "host-c")]
    slower = [
        {c["backend"] for c in x["cases"] if c["verdict"] == "slower"} for x in d["comparisons"]
    ]
    assert slower == [{"numpy"}, {"torch"}]
    assert d["failing"] == []
    assert (
        cli(compare_cli, "compare", str(files["three"]), "--fail-on-slowdown", "20%", "--json") == 1
    )
    d = json.loads(capsys.readouterr().out)
    assert {name.split(":", 1)[0] for name in d["failing"]} == {"host-b", "host-c"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["a"], "holds the cases of one machine: give a second run"),
        (["both", "--machine", "nope"], "holds no machine 'nope' (its machines: host-a, host-b)"),
        (["both", "--machine", "host-a"], "name two machines of"),
        (["both", "a"], "holds several machines (host-a, host-b): pick one with --machine"),
    ],
)
def test_compare_says_what_cannot_be_compared_and_exits_2(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    args = [str(files[a]) if a in files else a for a in argv]
    assert cli(compare_cli, "compare", *args) == 2
    assert message in capsys.readouterr().err


def test_two_runs_from_different_machines_name_the_differing_cpu_and_versions(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    assert cli(compare_cli, "compare", str(files["a"]), str(files["b"])) == 1
    out = capsys.readouterr().out
    block = out[out.index("Environments differ") : out.index("Environment differences (A -> B)")]
    for line in (
        "CPU: AMD EPYC -> AMD EPYC 9654 96-Core Processor",
        "cores: 2 -> 16",
        "GPU: none -> NVIDIA H100 80GB HBM3",
        "Python: 3.11.7 -> 3.12.4",
        "numpy: 2.4.6 -> 2.5.0",
        "BLAS: openblas 0.3.31.188.0 (numpy); mkl 2024.2 (torch) -> mkl 2024.2 (numpy, torch)",
    ):
        assert f"• {line}" in block
    assert "torch:" not in block  # the same torch on both
    assert "more: --json lists them all" in out
    assert cli(compare_cli, "compare", str(files["a"]), str(files["b"]), "--json") == 1
    d = json.loads(capsys.readouterr().out)
    assert [e["what"] for e in d["environments_differ"]][:5] == [
        "CPU",
        "cores",
        "GPU",
        "Python",
        "numpy",
    ]
    assert "meta" in d and "machine" not in d["meta"]["a"]
    # A machine of a cluster run against a run on one machine: --machine picks it.
    assert (
        cli(compare_cli, "compare", str(files["both"]), str(files["a"]), "--machine", "host-a") == 0
    )
    out = capsys.readouterr().out
    assert "A " + str(files["both"]) + " on host-a" in " ".join(out.split())
    assert "Environments differ" not in out


def test_two_cluster_runs_are_compared_machine_by_machine(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    both = str(files["both"])
    assert cli(compare_cli, "compare", both, both, "--json") == 0
    d = json.loads(capsys.readouterr().out)
    assert [c["meta"]["b"]["machine"] for c in d["comparisons"]] == ["host-a", "host-b"]
    assert all(c["summary"]["slower"] == 0 for c in d["comparisons"])


def test_compare_finds_a_stored_run_of_several_machines(
    run: RunResult, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "h.sqlite"
    rid = stored(run, path)
    assert cli(compare_cli, "compare", rid, "--store", str(path), "--json") == 0
    d = json.loads(capsys.readouterr().out)
    assert d["meta"]["b"]["machine"] == "host-b" and d["summary"]["slower"] > 0


# -- report, plot, explain --------------------------------------------------------------------


def test_report_plot_and_explain_read_a_run_of_several_machines_one_machine_at_a_time(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], wide: None
) -> None:
    from arraybench.cli import explain, plot, report

    both = str(files["both"])
    page = tmp_path / "r.html"
    assert cli(report, "report", both, "-o", str(page), "--no-plots") == 0
    doc = page.read_text(encoding="utf-8")
    assert '<section id="machines">' in doc and "On host-b</h3>" in doc
    capsys.readouterr()

    assert cli(explain, "explain", both, "--json") == 0
    d = json.loads(capsys.readouterr().out)
    assert set(d["machines"]) == {"host-a", "host-b"}
    assert cli(explain, "explain", both) == 0
    out = capsys.readouterr().out
    assert f"{both} on host-a" in out and f"{both} on host-b" in out
    assert "host-b agrees" in out

    pytest.importorskip("matplotlib")
    assert cli(plot, "plot", both, "-o", str(tmp_path / "plots"), "--format", "svg") == 0
    written = [Path(line) for line in capsys.readouterr().out.split()]
    assert {p.parent.name for p in written} == {"host-a", "host-b"}
    by_machine = {
        m: sorted(p.name for p in written if p.parent.name == m) for m in ("host-a", "host-b")
    }
    assert by_machine["host-a"] == by_machine["host-b"] and by_machine["host-a"]
