"""SARIF 2.1.0 output of ``arraybench lint``, for code-scanning services and editors.

One run, one tool (``arraybench``) with every rule described once in ``tool.driver.rules``; one
result per diagnostic, pointing at the file (a URI relative to the current folder when it lies
below it) and the line and column. Files that could not be analysed become tool execution
notifications, so a CI upload shows them instead of silently passing them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .. import __version__
from .lint import SURE, LintReport
from .rules import RULES

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
VERSION = "2.1.0"


def to_sarif(report: LintReport, root: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The report as a SARIF 2.1.0 log (a dict ready for ``json.dumps``).

    Args:
        report: what ``lint_paths`` found.
        root: the folder URIs are made relative to (default: the current folder).

    Returns:
        A SARIF log with one run.
    """
    base = Path(root) if root is not None else Path.cwd()
    codes = list(RULES)
    rules = [
        {
            "id": r.code,
            "name": r.name,
            "shortDescription": {"text": r.message},
            "fullDescription": {"text": f"{r.message}. Rewrite: {r.rewrite}"},
            "help": {"text": r.rewrite},
            "defaultConfiguration": {"level": r.severity},
        }
        for r in RULES.values()
    ]
    results = [
        {
            "ruleId": d.code,
            "ruleIndex": codes.index(d.code),
            # a possible finding (loops of no known count) is a note, whatever the rule
            "level": d.severity if d.confidence == SURE else "note",
            "message": {
                "text": f"{d.message}{f' ({d.note})' if d.note else ''}. Rewrite: {d.rewrite}"
            },
            "properties": {"confidence": d.confidence},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(d.path, base)},
                        "region": {"startLine": d.line, "startColumn": d.col},
                    }
                }
            ],
        }
        for d in report.diagnostics
    ]
    notifications = [
        {
            "level": "error",
            "message": {"text": e.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(e.path, base)},
                        **({"region": {"startLine": e.line}} if e.line else {}),
                    }
                }
            ],
        }
        for e in report.errors
    ]
    return {
        "$schema": SCHEMA,
        "version": VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "arraybench",
                        "version": __version__,
                        "rules": rules,
                    }
                },
                "invocations": [
                    {
                        "executionSuccessful": not report.errors,
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "results": results,
            }
        ],
    }


def _uri(path: str, base: Path) -> str:
    """A relative URI with forward slashes when the file is below ``base``, else absolute."""
    p = Path(path)
    try:
        return p.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return p.resolve().as_uri()
