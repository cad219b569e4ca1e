"""How ``arraybench profile`` reports: text (the answer first), SARIF 2.1.0, and one HTML page with
the hot files' source annotated (time and counts per line, findings inline; no script, every
string escaped)."""

from __future__ import annotations

import html
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

from .. import __version__
from ..report.units import format_time
from .ledger import Count
from .profile_report import LIST_SHARE, RUN_RULES, Finding, ProfileReport
from .rules import RULES
from .sarif import SCHEMA, VERSION, _uri
from .source import read_source


def _pct(x: float) -> str:
    if x >= 0.095:
        return f"{x:.0%}"
    if x >= 0.0095:
        return f"{x:.1%}"
    return f"{x:.2%}"


def _gain_text(f: Finding, total: float) -> str:
    if f.gain is None:
        return ""
    lo, hi = f.gain
    if hi <= 0:
        return "the rewrite would save little: the loop's calls cost about what its time is"
    if lo < hi * 0.95:
        span, share = (
            f"{format_time(lo)}-{format_time(hi)}",
            f"{_pct(lo / total)}-{_pct(hi / total)}",
        )
    else:
        span, share = f"~{format_time(hi)}", _pct(hi / total)
    return f"the rewrite would save {span} ({share} of the run)"


def verify_command(report: ProfileReport, f: Finding) -> str:
    """The ``arraybench verify`` call that would prove a rewrite of the finding's function."""
    if not f.function or "." in f.function:
        return ""
    rel = report.rel(f.path)
    stem = rel[:-3] if rel.endswith(".py") else rel
    return f"arraybench verify {rel}:{f.function} {stem}_fast.py:{f.function}"


def _headline(r: ProfileReport) -> str:
    ran = f"ran {format_time(r.program)}"
    if r.outcome.status:
        ran += f" and exited with status {r.outcome.status}"
    if r.findings:
        share = sum(f.share for f in r.findings)
        n = len(r.findings)
        return (
            f"{r.target}: {ran}; {n} finding{'s' if n != 1 else ''} cost {_pct(min(share, 1.0))} "
            f"of it, the costliest {r.rel(r.findings[0].path)}:{r.findings[0].line} "
            f"{r.findings[0].code} ({_pct(r.findings[0].share)})"
        )
    return f"{r.target}: {ran}; no known slow pattern costs {_pct(LIST_SHARE)} of it or more"


def _finding_lines(r: ProfileReport, i: int, f: Finding, dropped: bool = False) -> list[str]:
    tag = f.code + (" (seen by running)" if f.origin == "run" else "")
    out = [
        f"{i:2d}. {r.rel(f.path)}:{f.line} {tag} {f.name}: {format_time(f.seconds)} "
        f"({_pct(f.share)} of the run)"
    ]
    if f.snippet:
        out.append(f"      {f.snippet}")
    if f.evidence:
        sure = " (lint had it possible: the run's count makes it sure)" if f.was_possible else ""
        out.append(f"      {f.evidence}{sure}" if not dropped else f"      {f.evidence}")
    if f.facts:
        out.append("      values: " + "; ".join(f"{n}: {v}" for n, v in list(f.facts.items())[:4]))
    if dropped:
        out.append(f"      dropped: {f.dropped}")
        return out
    out.append(f"      {f.message}")
    out.append(f"      fix: {f.rewrite}")
    gain = _gain_text(f, r.program)
    if gain:
        out.append(f"      {gain}")
    cmd = verify_command(r, f)
    if cmd:
        new = cmd.split()[-1].split(":")[0]
        out.append(f"      prove it: write the rewrite in {new}, then {cmd}")
    return out


def render_text(r: ProfileReport, show_all: bool = False) -> str:
    """The report as people read it: the answer, then each finding costliest first, then where
    the rest of the time goes, then how the figures were made."""
    out = [_headline(r), ""]
    if r.outcome.error:
        out.append("the program failed (what ran before is measured below):")
        out += ["    " + ln for ln in r.outcome.error.splitlines()[-12:]]
        out.append("")
    for i, f in enumerate(r.findings, 1):
        out += _finding_lines(r, i, f)
        out.append("")
    if r.hot:
        out.append("where the time goes, no known pattern:")
        for h in r.hot:
            facts = "; ".join(f"{n}: {v}" for n, v in list(h.facts.items())[:3])
            count = f", runs {h.count}" if h.count is not None else ""
            out.append(
                f"    {r.rel(h.path)}:{h.line} {format_time(h.seconds)} ({_pct(h.share)}{count})"
                f"  {h.snippet}"
            )
            if facts:
                out.append(f"        values: {facts}")
        out.append("")
    if r.unlisted:
        if show_all:
            out.append(f"under {_pct(LIST_SHARE)} of the run each:")
            for i, f in enumerate(r.unlisted, 1):
                out += _finding_lines(r, i, f)
            out.append("")
        else:
            total = sum(f.share for f in r.unlisted)
            n = len(r.unlisted)
            out.append(
                f"{n} more finding{'s' if n != 1 else ''} cost {_pct(total)} of the run together: "
                "--all lists them"
            )
    if r.dropped:
        if show_all:
            out.append("dropped by what the run showed:")
            for i, f in enumerate(r.dropped, 1):
                out += _finding_lines(r, i, f, dropped=True)
            out.append("")
        else:
            n = len(r.dropped)
            out.append(
                f"{n} candidate{'s' if n != 1 else ''} of lint dropped by what the run showed: "
                "--all says why"
            )
    out.append(_times(r))
    out += [f"note: {n}" for n in r.notes]
    return "\n".join(out)


def _times(r: ProfileReport) -> str:
    """How the figures were made, in one line."""
    return (
        f"times: {r.samples:,} samples of the stack over {format_time(r.wall)}, the line "
        f"timer's cost ({format_time(r.hit_cost)} a traced line, ~{format_time(r.overhead)} in "
        f"all) taken out; {len(r.files)} file{'s' if len(r.files) != 1 else ''} of yours timed"
    )


# -- SARIF ------------------------------------------------------------------------------------


def to_sarif(r: ProfileReport, root: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The listed findings as SARIF 2.1.0 results, each with its measured time in properties."""
    base = Path(root) if root is not None else Path.cwd()
    every = [*RULES.values(), *RUN_RULES.values()]
    codes = [r_.code for r_ in every]
    rules = [
        {
            "id": r_.code,
            "name": r_.name,
            "shortDescription": {"text": r_.message},
            "help": {"text": r_.rewrite},
            "defaultConfiguration": {"level": r_.severity},
        }
        for r_ in every
    ]
    results = [
        {
            "ruleId": f.code,
            "ruleIndex": codes.index(f.code),
            "level": f.severity,
            "message": {
                "text": f"{f.message}: {format_time(f.seconds)} ({_pct(f.share)} of the run)"
                + (f"; {f.evidence}" if f.evidence else "")
                + f". Rewrite: {f.rewrite}"
            },
            "properties": {
                "seconds": f.seconds,
                "share": f.share,
                "count": None if f.count is None else f.count.n,
                "origin": f.origin,
            },
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(f.path, base)},
                        "region": {"startLine": f.line, "endLine": f.end},
                    }
                }
            ],
        }
        for f in r.findings
    ]
    return {
        "$schema": SCHEMA,
        "version": VERSION,
        "runs": [
            {
                "tool": {"driver": {"name": "arraybench", "version": __version__, "rules": rules}},
                "invocations": [
                    {
                        "executionSuccessful": r.outcome.status == 0,
                        "exitCode": r.outcome.status,
                        "toolExecutionNotifications": [],
                    }
                ],
                "results": results,
            }
        ],
    }


# -- HTML -------------------------------------------------------------------------------------

_CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:80em}
h1{font-size:1.3em} h2{font-size:1.1em;margin-top:2em}
table.src{border-collapse:collapse;font-family:ui-monospace,monospace;font-size:12px;width:100%}
table.src td{padding:0 .5em;white-space:pre;vertical-align:top}
td.n,td.t,td.h{text-align:right;color:#555} tr.hot td.code{background:#fde2e1}
tr.warm td.code{background:#fff3d6} tr.find td{border-top:1px solid #e0a000}
div.f{margin:.2em 0 .2em 2em;padding:.3em .6em;background:#fff8e6;border-left:3px solid #e0a000;
font-family:system-ui,sans-serif;white-space:normal}
ol li{margin-bottom:.6em} code{background:#f4f4f4;padding:0 .2em}
"""


def _e(s: object) -> str:
    return html.escape(str(s), quote=True)


def render_html(r: ProfileReport, max_files: int = 6) -> str:
    """One self-contained page: the answer, the findings, and the hot files' source with each
    line's time, share and count; no script, every string from the program escaped."""
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>arraybench profile: {_e(r.target)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{_e(_headline(r))}</h1>",
    ]
    if r.outcome.error:
        parts.append(f"<h2>The program failed</h2><pre>{_e(r.outcome.error)}</pre>")
    if r.findings:
        parts.append("<h2>Findings, costliest first</h2><ol>")
        for f in r.findings:
            gain = _gain_text(f, r.program)
            parts.append(
                f"<li><b>{_e(r.rel(f.path))}:{f.line}</b> <code>{_e(f.code)}</code> "
                f"{_e(f.name)}: {_e(format_time(f.seconds))} ({_e(_pct(f.share))} of the run)"
                f"<br><code>{_e(f.snippet)}</code><br>{_e(f.evidence)}"
                f"<br>{_e(f.message)}<br>fix: {_e(f.rewrite)}"
                + (f"<br>{_e(gain)}" if gain else "")
                + "</li>"
            )
        parts.append("</ol>")
    if r.hot:
        parts.append("<h2>Where the time goes, no known pattern</h2><ul>")
        parts.extend(
            f"<li>{_e(r.rel(h.path))}:{h.line} {_e(format_time(h.seconds))} "
            f"({_e(_pct(h.share))}) <code>{_e(h.snippet)}</code></li>"
            for h in r.hot
        )
        parts.append("</ul>")
    parts.append(f"<p>{_e(_times(r))}</p>")
    parts.extend(_file_table(r, path) for path in _hot_files(r)[:max_files])
    parts.append("</body></html>")
    return "\n".join(parts)


def _hot_files(r: ProfileReport) -> list[str]:
    weight: dict[str, float] = defaultdict(float)
    for f in r.findings:
        weight[f.path] += f.seconds
    for h in r.hot:
        weight[h.path] += h.seconds
    for p in r.files:
        weight.setdefault(p, 0.0)
    return sorted(weight, key=lambda p: -weight[p])


def _file_table(r: ProfileReport, path: str) -> str:
    sf = read_source(path)
    by_line: dict[int, list[Finding]] = defaultdict(list)
    for f in r.findings:
        if f.path == path:
            by_line[f.line].append(f)
    rows = [
        f"<h2>{_e(r.rel(path))}</h2><table class='src'>"
        "<tr><td class='n'>line</td><td class='t'>time</td><td class='t'>share</td>"
        "<td class='h'>runs</td><td></td></tr>"
    ]
    lines = r.line_times.get(path, {})
    for i, text in enumerate(sf.lines, 1):
        seconds, count = lines.get(i, (0.0, None))
        share = seconds / r.program if r.program else 0.0
        cls = "hot" if share >= 0.1 else "warm" if share >= LIST_SHARE else ""
        if by_line.get(i):
            cls += " find"
        t = _e(format_time(seconds)) if seconds else ""
        c = _e(str(count)) if isinstance(count, Count) and count.n else ""
        rows.append(
            f"<tr class='{cls}'><td class='n'>{i}</td><td class='t'>{t}</td>"
            f"<td class='t'>{_e(_pct(share)) if seconds else ''}</td><td class='h'>{c}</td>"
            f"<td class='code'>{_e(text)}</td></tr>"
        )
        rows.extend(
            f"<tr><td colspan='4'></td><td><div class='f'><b>{_e(f.code)} {_e(f.name)}</b>: "
            f"{_e(format_time(f.seconds))} ({_e(_pct(f.share))}); {_e(f.evidence)}. "
            f"fix: {_e(f.rewrite)}</div></td></tr>"
            for f in by_line.get(i, [])
        )
    rows.append("</table>")
    return "\n".join(rows)
