"""The history store: round trips, run references, schema migrations, damaged files, readers
alongside a writer, and the history/show commands."""

from __future__ import annotations

import argparse
import json
import math
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from arraybench.cli import history, show
from arraybench.measurement import Measurement
from arraybench.results import FAILED, CaseResult, Check, Floor, RunResult, Skip
from arraybench.store import (
    COMPLETE,
    INTERRUPTED,
    RUNNING,
    SCHEMA_VERSION,
    NoStoreError,
    Store,
    StoreError,
    UnknownRunError,
    default_path,
    open_store,
)
from arraybench.store import sqlite as store_sqlite
from arraybench.store.migrations import MIGRATIONS

from ..analysis.test_fit import synthetic

ENV = {"hostname": "testhost", "cpu": "Test CPU 3000", "arraybench": "0.1.0", "cores": 2}
CONFIG = {"budget": 0.5, "target": 0.02, "seed": 0}
FLOOR = Floor(clock_read=1e-7, call_overhead=4e-8)


def cases() -> list[CaseResult]:
    """Cases with every optional field used: ok and failed, checks, phases, NaN errors."""
    ok = synthetic(1e-6, 1e-9, 1.0, impl="vectorized", sizes=(10, 100, 1000), samples=12)
    ok[0] = replace(ok[0], reference=True, flops=20.0, bytes=160.0)
    ok[1] = replace(
        ok[1],
        check=Check(True, 1e-17, 2e-16, 1e-9, ""),
        inputs="python",
        extends="vectorized",
        phase="conversion",
        measurement=Measurement(
            samples=(1e-6, 1.1e-6, 0.9e-6),
            loops=7,
            first_call=3e-5,
            warmup_calls=40,
            stop="budget",
            elapsed=0.51,
            warnings=("high spread: samples vary",),
        ),
    )
    failed = CaseResult(
        "w",
        "wrong",
        "numpy",
        "cpu",
        "float32",
        10,
        FAILED,
        check=Check(False, math.nan, math.nan, 1e-4, "NaN in the output"),
        error="NaN in the output at index 3",
    )
    return [*ok, failed]


def result_of(cs: list[CaseResult]) -> RunResult:
    return RunResult(
        cases=tuple(cs),
        env=ENV,
        config=CONFIG,
        floor=FLOOR,
        skipped=(Skip("w/loop on torch", "torch is not installed"),),
        started="2026-11-21T13:45:01+00:00",
        finished="2026-11-21T13:46:01+00:00",
        arraybench_version="0.1.0",
        extra={
            "q2": {"question": "B?", "workloads": ["w"], "answer": {"verdict": "disagrees"}},
            "q1": {"question": "A?", "workloads": [], "answer": {"verdict": "agrees"}},
        },
    )


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "store") as s:
        yield s


def test_a_run_stored_case_by_case_loads_back_field_by_field(store: Store) -> None:
    cs = cases()
    rid = store.begin_run(CONFIG, ENV, FLOOR, ["w"])
    for c in cs:
        store.add_case(rid, c)
    partial = store.load(rid)
    assert [c.to_dict() for c in partial.cases] == [c.to_dict() for c in cs]
    assert partial.finished == "" and partial.extra == {} and partial.floor == FLOOR
    expected = result_of(cs)
    store.finish_run(rid, expected)
    loaded = store.load(rid)
    assert [c.to_dict() for c in loaded.cases] == [c.to_dict() for c in cs]
    for name in ("env", "config", "floor", "skipped", "started", "finished", "extra"):
        assert getattr(loaded, name) == getattr(expected, name), name
    assert loaded.arraybench_version == "0.1.0"
    assert list(loaded.extra) == ["q2", "q1"]  # the run's order, not sorted
    assert math.isnan(loaded.cases[-1].check.max_rel_err)  # type: ignore[union-attr]
    assert loaded.to_dict() == expected.to_dict()


def test_finish_keeps_the_results_order_and_every_case_added(store: Store) -> None:
    cs = cases()
    rid = store.begin_run(CONFIG, ENV, None, [])
    for c in reversed(cs):  # cases arrive in completion order, not the run's
        store.add_case(rid, c)
    only_some = result_of(cs[:2])
    store.finish_run(rid, only_some)
    loaded = store.load(rid)
    # the result's cases in its order, then those added that it lacks: nothing measured is lost
    want = [*cs[:2], *reversed(cs[2:])]
    assert [c.to_dict() for c in loaded.cases] == [c.to_dict() for c in want]


def _key(c: CaseResult) -> tuple[str, str, str, str, str, int, str | None]:
    return (*c.key, c.machine)


def test_parts_of_unfinished_cases_are_kept_until_their_case_is_stored(store: Store) -> None:
    """Each process's part of a case is kept as it arrives; the case, once stored, drops them;
    an interrupted run keeps the others for --resume, and a complete run holds none."""
    a, b, failed = cases()[0], cases()[1], cases()[-1]
    rid = store.begin_run(CONFIG, ENV, None, [])
    store.add_parts(rid, 0, [a, b])
    store.add_parts(rid, 1, [a, failed])
    kept = store.parts(rid)
    assert set(kept) == {_key(a), _key(b), _key(failed)}
    assert sorted(kept[_key(a)]) == [0, 1] and kept[_key(failed)][1].to_dict() == failed.to_dict()
    assert kept[_key(b)][0].to_dict() == b.to_dict()
    store.add_case(rid, a)  # its parts are in it now
    assert set(store.parts(rid)) == {_key(b), _key(failed)}
    store.finish_run(rid, store.load(rid), INTERRUPTED)
    assert set(store.parts(rid)) == {_key(b), _key(failed)}  # kept for --resume
    with pytest.raises(StoreError, match="is interrupted: cases are added only to a run still"):
        store.add_parts(rid, 2, [b])
    store.reopen(rid)
    store.add_parts(rid, 1, [b])
    assert sorted(store.parts(rid)[_key(b)]) == [0, 1]
    store.finish_run(rid, result_of([a, b, failed]))
    assert store.parts(rid) == {}
    with pytest.raises(ValueError, match="process must be an index from 0"):
        store.add_parts(rid, -1, [a])
    with pytest.raises(UnknownRunError):
        store.parts("20990101-000000-0000")


def test_finishing_a_run_interrupted_drops_the_parts_of_the_cases_it_holds(store: Store) -> None:
    a, b = cases()[0], cases()[1]
    rid = store.begin_run(CONFIG, ENV, None, [])
    store.add_parts(rid, 0, [a, b])
    store.finish_run(rid, result_of([a]), INTERRUPTED)  # a finished without add_case
    assert set(store.parts(rid)) == {_key(b)}


def test_runs_lists_newest_first_with_counts_status_and_summary(store: Store) -> None:
    first = store.begin_run(CONFIG, ENV, FLOOR, [])
    for c in cases():
        store.add_case(first, c)
    store.finish_run(first, result_of(cases()))
    second = store.begin_run(CONFIG, ENV, FLOOR, ["sin2", "my.py"])
    store.add_case(second, cases()[0])
    runs = store.runs()
    assert [r.id for r in runs] == [second, first]
    new, old = runs
    assert (new.status, new.n_cases, new.n_failed, new.targets) == (
        RUNNING,
        1,
        0,
        ("sin2", "my.py"),
    )
    assert (old.status, old.n_cases, old.n_failed, old.targets) == (COMPLETE, 4, 1, ())
    assert old.summary == "q2 disagrees; q1 agrees"
    assert old.machine == "testhost (Test CPU 3000)" and old.finished
    assert store.runs(limit=1) == [new]
    assert store.summary(first) == old
    assert json.loads(json.dumps([r.to_dict() for r in runs]))[0]["id"] == second


def test_summary_without_experiments_names_the_fastest_at_the_largest_size(store: Store) -> None:
    cs = synthetic(1e-6, 1e-9, 1.0, impl="slow", sizes=(10, 1000)) + synthetic(
        1e-7, 1e-10, 1.0, impl="fast", sizes=(10, 1000)
    )
    rid = store.begin_run(CONFIG, ENV, FLOOR, ["w"])
    store.finish_run(rid, RunResult(cases=tuple(cs)))
    assert store.runs()[0].summary.startswith("w: fast (numpy float64) fastest at n=1e3, ")


def test_an_interrupted_run_is_marked_and_keeps_its_cases(store: Store) -> None:
    rid = store.begin_run(CONFIG, ENV, FLOOR, ["w"])
    for c in cases()[:2]:
        store.add_case(rid, c)
    store.finish_run(rid, store.load(rid), INTERRUPTED)
    run = store.runs()[0]
    assert (run.status, run.n_cases) == (INTERRUPTED, 2)
    assert run.summary.startswith("interrupted after 2 cases")
    assert len(store.load(rid).cases) == 2


def test_cases_are_refused_for_a_finished_or_unknown_run(store: Store) -> None:
    rid = store.begin_run(CONFIG, ENV, FLOOR, [])
    store.finish_run(rid, RunResult(cases=()))
    with pytest.raises(StoreError, match="is complete"):
        store.add_case(rid, cases()[0])
    with pytest.raises(UnknownRunError, match="no run 'nope'"):
        store.add_case("nope", cases()[0])
    with pytest.raises(ValueError, match="finishes"):
        store.finish_run(rid, RunResult(cases=()), status="done")


def test_run_ids_are_short_sortable_and_unique(store: Store) -> None:
    ids = [store.begin_run(CONFIG, ENV, None, []) for _ in range(5)]
    assert len(set(ids)) == 5
    for rid in ids:
        date, time, rand = rid.split("-")
        assert len(date) == 8 and len(time) == 6 and len(rand) == 4
        assert date.isdigit() and time.isdigit() and int(rand, 16) >= 0


# -- references -------------------------------------------------------------------------------


@pytest.fixture
def three_runs(store: Store, monkeypatch: pytest.MonkeyPatch) -> Store:
    ids = iter(["20260101-000000-aaaa", "20260101-000000-aabb", "20260102-000000-cccc"])
    monkeypatch.setattr(store_sqlite, "_new_id", lambda started: next(ids))
    for _ in range(3):
        store.begin_run(CONFIG, ENV, None, [])
    return store


def test_resolve_full_id_prefix_latest_and_negative_index(three_runs: Store) -> None:
    s = three_runs
    assert s.resolve("20260101-000000-aabb") == "20260101-000000-aabb"
    assert s.resolve("20260102") == "20260102-000000-cccc"
    assert s.resolve("20260101-000000-aab") == "20260101-000000-aabb"
    assert s.resolve("latest") == s.resolve("-1") == "20260102-000000-cccc"
    assert s.resolve("-3") == "20260101-000000-aaaa"


def test_resolve_names_the_candidates_when_ambiguous_or_unknown(three_runs: Store) -> None:
    with pytest.raises(UnknownRunError, match="ambiguous") as e:
        three_runs.resolve("20260101")
    assert "20260101-000000-aaaa" in str(e.value) and "20260101-000000-aabb" in str(e.value)
    with pytest.raises(UnknownRunError, match="no run '2027'") as e:
        three_runs.resolve("2027")
    assert "20260102-000000-cccc" in str(e.value)
    with pytest.raises(UnknownRunError, match="only 3 run"):
        three_runs.resolve("-4")
    with pytest.raises(UnknownRunError, match="empty"):
        three_runs.resolve(" ")


def test_resolve_in_an_empty_store_says_it_is_empty(store: Store) -> None:
    with pytest.raises(UnknownRunError, match="no runs"):
        store.resolve("latest")
    with pytest.raises(UnknownRunError, match="holds no runs yet"):
        store.resolve("2026")


# -- where the store is -----------------------------------------------------------------------


def test_default_path_is_under_the_current_directory_or_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(store_sqlite.STORE_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    assert default_path() == tmp_path / ".arraybench" / "history.sqlite"
    with open_store() as s:
        assert s.path == default_path()
    assert (tmp_path / ".arraybench" / ".gitignore").read_text().endswith("*\n")
    monkeypatch.setenv(store_sqlite.STORE_ENV, str(tmp_path / "elsewhere"))
    assert default_path() == tmp_path / "elsewhere" / "history.sqlite"
    monkeypatch.setenv(store_sqlite.STORE_ENV, str(tmp_path / "mine.db"))
    assert default_path() == tmp_path / "mine.db"


def test_reading_a_missing_store_does_not_create_it(tmp_path: Path) -> None:
    with pytest.raises(NoStoreError, match="no history store"):
        open_store(tmp_path / "none", create=False)
    assert not (tmp_path / "none").exists()


# -- schema versions and damaged files --------------------------------------------------------


def _version_1_by_hand(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute(
        "CREATE TABLE runs (id TEXT PRIMARY KEY, started TEXT NOT NULL, finished TEXT, "
        "status TEXT NOT NULL, arraybench_version TEXT NOT NULL, hostname TEXT NOT NULL, "
        "cpu TEXT NOT NULL, targets TEXT NOT NULL, config TEXT NOT NULL, env TEXT NOT NULL, "
        "floor TEXT, skipped TEXT NOT NULL DEFAULT '[]', extra TEXT NOT NULL DEFAULT '{}', "
        "summary TEXT NOT NULL DEFAULT '', result_started TEXT, result_finished TEXT)"
    )
    db.execute(
        "CREATE TABLE cases (run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE, "
        "seq INTEGER NOT NULL, workload TEXT NOT NULL, impl TEXT NOT NULL, "
        "backend TEXT NOT NULL, device TEXT NOT NULL, dtype TEXT NOT NULL, "
        "size INTEGER NOT NULL, status TEXT NOT NULL, median REAL, data TEXT NOT NULL, "
        "PRIMARY KEY (run_id, seq))"
    )
    db.execute(
        "INSERT INTO runs (id, started, status, arraybench_version, hostname, cpu, targets, "
        "config, env) VALUES ('20250101-000000-0001', '2025-01-01T00:00:00+00:00', 'complete', "
        "'0.1.0', 'old', 'Old CPU', '[]', '{}', '{}')"
    )
    case = cases()[0]
    db.execute(
        "INSERT INTO cases VALUES ('20250101-000000-0001', 0, 'w', 'vectorized', 'numpy', "
        "'cpu', 'float64', 10, 'ok', 1e-6, ?)",
        (json.dumps(case.to_dict()),),
    )
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()


def test_a_version_1_store_gets_a_new_migration_once(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _version_1_by_hand(path)
    calls = []

    def to_next(db: sqlite3.Connection) -> None:
        calls.append(1)
        db.execute("ALTER TABLE runs ADD COLUMN note TEXT NOT NULL DEFAULT 'migrated'")

    for _ in range(2):
        with Store(path, migrations=[*MIGRATIONS, to_next]) as s:
            assert s.load("20250101-000000-0001").cases[0].to_dict() == cases()[0].to_dict()
    assert calls == [1]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) + 1
    assert db.execute("SELECT note FROM runs").fetchone()[0] == "migrated"
    db.close()


def test_a_version_2_store_with_an_interrupted_run_reads_and_resumes_after_migrating(
    tmp_path: Path,
) -> None:
    """Schema 3 adds the parts table: a store written before it reads as before, and its
    interrupted run resumes (with no parts kept: its cases are all it has)."""
    path = tmp_path / "old.sqlite"
    _version_1_by_hand(path)
    db = sqlite3.connect(path)
    MIGRATIONS[1](db)
    db.execute("UPDATE runs SET status = 'interrupted'")
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    with open_store(path) as s:
        rid = "20250101-000000-0001"
        assert s.load(rid).cases[0].to_dict() == cases()[0].to_dict()
        assert s.parts(rid) == {}
        assert s.unfinished({}, []) == rid
        s.reopen(rid)
        s.add_parts(rid, 0, [cases()[1]])
        assert list(s.parts(rid)) == [_key(cases()[1])]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    db.close()


def test_a_failing_migration_leaves_the_store_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _version_1_by_hand(path)

    def half_done(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE runs ADD COLUMN note TEXT")
        raise RuntimeError("migration bug")

    with pytest.raises(RuntimeError, match="migration bug"):
        Store(path, migrations=[*MIGRATIONS, half_done])
    db = sqlite3.connect(path)  # still version 1: not even the good migrations before it stayed
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    assert "note" not in [r[1] for r in db.execute("PRAGMA table_info(runs)")]
    db.close()
    with open_store(path) as s:  # and still readable
        assert [r.id for r in s.runs()] == ["20250101-000000-0001"]


def test_a_fresh_store_is_at_the_current_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    open_store(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_a_store_from_a_newer_arraybench_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    open_store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match=r"newer than this arraybench reads.*upgrade arraybench"):
        open_store(path)


@pytest.mark.parametrize(
    "content",
    [b"this is not a database, just text\n" * 100, b"SQLite format 3\x00" + b"\x07" * 4000],
    ids=["text", "damaged-sqlite"],
)
def test_a_corrupt_file_gives_one_clear_error_naming_it(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "history.sqlite"
    path.write_bytes(content)
    with pytest.raises(StoreError) as e:
        open_store(path)
    assert str(path) in str(e.value) and "move it aside" in str(e.value)


def test_another_sqlite_database_is_not_taken_for_a_store(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id INTEGER)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="not an arraybench history store"):
        open_store(path)


# -- a reader alongside a writer --------------------------------------------------------------


def test_a_reader_is_never_blocked_by_the_writer_and_sees_each_commit(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    cs = cases()
    with open_store(path) as writer, open_store(path) as reader:
        rid = writer.begin_run(CONFIG, ENV, FLOOR, [])
        writer.add_case(rid, cs[0])
        # The reader holds a snapshot open (a long query, say) while the writer goes on.
        reader._db.execute("BEGIN")
        assert reader._db.execute("SELECT COUNT(*) FROM cases").fetchone()[0] == 1
        writer.add_case(rid, cs[1])  # not blocked by the open read
        assert reader._db.execute("SELECT COUNT(*) FROM cases").fetchone()[0] == 1
        reader._db.execute("COMMIT")
        seen = []
        for c in cs[2:]:
            seen.append(len(reader.load(rid).cases))
            writer.add_case(rid, c)
        assert seen == [2, 3]
        assert [c.to_dict() for c in reader.load(rid).cases] == [c.to_dict() for c in cs]
        assert reader.runs()[0].n_cases == len(cs)


# -- the commands -----------------------------------------------------------------------------


def _cli(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    history.add_parser(sub, [])
    show.add_parser(sub, [])
    args = parser.parse_args(argv)
    return int(args.handler(args))


def test_history_lists_the_runs_and_show_prints_a_run_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    data = Path(__file__).parent.parent / "data" / "sin2_results.json"
    from arraybench.results import load

    result = load(data)
    path = tmp_path / "h.sqlite"
    with open_store(path) as s:
        rid = s.begin_run(result.config, result.env, result.floor, ["sin2"])
        for c in result.cases:
            s.add_case(rid, c)
        s.finish_run(rid, result)
    assert _cli("history", "--store", str(path)) == 0
    out = capsys.readouterr().out
    assert rid in out and "complete" in out and "sin2" in out
    assert _cli("history", "--store", str(path), "--json") == 0
    assert json.loads(capsys.readouterr().out)[0]["n_cases"] == len(result.cases)
    assert _cli("show", rid[:10], "--store", str(path), "--json", str(tmp_path / "r.json")) == 0
    out = capsys.readouterr().out
    assert f"run {rid}" in out and "median" in out
    assert load(tmp_path / "r.json").to_dict() == result.to_dict()


def test_history_of_a_missing_store_says_so_and_succeeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _cli("history", "--store", str(tmp_path / "none")) == 0
    assert "no runs stored yet" in capsys.readouterr().out
    with pytest.raises(NoStoreError):
        _cli("show", "latest", "--store", str(tmp_path / "none"))


def test_a_version_1_store_reads_its_cases_as_from_the_run_s_own_machine(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _version_1_by_hand(path)
    with Store(path) as s:
        old = s.load("20250101-000000-0001")
    assert old.machines == {} and old.machine_names == ()
    assert [c.machine for c in old.cases] == [None]


def test_cases_from_several_machines_keep_their_machine_and_its_record(tmp_path: Path) -> None:
    from dataclasses import replace

    a, b = (replace(c, machine=m) for c, m in zip(cases()[:2], ("alpha", "beta"), strict=True))
    records = {"alpha": {"hostname": "alpha", "cpu": "A"}, "beta": {"hostname": "beta", "cpu": "B"}}
    with Store(tmp_path / "h.sqlite") as s:
        run_id = s.begin_run({}, {"hostname": "driver"}, None, [])
        s.add_machine(run_id, "alpha", records["alpha"])
        s.add_case(run_id, a)
        s.add_machine(run_id, "beta", records["beta"])
        s.add_case(run_id, b)
        kept = s.load(run_id)  # a run killed here still knows its machines
        assert kept.machine_names == ("alpha", "beta")
        assert kept.machines == records
        s.finish_run(run_id, kept)
        done = s.load(run_id)
    assert [c.machine for c in done.cases] == ["alpha", "beta"]
    assert done.machines == records
    assert done.on_machine("beta").cases == (b,)
    assert done.on_machine("beta").env["cpu"] == "B"
    db = sqlite3.connect(tmp_path / "h.sqlite")
    assert db.execute("SELECT machine FROM cases ORDER BY seq").fetchall() == [
        ("alpha",),
        ("beta",),
    ]
    db.close()
