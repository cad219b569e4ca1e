"""Helpers of the tests that profile a small program written for them."""

from __future__ import annotations

import textwrap
from pathlib import Path


def write(tmp_path: Path, name: str, source: str) -> Path:
    """The program ``source`` (dedented) as ``tmp_path/name``."""
    p = tmp_path / name
    p.write_text(textwrap.dedent(source))
    return p


def found(report: object) -> dict[int, object]:
    """A profile report's findings, listed or not, by line."""
    return {f.line: f for f in (*report.findings, *report.unlisted)}  # type: ignore[attr-defined]
