"""Built-in workloads, and collecting workloads from users' files."""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import sys
from pathlib import Path

from .. import workload as _workload
from ..errors import ConfigError, UnknownNameError, WorkloadError, WorkloadFileError
from ..workload import Workload, choices
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
    The workloads the file creates get ``origin`` set to its path, so that their errors name it.

    Raises:
        WorkloadFileError: naming the file (and the line, when there is one) and the fix.
        UnknownNameError: when an impl names a backend, dtype or device arraybench does not
            know (a usage error: nothing should run).
    """
    p = Path(path)
    if not p.is_file():
        raise WorkloadFileError(
            f"{p}: no such file"
            + ("" if p.suffix == ".py" else " and no built-in workload")
            + "; check the path (it is relative to the current directory)"
        )
    if p.suffix != ".py":
        raise WorkloadFileError(f"{p}: a workload file must be a Python file ending in .py")
    # The same name in every process (not hash(), which each process seeds anew): code compiled
    # from the file and kept on disk (Numba's cache) names its module, and a worker loads it so.
    digest = hashlib.sha256(str(p.resolve()).encode()).hexdigest()[:16]
    module_name = f"arraybench_user_{digest}_{p.stem}"
    spec = importlib.util.spec_from_file_location(module_name, p)
    if spec is None or spec.loader is None:
        raise WorkloadFileError(f"{p}: cannot be imported as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    sys.path.insert(0, str(p.parent.resolve()))
    # Workloads numbered above this mark were created while the file ran (not merely imported).
    mark = next(_workload._serial)
    try:
        spec.loader.exec_module(module)
    except UnknownNameError as e:  # a misspelt dtype or device: a usage error (exit 2)
        raise UnknownNameError(f"{p}{_line_in(p, e)}: {e}") from e
    except WorkloadError as e:
        raise WorkloadFileError(f"{p}{_line_in(p, e)}: {e}") from e
    except SyntaxError as e:
        raise WorkloadFileError(
            f"{p}:{e.lineno}: syntax error: {e.msg}; fix the file and run again"
        ) from None
    except Exception as e:
        raise WorkloadFileError(
            f"{p}{_line_in(p, e)}: importing the file raised {type(e).__name__}: {e}; "
            + _import_fix(e)
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
    for w in found:
        if w.origin is None and w._serial > mark:
            w.origin = str(p)
    for w in found:
        w.check_names()
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


def _line_in(path: Path, e: BaseException) -> str:
    """``":12"``: the line of ``path`` where ``e`` was raised (the innermost), or ``""``."""
    import traceback

    target = path.resolve()
    lines = [
        f.lineno
        for f in traceback.extract_tb(e.__traceback__)
        if f.filename and Path(f.filename).resolve() == target
    ]
    return f":{lines[-1]}" if lines and lines[-1] is not None else ""


def _import_fix(e: BaseException) -> str:
    """What to do about an exception raised while importing a user's file."""
    if isinstance(e, ModuleNotFoundError) and e.name:
        top = e.name.split(".")[0]
        return f"install {top} (pip install {top}) or remove the import"
    return "fix the file and run again"


def _workloads_of(item: Experiment | Workload) -> list[Workload]:
    return [item] if isinstance(item, Workload) else list(item.workloads)


def _workloads_in(namespace: dict[str, object]) -> list[Workload]:
    seen: dict[int, Workload] = {}
    for value in namespace.values():
        if isinstance(value, Workload) and id(value) not in seen:
            seen[id(value)] = value
    return list(seen.values())
