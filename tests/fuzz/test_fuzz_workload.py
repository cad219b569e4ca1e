"""Random workload definitions: valid ones construct, invalid ones raise WorkloadError or
ConfigError with a message, and nothing else ever escapes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import arraybench as ab
from arraybench.base.errors import ConfigError, WorkloadError
from arraybench.config import RunConfig
from arraybench.measure.runner import plan
from arraybench.names import DTYPES, MAX_SIZE

from . import FUZZ

EXPECTED = (WorkloadError, ConfigError)

#: Backends that import quickly; torch and JAX are left out so that plan() stays fast here.
FAST_BACKENDS = ("numpy", "python")

names = st.one_of(
    st.from_regex(r"[A-Za-z_][A-Za-z0-9_.\-]{0,12}", fullmatch=True),
    st.text(max_size=12),
    st.integers(),
    st.none(),
)
size_items = st.one_of(
    st.integers(min_value=-3, max_value=10**7),
    st.integers(min_value=MAX_SIZE - 2, max_value=MAX_SIZE + 2),
    st.integers(min_value=10**300, max_value=10**301),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=3),
    st.none(),
)
sizes = st.one_of(
    st.lists(st.integers(min_value=1, max_value=10**6), min_size=1, max_size=6),
    st.lists(size_items, max_size=6),
    st.tuples(size_items, size_items),
    st.text(max_size=5),
    st.integers(),
    st.none(),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)
dtype_names = st.one_of(st.sampled_from(sorted(DTYPES)), st.text(max_size=8))
dtypes = st.one_of(
    st.lists(st.sampled_from(sorted(DTYPES)), min_size=1, max_size=3),
    st.lists(dtype_names, max_size=3),
    dtype_names,
    st.integers(),
    st.none(),
)
tolerances = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(),
    st.booleans(),
    st.text(max_size=3),
)
rtols = st.one_of(
    st.dictionaries(st.sampled_from(sorted(DTYPES)), st.floats(1e-12, 0.5), max_size=2),
    st.dictionaries(dtype_names, tolerances, max_size=3),
    st.lists(st.integers(), max_size=2),
    st.text(max_size=3),
)
functions = st.sampled_from(
    [lambda n: n, lambda n, itemsize: n * itemsize, None, 3, "2 * n", print]
)


#: A valid value of each setting, and anything at all for it: each example breaks one setting
#: (or none), so every setting's own checks are reached with the others valid.
SETTINGS: dict[str, tuple[st.SearchStrategy[Any], st.SearchStrategy[Any]]] = {
    "name": (st.from_regex(r"[A-Za-z_][A-Za-z0-9_.\-]{0,12}", fullmatch=True), names),
    "sizes": (st.lists(st.integers(1, 10**6), min_size=1, max_size=6), sizes),
    "quick_sizes": (st.none(), sizes),
    "dtypes": (st.lists(st.sampled_from(sorted(DTYPES)), min_size=1, max_size=3), dtypes),
    "rtol": (st.dictionaries(st.sampled_from(sorted(DTYPES)), st.floats(0, 0.5)), rtols),
    "description": (st.text(max_size=20), st.one_of(st.text(), st.integers(), st.none())),
    "flops": (st.just(lambda n: 2 * n), functions),
    "bytes": (st.just(lambda n, itemsize: n * itemsize), functions),
}


@FUZZ
@given(broken=st.sampled_from([None, *SETTINGS]), data=st.data())
def test_a_workload_either_constructs_whole_or_says_what_is_wrong(
    broken: str | None, data: st.DataObject
) -> None:
    kwargs = {
        key: data.draw(anything if key == broken else valid, label=key)
        for key, (valid, anything) in SETTINGS.items()
    }
    try:
        w = ab.Workload(**kwargs)
    except EXPECTED as e:
        assert broken is not None, f"valid settings refused: {e}"
        assert str(e).strip()
        return
    assert isinstance(w.name, str)
    assert w.sizes and all(isinstance(s, int) and 1 <= s <= MAX_SIZE for s in w.sizes)
    assert list(w.sizes) == sorted(set(w.sizes))
    assert w.dtypes and set(w.dtypes) <= set(DTYPES)
    assert set(w.rtol) <= set(DTYPES)


def generic(x: Any, xp: Any) -> Any:
    return xp.sin(x)


def plain(x: Any) -> Any:
    return x


backend_names = st.one_of(
    st.sampled_from(["numpy", "python", "torch", "nmupy", "cupyy", "pyhton", ""]),
    st.text(max_size=8),
    st.integers(),
    st.just(plain),
)
registrations = st.fixed_dictionaries(
    {
        "backends": st.lists(backend_names, max_size=3),
        "fn": st.sampled_from([plain, generic, lambda x: x, 42, None, "plain"]),
        "label": st.one_of(
            st.none(), st.sampled_from(["a", "b", "vectorized"]), st.text(max_size=5)
        ),
        "inputs": st.one_of(st.none(), st.sampled_from(["python", "numpy"]), st.text(max_size=5)),
        "reference": st.one_of(st.booleans(), st.integers(0, 2), st.none()),
        "devices": st.one_of(
            st.none(), st.just("cpu"), st.lists(st.sampled_from(["cpu", "cuda", " "]), max_size=2)
        ),
        "dtypes": st.one_of(st.none(), dtypes),
        "extends": st.one_of(st.none(), st.sampled_from(["a", "vectorised", ""])),
        "phase": st.one_of(st.none(), st.sampled_from(["a copy", ""])),
        "rtol": st.one_of(st.none(), rtols),
        "compile": st.one_of(st.none(), st.booleans(), st.integers(0, 2)),
    }
)


@FUZZ
@given(regs=st.lists(registrations, max_size=5), with_inputs=st.booleans())
def test_impl_registrations_and_plan_raise_only_workload_errors(
    regs: list[dict[str, Any]], with_inputs: bool
) -> None:
    w = ab.Workload("fuzz", sizes=[1, 10])
    if with_inputs:
        w.inputs(lambda n, rng: {"x": rng.uniform(-1.0, 1.0, n)})
    for reg in regs:
        kwargs = {k: v for k, v in reg.items() if k not in ("backends", "fn")}
        try:
            w.impl(*reg["backends"], **kwargs)(reg["fn"])
        except EXPECTED as e:
            assert str(e).strip()
    for impl in w.impls:
        assert callable(impl.fn) and impl.backends and isinstance(impl.label, str)
        assert set(impl.rtol) <= set(DTYPES) and impl.compile in (None, True, False)
    try:
        w.validate()
    except EXPECTED as e:
        assert str(e).strip()
        return
    wanted = tuple(b for b in w.backends() if b not in ("torch", "jax", "autograd")) or ("numpy",)
    try:
        cases, skips = plan([w], RunConfig(backends=wanted))
    except EXPECTED as e:
        assert str(e).strip()
        return
    assert all(c.backend in FAST_BACKENDS for c in cases)
    assert all(s.reason for s in skips)


input_values = st.one_of(
    hnp.arrays(
        dtype=st.sampled_from([np.float64, np.float32, np.int64, np.bool_, np.complex128]),
        shape=hnp.array_shapes(min_dims=0, max_dims=2, max_side=4),
    ),
    hnp.arrays(dtype=st.sampled_from(["U2", "O", "M8[s]"]), shape=st.integers(0, 3)),
    st.floats(allow_nan=True),
    st.integers(),
    st.text(max_size=3),
    st.none(),
    st.recursive(
        st.one_of(st.floats(allow_nan=True), st.integers(), st.text(max_size=2)),
        lambda inner: st.lists(inner, max_size=3),
        max_leaves=8,
    ),
    st.sets(st.integers(), max_size=2),
    st.builds(object),
)
returned = st.one_of(
    st.dictionaries(st.sampled_from(["x", "y", "steps"]), input_values, min_size=1, max_size=3),
    st.dictionaries(st.sampled_from(["x", "y", "steps"]), input_values, min_size=1, max_size=3),
    st.dictionaries(st.one_of(st.text(max_size=3), st.integers()), input_values, max_size=2),
    st.lists(st.integers(), max_size=2),
    st.none(),
    st.integers(),
)


@FUZZ
@given(value=returned)
def test_inputs_builders_return_a_dict_of_arrays_or_say_what_they_returned(value: Any) -> None:
    w = ab.Workload("fuzz", sizes=[1])
    builder: Callable[[int, np.random.Generator], Any] = lambda n, rng: value  # noqa: E731
    w.inputs(builder)
    try:
        made = w.make_inputs(1, 0)
    except WorkloadError as e:
        assert "workload 'fuzz'" in str(e) and "inputs builder" in str(e)
        return
    assert isinstance(made, dict) and all(isinstance(k, str) for k in made)
    for v in made.values():
        if isinstance(v, np.ndarray) and v.dtype.kind in "fc":
            assert not np.isnan(v).any()


@FUZZ
@given(
    lo=st.one_of(st.integers(-2, 10**20), st.floats(), st.booleans()),
    hi=st.one_of(st.integers(-2, 10**20), st.integers(10**300, 10**301), st.floats()),
    per=st.one_of(st.integers(-2, 2000), st.floats(), st.booleans()),
)
def test_logsizes_gives_a_grid_or_a_workload_error(lo: Any, hi: Any, per: Any) -> None:
    try:
        grid = ab.logsizes(lo, hi, per)
    except WorkloadError as e:
        assert str(e).strip()
        return
    assert grid[0] == lo and grid[-1] == hi
    assert list(grid) == sorted(set(grid)) and len(grid) <= 1000
