"""Two versions of ``arraybench profile`` side by side: what each costs on top of the program.

Each round runs, for each program, the program alone and a profile of it with each version's
``src`` (on PYTHONPATH), in alternating order, one BLAS thread; the machine's slow spells fall
on both versions alike. Prints each version's profile/plain ratio (median over the rounds) and
the ratio of the two versions' profile times, round by round.

    python benchmarks/profile_overhead_ab.py --base OTHER/src [--this SRC] [--rounds 3] PROGRAM...
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY = "from arraybench.cli.main import entry; entry()"


def _run(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    t = time.perf_counter()
    subprocess.run(
        cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
    )
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("programs", nargs="+", type=Path)
    ap.add_argument("--base", required=True, type=Path, help="the other version's src folder")
    ap.add_argument("--this", type=Path, default=ROOT / "src", help="this version's src")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", type=Path, help="write every time measured here")
    a = ap.parse_args()
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    srcs = {"base": str(a.base.resolve()), "this": str(a.this.resolve())}
    times: dict[str, dict[str, list[float]]] = {
        str(p): {"plain": [], "base": [], "this": []} for p in a.programs
    }
    with tempfile.TemporaryDirectory() as tmp:
        for rnd in range(a.rounds):
            for p in a.programs:
                order = ["plain", "base", "this"] if rnd % 2 == 0 else ["plain", "this", "base"]
                for k in order:
                    cmd = [sys.executable, p.name]
                    if k != "plain":
                        out = str(Path(tmp) / "report.json")
                        cmd = [sys.executable, "-c", ENTRY, "profile", "--format", "json"]
                        cmd += ["-o", out, p.name]
                    run_env = env if k == "plain" else dict(env, PYTHONPATH=srcs[k])
                    times[str(p)][k].append(_run(cmd, run_env, p.resolve().parent))
    for p in a.programs:
        t = times[str(p)]
        base = statistics.median(b / q for b, q in zip(t["base"], t["plain"], strict=True))
        this = statistics.median(n / q for n, q in zip(t["this"], t["plain"], strict=True))
        pair = [n / b for n, b in zip(t["this"], t["base"], strict=True)]
        print(
            f"{p.name}: plain {statistics.median(t['plain']):.2f} s; profile/plain base "
            f"{base:.2f}x, this {this:.2f}x; this/base by round "
            f"{', '.join(f'{x:.3f}' for x in pair)} (median {statistics.median(pair):.3f})"
        )
    if a.json:
        a.json.write_text(json.dumps(times, indent=1))


if __name__ == "__main__":
    main()
