"""Built-in workloads, and collecting workloads from users' files."""

from __future__ import annotations

import contextlib
import importlib.util
import sys
from pathlib import Path

from ..errors import ConfigError, WorkloadError, WorkloadFileError
from ..workload import Workload
from .experiment import Experiment


def builtin() -> dict[str, Workload]:
    """The built-in workloads by name: those of the classic suite's experiments."""
    from .classic import experiments

    return {w.name: w for exp in experiments() for w in exp.workloads}


def builtin_experiments() -> dict[str, Experiment]:
    from .classic import experiments

    return {exp.name: exp for exp in experiments()}


def load_file(path: str | Path) -> list[Workload]:
    """Import a Python file and collect the Workload objects defined at its module level.

    Like pytest collecting tests: the file runs once, as a module of its own (so its functions
    can be pickled and its imports work), and every module-level Workload is taken in order.
    """
    p = Path(path)
    if not p.is_file():
        raise WorkloadFileError(f"{p}: no such file")
    if p.suffix != ".py":
        raise WorkloadFileError(f"{p}: a workload file must be a Python file ending in .py")
    module_name = f"arraybench_user_{abs(hash(str(p.resolve())))}_{p.stem}"
    spec = importlib.util.spec_from_file_location(module_name, p)
    if spec is None or spec.loader is None:
        raise WorkloadFileError(f"{p}: cannot be imported as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    sys.path.insert(0, str(p.parent.resolve()))
    try:
        spec.loader.exec_module(module)
    except WorkloadError as e:
        raise WorkloadFileError(f"{p}: {e}") from None
    except SyntaxError as e:
        raise WorkloadFileError(
            f"{p}:{e.lineno}: syntax error: {e.msg}; fix the file and run again"
        ) from None
    except Exception as e:
        import traceback

        frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == str(p)]
        where = f":{frames[-1].lineno}" if frames else ""
        raise WorkloadFileError(
            f"{p}{where}: importing the file raised {type(e).__name__}: {e}"
        ) from e
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(str(p.parent.resolve()))
    found = _workloads_in(vars(module))
    if not found:
        raise WorkloadFileError(
            f"{p}: defines no Workload at module level; create one with "
            '`w = arraybench.Workload("name")` and register impls on it'
        )
    return found


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
            raise ConfigError(
                f"no workload named {t!r} and no such file; built-in workloads: "
                f"{', '.join(known)} (or give a path to a .py file)"
            )
    names = [w.name for item in out for w in _workloads_of(item)]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise WorkloadError(f"two workloads are named {dup[0]!r}; workload names must be unique")
    return out


def _workloads_of(item: Experiment | Workload) -> list[Workload]:
    return [item] if isinstance(item, Workload) else list(item.workloads)


def _workloads_in(namespace: dict[str, object]) -> list[Workload]:
    seen: dict[int, Workload] = {}
    for value in namespace.values():
        if isinstance(value, Workload) and id(value) not in seen:
            seen[id(value)] = value
    return list(seen.values())
