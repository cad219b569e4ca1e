"""``arraybench env``: what is installed, versions, BLAS, threads, devices, and what is missing."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .. import backends
from ..measure import env as _env
from . import _console


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "env",
        parents=parents,
        help="show backends, versions, BLAS, threads and devices",
        description="Describe this machine and every backend: installed or not "
        "(and how to install it), versions, BLAS vendor, threads, devices.",
    )
    p.add_argument("--json", action="store_true", help="print the description as JSON")
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    names = backends.names()
    info = _env.collect(names)
    if args.json:
        print(json.dumps(info, indent=1, default=str))
        return 0
    from rich.markup import escape

    console = _console.console()
    mem = info.get("memory_bytes")
    console.print(
        f"[bold]machine[/bold]  {escape(str(info['cpu']))}, {info['usable_cores']} "
        f"usable cores of {info['cores']}" + (f", {mem / 2**30:.0f} GiB" if mem else "")
    )
    console.print(
        f"[bold]python[/bold]   {info['python']} ({info['implementation']}) on "
        f"{escape(info['platform'])}"
    )
    if info.get("load_average"):
        console.print(
            f"[bold]load[/bold]     {info['load_average'][0]:.2f} "
            f"(1-minute average; above {info['usable_cores']} the machine is busy)"
        )
    if info.get("env_threads"):
        console.print(f"[bold]env[/bold]      {info['env_threads']}")
    from ..analysis import stability

    console.print(f"[bold]speed[/bold]    {escape(stability.load().describe())}")
    console.print()
    missing = []
    for name in names:
        b = info["backends"][name]
        if b.get("available") is False or "error" in b:
            reason = b.get("reason") or b.get("error")
            console.print(f"[red]✗[/red] [bold]{name}[/bold]: {escape(str(reason))}")
            # A GPU-only library (cupy) is not part of arraybench[all]: its own line says how.
            if not getattr(backends.get(name), "gpu_only", False):
                missing.append(name)
            continue
        console.print(
            f"[green]✓[/green] [bold]{name}[/bold] {b.get('version', '')}  "
            f"devices: {', '.join(b.get('devices', []))}  threads: {b.get('threads')}"
        )
        for pool in b.get("blas") or []:
            console.print(f"    BLAS: {_blas(pool)}")
        for key in (
            "jaxlib",
            "lapack",
            "cpu_capability",
            "parallel_backend",
            "cuda",
            "driver",
            "gpus",
            "x64",
        ):
            if b.get(key) not in (None, "", []):
                console.print(f"    {key}: {escape(str(b[key]))}")
    if missing:
        console.print()
        console.print("to install everything: pip install 'arraybench[all]'")
    return 0


def _blas(pool: dict[str, Any]) -> str:
    parts = [str(pool.get("vendor") or "?")]
    if pool.get("version"):
        parts.append(str(pool["version"]))
    if pool.get("threads") is not None:
        parts.append(f"{pool['threads']} threads")
    if pool.get("architecture"):
        parts.append(str(pool["architecture"]))
    if pool.get("library"):
        parts.append(f"({pool['library']})")
    return " ".join(parts)
