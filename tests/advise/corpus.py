"""The linter's corpus: snippets that must be flagged (with the line and code of each finding, as
``# expect: AB101`` comments) and look-alikes that must not be.

    corpus/flagged/*.py   realistic slow code; every `# expect: CODE` line must be reported
    corpus/clean/*.py     good code that looks like the patterns (epochs, batches, files, layers,
                          recurrences, logging every N steps, deliberate float64...)
    held_*.py             written after the rules were fixed and scored before any change to
                          them: docs/lint.md gives their first-try figures apart
    i15_*.py, i15b_*.py   the kinds issue 15 found missed, scored before the changes they led to
                          (i15b after the first round of them); i15c_*.py: look-alikes of the
                          wrong findings of the precision samples (benchmarks/lint_precision.py);
                          i15e_*.py: the third round's shapes (functions a loop calls, files
                          without imports, loops the code does not write) and their look-alikes

    heldout2/, heldout3/, heldout4/  (flagged/ and clean/ each)
                          the held-out sets of issue 15: written from public sources before a
                          round of rule changes and scored apart; each is spent by its final
                          score, and only the newest measures code the rules have not seen

`python -m tests.advise.corpus [corpus|heldout2|heldout3|heldout4]` prints, per snippet, found or
missed and what was reported, and per rule code the hits (run from the repository root with src
on PYTHONPATH).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from arraybench.advise import Diagnostic, lint_source

ROOT = Path(__file__).parent / "corpus"
HELDOUT2 = Path(__file__).parent / "heldout2"
#: The third held-out set (issue 15, second round): written by a reader who had not seen the
#: rules or the other sets, scored before the rule changes of that round.
HELDOUT3 = Path(__file__).parent / "heldout3"
#: The fourth (issue 15, third round), written the same way before that round's rules were scored.
HELDOUT4 = Path(__file__).parent / "heldout4"
#: ``# expect: AB101`` (a sure finding) or ``# expect: AB107 (possible)`` (one in loops whose
#: count the code does not show: listed by ``lint --all`` only)
EXPECT = re.compile(r"#\s*expect:\s*(AB\d{3})(\s*\(possible\))?")


@dataclass(frozen=True)
class Snippet:
    path: Path
    expected: frozenset[tuple[int, str]]
    #: the expected marks that are possible findings (the others must be sure)
    possible: frozenset[tuple[int, str]] = frozenset()

    @property
    def name(self) -> str:
        return self.path.stem

    def found(self, possible: bool = False) -> list[Diagnostic]:
        """What ``arraybench lint`` reports (``possible``: what ``lint --all`` reports)."""
        return lint_source(self.path.read_text(encoding="utf-8"), str(self.path), possible=possible)

    def caught(self) -> bool:
        """Every expected (line, code) was reported, sure or possible as marked."""
        got = {(d.line, d.code): d.confidence for d in self.found(possible=True)}
        return all(
            got.get(m) == ("possible" if m in self.possible else "sure") for m in self.expected
        )

    def caught_by(self, possible: bool) -> bool:
        """Every expected (line, code) is in the default report (or in ``--all``'s)."""
        got = {(d.line, d.code) for d in self.found(possible)}
        return self.expected <= got


def snippets(kind: str, root: Path = ROOT) -> list[Snippet]:
    """The snippets of `root`/`kind` (kind: "flagged" or "clean"), with their expected marks."""
    out = []
    for p in sorted((root / kind).glob("*.py")):
        lines = p.read_text(encoding="utf-8").splitlines()
        marks = [
            (i, m.group(1), bool(m.group(2)))
            for i, text in enumerate(lines, start=1)
            if (m := EXPECT.search(text))
        ]
        expected = frozenset((i, c) for i, c, _ in marks)
        out.append(Snippet(p, expected, frozenset((i, c) for i, c, maybe in marks if maybe)))
    return out


def figures() -> dict[str, tuple[int, int]]:
    """(hits, total) for recall and (flagged, total) for false positives, all and held-out."""
    flagged, clean = snippets("flagged"), snippets("clean")
    held_f = [s for s in flagged if s.name.startswith("held_")]
    held_c = [s for s in clean if s.name.startswith("held_")]
    return {
        "recall": (sum(s.caught() for s in flagged), len(flagged)),
        "false_positives": (sum(bool(s.found(possible=True)) for s in clean), len(clean)),
        "held_recall": (sum(s.caught() for s in held_f), len(held_f)),
        "held_false_positives": (sum(bool(s.found(possible=True)) for s in held_c), len(held_c)),
        "sure": (sum(not s.possible for s in flagged), len(flagged)),
    }


def heldout_figures(root: Path) -> dict[str, tuple[int, int]]:
    """(hits, total) for recall and (flagged, total) for false positives on a held-out set: a
    slow snippet counts when every marked (line, code) is reported, a look-alike counts
    against when anything at all is reported."""
    flagged, clean = snippets("flagged", root), snippets("clean", root)
    return {
        "recall": (sum(s.caught_by(False) for s in flagged), len(flagged)),
        "false_positives": (sum(bool(s.found()) for s in clean), len(clean)),
        "recall_all": (sum(s.caught_by(True) for s in flagged), len(flagged)),
        "false_positives_all": (sum(bool(s.found(True)) for s in clean), len(clean)),
    }


def by_code(flagged: list[Snippet]) -> dict[str, tuple[int, int, int, int]]:
    """Per expected rule code: (snippets found, snippets, marks found, marks). A snippet belongs
    to every code it marks; it is found for a code when all its marks of that code are reported."""
    out: dict[str, list[int]] = {}
    for s in flagged:
        got = {(d.line, d.code) for d in s.found()}
        for code in sorted({c for _, c in s.expected}):
            marks = {m for m in s.expected if m[1] == code}
            row = out.setdefault(code, [0, 0, 0, 0])
            row[0] += marks <= got
            row[1] += 1
            row[2] += len(marks & got)
            row[3] += len(marks)
    return {code: (r[0], r[1], r[2], r[3]) for code, r in sorted(out.items())}


def report(root: Path = HELDOUT2) -> str:
    """Per snippet: found (in the default report), POSSIBLE (only in ``--all``'s) or MISSED, and
    clean or NOISY for look-alikes, with what was reported (``?``: a possible finding); then
    the hits per rule code and the figures of both reports."""
    lines = []
    flagged, clean = snippets("flagged", root), snippets("clean", root)
    lines.append(f"== {root.name}/flagged ({len(flagged)})")
    for s in flagged:
        found = s.found(possible=True)
        status = "found " if s.caught_by(False) else "POSSIB" if s.caught_by(True) else "MISSED"
        want = " ".join(f"{c}@{n}" for n, c in sorted(s.expected))
        have = " ".join(_mark(d) for d in found) or "-"
        lines.append(f"{status} {s.name}: expected {want}; reported {have}")
    lines.append(f"== {root.name}/clean ({len(clean)})")
    for s in clean:
        found = s.found(possible=True)
        have = " ".join(_mark(d) for d in found)
        status = "NOISY " if s.found() else "noisy?" if found else "clean "
        lines.append(f"{status} {s.name}" + (f": {have}" if found else ""))
    lines.append("== by expected code (default report): snippets found/snippets, marks found/marks")
    for code, (sf, sn, mf, mn) in by_code(flagged).items():
        lines.append(f"{code}: {sf}/{sn} snippets, {mf}/{mn} marks")
    for possible, what in ((False, "default report"), (True, "with --all")):
        hits = sum(s.caught_by(possible) for s in flagged)
        noisy = sum(bool(s.found(possible)) for s in clean)
        lines.append(f"{what}: recall {hits}/{len(flagged)}, false positives {noisy}/{len(clean)}")
    return "\n".join(lines)


def _mark(d: Diagnostic) -> str:
    return f"{d.code}@{d.line}" + ("?" if d.confidence == "possible" else "")


if __name__ == "__main__":
    import sys

    which = sys.argv[1] if len(sys.argv) > 1 else "heldout4"
    roots = {"heldout2": HELDOUT2, "heldout3": HELDOUT3, "heldout4": HELDOUT4, "corpus": ROOT}
    if which not in roots:
        sys.exit(f"usage: python -m tests.advise.corpus [{'|'.join(roots)}]")
    print(report(roots[which]))
