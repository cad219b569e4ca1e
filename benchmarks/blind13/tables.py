"""Print the blind set's tables (markdown) from its labels.json and a profile_score.py --json file.

python benchmarks/blind13/tables.py benchmarks/blind13/score_a402866.json
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    labels = json.loads((HERE / "programs" / "labels.json").read_text())["programs"]
    print("| program | s | line | kind | site | what | share [95% interval] | share (CPU) |")
    print("|---|---|---|---|---|---|---|---|")
    for prog, spec in labels.items():
        for s in spec["sites"]:
            print(
                f"| `{prog}` | {spec.get('seconds', '')} | {s['line']} | {s['kind']} | "
                f"{'hot' if s['hot'] else 'look-alike'} | {s['what']} | "
                f"{s['share']:.3f} [{s['share_lo']:+.3f}, {s['share_hi']:+.3f}] | "
                f"{s['share_cpu']:.3f} |"
            )
    if len(sys.argv) < 2:
        return
    results = json.loads(Path(sys.argv[1]).read_text())["results"]
    print()
    print("| program | line | site | measured | report | code | stated | stated/measured |")
    print("|---|---|---|---|---|---|---|---|")
    for r in results:
        for s in r["sites"]:
            state = "listed" if s["listed"] else ("inside a listed loop" if s["within"] else "-")
            stated = "" if s["stated"] is None else f"{s['stated']:.3f}"
            ratio = "" if s["ratio"] is None else f"{s['ratio']:.2f}"
            print(
                f"| `{r['program']}` | {s['line']} | {'hot' if s['hot'] else 'look-alike'} | "
                f"{s['measured']:.3f} | {state} | {s['code']} | {stated} | {ratio} |"
            )
    print()
    print("| program | plain s | profiled s | ratio | listed (line, code, share) |")
    print("|---|---|---|---|---|")
    for r in results:
        print(
            f"| `{r['program']}` | {r['plain_s']:.2f} | {r['profile_s']:.2f} | "
            f"{r['profile_s'] / r['plain_s']:.2f} | {r['listed']} |"
        )
    walls = [r["profile_s"] / r["plain_s"] for r in results]
    print(f"\nwall ratio: median {statistics.median(walls):.2f}, max {max(walls):.2f}")


if __name__ == "__main__":
    main()
