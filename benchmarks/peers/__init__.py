"""arraybench measured against its peers on the same kernels, in one run, interleaved.

Seven kernels from ~30 ns to ~100 ms (a no-op call, a scalar math call, a small and a large NumPy
op, a torch op, a JAX jitted op, a matrix multiply) are timed by:

- **arraybench** as a user gets it today: ``arraybench.run(workload, backends=[b],
  dtypes=[d])`` on a workload file whose one impl is the kernel, every other setting at its
  default (read from the engine, engine.py): a budget of 0.5 s per case after its first call,
  all of it spent (10% warm-up, then samples of >= 2 ms in about 20 blocks spread over the
  budget; no early stop), one thread per library, the output checked against a reference, in
  this process (the library's default, ``processes=1``), its interval taken over the blocks; a
  case whose 95% interval reaches past ±5% (the target) is flagged, not measured longer;
- **arraybench --processes**: the same call with ``processes=4``, what the command line
  (``arraybench run FILE``) does by default: 4 fresh worker processes, each taking a quarter
  of the budget, the interval taken across the processes' medians;
- **timeit**: what ``python -m timeit`` does: ``autorange()`` then ``repeat(5, number)``;
- **torch.utils.benchmark**: ``Timer.blocked_autorange()`` and ``Timer.adaptive_autorange()``,
  defaults, in a process of its own per kernel (tools/torch_timer.py says why);
- **pyperf**: its default ``Runner`` (20 worker processes, 3 values each) run as a script in a
  subprocess, once per kernel, and once with ``--fast`` (10 processes, 2 values);
- **pytest-benchmark**: the ``benchmark`` fixture in a generated test file, run by pytest in a
  subprocess, read back from ``--benchmark-json``;

and a **reference**: timeit in a fresh process per kernel (importing nothing of arraybench), many
repeats of at least 50 ms each, spread over the whole time the kernel is measured.

Every tool times the same callable, ``kernel(*inputs)``, built by the same source code, on
inputs made outside the clock the way arraybench's backends make them, with one thread per
library (arraybench's default, given to every tool so that all time the same computation). For
each kernel the tools take turns in rounds (A B C ... then B C ... A), so a slow spell of the
machine falls on all of them; each tool runs once per round (pyperf once per kernel: one default
run costs more than every other tool's five).

Figures, each beside the best peer of the same run (see benchmarks/README.md):

- agreement: each tool's median (the median of its runs' medians) against the reference;
- floor: the time reported for the no-op kernel, and the harness's own cost per call;
- time to precision: wall time of one run, and the half-width of the 95% interval it gave
  (arraybench's stated interval; a peer's from its own raw samples);
- coverage: how often a run's interval holds another run's median (docs/method.md);
- repeatability: the spread (max - min) / median of the medians of the repeated runs.

Writes its part of docs/performance.md, between ``<!-- peers:begin -->`` and
``<!-- peers:end -->`` (render.py); the rest of the page is left as it is. From the repository
root::

    .venv/bin/python -m benchmarks.peers            # ~10 minutes on 2 quiet cores
    .venv/bin/python -m benchmarks.peers --quick    # ~4 minutes: 2 rounds, pyperf --fast only
    .venv/bin/python -m benchmarks.peers --help

(``python benchmarks/peers`` and ``python benchmarks/peers.py`` do the same.)

Modules: kernels.py (the kernels as source), runs.py (a run, the shared context, worker
processes), tools/ (one module per tool), reference.py, plan.py (rounds and rotation),
measure.py (the whole measurement), figures.py, verdicts.py, findings.py (the sentences),
render.py (the page), cli.py; engine.py holds what is taken from arraybench's internals.
"""
