"""Check the line counts ``arraybench profile`` states against true counts, on the development set.

For each program of tests/advise/programs/ (or those named), two subprocesses, one BLAS thread:

    true       the program under a ``sys.settrace`` that counts every line event of its own file
               (exact; slow, which does not matter here)
    profiled   ``arraybench.advise.profile.profile`` on it; the count it states for each line
               (``ProfileReport.line_times``: scaled from the line timer's bursts)

For every line run at least --min times, the ratio stated / true; printed per program (its worst
line) and over all, with the share of lines within 10%. Counts are of statements run, as
profile states them: a ``for`` line once per iteration and once more per entry; any other
statement once each time it starts (not again when a call on its later lines is made, nor when
a ``with`` exits); a comprehension's items are not its line's runs.

With --cost, what the loop counters (advise/run/loopcount.py) cost each program instead: it is
run --rounds times as ``profile`` runs it (advise/run/launch.py) with its files compiled plainly
and with the counters, alternately, no line timer or sampler; the ratio of the median CPU times
of the process (one BLAS thread: less moved by other work on the machine than wall time), and
what the counters' calibrated cost times their counts makes of the plain time (what profile
takes out of the samples).

    .venv/bin/python benchmarks/profile_counts.py [--only NAME] [--min 1000] [--json OUT]
    .venv/bin/python benchmarks/profile_counts.py --cost [--rounds 5] [--only NAME]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "tests" / "advise" / "programs"
THREADS = {v: "1" for v in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")}

TRUE = textwrap.dedent(
    """\
    import ast, json, runpy, sys
    from collections import Counter
    path, out = sys.argv[1], sys.argv[2]
    hits = Counter()
    # a statement's runs: a loop's line at each event (its iterations and entries), any
    # other statement's first line when it starts (not again when a call on its later lines
    # is made, nor when a ``with`` exits after its body), in the frames of the file's own code
    # (a comprehension's items are its loop's, counted at the loop's sites, not its line's)
    loops, spans = set(), {}
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, (ast.For, ast.While, ast.AsyncFor)):
            loops.add(node.lineno)
        elif isinstance(node, ast.stmt):
            spans[node.lineno] = max(spans.get(node.lineno, 0), node.end_lineno or node.lineno)
    last = {}
    comps = {"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"}

    def local(frame, event, arg):
        if event == "line" and frame.f_code.co_filename == path:
            line, before = frame.f_lineno, last.get(frame)
            last[frame] = line
            if frame.f_code.co_name in comps:
                pass
            elif line in loops:
                hits[line] += 1
            elif line in spans and not (before is not None and line < before <= spans[line]):
                hits[line] += 1
        elif event == "return":
            last.pop(frame, None)
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code.co_filename == path else None

    sys.argv = [path, *sys.argv[3:]]
    sys.settrace(tracer)
    try:
        runpy.run_path(path, run_name="__main__")
    finally:
        sys.settrace(None)
        open(out, "w").write(json.dumps(hits))
    """
)

PROFILED = textwrap.dedent(
    """\
    import json, sys
    from pathlib import Path
    from arraybench.advise.profile import profile
    from arraybench.advise.run.launch import Target
    path, out = sys.argv[1], sys.argv[2]
    report = profile(Target(script=Path(path), args=tuple(sys.argv[3:])))
    counts = {
        line: [c.n, c.exact, c.at_least]
        for line, (_, c) in report.line_times.get(path, {}).items()
        if c is not None
    }
    open(out, "w").write(json.dumps(counts))
    """
)


TIMED = textwrap.dedent(
    """\
    import json, sys, time
    from pathlib import Path
    from arraybench.advise.run.launch import Target, UserCode, run_program, _plain_compile
    from arraybench.advise.run.loopcount import LoopCounter, calibrate
    path, out, how = sys.argv[1], sys.argv[2], sys.argv[3]
    counter = LoopCounter()
    compiler = counter.compile if how == "counted" else _plain_compile
    t0 = []
    done = run_program(
        Target(script=Path(path), args=tuple(sys.argv[4:])),
        UserCode(),
        lambda code: code,
        on_start=lambda: t0.append(time.process_time()),
        compiler=compiler,
    )
    seconds = time.process_time() - t0[0]
    sys.stdout.flush()
    spent = sum(counter.spent(calibrate()).values()) if how == "counted" else 0.0
    open(out, "w").write(json.dumps({"seconds": seconds, "status": done.status, "spent": spent}))
    """
)


def _cost(labels: dict[str, Any], a: argparse.Namespace, tmp: Path) -> None:
    """Each program plain and with the loop counters, alternately: the ratio of the medians."""
    ratios, models = [], []
    for name, spec in labels["programs"].items():
        if a.only and name not in a.only:
            continue
        prog = (a.programs / name).resolve()
        args = [str(x) for x in spec.get("args", [])]
        times: dict[str, list[float]] = {"plain": [], "counted": []}
        spent = []
        for r in range(a.rounds):
            order = ("plain", "counted") if r % 2 == 0 else ("counted", "plain")
            for how in order:
                got = _run(TIMED, prog, tmp, [how, *args])
                times[how].append(got["seconds"])
                if how == "counted":
                    spent.append(got["spent"])
        plain, counted = statistics.median(times["plain"]), statistics.median(times["counted"])
        ratios.append(counted / plain)
        model = statistics.median(spent) / plain
        models.append(model)
        print(
            f"{name}: plain {plain:.3f} s, counted {counted:.3f} s: {counted / plain:.3f}x; "
            f"the counters' calibrated cost x their counts: {model:.1%} of plain"
        )
    if ratios:
        print(
            f"\n{len(ratios)} programs, counted / plain: median {statistics.median(ratios):.3f}x, "
            f"range {min(ratios):.3f}-{max(ratios):.3f}x; calibrated cost x counts: median "
            f"{statistics.median(models):.1%}, at most {max(models):.1%}"
        )


def _run(code: str, prog: Path, out: Path, args: list[str]) -> dict[str, Any]:
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONPATH=str(ROOT / "src"), **THREADS)
    cmd = [sys.executable, "-c", code, str(prog), str(out), *args]
    done = subprocess.run(
        cmd, check=False, cwd=prog.parent, env=env, capture_output=True, text=True
    )
    if done.returncode != 0 or not out.exists():
        raise SystemExit(f"{prog.name} failed: {done.stderr[-2000:]}")
    got: dict[str, Any] = json.loads(out.read_text())
    out.unlink()
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--programs", type=Path, default=DEFAULT)
    ap.add_argument("--only", action="append", help="a program's file name (repeatable)")
    ap.add_argument("--min", type=int, default=1000, help="lines run at least this many times")
    ap.add_argument("--json", type=Path, help="write the per-line table here")
    ap.add_argument("--cost", action="store_true", help="time the loop counters instead")
    ap.add_argument("--rounds", type=int, default=5, help="with --cost: runs of each side")
    a = ap.parse_args()
    labels = json.loads((a.programs / "labels.json").read_text())
    rows = []
    tmp = Path(os.environ.get("TMPDIR", "/tmp")) / f"profile_counts_{os.getpid()}.json"
    if a.cost:
        _cost(labels, a, tmp)
        return
    for name, spec in labels["programs"].items():
        if a.only and name not in a.only:
            continue
        prog = (a.programs / name).resolve()
        args = [str(x) for x in spec.get("args", [])]
        true = {int(k): v for k, v in _run(TRUE, prog, tmp, args).items()}
        stated = {int(k): v for k, v in _run(PROFILED, prog, tmp, args).items()}
        mine = []
        for line, n in sorted(true.items()):
            if n < a.min:
                continue
            got = stated.get(line)
            ratio = got[0] / n if got else 0.0
            mine.append({"program": name, "line": line, "true": n, "stated": got, "ratio": ratio})
        rows += mine
        if mine:
            worst = max(mine, key=lambda r: abs(r["ratio"] - 1))
            print(
                f"{name}: {len(mine)} lines; worst L{worst['line']} {worst['stated']} for "
                f"{worst['true']:,} ({worst['ratio']:.2f})"
            )
    ratios = [r["ratio"] for r in rows]
    if ratios:
        within = sum(1 / 1.1 <= r <= 1.1 for r in ratios)
        print(
            f"\n{len(ratios)} lines run >= {a.min:,} times: stated/true median "
            f"{statistics.median(ratios):.2f}, range {min(ratios):.2f}-{max(ratios):.2f}; "
            f"within 10%: {within}/{len(ratios)}"
        )
    if a.json:
        a.json.write_text(json.dumps({"lines": rows}, indent=1))


if __name__ == "__main__":
    main()
