"""Recall and false positives of the linter on its corpus (tests/advise/corpus).

The targets of the issue: at least 90% of the flagged snippets found on the right line with the
right code, at most 5% of the look-alikes flagged at all. docs/lint.md quotes the figures; a test
keeps them true.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arraybench.advise import RULES

from .corpus import figures, snippets

MIN_RECALL = 0.90
MAX_FALSE_POSITIVES = 0.05
DOCS = Path(__file__).parents[2] / "docs" / "lint.md"


def test_the_corpus_is_large_enough_and_covers_every_rule() -> None:
    flagged, clean = snippets("flagged"), snippets("clean")
    assert len(flagged) >= 40
    assert len(clean) >= 20
    assert all(s.expected for s in flagged), "every flagged snippet names its line and code"
    assert not any(s.expected for s in clean)
    covered = {code for s in flagged for _, code in s.expected}
    assert covered == set(RULES), f"no snippet for {sorted(set(RULES) - covered)}"


def test_recall_and_false_positive_rate_meet_the_targets() -> None:
    f = figures()
    hits, total = f["recall"]
    fps, clean = f["false_positives"]
    missed = [s.name for s in snippets("flagged") if not s.caught()]
    noisy = [s.name for s in snippets("clean") if s.found()]
    assert hits / total >= MIN_RECALL, f"recall {hits}/{total}; missed: {missed}"
    assert fps / clean <= MAX_FALSE_POSITIVES, f"false positives {fps}/{clean}: {noisy}"


def test_docs_quote_the_measured_figures() -> None:
    text = DOCS.read_text(encoding="utf-8")
    f = figures()
    for key, label in (("recall", "Recall"), ("false_positives", "False positives")):
        got = f[key]
        m = re.search(rf"{label}: \*\*(\d+)/(\d+)\*\*", text)
        assert m is not None, f"docs/lint.md has no '{label}: **x/y**' line"
        assert (int(m.group(1)), int(m.group(2))) == got, (
            f"docs/lint.md says {label} {m.group(1)}/{m.group(2)}, the corpus gives "
            f"{got[0]}/{got[1]}: update the docs"
        )


@pytest.mark.parametrize("snippet", snippets("clean"), ids=lambda s: s.name)
def test_each_look_alike_is_clean(snippet) -> None:  # type: ignore[no-untyped-def]
    # not even a possible finding (lint --all)
    assert [(d.line, d.code) for d in snippet.found(possible=True)] == []


@pytest.mark.parametrize("snippet", snippets("flagged"), ids=lambda s: s.name)
def test_each_slow_snippet_is_found_on_its_line(snippet) -> None:  # type: ignore[no-untyped-def]
    got = {(d.line, d.code): d.confidence for d in snippet.found(possible=True)}
    assert snippet.expected <= set(got)
    want = {m: "possible" if m in snippet.possible else "sure" for m in snippet.expected}
    assert {m: got[m] for m in snippet.expected} == want, "sure or possible, as marked"
    # the default report lists the sure ones and leaves the possible ones out
    listed = {(d.line, d.code) for d in snippet.found()}
    assert listed >= snippet.expected - snippet.possible
    assert not listed & snippet.possible


def test_docs_quote_the_share_of_sure_findings() -> None:
    sure, total = figures()["sure"]
    text = DOCS.read_text(encoding="utf-8")
    m = re.search(r"Sure: \*\*(\d+)/(\d+)\*\*", text)
    assert m is not None, "docs/lint.md has no 'Sure: **x/y**' line"
    assert (int(m.group(1)), int(m.group(2))) == (sure, total), "update the docs"
