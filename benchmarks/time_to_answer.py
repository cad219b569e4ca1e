"""Time to answer: the wall time of ``arraybench run --quick`` and the full classic run, old code
against new, each first with a cold cache (a fresh cache folder: the first run after install)
and then warm (the same folder again), back to back, and where the new code's time went.

    .venv/bin/python benchmarks/time_to_answer.py --old main                 # main vs this tree
    .venv/bin/python benchmarks/time_to_answer.py --old 41ca0d6 --new HEAD --rounds 2
    .venv/bin/python benchmarks/time_to_answer.py --old main --only quick --json t.json
    .venv/bin/python benchmarks/time_to_answer.py --old main --new main --new-args '--start fork'
    .venv/bin/python benchmarks/time_to_answer.py --from-json t.json         # the table again

Each side's ``src`` is taken from git (``git archive REV src``; ``--new .``, the default, is
this working tree) and run as ``python -m arraybench run [--quick] --no-store -q --json F``
with it first on PYTHONPATH, in a folder of its own. Order, for each round and command: old
cold, new cold, old warm, new warm, so that a slow spell of the machine hits both sides.

Caches: each side gets a fresh ``ARRAYBENCH_CACHE`` per round. Code from before arraybench kept
compiled code there still had the libraries' own defaults (inductor's in /tmp, PyTensor's in
~/.pytensor), which a warm run finds as a user's second run would: the old side gets those
pointed into its fresh folder too, so that its cold run is cold. The new side sets them
itself (every library variable is removed from its environment).

Prints one table (wall seconds of each run, their median, the 1-minute load around them), and
the split of the wall time (``RunResult.time``) for each side that records one.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = {"quick": ["--quick"], "full": []}
#: What a library reads to find its cache: removed from every run's environment, set (old
#: code) into the run's own folder, or left to the new code to set.
LIBRARY_VARS = (
    "JAX_COMPILATION_CACHE_DIR",
    "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS",
    "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES",
    "NUMBA_CACHE_DIR",
    "TORCHINDUCTOR_CACHE_DIR",
    "CUPY_CACHE_DIR",
    "PYTENSOR_FLAGS",
    "ARRAYBENCH_COMPILE_CACHE",
)


def source(rev: str, into: Path) -> tuple[Path, str]:
    """``src`` of ``rev`` (``.``: this working tree) and a name for it."""
    if rev == ".":
        return ROOT / "src", "this tree"
    commit = subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "src"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    path = into / "src.tar"
    path.write_bytes(archive)
    with tarfile.open(path) as tar:
        tar.extractall(into, filter="data")
    return into / "src", f"{rev} ({commit})" if rev != commit else commit


def environment(src: Path, cache: Path, own_caches: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in LIBRARY_VARS}
    env["PYTHONPATH"] = str(src) + (os.pathsep + env["PYTHONPATH"] if "PYTHONPATH" in env else "")
    env["ARRAYBENCH_CACHE"] = str(cache)
    if own_caches:  # code that sets no caches of its own: its libraries' defaults, kept here
        env["TORCHINDUCTOR_CACHE_DIR"] = str(cache / "inductor")
        env["PYTENSOR_FLAGS"] = f"base_compiledir={cache / 'pytensor'}"
    return env


def run_once(python: str, args: list[str], env: dict[str, str], out: Path) -> dict[str, Any]:
    """One command; its wall time, exit status, load, and its results' time split if any."""
    before = os.getloadavg()[0]
    t0 = time.perf_counter()
    p = subprocess.run(
        [python, "-m", "arraybench", "run", *args, "--no-store", "-q", "--json", str(out)],
        cwd=out.parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,  # exit 1 is a case that failed: the run still counts
    )
    wall = time.perf_counter() - t0
    split = None
    if out.exists():
        split = json.loads(out.read_text()).get("time")
    return {
        "wall": wall,
        "rc": p.returncode,
        "load": [before, os.getloadavg()[0]],
        "time": split,
        "tail": p.stderr[-500:] if p.returncode not in (0, 1) else "",
    }


def measure(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="arraybench-time-to-answer-"))
    sides = {}
    for side, rev in (("old", args.old), ("new", args.new)):
        src, name = source(rev, work / side)
        if side == "new" and args.new_args:
            name += f" with {args.new_args}"
        sides[side] = {"src": src, "name": name}
    runs: list[dict[str, Any]] = []
    commands = [args.only] if args.only else list(COMMANDS)
    for r in range(args.rounds):
        for command in commands:
            caches = {side: work / f"{side}-cache-{command}-{r}" for side in sides}
            for state in ("cold", "warm"):
                for side, s in sides.items():
                    own = side == "old" and not args.old_sets_caches
                    env = environment(s["src"], caches[side], own)
                    folder = work / f"{side}-{command}-{state}-{r}"
                    folder.mkdir()
                    extra = shlex.split(args.new_args) if side == "new" else []
                    got = run_once(args.python, COMMANDS[command] + extra, env, folder / "r.json")
                    got.update(command=command, side=side, cache=state, round=r)
                    runs.append(got)
                    print(
                        f"{command:5} {side} {state}: {got['wall']:.1f} s (exit {got['rc']}, "
                        f"load {got['load'][0]:.1f}-{got['load'][1]:.1f})",
                        file=sys.stderr,
                    )
                    if got["tail"]:
                        print(got["tail"], file=sys.stderr)
    return {
        "sides": {k: v["name"] for k, v in sides.items()},
        "cpu": os.cpu_count(),
        "runs": runs,
    }


def table(data: dict[str, Any]) -> str:
    names = data["sides"]
    lines = [
        "| command | code | cache | wall (s), each round | median | 1-min load |",
        "|---|---|---|---|---|---|",
    ]
    for command in COMMANDS:
        for state in ("cold", "warm"):
            for side in ("old", "new"):
                rs = [
                    r
                    for r in data["runs"]
                    if (r["command"], r["cache"], r["side"]) == (command, state, side)
                ]
                if not rs:
                    continue
                walls = [r["wall"] for r in rs]
                loads = [x for r in rs for x in r["load"]]
                lines.append(
                    f"| {command} | {side}: {names[side]} | {state} | "
                    + ", ".join(f"{w:.1f}" for w in walls)
                    + f" | **{statistics.median(walls):.1f}** | "
                    f"{min(loads):.1f}-{max(loads):.1f} |"
                )
    splits = [r for r in data["runs"] if r.get("time")]
    if splits:
        parts: list[str] = []  # each run's own order (arraybench's), merged
        for r in splits:
            prev = None
            for p in r["time"]["parts"]:
                if p not in parts:
                    parts.insert(parts.index(prev) + 1 if prev in parts else len(parts), p)
                prev = p
        lines += ["", "Where the time went (seconds; the median over rounds):", ""]
        keys = sorted(
            {(r["command"], r["side"], r["cache"]) for r in splits},
            key=lambda k: (list(COMMANDS).index(k[0]), k[1] != "old", k[2] != "cold"),
        )
        lines.append("| part | " + " | ".join(f"{c} {s} {w}" for c, s, w in keys) + " |")
        lines.append("|---" * (len(keys) + 1) + "|")
        for part in [*parts, "wall"]:
            row = []
            for key in keys:
                same = [r for r in splits if (r["command"], r["side"], r["cache"]) == key]
                if part != "wall" and not any(part in r["time"]["parts"] for r in same):
                    row.append("—")  # not a part in that code (in its "other")
                    continue
                vals = [
                    (r["time"]["wall"] if part == "wall" else r["time"]["parts"].get(part, 0.0))
                    for r in same
                ]
                row.append(f"{statistics.median(vals):.1f}")
            lines.append(f"| {part} | " + " | ".join(row) + " |")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--old", default="main", help="the code before (a git rev; default main)")
    p.add_argument("--new", default=".", help="the code after (a git rev; default: this tree)")
    p.add_argument(
        "--new-args",
        default="",
        help="more arguments for the new side's runs only ('--start fork'), to time a setting",
    )
    p.add_argument("--rounds", type=int, default=1, help="rounds of all four runs (1)")
    p.add_argument("--only", choices=list(COMMANDS), help="one command only")
    p.add_argument("--python", default=sys.executable, help="the interpreter (this one)")
    p.add_argument(
        "--old-sets-caches",
        action="store_true",
        help="the old side sets its compile caches itself (a rev with this issue's work)",
    )
    p.add_argument("--json", type=Path, help="keep every run's figures here")
    p.add_argument("--from-json", type=Path, help="print the table of an earlier --json")
    args = p.parse_args()
    data = json.loads(args.from_json.read_text()) if args.from_json else measure(args)
    if args.json:
        args.json.write_text(json.dumps(data, indent=1))
    print(table(data))


if __name__ == "__main__":
    main()
