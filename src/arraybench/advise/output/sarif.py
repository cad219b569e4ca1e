"""SARIF 2.1.0 logs of ``arraybench lint`` and ``arraybench profile``, for code-scanning services
and editors.

One run, one tool (``arraybench``) with every rule described once in ``tool.driver.rules``; one
result per finding, pointing at the file (a URI relative to the current folder when it lies
below it) and the line. Lint's files that could not be analysed become tool execution
notifications, so a CI upload shows them instead of silently passing them; profile's results
carry the measured time in their properties.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ...base.units import format_time
from ...base.version import __version__
from ..codes import RULES, RUN_RULES, Rule
from ..records import SURE, LintReport, ProfileReport
from .text import pct

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
            "locations": _locations(d.path, base, {"startLine": d.line, "startColumn": d.col}),
        }
        for d in report.diagnostics
    ]
    notifications = [
        {
            "level": "error",
            "message": {"text": e.message},
            "locations": _locations(e.path, base, {"startLine": e.line} if e.line else None),
        }
        for e in report.errors
    ]
    invocation = {
        "executionSuccessful": not report.errors,
        "toolExecutionNotifications": notifications,
    }
    return _log([_describe(r, full=True) for r in RULES.values()], invocation, results)


def profile_sarif(r: ProfileReport, root: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The listed findings as SARIF 2.1.0 results, each with its measured time in properties."""
    base = Path(root) if root is not None else Path.cwd()
    every = [*RULES.values(), *RUN_RULES.values()]
    codes = [r_.code for r_ in every]
    results = [
        {
            "ruleId": f.code,
            "ruleIndex": codes.index(f.code),
            "level": f.severity,
            "message": {
                "text": f"{f.message}: {format_time(f.seconds)} ({pct(f.share)} of the run)"
                + (f"; {f.evidence}" if f.evidence else "")
                + f". Rewrite: {f.rewrite}"
            },
            "properties": {
                "seconds": f.seconds,
                "share": f.share,
                "count": None if f.count is None else f.count.n,
                "origin": f.origin,
            },
            "locations": _locations(f.path, base, {"startLine": f.line, "endLine": f.end}),
        }
        for f in r.findings
    ]
    invocation = {
        "executionSuccessful": r.outcome.status == 0,
        "exitCode": r.outcome.status,
        "toolExecutionNotifications": [],
    }
    return _log([_describe(r_, full=False) for r_ in every], invocation, results)


def _log(
    rules: list[dict[str, Any]], invocation: dict[str, Any], results: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "$schema": SCHEMA,
        "version": VERSION,
        "runs": [
            {
                "tool": {"driver": {"name": "arraybench", "version": __version__, "rules": rules}},
                "invocations": [invocation],
                "results": results,
            }
        ],
    }


def _describe(r: Rule, full: bool) -> dict[str, Any]:
    """A rule's ``reportingDescriptor``; ``full``: with the message and rewrite in one text."""
    out: dict[str, Any] = {"id": r.code, "name": r.name, "shortDescription": {"text": r.message}}
    if full:
        out["fullDescription"] = {"text": f"{r.message}. Rewrite: {r.rewrite}"}
    out["help"] = {"text": r.rewrite}
    out["defaultConfiguration"] = {"level": r.severity}
    return out


def _locations(path: str, base: Path, region: dict[str, int] | None) -> list[dict[str, Any]]:
    where: dict[str, Any] = {"artifactLocation": {"uri": _uri(path, base)}}
    if region:
        where["region"] = region
    return [{"physicalLocation": where}]


def _uri(path: str, base: Path) -> str:
    """A relative URI with forward slashes when the file is below ``base``, else absolute."""
    p = Path(path)
    try:
        return p.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return p.resolve().as_uri()
