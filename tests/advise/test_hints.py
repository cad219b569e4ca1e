"""A hot line with no finding still tells the user what to do (advise/rules/hints.py): the
closest known kind and the run's evidence for or against it, or the library call its time is
in. Assertions are on what is said, never on times."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from threadpoolctl import threadpool_limits

from arraybench.advise.output.html import profile_html
from arraybench.advise.output.text import profile_text
from arraybench.advise.profile import profile
from arraybench.advise.read.source import read_source
from arraybench.advise.records import HotLine, ProfileReport
from arraybench.advise.rules.hints import _plotted_lists
from arraybench.advise.rules.known_fixes import ndimage_laplace
from arraybench.advise.run.launch import Target
from arraybench.advise.run.ledger import Count
from arraybench.advise.run.values import ARRAY, SCALAR, SEQUENCE, Fact

pytest.importorskip("line_profiler")


def _profile(tmp_path: Path, source: str) -> tuple[ProfileReport, Path]:
    p = tmp_path / "prog.py"
    p.write_text(textwrap.dedent(source))
    with threadpool_limits(1):
        return profile(Target(script=p)), p


def _hot(report: ProfileReport, line: int) -> HotLine:
    got = [h for h in report.hot if h.line == line]
    assert got, [(h.line, h.hint) for h in report.hot]
    return got[0]


def test_a_hot_library_call_is_named(tmp_path: Path) -> None:
    report, _ = _profile(
        tmp_path,
        """\
        import numpy as np

        rng = np.random.default_rng(0)
        a = rng.normal(size=(220, 220))
        total = 0.0
        for step in range(25):
            u, s, vt = np.linalg.svd(a + step)
            total += float(s[0])
        print("result:", total)
        """,
    )
    h = _hot(report, 7)
    assert h.closest == ""
    assert h.hint == "no known pattern: the time is in numpy.linalg.svd"
    assert h.calls == ("numpy.linalg.svd",)


def test_a_loop_on_python_numbers_is_told_what_would_help_once(tmp_path: Path) -> None:
    # rounds 20-21 of real code: 10^6-10^8 steps of ``random.random()`` draws and float or
    # complex arithmetic, 78-92% saved on arrays, read "the time is in the line's own Python
    # code" on each of the loop's three lines
    report, _ = _profile(
        tmp_path,
        """\
        import random

        random.seed(2)
        inside = 0
        for k in range(400_000):
            x = random.random()
            y = random.random()
            if x * x + y * y <= 1.0:
                inside += 1
        print("result:", 4.0 * inside / 400_000)
        """,
    )
    hints = [h for h in report.hot if 5 <= h.line <= 9]
    assert hints, [(h.line, h.hint) for h in report.hot]
    assert "a loop of 400,000 steps on Python numbers (line 5" in hints[0].hint, hints[0].hint
    assert "numba.njit" in hints[0].hint
    assert all(h.hint == f"no known pattern: as line {hints[0].line}" for h in hints[1:]), [
        h.hint for h in hints
    ]


def test_a_short_inner_loop_looks_like_an_element_loop_but_runs_three_iterations(
    tmp_path: Path,
) -> None:
    report, _ = _profile(
        tmp_path,
        """\
        import numpy as np

        # arrays of 300 (of 3 elements, the line would be AB412's: calls on tiny arrays)
        x = np.arange(300.0)
        acc = np.zeros(300)
        t = 0
        while t < 40_000:
            t += 1
            for k in range(3):
                acc[k] += x[k] * 0.5
        print("result:", float(acc.sum()))
        """,
    )
    h = _hot(report, 10)
    assert h.closest == "AB101"
    assert h.hint.startswith("looks like AB101 (element loop, line 9) but runs 3 iterations per")
    assert "(120,000 in all)" in h.hint  # the loop's exact count


def test_a_build_from_a_long_list_run_a_few_times_is_an_ab108_too_few_to_matter(
    tmp_path: Path,
) -> None:
    report, _ = _profile(
        tmp_path,
        """\
        import numpy as np

        vals = [float(i % 97) for i in range(200_000)]


        def to_array(v):
            return np.array(v)


        for rep in range(30):
            vals[rep] = 1.0 + rep  # (a new list each time: no loop-invariant build)
            arr = to_array(vals) * (rep + 1)
            last = arr[rep]
        print("result:", float(last))
        """,
    )
    h = _hot(report, 7)
    assert h.closest == "AB108"
    assert h.hint == (
        "AB108 (build-in-loop)? built from a list of 200,000 scalars, 30 times: too few to "
        "matter (100 needed)"
    )
    # the list itself: Python work, item by item
    assert _hot(report, 3).hint.startswith(
        "no known pattern: the time is in the line's own Python code, a comprehension of "
        "200,000 items ("
    )


def test_the_hint_is_in_the_text_and_the_json(tmp_path: Path) -> None:
    report, _ = _profile(
        tmp_path,
        """\
        import numpy as np

        rng = np.random.default_rng(0)
        a = rng.normal(size=(200, 200))
        total = 0.0
        for step in range(25):
            u, s, vt = np.linalg.svd(a + step)
            total += float(s[0])
        print("result:", total)
        """,
    )
    assert "        no known pattern: the time is in numpy.linalg.svd" in profile_text(report)
    assert "<br>no known pattern: the time is in numpy.linalg.svd</li>" in profile_html(report)
    d = json.loads(json.dumps(report.to_dict()))
    assert d["version"] == 3
    hot = next(h for h in d["hot_lines"] if h["line"] == 7)
    assert hot["calls"] == ["numpy.linalg.svd"] and hot["closest"] is None
    assert HotLine.from_dict(hot) == _hot(report, 7)


def test_a_version_1_hot_line_is_still_read() -> None:
    old = {
        "path": "/p.py",
        "line": 7,
        "seconds": 0.5,
        "share": 0.4,
        "count": 25,
        "snippet": "u, s, vt = np.linalg.svd(a)",
        "facts": {"a": "numpy.ndarray float64 200x200"},
    }
    h = HotLine.from_dict(old)
    assert (h.line, h.count, h.hint, h.closest, h.calls) == (7, Count(25), "", "", ())
    assert HotLine.from_dict(h.to_dict()) == h


def test_a_tensor_method_float_is_no_builtin_float_of_its_receiver(tmp_path: Path) -> None:
    # ``x * self.w.float()``: the tensor method .float() (a dtype cast), not float(self): a hot
    # line with it was told "float(self) converts a __main__.Net"
    pytest.importorskip("torch")
    report, _ = _profile(
        tmp_path,
        """\
        import torch


        class Net:
            def __init__(self):
                self.w = torch.linspace(0.5, 1.5, 256, dtype=torch.float64)
                self.m = torch.ones(256, 256)

            def apply(self, x):
                return torch.tanh((x * self.w.float()) @ self.m)


        net = Net()
        total = 0.0
        for step in range(300):
            x = torch.randn(256, 256)
            total += net.apply(x)[0, 0].item()
        print("result:", total)
        """,
    )
    said = [h.hint for h in report.hot if h.line == 10]
    assert said, [(h.line, h.hint) for h in report.hot]
    assert "float(self)" not in said[0], said[0]


def test_a_periodic_laplace_of_scipy_is_told_the_rolled_stencil(tmp_path: Path) -> None:
    # round 19's Gray-Scott: ``ndimage.laplace(u, mode="wrap")``, a general filter, where the
    # same stencil with np.roll ran 12x as fast (46.5% of the run); the hint is read from the
    # line and the values seen (a profile run's split of two lines moves with the load)
    pytest.importorskip("scipy.ndimage")
    p = tmp_path / "prog.py"
    p.write_text(
        textwrap.dedent(
            """\
            from scipy import ndimage

            lu = ndimage.laplace(u, mode="wrap")
            lc = ndimage.laplace(u)
            """
        )
    )
    sf = read_source(str(p))
    grid = Fact(kind=ARRAY, type="numpy.ndarray", dtype="float32", shape=(256, 256))
    said = ndimage_laplace(sf, 3, {"u": grid})
    assert "scipy.ndimage.laplace(u, mode='wrap') is a general filter" in said
    assert "np.roll(u, 1, 0) + np.roll(u, -1, 0)" in said
    assert "x as fast on a numpy.ndarray float32 256x256" in said
    assert ndimage_laplace(sf, 4, {"u": grid}) == ""  # (edges not periodic: not the same)


def test_python_lists_passed_to_a_plot_are_told_to_be_arrays(tmp_path: Path) -> None:
    # round 20's Monte Carlo integration: ``plt.scatter(XIntegral, YIntegral)`` of two lists of
    # 666,785 floats (50% of the run; as arrays, 64% of the run saved); a short list, or an
    # array, is no hint
    p = tmp_path / "prog.py"
    p.write_text(
        textwrap.dedent(
            """\
            import matplotlib.pyplot as plt

            plt.scatter(xs, ys, marker=".")
            plt.plot(xs, ys)
            """
        )
    )
    sf = read_source(str(p))
    long = Fact(kind=SEQUENCE, type="list", shape=(666_785,), item="scalar")
    said = _plotted_lists(sf, 3, {"xs": long, "ys": long})
    assert "scatter is passed Python lists, xs (666,785 items), ys (666,785 items)" in said
    assert "np.asarray(...)" in said
    short = Fact(kind=SEQUENCE, type="list", shape=(500,), item="scalar")
    assert _plotted_lists(sf, 4, {"xs": short, "ys": short}) == ""
    grid = Fact(kind=ARRAY, type="numpy.ndarray", dtype="float64", shape=(666_785,))
    assert _plotted_lists(sf, 4, {"xs": grid, "ys": grid}) == ""


def test_a_random_choice_of_a_python_sequence_is_told_the_draw_that_needs_no_array() -> None:
    # round 25's Sutton-Barto agents: ``np.random.choice(range(n))`` a step (DynaMaze, 40% of the
    # run saved by ``np.random.randint(n)``, which draws the same numbers)
    import ast

    from arraybench.advise.rules.hints import _choice_hint

    def said(source: str, facts: dict[str, Fact]) -> str | None:
        calls = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)]
        got = _choice_hint(calls, facts, "9,000 times")
        return got.text if got is not None else None

    legacy = said("i = np.random.choice(range(len(model)))", {})
    assert legacy is not None and legacy.endswith(
        "np.random.randint(len(model)) draws the same one from the same random stream without it"
    )
    rng = Fact("other", "numpy.Generator")
    actions = Fact(SEQUENCE, "list", shape=(4,), item="scalar")
    picked = said("a = rng.choice(actions)", {"rng": rng, "actions": actions})
    assert picked is not None and "actions[rng.integers(len(actions))]" in picked
    # Python's own random.choice takes the list as it is; an array's choice makes none
    assert said("a = random.choice(actions)", {"random": Fact("other", "module")}) is None
    array = Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (40,))
    assert said("a = rng.choice(values)", {"rng": rng, "values": array}) is None
    assert said("a = rng.choice(actions, p=probs)", {"rng": rng, "actions": actions}) is None
    # round 26's SIRS sites: ``np.random.choice(n, 2)`` of an int, 12.7% saved by randint
    n = Fact(SCALAR, "int", value=2500)
    pair = said("i, j = np.random.choice(n, 2)", {"n": n})
    assert pair is not None and "np.random.randint(0, n, 2) draws the same numbers" in pair
    one = said("k = rng.choice(50)", {"rng": rng})
    assert one is not None and "rng.integers(50)" in one
    assert said("k = np.random.choice(n, 2, replace=False)", {"n": n}) is None
    assert said("k = rng.choice(actions, 3)", {"rng": rng, "actions": actions}) is None


def test_a_periodic_convolution_of_a_small_kernel_is_told_the_padded_slices(
    tmp_path: Path,
) -> None:
    # round 26's Game of Life: convolve2d(lattice, 3x3, mode='same', boundary='wrap') on a
    # 50x50 lattice, 48% of the run; slices of np.pad(lattice, 1, mode='wrap') saved 20%
    pytest.importorskip("scipy")
    report, _ = _profile(
        tmp_path,
        """\
        import numpy as np
        from scipy.signal import convolve2d

        rng = np.random.default_rng(0)
        grid = rng.integers(0, 2, size=(50, 50))
        kernel = np.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]])
        for step in range(3000):
            n = convolve2d(grid, kernel, mode="same", boundary="wrap")
            grid = ((n == 3) | ((grid == 1) & (n == 2))).astype(np.int64)
        print("result:", int(grid.sum()))
        """,
    )
    said = [h.hint for h in report.hot if h.line == 8]
    assert said and "np.pad(grid, 1, mode='wrap')" in said[0], [
        (h.line, h.hint) for h in report.hot
    ]


def test_a_loop_adding_a_lists_items_is_told_the_builtin_sum(tmp_path: Path) -> None:
    # round 27's trading backtest: ``for x in arr: total += x`` over 100 prices, 81% of the
    # run, told NumPy or numba; ``sum(arr) / len(arr)`` saved 49.1% with the same result
    report, _ = _profile(
        tmp_path,
        """\
        import random


        def average(prices):
            total = 0
            for x in prices:
                total += x
            return total / len(prices)


        random.seed(3)
        prices = [random.random() for _ in range(100)]
        print("result:", sum(average(prices) for _ in range(40_000)))
        """,
    )
    # (on a line of the loop: which of its lines holds most of its time is the split's noise)
    said = [h.hint for h in report.hot if h.line in (5, 6, 7)]
    assert any("total = sum(prices, total)" in h for h in said), [
        (h.line, h.hint) for h in report.hot
    ]
