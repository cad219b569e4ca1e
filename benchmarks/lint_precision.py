"""A random sample of ``arraybench lint`` findings on real projects, to judge by hand.

Precision cannot be computed without reading code: this script only makes the sample
reproducible. Install the projects without their dependencies into a throwaway folder, lint each
package folder as a whole (so facts cross its files), leave out the tests, and draw N findings
with a fixed seed::

    pip install --no-deps --target /tmp/lintproj/scikit-learn scikit-learn==1.9.1
    pip install --no-deps --target /tmp/lintproj/torchmetrics torchmetrics==1.9.0
    pip install --no-deps --target /tmp/lintproj/optax optax==0.2.8
    python benchmarks/lint_precision.py /tmp/lintproj/scikit-learn/sklearn \\
        /tmp/lintproj/torchmetrics/torchmetrics /tmp/lintproj/optax/optax --seed 15

``--tier`` picks what to draw from: the default report (``sure``, the default), the possible
findings only, or both (``all``, what ``lint --all`` lists; the samples of seeds 15 and 16 were
drawn before findings had tiers, from what is now ``all``).

It prints how many findings each project has and the sample, one line each (``path:line code``
and the flagged source line), with paths from the package folder's parent. With ``--judged
FILE`` (lines ``path:line<TAB>code<TAB>true|harmless|wrong<TAB>reason``, as in docs/lint.md) it
also prints the precision of the judged sample: true / sampled.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

from arraybench.advise import Diagnostic, lint_paths


def is_test(path: Path) -> bool:
    """Test files and folders: findings there are in code that runs on toy data by design."""
    name = path.name
    return (
        any(p in ("tests", "test", "testing") for p in path.parts)
        or name.startswith("test_")
        or name.endswith("_test.py")
        or name == "conftest.py"
    )


def findings(folder: Path, possible: bool = False) -> list[tuple[str, Diagnostic]]:
    """(path from the folder's parent, diagnostic) for every finding outside the tests: those
    of the default report, or with ``possible`` those of ``lint --all``."""
    report = lint_paths([folder], possible=possible)
    out = []
    for d in report.diagnostics:
        p = Path(d.path)
        if is_test(p.relative_to(folder)):
            continue
        out.append((str(p.relative_to(folder.parent)), d))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+", type=Path, help="installed package folders")
    ap.add_argument("--seed", type=int, default=15, help="the sample's seed (15)")
    ap.add_argument("-n", type=int, default=50, help="how many findings to draw (50)")
    ap.add_argument("--judged", type=Path, help="TSV of judgements of the sample")
    ap.add_argument(
        "--tier",
        choices=("sure", "possible", "all"),
        default="sure",
        help="draw from the default report's findings (sure, the default), from the possible "
        "ones only, or from lint --all's",
    )
    args = ap.parse_args(argv)
    every: list[tuple[str, Diagnostic]] = []
    for folder in args.folders:
        found = [
            (p, d)
            for p, d in findings(folder.resolve(), possible=args.tier != "sure")
            if args.tier == "all" or (d.confidence == "sure") == (args.tier == "sure")
        ]
        codes = Counter(d.code for _, d in found)
        print(
            f"{folder.name}: {len(found)} {args.tier} findings outside tests "
            f"({dict(sorted(codes.items()))})"
        )
        every.extend(found)
    every.sort(key=lambda pd: (pd[0], pd[1].line, pd[1].code))
    sample = random.Random(args.seed).sample(every, min(args.n, len(every)))
    print(f"\nsample of {len(sample)} of {len(every)} findings, seed {args.seed}:")
    for k, (path, d) in enumerate(sample, 1):
        print(f"{k:3d}  {path}:{d.line}  {d.code}  {d.snippet}")
    if args.judged is not None:
        verdicts = {}
        for line in args.judged.read_text(encoding="utf-8").splitlines():
            parts = line.split("\t")
            if len(parts) >= 3:
                verdicts[(parts[0], parts[1])] = parts[2]
        judged = [verdicts.get((f"{p}:{d.line}", d.code)) for p, d in sample]
        missing = sum(v is None for v in judged)
        true = sum(v == "true" for v in judged)
        print(f"\nprecision: {true}/{len(sample)} true ({Counter(judged)}); {missing} not judged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
