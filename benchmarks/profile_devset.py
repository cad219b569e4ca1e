"""Measure the share of wall time of each labelled site of the profiler's development set.

Each program of tests/advise/programs/ is run as a subprocess, as a user runs it (interpreter
start and imports included), together with one rewritten copy per site (fixes/<prog>__L<line>.py:
the whole program with only that site written the fast way). The runs are interleaved in rounds
(original, fix 1, fix 2, ..., original, fix 1, ...), so that a pair (the original and a fix of
the same round) shares the machine's state of the moment. Per site:

    share = 1 - median(T_fix) / median(T_orig)

and an interval for it: a bootstrap 95% interval of the median of the per-pair shares
(1 - T_fix / T_orig of each round), widened to include share itself. The same share from the
children's CPU time (user + sys, from getrusage) is reported too, as share_cpu: it moves less
when other work shares the machine. Each run's `result:` line is
compared with the original's, within the site's rtol; a mismatch stops the run (exit status 1).

    .venv/bin/python benchmarks/profile_devset.py                      # measure all, print
    .venv/bin/python benchmarks/profile_devset.py --program np_kmeans  # one program
    .venv/bin/python benchmarks/profile_devset.py --write              # also update labels.json
    .venv/bin/python benchmarks/profile_devset.py --programs DIR       # another folder of the
                                                                       # same form (DIR/labels.json)

The programs run on the CPU (no GPU visible) unless --gpu is given (benchmarks/gpu_profile.py:
the same programs on a CUDA machine, where their torch code picks the GPU).

By default the subprocesses run with one BLAS/OpenMP thread (--threads): on a shared two-core
machine, torch's two spinning threads make the runs several times slower and much noisier.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "tests" / "advise" / "programs"
LABELS = PROGRAMS / "labels.json"
RESULT = re.compile(r"^result:\s*(\S+)\s*$", re.MULTILINE)


class Mismatch(Exception):
    """A run failed or printed a result that differs from the original's."""


def run_once(python: str, path: Path, args: list[str], env: dict[str, str], timeout: float):
    """Run one program; return (wall seconds, CPU seconds, result text)."""
    ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(
        [python, str(path), *args],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=path.parent,
    )
    wall = time.perf_counter() - t0
    ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (ru1.ru_utime + ru1.ru_stime) - (ru0.ru_utime + ru0.ru_stime)
    if proc.returncode != 0:
        raise Mismatch(f"{path.name} exited {proc.returncode}:\n{proc.stderr[-2000:]}")
    found = RESULT.findall(proc.stdout)
    if not found:
        raise Mismatch(f"{path.name} printed no 'result:' line:\n{proc.stdout[-1000:]}")
    return wall, cpu, found[-1]


def same_result(a: str, b: str, rtol: float) -> bool:
    try:
        x, y = float(a), float(b)
    except ValueError:
        return a == b
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return abs(x - y) <= rtol * max(abs(x), abs(y)) or x == y


def bootstrap_median(values: list[float], n_boot: int = 2000, seed: int = 0):
    """95% bootstrap interval of the median of values."""
    rnd = random.Random(seed)
    meds = sorted(statistics.median(rnd.choices(values, k=len(values))) for _ in range(n_boot))
    return meds[int(0.025 * n_boot)], meds[int(0.975 * n_boot) - 1]


def measure_program(name, spec, python, env, pairs, timeout, log, folder=PROGRAMS):
    """Interleaved rounds of the original and its fixes; one summary dict per site."""
    orig = folder / name
    sites = spec["sites"]
    fixes = [folder / s["fix"] for s in sites]
    args = spec.get("args", [])
    warm, _, reference = run_once(python, orig, args, env, timeout)
    n_pairs = pairs + (2 if warm < 3.0 else 0)
    log(f"{name}: warm-up {warm:.2f} s, result {reference}, {n_pairs} rounds x {1 + len(fixes)}")
    t_orig: list[float] = []
    c_orig: list[float] = []
    t_fix: list[list[float]] = [[] for _ in fixes]
    c_fix: list[list[float]] = [[] for _ in fixes]
    for r in range(n_pairs):
        wall, cpu, res = run_once(python, orig, args, env, timeout)
        c_orig.append(cpu)
        if res != reference:
            raise Mismatch(f"{name}: result changed between runs: {reference} then {res}")
        t_orig.append(wall)
        line = [f"  round {r + 1}: orig {wall:.2f}"]
        for i, (site, fix) in enumerate(zip(sites, fixes, strict=True)):
            wall, cpu, res = run_once(python, fix, args, env, timeout)
            c_fix[i].append(cpu)
            if not same_result(reference, res, site["rtol"]):
                raise Mismatch(
                    f"{name} line {site['line']}: {fix.name} printed result {res}, the "
                    f"original {reference} (rtol {site['rtol']:g})"
                )
            t_fix[i].append(wall)
            line.append(f"L{site['line']} {wall:.2f}")
        log(", ".join(line))
    med_orig = statistics.median(t_orig)
    out = []
    for site, times, cpus in zip(sites, t_fix, c_fix, strict=True):
        med_fix = statistics.median(times)
        share = 1.0 - med_fix / med_orig
        pair_shares = [1.0 - f / o for o, f in zip(t_orig, times, strict=True)]
        lo, hi = bootstrap_median(pair_shares)
        out.append(
            {
                "line": site["line"],
                "share": round(share, 4),
                "share_lo": round(min(lo, share), 4),
                "share_hi": round(max(hi, share), 4),
                "pair_min": round(min(pair_shares), 4),
                "pair_max": round(max(pair_shares), 4),
                "share_cpu": round(1.0 - statistics.median(cpus) / statistics.median(c_orig), 4),
                "t_orig": round(med_orig, 3),
                "t_fix": round(med_fix, 3),
            }
        )
    return med_orig, out


def verdict(site: dict, m: dict) -> str:
    ok = (m["share"] >= 0.15 and m["share_lo"] >= 0.10) if site["hot"] else m["share"] < 0.01
    return "ok" if ok else "MISSED"


README = LABELS.parent / "README.md"


def write_readme(labels: dict[str, Any], readme: Path = README) -> None:
    """Rewrite the README's table of sites (from its header row to the first line that is not a
    row) and its line of program wall times, from the labels; the rest stays as written."""
    rows = []
    for prog, spec in labels["programs"].items():
        for s in spec["sites"]:
            sh = s.get("share")
            shown = (
                "not measured"
                if sh is None
                else (f"{sh:.3f} [{s['share_lo']:+.3f}, {s['share_hi']:+.3f}]")
            )
            cpu = "" if s.get("share_cpu") is None else f"{s['share_cpu']:.3f}"
            if sh is None:
                ok = ""
            elif s["hot"]:
                ok = "ok" if sh >= 0.15 and s["share_lo"] >= 0.10 else "**missed**"
            else:
                ok = "ok" if sh < 0.01 else "**missed**"
            site = "hot" if s["hot"] else "look-alike"
            rows.append(
                f"| `{prog}` | {s['line']} | {s['kind']} | {site} | {s['what']} | {shown} | "
                f"{cpu} | {s['rtol']:g} | {ok} |"
            )
    lines = readme.read_text().splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith("| program | line |"))
    end = head + 2
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    table = [
        "| program | line | kind | site | what | share [95% interval] | share (CPU) | rtol "
        "| target |",
        "|---|---|---|---|---|---|---|---|---|",
        *rows,
    ]
    lines[head:end] = table
    secs = ", ".join(
        f"`{p}` {spec['seconds']:.2f}"
        for p, spec in labels["programs"].items()
        if spec.get("seconds")
    )
    for i, ln in enumerate(lines):
        if ln.startswith("Program wall times"):
            lines[i] = f"Program wall times (median of the original's runs, seconds): {secs}."
    readme.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--programs",
        type=Path,
        default=PROGRAMS,
        help="folder of programs, with its labels.json and fixes/ (default: the development set)",
    )
    ap.add_argument("--program", action="append", help="program name (with or without .py)")
    ap.add_argument("--pairs", type=int, default=5, help="rounds per program (+2 under 3 s)")
    ap.add_argument("--write", action="store_true", help="update labels.json")
    ap.add_argument("--python", default=sys.executable, help="interpreter for the programs")
    ap.add_argument("--threads", type=int, default=1, help="OMP/MKL/OpenBLAS threads (0: unset)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per run")
    ap.add_argument(
        "--gpu",
        action="store_true",
        help="leave a GPU visible to the programs (by default they are measured on the CPU)",
    )
    ap.add_argument(
        "--readme",
        action="store_true",
        help="only rewrite the README's table of sites and wall times from labels.json",
    )
    opts = ap.parse_args(argv)
    folder = opts.programs.resolve()
    labels_path = folder / "labels.json"
    if opts.readme:
        write_readme(json.loads(labels_path.read_text()), folder / "README.md")
        return 0

    labels = json.loads(labels_path.read_text())
    names = list(labels["programs"])
    if opts.program:
        wanted = [p if p.endswith(".py") else p + ".py" for p in opts.program]
        unknown = [p for p in wanted if p not in labels["programs"]]
        if unknown:
            ap.error(f"unknown program(s): {', '.join(unknown)}")
        names = wanted

    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"
    if not opts.gpu:
        env.update({"CUDA_VISIBLE_DEVICES": "", "JAX_PLATFORMS": "cpu"})
    if opts.threads > 0:
        for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
            env[var] = str(opts.threads)

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    started = time.perf_counter()
    rows = []
    failed = False
    for name in names:
        spec = labels["programs"][name]
        try:
            seconds, measured = measure_program(
                name, spec, opts.python, env, opts.pairs, opts.timeout, log, folder
            )
        except (Mismatch, subprocess.TimeoutExpired) as exc:
            log(f"FAILED: {exc}")
            failed = True
            continue
        spec["seconds"] = round(seconds, 2)
        for site, m in zip(spec["sites"], measured, strict=True):
            site.update(
                {k: m[k] for k in ("share", "share_lo", "share_hi", "share_cpu", "t_orig", "t_fix")}
            )
            rows.append((name, site, m))
    elapsed = time.perf_counter() - started

    print(
        f"{'program':<26}{'line':>5} {'kind':<9}{'hot':<4}{'T_orig':>7}{'T_fix':>7}"
        f"{'share':>8}{'cpu':>7}  {'interval':<17}{'pairs min..max':<17}verdict"
    )
    for name, site, m in rows:
        print(
            f"{name:<26}{site['line']:>5} {site['kind']:<9}{'yes' if site['hot'] else 'no':<4}"
            f"{m['t_orig']:>7.2f}{m['t_fix']:>7.2f}{m['share']:>8.3f}{m['share_cpu']:>7.3f}  "
            f"[{m['share_lo']:+.3f}, {m['share_hi']:+.3f}]  "
            f"{m['pair_min']:+.3f}..{m['pair_max']:+.3f}  {verdict(site, m)}"
        )
    missed = sum(verdict(s, m) != "ok" for _, s, m in rows)
    print(f"{len(rows)} sites, {missed} off target, {elapsed:.0f} s")

    if opts.write and not failed:
        how = (
            "share = 1 - median(T_fix)/median(T_orig) of whole-program wall times (subprocess, "
            "interpreter start and imports included), measured by benchmarks/profile_devset.py: "
            f"{opts.pairs}+ interleaved rounds per program (7+ under 3 s), one run of the original "
            "and one of each fix per round; share_lo/share_hi: bootstrap 95% interval of the "
            "median per-round share. "
            f"{'OMP/MKL/OpenBLAS threads: ' + str(opts.threads) if opts.threads else ''}; "
            f"machine: {platform.machine()}, {os.cpu_count()} cores, shared and noisy; python "
            f"{platform.python_version()}; {datetime.date.today().isoformat()}."
        )
        if opts.program and labels.get("note"):
            # one program measured again: the note keeps how the others were measured
            labels["note"] += (
                f" {', '.join(sorted({name.removesuffix('.py') for name, _, _ in rows}))} "
                f"measured again on {datetime.date.today().isoformat()} with {opts.pairs}+ "
                f"rounds (load {os.getloadavg()[0]:.1f} at the end)."
            )
        else:
            labels["note"] = how
        labels_path.write_text(json.dumps(labels, indent=1) + "\n")
        try:
            shown = labels_path.relative_to(ROOT)
        except ValueError:
            shown = labels_path
        log(f"wrote {shown}")
    elif opts.write:
        log("not written: a program failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
