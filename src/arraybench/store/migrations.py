"""The history store's schema, as a list of migrations.

``MIGRATIONS[i]`` takes a database from schema version ``i`` to ``i + 1`` (version 0 is an empty
file); the version is SQLite's ``PRAGMA user_version``. On open, the store applies the missing
migrations in order, inside one transaction, so a database is never left half-migrated.

Schema history:
    1  (arraybench 0.1) ``runs``: one row per run (config, env, floor, skipped, extra as JSON,
       status ``running`` / ``complete`` / ``interrupted``, machine, summary); ``cases``: one row
       per case, its ``CaseResult.to_dict()`` JSON plus indexed columns for cheap queries.
    2  (arraybench 0.2) runs on several machines (``--cluster``): ``machines``, one row per
       machine of a run (its name and record as JSON), and ``cases.machine``, the machine a case
       ran on (NULL: the run's own machine, as every case of a version 1 store).
    3  ``parts``: one row per process's finished part of a case not yet
       finished (``--processes``: a case is combined once all its processes have measured it),
       so that an interrupted run keeps them and ``--resume`` measures only the parts missing.
       A case's parts are dropped when the case is stored, and a complete run holds none.

To change the schema, append a function here; never edit one that has shipped, since databases
in the field were built by it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence

Migration = Callable[[sqlite3.Connection], None]


def _v1(db: sqlite3.Connection) -> None:
    """The first schema: runs and their cases."""
    # executescript would COMMIT the caller's transaction, so statements go one at a time.
    for statement in (
        """
        CREATE TABLE runs (
            id                 TEXT PRIMARY KEY,
            started            TEXT NOT NULL,   -- when begin_run was called, ISO 8601 UTC
            finished           TEXT,            -- when finish_run was called
            status             TEXT NOT NULL,   -- running, complete, interrupted
            arraybench_version TEXT NOT NULL,
            hostname           TEXT NOT NULL,
            cpu                TEXT NOT NULL,
            targets            TEXT NOT NULL,   -- JSON list of what was asked to run
            config             TEXT NOT NULL,   -- JSON
            env                TEXT NOT NULL,   -- JSON
            floor              TEXT,            -- JSON or NULL
            skipped            TEXT NOT NULL DEFAULT '[]',  -- JSON list
            extra              TEXT NOT NULL DEFAULT '{}',  -- JSON, set by finish_run
            summary            TEXT NOT NULL DEFAULT '',
            result_started     TEXT,            -- RunResult.started / finished, as given
            result_finished    TEXT
        )
        """,
        "CREATE INDEX runs_started ON runs (started)",
        """
        CREATE TABLE cases (
            run_id   TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            seq      INTEGER NOT NULL,          -- order of arrival, then the run's order
            workload TEXT NOT NULL,
            impl     TEXT NOT NULL,
            backend  TEXT NOT NULL,
            device   TEXT NOT NULL,
            dtype    TEXT NOT NULL,
            size     INTEGER NOT NULL,
            status   TEXT NOT NULL,
            median   REAL,                      -- seconds per call; NULL for a failed case
            data     TEXT NOT NULL,             -- CaseResult.to_dict() as JSON
            PRIMARY KEY (run_id, seq)
        )
        """,
        "CREATE INDEX cases_series ON cases (workload, impl, backend, device, dtype, size)",
    ):
        db.execute(statement)


def _v2(db: sqlite3.Connection) -> None:
    """Machines: a run may hold cases from several."""
    for statement in (
        """
        CREATE TABLE machines (
            run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            name   TEXT NOT NULL,               -- CaseResult.machine
            record TEXT NOT NULL,               -- JSON: host, CPU, cores, GPUs, libraries
            PRIMARY KEY (run_id, name)
        )
        """,
        "ALTER TABLE cases ADD COLUMN machine TEXT",
    ):
        db.execute(statement)


def _v3(db: sqlite3.Connection) -> None:
    """Parts: what each process measured of a case that is not finished yet."""
    db.execute(
        """
        CREATE TABLE parts (
            run_id   TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            case_key TEXT NOT NULL,             -- JSON [workload, impl, backend, device, dtype,
                                                --       size, machine]: the case's resume key
            process  INTEGER NOT NULL,          -- which of the run's processes, from 0
            data     TEXT NOT NULL,             -- the part's CaseResult.to_dict() as JSON
            PRIMARY KEY (run_id, case_key, process)
        )
        """
    )


#: Every migration, in order; the store's schema version is their number.
MIGRATIONS: Sequence[Migration] = (_v1, _v2, _v3)
SCHEMA_VERSION = len(MIGRATIONS)
