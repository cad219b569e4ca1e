"""Score ``arraybench profile`` on a set of labelled programs (tests/advise/programs/ by default).

For each program of ``labels.json`` (see tests/advise/programs/README.md) it runs, interleaved,
the program as written (``python prog.py``) and ``arraybench profile --format json`` on it, and
reads off:

    found        hot sites (share >= 0.15 measured) reported on their line among the listed
                 findings (the target: >= 90%)
    code         of those, reported with the labelled code
    share        the stated share of each found hot site over its measured share (the target:
                 within a factor 1.5)
    cold         look-alikes (share < 1% measured) listed by default (the target: none)
    wall         the profiled run's wall time over the program's own (the target: <= 3x)

    python benchmarks/profile_score.py [--programs DIR] [--only NAME] [--repeats N] [--json OUT]

Times are of whole processes (interpreter start and imports included), medians of the repeats.
arraybench's own modules are compiled first, as pip compiles an installed package (an editable
install under PYTHONDONTWRITEBYTECODE would compile them again on every profiled run).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "tests" / "advise" / "programs"


#: One BLAS/OpenMP thread, as benchmarks/profile_devset.py measured the labels' shares.
THREADS = {v: "1" for v in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")}


def _run(cmd: list[str], cwd: Path) -> tuple[float, subprocess.CompletedProcess[str]]:
    path = os.pathsep.join(p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH")) if p)
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONPATH=path, **THREADS)
    t0 = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    return time.perf_counter() - t0, done


def score_program(folder: Path, name: str, spec: dict[str, Any], repeats: int) -> dict[str, Any]:
    args = [str(a) for a in spec.get("args", [])]
    plain, profiled = [], []
    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "profile.json"
        for _ in range(repeats):
            t, done = _run([sys.executable, name, *args], folder)
            if done.returncode != 0:
                raise SystemExit(f"{name} failed: {done.stderr[-2000:]}")
            plain.append(t)
            entry = "from arraybench.cli.main import entry; entry()"
            cmd = [sys.executable, "-c", entry, "profile", "--format", "json"]
            t, done = _run([*cmd, "-o", str(out), name, *args], folder)
            if not out.exists():
                raise SystemExit(f"profile of {name} wrote nothing: {done.stderr[-2000:]}")
            profiled.append(t)
            report = json.loads(out.read_text())
            out.unlink()
    return {
        "program": name,
        "plain_s": statistics.median(plain),
        "profile_s": statistics.median(profiled),
        **read_report(report, name, spec),
    }


def read_report(report: dict[str, Any], name: str, spec: dict[str, Any]) -> dict[str, Any]:
    """A profile report's findings against a program's labelled sites."""
    listed = report["findings"]
    program_s = report["program_seconds"]
    rows = []
    for site in spec["sites"]:
        hit = [f for f in listed if f["line"] == site["line"]]
        near = [f for f in listed if f["line"] <= site["line"] <= f["end_line"]]
        stated = hit[0]["share"] if hit else None
        # what the report says the rewrite saves: the middle of its priced gain, as a share of
        # the program's time (its time's share where it has no price)
        saves = None
        if hit:
            gain = hit[0].get("gain")
            saves = (sum(gain) / 2 / program_s) if gain and program_s > 0 else stated
        rows.append(
            {
                "program": name,
                "line": site["line"],
                "kind": site["kind"],
                "hot": site["hot"],
                "measured": site.get("share"),
                "listed": bool(hit),
                "within": bool(near),
                "code": hit[0]["code"] if hit else "",
                "stated": stated,
                "ratio": stated / site["share"]
                if stated is not None and site.get("share") and site["share"] > 0
                else None,
                "saves": saves,
                "saves_ratio": saves / site["share"]
                if saves is not None and site.get("share") and site["share"] > 0
                else None,
            }
        )
    return {
        "program_s": program_s,
        "sites": rows,
        "listed": [(f["line"], f["code"], round(f["share"], 3)) for f in listed],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--programs", type=Path, default=DEFAULT)
    ap.add_argument("--only", action="append", help="a program's file name (repeatable)")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--json", type=Path, help="write the per-site table here")
    a = ap.parse_args()
    compileall.compile_dir(ROOT / "src", quiet=1)
    labels = json.loads((a.programs / "labels.json").read_text())
    results = []
    for name, spec in labels["programs"].items():
        if a.only and name not in a.only:
            continue
        r = score_program(a.programs, name, spec, a.repeats)
        results.append(r)
        ratio = r["profile_s"] / r["plain_s"]
        print(f"{name}: {r['plain_s']:.2f} s plain, {r['profile_s']:.2f} s profiled ({ratio:.2f}x)")
        print_sites(r)
    summary(results)
    if a.json:
        a.json.write_text(json.dumps({"results": results}, indent=1))


def print_sites(r: dict[str, Any]) -> None:
    """A program's labelled sites and what the report said of each."""
    for s in r["sites"]:
        tag = "hot " if s["hot"] else "cold"
        state = "listed" if s["listed"] else ("in a listed loop" if s["within"] else "missed")
        if not s["hot"]:
            state = "LISTED (wrong)" if s["listed"] else "not listed"
        share = f"measured {s['measured']:.3f}" if s["measured"] is not None else ""
        stated = f", stated {s['stated']:.3f}" if s["stated"] is not None else ""
        if s["saves"] is not None:
            stated += f", saves {s['saves']:.3f}"
        print(f"    {tag} L{s['line']} {s['kind']}: {state} {s['code']} ({share}{stated})")
    print(f"    listed: {r['listed']}")


def summary(results: list[dict[str, Any]]) -> None:
    """The whole set's scores (walls where the results have them)."""
    sites = [s for r in results for s in r["sites"]]
    hot = [s for s in sites if s["hot"]]
    cold = [s for s in sites if not s["hot"]]
    found = [s for s in hot if s["listed"]]
    within = [s for s in hot if s["listed"] or s["within"]]
    code = [
        s
        for s in found
        if s["code"] == s["kind"] or (s["kind"] == "RECOMPILE" and s["code"] in ("AB403", "AB404"))
    ]
    ratios = [s["ratio"] for s in found if s["ratio"]]
    in_15 = [r for r in ratios if 1 / 1.5 <= r <= 1.5]
    walls = [r["profile_s"] / r["plain_s"] for r in results if "plain_s" in r]
    print()
    print(f"hot sites on their line: {len(found)}/{len(hot)} ({len(found) / max(1, len(hot)):.0%})")
    print(f"  on their line or inside a listed loop: {len(within)}/{len(hot)}")
    print(f"  with the labelled code: {len(code)}/{len(found)}")
    print(f"stated share within 1.5x of measured: {len(in_15)}/{len(ratios)}")
    if ratios:
        print(
            f"  ratio stated/measured: median {statistics.median(ratios):.2f}, "
            f"range {min(ratios):.2f}-{max(ratios):.2f}"
        )
    saved = [s["saves_ratio"] for s in found if s["saves_ratio"]]
    saved_15 = [r for r in saved if 1 / 1.5 <= r <= 1.5]
    print(
        "stated saving (the priced gain's middle) within 1.5x of measured: "
        f"{len(saved_15)}/{len(saved)}"
    )
    if saved:
        print(
            f"  ratio saving/measured: median {statistics.median(saved):.2f}, "
            f"range {min(saved):.2f}-{max(saved):.2f}"
        )
    print(f"cold look-alikes listed: {sum(s['listed'] for s in cold)}/{len(cold)}")
    # the look-alikes cost under 1%; a cold site measured at 1-15% may be worth a
    # change (5% or more saved), and is told apart
    tiny = [s for s in cold if s["measured"] is not None and s["measured"] < 0.01]
    got = sum(s["listed"] for s in tiny)
    print(f"  of them measured under 1% (look-alikes proper): {got}/{len(tiny)}")
    for s in cold:
        if s["listed"] and s not in tiny:
            print(
                f"  listed, measured {s['measured']:.3f}: {s['program']} L{s['line']} "
                f"(stated {s['stated']:.3f}, saves {s['saves'] or 0:.3f})"
            )
    if walls:
        print(
            f"profile wall / program wall: median {statistics.median(walls):.2f}x, "
            f"max {max(walls):.2f}x"
        )


if __name__ == "__main__":
    main()
