"""The linter's corpus: snippets that must be flagged (with the line and code of each finding, as
``# expect: AB101`` comments) and look-alikes that must not be.

    corpus/flagged/*.py   realistic slow code; every `# expect: CODE` line must be reported
    corpus/clean/*.py     good code that looks like the patterns (epochs, batches, files, layers,
                          recurrences, logging every N steps, deliberate float64...)
    held_*.py             written after the rules were fixed and scored before any change to
                          them: docs/lint.md gives their first-try figures apart
    i15_*.py, i15b_*.py   the kinds issue 15 found missed, scored before the changes they led to
                          (i15b after the first round of them); i15c_*.py: look-alikes of the
                          wrong findings of the precision samples (benchmarks/lint_precision.py)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from arraybench.advise.lint import Diagnostic, lint_source

ROOT = Path(__file__).parent / "corpus"
EXPECT = re.compile(r"#\s*expect:\s*(AB\d{3})")


@dataclass(frozen=True)
class Snippet:
    path: Path
    expected: frozenset[tuple[int, str]]

    @property
    def name(self) -> str:
        return self.path.stem

    def found(self) -> list[Diagnostic]:
        return lint_source(self.path.read_text(encoding="utf-8"), str(self.path))

    def caught(self) -> bool:
        """Every expected (line, code) was reported."""
        got = {(d.line, d.code) for d in self.found()}
        return self.expected <= got


def snippets(kind: str) -> list[Snippet]:
    out = []
    for p in sorted((ROOT / kind).glob("*.py")):
        lines = p.read_text(encoding="utf-8").splitlines()
        expected = frozenset(
            (i, m.group(1)) for i, text in enumerate(lines, start=1) if (m := EXPECT.search(text))
        )
        out.append(Snippet(p, expected))
    return out


def figures() -> dict[str, tuple[int, int]]:
    """(hits, total) for recall and (flagged, total) for false positives, all and held-out."""
    flagged, clean = snippets("flagged"), snippets("clean")
    held_f = [s for s in flagged if s.name.startswith("held_")]
    held_c = [s for s in clean if s.name.startswith("held_")]
    return {
        "recall": (sum(s.caught() for s in flagged), len(flagged)),
        "false_positives": (sum(bool(s.found()) for s in clean), len(clean)),
        "held_recall": (sum(s.caught() for s in held_f), len(held_f)),
        "held_false_positives": (sum(bool(s.found()) for s in held_c), len(held_c)),
    }
