"""A ``%%arraybench`` cell as a Workload: a setup part that builds the inputs from ``n``, then
one line per impl, ``label (backend, ...): expression``.

    %%arraybench --sizes 10:1e5 --quick
    x = rng.uniform(-3, 3, n)               # setup: float64 NumPy inputs from n (rng: seeded)
    loop (python): [math.sin(v) ** 2 for v in x]
    vectorized (numpy, torch): xp.sin(x) ** 2
    numpy: np.sin(x) ** 2                   # a backend's name alone is the label too

The cell becomes what a workload file would hold: the setup an inputs builder
``make(n, rng)`` returning the names it assigns that the expressions read (and ``n`` where one
reads it), each line an impl ``def label(x, ...): return expression`` taking every input (and
``xp``, the backend's array namespace, where the expression names it). The functions are
compiled with the cell's line numbers, so a traceback points at the cell's own line, and their
globals are the notebook's names that the cell reads: the engine sends them to its worker
processes by value (:func:`arraybench.catalog.send_by_value`).
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base.errors import WorkloadError
from ..names import known_names
from ..workload import Workload

#: ``label (backend, backend): expression``; the backends may be left out when the label is one.
_IMPL = re.compile(
    r"^(?P<label>[A-Za-z_][\w.\- ]*?)\s*(?:\((?P<backends>[\w\s,]*)\))?\s*:\s*(?P<expr>\S.*)$"
)
#: What the setup is given besides the notebook's names: the size and a seeded generator.
GIVEN = ("n", "rng")
#: How the cell's impl lines are written, for the errors that show them.
USAGE = (
    "write the setup first (it builds float64 NumPy inputs from n, e.g. "
    "`x = rng.uniform(-1, 1, n)`), then one line per impl: `label (backend): expression`, "
    "e.g. `loop (python): [v * 2 for v in x]` or `numpy: x * 2`"
)


@dataclass(frozen=True)
class Line:
    """One impl line of a cell: its label, backends, expression and line number (from 1)."""

    label: str
    backends: tuple[str, ...]
    expr: str
    lineno: int


@dataclass(frozen=True)
class Cell:
    """A cell split into its setup (with the line it starts on) and its impl lines."""

    setup: str
    setup_line: int
    lines: tuple[Line, ...]


def split(cell: str) -> Cell:
    """The setup and impl lines of ``cell``: the impl lines are the last lines of the cell that
    read as ``label (backends): expression`` (blank lines and comments between them allowed).

    Raises:
        WorkloadError: no impl line, or one that names no backend, with how to write it.
    """
    rows = cell.splitlines()
    lines: list[Line] = []
    first = len(rows)
    for i in range(len(rows) - 1, -1, -1):
        text = rows[i].strip()
        if not text or text.startswith("#"):
            continue
        line = _impl_line(text, i + 1)
        if line is None:
            break
        lines.insert(0, line)
        first = i
    if not lines:
        raise WorkloadError(f"the cell has no impl line: {USAGE}")
    setup = textwrap.dedent("\n".join(rows[:first])).strip("\n")
    start = next((k + 1 for k, r in enumerate(rows[:first]) if r.strip()), 1)
    labels = [ln.label for ln in lines]
    twice = sorted({x for x in labels if labels.count(x) > 1})
    if twice:
        raise WorkloadError(f"two impl lines are labelled {', '.join(map(repr, twice))}: {USAGE}")
    return Cell(setup, start, tuple(lines))


def _impl_line(text: str, lineno: int) -> Line | None:
    m = _IMPL.match(text)
    if m is None:
        return None
    expr = m.group("expr")
    try:
        compile(expr, "<impl>", "eval")
    except SyntaxError:
        return None
    label = m.group("label").strip()
    given = m.group("backends")
    if given is not None:
        backends = tuple(b.strip() for b in given.split(",") if b.strip())
    elif label in known_names("backends"):
        backends = (label,)
    else:
        raise WorkloadError(
            f"line {lineno}: {label!r} is not a backend: name the backend it runs on, "
            f"`{label} (numpy): {expr}` (backends: {', '.join(known_names('backends'))})"
        )
    if not backends:
        raise WorkloadError(f"line {lineno}: name a backend in the parentheses: {USAGE}")
    return Line(label, backends, expr, lineno)


def workload(
    cell: str,
    namespace: Mapping[str, Any],
    *,
    name: str = "cell",
    sizes: Sequence[int] = (10, 1000, 100_000),
    dtypes: Sequence[str] = ("float64",),
) -> Workload:
    """The Workload of a ``%%arraybench`` cell, its functions reading ``namespace`` (the
    notebook's names).

    Raises:
        WorkloadError: the cell cannot be read (no impl line, a syntax error in the setup), with
            its line.
    """
    parts = split(cell)
    try:
        setup_tree = ast.parse(parts.setup) if parts.setup else ast.Module(body=[], type_ignores=[])
    except SyntaxError as e:
        line = (e.lineno or 1) + parts.setup_line - 1
        raise WorkloadError(f"line {line}: the setup has a syntax error: {e.msg}") from None
    assigned = _assigned(setup_tree)
    read: dict[str, None] = {}
    for ln in parts.lines:
        read.update(dict.fromkeys(_names(ast.parse(ln.expr, mode="eval"))))
    inputs = [v for v in assigned if v in read]
    if "n" in read and "n" not in assigned:
        inputs.append("n")
    wanted = set(read) | set(_names(setup_tree))
    space = {k: namespace[k] for k in wanted if k in namespace and k not in GIVEN}
    space["__builtins__"] = __builtins__
    w = Workload(name, sizes=sizes, dtypes=dtypes, description="a %%arraybench cell")
    w.inputs(_builder(parts, inputs, space))
    for ln in parts.lines:
        params = [*inputs, *(["xp"] if "xp" in read and "xp" in _names_of(ln.expr) else [])]
        fn = _compiled(
            f"def {_identifier(ln.label)}({', '.join(params)}):\n    return ({ln.expr})\n",
            ln.lineno - 1,
            space,
        )
        w.impl(*ln.backends, label=ln.label)(fn)
    return w


def _builder(parts: Cell, inputs: Sequence[str], space: dict[str, Any]) -> Any:
    """``make(n, rng)``: the setup, returning the inputs it assigns (and ``n`` where read)."""
    body = textwrap.indent(parts.setup or "pass", "    ")
    out = ", ".join(f"{v!r}: {v}" for v in inputs)
    source = f"def make(n, rng):\n{body}\n    return {{{out}}}\n"
    return _compiled(source, parts.setup_line - 1, space)


def _compiled(source: str, first: int, space: dict[str, Any]) -> Any:
    """The one function ``source`` defines, compiled as if its body began on line ``first + 1``
    of the cell (so errors name the cell's line), with ``space`` as its globals."""
    tree = ast.parse(source)
    ast.increment_lineno(tree, max(0, first - 1))
    code = compile(tree, "<%%arraybench cell>", "exec")
    local: dict[str, Any] = {}
    exec(code, space, local)
    (fn,) = local.values()
    return fn


def _assigned(tree: ast.Module) -> list[str]:
    """The names the setup's top-level statements assign, in order."""
    out: dict[str, None] = {}
    for stmt in tree.body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                out[node.id] = None
            elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
                out[node.name] = None
    return [v for v in out if v not in GIVEN]


def _names(tree: ast.AST) -> list[str]:
    """Every name ``tree`` reads, in order."""
    out: dict[str, None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            out[node.id] = None
    return list(out)


def _names_of(expr: str) -> list[str]:
    return _names(ast.parse(expr, mode="eval"))


def _identifier(label: str) -> str:
    """A function name for ``label`` (the label itself is what reports show)."""
    name = re.sub(r"\W", "_", label)
    return name if name.isidentifier() else f"_{name}"
