"""The HTML report of a run from several machines: a Machines section, each machine's answer,
plot and tables under a heading naming it, the lines across machines; every string escaped,
hostile machine names included. A run on one machine reads as before."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape

import pytest

from arraybench.analysis.machines import cross_machine
from arraybench.report import html
from arraybench.results import RunResult, load

from ..machines import SIN2, sin2_two_machines, two_machines
from .test_html import EVIL_WORKLOAD, evil_run, parse

EVIL_MACHINE = '<script>alert(3)</script>"><img src=x onerror=alert(4)>'


@pytest.fixture(scope="module")
def run() -> RunResult:
    return sin2_two_machines()


@pytest.fixture(scope="module")
def doc(run: RunResult) -> str:
    return html.render(run, plots=False)


def text_of(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def test_sections_put_the_machines_after_the_summary(doc: str) -> None:
    assert re.findall(r'<section id="([^"]+)"', doc) == ["summary", "machines", "q-sin2", "about"]
    header = doc[: doc.index('<section id="summary"')]
    assert '<a href="#machines">2 machines</a>' in header
    assert "host-a (AMD EPYC), host-b (AMD EPYC 9654 96-Core Processor)" in text_of(header)


def test_the_machines_section_has_a_row_per_machine_and_each_whole_record(doc: str) -> None:
    section = doc[doc.index('<section id="machines"') : doc.index('<section id="q-sin2"')]
    head = re.findall(r"<th>([^<]*)</th>", section[: section.index("</thead>")])
    assert head == ["machine", "CPU", "cores", "GPU", "Python", "libraries", "BLAS", "threads"]
    rows = [
        re.findall(r"<td[^>]*>([^<]*)</td>", row)
        for row in re.findall(r"<tr>(.*?)</tr>", section)[1:]
    ]
    assert rows[0][:5] == ["host-a", "AMD EPYC", "2", "none", "3.11.7"]
    b = ["host-b", "AMD EPYC 9654 96-Core Processor", "16", "NVIDIA H100 80GB HBM3", "3.12.4"]
    assert rows[1][:5] == b
    assert "numpy 2.5.0" in rows[1][5] and rows[1][6] == "mkl 2024.2 (numpy, torch)"
    assert rows[1][7] == "threads left as found"
    assert "<summary>host-a: the whole record</summary>" in section
    assert "<summary>host-b: the whole record</summary>" in section


def test_each_machine_answers_under_its_own_heading(run: RunResult, doc: str) -> None:
    section = doc[doc.index('<section id="q-sin2"') : doc.index('<section id="about"')]
    a = section.index('<h3 id="q-sin2-m-host-a" class="machine">On host-a</h3>')
    b = section.index('<h3 id="q-sin2-m-host-b" class="machine">On host-b</h3>')
    assert section.index("Across machines") < a < b
    answers = run.extra["sin2"]["answers"]
    on_a, on_b = text_of(section[a:b]), text_of(section[b:])
    assert answers["host-a"]["headline"] != answers["host-b"]["headline"]
    assert answers["host-a"]["headline"] in on_a and answers["host-b"]["headline"] in on_b
    assert answers["host-b"]["headline"] not in on_a
    # Each machine's folded detail: its findings, its results table.
    for part in (section[a:b], section[b:]):
        assert "<summary>Results (84 cases)</summary>" in part
        assert "<summary>The full answer</summary>" in part
    # The summary card gives each machine's verdict and answer.
    summary = doc[doc.index('<section id="summary"') : doc.index('<section id="machines"')]
    assert summary.count('class="verdict ') == 2
    card = text_of(summary)
    assert "host-a: agrees" in card and "host-b: agrees" in card


def test_the_lines_across_machines_give_each_machine_s_ratio(run: RunResult, doc: str) -> None:
    section = doc[doc.index('<section id="q-sin2"') : doc.index('<h3 id="q-sin2-m-host-a"')]
    torch = next(x for x in cross_machine(run) if x.label == "torch/numpy float32")
    assert torch.disagree
    assert f'<li class="warn">{torch.text()}</li>' in section
    assert "the machines disagree: torch is faster on host-b, slower on host-a" in torch.text()
    summary = doc[doc.index('<section id="summary"') : doc.index('<section id="machines"')]
    assert "The machines disagree on which is faster in 1 comparison" in summary


def test_each_machine_has_its_own_plots() -> None:
    pytest.importorskip("matplotlib")
    run = sin2_two_machines()
    doc = html.render(run, plots=True)
    section = doc[doc.index('<section id="q-sin2"') :]
    alts = re.findall(r'<img src="data:image/svg\+xml;base64,[^"]+" alt="([^"]+)"', section)
    assert "host-a: sin2: time per call against size" in alts
    assert "host-b: sin2: time per call against size" in alts
    # The two machines' plots differ: NumPy is 2x slower on host-b.
    time_plot = r'<img src="([^"]+)" alt="host-[ab]: sin2: time per call against size"'
    uris = re.findall(time_plot, section)
    assert len(uris) == 2 and uris[0] != uris[1]


def test_a_hostile_machine_name_renders_as_text() -> None:
    base = evil_run()
    run = two_machines(base, names=(EVIL_MACHINE, "b&b"))
    doc = html.render(run, plots=False)
    assert "<script" not in doc.lower() and "<img src=x" not in doc
    parsed = parse(doc)
    tags = {tag for tag, _ in parsed.tags}
    assert not tags & {"script", "u", "em", "tt", "i", "s"}
    assert not any(name.startswith("on") for _, a in parsed.tags for name in a)
    text = "".join(parsed.text)
    assert EVIL_MACHINE in text and "b&b" in text and EVIL_WORKLOAD in text
    assert f"On {EVIL_MACHINE}" in text
    # Ids come from slugs: nothing from the name reaches an attribute unescaped.
    ids = [a.get("id") or "" for _, a in parsed.tags]
    assert all(re.fullmatch(r"[A-Za-z0-9._-]*", i) for i in ids)


def test_a_run_on_one_machine_has_no_machines_section() -> None:
    doc = html.render(load(SIN2), plots=False)
    assert 'id="machines"' not in doc and "Across machines" not in doc
    assert 'class="machine"' not in doc and "MACHINES_CSS" not in doc and ".across" not in doc


def test_a_cluster_run_on_one_machine_reads_as_that_machine_s_run(run: RunResult) -> None:
    only_b = replace(
        run,
        cases=tuple(c for c in run.cases if c.machine == "host-b"),
        machines={"host-b": run.machines["host-b"]},
        extra=dict(load(SIN2).extra),
    )
    doc = html.render(only_b, plots=False)
    assert 'id="machines"' not in doc and "Across machines" not in doc
    header = doc[: doc.index('<section id="summary"')]
    assert "AMD EPYC 9654 96-Core Processor" in header  # host-b's CPU, not the run's
