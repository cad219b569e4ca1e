"""Size groups as plain data, for executors that measure outside this process: the request
that names a group's cases (JSON-able: a worker process or a remote machine loads the workloads
again from their files), the worker's side that measures it (:func:`run_group_in_worker`), and
the reply's CaseResults read back.

    request: {"cases": [{"origin", "workload", "impl_index", "backend", "device", "dtype",
                         "size", "machine" (on a cluster)}, ...],
              "values": {"value:DIGEST": "value:PICKLE"} (optional: the workloads sent by
                        value, named in "origin" by their digest),
              "config": RunConfig.to_dict(), "floor": Floor.to_dict(),
              "budget": s, "min_samples": n, "max_samples": n,
              "budgets": [s, ...] (optional: each case's own, in place of "budget"),
              "warm": true (optional: measured in this process before; no first call, no check),
              "checked": true (optional: another process of the run checks these cases' results
                               against the reference; this one only measures)}
    reply:   {"cases": [CaseResult.to_dict(), ...] in the request's order,
              "spent": {part: seconds} (where the worker's time went: measure/walltime.py)}
             | {"error": why, "kind": "crash" | "timeout" | "oom"}
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..base.errors import WorkloadError
from ..catalog import MODULE, VALUE, builtin_module, load, needs_value, send_by_value
from ..config import RunConfig
from ..results import FAILED, CaseResult, Floor
from ..workload import Workload
from .clock import default_clock
from .plan import Case
from .sampling import _apply_threads, _base_fields, _References, sample_group
from .timer import MIN_SAMPLES, TimerSettings
from .walltime import WALL, watching_imports


def request_settings(config: RunConfig, floor: Floor, parts: int = 1) -> dict[str, Any]:
    """What every request of a run has in common. Each case's budget and sample limits are split
    between the ``parts`` processes (or machines) that measure it."""
    return {
        "config": config.to_dict(),
        "floor": floor.to_dict(),
        # The budget is the case's, split between the processes; so is its sample limit. In
        # several processes the interval's units are the processes' medians, and one call gives
        # a process its median: a call longer than the process's share is taken once.
        "budget": config.budget / parts,
        "min_samples": MIN_SAMPLES if parts == 1 else 1,
        "max_samples": max(1, math.ceil(config.max_samples / parts)),
    }


def request(
    cases: Sequence[Case], settings: Mapping[str, Any], origins: dict[int, str]
) -> dict[str, Any]:
    """The request for ``cases`` (one size group, or one case): ``origins`` caches where each
    workload is found (raises WorkloadError for one defined interactively that cannot be
    pickled). A workload sent by value travels once in the request, under ``values``, and its
    cases name it by the pickle's digest."""
    specs = [_spec(case, origins) for case in cases]
    values: dict[str, str] = {}
    for spec in specs:
        origin = spec["origin"]
        if origin.startswith(VALUE):
            key = VALUE + hashlib.sha256(origin.encode()).hexdigest()[:32]
            values[key] = origin
            spec["origin"] = key
    return {"cases": specs, **({"values": values} if values else {}), **settings}


def read_reply(reply: Mapping[str, Any], cases: Sequence[Case]) -> list[CaseResult]:
    """The CaseResults of a reply to the request for ``cases``: each case failed, with the
    reply's error, when the request failed as a whole."""
    if "cases" in reply:
        return [CaseResult.from_dict(d) for d in reply["cases"]]
    return [_failed(c, reply["error"], reply.get("kind", "crash")) for c in cases]


def _spec(case: Case, origins: dict[int, str]) -> dict[str, Any]:
    w = case.workload
    if id(w) not in origins:
        origins[id(w)] = _origin(w)
    return {
        "origin": origins[id(w)],
        "workload": w.name,
        "impl_index": w.impls.index(case.impl),
        "backend": case.backend,
        "device": case.device,
        "dtype": case.dtype,
        "size": case.size,
        **({"machine": case.machine} if case.machine is not None else {}),
    }


def _failed(case: Case, error: str, kind: str) -> CaseResult:
    return CaseResult(status=FAILED, error=error, failure=kind, **_base_fields(case))


def _origin(w: Workload) -> str:
    """Where a worker can find ``w`` again: the module of a built-in workload
    (``module:NAME``, :mod:`arraybench.catalog`), the path of the file defining it, or, for
    one defined in a notebook or IPython, the workload itself, pickled (``value:...``)."""
    origin = getattr(w, "origin", None)
    if origin:
        return str(origin)
    module = builtin_module(w)
    if module is not None:
        return MODULE + module
    if needs_value(w):
        return send_by_value(w)
    try:
        source = inspect.getsourcefile(w._inputs) if w._inputs else None
    except TypeError:
        source = None
    if not source or source.startswith("<"):
        return send_by_value(w)
    return source


# -- the worker's side ----------------------------------------------------------------------


_worker_workloads: dict[str, list[Workload]] = {}


def run_group_in_worker(request: Mapping[str, Any]) -> dict[str, Any]:
    """The worker's side of a request: load the workloads, then prepare, check and sample the
    cases (one size group, or one case under --isolate) in turns as an in-process run does.

    Returns:
        ``{"cases": [CaseResult as a dict, ...], "spent": {part: seconds}}``: the cases in the
        request's order, and where this process's time went while it measured them
        (:mod:`.walltime`).
    """
    WALL.take()  # the time before the request (waiting for it) is not the request's
    with watching_imports():
        out = _run_group(request)
    return {"cases": out, "spent": WALL.take()}


def _run_group(request: Mapping[str, Any]) -> list[dict[str, Any] | None]:
    cases = []
    values = request.get("values") or {}
    for spec in request["cases"]:
        origin, name = spec["origin"], spec["workload"]
        if origin not in _worker_workloads:  # a workload by value: its digest, then its pickle
            _worker_workloads[origin] = load(values.get(origin, origin))
        found = [w for w in _worker_workloads[origin] if w.name == name]
        if not found:
            raise WorkloadError(f"{origin}: no workload named {name!r} (the file changed?)")
        w = found[0]
        impl = w.impls[spec["impl_index"]]
        cases.append(
            Case(
                w,
                impl,
                spec["backend"],
                spec["device"],
                spec["dtype"],
                spec["size"],
                spec.get("machine"),
            )
        )
    # After the files: one may register the backend the settings name when it is imported.
    config = RunConfig.from_kwargs(
        **{
            k: v
            for k, v in request["config"].items()
            if k not in ("isolate", "timeout", "memory_limit", "processes", "cluster")
        }
    )
    if request.get("checked"):  # another process compares the results: the run's check is once
        config = replace(config, check=False)
    timer = TimerSettings(
        budget=request["budget"],
        target=config.target,
        max_samples=request["max_samples"],
        min_samples=request["min_samples"],
    )
    out: list[dict[str, Any] | None] = [None] * len(cases)

    def done(k: int, result: CaseResult) -> None:
        out[k] = result.to_dict()

    with contextlib.ExitStack() as stack:
        _apply_threads(stack, config.threads, list(dict.fromkeys(c.backend for c in cases)))
        sample_group(
            cases,
            _References(config),
            config,
            timer,
            default_clock(),
            Floor(**request["floor"]),
            done,
            budgets=request.get("budgets"),
            warm=bool(request.get("warm", False)),
        )
    return out
