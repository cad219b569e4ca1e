"""The peers' part of docs/performance.md, from the measured data, and its place in the page."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .figures import TARGET, ToolFigures, best, figures, fmt_time, pct
from .findings import explanations, peer_wins
from .runs import (
    ADAPTIVE,
    ARRAYBENCH,
    ARRAYBENCH_PROCESSES,
    BLOCKED,
    OURS,
    PYPERF,
    PYPERF_FAST,
    PYTEST,
    TIMEIT,
    TOOLS,
)
from .verdicts import processes, verdicts

#: The part of the page this benchmark writes lies between these lines; the rest of the page
#: (other benchmarks' sections, written by hand) is left as it is.
BEGIN = "<!-- peers:begin -->"
END = "<!-- peers:end -->"
#: The title of a page this benchmark starts itself (with --out naming a new file).
TITLE = "# arraybench against its peers"


def write_part(path: Path, part: str) -> None:
    """Put ``part`` between the markers of the page at ``path``, or start the page with it.

    Raises:
        ValueError: the page exists without exactly one pair of markers in order.
    """
    block = f"{BEGIN}\n\n{part.strip()}\n\n{END}"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{TITLE}\n\n{block}\n")
        return
    text = path.read_text()
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise ValueError(
            f"{path} has no single pair of {BEGIN} ... {END} lines: put them around the part "
            "this benchmark writes (the rest of the page is kept), or give --out a new file"
        )
    head, rest = text.split(BEGIN)
    tail = rest.split(END)[1]
    path.write_text(head + block + tail)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str) -> list[str]:
    """A Markdown table; ``align`` has one 'l' or 'r' per column."""
    out = ["| " + " | ".join(header) + " |"]
    out.append("|" + "|".join(":---" if a == "l" else "---:" for a in align) + "|")
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def _cells(
    f: dict[str, ToolFigures],
    tools: Sequence[str],
    cell: Callable[[ToolFigures], str],
    key: Callable[[ToolFigures], float | None],
) -> list[str]:
    """One cell per tool, the best peer in bold (and arraybench too where it does as well)."""
    b = best(f, key)
    out = []
    for t in tools:
        if t not in f:
            out.append("—")
            continue
        text, v = cell(f[t]), key(f[t])
        if b is not None and v is not None and (t == b[0] or (t in OURS and v <= b[1])):
            text = f"**{text}**"
        out.append(text)
    return out


def _by_kernel(
    figs: dict[str, dict[str, ToolFigures]],
    tools: Sequence[str],
    head: Sequence[str],
    cell: Callable[[ToolFigures], str],
    key: Callable[[ToolFigures], float | None],
) -> list[str]:
    """A table of one figure: a row per kernel, a column per tool."""
    rows = [[name, *_cells(f, tools, cell, key)] for name, f in figs.items()]
    return _table(["kernel", *head], rows, "l" + "r" * len(tools))


def _environment(data: dict[str, Any]) -> list[str]:
    env, st = data["env"], data["settings"]
    if "threads" in env:
        threads = f"{env['threads']} per library, in every tool and every process they start"
    else:  # data of version 1: threads as found
        threads = f"as found (torch: {env['torch_threads']})"
    pyperf = "default once and `--fast` once" if st["pyperf_default"] else "`--fast` once"
    return _table(
        ["", ""],
        [
            ["CPU", f"{env['cpu']}, {env['cores']} cores ({env['usable_cores']} usable), shared"],
            ["platform", env["platform"]],
            [
                "versions",
                f"Python {env['python']}, arraybench {env['arraybench']}, NumPy {env['numpy']}, "
                f"torch {env['torch']}, jax {env['jax']}, pyperf {env['pyperf']}, pytest "
                f"{env['pytest']}, pytest-benchmark {env['pytest-benchmark']}",
            ],
            ["threads", threads],
            [
                "1-minute load",
                f"{env['load_start']} before, {env['load_end']} after, {env['load_max']} at most "
                "(sampled after each round)",
            ],
            ["date", env["date"]],
            ["command", f"`{st['command'].strip()}` ({data['elapsed_s']:.0f} s)"],
            [
                "runs",
                f"{st['rounds']} per tool per kernel, interleaved; pyperf {pyperf} per kernel; "
                f"reference {st['ref_repeats']} timeit repeats of >= "
                f"{st['ref_min_time'] * 1e3:.0f} ms in a fresh process",
            ],
        ],
        "ll",
    )


def render(data: dict[str, Any]) -> str:
    """The peers' part of docs/performance.md from the measured data (its title aside).

    Args:
        data: what :func:`~.measure.measure_all` returned (or its JSON).

    Returns:
        The Markdown text.
    """
    st = data["settings"]
    figs = figures(data)
    tools = [t for t in TOOLS if any(t in f for f in figs.values())]
    n = processes(data)
    short = {
        ARRAYBENCH: "arraybench", ARRAYBENCH_PROCESSES: f"arraybench ×{n}", TIMEIT: "timeit",
        BLOCKED: "blocked", ADAPTIVE: "adaptive", PYTEST: "pytest-bm", PYPERF: "pyperf",
        PYPERF_FAST: "pyperf fast",
    }  # fmt: skip
    head = [short[t] for t in tools]
    both = ARRAYBENCH_PROCESSES in tools
    lines = [
        "The same seven kernels, from a no-op call to a 1000x1000 matrix multiply, timed by "
        "arraybench as a user gets it (`arraybench.run` with its defaults"
        + (
            f"; and, as arraybench ×{n}, the same call in {n} fresh processes, as the command "
            "line measures"
            if both
            else ""
        )
        + ") and by timeit, torch.utils.benchmark (`blocked_autorange`, `adaptive_autorange`), "
        "pyperf and pytest-benchmark in one run, the tools taking turns kernel by kernel, and "
        "checked against a long reference measurement. Generated by `python -m "
        "benchmarks.peers` (how to run it and what each figure means: "
        "[benchmarks/README.md](../benchmarks/README.md)); every number in this part is from "
        "the run described here.",
        "",
        "## Environment",
        "",
        *_environment(data),
        "",
        "## Targets",
        "",
        *_table(
            ["figure", "target met", "what was measured"],
            [[v.figure, "yes" if v.met else "**no**", v.text] for v in verdicts(data)],
            "lll",
        ),
        "",
        "In the tables below, bold marks the best peer on each kernel, and arraybench where it "
        "does at least as well; a bold peer and a plain arraybench is a run where a peer wins.",
        "",
        "## Agreement: each tool's median against the reference",
        "",
        "The reference is timeit in a fresh process (nothing of arraybench imported), "
        f"{st['ref_repeats']} repeats spread over the whole time the kernel was measured; a "
        "tool's figure is the median of its runs' medians. Cells: its difference from the "
        "reference (worst single run in brackets).",
        "",
    ]
    rows = []
    for name, f in figs.items():
        ref = data["kernels"][name]["reference"]
        cells = _cells(
            f, tools, lambda x: f"{pct(x.error)} ({x.worst:.1%})", lambda x: abs(x.error)
        )
        rows.append([name, fmt_time(ref["median"]) + f" (±{ref['rel_ci']:.1%})", *cells])
    lines += _table(["kernel", "reference", *head], rows, "lr" + "r" * len(tools))
    lines += [
        "",
        "## Time to precision: wall time of one run, and the interval it gave",
        "",
        "Seconds from start to result (median over the runs), and in brackets the half-width of "
        "the 95% interval of the median: for arraybench the interval it states (over its blocks "
        "in one process, across the processes' medians in several), for a peer the "
        "order-statistics interval of its own raw samples (none of them states an interval of "
        "its median). arraybench's time is the whole `arraybench.run` call (harness floor, "
        "environment, first call, check, calibration, warm-up, the budget spent in blocks"
        + (", and in several processes their start-ups" if both else "")
        + "); pyperf's is its whole run, worker processes included; pytest-benchmark's is the "
        "fixture's own (pytest's start left out).",
        "",
        *_by_kernel(
            figs,
            tools,
            head,
            lambda x: f"{x.wall:.2f} s (±{x.rel_ci:.1%})",
            lambda x: x.wall if x.converged == x.runs else None,
        ),
        "",
        f"Bold here: the fastest among the tools whose runs all reached ±{TARGET:.0%}.",
        "",
        "## Coverage: does a run's interval hold the other runs' medians?",
        "",
        "Over every pair of a tool's runs on a kernel (i, j), i != j, how often run i's interval "
        'holds run j\'s median (the measure of docs/method.md, "How far the intervals hold"): '
        "a narrow interval that the next run falls outside of says less than a wide one that "
        "holds. pyperf ran once per kernel: no pairs.",
        "",
        *_by_kernel(
            figs,
            tools,
            head,
            lambda x: "—" if x.coverage is None else f"{x.held}/{x.pairs} ({x.coverage:.0%})",
            lambda x: None if x.coverage is None else -x.coverage,
        ),
        "",
        f"## Repeatability: spread of the medians of {st['rounds']} runs",
        "",
        "(max - min) / median of each tool's run medians (pyperf ran once per kernel: no spread).",
        "",
        *_by_kernel(
            figs,
            tools,
            head,
            lambda x: "—" if x.spread is None else f"{x.spread:.1%}",
            lambda x: x.spread,
        ),
    ]
    lines += _floor(data, figs, tools, head)
    wins = peer_wins(data, figs)
    lines += [
        "",
        "## What the misses come from",
        "",
        *[f"- {w}" for w in explanations(data, figs)],
        "",
        "## Where a peer wins",
        "",
        *([f"- {w}" for w in wins] if wins else ["- nowhere in this run."]),
        "",
        "## Notes",
        "",
        "- Every tool times the same call, `kernel(inputs...)`, on the same inputs; the kernel's "
        "first call is made before any tool times it. Medians throughout (timeit's command line "
        "prints the best of its 5 repeats; pyperf prints the mean; both are kept in the JSON).",
        "- Every tool times with one thread per library, arraybench's default (and "
        "torch.utils.benchmark's): the environment of every process, pyperf's workers "
        "included, and the BLAS pools already loaded here are set to it before anything is "
        "timed, so that all of them time the same computation."
        if "threads" in data["env"]
        else "- Threads were left as found (data from before every tool was given arraybench's "
        "one thread per library).",
        "- torch.utils.benchmark runs in a process of its own per kernel: its `Timer` sets torch "
        "to its `num_threads` while it times and back after, and that toggling left later "
        "torch calls in the same process 1.3-1.6x slower on the reference machine when torch "
        "ran on more threads than one (`torch.sin` on 1000 floats, 2.4 µs to 3.6-4.3 µs).",
        "- The JAX kernel calls `block_until_ready()` inside the kernel, so that the tools without "
        "a device sync (timeit, pyperf, pytest-benchmark) time the same thing as arraybench.",
    ]
    return "\n".join(lines) + "\n"


def _floor(
    data: dict[str, Any],
    figs: dict[str, dict[str, ToolFigures]],
    tools: Sequence[str],
    head: Sequence[str],
) -> list[str]:
    """The no-op kernel's section: what each tool reports, and its harness's share."""
    if "noop" not in figs:
        return []
    f = figs["noop"]
    call = f[TIMEIT].median - data["timeit_pass"] if TIMEIT in f else math.nan
    reported = _cells(f, tools, lambda x: fmt_time(x.median), lambda x: x.median)
    harness = _cells(f, tools, lambda x: fmt_time(x.median - call), lambda x: x.median)
    rows = [["reported for `kernel()`", *reported], ["harness per call", *harness]]
    floors = [
        r["extra"]["floor_call"]
        for tool in OURS
        for r in data["kernels"]["noop"]["runs"].get(tool, [])
        if r["extra"].get("floor_call")
    ]
    return [
        "",
        "## Floor: the no-op call",
        "",
        *_table(["", *head], rows, "l" + "r" * len(tools)),
        "",
        f"A no-op call itself costs {fmt_time(call)} (timeit's figure for `kernel()` less its "
        f"figure for `pass`, {fmt_time(data['timeit_pass'])} per loop); the harness's cost is "
        "the rest. arraybench's own floor estimate (`RunResult.floor.call_overhead`, a no-op "
        "called through its sampling loop) read "
        + (fmt_time(statistics.median(floors)) if floors else "—")
        + ".",
    ]
