"""The results loader against damaged files: it returns a RunResult or raises
ResultsFormatError, never anything else, and never executes anything from a file."""

from __future__ import annotations

import ast
import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import arraybench as ab
from arraybench import measurement, results
from arraybench.base import fields
from arraybench.base.errors import ResultsFormatError
from arraybench.results import RunResult

from . import FUZZ

DATA = Path(__file__).parent.parent / "data" / "sin2_results.json"

#: Cases kept from the sample run: enough to hold an ok and a failed case, few enough that each
#: example serialises in microseconds.
KEPT_CASES = 4
#: Samples kept per case, for the same reason.
KEPT_SAMPLES = 5


def _small_valid_document() -> dict[str, Any]:
    """A real saved result, cut small, written by this version's own ``save``."""
    full = ab.load(DATA)
    failed = [c for c in full.cases if not c.ok][:1]
    cases = [*failed, *[c for c in full.cases if c.ok][: KEPT_CASES - len(failed)]]
    cases = [
        replace(c, measurement=replace(c.measurement, samples=c.measurement.samples[:KEPT_SAMPLES]))
        if c.measurement
        else c
        for c in cases
    ]
    small = replace(full, cases=tuple(cases))
    doc: dict[str, Any] = json.loads(json.dumps(small.to_dict(), default=fields.json_default))
    return doc


BASE = _small_valid_document()
BASE_TEXT = json.dumps(BASE)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document (lists beyond their third item are left out)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:3]):
            out.extend(_paths(v, (*prefix, i)))
    return out


PATHS = _paths(BASE)[1:]

json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=10**30, max_value=10**40),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=8),
        st.sampled_from(["ok", "failed", "skipped", "converged", "arraybench.results", ""]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=10,
)
mutations = st.lists(
    st.tuples(st.sampled_from(PATHS), st.sampled_from(["set", "delete"]), json_values),
    min_size=1,
    max_size=4,
)


def _mutate(doc: dict[str, Any], edits: list[tuple[tuple[Any, ...], str, Any]]) -> Any:
    doc = copy.deepcopy(doc)
    for path, how, value in edits:
        parent: Any = doc
        for key in path[:-1]:
            try:
                parent = parent[key]
            except (KeyError, IndexError, TypeError):
                break
        else:
            key = path[-1]
            if isinstance(parent, dict):
                if how == "delete":
                    parent.pop(key, None)
                else:
                    parent[key] = value
            elif isinstance(parent, list) and isinstance(key, int) and key < len(parent):
                if how == "delete":
                    del parent[key]
                else:
                    parent[key] = value
    return doc


def _loads_or_refuses(source: Any) -> RunResult | None:
    try:
        result = RunResult.from_dict(source, source="fuzz.json")
    except ResultsFormatError as e:
        assert str(e).startswith("fuzz.json"), str(e)
        return None
    assert isinstance(result, RunResult)
    return result


def test_the_base_document_loads() -> None:
    assert _loads_or_refuses(BASE) is not None


@FUZZ
@given(edits=mutations)
def test_a_mutated_result_loads_or_is_refused_with_results_format_error(
    edits: list[tuple[tuple[Any, ...], str, Any]],
) -> None:
    result = _loads_or_refuses(_mutate(BASE, edits))
    if result is not None:  # what loaded must be usable: the file format's own round trip
        again = RunResult.from_dict(json.loads(json.dumps(result.to_dict(), default=str)))
        assert len(again.cases) == len(result.cases)


@FUZZ
@given(doc=json_values)
def test_any_json_document_loads_or_is_refused(doc: Any) -> None:
    _loads_or_refuses(doc)
    _loads_or_refuses({"format": "arraybench.results", "version": 1, "cases": doc})


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "r.json"


def _load_file(path: Path, content: bytes) -> None:
    path.write_bytes(content)
    try:
        result = ab.load(path)
    except ResultsFormatError as e:
        assert str(path) in str(e)
        return
    assert isinstance(result, RunResult)


@FUZZ
@given(cut=st.integers(min_value=0, max_value=len(BASE_TEXT.encode()) - 1))
def test_a_truncated_file_is_refused(scratch: Path, cut: int) -> None:
    data = BASE_TEXT.encode()[:cut]
    scratch.write_bytes(data)
    with pytest.raises(ResultsFormatError, match=r"r\.json"):
        ab.load(scratch)


@FUZZ
@given(
    flips=st.lists(
        st.tuples(st.integers(0, len(BASE_TEXT.encode()) - 1), st.integers(0, 255)),
        min_size=1,
        max_size=6,
    )
)
def test_a_file_with_damaged_bytes_loads_or_is_refused(
    scratch: Path, flips: list[tuple[int, int]]
) -> None:
    data = bytearray(BASE_TEXT.encode())
    for at, byte in flips:
        data[at] = byte
    _load_file(scratch, bytes(data))


@FUZZ
@given(content=st.one_of(st.binary(max_size=200), st.text(max_size=200).map(str.encode)))
def test_garbage_is_refused(scratch: Path, content: bytes) -> None:
    _load_file(scratch, content)


# -- reading never executes ----------------------------------------------------------------------

#: Modules through which a file's contents could become running code.
EXECUTING_MODULES = {"pickle", "marshal", "shelve", "dill", "cloudpickle", "yaml", "importlib",
                     "runpy", "code", "codeop", "subprocess", "joblib"}  # fmt: skip
EXECUTING_CALLS = {"eval", "exec", "compile", "__import__", "execfile", "input"}


@pytest.mark.parametrize("module", [results, measurement, fields], ids=lambda m: m.__name__)
def test_the_results_modules_cannot_execute_anything_they_read(module: Any) -> None:
    tree = ast.parse(Path(module.__file__).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found = {a.name.split(".")[0] for a in node.names}
            assert not found & EXECUTING_MODULES, found
        elif isinstance(node, ast.ImportFrom):
            assert (node.module or "").split(".")[0] not in EXECUTING_MODULES, node.module
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            assert name not in EXECUTING_CALLS, f"{name}() at line {node.lineno}"
            if name in ("load", "loads") and isinstance(func, ast.Attribute):
                # json.load(s) with a hook could build arbitrary objects: plain JSON only.
                hooks = {k.arg for k in node.keywords} & {"object_hook", "object_pairs_hook", "cls"}
                assert not hooks, f"json hook {hooks} at line {node.lineno}"
