"""The HTML report: sections, escaping of everything that comes from results, self-containment."""

from __future__ import annotations

import argparse
import re
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from arraybench.analysis.claims import Answer
from arraybench.report import html
from arraybench.results import RunResult, load

from .test_plots import DATA, ENV, case, failed, many_series_run, rich_run, run

EVIL_WORKLOAD = "<script>alert(1)</script>"
EVIL_IMPL = 'say "hi" & <bye>'
EVIL_ERROR = "ValueError: <b>bold</b> & broken"
EVIL_CLAIM = "<img src=x onerror=alert(2)> is 2x [1–3]"


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
                    "headline": "<em>fast</em> & <script>h()</script>",
                    "claims": [{"text": EVIL_CLAIM, "verdict": '"><s>', "applicable": True}],
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
    for raw in ("<i>CPU", "<u>this", "<em>", "<tt>d", "<h1>T", "<img src=x", "<s>"):
        assert raw not in doc
    # As a browser parses it: no element came from the results, and the text reads as written.
    parsed = parse(doc)
    tags = {tag for tag, _ in parsed.tags}
    assert not tags & {"script", "u", "em", "tt", "i", "s"}
    assert all((a.get("src") or "").startswith("data:image/svg+xml;base64,") for t, a in
               parsed.tags if t == "img")  # fmt: skip
    assert not any(name.startswith("on") for _, a in parsed.tags for name in a)
    text = "".join(parsed.text)
    assert EVIL_WORKLOAD in text and EVIL_IMPL in text and EVIL_ERROR in text
    assert EVIL_CLAIM in text and "<em>fast</em> & <script>h()</script>" in text


def test_report_has_every_section_for_saved_results() -> None:
    doc = html.render(load(DATA), plots=False)
    for heading in (
        "Summary",
        "Pure Python vs NumPy vs PyTorch vs JAX on a tiny elementwise function",
    ):
        assert f">{heading}</h2>" in doc
    for folded in ("The full answer", "Findings", "Results", "Cost models", "Crossovers"):
        assert f"<summary>{folded}" in doc
    assert '<details id="environment"><summary>Environment</summary>' in doc
    assert "Why is a PyTorch model 10x slower than a pure Python function?" in doc
    assert '<span class="verdict good">agrees</span>' in doc
    assert "per call before any work" in doc  # a finding
    # The results table: a row per case, with its median, CI, first call, speedup vs ref and check.
    assert doc.count("<tr") - doc.count("<tr><th") >= len(load(DATA).cases)
    for column in ("median", "95% CI", "first call", "speedup vs ref", "check"):
        assert f">{column}</th>" in doc


def test_summary_comes_first_with_each_question_and_its_answer() -> None:
    result = load(DATA)
    doc = html.render(result, plots=False)
    sections = re.findall(r'<section id="([^"]+)"', doc)
    assert sections == ["summary", "q-sin2", "about"]
    summary = doc[doc.index('<section id="summary">') : doc.index('<section id="q-sin2"')]
    assert '<a href="#q-sin2">Why is a PyTorch model 10x slower' in summary
    answer = Answer.from_dict(result.extra["sin2"]["answer"])
    assert escape(answer.summary) in summary
    assert summary.count('class="verdict ') == 1


def verdict_run() -> RunResult:
    """Four questions, one per verdict, each on a workload of its own."""
    verdicts = ("agrees", "partly agrees", "disagrees", "cannot tell")
    cases, extra = [], {}
    for i, verdict in enumerate(verdicts):
        w = f"w{i}"
        for n in (10, 100, 1000):
            cases += [
                case("loop", "python", n, 1e-7 * n, workload=w),
                case("vec", "numpy", n, 1e-6 + 1e-9 * n, workload=w, reference=True),
            ]
        extra[f"e{i}"] = {
            "title": f"Experiment {i}",
            "question": f"Question {i}?",
            "claim": "a claim",
            "workloads": [w],
            "answer": {
                "answer": f"Answer {i}. More detail {i}.",
                "verdict": verdict,
                "claims": [{"text": f"part {i} is 2x [1–3]", "verdict": verdict}],
            },
        }
    return RunResult(cases=tuple(cases), env=ENV, extra=extra)


def test_one_badge_per_question_with_its_verdict_class() -> None:
    doc = html.render(verdict_run(), plots=False)
    summary = doc[: doc.index('<section id="q-e0"')]
    badges = re.findall(r'<span class="verdict (\w+)">([^<]+)</span>', summary)
    assert badges == [
        ("good", "agrees"),
        ("mixed", "partly agrees"),
        ("bad", "disagrees"),
        ("unknown", "cannot tell"),
    ]
    # The one-sentence answer: the first sentence, not the whole answer.
    assert "Answer 0." in summary and "More detail 0." not in summary
    # Each question's section: the answer with its parts, then the details, folded.
    for i in range(4):
        section = doc[doc.index(f'<section id="q-e{i}"') :]
        section = section[: section.index("</section>")]
        assert section.index('<div class="answer') < section.index("<details")
        assert f"part {i} is 2x [1–3]" in section
        assert "More detail" in section[section.index("<details") :]


def test_details_are_closed_until_opened() -> None:
    doc = html.render(verdict_run(), plots=False)
    parsed = parse(doc)
    details = [a for tag, a in parsed.tags if tag == "details"]
    assert len(details) >= 4 * 3 + 1  # full answer, results, cost models per question; env
    assert not any("open" in a for a in details)
    assert doc.count("<details") == doc.count("<summary>")


def test_each_question_shows_its_plot_before_its_answer() -> None:
    pytest.importorskip("matplotlib")
    doc = html.render(verdict_run())
    summary = doc[: doc.index('<section id="q-e0"')]
    assert summary.count("<img ") == 4  # a thumbnail per question on the first screen
    for i in range(4):
        section = doc[doc.index(f'<section id="q-e{i}"') :]
        section = section[: section.index("</section>")]
        plot = section.index('<img src="data:image/svg+xml;base64,')
        assert plot < section.index('<div class="answer')
        assert "time per call against size" in section[plot : section.index('<div class="answer')]


def test_plain_workloads_get_a_summary_with_the_fastest_per_size() -> None:
    doc = html.render(rich_run(), plots=False)
    sections = re.findall(r'<section id="([^"]+)"', doc)
    assert sections == ["summary", "w-w", "about"]
    summary = doc[: doc.index('<section id="w-w"')]
    assert "Fastest: loop (python float64) at n=1; vec (numpy float64) at n=10–1e4." in summary
    assert "faster than jit (jax float64)" in summary
    assert 'class="verdict' not in doc


def test_findings_are_listed_through_one_ordering_function() -> None:
    from arraybench.analysis.findings import analyze

    result = rich_run()
    analysis = analyze(result)
    ordered = html._ordered_findings(analysis, ["w"])
    assert sorted(ordered, key=id) == sorted(
        [f for f in analysis.findings if f.workload == "w"], key=id
    )
    ranks = [html._rank(f.kind) for f in ordered]
    assert ranks == sorted(ranks)
    doc = html.render(result, analysis, plots=False)
    listed = doc[doc.index("<summary>Findings") :]
    positions = [listed.index(escape(f.text)) for f in ordered]
    assert positions == sorted(positions)


def test_wide_tables_scroll_in_their_own_box() -> None:
    doc = html.render(rich_run(), plots=False)
    assert doc.count("<table") == doc.count('<div class="scroll"><table')
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in doc


def test_table_cells_carry_their_heading_and_names_break_only_between_words() -> None:
    from arraybench.report.html_parts import name_td

    doc = html.render(evil_run(), plots=False)
    cells = [a for tag, a in parse(doc).tags if tag == "td"]
    # Every cell names its column, for the phone's layout (a row as a card); the cells that
    # name the row are marked, and a heading is an attribute's escaped text.
    assert cells and all(a.get("data-label") for a in cells)
    keys = [a["data-label"] for a in cells if "data-key" in a]
    assert {"impl", "backend", "dtype", "n"} <= set(keys)
    assert 'data-label="95% CI"' in doc
    # A name may wrap after "." or "_" before a letter, never inside a number or an entity.
    assert name_td("torch.softmax") == "<td>torch.<wbr>softmax</td>"
    assert name_td("manual_with_out") == "<td>manual_<wbr>with_<wbr>out</td>"
    assert name_td("v1.5 (x_2)") == "<td>v1.5 (x_2)</td>"
    assert name_td("a_<b>.c") == "<td>a_&lt;b&gt;.c</td>"
    assert escape(EVIL_IMPL) in doc


def test_plots_are_embedded_as_data_uris() -> None:
    pytest.importorskip("matplotlib")
    doc = html.render(rich_run())
    images = [a for tag, a in parse(doc).tags if tag == "img"]
    # time, speedup, phases (no profile: no fraction of peak), and the summary card's own time
    # plot of the series its answer names
    assert len({a["src"] for a in images}) == 4 and len(images) == 4
    assert all((a["src"] or "").startswith("data:image/svg+xml;base64,") for a in images)
    # Each plot of a section is drawn a second time for a phone, shown below NARROW_PLOTS's
    # width; a card's plot is drawn as wide as a phone's page already.
    sources = [a for tag, a in parse(doc).tags if tag == "source"]
    assert len(sources) == 3 == doc.count("<picture>")
    assert all(a["media"] == html.NARROW_PLOTS for a in sources)
    assert all((a["srcset"] or "").startswith("data:image/svg+xml;base64,") for a in sources)
    assert not {a["srcset"] for a in sources} & {a["src"] for a in images}
    summary = doc[: doc.index("</section>")]
    assert "<picture>" not in summary and summary.count("<img ") == 1


def test_failed_cases_are_listed_with_their_whole_error() -> None:
    long_error = "RuntimeError: " + "x" * 300
    result = RunResult(
        cases=(case("vec", "numpy", 10, 1e-6, reference=True), failed("b", "numpy", 10, long_error))
    )
    doc = html.render(result, plots=False)
    assert '<details id="failures"><summary>Failures (1)</summary>' in doc
    assert '<a class="fail" href="#failures">1 failed</a>' in doc
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
    assert doc.count('class="warn check">unchecked</td>') == 1


def card_and_section_plots(doc: str, section: str) -> tuple[str, str]:
    """The SVG text of the summary card's plot and of the section's main plot."""
    import base64

    def first_svg(part: str) -> str:
        uri = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', part)
        assert uri is not None
        return base64.b64decode(uri.group(1)).decode()

    summary = doc[doc.index('<section id="summary">') : doc.index(f'<section id="{section}"')]
    return first_svg(summary), first_svg(doc[doc.index(f'<section id="{section}"') :])


def test_a_card_plot_draws_the_series_the_answer_names_and_the_section_every_one() -> None:
    pytest.importorskip("matplotlib")
    named = [["w", "impl2", "numpy", "cpu", "float64"], ["w", "impl9", "numpy", "cpu", "float64"]]
    answer = {"answer": "impl2 is 3x faster than impl9.", "verdict": "agrees", "series": named}
    extra = {
        "e": {"title": "T", "question": "Q?", "claim": "", "workloads": ["w"], "answer": answer}
    }
    r = many_series_run()
    doc = html.render(RunResult(r.cases, env=r.env, started=r.started, extra=extra))
    card, full = card_and_section_plots(doc, "q-e")
    drawn = {f"impl{i}" for i in range(12) if f"impl{i} (numpy float64)" in card}
    assert drawn == {"impl2", "impl9"}
    assert all(f"impl{i} (numpy float64)" in full for i in range(12))


def test_a_plain_workloads_card_draws_the_fastest_and_what_it_is_compared_with() -> None:
    pytest.importorskip("matplotlib")
    # impl0 is the fastest at every size; the sentence compares it with impl1.
    card, full = card_and_section_plots(html.render(many_series_run()), "w-w")
    drawn = {f"impl{i}" for i in range(12) if f"impl{i} (numpy float64)" in card}
    assert drawn == {"impl0", "impl1"}
    assert all(f"impl{i} (numpy float64)" in full for i in range(12))
