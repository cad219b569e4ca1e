"""Kinds of value as bits, and what crosses function boundaries in one file: the functions call
sites reach and the facts that flow through them (filled by advise/read/program.py).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

#: Kinds of value, as bits: what a call site tells a parameter, an ``__init__`` tells a method
#: about ``self.x``, and a ``return`` tells the callers.
ARRAY, HOST, DEVICE, FLOAT64, EXPLICIT64, MODEL, GPU_FN, TENSOR, FRAME, LOADER, LARGE = (
    1 << k for k in range(11)
)


@dataclass
class Function:
    """A function or method that call sites can reach by name (``f``, ``C.m``, ``C(...)``)."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    cls: str | None
    bound: bool  # a method called on an instance: the first parameter is not passed

    def parameter_for(self, k: int) -> str | None:
        """The name of the parameter that positional argument ``k`` of a call lands in."""
        a = self.node.args
        positional = [*a.posonlyargs, *a.args][1 if self.bound else 0 :]
        if k < len(positional):
            return positional[k].arg
        return a.vararg.arg if a.vararg is not None else None


@dataclass
class Program:
    """Facts that cross function boundaries in one file (and, through ``imported``, from the
    other files of the folder being linted). Filled to a fixed point by ``program.analyse``.

    Attributes:
        module: the file's dotted module name when linted as part of a folder.
        functions: callable things by key (``f``, ``C.m``).
        classes: class name -> the names of its bases, as written.
        params: key -> parameter -> kinds carried in by call sites (bits above).
        attrs: class -> ``self.x`` -> kinds assigned anywhere in the class.
        returns: key -> kinds of what it returns; ``return_elts`` for ``return a, b``.
        gpu_work: keys of functions that call torch or JAX (timed work when passed around).
        imported: qualified name (``pkg.mod.f``) -> (returns, return_elts) from other files.
        outgoing: qualified name -> parameter position or name -> kinds, from this file's calls.
        external: qualified names of the imported functions this file calls.
        assumed: for each, the kinds its calls were taken to return without knowing it.
    """

    module: str | None = None
    functions: dict[str, Function] = field(default_factory=dict)
    classes: dict[str, list[str]] = field(default_factory=dict)
    params: dict[str, dict[str, int]] = field(default_factory=dict)
    attrs: dict[str, dict[str, int]] = field(default_factory=dict)
    returns: dict[str, int] = field(default_factory=dict)
    return_elts: dict[str, tuple[int, ...]] = field(default_factory=dict)
    gpu_work: set[str] = field(default_factory=set)
    imported: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    outgoing: dict[str, dict[str, int]] = field(default_factory=dict)
    external: set[str] = field(default_factory=set)
    assumed: dict[str, int] = field(default_factory=dict)
    #: bookkeeping of the rounds (program.analyse): which functions and classes have facts
    #: (ever, and in this round), which are still to be computed in this round, which scopes
    #: asked what a function returns, and what arrived too late for a scope (stale, late)
    done: set[str] = field(default_factory=set)
    done_now: set[str] = field(default_factory=set)
    pending: dict[str, int] = field(default_factory=dict)
    askers: dict[str, set[int]] = field(default_factory=dict)
    current: int = 0
    stale: set[str] = field(default_factory=set)
    late: set[int] = field(default_factory=set)

    def is_late(self, key: str) -> bool:
        """Whether a fact about ``key`` comes after a scope that reads it took its facts."""
        return key in self.done_now or (key in self.done and not self.pending.get(key))

    def add(self, table: dict[str, dict[str, int]], key: str, name: str, kinds: int) -> None:
        """OR ``kinds`` into ``table[key][name]``; a scope that read the row before this round
        changed it needs another round."""
        if not kinds:
            return
        row = table.setdefault(key, {})
        old = row.get(name, 0)
        if old | kinds != old:
            row[name] = old | kinds
            if self.is_late(key):
                self.stale.add(key)

    def method(self, cls: str, name: str) -> str | None:
        """The key of ``cls.name``, looked up through the bases defined in this file."""
        seen: set[str] = set()
        todo = [cls]
        while todo:
            c = todo.pop(0)
            if c in seen:
                continue
            seen.add(c)
            key = f"{c}.{name}"
            if key in self.functions:
                return key
            todo.extend(b.rsplit(".", 1)[-1] for b in self.classes.get(c, []))
        return None
