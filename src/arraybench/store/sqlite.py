"""The history of runs in one embedded SQLite file, written case by case.

    begin_run(config, env, floor, targets) -> id      a row in runs, status 'running'
    add_parts(id, process, cases)                     one process's finished parts of cases
                                                      (--processes), one transaction
    add_case(id, case)                                one transaction per case: its JSON and
                                                      indexed columns (workload ... median);
                                                      its parts are dropped in the same one
    finish_run(id, result, status)                    the final record, status 'complete'
                                                      or 'interrupted'

A process killed between two cases loses nothing already measured: every case, and every
process's part of a case measured in several processes, is committed before the runner goes on,
and the run simply stays 'running'; ``load`` rebuilds its RunResult from the cases stored, and
``parts`` gives ``--resume`` the parts of the cases not finished. Everything is plain JSON in
TEXT columns, read back with ``json.loads`` and validated by ``CaseResult.from_dict``: nothing
is pickled, nothing from the file is executed.

The schema is versioned (``PRAGMA user_version``, see :mod:`.migrations`); a store written by a
newer arraybench is refused with a message saying to upgrade, never misread.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import platform
import re
import secrets
import socket
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..base.errors import ArraybenchError, ResultsFormatError
from ..base.fields import json_default
from ..results import CaseResult, Floor, RunResult, Skip, TimeSplit
from .migrations import MIGRATIONS, Migration
from .summary import COMPLETE, INTERRUPTED, RUNNING, RunSummary, summarize

#: The environment variable that moves the store (a folder, or a file ending in .sqlite/.db).
STORE_ENV = "ARRAYBENCH_STORE"
#: The folder, under the current directory, that holds the store when nothing says otherwise:
#: next to the project being measured, like .git or .pytest_cache.
DEFAULT_DIR = ".arraybench"
#: The database's file name inside a store folder.
DB_NAME = "history.sqlite"
#: Suffixes that make a --store path a database file rather than a folder.
FILE_SUFFIXES = (".sqlite", ".sqlite3", ".db")

#: Seconds a connection waits for another process's write before giving up. A case commit takes
#: milliseconds, so a wait this long means something is stuck, not merely busy.
BUSY_TIMEOUT_S = 10.0
#: Random hex digits after the time in a run id: two runs started in the same second on
#: different machines of one store still get different ids (65 536 to one).
ID_RANDOM_BYTES = 2
#: Tries at a fresh id before giving up (a collision needs the same second and the same digits).
ID_ATTEMPTS = 20
#: Candidates named in an "ambiguous" or "unknown run" error.
CANDIDATES_SHOWN = 5

_SQLITE_MAGIC = b"SQLite format 3\x00"
_NEGATIVE_REF = re.compile(r"-(\d+)")


class StoreError(ArraybenchError):
    """The history store cannot be opened, read or written as asked."""


class UnknownRunError(StoreError, LookupError):
    """A run reference matches no run, or more than one."""


class NoStoreError(StoreError, FileNotFoundError):
    """There is no store at the path given, and it was not to be created."""


def default_path() -> Path:
    """The store's file when no ``--store`` is given: ``$ARRAYBENCH_STORE`` if set, else
    ``.arraybench/history.sqlite`` under the current directory.

    Returns:
        The database file's path (it may not exist yet).
    """
    env = os.environ.get(STORE_ENV)
    if env:
        return _file_for(env)
    return Path.cwd() / DEFAULT_DIR / DB_NAME


def open_store(path: str | os.PathLike[str] | None = None, *, create: bool = True) -> Store:
    """Open (and create, or migrate, when needed) the history store.

    Args:
        path: a store folder (the file is ``history.sqlite`` inside) or a database file ending in
            .sqlite, .sqlite3 or .db; None: :func:`default_path`.
        create: make the store if it does not exist; False raises :class:`StoreError` instead
            (for commands that only read).

    Returns:
        An open :class:`Store`; close it, or use it as a context manager.
    """
    return Store(default_path() if path is None else _file_for(path), create=create)


class Store:
    """A connection to the history store. Not shared between threads; open one per process.

    Args:
        path: the database file.
        create: make it if it does not exist.
        migrations: the schema's migrations (tests pass a longer list to check upgrading).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        create: bool = True,
        migrations: Sequence[Migration] = MIGRATIONS,
    ) -> None:
        self.path = Path(path)
        self._migrations = tuple(migrations)
        if not self.path.exists():
            if not create:
                raise NoStoreError(
                    f"no history store at {self.path}: 'arraybench run' makes one; use --store "
                    f"PATH or ${STORE_ENV} to read another"
                )
            _make_folder(self.path.parent)
        elif self.path.is_dir():
            raise StoreError(f"{self.path} is a folder, not a history store file")
        else:
            self._check_header()
        self._db = sqlite3.connect(
            self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=True
        )
        try:
            with self._errors("open"):
                # WAL: readers (history, show) never block the run writing, nor it them; a crash
                # mid-commit leaves the previous commit intact.
                self._db.execute("PRAGMA journal_mode = WAL")
                # FULL: each commit is fsynced, so a power cut, not just a killed process, loses
                # no case already reported. It costs one fsync (about a millisecond) per case,
                # against the tenths of a second each case spends measuring; NORMAL would save
                # that at the price of the last cases on a power cut.
                self._db.execute("PRAGMA synchronous = FULL")
                self._db.execute("PRAGMA foreign_keys = ON")
                self._migrate()
        except BaseException:
            self._db.close()
            raise

    # -- the context manager ------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection (everything is already committed)."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})"

    # -- writing ------------------------------------------------------------------------------

    def begin_run(
        self,
        config: Mapping[str, Any],
        env: Mapping[str, Any],
        floor: Floor | None,
        targets: Sequence[str],
    ) -> str:
        """Record a run as started, before any case of it is measured.

        Args:
            config: the run's settings (``RunConfig.to_dict()``).
            env: the environment (``measure.env.collect()``); its hostname and CPU name the machine.
            floor: the harness floor, if already measured (``finish_run`` records the final one).
            targets: what was asked to run, as typed (workload names, files; empty: the classic
                suite).

        Returns:
            The new run's id, e.g. ``20261121-134501-3f2a`` (UTC time, then random digits).
        """
        started = _now()
        hostname = str(env.get("hostname") or socket.gethostname())
        cpu = str(env.get("cpu") or platform.processor() or platform.machine())
        version = str(env.get("arraybench") or _version())
        values = (
            started,
            RUNNING,
            version,
            hostname,
            cpu,
            _dumps([str(t) for t in targets]),
            _dumps(dict(config)),
            _dumps(dict(env)),
            _dumps(floor.to_dict()) if floor else None,
        )
        with self._errors("record a new run in"):
            for _ in range(ID_ATTEMPTS):
                run_id = _new_id(started)
                try:
                    self._db.execute(
                        "INSERT INTO runs (id, started, status, arraybench_version, hostname, "
                        "cpu, targets, config, env, floor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (run_id, *values),
                    )
                except sqlite3.IntegrityError:
                    continue  # the same second and the same random digits: draw again
                return run_id
        raise StoreError(f"could not find a free run id in {self.path} after {ID_ATTEMPTS} tries")

    def unfinished(self, config: Mapping[str, Any], targets: Sequence[str]) -> str | None:
        """The newest run of exactly this configuration and these targets that did not finish
        (interrupted, or still 'running' because its process died), or None."""
        wanted_config = _dumps(dict(config), canonical=True)
        wanted_targets = [str(t) for t in targets]
        with self._errors("look for an unfinished run in"):
            rows = self._db.execute(
                "SELECT id, config, targets, status, env FROM runs WHERE status != ? "
                "ORDER BY started DESC",
                (COMPLETE,),
            ).fetchall()
        for run_id, config_text, targets_text, status, env_text in rows:
            same_config = _dumps(json.loads(config_text), canonical=True) == wanted_config
            if not (same_config and json.loads(targets_text) == wanted_targets):
                continue
            if status == RUNNING and _alive(json.loads(env_text)):
                raise StoreError(
                    f"run {run_id} is still being measured by process "
                    f"{json.loads(env_text).get('pid')}: let it finish, or stop it (Ctrl-C) "
                    "before resuming"
                )
            return str(run_id)
        return None

    def reopen(self, run_id: str) -> None:
        """Mark an unfinished run as running again, so that ``add_case`` appends to it."""
        with self._errors(f"reopen run {run_id} in"), self._transaction():
            status = self._status(run_id)
            if status is None:
                raise self._unknown(run_id)
            if status == COMPLETE:
                raise StoreError(f"run {run_id} is complete: there is nothing to resume")
            self._db.execute(
                "UPDATE runs SET status = ?, finished = NULL WHERE id = ?", (RUNNING, run_id)
            )

    def add_case(self, run_id: str, case: CaseResult) -> None:
        """Store one finished case, committed before returning (call it from ``on_result``).

        Args:
            run_id: a run begun with :meth:`begin_run` and not yet finished.
            case: the case's result.
        """
        data = _dumps(case.to_dict(), canonical=True)
        with self._errors(f"store a case of run {run_id} in"), self._transaction():
            self._require_running(run_id)
            (seq,) = self._db.execute(
                "SELECT COALESCE(MAX(seq) + 1, 0) FROM cases WHERE run_id = ?", (run_id,)
            ).fetchone()
            self._insert_case(run_id, seq, case, data)
            # Its parts are in it now: a resume must not combine them again.
            self._db.execute(
                "DELETE FROM parts WHERE run_id = ? AND case_key = ?", (run_id, _case_key(case))
            )

    def add_parts(self, run_id: str, process: int, parts: Sequence[CaseResult]) -> None:
        """Store what one process measured of cases not finished yet, committed before
        returning: a run measured in several processes (``--processes``) combines a case once
        all have measured it, and an interruption before then would lose the parts done.

        Args:
            run_id: a run begun with :meth:`begin_run` and not yet finished.
            process: which of the run's processes measured them, from 0.
            parts: that process's results of the cases (a failure is a part too).
        """
        if isinstance(process, bool) or not isinstance(process, int) or process < 0:
            raise ValueError(f"process must be an index from 0, got {process!r}")
        rows = [(run_id, _case_key(c), process, _dumps(c.to_dict(), canonical=True)) for c in parts]
        with self._errors(f"store the parts of run {run_id} in"), self._transaction():
            self._require_running(run_id)
            self._db.executemany(
                "INSERT OR REPLACE INTO parts (run_id, case_key, process, data) "
                "VALUES (?, ?, ?, ?)",
                rows,
            )

    def parts(self, run_id: str) -> dict[PartKey, dict[int, CaseResult]]:
        """The parts kept of the run's unfinished cases (see :meth:`add_parts`).

        Args:
            run_id: a full run id.

        Returns:
            For each case, by ``(workload, impl, backend, device, dtype, size, machine)``, its
            parts by process (from 0); empty for a run that kept none.
        """
        out: dict[PartKey, dict[int, CaseResult]] = {}
        with self._errors(f"read the parts of run {run_id} from"):
            if self._status(run_id) is None:
                raise self._unknown(run_id)
            for key, process, data in self._db.execute(
                "SELECT case_key, process, data FROM parts WHERE run_id = ? "
                "ORDER BY case_key, process",
                (run_id,),
            ):
                try:
                    w, impl, backend, device, dtype, size, machine = _loads(key, list, "part key")
                    part = CaseResult.from_dict(_loads(data, dict, "part"))
                except (ResultsFormatError, ValueError, TypeError) as e:
                    raise StoreError(
                        f"{self.path}: a part of run {run_id} is malformed ({e})"
                    ) from None
                where = None if machine is None else str(machine)
                k = (str(w), str(impl), str(backend), str(device), str(dtype), int(size), where)
                out.setdefault(k, {})[int(process)] = part
        return out

    def add_machine(self, run_id: str, name: str, record: Mapping[str, Any]) -> None:
        """Store the record of a machine that measures cases of the run (``--cluster``),
        before its first case; a second record under the same name replaces the first.

        Args:
            run_id: a run begun with :meth:`begin_run` and not yet finished.
            name: the name its cases carry in ``CaseResult.machine``.
            record: what ``measure.env.collect`` says on that machine.
        """
        with self._errors(f"store a machine of run {run_id} in"), self._transaction():
            self._require_running(run_id)
            self._put_machine(run_id, name, record)

    def finish_run(self, run_id: str, result: RunResult, status: str = COMPLETE) -> None:
        """Record the run's final result: environment, floor, skips, extra data, summary.

        The stored cases become ``result.cases`` in their order, followed by any case added
        with :meth:`add_case` that the result does not hold (nothing measured is dropped), so
        after this ``load(run_id)`` equals ``result`` when every case went through ``add_case``
        or the result. To mark a run that stopped early: ``finish_run(id, store.load(id),
        "interrupted")``.

        Args:
            run_id: the run's id.
            result: what the run produced (several runs combined is fine).
            status: ``complete`` or ``interrupted``.
        """
        if status not in (COMPLETE, INTERRUPTED):
            raise ValueError(f"a run finishes {COMPLETE!r} or {INTERRUPTED!r}, not {status!r}")
        with self._errors(f"finish run {run_id} in"), self._transaction():
            if self._status(run_id) is None:
                raise self._unknown(run_id)
            stored = [
                (data, CaseResult.from_dict(json.loads(data)))
                for (data,) in self._db.execute(
                    "SELECT data FROM cases WHERE run_id = ? ORDER BY seq", (run_id,)
                )
            ]
            final = [(_dumps(c.to_dict(), canonical=True), c) for c in result.cases]
            pending: dict[str, int] = {}
            for data, _ in final:
                pending[data] = pending.get(data, 0) + 1
            for data, case in stored:
                if pending.get(data, 0) > 0:
                    pending[data] -= 1
                else:
                    final.append((data, case))
            self._db.execute("DELETE FROM cases WHERE run_id = ?", (run_id,))
            for seq, (data, case) in enumerate(final):
                self._insert_case(run_id, seq, case, data)
            # The parts of a finished case are in it; a complete run has nothing left to resume.
            if status == COMPLETE:
                self._db.execute("DELETE FROM parts WHERE run_id = ?", (run_id,))
            else:
                self._db.executemany(
                    "DELETE FROM parts WHERE run_id = ? AND case_key = ?",
                    [(run_id, _case_key(c)) for _, c in final],
                )
            for name, record in result.machines.items():
                self._put_machine(run_id, name, record)
            cases = [c for _, c in final]
            env = result.env
            sets: dict[str, Any] = {
                "finished": _now(),
                "status": status,
                "config": _dumps(dict(result.config)),
                "env": _dumps(dict(env)),
                "floor": _dumps(result.floor.to_dict()) if result.floor else None,
                "skipped": _dumps([s.to_dict() for s in result.skipped]),
                "extra": _dumps(_with_time(result)),
                "summary": summarize(cases, result.extra, status),
                "result_started": result.started or None,
                "result_finished": result.finished or None,
            }
            if result.arraybench_version:
                sets["arraybench_version"] = result.arraybench_version
            for key in ("hostname", "cpu"):
                if env.get(key):
                    sets[key] = str(env[key])
            # Column names come from the literal keys above, never from data.
            assignments = ", ".join(f"{k} = ?" for k in sets)
            self._db.execute(
                f"UPDATE runs SET {assignments} WHERE id = ?", (*sets.values(), run_id)
            )

    # -- reading ------------------------------------------------------------------------------

    def runs(self, limit: int | None = 20) -> list[RunSummary]:
        """The runs stored, newest first.

        Args:
            limit: at most this many (None: all).

        Returns:
            One :class:`RunSummary` per run.
        """
        if limit is not None and (isinstance(limit, bool) or limit < 1):
            raise ValueError(f"limit must be a positive number of runs or None, got {limit!r}")
        with self._errors("list the runs of"):
            rows = self._db.execute(
                _SUMMARY_SQL + "ORDER BY r.started DESC, r.rowid DESC LIMIT ?",
                (-1 if limit is None else limit,),
            ).fetchall()
            return [_summary(row) for row in rows]

    def summary(self, run_id: str) -> RunSummary:
        """One run as :meth:`runs` lists it.

        Args:
            run_id: a full run id.

        Returns:
            Its :class:`RunSummary`; :class:`UnknownRunError` if there is no such run.
        """
        with self._errors(f"read run {run_id} from"):
            row = self._db.execute(_SUMMARY_SQL + "WHERE r.id = ?", (run_id,)).fetchone()
            if row is None:
                raise self._unknown(run_id)
            return _summary(row)

    def load(self, run_id: str) -> RunResult:
        """The run's results, rebuilt from the stored cases (an unfinished run's too).

        Args:
            run_id: a full run id (see :meth:`resolve` for prefixes and ``latest``).

        Returns:
            A :class:`RunResult` like the one ``arraybench run`` produced; for a run that never
            finished, the cases stored so far, ``finished`` empty and ``extra`` empty.
        """
        with self._errors(f"read run {run_id} from"):
            row = self._db.execute(
                "SELECT started, finished, arraybench_version, config, env, floor, skipped, "
                "extra, result_started, result_finished FROM runs WHERE id = ?",
                (run_id,),
            ).fetchone()
            if row is None:
                raise self._unknown(run_id)
            started, finished, version, config, env, floor, skipped, extra, r_start, r_end = row
            cases = []
            for seq, data in self._db.execute(
                "SELECT seq, data FROM cases WHERE run_id = ? ORDER BY seq", (run_id,)
            ):
                try:
                    cases.append(CaseResult.from_dict(_loads(data, dict, "case")))
                except (ResultsFormatError, ValueError, TypeError) as e:
                    raise StoreError(
                        f"{self.path}: case {seq} of run {run_id} is malformed ({e})"
                    ) from None
            machines = {
                str(name): _loads(record, dict, "machine")
                for name, record in self._db.execute(
                    "SELECT name, record FROM machines WHERE run_id = ? ORDER BY rowid", (run_id,)
                )
            }
            floor_d = _loads(floor, dict, "floor") if floor else None
            extra_d = _loads(extra, dict, "extra")
            time_d = extra_d.pop(TIME_KEY, None)
            try:
                return RunResult(
                    cases=tuple(cases),
                    env=_loads(env, dict, "env"),
                    config=_loads(config, dict, "config"),
                    floor=Floor(**floor_d) if floor_d else None,
                    skipped=tuple(Skip(**s) for s in _loads(skipped, list, "skipped")),
                    started=r_start or started,
                    finished=r_end or finished or "",
                    arraybench_version=version,
                    extra=extra_d,
                    machines=machines,
                    time=TimeSplit.from_dict(time_d) if isinstance(time_d, dict) else None,
                )
            except (TypeError, ValueError, ResultsFormatError) as e:
                raise StoreError(f"{self.path}: run {run_id} is malformed ({e})") from None

    def resolve(self, ref: str) -> str:
        """The full id of the run ``ref`` names.

        Args:
            ref: a full id, a unique prefix of one, ``latest``, or ``-N`` for the N-th newest
                (``-1`` is ``latest``).

        Returns:
            The run's full id; :class:`UnknownRunError` naming the candidates when ``ref``
            matches none or several.
        """
        ref = ref.strip()
        if not ref:
            raise UnknownRunError("an empty run reference: give a run id, a prefix, or latest")
        with self._errors("look up runs in"):
            m = _NEGATIVE_REF.fullmatch(ref)
            if ref == "latest" or m:
                n = int(m.group(1)) if m else 1
                if n < 1:
                    raise UnknownRunError(f"{ref!r}: -1 is the newest run, -2 the one before")
                row = self._db.execute(
                    "SELECT id FROM runs ORDER BY started DESC, rowid DESC LIMIT 1 OFFSET ?",
                    (n - 1,),
                ).fetchone()
                if row is None:
                    (count,) = self._db.execute("SELECT COUNT(*) FROM runs").fetchone()
                    what = "no runs" if not count else f"only {count} run(s)"
                    raise UnknownRunError(
                        f"{ref!r}: {self.path} holds {what} ('arraybench run' adds one)"
                    )
                return str(row[0])
            rows = self._db.execute(
                "SELECT id FROM runs WHERE substr(id, 1, ?) = ? ORDER BY started DESC, rowid DESC",
                (len(ref), ref),
            ).fetchall()
            ids = [str(r[0]) for r in rows]
            if ref in ids:
                return ref
            if len(ids) == 1:
                return ids[0]
            if ids:
                shown = ", ".join(ids[:CANDIDATES_SHOWN]) + (
                    " ..." if len(ids) > CANDIDATES_SHOWN else ""
                )
                raise UnknownRunError(
                    f"{ref!r} is ambiguous: it starts {len(ids)} runs ({shown}); "
                    "type more of the id"
                )
            newest = [
                str(r[0])
                for r in self._db.execute(
                    "SELECT id FROM runs ORDER BY started DESC, rowid DESC LIMIT ?",
                    (CANDIDATES_SHOWN,),
                )
            ]
        raise self._unknown(ref, newest)

    # -- inside -------------------------------------------------------------------------------

    def _check_header(self) -> None:
        """Refuse a file that is not SQLite at all, before SQLite gives a vaguer message."""
        try:
            with self.path.open("rb") as f:
                head = f.read(len(_SQLITE_MAGIC))
        except OSError as e:
            raise StoreError(f"cannot read the history store {self.path}: {e}") from None
        if head and head != _SQLITE_MAGIC:
            raise StoreError(self._corrupt_message("it is not an SQLite database"))

    def _migrate(self) -> None:
        target = len(self._migrations)
        version = self._user_version()
        if version > target:
            raise StoreError(
                f"the history store {self.path} has schema version {version}, newer than this "
                f"arraybench reads ({target}): upgrade arraybench (pip install -U arraybench), "
                "or use another store with --store"
            )
        if version == target:
            return
        with self._transaction():
            version = self._user_version()  # another process may have migrated meanwhile
            if version == 0:
                tables = self._db.execute(
                    "SELECT name FROM sqlite_master "
                    "WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                ).fetchall()
                if tables:
                    raise StoreError(
                        f"{self.path} is an SQLite database but not an arraybench history "
                        f"store (it has tables {', '.join(t[0] for t in tables[:5])}): "
                        "use another path with --store"
                    )
            for migrate in self._migrations[version:target]:
                migrate(self._db)
            # An int from len(): safe to format; PRAGMA takes no parameters.
            self._db.execute(f"PRAGMA user_version = {int(target)}")

    def _user_version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction; IMMEDIATE takes the write lock at once, so two writers queue
        (up to the busy timeout) instead of one failing halfway."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if self._db.in_transaction:  # SQLite rolls back by itself after some errors
                self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @contextlib.contextmanager
    def _errors(self, doing: str) -> Iterator[None]:
        """SQLite's errors as one StoreError that names the file and what was being done."""
        try:
            yield
        except sqlite3.OperationalError as e:
            if "locked" in str(e) or "busy" in str(e):
                raise StoreError(
                    f"cannot {doing} {self.path}: it stayed locked by another process for "
                    f"{BUSY_TIMEOUT_S:g} s ({e})"
                ) from None
            raise StoreError(self._corrupt_message(str(e), doing)) from None
        except sqlite3.DatabaseError as e:
            raise StoreError(self._corrupt_message(str(e), doing)) from None
        except json.JSONDecodeError as e:
            raise StoreError(
                self._corrupt_message(f"a JSON field is damaged: {e}", doing)
            ) from None

    def _corrupt_message(self, why: str, doing: str = "open") -> str:
        return (
            f"cannot {doing} the history store {self.path}: {why}. If it is damaged, move it "
            "aside (the next run starts a new one) or point --store elsewhere"
        )

    def _status(self, run_id: str) -> str | None:
        row = self._db.execute("SELECT status FROM runs WHERE id = ?", (run_id,)).fetchone()
        return None if row is None else str(row[0])

    def _require_running(self, run_id: str) -> None:
        status = self._status(run_id)
        if status is None:
            raise self._unknown(run_id)
        if status != RUNNING:
            raise StoreError(
                f"run {run_id} is {status}: cases are added only to a run still running "
                "(begin a new run with begin_run)"
            )

    def _insert_case(self, run_id: str, seq: int, case: CaseResult, data: str) -> None:
        m = case.measurement
        self._db.execute(
            "INSERT INTO cases (run_id, seq, workload, impl, backend, device, dtype, size, "
            "status, median, data, machine) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                run_id,
                seq,
                case.workload,
                case.impl,
                case.backend,
                case.device,
                case.dtype,
                case.size,
                case.status,
                m.median if m is not None else None,
                data,
                case.machine,
            ),
        )

    def _put_machine(self, run_id: str, name: str, record: Mapping[str, Any]) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO machines (run_id, name, record) VALUES (?, ?, ?)",
            (run_id, str(name), _dumps(dict(record))),
        )

    def _unknown(self, ref: str, newest: Sequence[str] | None = None) -> UnknownRunError:
        if newest is None:
            newest = [
                str(r[0])
                for r in self._db.execute(
                    "SELECT id FROM runs ORDER BY started DESC, rowid DESC LIMIT ?",
                    (CANDIDATES_SHOWN,),
                )
            ]
        hint = (
            f"the newest are {', '.join(newest)} (see 'arraybench history')"
            if newest
            else "it holds no runs yet"
        )
        return UnknownRunError(f"no run {ref!r} in {self.path}: {hint}")


#: A run's summary row. The counts are correlated subqueries on the cases' primary key
#: (run_id, seq), so listing the newest runs reads only their cases, however long the history.
_SUMMARY_SQL = (
    "SELECT r.id, r.started, r.finished, r.status, r.hostname, r.cpu, r.targets, r.summary, "
    "(SELECT COUNT(*) FROM cases c WHERE c.run_id = r.id), "
    "(SELECT COUNT(*) FROM cases c WHERE c.run_id = r.id AND c.status = 'failed') "
    "FROM runs r "
)


def _alive(env: Mapping[str, Any]) -> bool:
    """Whether the process that began a run (``env["pid"]`` on ``env["hostname"]``) still runs."""
    pid = env.get("pid")
    if not isinstance(pid, int) or env.get("hostname") != socket.gethostname():
        return False  # another machine's process, or an old run: cannot tell, assume gone
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return pid != os.getpid()


def _summary(row: Sequence[Any]) -> RunSummary:
    rid, started, finished, status, host, cpu, targets, summary, n, failed = row
    return RunSummary(
        id=rid,
        started=started,
        finished=finished or "",
        status=status,
        machine=f"{host} ({cpu})" if cpu else host,
        targets=tuple(str(t) for t in _loads(targets, list, "targets")),
        n_cases=int(n),
        n_failed=int(failed),
        summary=summary,
    )


#: A case as :meth:`Store.parts` names it: ``CaseResult.key`` and its machine (None: the run's).
PartKey = tuple[str, str, str, str, str, int, str | None]


def _case_key(case: CaseResult) -> str:
    """The ``parts.case_key`` of a case: its key and machine as JSON."""
    return _dumps([*case.key, case.machine])


#: Where a run's ``RunResult.time`` is kept: beside the experiments in the ``extra`` column (no
#: schema change; a store read by an older arraybench shows it as one more extra entry).
TIME_KEY = "__time__"


def _with_time(result: RunResult) -> dict[str, Any]:
    extra = dict(result.extra)
    if result.time is not None:
        extra[TIME_KEY] = result.time.to_dict()
    return extra


def _file_for(path: str | os.PathLike[str]) -> Path:
    """A --store argument as the database file: a folder holds ``history.sqlite``."""
    p = Path(path).expanduser()
    if p.is_dir() or (not p.exists() and p.suffix.lower() not in FILE_SUFFIXES):
        return p / DB_NAME
    return p


def _make_folder(folder: Path) -> None:
    """Create the store's folder; the default one gets a .gitignore so it is never committed."""
    new = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if new and folder.name == DEFAULT_DIR:
            (folder / ".gitignore").write_text(
                "# arraybench's history of runs: local to this machine\n*\n", encoding="utf-8"
            )
    except OSError as e:
        raise StoreError(
            f"cannot create the history store's folder {folder}: {e}; point --store or "
            f"${STORE_ENV} at a writable place"
        ) from None


def _new_id(started: str) -> str:
    when = _dt.datetime.fromisoformat(started)
    return f"{when:%Y%m%d-%H%M%S}-{secrets.token_hex(ID_RANDOM_BYTES)}"


def _now() -> str:
    # The runner's format (ISO 8601, UTC, seconds): sortable as text.
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def _version() -> str:
    from ..base.version import __version__

    return __version__


def _dumps(value: Any, canonical: bool = False) -> str:
    """JSON text. ``canonical`` sorts keys, so one case always has one text, by which
    ``finish_run`` recognises cases already stored; elsewhere the order is kept, since it is
    the order of the run (experiments in ``extra``, for one). NaN is written as Python's json
    writes it: the store's JSON is read only by json.loads."""
    return json.dumps(value, sort_keys=canonical, separators=(",", ":"), default=json_default)


def _loads(text: str, kind: type, what: str) -> Any:
    value = json.loads(text)
    if not isinstance(value, kind):
        raise StoreError(f"the stored {what} is a {type(value).__name__}, not a {kind.__name__}")
    return value
