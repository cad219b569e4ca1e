from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench.measure.check import CLOSE, RTOL, close_hint, compare, tolerance
from arraybench.measure.clock import FakeClock


def test_identical_outputs_pass_exactly() -> None:
    a = np.arange(5.0)
    c = compare(a, a.copy(), 1e-9)
    assert c.passed and c.max_abs_err == 0 and c.max_rel_err == 0


def test_error_is_normwise_relative_to_the_largest_reference_value() -> None:
    ref = np.array([1000.0, 1e-9])
    out = ref + np.array([0.0, 1e-6])  # huge relative error on a tiny entry
    c = compare(out, ref, 1e-8)
    assert c.max_rel_err == pytest.approx(1e-9)
    assert c.passed


def test_nan_never_passes_even_where_reference_is_nan() -> None:
    assert not compare(np.array([math.nan]), np.array([1.0]), 1.0).passed
    c = compare(np.array([math.nan]), np.array([math.nan]), 1.0)
    assert not c.passed and "NaN" in c.message


def test_equal_infinities_match() -> None:
    a = np.array([math.inf, 1.0])
    assert compare(a, a.copy(), 1e-9).passed


def test_lists_and_tuples_are_compared_leaf_by_leaf() -> None:
    ref = (np.ones(3), np.zeros(2))
    assert compare(([1.0, 1.0, 1.0], [0.0, 0.0]), ref, 1e-9).passed
    c = compare((np.ones(3),), ref, 1e-9)
    assert not c.passed and "returned 1 arrays" in c.message


def test_non_numeric_output_is_explained() -> None:
    c = compare("hello", np.ones(1), 1e-9)
    assert not c.passed and "not numbers" in c.message


@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "bfloat16"])
def test_rounding_to_the_dtype_passes_its_tolerance(dtype: str) -> None:
    rng = np.random.default_rng(0)
    ref = np.sin(rng.uniform(-3, 3, 1000)) ** 2
    if dtype == "bfloat16":  # NumPy has no bfloat16: keep 8 significant bits by hand.
        out = np.frexp(ref)
        out = np.ldexp(np.round(out[0] * 256) / 256, out[1])
    else:
        out = ref.astype(dtype)
    assert compare(out, ref, tolerance(dtype)).passed


def test_workload_overrides_tolerance() -> None:
    assert tolerance("float32", {"float32": 1e-2}) == 1e-2
    assert tolerance("float32") == RTOL["float32"]


def test_the_last_override_naming_the_dtype_wins() -> None:
    workload, impl = {"float64": 1e-6, "float32": 1e-3}, {"float64": 1e-5}
    assert tolerance("float64", workload, impl) == 1e-5  # the impl's over the workload's
    assert tolerance("float32", workload, impl) == 1e-3  # the impl names no float32
    assert tolerance("float16", workload, None) == RTOL["float16"]


#: torch.testing.assert_close's default rtol per dtype (torch/testing/_comparison.py,
#: _DTYPE_PRECISIONS), elementwise: a norm-wise tolerance of the same value is looser still.
TORCH_TESTING_RTOL = {"float64": 1e-7, "float32": 1.3e-6, "float16": 1e-3, "bfloat16": 1.6e-2}


@pytest.mark.parametrize("dtype", sorted(TORCH_TESTING_RTOL))
def test_defaults_are_no_tighter_than_torch_testing(dtype: str) -> None:
    assert RTOL[dtype] >= TORCH_TESTING_RTOL[dtype]


def test_torch_testing_defaults_are_still_the_ones_we_compare_with() -> None:
    torch = pytest.importorskip("torch")
    from torch.testing._comparison import default_tolerances

    for dtype, rtol in TORCH_TESTING_RTOL.items():
        assert default_tolerances(getattr(torch, dtype))[0] == pytest.approx(rtol)


def test_a_close_failure_says_how_to_accept_it_and_a_far_one_does_not() -> None:
    ref = np.linspace(1.0, 2.0, 10)
    close = compare(ref * (1 + 6e-9), ref, 1e-9)
    assert not close.passed
    hint = close_hint(close, "float64")
    assert hint.startswith("; close: a different algorithm?")
    # 6e-9 with 3x room, up to the next decade: 1e-7.
    assert 'Workload(rtol={"float64": 1e-07})' in hint
    assert '@w.impl(..., rtol={"float64": 1e-07})' in hint
    far = compare(ref * (1 + 2 * CLOSE * 1e-9), ref, 1e-9)
    assert not far.passed and close_hint(far, "float64") == ""
    assert close_hint(compare(ref, ref, 1e-9), "float64") == ""  # a pass needs no hint


def test_torch_cdist_passes_against_a_broadcast_numpy_reference(clock: FakeClock) -> None:
    """torch.cdist's |x|^2 + |y|^2 - 2x.y loses digits near zero distance (~1e-8 of the largest
    distance in float64), a correct algorithm that the float64 default must accept."""
    torch = pytest.importorskip("torch")
    w = ab.Workload("pdist", sizes=(100, 300, 1000), dtypes=("float64",))
    # Modelled costs above the timer's shortest sample: a sample is one call, so each case makes
    # a handful of real n x n distance matrices, not hundreds (the test is about the check).

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.uniform(0.0, 1.0, (n, 3))}

    @w.impl("numpy")
    def broadcast(x: Any) -> Any:
        clock.advance(2e-2)
        d = x[:, None, :] - x[None, :, :]
        return np.sqrt((d * d).sum(-1))

    @w.impl("torch")
    def cdist(x: Any) -> Any:
        clock.advance(5e-3)
        return torch.cdist(x, x)

    result = ab.run(w, backends=["numpy", "torch"], clock=clock, budget=0.001)
    cases = result.find(impl="cdist")
    assert len(cases) == 3
    for c in cases:
        assert c.ok and c.check is not None, c.error
        # Not exact: a different algorithm, within the default but far above machine epsilon.
        assert 1e-10 < c.check.max_rel_err <= RTOL["float64"]
