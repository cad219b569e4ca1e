"""The held-out sets of the linter (tests/advise/heldout2, heldout3 and heldout4, issue 15).

Each was written from public sources by a reader who had not seen the rules, and scored before
the rule changes of its round (heldout2 before the first, heldout3 before the second, heldout4
before the third); none was used to tune a rule while it was held out. docs/lint.md records each
first score and quotes the figures each set gives now; this test recomputes them and fails when
the page and a set disagree. It does not test a target: the issue's target (recall >= 85%, false
positives <= 10%) is for the end of the work, and a miss here is information, not a failure.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arraybench.advise import RULES

from .corpus import HELDOUT2, HELDOUT3, HELDOUT4, heldout_figures, snippets

DOCS = Path(__file__).parents[2] / "docs" / "lint.md"
SETS = {"second": HELDOUT2, "third": HELDOUT3, "fourth": HELDOUT4}
LABELS = {
    "recall": "Recall on the {} held-out set",
    "false_positives": "False positives on the {} held-out set",
    "recall_all": "Recall with --all on the {} held-out set",
    "false_positives_all": "False positives with --all on the {} held-out set",
}


@pytest.mark.parametrize("which", sorted(SETS))
def test_the_set_is_large_enough_and_well_formed(which: str) -> None:
    root = SETS[which]
    flagged, clean = snippets("flagged", root), snippets("clean", root)
    assert len(flagged) >= 40
    assert len(clean) >= 20
    assert all(s.expected for s in flagged), "every slow snippet names its line and code"
    assert not any(s.expected for s in clean)
    unknown = {code for s in flagged for _, code in s.expected} - set(RULES)
    assert not unknown, f"expect marks with no such rule: {sorted(unknown)}"
    for s in flagged + clean:
        text = s.path.read_text(encoding="utf-8")
        assert text.startswith("# ruff: noqa"), s.name
        cited = re.search(r"^# Source:", text, re.MULTILINE) and re.search(
            r"^#.*https?://", text, re.MULTILINE
        )
        assert cited, f"{s.name} cites no source"


@pytest.mark.parametrize("which", sorted(SETS))
def test_docs_quote_the_figures_the_set_gives(which: str) -> None:
    text = DOCS.read_text(encoding="utf-8")
    figures = heldout_figures(SETS[which])
    for key, pattern in LABELS.items():
        label = pattern.format(which)
        m = re.search(rf"{re.escape(label)}: \*\*(\d+)/(\d+)\*\*", text)
        assert m is not None, f"docs/lint.md has no '{label}: **x/y**' line"
        quoted = (int(m.group(1)), int(m.group(2)))
        assert quoted == figures[key], (
            f"docs/lint.md says {label} {quoted[0]}/{quoted[1]}, the set gives "
            f"{figures[key][0]}/{figures[key][1]}: update the docs (keep the first score as it is)"
        )
