from __future__ import annotations

import math

import numpy as np
import pytest

from arraybench.measure.check import RTOL, compare, tolerance


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
