"""Where saved results come from on the command line: a JSON file, or a run in the store."""

from __future__ import annotations

from pathlib import Path

from ..base.errors import ResultsFormatError
from ..results import RunResult, load


def load_results(ref: str, store_path: str | None = None) -> RunResult:
    """``ref`` is a results file (``run --json``) or a run of the history store (an id, a unique
    prefix of one, or ``latest``).

    Args:
        ref: what the user typed.
        store_path: the store to look in (None: the default store).
    """
    p = Path(ref)
    if p.suffix == ".json" or p.is_file():
        return load(p)
    try:
        from ..store import open_store
    except ImportError:  # the store is not part of this installation
        raise ResultsFormatError(f"{ref}: no such results file") from None
    store = open_store(store_path, create=False)
    return store.load(store.resolve(ref))
