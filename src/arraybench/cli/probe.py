"""``arraybench probe``: this machine's limits (bandwidth, GEMM peak, dispatch cost), cached."""

from __future__ import annotations

import argparse
import datetime as _dt
import json
from typing import Any

from ..base.units import format_time
from ..measure import probe as _probe
from ..measure import profile as _profile
from . import _console
from ._args import parse_names


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "probe",
        parents=parents,
        help="measure this machine's memory bandwidth, GEMM peak and dispatch cost (and its GPU's)",
        description="Measure the limits results are set against: memory bandwidth (STREAM "
        "counting), matrix-multiply peak per backend and dtype, the fixed cost of one tiny op "
        "per backend, and arraybench's own floor; with a CUDA device (through torch), the GPU's "
        "bandwidth, matmul peak per dtype, kernel launch cost and host-device copies from "
        "pageable and pinned memory. The profile is cached per machine and library "
        "versions; later calls show the cached one.",
    )
    p.add_argument("--force", action="store_true", help="measure again even if a profile is cached")
    p.add_argument(
        "--quick", action="store_true", help="a few seconds, wider intervals (with --force or none)"
    )
    p.add_argument(
        "--backends",
        "-b",
        action="append",
        metavar="NAMES",
        help=f"measure only these ({', '.join(_probe.KNOWN_BACKENDS)}; comma-separated)",
    )
    p.add_argument("--json", action="store_true", help="print the profile as JSON")
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    """Show the cached profile, or measure, save and show one.

    Returns:
        The exit code: 0.
    """
    cached = None if args.force else _profile.load_cached()
    path = None
    if cached is None:
        profile = _measure(args)
        path = _profile.save(profile)
    else:
        profile = cached
    if args.json:
        print(json.dumps(profile.to_dict(), indent=1))
        return 0
    render(profile, fresh=cached is None, path=path or _profile.cache_path(profile.key))
    return 0


def _measure(args: argparse.Namespace) -> _profile.MachineProfile:
    names = parse_names(getattr(args, "backends", None))
    if args.json:
        return _probe.probe(names, quick=args.quick)
    console = _console.console(stderr=True)
    with console.status("probing the machine") as status:
        return _probe.probe(
            names, quick=args.quick, progress=lambda m: status.update(f"probing: {m}")
        )


def render(profile: _profile.MachineProfile, *, fresh: bool, path: Any) -> None:
    """Print ``profile`` as a table, with when it was measured and how to re-measure.

    Args:
        profile: the profile to show.
        fresh: True when it was measured just now, False when it came from the cache.
        path: where it is cached.
    """
    from rich.markup import escape
    from rich.table import Table

    console = _console.console()
    key = profile.key
    console.print(
        f"[bold]machine[/bold]  {escape(str(key.get('cpu')))}, {key.get('cores')} cores "
        f"({escape(str(key.get('hostname')))})"
    )
    libs = ", ".join(f"{k} {v}" for k, v in (key.get("libraries") or {}).items() if v)
    console.print(f"[bold]software[/bold] python {key.get('python')}, {escape(libs)}")
    when = f"{profile.measured_at} ({_ago(profile.measured_at)})"
    elapsed = profile.info.get("elapsed")
    took = f" in {elapsed:.1f} s" if isinstance(elapsed, int | float) else ""
    quick = " with --quick" if profile.info.get("quick") else ""
    if fresh:
        console.print(f"[bold]measured[/bold] now{took}{quick}; saved to {escape(str(path))}")
    else:
        console.print(
            f"[bold]measured[/bold] {when}{took}{quick}, cached in {escape(str(path))}; "
            "re-measure with 'arraybench probe --force'"
        )

    table = Table(show_edge=False, pad_edge=False)
    for col in ("limit", "backend", "kernel", "size", "figure", "95% CI", "notes"):
        table.add_column(col, justify="right" if col in ("size", "figure", "95% CI") else "left")
    info = profile.info
    first = True
    for device, kind, title in SECTIONS:
        figs = profile.of_kind(kind, device)
        if not figs:
            continue
        if not first:
            table.add_section()
        first = False
        best = profile.bandwidth_figure(device) if kind == _profile.BANDWIDTH else None
        for i, f in enumerate(figs):
            lo, hi = f.interval
            if kind == _profile.DISPATCH:
                size, value, ci = "1", format_time(f.value), f"{format_time(lo)}–{format_time(hi)}"
            elif kind == _profile.GEMM:
                size = f"{f.size}²"
                value, ci = f"{f.value:,.1f} GFLOP/s", f"{lo:,.1f}–{hi:,.1f}"
            else:
                size = f"{f.size * 8 / 2**20:,.0f} MiB"
                value, ci = f"{f.value:,.1f} GB/s", f"{lo:,.1f}–{hi:,.1f}"
            if f is best:
                value = f"[bold]{value}[/bold]"
            notes = ", ".join(w.split(":", 1)[0] for w in f.measurement.warnings)
            table.add_row(title if i == 0 else "", f.backend, f.name, size, value, ci, notes)
    if profile.floor is not None:
        table.add_section()
        table.add_row(
            "harness floor",
            "arraybench",
            "no-op call",
            "",
            format_time(profile.floor.call_overhead),
            f"clock read {format_time(profile.floor.clock_read)}",
        )
    console.print()
    console.print(table)
    bw = profile.bandwidth_figure()
    if bw is not None:
        console.print(
            f"\nbandwidth: {bw.value:,.1f} GB/s ({bw.label}: STREAM counting, arrays "
            f"{bw.size * 8 / 2**20:,.0f} MiB each, beyond the last-level cache)"
        )
    for dtype in _profile.GEMM_DTYPES:
        peak = profile.peak_flops("", dtype)
        if peak:
            console.print(f"{dtype} peak: {peak[1]:,.1f} GFLOP/s ({peak[0]})")
    _render_gpu(console, profile)
    if profile.dispatch() and profile.floor is not None:
        console.print(
            f"dispatch figures include arraybench's own {format_time(profile.floor.call_overhead)} "
            "per call (the harness floor)"
        )
    if profile.busy:
        others = info.get("others_cpu")
        what = (
            f"other programs used {others:.0%} of the CPU time"
            if isinstance(others, int | float)
            else f"the load average was {info['load_before'][0]:.1f}"
        )
        console.print(
            f"[yellow]busy machine[/yellow]: {what} while probing, so these figures are low "
            "(threaded BLAS suffers most); re-measure on a quiet machine with "
            "'arraybench probe --force'"
        )
    for line in profile.collapsed():
        console.print(f"[yellow]threads collapse[/yellow]: {escape(line)}")
    for s in profile.skipped:
        console.print(f"[yellow]skipped[/yellow] {escape(s.what)}: {escape(s.reason)}")


def _render_gpu(console: Any, profile: _profile.MachineProfile) -> None:
    """The GPU's summary lines, or why its limits were not measured."""
    from rich.markup import escape

    cuda = _profile.CUDA
    gpu = profile.info.get("gpu")
    if isinstance(gpu, str):
        console.print(f"[dim]{escape(gpu)}[/dim]")
        return
    if not isinstance(gpu, dict):
        return  # a profile from before GPUs were probed
    mem = gpu.get("memory_bytes")
    about = f"{gpu.get('name')}" + (f", {mem / 2**30:,.0f} GiB" if mem else "")
    console.print(f"\n[bold]GPU[/bold] {escape(about)} (CUDA {escape(str(gpu.get('cuda')))})")
    bw = profile.bandwidth_figure(cuda)
    if bw is not None:
        console.print(
            f"GPU bandwidth: {bw.value:,.1f} GB/s (device-to-device copy of "
            f"{bw.size * 8 / 2**20:,.0f} MiB, counted as read + write)"
        )
    for dtype in _probe.GPU_GEMM_DTYPES:
        peak = profile.peak_flops("", dtype, cuda)
        if peak:
            console.print(f"GPU {dtype} peak: {peak[1]:,.1f} GFLOP/s ({peak[0]})")
    moves = profile.transfer(cuda)
    for way in (_probe.H2D, _probe.D2H):
        pageable, pinned = moves.get(f"{way}, pageable"), moves.get(f"{way}, pinned")
        if pageable and pinned:
            console.print(
                f"{way}: {pinned:,.1f} GB/s from pinned memory, {pageable:,.1f} GB/s from "
                f"pageable ({pinned / pageable:,.1f}x)"
            )


#: The table's sections: (device, kind, title), the CPU's first.
SECTIONS = (
    ("cpu", _profile.BANDWIDTH, "memory bandwidth"),
    ("cpu", _profile.GEMM, "GEMM peak"),
    ("cpu", _profile.DISPATCH, "dispatch cost"),
    (_profile.CUDA, _profile.BANDWIDTH, "GPU bandwidth"),
    (_profile.CUDA, _profile.GEMM, "GPU matmul peak"),
    (_profile.CUDA, _profile.DISPATCH, "GPU launch cost"),
    (_profile.CUDA, _profile.TRANSFER, "host↔device"),
)


def _ago(iso: str) -> str:
    try:
        then = _dt.datetime.fromisoformat(iso)
        delta = _dt.datetime.now(_dt.UTC) - then
    except (ValueError, TypeError):
        return "unknown"
    s = delta.total_seconds()
    if s < 120:
        return "just now"
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if s >= 2 * size:
            return f"{s / size:.0f} {unit} ago"
    return f"{s / 60:.0f} minutes ago"
