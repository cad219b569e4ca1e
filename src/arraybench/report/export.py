"""Results as other tools read them: CSV, a pandas DataFrame, an HTML table for Jupyter."""

from __future__ import annotations

import csv
import html
import io
import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.units import format_case_interval, format_size, format_time

if TYPE_CHECKING:
    from ..results import RunResult

#: Jupyter shows this many rows of a result before saying how many more there are: a full
#: classic-suite run has ~200 cases, which would bury the notebook.
REPR_ROWS = 60


def to_csv(result: RunResult, path: str | os.PathLike[str] | None = None) -> str:
    """One row per case (the columns of ``RunResult.to_records``); written to ``path`` if given.

    Returns:
        The CSV text.
    """
    rows = result.to_records()
    buf = io.StringIO()
    if rows:
        writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    text = buf.getvalue()
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text


def html_table(result: RunResult, max_rows: int = REPR_ROWS) -> str:
    """A compact HTML table of the cases; every value from the results is escaped."""
    several = bool(result.machine_names)  # a cluster's cases: name the machine of each
    head: tuple[str, ...] = ("workload", "impl", "backend", "device", "dtype", "n", "median")
    head = (*(("machine",) if several else ()), *head, "95% CI", "status")
    out = [
        "<table>",
        "<thead><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead>",
        "<tbody>",
    ]
    for c in result.cases[:max_rows]:
        m = c.measurement
        median = format_time(m.median) if m else "—"
        ci = format_case_interval(m.interval) if m else ""
        status = "ok" if c.ok else f"failed: {c.error}"
        cells = (
            *((c.machine or "",) if several else ()),
            c.workload,
            c.impl,
            c.backend,
            c.device,
            c.dtype,
            format_size(c.size),
            median,
            ci,
            status,
        )
        out.append("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in cells) + "</tr>")
    out.append("</tbody></table>")
    more = len(result.cases) - max_rows
    if more > 0:
        out.append(f"<p>… and {more} more cases (<code>result.to_pandas()</code> has them all)</p>")
    return "\n".join(out)
