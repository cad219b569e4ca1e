"""Two versions of ``arraybench profile``'s analysis on the same runs of the labelled programs.

A profile is a run (the samples, bursts and counts: ``observe``) and an analysis of it (the
ledger, the rules, the prices: ``analyse``). A change to the analysis is best judged on the same
runs: two profiles of one program differ from run to run by more than most such changes move
them. So each program is run once under the profiler (with this checkout's code), its evidence
is saved, and both versions analyse that evidence, each in a process of its own with its own
``src`` on the path; the scores are benchmarks/profile_score.py's, side by side.

    python benchmarks/profile_ab.py --base OTHER/src [--this SRC] [--only NAME] [--json OUT]

The other version's ``Evidence`` must read this one's pickle (the run's code unchanged between
the two). The models seen (a torch module of the program's own class) are pickled by value with
cloudpickle where it is installed; one that cannot be pickled is left out, and the findings
priced by calling it again (AB401, AB402, AB405) are then missing from both versions alike. The
analysis times a few costs after the run (``Costs.measure``) in each process, so prices can
differ slightly even where the code does not. It imports the libraries the program had
imported (NumPy, SciPy, torch, JAX, autograd) before analysing, as a profile's own process has
them: without torch, AB410's expression timed after the run was missing (torch_float64_tracker).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from profile_score import DEFAULT, ROOT, THREADS, print_sites, read_report, summary

OBSERVE = """
import pickle, sys
from pathlib import Path
from arraybench.advise.run.launch import Target
from arraybench.advise.run.observe import observe
ev = observe(Target(script=Path(sys.argv[2]), args=tuple(sys.argv[3:])))
# the models seen are the program's own objects, of classes in its __main__: cloudpickle
# takes those by value (dask's dependency); where it cannot, the model stays behind
try:
    import cloudpickle as dumper
except ImportError:
    dumper = pickle
for key, model in list(ev.samples.models.items()):
    try:
        dumper.dumps(model)
    except Exception:
        del ev.samples.models[key]
with open(sys.argv[1], "wb") as f:
    dumper.dump(ev, f)
# the libraries the program had imported: the analysis times expressions after the run with
# them (AB410, AB412...), as a profile's own process has them
libraries = ("numpy", "scipy", "torch", "jax", "autograd")
with open(sys.argv[1] + ".modules", "w") as f:
    f.write(" ".join(m for m in libraries if m in sys.modules))
"""

ANALYSE = """
import importlib, json, pickle, sys
from arraybench.advise.profile import analyse
with open(sys.argv[1] + ".modules") as f:
    for name in f.read().split():
        importlib.import_module(name)
with open(sys.argv[1], "rb") as f:
    ev = pickle.load(f)
with open(sys.argv[2], "w") as f:
    json.dump(analyse(ev).to_dict(), f)
"""


def _python(code: str, args: list[str], src: Path, cwd: Path) -> None:
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONPATH=str(src), **THREADS)
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{args}: {done.stderr[-2000:]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", type=Path, required=True, help="the other version's src folder")
    ap.add_argument(
        "--this", type=Path, default=ROOT / "src", help="this version's src (default: ./src)"
    )
    ap.add_argument("--programs", type=Path, default=DEFAULT)
    ap.add_argument("--only", action="append", help="a program's file name (repeatable)")
    ap.add_argument("--json", type=Path, help="write both versions' per-site tables here")
    a = ap.parse_args()
    labels = json.loads((a.programs / "labels.json").read_text())
    arms: dict[str, Path] = {"base": a.base.resolve(), "this": a.this.resolve()}
    results: dict[str, list[dict[str, Any]]] = {arm: [] for arm in arms}
    for name, spec in labels["programs"].items():
        if a.only and name not in a.only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            ev = Path(tmp) / "evidence.pickle"
            args = [str(x) for x in spec.get("args", [])]
            _python(OBSERVE, [str(ev), name, *args], arms["this"], a.programs)
            for arm, src in arms.items():
                out = Path(tmp) / f"{arm}.json"
                _python(ANALYSE, [str(ev), str(out)], src, a.programs)
                r = {"program": name, **read_report(json.loads(out.read_text()), name, spec)}
                results[arm].append(r)
                print(f"{name} [{arm}]")
                print_sites(r)
    for arm, src in arms.items():
        print(f"\n== {arm} ({src})")
        summary(results[arm])
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
