"""The HTML report: sections, escaping of everything that comes from results, self-containment."""

from __future__ import annotations

import argparse
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from arraybench.report import html
from arraybench.results import RunResult, load

from .test_plots import DATA, ENV, case, failed, rich_run, run

EVIL_WORKLOAD = "<script>alert(1)</script>"
EVIL_IMPL = 'say "hi" & <bye>'
EVIL_ERROR = "ValueError: <b>bold</b> & broken"


def evil_run() -> RunResult:
    return RunResult(
        cases=(
            case("vec", "numpy", 10, 1e-6, workload=EVIL_WORKLOAD, reference=True),
            case(EVIL_IMPL, "numpy", 10, 2e-6, workload=EVIL_WORKLOAD),
            failed(EVIL_IMPL, "torch", 10, EVIL_ERROR, workload=EVIL_WORKLOAD),
        ),
        env={**ENV, "cpu": "<i>CPU</i>", "hostname": "a&b"},
        extra={
            "exp": {
                "title": "<h1>T</h1>",
                "question": "Is <u>this</u> fast?",
                "claim": "claim & <em>more</em>",
                "workloads": [EVIL_WORKLOAD],
                "answer": {
                    "answer": "<script>x()</script>",
                    "verdict": "agrees",
                    "why": "",
                    "details": ["<tt>d</tt>"],
                },
            }
        },
    )


class Tags(HTMLParser):
    """Every start tag of a document, and its text, as a browser would parse them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(doc: str) -> Tags:
    t = Tags()
    t.feed(doc)
    return t


@pytest.mark.parametrize("plots", [True, False])
def test_strings_from_results_render_as_text(plots: bool) -> None:
    if plots:
        pytest.importorskip("matplotlib")
    doc = html.render(evil_run(), plots=plots)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in doc
    assert "<script>alert" not in doc and "<script" not in doc.lower()
    assert "say &quot;hi&quot; &amp; &lt;bye&gt;" in doc
    assert "ValueError: &lt;b&gt;bold&lt;/b&gt; &amp; broken" in doc
    assert "<b>bold" not in doc
    for raw in ("<i>CPU", "<u>this", "<em>more", "<tt>d", "<h1>T"):
        assert raw not in doc
    # As a browser parses it: no element came from the results, and the text reads as written.
    parsed = parse(doc)
    tags = {tag for tag, _ in parsed.tags}
    assert not tags & {"script", "u", "em", "tt", "i"}
    text = "".join(parsed.text)
    assert EVIL_WORKLOAD in text and EVIL_IMPL in text and EVIL_ERROR in text


def test_report_has_every_section_for_saved_results() -> None:
    doc = html.render(load(DATA), plots=False)
    for heading in ("Questions", "Findings", "sin2", "Cost models", "Crossovers", "Environment"):
        assert f">{heading}</h2>" in doc
    assert "Why is a PyTorch model 10x slower than a pure Python function?" in doc
    assert '<span class="verdict good">agrees</span>' in doc
    assert "per call before any work" in doc  # a finding
    # The results table: a row per case, with its median, CI, first call, vs ref and check.
    assert doc.count("<tr") - doc.count("<tr><th") >= len(load(DATA).cases)
    for column in ("median", "95% CI", "first call", "vs ref", "check"):
        assert f">{column}</th>" in doc


def test_plots_are_embedded_as_data_uris() -> None:
    pytest.importorskip("matplotlib")
    doc = html.render(rich_run())
    images = [a for tag, a in parse(doc).tags if tag == "img"]
    assert len(images) == 3  # time, speedup, phases (no profile: no fraction of peak)
    assert all((a["src"] or "").startswith("data:image/svg+xml;base64,") for a in images)


def test_failed_cases_are_listed_with_their_whole_error() -> None:
    long_error = "RuntimeError: " + "x" * 300
    result = RunResult(
        cases=(case("vec", "numpy", 10, 1e-6, reference=True), failed("b", "numpy", 10, long_error))
    )
    doc = html.render(result, plots=False)
    assert '<section id="failures"><h2>Failures</h2>' in doc
    assert f"<pre>{long_error}</pre>" in doc
    assert "w/b[numpy:cpu:float64] n=10" in doc


def test_report_loads_nothing_from_outside() -> None:
    doc = html.render(evil_run(), plots=False)
    parsed = parse(doc)
    for tag, attrs in parsed.tags:
        assert tag not in ("script", "link", "iframe", "object")
        for name in ("src", "href"):
            value = attrs.get(name) or ""
            assert not re.match(r"\s*(https?:|//|ftp:)", value), (tag, value)
    assert "@import" not in doc and "url(" not in doc


def test_all_failed_and_empty_runs_render() -> None:
    only_failed = RunResult(cases=(failed("a", "numpy", 10, "boom"),))
    assert "boom" in html.render(only_failed)
    assert "0 cases" in html.render(RunResult(cases=()))


def test_write_is_atomic_and_returns_the_path(tmp_path: Path) -> None:
    out = html.write(rich_run(), tmp_path / "sub" / "r.html", plots=False)
    assert out == tmp_path / "sub" / "r.html"
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert [p.name for p in out.parent.iterdir()] == ["r.html"]


def test_report_command_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from arraybench.cli import report

    parser = argparse.ArgumentParser()
    report.add_parser(parser.add_subparsers(), [])
    out = tmp_path / "r.html"
    args = parser.parse_args(["report", str(DATA), "-o", str(out), "--no-plots", "--no-profile"])
    assert args.handler(args) == 0
    assert capsys.readouterr().out.strip() == str(out)
    assert "sin2" in out.read_text(encoding="utf-8")


def test_a_case_with_nothing_to_compare_with_shows_a_dash_not_a_warning() -> None:
    from dataclasses import replace

    from arraybench.results import NO_REFERENCE, REFERENCE_UNAVAILABLE

    solo = replace(case("solo", "torch", 10, 1e-6), unchecked=NO_REFERENCE)
    lost = replace(case("lost", "torch", 100, 1e-6), unchecked=REFERENCE_UNAVAILABLE)
    doc = html.render(run(solo, lost), plots=False)
    assert "nothing to compare with: the workload has one impl" in doc
    assert doc.count('<td class="warn">unchecked</td>') == 1
