"""A digest of the code a function runs, so that two runs can tell which cases' code changed.

``compare`` reads the cases whose code did not change as the reference the changed ones are read
against (analysis/control.py). What a case runs is its impl and the workload's input builder;
each is digested with what it reaches in its own module:

    source     the function's source text (its code object's bytecode and constants where the
               source cannot be read: a function built at run time)
    names      each global name its code uses (nested functions' too): a function or class
               defined in the same module is digested in turn (a helper the impl calls); a
               plain value (a number, a string, a tuple of them) by its repr, so a module
               constant such as ``EXTRA = 0.10`` is part of the code; a module, or anything
               from another module, by its name only (a library's version is the environment's)

What it cannot see: a change inside another module of the user's (only its name is kept), in an
array or other object held in a module global, or in a file read at run time. A case whose
digest cannot be taken has none, and never serves as the reference.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import textwrap
import types
from collections.abc import Callable
from typing import Any

#: Plain values a digest takes by their repr (a module constant is part of the code).
_PLAIN = (int, float, complex, str, bytes, bool, type(None))
#: How deep helpers of helpers are followed.
_DEPTH = 8


def code_digest(*fns: Callable[..., Any] | None) -> str | None:
    """A short hex digest of what ``fns`` run (module docstring); None when one cannot be
    digested."""
    h = hashlib.sha256()
    for fn in fns:
        if fn is None:
            h.update(b"-")
            continue
        part = _digest(fn)
        if part is None:
            return None
        h.update(part.encode())
    return h.hexdigest()[:16]


def _unwrap(fn: Any) -> Any:
    """The Python function behind a decorator (functools.wraps, a Numba dispatcher's
    ``py_func``, a jitted function's ``__wrapped__``)."""
    for _ in range(8):
        inner = getattr(fn, "py_func", None) or getattr(fn, "__wrapped__", None)
        if inner is None or inner is fn:
            break
        fn = inner
    return fn


@functools.lru_cache(maxsize=1024)
def _digest_cached(fn: Any) -> str | None:
    return _walk(fn, set(), 0)


def _digest(fn: Any) -> str | None:
    try:
        return _digest_cached(fn)
    except TypeError:  # not hashable
        return _walk(fn, set(), 0)


def _walk(obj: Any, seen: set[int], depth: int) -> str | None:
    obj = _unwrap(obj)
    if id(obj) in seen:
        return "<again>"
    seen.add(id(obj))
    text = _source(obj)
    if text is None:
        return None
    parts = [text]
    code = getattr(obj, "__code__", None)
    module_name = getattr(obj, "__module__", None)
    scope = getattr(obj, "__globals__", None)
    if scope is None and inspect.isclass(obj):
        module = inspect.getmodule(obj)
        scope = vars(module) if module is not None else {}
    names: list[str] = []
    if code is not None:
        names = sorted(_names(code))
    elif inspect.isclass(obj):
        names = sorted(
            n for f in vars(obj).values() if inspect.isfunction(f) for n in _names(f.__code__)
        )
    for name in names:
        value = (scope or {}).get(name, _MISSING)
        if value is _MISSING:
            continue  # a builtin, or a name not bound yet
        parts.append(f"{name}=" + _global(value, module_name, seen, depth))
    return "\n".join(parts)


_MISSING = object()


def _global(value: Any, module_name: str | None, seen: set[int], depth: int) -> str:
    """How a global name a function uses enters its digest."""
    if isinstance(value, _PLAIN):
        return repr(value)
    if isinstance(value, tuple | frozenset) and all(isinstance(v, _PLAIN) for v in value):
        return repr(sorted(map(repr, value)) if isinstance(value, frozenset) else value)
    if isinstance(value, types.ModuleType):
        return f"<module {value.__name__}>"
    inner = _unwrap(value)
    own = getattr(inner, "__module__", None) == module_name and module_name is not None
    if own and depth < _DEPTH and (inspect.isfunction(inner) or inspect.isclass(inner)):
        text = _walk(inner, seen, depth + 1)
        if text is not None:
            return "{" + text + "}"
    where = getattr(inner, "__module__", None) or type(inner).__module__
    what = getattr(inner, "__qualname__", None) or type(inner).__qualname__
    return f"<{where}.{what}>"


def _names(code: types.CodeType) -> set[str]:
    """The global names ``code`` and its nested functions use."""
    out = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out |= _names(const)
    return out


def _source(obj: Any) -> str | None:
    """The source text of a function or class, else its bytecode and constants."""
    try:
        return textwrap.dedent(inspect.getsource(obj))
    except (OSError, TypeError):
        code = getattr(obj, "__code__", None)
        if code is None:
            return None
        return str(code.co_code.hex()) + repr([c for c in code.co_consts if isinstance(c, _PLAIN)])
