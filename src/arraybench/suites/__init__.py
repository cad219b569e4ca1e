"""The built-in experiments and workloads, and what command-line targets name: experiments and
workloads of the built-in suite, and the workloads of users' files (read by
:func:`arraybench.catalog.load_file`)."""

from __future__ import annotations

from pathlib import Path

from ..base.errors import ConfigError, WorkloadError
from ..catalog import load_file
from ..names import choices
from ..workload import Workload
from .experiment import Experiment


def builtin() -> dict[str, Workload]:
    """The built-in workloads by name: those of the classic suite's experiments."""
    from .classic import experiments

    return {w.name: w for exp in experiments() for w in exp.workloads}


def builtin_experiments() -> dict[str, Experiment]:
    from .classic import experiments

    return {exp.name: exp for exp in experiments()}


def resolve(targets: list[str]) -> list[Experiment | Workload]:
    """What command-line targets name: experiments and workloads of the built-in suite (all of
    its experiments when there is no target), and the workloads of .py files."""
    if not targets:
        return list(builtin_experiments().values())
    out: list[Experiment | Workload] = []
    for t in targets:
        if t.endswith(".py") or Path(t).is_file():
            out.extend(load_file(t))
            continue
        # Built-ins are imported only when a target names one: a user file needs none of them.
        exps, known = builtin_experiments(), builtin()
        if t in exps:
            out.append(exps[t])
        elif t in known:
            out.append(known[t])
        else:
            names = dict.fromkeys([*exps, *known])  # an experiment and its workload share names
            raise ConfigError(
                f"no workload named {t!r} and no such file"
                f"{choices(t, names, 'built-in experiments and workloads')}; or give the path of "
                "a .py file ('arraybench list' describes the workloads)"
            )
    _refuse_duplicates([w for item in out for w in _workloads_of(item)])
    return out


def _refuse_duplicates(workloads: list[Workload]) -> None:
    by_name: dict[str, list[Workload]] = {}
    for w in workloads:
        group = by_name.setdefault(w.name, [])
        if all(w is not other for other in group):  # one object named twice is no clash
            group.append(w)
    for name, group in by_name.items():
        if len(group) > 1:
            places = [w.origin or "the built-in suite" for w in group]
            where = (
                f"both in {places[0]}"
                if len(set(places)) == 1
                else "in " + " and in ".join(dict.fromkeys(places))
            )
            raise WorkloadError(
                f"two workloads are named {name!r} ({where}); workload names must be unique in a "
                "run: rename one (the first argument of arraybench.Workload)"
            )


def _workloads_of(item: Experiment | Workload) -> list[Workload]:
    return [item] if isinstance(item, Workload) else list(item.workloads)
