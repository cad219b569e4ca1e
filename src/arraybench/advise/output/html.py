"""``arraybench profile --html``: one page with the hot files' source annotated (time and counts
per line, findings inline); no script, every string from the program escaped."""

from __future__ import annotations

import html
import re
from collections import defaultdict

from ...base.units import format_time
from ..read.source import read_source
from ..records import LIST_SHARE, Finding, ProfileReport
from ..run.ledger import Count
from .text import gain_text, headline, pct, times

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


def profile_html(r: ProfileReport, max_files: int = 6, fragment: bool = False) -> str:
    """One self-contained page: the answer, the findings, and the hot files' source with each
    line's time, share and count; no script, every string from the program escaped. With
    ``fragment``, a ``<div>`` to put in another page (a notebook's output), its style applying
    inside it alone."""
    if fragment:
        head = [f"<div class='abprofile'><style>{_scoped(_CSS, '.abprofile')}</style>"]
    else:
        head = [
            "<!doctype html><html><head><meta charset='utf-8'>",
            f"<title>arraybench profile: {_e(r.target)}</title><style>{_CSS}</style></head><body>",
        ]
    parts = [*head, f"<h1>{_e(headline(r))}</h1>"]
    if r.outcome.error:
        parts.append(f"<h2>The program failed</h2><pre>{_e(r.outcome.error)}</pre>")
    if r.findings:
        parts.append("<h2>Findings, the largest saving first</h2><ol>")
        for f in r.findings:
            gain = gain_text(f, r.program)
            parts.append(
                f"<li><b>{_e(r.rel(f.path))}:{f.line}</b> <code>{_e(f.code)}</code> "
                f"{_e(f.name)}: {_e(format_time(f.seconds))} ({_e(pct(f.share))} of the run)"
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
            f"({_e(pct(h.share))}) <code>{_e(h.snippet)}</code>"
            + (f"<br>{_e(h.hint)}" if h.hint else "")
            + "</li>"
            for h in r.hot
        )
        parts.append("</ul>")
    parts.append(f"<p>{_e(times(r))}</p>")
    parts.extend(_file_table(r, path) for path in _hot_files(r)[:max_files])
    parts.append("</div>" if fragment else "</body></html>")
    return "\n".join(parts)


def _scoped(css: str, scope: str) -> str:
    """``css`` with every rule under ``scope`` (``body`` becomes the scope itself)."""

    def rule(m: re.Match[str]) -> str:
        selectors = [s.strip() for s in m.group(1).split(",")]
        scoped = [scope if s == "body" else f"{scope} {s}" for s in selectors]
        return ",".join(scoped) + "{" + m.group(2) + "}"

    return re.sub(r"([^{}]+)\{([^}]*)\}", rule, css)


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
            f"<td class='t'>{_e(pct(share)) if seconds else ''}</td><td class='h'>{c}</td>"
            f"<td class='code'>{_e(text)}</td></tr>"
        )
        rows.extend(
            f"<tr><td colspan='4'></td><td><div class='f'><b>{_e(f.code)} {_e(f.name)}</b>: "
            f"{_e(format_time(f.seconds))} ({_e(pct(f.share))}); {_e(f.evidence)}. "
            f"fix: {_e(f.rewrite)}</div></td></tr>"
            for f in by_line.get(i, [])
        )
    rows.append("</table>")
    return "\n".join(rows)
