"""A run as a notebook shows it (``RunResult._repr_html_``): the answer, the compact table, the
plot inline, the failures; every string escaped, nothing loaded from elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import arraybench as ab
from arraybench.report import notebook

from .test_html import EVIL_ERROR, EVIL_IMPL, EVIL_WORKLOAD, evil_run

DATA = Path(__file__).parent.parent / "data"


def test_a_run_shows_its_answer_table_and_plot() -> None:
    pytest.importorskip("matplotlib")
    result = ab.load(DATA / "sin2_results.json")
    page = result._repr_html_()
    answer = re.search(r'<p class="answer"><b>sin2</b>: (Fastest: [^<]*)</p>', page)
    assert answer is not None and "vectorized (numpy float32)" in answer.group(1)
    table = page.split('<table class="compact">')[1].split("</table>")[0]
    rows = re.findall(r'<tr><td class="k">([^<]*)</td><td class="k">([^<]*)</td>', table)
    assert sorted(set(rows)) == sorted({(c.impl, c.backend) for c in result.cases})
    assert "★" in table
    assert page.count('<img src="data:image/svg+xml;base64,') == 1  # one plot per workload
    assert 'srcset="data:image/svg+xml;base64,' in page  # and its phone's drawing
    assert "<details><summary>every case" in page


def test_every_string_is_escaped_and_nothing_is_loaded() -> None:
    page = notebook.render(evil_run(), plots=False)
    assert EVIL_WORKLOAD not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert EVIL_IMPL not in page and "&lt;bye&gt;" in page
    assert EVIL_ERROR not in page and "&lt;b&gt;bold&lt;/b&gt;" in page
    assert "<script" not in page and 'src="http' not in page
    assert "1 failed" in page
