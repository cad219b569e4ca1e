"""``%arraybench_profile [-f NAME]... STATEMENT``: the advisor (``arraybench profile``) on a
statement of the notebook, its findings on the notebook's own cells and lines.

The profiler times the code of the user's *files*: it compiles them itself, padded for its line
timer, and lint reads them. A function defined in a cell has no file, so each cell that defines
a function to profile is written out as one, line for line (``In [3].py``, its other top-level
statements left as blank lines so that profiling runs none of them), next to a script holding
the statement:

    In [3].py         the cell's defs and imports, at the cell's own line numbers
    statement.py      the notebook's names put in its globals, the profiled functions replaced
                      by the timed ones (from the files above), then STATEMENT

Then ``arraybench profile statement.py`` runs in this process, as it runs any script, and its
report names ``In [3], line 9`` where it would name ``train.py:9``. The functions profiled are
those named with ``-f`` and the notebook's functions the statement names; while it runs, the
notebook's own names point at the timed copies too, so a profiled function called through
another function of the notebook is timed as well.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import html
import importlib
import linecache
import re
import sys
import tempfile
import types
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..base.errors import ConfigError

#: The script's name in the folder, and how the report names it.
STATEMENT = "statement.py"
#: What ``prepare`` (called by the script) needs from the magic: set for the run, in this process.
_PENDING: dict[str, Any] = {}


@dataclass(frozen=True)
class Plan:
    """What a profile of a statement runs: the folder, the script, and which function of the
    notebook comes from which cell module."""

    folder: Path
    script: Path
    modules: Mapping[str, str]  # function name -> module name (the cell's file, without .py)
    assigns: tuple[str, ...] = ()  # the names the statement assigns


def parse(line: str) -> tuple[list[str], str]:
    """``-f NAME`` options (any number, first), then the statement."""
    names: list[str] = []
    rest = line.strip()
    while rest.startswith("-f"):
        m = re.match(r"-f\s*([A-Za-z_][\w.]*)\s*", rest)
        if m is None:
            raise ConfigError("%arraybench_profile: -f takes a function's name: -f train train()")
        names.append(m.group(1))
        rest = rest[m.end() :]
    if not rest:
        raise ConfigError(
            "%arraybench_profile needs a statement to run: %arraybench_profile train(100), or "
            "%arraybench_profile -f step train(100) to time step, which train calls"
        )
    return names, rest


def plan(statement: str, names: list[str], namespace: Mapping[str, Any], folder: Path) -> Plan:
    """Write the cells of the functions to profile, and the statement's script, into ``folder``.

    Raises:
        ConfigError: a name that is not a function of the notebook, or a statement that does
            not compile.
    """
    try:
        tree = ast.parse(statement)
    except SyntaxError as e:
        raise ConfigError(f"%arraybench_profile: the statement does not compile: {e.msg}") from None
    named = [n.id for n in ast.walk(tree) if isinstance(n, ast.Name)]
    wanted = list(dict.fromkeys(names + [n for n in named if _cell_function(namespace.get(n))]))
    for name in names:
        if not _cell_function(namespace.get(name)):
            raise ConfigError(
                f"%arraybench_profile: -f {name}: not a function defined in this notebook "
                f"(got {type(namespace.get(name)).__name__}); a library's function is timed "
                "through the notebook's lines that call it"
            )
    modules: dict[str, str] = {}
    cells: dict[str, str] = {}
    history = namespace.get("_ih") or []
    for name in wanted:
        fn = namespace[name]
        filename = fn.__code__.co_filename
        if filename not in cells:
            source = "".join(linecache.getlines(filename))
            cells[filename] = _module_name(source, history, len(cells))
            text = _defs_only(source)
            (folder / f"{cells[filename]}.py").write_text(text, encoding="utf-8")
        modules[name] = cells[filename]
    script = folder / STATEMENT
    script.write_text(
        f"__import__('sys').modules[{__name__!r}].prepare(globals())\n{statement}\n",
        encoding="utf-8",
    )
    assigns = tuple(
        dict.fromkeys(
            n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
        )
    )
    return Plan(folder, script, modules, assigns)


def _cell_function(value: Any) -> bool:
    """A function defined in a cell (its source is in linecache, not in a file of its own)."""
    if not isinstance(value, types.FunctionType) or value.__module__ != "__main__":
        return False
    filename = value.__code__.co_filename
    return bool(linecache.getlines(filename)) and (
        filename.startswith("<") or "ipykernel" in filename or not Path(filename).is_file()
    )


def _module_name(source: str, history: Any, k: int) -> str:
    """``In [3]`` for the cell run third (its source found in the notebook's input history),
    else a name from its text."""
    for number, text in enumerate(history):
        if isinstance(text, str) and text.strip() and text.strip() == source.strip():
            return f"In [{number}]"
    digest = hashlib.sha256(source.encode()).hexdigest()[:8]
    return f"cell {k + 1} ({digest})"


def _defs_only(source: str) -> str:
    """The cell with only its defs, classes and imports; every other line blank, so line
    numbers stay the cell's."""
    lines = source.splitlines()
    keep = [False] * len(lines)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return "\n" * len(lines)
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)
    for node in tree.body:
        if isinstance(node, kinds):
            first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
            for i in range(first - 1, node.end_lineno or node.lineno):
                keep[i] = True
    return "\n".join(line if k else "" for line, k in zip(lines, keep, strict=True)) + "\n"


@contextlib.contextmanager
def pending(plan: Plan, namespace: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The run's state for :func:`prepare`; the notebook's names put back and the cell modules
    forgotten after."""
    saved = {name: namespace[name] for name in plan.modules}
    _PENDING.update(plan=plan, namespace=namespace)
    try:
        yield _PENDING
    finally:
        ran: dict[str, Any] = _PENDING.get("globals") or {}
        _PENDING.clear()
        namespace.update(saved)
        # what the statement assigned (``losses = train(3)``) is the notebook's, as in a cell
        namespace.update({k: ran[k] for k in plan.assigns if k in ran})
        for module in set(plan.modules.values()):
            sys.modules.pop(module, None)


def prepare(script_globals: dict[str, Any]) -> None:
    """Called by the statement's script as it starts: the notebook's names in its globals, the
    cells imported (through the profiler's finder: their code timed), and the profiled
    functions replaced by the timed copies, in the script, the cells and the notebook."""
    plan: Plan = _PENDING["plan"]
    namespace: dict[str, Any] = _PENDING["namespace"]
    _PENDING["globals"] = script_globals
    timed: dict[str, Any] = {}
    loaded = {}
    for module_name in dict.fromkeys(plan.modules.values()):
        loaded[module_name] = importlib.import_module(module_name)
    for name, module_name in plan.modules.items():
        timed[name] = getattr(loaded[module_name], name)
    for module in loaded.values():
        for key, value in namespace.items():
            if not key.startswith("__") and key not in module.__dict__:
                module.__dict__[key] = value
        module.__dict__.update(timed)
    script_globals.update({k: v for k, v in namespace.items() if not k.startswith("__")}, **timed)
    namespace.update(timed)


def names_in(text: str, folder: Path, statement: str = "the statement") -> str:
    """The report's text with the cells and the statement named as the notebook names them:
    ``In [3].py:9`` -> ``In [3], line 9``; ``folder`` (where they were written) left out, and
    the ``verify`` commands too (they name files that are gone after the magic)."""
    text = text.replace(f"{folder}/", "")
    kept: list[str] = []
    proof = False
    for ln in text.splitlines():
        # a ``prove it:`` line, and its note on what ``make(n, rng)`` must return
        proof = ln.strip().startswith("prove it:") or (proof and ln.strip().startswith("("))
        if not proof:
            kept.append(ln)
    text = "\n".join(kept)
    cell = r"((?:In \[\d+\])|(?:cell \d+ \(\w+\)))"
    text = re.sub(cell + r"\.py:(\d+)", r"\1, line \2", text)
    text = re.sub(cell + r"\.py", r"\1", text)
    text = re.sub(re.escape(STATEMENT) + r":(\d+)", r"the statement, line \1", text)
    return text.replace(STATEMENT, statement)


def profile_statement(line: str, namespace: dict[str, Any]) -> tuple[Any, str, str]:
    """Run ``%arraybench_profile LINE``: its report (a ProfileReport), as text and as HTML,
    rendered while the cells' files are there to quote."""
    from ..advise.output.html import profile_html
    from ..advise.output.text import profile_text
    from ..advise.profile import profile
    from ..advise.run.launch import Target

    names, statement = parse(line)
    with tempfile.TemporaryDirectory(prefix="arraybench-profile-") as tmp:
        p = plan(statement, names, namespace, Path(tmp))
        with pending(p, namespace):
            report = profile(Target(script=p.script))
        # the script's first line is arraybench's (it hands over the notebook's names), not the
        # user's: no hot line of it
        first = (str(p.script), 1)
        hot = tuple(h for h in report.hot if (str(Path(h.path)), h.line) != first)
        report = replace(report, hot=hot)
        text = names_in(profile_text(report), p.folder, statement)
        page = names_in(profile_html(report, fragment=True), p.folder, html.escape(statement))
    return report, text, page
