"""Where workloads come from, so that any process can load them again: the workloads of users'
``.py`` files, and the built-in ones, found in the modules that define them.

A worker process (``--processes``, ``--isolate``) or a machine of a cluster is told where each
workload of its cases is, an *origin*: the path of the user's file, or ``module:NAME`` for a
workload defined at the top level of an importable module that registered as a home of built-in
workloads (:func:`register_builtin`; the classic suite's modules do, from ``arraybench.suites``).
It loads the workloads from there, once per origin (:func:`load`).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import sys
from pathlib import Path

from . import workload as _workload
from .base.errors import UnknownNameError, WorkloadError, WorkloadFileError
from .workload import Workload

#: How an origin names a module of built-in workloads: ``module:arraybench.suites.classic.sin2``.
MODULE = "module:"

#: The modules registered as homes of built-in workloads, by name (:func:`register_builtin`).
_builtin_modules: list[str] = []


def register_builtin(*modules: str) -> None:
    """Register modules, by name, whose top-level workloads are built in: a worker finds such a
    workload again by importing its module rather than by running a file. Nothing is imported
    here: a workload can only be in a module that was imported already."""
    for name in modules:
        if name not in _builtin_modules:
            _builtin_modules.append(name)


def builtin_module(w: Workload) -> str | None:
    """The registered module that defines ``w`` at its top level, or None (a user's workload)."""
    for name in _builtin_modules:
        module = sys.modules.get(name)
        if module is not None and any(v is w for v in vars(module).values()):
            return name
    return None


def load(origin: str) -> list[Workload]:
    """The workloads at ``origin``: a registered module's (``module:NAME``) or a file's."""
    if origin.startswith(MODULE):
        return _workloads_in(vars(importlib.import_module(origin.removeprefix(MODULE))))
    return load_file(origin)


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


def _workloads_in(namespace: dict[str, object]) -> list[Workload]:
    seen: dict[int, Workload] = {}
    for value in namespace.values():
        if isinstance(value, Workload) and id(value) not in seen:
            seen[id(value)] = value
    return list(seen.values())
