"""Where workloads come from, so that any process can load them again: the workloads of users'
``.py`` files, and the built-in ones, found in the modules that define them.

A worker process (``--processes``, ``--isolate``) or a machine of a cluster is told where each
workload of its cases is, an *origin*: the path of the user's file, or ``module:NAME`` for a
workload defined at the top level of an importable module that registered as a home of built-in
workloads (:func:`register_builtin`; the classic suite's modules do, from ``arraybench.suites``).
It loads the workloads from there, once per origin (:func:`load`).

A workload that no file or module can give again, one defined in a notebook, in IPython or in
the ``__main__`` of ``python -c``, travels by value instead: pickled with cloudpickle, which
pickles the functions of ``__main__`` (and functions made by ``exec``) with their code and the
globals they use, and imports everything else by name in the worker. Its origin is then
``value:`` and the pickle, base64 (:func:`send_by_value`); what cannot be pickled (an open
file, a lock, a tensor on a GPU) is refused before any worker starts, with its name
(:class:`~arraybench.base.errors.WorkloadError`).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import importlib
import importlib.util
import io
import pickle
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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


#: How an origin carries a workload by value: ``value:`` and its cloudpickle, base64.
VALUE = "value:"


def load(origin: str) -> list[Workload]:
    """The workloads at ``origin``: a registered module's (``module:NAME``), one sent by value
    (``value:...``) or a file's."""
    if origin.startswith(MODULE):
        return _workloads_in(vars(importlib.import_module(origin.removeprefix(MODULE))))
    if origin.startswith(VALUE):
        w = pickle.loads(base64.b64decode(origin.removeprefix(VALUE)))  # the parent pickled it
        return [w]
    return load_file(origin)


def needs_value(w: Workload) -> bool:
    """Whether ``w`` can reach another process only by value: one of its functions was defined
    where no file can give it again (a notebook's cell, IPython, ``exec``, ``python -c``)."""
    main = sys.modules.get("__main__")
    main_file = getattr(main, "__file__", None)
    for fn in _functions(w):
        module = getattr(fn, "__module__", None)
        if module is None or module not in sys.modules:
            return True  # made by exec with globals of its own, or its module is gone
        if module == "__main__" and not (main_file and Path(main_file).is_file()):
            return True
        code = getattr(fn, "__code__", None)
        source = getattr(code, "co_filename", "") if code is not None else ""
        if source.startswith("<"):
            return True
    return False


def send_by_value(w: Workload) -> str:
    """``w``'s origin by value: ``value:`` and its pickle (cloudpickle), base64.

    Raises:
        WorkloadError: naming the part of ``w`` that cannot be pickled (the impl, and the name it
            uses), why, and the fix; or when cloudpickle is not installed.
    """
    try:
        import cloudpickle  # noqa: F401 - checked here, used by _dumps
    except ImportError:
        raise WorkloadError(
            f"{w.where()} is defined interactively, and sending it to the worker processes "
            "needs cloudpickle: pip install cloudpickle (it comes with dask), define it in a "
            "file, or measure in this process (processes=1)"
        ) from None
    try:
        data = _dumps(w)
    except Exception as e:
        raise WorkloadError(_unsendable(w, e)) from None
    return VALUE + base64.b64encode(data).decode("ascii")


def _functions(w: Workload) -> Iterator[Callable[..., Any]]:
    if w._inputs is not None:
        yield w._inputs
    for impl in w.impls:
        yield impl.fn
    for fn in (w.flops, w.bytes):
        if fn is not None:
            yield fn


class _Unsendable(TypeError):
    """An object that pickles, but would not be the same object in a worker."""


def _dumps(obj: Any) -> bytes:
    import cloudpickle

    class Pickler(cloudpickle.Pickler):  # type: ignore[misc, name-defined]
        def reducer_override(self, o: Any) -> Any:
            # A tensor on a GPU pickles, but each worker would load its own copy onto the
            # device (and start CUDA for it) outside any case: it belongs in the inputs.
            device = getattr(o, "device", None)
            kind = getattr(device, "type", None) or getattr(device, "platform", None)
            if kind not in (None, "cpu") and type(o).__module__.split(".")[0] in (
                "torch",
                "jax",
                "jaxlib",
                "cupy",
            ):
                raise _Unsendable(
                    f"a {type(o).__module__.split('.')[0]} array on {device}; build it in the "
                    "inputs (setup), where each case puts its inputs on its own device"
                )
            return super().reducer_override(o)

    buf = io.BytesIO()
    Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buf.getvalue()


def _unsendable(w: Workload, error: Exception) -> str:
    """What in ``w`` could not be pickled: the function, and the global or closure variable of
    it that fails, with the pickler's reason."""
    where = f"{w.where()} cannot be sent to the worker processes"
    fix = (
        "make it at module level in a file, build it inside the function (or the inputs "
        "builder), or measure in this process (processes=1)"
    )
    parts: list[tuple[str, Any]] = []
    if w._inputs is not None:
        parts.append(("its inputs builder", w._inputs))
    parts += [(f"impl {impl.label!r}", impl.fn) for impl in w.impls]
    parts += [(f"its {k}=", f) for k, f in (("flops", w.flops), ("bytes", w.bytes)) if f]
    for what, fn in parts:
        try:
            _dumps(fn)
            continue
        except Exception as e:
            reason = f"{type(e).__name__}: {e}"
        for name, value in _names_used(fn):
            try:
                _dumps(value)
            except Exception as e:
                return (
                    f"{where}: {what} uses {name!r}, {_describe(value)}, which cannot be "
                    f"pickled ({type(e).__name__}: {e}); {fix}"
                )
        return f"{where}: {what} cannot be pickled ({reason}); {fix}"
    return f"{where}: it cannot be pickled ({type(error).__name__}: {error}); {fix}"


def _names_used(fn: Any) -> Iterator[tuple[str, Any]]:
    """The globals and closure variables ``fn`` reads, by name (nested code included)."""
    code = getattr(fn, "__code__", None)
    if code is None:
        return
    names: set[str] = set()
    todo = [code]
    while todo:
        c = todo.pop()
        names.update(c.co_names)
        todo += [k for k in c.co_consts if hasattr(k, "co_names")]
    g = getattr(fn, "__globals__", {})
    for name in sorted(names):
        if name in g:
            yield name, g[name]
    for name, cell in zip(code.co_freevars, getattr(fn, "__closure__", None) or (), strict=False):
        with contextlib.suppress(ValueError):  # an empty cell
            yield name, cell.cell_contents


def _describe(value: Any) -> str:
    kind = type(value)
    text = f"a {kind.__module__}.{kind.__qualname__}"
    return text.replace("a builtins.", "a ").replace("a _io.", "an open file: _io.")


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
