"""Runs from several machines, built from a saved run: machine A measured it as saved, machine B
took ``factor`` times as long for the cases of some backends (NumPy 2x slower, say), and each
machine has its own record and its own experiment answers, as a ``--cluster`` run stores them."""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from arraybench.measurement import Measurement
from arraybench.results import CaseResult, RunResult, load
from arraybench.store import open_store
from arraybench.suites import builtin_experiments

DATA = Path(__file__).parent / "data"
SIN2 = DATA / "sin2_results.json"
CLASSIC = DATA / "classic_quick.json.gz"

#: Machine B's record, unlike the saved run's machine in CPU, cores, GPU, versions and BLAS.
RECORD_B: dict[str, Any] = {
    "hostname": "host-b",
    "cpu": "AMD EPYC 9654 96-Core Processor",
    "cores": 16,
    "usable_cores": 16,
    "python": "3.12.4",
    "platform": "Linux-6.1-x86_64",
    "gpus": ["NVIDIA H100 80GB HBM3"],
    "threads": {"policy": "threads left as found (each library's own default)", "pools": {}},
}


def classic() -> RunResult:
    return RunResult.from_dict(json.loads(gzip.open(CLASSIC).read()), source=str(CLASSIC))


def scaled(c: CaseResult, factor: float) -> CaseResult:
    """The case as a machine ``factor`` times slower measured it (every sample scaled)."""
    m = c.measurement
    if m is None or factor == 1.0:
        return c
    samples = tuple(v * factor for v in m.samples)
    return replace(
        c,
        measurement=replace(m, samples=samples, first_call=m.first_call * factor),
    )


def record_b(base: RunResult) -> dict[str, Any]:
    """Machine B's record: the base run's libraries with NumPy 2.5.0 on MKL, and RECORD_B."""
    backends = json.loads(json.dumps(base.env.get("backends", {})))
    if "numpy" in backends:
        backends["numpy"]["version"] = "2.5.0"
        backends["numpy"]["blas"] = [{"vendor": "mkl", "version": "2024.2"}]
    return {**base.env, **RECORD_B, "backends": backends, "machine": "host-b"}


def two_machines(
    base: RunResult,
    factor: Mapping[str, float] | None = None,
    names: tuple[str, str] = ("host-a", "host-b"),
) -> RunResult:
    """``base`` measured on machine A and on machine B, where the cases of each backend in
    ``factor`` took that many times as long (default: NumPy's 2x): A's cases first, then B's,
    each experiment answered on each machine (``"answers"``) as run_experiment stores them."""
    factor = {"numpy": 2.0} if factor is None else factor
    a, b = names
    cases_a = tuple(replace(c, machine=a) for c in base.cases)
    cases_b = tuple(replace(scaled(c, factor.get(c.backend, 1.0)), machine=b) for c in base.cases)
    records = {
        a: {**base.env, "machine": a, "hostname": a},
        b: {**record_b(base), "machine": b, "hostname": b},
    }
    run = replace(base, cases=cases_a + cases_b, machines=records)
    return answered(run)


def answered(run: RunResult) -> RunResult:
    """Each built-in experiment of ``run`` answered again on each of its machines."""
    experiments = builtin_experiments()
    extra = dict(run.extra)
    for name, rec in run.extra.items():
        if name not in experiments or not isinstance(rec, Mapping) or "question" not in rec:
            continue
        exp = experiments[name]
        answers = {
            m: exp.answer(run.on_machine(m), rec.get("extra") or {}).to_dict()
            for m in run.machine_names
        }
        first = run.machine_names[0]
        extra[name] = {**rec, "answer": answers[first], "answers": answers}
    return replace(run, extra=extra)


def sin2_two_machines(**kwargs: Any) -> RunResult:
    return two_machines(load(SIN2), **kwargs)


def stored(run: RunResult, path: Path) -> str:
    """``run`` put in a store at ``path`` as a cluster run stores it: machines before their
    cases, each case as it finishes, then the whole result. Returns the run's id."""
    with open_store(path) as s:
        rid = s.begin_run(run.config, run.env, run.floor, ["sin2"])
        added: set[str] = set()
        for c in run.cases:
            if c.machine is not None and c.machine not in added:
                s.add_machine(rid, c.machine, run.machines[c.machine])
                added.add(c.machine)
            s.add_case(rid, c)
        s.finish_run(rid, run)
    return rid


def measurement_of(run: RunResult, machine: str, **where: Any) -> Measurement:
    found = [c for c in run.on_machine(machine).find(**where) if c.measurement is not None]
    assert len(found) == 1, found
    m = found[0].measurement
    assert m is not None
    return m
