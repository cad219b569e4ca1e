"""``arraybench history``: the runs in the history store, newest first."""

from __future__ import annotations

import argparse
import datetime as _dt
import json
from typing import Any

from ..store import STORE_ENV, NoStoreError, RunSummary, open_store
from . import _console

#: Runs listed when --limit is not given: a screenful.
DEFAULT_LIMIT = 20
#: How the status column is coloured.
STATUS_STYLE = {"complete": "green", "running": "yellow", "interrupted": "red"}


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "history",
        parents=parents,
        help="list the runs in the history store",
        description="List the runs stored by 'arraybench run', newest first: id, date, machine, "
        "what ran, cases, failures, status and a one-line summary. Show one again with "
        "'arraybench show ID' (an id prefix, latest or -N also work).",
    )
    add_store_argument(p)
    p.add_argument(
        "--limit",
        type=_limit,
        default=DEFAULT_LIMIT,
        metavar="N",
        help=f"list the N newest runs (default {DEFAULT_LIMIT}; 0 lists all)",
    )
    p.add_argument("--json", action="store_true", help="print the runs as JSON")
    p.set_defaults(handler=main)


def add_store_argument(p: Any) -> None:
    """``--store PATH``, shared by the commands that read the store."""
    p.add_argument(
        "--store",
        metavar="PATH",
        help="the history store: a folder or a .sqlite file (default: "
        f"${STORE_ENV}, else .arraybench/ in the current directory)",
    )


def main(args: argparse.Namespace) -> int:
    try:
        store = open_store(args.store, create=False)
    except NoStoreError as e:
        if args.json:
            print("[]")
        else:
            _console.console().print(f"no runs stored yet: {e}")
        return 0
    with store:
        runs = store.runs(limit=args.limit or None)
    if args.json:
        print(json.dumps([r.to_dict() for r in runs], indent=1))
        return 0
    console = _console.console()
    if not runs:
        console.print(f"no runs stored yet in {store.path}")
        return 0
    print_runs(runs, console)
    console.print(f"[dim]{store.path}; 'arraybench show ID' shows a run again[/dim]")
    return 0


def print_runs(runs: list[RunSummary], console: Any) -> None:
    """The runs as one table."""
    from rich.markup import escape
    from rich.table import Table

    table = Table(show_edge=False, pad_edge=False)
    for name, kw in (
        ("id", {"no_wrap": True}),
        ("date", {"no_wrap": True}),
        ("machine", {"max_width": 28}),
        ("ran", {"max_width": 24}),
        ("cases", {"justify": "right"}),
        ("failed", {"justify": "right"}),
        ("status", {}),
        ("summary", {"ratio": 1}),
    ):
        table.add_column(name, **kw)
    for r in runs:
        style = STATUS_STYLE.get(r.status, "")
        table.add_row(
            r.id,
            local_time(r.started),
            escape(r.machine),
            escape(", ".join(r.targets) or "classic suite"),
            str(r.n_cases),
            f"[red]{r.n_failed}[/red]" if r.n_failed else "0",
            f"[{style}]{r.status}[/{style}]" if style else escape(r.status),
            escape(r.summary),
        )
    console.print(table)


def local_time(iso: str) -> str:
    """An ISO 8601 time as this machine's local date and minute ('2026-11-21 14:45')."""
    try:
        when = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if when.tzinfo is not None:
        when = when.astimezone()
    return f"{when:%Y-%m-%d %H:%M}"


def _limit(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the limit must be 0 (all) or more")
    return value
