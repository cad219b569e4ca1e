from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench.base.errors import ConfigError, UnknownNameError, WorkloadError


def test_logsizes_spans_both_ends_one_per_decade() -> None:
    assert ab.logsizes(1, 10**7) == (1, 10, 100, 1000, 10**4, 10**5, 10**6, 10**7)
    assert ab.logsizes(10, 1000, per_decade=2) == (10, 32, 100, 316, 1000)
    assert ab.logsizes(5, 5) == (5,)


@pytest.mark.parametrize("args", [(0, 10), (10, 1), (1.5, 10)])
def test_logsizes_rejects_bad_ranges(args: tuple[Any, Any]) -> None:
    with pytest.raises(WorkloadError):
        ab.logsizes(*args)


@pytest.mark.parametrize("sizes", [[0], [-1], [1.5], ["10"], [], [True]])
def test_sizes_must_be_positive_integers(sizes: list[Any]) -> None:
    with pytest.raises(WorkloadError, match="sizes"):
        ab.Workload("w", sizes=sizes)


def test_bad_name_is_refused() -> None:
    with pytest.raises(WorkloadError, match="not valid"):
        ab.Workload("has space")


def test_impl_registration_and_generic_detection() -> None:
    w = ab.Workload("w")

    @w.impl("numpy", "torch")
    def vec(x: Any, xp: Any) -> Any:
        return xp.sin(x)

    @w.impl("python", label="loop")
    def py(x: Any) -> Any:
        return x

    assert [i.label for i in w.impls] == ["vec", "loop"]
    assert w.impls[0].takes_xp and not w.impls[1].takes_xp
    assert w.backends() == ("numpy", "torch", "python")


def test_an_impl_takes_its_own_tolerances_by_dtype() -> None:
    w = ab.Workload("w")
    w.impl("torch", rtol={"float64": 1e-6})(lambda x: x)
    w.impl("numpy", label="plain")(lambda x: x)
    assert w.impls[0].rtol == {"float64": 1e-6} and w.impls[1].rtol == {}
    with pytest.raises(UnknownNameError, match="did you mean 'float64'"):
        w.impl("torch", label="b", rtol={"flaot64": 1e-6})
    with pytest.raises(WorkloadError, match="finite number >= 0"):
        w.impl("torch", label="c", rtol={"float64": -1.0})
    with pytest.raises(WorkloadError, match="must be a dict of dtype to tolerance"):
        w.impl("torch", label="d", rtol=1e-6)  # type: ignore[arg-type]


def test_compile_is_unset_unless_given() -> None:
    w = ab.Workload("w")
    w.impl("numba")(lambda x: x)
    w.impl("numba", label="as written", compile=False)(lambda x: x)
    assert [i.compile for i in w.impls] == [None, False]
    with pytest.raises(WorkloadError, match="compile= must be True or False"):
        w.impl("numba", label="b", compile=1)  # type: ignore[arg-type]


def test_duplicate_label_on_the_same_backend_is_refused() -> None:
    w = ab.Workload("w")
    w.impl("numpy", label="a")(lambda x: x)
    with pytest.raises(WorkloadError, match="two impls labelled 'a'"):
        w.impl("numpy", label="a")(lambda x: x)


def test_reference_is_marked_then_numpy_then_python_then_the_first_registered() -> None:
    w = ab.Workload("w")
    w.impl("torch", "jax", label="first")(lambda x: x)
    w.impl("autograd", label="second")(lambda x: x)
    assert w.reference_impl() == (w.impls[0], "torch")
    w.impl("python", label="py")(lambda x: x)
    assert w.reference_impl()[0].label == "py"
    w.impl("numpy", label="np")(lambda x: x)
    assert w.reference_impl()[0].label == "np"
    w.impl("torch", label="t", reference=True)(lambda x: x)
    assert w.reference_impl() == (w.impls[4], "torch")


def test_no_impls_and_no_inputs_are_explained() -> None:
    w = ab.Workload("w")
    with pytest.raises(WorkloadError, match="no inputs builder"):
        w.validate()
    w.inputs(lambda n, rng: {"x": rng.random(n)})
    with pytest.raises(WorkloadError, match="no impls"):
        w.validate()
    w.impl("torch")(lambda x: x)
    w.validate()  # one impl: timed, with nothing to check it against


def test_inputs_are_seeded_by_seed_and_size() -> None:
    w = ab.Workload("w")
    w.inputs(lambda n, rng: {"x": rng.random(n)})
    a, b = w.make_inputs(5, 0), w.make_inputs(5, 0)
    np.testing.assert_array_equal(a["x"], b["x"])
    assert not np.array_equal(w.make_inputs(5, 1)["x"], a["x"])


def test_inputs_must_return_a_dict() -> None:
    w = ab.Workload("w")
    w.inputs(lambda n, rng: [1, 2])
    with pytest.raises(WorkloadError, match="returned list"):
        w.make_inputs(1, 0)


def test_public_api_is_small_and_sorted() -> None:
    assert ab.__all__ == sorted(ab.__all__)
    for name in ab.__all__:
        assert hasattr(ab, name)


def test_one_impl_on_one_backend_has_nothing_to_compare_with() -> None:
    w = ab.Workload("w")
    w.impl("torch")(lambda x: x)
    assert not w.has_reference()
    w.impl("torch", label="other")(lambda x: x)
    assert w.has_reference()
    generic = ab.Workload("g")
    generic.impl("numpy", "torch")(lambda x, xp: x)
    assert generic.has_reference()  # torch is checked against NumPy


def test_an_unknown_backend_is_refused_with_the_likely_one() -> None:
    w = ab.Workload("w")
    w.impl("numpy")(lambda x: x)
    w.impl("torhc", label="typo")(lambda x: x)
    with pytest.raises(UnknownNameError, match=r"names backend 'torhc'.*did you mean 'torch'"):
        w.check_names()
    with pytest.raises(ConfigError):  # a usage error: the command line exits 2
        w.check_names()


def test_a_known_backend_that_is_not_installed_is_no_usage_error() -> None:
    w = ab.Workload("w")
    w.impl("numpy")(lambda x: x)
    w.impl("jax", "autograd", inputs="python")(lambda x: x)
    w.check_names()  # installed or not, these are backends arraybench knows


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"dtypes": ["flaot32"]}, "names dtype 'flaot32'.*did you mean 'float32'"),
        ({"devices": ["cdua"]}, "names device 'cdua'.*did you mean 'cuda'"),
    ],
    ids=["dtype", "device"],
)
def test_unknown_dtypes_and_devices_are_usage_errors(kwargs: Any, message: str) -> None:
    w = ab.Workload("w")
    with pytest.raises(UnknownNameError, match=message):
        w.impl("numpy", **kwargs)


def test_devices_accept_an_index_and_jax_s_name_for_cuda() -> None:
    w = ab.Workload("w")
    w.impl("numpy", devices=["cuda:1", "gpu"])(lambda x: x)
    assert w.impls[0].devices == ("cuda:1", "cuda")
