"""The README as a newcomer reads it: its workload file loads and computes what it says, it lists
every command, and its links (and those of docs/) lead to a file and a heading that exist."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import numpy as np

from arraybench.catalog import load_file
from arraybench.cli.main import build_parser

ROOT = Path(__file__).parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]


def test_the_readme_workload_file_loads_and_its_impls_agree(tmp_path: Path) -> None:
    text = README.read_text(encoding="utf-8")
    m = re.search(r"```python\n(# mywork\.py\n.*?)```", text, re.S)
    assert m is not None, "the README has no '# mywork.py' workload file"
    path = tmp_path / "mywork.py"
    path.write_text(m.group(1), encoding="utf-8")
    [w] = load_file(path)
    w.validate()
    assert {b for impl in w.impls for b in impl.backends} >= {"python", "numpy"}
    assert "arraybench run mywork.py" in text
    x = w.make_inputs(5, seed=0)["x"]
    [loop] = [i for i in w.impls if i.label == "loop"]
    np.testing.assert_allclose(loop.fn(list(x)), np.sin(x) ** 2)


def test_the_readme_lists_every_command() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    text = README.read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `arraybench (\w+)", text, re.M))
    assert set(sub.choices) - listed == set(), "commands missing from the README's table"


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {_anchor(h) for h in re.findall(r"^#{1,6} (.+)$", text, re.M)}


def test_links_in_the_readme_and_docs_lead_somewhere() -> None:
    broken = []
    for page in PAGES:
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+://", target):
                continue
            file, _, anchor = target.partition("#")
            dest = (page.parent / file).resolve() if file else page
            if not dest.exists():
                broken.append(f"{page.name}: {target} (no such file)")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
                broken.append(f"{page.name}: {target} (no such heading)")
    assert broken == []
