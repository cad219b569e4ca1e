"""The compact view: answer first, a column per size, the fastest marked, ties marked too, and
only the findings that matter (ranked, merged, counted)."""

from __future__ import annotations

import io
from dataclasses import replace

from rich.console import Console

from arraybench.analysis.claims import Answer
from arraybench.analysis.findings import Finding, analyze, noise_summary, ranked
from arraybench.base.stats import Interval
from arraybench.base.units import format_spread
from arraybench.report import failures, summary
from arraybench.results import CaseResult, Check, RunResult
from tests.analysis.test_findings import run_of
from tests.analysis.test_fit import synthetic

SIZES = (1, 10, 100, 1000, 10_000)


def text_of(fn: object, *args: object, **kwargs: object) -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=160, color_system=None)
    fn(*args, console=console, **kwargs)  # type: ignore[operator]
    return buf.getvalue()


def two_series() -> RunResult:
    py = synthetic(1e-9, 50e-9, 1.0, impl="loop", backend="python", sizes=SIZES)
    lib = synthetic(3e-6, 1e-9, 1.0, impl="vec", backend="torch", sizes=SIZES, seed=1)
    return run_of(py, lib)


def table_rows(text: str) -> list[list[str]]:
    lines = text.strip().splitlines()
    return [line.split() for line in lines[2:] if line.strip()]


def test_a_table_per_workload_with_a_column_per_size_and_the_fastest_marked() -> None:
    text = text_of(summary.print_tables, two_series())
    lines = text.splitlines()
    assert lines[0].startswith("w  median per call ±95% CI · ★ fastest or tied")
    assert lines[1].split() == [
        "impl",
        "backend",
        "dtype",
        "n=1",
        "n=10",
        "n=100",
        "n=1e3",
        "n=1e4",
    ]
    rows = {r[0]: " ".join(r) for r in table_rows(text)}
    # Python wins at n=1 (1 ns + 50 ns against 3 µs), torch from n=100 on.
    loop_cells = rows["loop"].split("±")
    assert "★" in loop_cells[1] and "★" not in loop_cells[-1]
    assert rows["vec"].endswith("★")
    # Rows in order of their time at the largest size: torch first.
    assert [r[0] for r in table_rows(text)] == ["vec", "loop"]


def test_cases_the_paired_ratio_cannot_tell_apart_are_both_marked() -> None:
    a = synthetic(1e-6, 0.0, 1.0, impl="a", sizes=(10,), noise=0.05, seed=1)
    b = synthetic(1e-6, 0.0, 1.0, impl="b", sizes=(10,), noise=0.05, seed=2)
    c = synthetic(5e-6, 0.0, 1.0, impl="c", sizes=(10,), noise=0.05, seed=3)
    text = text_of(summary.print_tables, run_of(a, b, c))
    rows = {r[0]: r for r in table_rows(text)}
    assert rows["a"][-1] == "★" and rows["b"][-1] == "★"
    assert rows["c"][-1] != "★"


def test_one_size_workloads_share_a_table_with_a_column_each() -> None:
    cases = [
        replace(case, workload=w)
        for w in ("add", "apply")
        for case in synthetic(1e-6, 0.0, 1.0, impl="vec", sizes=(1000,))
    ]
    layout = summary.table_layout(RunResult(cases=tuple(cases)))
    assert len(layout) == 1
    title, columns = layout[0]
    assert title == "add, apply at n=1e3"
    assert [c.title for c in columns] == ["add", "apply"]


def test_failed_and_implausible_cases_are_marked_and_explained() -> None:
    cases = synthetic(1e-6, 1e-9, 1.0, impl="vec", sizes=(10, 100))
    failed = replace(cases[1], status="failed", measurement=None, error="RuntimeError: boom")
    text = text_of(summary.print_tables, RunResult(cases=(cases[0], failed)))
    assert "✗ failed" in text.splitlines()[0]
    assert "1 failed" in text and "RuntimeError: boom" in text


def test_the_answer_comes_first_and_many_agreeing_parts_are_counted() -> None:
    parts = tuple({"text": f"part {i} is 2.0x [1.9–2.1]: agrees"} for i in range(6))
    wrong = {"text": "part 6 is 0.5x [0.4–0.6], the claim says above 1: disagrees"}
    answer = Answer(
        "Long answer. With details.",
        "partly agrees",
        claims=(*parts, wrong),
        context="the BLAS differs",
        headline="Short answer with 2.0x [1.9–2.1].",
    )
    text = text_of(summary.print_answer, answer, "the claim")
    lines = text.splitlines()
    assert lines[0] == "Answer: Short answer with 2.0x [1.9–2.1]."
    assert lines[1].startswith("This machine partly agrees with the published claim: the claim")
    assert "disagrees" in lines[2]
    assert "the other 6 parts agree" in lines[3]
    assert "Why: the BLAS differs" in text


def test_summary_falls_back_to_the_first_sentence() -> None:
    answer = Answer("At n=1 Python takes 221 ns (2.89x [2.76–3.01]). More detail.", "agrees")
    assert answer.summary == "At n=1 Python takes 221 ns (2.89x [2.76–3.01])."
    assert Answer.from_dict(replace(answer, headline="H.").to_dict()).summary == "H."


def finding(kind: str, workload: str = "w", **values: object) -> Finding:
    return Finding(kind, f"{kind} about {values.get('series', '?')}", (), dict(values), workload)


def test_ranking_drops_caveats_and_fits_over_few_sizes_and_merges_repeats() -> None:
    found = [
        finding("model", series="a"),
        finding("fastest", series="b", sizes=2, crossover_text="5.0", fastest="c", at=10),
        *(
            finding(
                "fixed-cost",
                series=s,
                sizes=5,
                python_wins_below=True,
                crossover=n,
                crossover_text=f"{n:g}",
            )
            for s, n in (("torch", 43.0), ("numpy", 6.1))
        ),
        finding("compile", series="jit"),
        finding("compile", series="jit2"),
    ]
    shown, more = ranked(found, limit=5)
    assert [f.kind for f in shown] == ["fixed-cost", "compile"]
    assert shown[0].text == "pure Python is faster than numpy below n ≈ 6.1; torch below n ≈ 43"
    assert shown[1].text == "compile about jit (and 1 more like it)"
    # Left out: the caveat, the two-size fit, the second compile sentence.
    assert more == 3


def test_the_noise_summary_is_said_once_per_run_and_only_when_it_misses_the_target() -> None:
    assert ranked([finding("noise", over_target=True)], 5) == ([], 1)
    result = two_series()
    missed = noise_summary(replace(result, config={"target": 1e-6}))
    assert missed is not None and "wider than the ±0% target" in missed
    assert noise_summary(replace(result, config={"target": 0.9})) is None


def test_ranking_of_a_real_analysis_is_shorter_and_cites_the_crossover() -> None:
    a = analyze(two_series())
    shown, more = ranked(a.findings, limit=3)
    assert len(shown) <= 3 and more == len(a.findings) - len(shown)
    assert any("pure Python is faster below n ≈" in f.text for f in shown)


def test_group_prints_answer_then_tables_then_findings() -> None:
    result = two_series()
    answer = Answer("Python wins below n ≈ 60.", "agrees")
    text = text_of(summary.print_group, result, analyze(result), answer=answer, claim="c")
    assert text.index("Answer:") < text.index("median per call") < text.index("Findings")


def test_verbose_group_prints_a_row_per_case() -> None:
    result = two_series()
    text = text_of(summary.print_group, result, analyze(result), verbose=True)
    assert "first call" in text and "speedup vs ref" in text
    assert sum(1 for c in result.cases if isinstance(c, CaseResult)) == 10


def test_a_plain_workload_is_answered_with_its_fastest_series_and_the_margin() -> None:
    text = summary.fastest_sentence(two_series(), "w")
    assert text.startswith("Fastest: loop (python float64) at n=1")
    assert "vec (torch float64) at n=" in text
    assert "At n=1e4 vec (torch float64) takes" in text and "faster than loop" in text


def test_a_workload_of_one_series_states_its_times() -> None:
    one = synthetic(1e-6, 1e-9, 1.0, impl="only", backend="torch", sizes=(10, 1000))
    text = summary.fastest_sentence(run_of(one), "w")
    assert text.startswith("only (torch float64) takes ")
    assert text.endswith(" at n=1e3.")


def test_groups_without_a_question_lead_with_the_fastest_sentence() -> None:
    result = two_series()
    text = text_of(summary.print_group, result, analyze(result))
    assert text.startswith("w: Fastest: ")


def test_the_same_tie_in_another_order_is_one_run_of_sizes() -> None:
    # a is the faster at n=10, b at n=100, each within 1% of the other, side by side.
    a = [in_processes("a", BASE, size=n) for n in (10, 100)]
    b = [in_processes("b", scaled(BASE, f), size=n) for n, f in ((10, 1.01), (100, 0.99))]
    text = summary.fastest_sentence(run_of(a, b), "w")
    assert text.count("(tied)") == 1 and "(tied) at every size" in text


# -- issue 24: the Python table at 80 columns, failures once per impl, fair headlines -----------


def pdist_run() -> RunResult:
    """A user's pairwise-distance file at six sizes: a generic impl on NumPy and torch, and
    torch.cdist, 26x faster than the rest but failing the float64 tolerance."""
    sizes = (100, 200, 300, 500, 700, 1000)
    series = []
    for impl, backend, dtype, a, b, seed in (
        ("broadcast_pairwise", "numpy", "float64", 5e-6, 4e-8, 1),
        ("broadcast_pairwise", "numpy", "float32", 5e-6, 3e-8, 2),
        ("broadcast_pairwise", "torch", "float64", 9e-6, 3.6e-8, 3),
        ("broadcast_pairwise", "torch", "float32", 9e-6, 2.8e-8, 4),
        ("cdist", "torch", "float32", 4e-6, 5.6e-10, 5),
        ("cdist", "torch", "float64", 4e-6, 1.1e-9, 6),
    ):
        cases = synthetic(a, b, 2.0, impl=impl, backend=backend, sizes=sizes, seed=seed)
        series.append([replace(c, dtype=dtype, reference=impl != "cdist") for c in cases])
    fails = []
    for c in series[-1]:
        err = 5.9e-9 * (1 + c.size / 1000)
        check = Check(False, 1e-7, err, 1e-9, f"wrong numbers: max relative error {err:.3g}")
        fails.append(
            replace(
                c,
                status="failed",
                measurement=None,
                check=check,
                failure="mismatch",
                error=f"in process 1 of 4: {check.message}",
            )
        )
    series[-1] = fails
    return run_of(*series)


def test_the_python_table_fits_80_columns_without_cutting_a_cell() -> None:
    buf = io.StringIO()
    pdist_run().table(console=Console(file=buf, width=80, color_system=None))
    text = buf.getvalue()
    assert "…" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
    for n in ("n=100", "n=200", "n=300", "n=500", "n=700", "n=1e3"):
        assert n in text  # every size, in tables split to fit rather than squeezed
    assert "broadcast_pairwise" in text and "median per call" in text
    # The row-per-case table stays one call away.
    buf = io.StringIO()
    pdist_run().table(console=Console(file=buf, width=200, color_system=None), verbose=True)
    assert "speedup vs ref" in buf.getvalue()


def test_failures_are_one_line_per_impl_with_sizes_and_the_worst_error() -> None:
    result = pdist_run()
    assert failures.failure_lines(result) == [
        "cdist (torch float64) at n=100–1e3: wrong numbers, relative error up to 1.2e-8 > 1e-9"
        '; close: a different algorithm? Workload(rtol={"float64": 1e-07}) or '
        '@w.impl(..., rtol={"float64": 1e-07}) accepts it'
    ]
    text = text_of(summary.print_tables, result)
    assert "6 failed (-v: each case):" in text
    assert text.count("✗ cdist") == 1 and "in process 1 of 4" not in text
    # -v keeps a line per case.
    from arraybench.report import terminal

    verbose = text_of(terminal.print_table, result)
    assert sum(line.startswith("  ✗ w/cdist[torch") for line in verbose.splitlines()) == 6


def test_failed_sizes_that_do_not_follow_each_other_are_listed() -> None:
    assert failures._failed_sizes([10, 1000], [10, 100, 1000]) == "n=10, 1e3"
    assert failures._failed_sizes([100, 1000], [10, 100, 1000]) == "n=100–1e3"
    assert failures._failed_sizes([10], [10, 100]) == "n=10"


def test_the_headline_beats_the_next_impl_not_the_winner_in_another_dtype() -> None:
    run = pdist_run()
    # cdist passes in float32 here and fails in float64; give it a float64 that passes too.
    good64 = [replace(c, dtype="float64") for c in run.find(impl="cdist", dtype="float32")]
    slower = [
        replace(c, measurement=replace(m, samples=tuple(2 * v for v in m.samples)))
        for c in good64
        if (m := c.measurement) is not None
    ]
    run = RunResult(cases=(*[c for c in run.cases if c.ok], *slower))
    text = summary.fastest_sentence(run, "w")
    assert "At n=1e3 cdist (torch float32) takes" in text
    assert "faster than broadcast_pairwise (torch float32)." in text
    assert "than cdist" not in text


def test_with_one_impl_the_headline_compares_backends() -> None:
    run = pdist_run()
    one = RunResult(cases=tuple(c for c in run.cases if c.impl == "broadcast_pairwise"))
    # numpy and torch 7% apart at n=1e3: a 2% target (the tie band) tells them apart.
    one = replace(one, config={"target": 0.02})
    text = summary.fastest_sentence(one, "w")
    winner = min(one.find(size=1000), key=lambda c: c.measurement.median)  # type: ignore[union-attr]
    other = "numpy" if winner.backend == "torch" else "torch"
    assert f"faster than broadcast_pairwise ({other} {winner.dtype})." in text


def test_a_tie_with_the_next_impl_is_not_called_faster() -> None:
    a = in_processes("a", BASE)
    tied = summary.fastest_sentence(run_of([a], [in_processes("b", scaled(BASE, 1.01))]), "w")
    assert "faster than" not in tied and "lies within the ±5% tie band: tied." in tied
    wide = summary.fastest_sentence(run_of([a], [in_processes("b", WIDE)]), "w")
    assert "faster than" not in wide and "cannot tell them apart" in wide


def interval(low: float, value: float, high: float, level: float = 0.95) -> Interval:
    return Interval(value, low, high, level, 8, "blocks")


def test_an_uneven_interval_is_shown_as_its_range() -> None:
    assert format_spread(interval(0.95e-3, 1e-3, 1.05e-3)) == "±5%"
    assert format_spread(interval(0.97e-3, 1e-3, 1.05e-3)) == "±5%"  # even to within 5%
    assert format_spread(interval(9.5e-3, 11.6e-3, 16.8e-3)) == "(9.50–16.8)"  # not ±45%
    assert format_spread(interval(923e-6, 980e-6, 1.39e-3)) == "(923–1390)"  # the median's unit
    assert format_spread(interval(9.5e-3, 11.6e-3, 16.8e-3, level=0.75)) == "[9.50–16.8]"
    assert format_spread(interval(0.9e-3, 1e-3, 1.1e-3, level=0.75)) == "~10%"
    # Further than ±50% of the median on either side: it cannot tell.
    assert format_spread(interval(6.25e-3, 11.6e-3, 26.8e-3)) == "unstable"
    assert format_spread(interval(0.4e-3, 1e-3, 1.1e-3, level=0.75)) == "unstable"


def test_the_compact_table_shows_an_uneven_interval_as_its_range() -> None:
    case = synthetic(1e-3, 0.0, 1.0, impl="lopsided", sizes=(10,))[0]
    assert case.measurement is not None
    uneven = replace(case.measurement, samples=(10e-3, 10.5e-3, 11.6e-3, 12e-3, 16.8e-3, 17e-3))
    text = text_of(summary.print_tables, run_of([replace(case, measurement=uneven)]))
    assert "±" not in text.splitlines()[-2] and "(" in text.splitlines()[-2]
    assert "its range where uneven" in text


# -- issue 25: ties and wide intervals, honest -----------------------------------------------------

#: One case's time in each of 4 processes (one block each, rounds 0-3): about ±2%.
BASE = (1.00e-6, 1.01e-6, 0.99e-6, 1.00e-6)
#: The same rounds 0.9-1.15x as long: the ratio with BASE reaches 0.81-1.32 (its own ±25%).
WIDE = tuple(t * f for t, f in zip(BASE, (0.9, 1.15, 1.0, 1.1), strict=True))
#: softplus torch at n=1e5 on a busy machine: the lowest median, its interval 19 µs-5.8 ms.
BUSY = (0.1e-3, 0.23e-3, 2.0e-3, 0.25e-3)


def scaled(times: tuple[float, ...], factor: float) -> tuple[float, ...]:
    return tuple(t * factor for t in times)


def in_processes(
    impl: str,
    times: tuple[float, ...],
    size: int = 10,
    backend: str = "numpy",
    workload: str = "w",
) -> CaseResult:
    """A case measured in ``len(times)`` processes, one block of one sample each, in rounds 0,
    1, ...: its interval is the repeat interval of ``times``, and its ratio with another such
    case pairs round by round."""
    from arraybench.measurement import Measurement
    from arraybench.results import OK

    k = len(times)
    m = Measurement(
        samples=times,
        loops=1,
        first_call=times[0],
        blocks=(1,) * k,
        rounds=tuple(range(k)),
        processes=(1,) * k,
    )
    return CaseResult(workload, impl, backend, "cpu", "float64", size, OK, measurement=m)


def marks(result: RunResult) -> dict[str, str]:
    """Each row's cell at the (only) size of the compact table, by impl."""
    text = text_of(summary.print_tables, result)
    return {r[0]: " ".join(r[3:]) for r in table_rows(text) if r and r[0] != "1"}


def test_a_genuine_tie_stars_both_and_is_called_tied() -> None:
    # Their paired ratio, 1.01x [0.99-1.03], lies within the ±5% tie band.
    run = run_of([in_processes("a", BASE)], [in_processes("b", scaled(BASE, 1.01))])
    cells = marks(run)
    assert cells["a"].endswith("★") and cells["b"].endswith("★")
    assert summary.fastest_sentence(run, "w").startswith("Fastest: a (numpy float64) and b")
    assert "(tied)" in summary.fastest_sentence(run, "w")


def test_no_star_or_tie_from_a_ratio_wider_than_the_tie_band() -> None:
    # b's paired ratio to a, 1.05x [0.81-1.32], holds 1 (the old rule called that a tie) but
    # reaches past ±5%: neither faster nor tied, and the sentence says so with the ratio.
    run = run_of([in_processes("a", BASE)], [in_processes("b", WIDE)])
    cells = marks(run)
    assert cells["a"].endswith("★") and not cells["b"].endswith("★")
    text = summary.fastest_sentence(run, "w")
    assert "tied" not in text
    assert (
        "a (numpy float64) or b (numpy float64) (cannot tell apart: their time ratio 1.05x "
        "[0.81–1.32] reaches past the ±5% tie band) at n=10" in text
    )
    assert "reaches past the ±5% tie band: cannot tell them apart." in text


def test_the_tie_band_is_the_runs_target() -> None:
    run = replace(
        run_of([in_processes("a", BASE)], [in_processes("b", WIDE)]), config={"target": 0.35}
    )
    assert marks(run)["b"].endswith("★")
    assert "(tied)" in summary.fastest_sentence(run, "w")


def test_an_unstable_time_stays_in_its_cell_and_the_paired_ratios_decide_the_standing() -> None:
    """Issue 35: "Fastest: cannot tell at n=1-100 (unstable: ...)" although torch.softmax read
    1.85 µs against 5.5 µs, and the ratios measured in the same rounds told them apart tightly.
    A busy machine moves every case of a round alike: the absolute times are unstable, their
    ratio is not."""
    fast = in_processes("builtin", BUSY, backend="torch")  # ±1000%: unstable
    slow = in_processes("manual", scaled(BUSY, 3.0))  # moved by the same spells: 3.00x exactly
    run = run_of([fast], [slow])
    cells = marks(run)
    assert "unstable" in cells["builtin"] and cells["builtin"].endswith("★")
    assert "unstable" in cells["manual"] and not cells["manual"].endswith("★")
    headline = summary.fastest_sentence(run, "w")
    assert headline.startswith("Fastest: builtin (torch float64) at n=10.")
    assert "3.00x [3.00–3.00] faster than manual (numpy float64)" in headline
    assert summary.card_series(run, "w") == [fast.series, slow.series]


def test_an_unstable_case_whose_paired_ratio_cannot_tell_is_said_so_with_the_ratio() -> None:
    # Issue 25's softplus: torch at n=1e5 read 232 µs ±2392% on a busy machine, numpy ~300 µs.
    # Their paired ratios (3.0, 1.35, 0.15, 1.22 by process) cannot tell them apart: neither is
    # called tied, and the sentence gives the ratio rather than a verdict.
    torch = [
        in_processes("softplus", BASE, backend="torch"),
        in_processes("softplus", BUSY, 10**5, "torch"),
    ]
    numpy = [
        in_processes("softplus", scaled(BASE, 3.0)),
        in_processes("softplus", (0.3e-3, 0.31e-3, 0.3e-3, 0.305e-3), 10**5),
    ]
    run = run_of(torch, numpy)
    text = text_of(summary.print_tables, run)
    rows = {r[1]: " ".join(r) for r in table_rows(text) if len(r) > 1}
    assert "unstable" in rows["torch"] and "±" not in rows["torch"].split("unstable")[0][-12:]
    assert text.count("unstable: the interval reaches further than ±50%") == 1
    headline = summary.fastest_sentence(run, "w")
    assert headline.startswith(
        "Fastest: softplus (torch float64) at n=10; softplus (torch float64) or softplus "
        "(numpy float64) (cannot tell apart: their time ratio 1.28x ["
    )
    assert "reaches past the ±5% tie band) at n=1e5." in headline
    assert "(tied)" not in headline
    assert "their ratio, 1.28x [" in headline and "cannot tell them apart." in headline


def test_a_rival_only_its_paired_ratio_can_place_is_named_with_that_ratio() -> None:
    # c reads 2-20x slower than a in three rounds and as fast in one: its ratio's interval
    # reaches down past the tie band, so a's lead over c cannot be told; b is 3x slower in
    # every round and told apart.
    run = run_of(
        [in_processes("a", BASE)],
        [in_processes("b", scaled(BASE, 3.0))],
        [in_processes("c", scaled(BUSY, 1e-2))],
    )
    text = summary.fastest_sentence(run, "w")
    assert text.startswith("Fastest: a (numpy float64) or c (numpy float64) (cannot tell apart")
    assert "b (numpy" not in text.split(" At ")[0]
    cells = marks(run)
    assert cells["a"].endswith("★") and not cells["b"].endswith("★")
    assert not cells["c"].endswith("★")


def test_the_fastest_is_the_one_the_paired_ratios_show_faster_not_the_lowest_median() -> None:
    # a's median is the lowest, but in every round it took b took 0.6x a's time: the median
    # order is a slow spell's doing (a was measured in the quick rounds only).
    a = in_processes("a", (1.0e-6, 1.0e-6, 1.0e-6, 1.0e-6))
    b = in_processes("b", (0.6e-6, 0.6e-6, 3.0e-6, 3.0e-6))
    assert a.measurement is not None and b.measurement is not None
    # a took rounds 0-3; b took rounds 0, 1 (with a) and 10, 11 (a slow spell, alone).
    b = replace(b, measurement=replace(b.measurement, rounds=(0, 1, 10, 11)))
    tied, unclear = summary.standing([a, b], 0.05)
    assert [c.impl for c in tied] == ["b"] and unclear == []


def test_the_advice_on_unstable_cases_is_said_once_per_run() -> None:
    run = run_of(
        [in_processes("a", BUSY, workload="w1"), in_processes("b", BASE, workload="w1")],
        [in_processes("a", BUSY, workload="w2"), in_processes("b", BASE, workload="w2")],
    )
    advice = "2 cases unstable: the interval reaches further than ±50% of the median"
    tables = " ".join(text_of(summary.print_tables, run).split())
    assert tables.count("unstable:") == 1 and advice in tables
    assert "raise --budget or --processes, or quiet the machine" in tables
    # A run printed group by group says it in its footer, once.
    group = text_of(summary.print_group, run, analyze(run))
    assert "unstable:" not in group and "unstable" in group
    assert text_of(summary.print_footer, run).count(advice) == 1
    quiet = run_of([in_processes("a", BASE)], [in_processes("b", scaled(BASE, 2.0))])
    assert "unstable" not in text_of(summary.print_tables, quiet) + text_of(
        summary.print_footer, quiet
    )


def test_the_verbose_and_html_tables_say_unstable_in_place_of_the_interval() -> None:
    from arraybench.report import html_parts, terminal

    run = run_of([in_processes("a", BUSY)], [in_processes("b", BASE)])
    verbose = text_of(terminal.print_table, run)
    row = next(line for line in verbose.splitlines() if line.lstrip().startswith("a "))
    assert "unstable" in row
    assert verbose.count("raise --budget or --processes, or quiet the machine") == 1
    html = html_parts.results_table(run, run.cases, None)
    assert ">unstable</td>" in html and "raise --budget or --processes" in html
