"""`arraybench profile` on CUDA: labelled torch programs that pick the GPU, measured, scored.

On a CUDA machine (the device tool's H100/H200), for each chosen program of the development set
and the blind sets whose torch code picks ``cuda`` when there is one, in turn while time lasts:

1. its sites' shares are measured on the GPU, by rewriting each site
   (``benchmarks/profile_devset.py --gpu --write`` on a copy of the program, its fixes and its
   labels, so the committed CPU labels stay as they are);
2. ``arraybench profile`` is scored on it (``benchmarks/profile_score.py``: a hot site listed on
   its line, its stated share over the share measured in step 1, look-alikes listed, the
   profiled run's wall time over the program's own);
3. the profile's text report is kept.

Everything lands in ``--out`` (default ``$OUT`` or ./gpu-out) as one archive, cuda_profile.tgz,
and a summary, cuda_profile.txt, printed too (the device tool brings back at most 8 files)::

    python3 benchmarks/gpu_profile.py [--budget SECONDS] [--pairs N] [--only NAME ...]

Shares on a GPU are not the CPU's: a per-row loop launches a kernel per row, a float64 array is
read at twice the bytes, and a per-step ``.item()`` waits for the queue. Sites whose GPU share
falls under 0.15 are not slow sites there, and the score says so (``measured``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: (folder under the repository, program): torch programs that pick cuda when there is one,
#: chosen to cover different kinds (AB101, AB401, AB402, AB106, AB410, AB108, AB409, AB203,
#: AB107), shortest first within each pair of kinds.
CHOSEN = [
    ("tests/advise/programs", "torch_dtw.py"),
    ("tests/advise/programs", "torch_tabular_infer.py"),
    ("benchmarks/blind53/programs", "torch_supply_forecast.py"),
    ("benchmarks/blind55/programs", "torch_xcorr_monitor.py"),
    ("benchmarks/blind54/programs", "torch_ctm_network.py"),
    ("benchmarks/blind59/programs", "torch_credit_default.py"),
    ("benchmarks/blind44/programs", "torch_sage_minibatch.py"),
    ("tests/advise/programs", "torch_rollout.py"),
    ("benchmarks/blind60/programs", "torch_inverter_trace.py"),
]


def build_set(work: Path, chosen: list[tuple[str, str]]) -> None:
    """Copy each chosen program, its fixes and its labels into one folder of the labels form."""
    (work / "fixes").mkdir(parents=True, exist_ok=True)
    labels: dict = {"version": 1, "note": "", "programs": {}}
    for folder, name in chosen:
        src = ROOT / folder
        spec = json.loads((src / "labels.json").read_text())["programs"][name]
        shutil.copy2(src / name, work / name)
        for site in spec["sites"]:
            fix = Path(site["fix"])
            shutil.copy2(src / fix, work / fix)
            site["cpu_share"] = site.get("share")  # what the committed labels measured on the CPU
        spec["from"] = folder
        labels["programs"][name] = spec
    (work / "labels.json").write_text(json.dumps(labels, indent=1) + "\n")


def run(cmd: list[str], log: Path, limit: float) -> int:
    """Run ``cmd`` from the repository root, appending its output to ``log``; its exit status
    (124 when it ran past ``limit`` seconds)."""
    with log.open("a") as fh:
        fh.write(f"=== {' '.join(cmd)}\n")
        fh.flush()
        try:
            return subprocess.run(
                cmd, cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT, timeout=limit, check=False
            ).returncode
        except subprocess.TimeoutExpired:
            fh.write(f"--- timed out after {limit:.0f} s\n")
            return 124


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=Path(os.environ.get("OUT", "gpu-out")))
    ap.add_argument("--budget", type=float, default=420.0, help="seconds for the whole run")
    ap.add_argument("--pairs", type=int, default=3, help="rounds of the share measurement")
    ap.add_argument("--only", action="append", help="a chosen program's file name (repeatable)")
    a = ap.parse_args()
    start = time.monotonic()
    chosen = [c for c in CHOSEN if not a.only or c[1] in a.only]
    work = a.out / "cuda_profile"
    build_set(work, chosen)
    log = work / "log.txt"
    env_py = sys.executable
    lines = []
    for _, name in chosen:
        left = a.budget - (time.monotonic() - start)
        if left < 45:
            lines.append(f"{name}: not run ({left:.0f} s of the budget left)")
            continue
        stem = name.removesuffix(".py")
        t0 = time.monotonic()
        rc = run(
            [
                env_py,
                "benchmarks/profile_devset.py",
                "--gpu",
                "--write",
                "--programs",
                str(work),
                "--program",
                name,
                "--pairs",
                str(a.pairs),
            ],
            log,
            left - 20,
        )
        if rc != 0:
            lines.append(f"{name}: shares not measured (profile_devset exit {rc}; log.txt)")
            continue
        left = a.budget - (time.monotonic() - start)
        rc = run(
            [
                env_py,
                "benchmarks/profile_score.py",
                "--programs",
                str(work),
                "--only",
                name,
                "--repeats",
                "1",
                "--json",
                str(work / f"score_{stem}.json"),
            ],
            log,
            max(left, 30),
        )
        rc2 = run(
            [
                env_py,
                "-m",
                "arraybench",
                "profile",
                "-o",
                str(work / f"{stem}.txt"),
                str(work / name),
            ],
            log,
            max(a.budget - (time.monotonic() - start), 30),
        )
        lines.append(summarise(work, name, rc, rc2, time.monotonic() - t0))
    text = "\n".join(lines) + "\n"
    (work / "summary.txt").write_text(text)
    (a.out / "cuda_profile.txt").write_text(text)
    with tarfile.open(a.out / "cuda_profile.tgz", "w:gz") as tar:
        tar.add(work, arcname="cuda_profile")
    shutil.rmtree(work)
    print(text)
    return 0


def summarise(work: Path, name: str, rc: int, rc2: int, seconds: float) -> str:
    """One program's lines: each site's GPU share (and the CPU's), what the profile said."""
    stem = name.removesuffix(".py")
    spec = json.loads((work / "labels.json").read_text())["programs"][name]
    head = (
        f"{name} ({spec['from']}; {spec.get('seconds', 0):.2f} s a run; "
        f"{seconds:.0f} s to measure and score)"
    )
    score = work / f"score_{stem}.json"
    if rc != 0 or not score.exists():
        return f"{head}: scoring failed (exit {rc}; log.txt)"
    r = json.loads(score.read_text())["results"][0]
    out = [f"{head}: profiled {r['profile_s'] / r['plain_s']:.2f}x the program's wall time"]
    cpu = {s["line"]: s.get("cpu_share") for s in spec["sites"]}
    for s in r["sites"]:
        tag = "hot " if s["hot"] else "cold"
        state = "listed" if s["listed"] else ("in a listed loop" if s["within"] else "not listed")
        stated = f", stated {s['stated']:.3f}" if s["stated"] is not None else ""
        c = cpu.get(s["line"])
        out.append(
            f"    {tag} L{s['line']} {s['kind']}: GPU share {s['measured']:.3f} (CPU {c:.3f}); "
            f"{state} {s['code'] or ''}{stated}"
            if c is not None and s["measured"] is not None
            else f"    {tag} L{s['line']} {s['kind']}: {state} {s['code'] or ''}{stated}"
        )
    out.append(f"    listed: {r['listed']}")
    if rc2 != 0:
        out.append(f"    text report failed (exit {rc2})")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
