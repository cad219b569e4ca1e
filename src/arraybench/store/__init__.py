"""The history store: every run, case by case, in one SQLite file.

with open_store() as store:                        # .arraybench/history.sqlite, or --store
    run_id = store.begin_run(config, env, floor, targets)
    result = run(workloads, config, on_result=lambda c: store.add_case(run_id, c))
    store.finish_run(run_id, result)
store.runs()                                       # newest first, as RunSummary
store.load(store.resolve("latest"))                # a RunResult again
"""

from __future__ import annotations

from .migrations import SCHEMA_VERSION
from .sqlite import (
    STORE_ENV,
    NoStoreError,
    Store,
    StoreError,
    UnknownRunError,
    default_path,
    open_store,
)
from .summary import COMPLETE, INTERRUPTED, RUNNING, RunSummary

__all__ = [
    "COMPLETE",
    "INTERRUPTED",
    "RUNNING",
    "SCHEMA_VERSION",
    "STORE_ENV",
    "NoStoreError",
    "RunSummary",
    "Store",
    "StoreError",
    "UnknownRunError",
    "default_path",
    "open_store",
]
