"""The console commands print to."""

from __future__ import annotations

from typing import Any

#: Width used when output is not a terminal (a file, a pipe, CI): rich would default to 80
#: columns and truncate the results table.
PIPE_WIDTH = 140


def console(**kwargs: Any) -> Any:
    from rich.console import Console

    c = Console(**kwargs)
    if not c.is_terminal:
        c = Console(width=PIPE_WIDTH, **kwargs)
    return c
