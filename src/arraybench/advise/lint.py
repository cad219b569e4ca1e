"""``arraybench lint``: find slow array patterns in Python files, without running them.

    for each file (directories: every *.py below, skipping .venv, .git, __pycache__...):
        parse once (ast); skip files that mention no array library
        facts per scope (read/facts.py, read/bind.py): which names are arrays, float64,
        models, mutated; across functions and, in a folder, across files (read/program.py)
        one walk of the tree (rules/linter.py) with a stack of enclosing loops,
        `with torch.no_grad()` blocks, `if step % N == 0` guards, and scopes (rules/walk.py):
            for loops and comprehensions  -> their shape (rules/shape.py): AB101-AB106
            calls inside loops            -> AB107 grow, AB108 build, AB201 sync, AB202 transfer,
                                             AB203 copy, AB403 jit
            statement lists               -> AB301 clock reads around unsynchronised GPU work
            anywhere                      -> AB401 float64 into torch, AB402 inference with grad
        drop what `# arraybench: ignore[CODE]` comments silence

The work per file is one parse plus a bounded number of walks (facts, rules): linear in the size
of the file, a few milliseconds per thousand lines. The findings are records (records.py); the
text, JSON and SARIF reports are written from them (output/).
"""

from __future__ import annotations

import ast
import contextlib
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from .codes import RULES
from .read.program import FOLDER_PASSES, Analysis, Folder, analyse, module_name
from .records import SURE, Diagnostic, FileError, LintReport
from .rules.linter import Linter

#: Folders never searched: environments, caches and version control hold other people's code.
SKIP_DIRS = frozenset(
    {
        ".venv",
        "venv",
        ".git",
        "__pycache__",
        ".hg",
        ".tox",
        ".nox",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
        "node_modules",
        "site-packages",
        "build",
        "dist",
        ".eggs",
    }
)

#: A file that mentions none of these cannot hold an array pattern: it is not analysed further.
#: A file worth reading: it names an array library, or trains with one it receives (a loop
#: handed the model and the loader calls ``.backward()`` and moves batches with ``.cuda()``).
RELEVANT = re.compile(r"numpy|torch|jax|cupy|\bxp\b|\.backward\(|\.cuda\(")

#: ``# arraybench: ignore`` or ``# arraybench: ignore[AB101, AB201]``.
IGNORE = re.compile(r"#\s*arraybench:\s*ignore(?:\[([A-Za-z0-9_,\s]*)\])?")


def lint_source(
    source: str,
    path: str = "<string>",
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    possible: bool = False,
) -> list[Diagnostic]:
    """The patterns in one file's source.

    Args:
        source: the Python source.
        path: the name to report it under.
        select: only codes starting with one of these (``AB1``, ``AB201``); all when None.
        ignore: leave out codes starting with one of these.
        possible: also the possible findings: patterns in loops whose count the code does not
            show (``Diagnostic.confidence``).

    Returns:
        Diagnostics sorted by line, one per (line, code).

    Raises:
        SyntaxError: the source is not valid Python.
    """
    if not RELEVANT.search(source):
        return []
    tree = ast.parse(source, filename=path)
    found = _lint_tree(tree, source, path, select, ignore)
    return found if possible else [d for d in found if d.confidence == SURE]


def _lint_tree(
    tree: ast.Module,
    source: str,
    path: str,
    select: Sequence[str] | None,
    ignore: Sequence[str] | None,
    analysis: Analysis | None = None,
) -> list[Diagnostic]:
    lines = source.splitlines()
    linter = Linter(tree, lines, path, analysis)
    linter.run()
    silenced = _ignores(lines)
    out: dict[tuple[int, str], Diagnostic] = {}
    for d in linter.found:
        if not _wanted(d.code, select, ignore):
            continue
        codes = silenced.get(d.line)
        if codes is not None and (not codes or d.code in codes):
            continue
        out.setdefault((d.line, d.code), d)
    return sorted(out.values(), key=lambda d: (d.line, d.col, d.code))


def iter_python_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """The .py files named or found below the directories named, in a stable order.

    Raises:
        FileNotFoundError: a path does not exist (a usage error: the message names it).
    """
    for raw in paths:
        p = Path(raw)
        if p.is_file():
            yield p
        elif p.is_dir():
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(
                    d for d in dirs if d not in SKIP_DIRS and not d.endswith(".egg-info")
                )
                for f in sorted(files):
                    if f.endswith(".py"):
                        yield Path(root) / f
        else:
            raise FileNotFoundError(f"{p}: no such file or directory")


def lint_paths(
    paths: Iterable[str | os.PathLike[str]],
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    possible: bool = False,
) -> LintReport:
    """Lint files and directories.

    Args:
        paths: files (any name) and directories (searched for *.py).
        select: only codes starting with one of these.
        ignore: leave out codes starting with one of these.
        possible: also list the possible findings (in loops of no known count); otherwise
            the report only counts them.

    Returns:
        A :class:`LintReport`; unreadable and invalid files are in ``errors``, not raised.

    Raises:
        FileNotFoundError: a path does not exist.
    """
    found: dict[str, list[Diagnostic]] = {}
    errors: list[FileError] = []
    files = lines = 0
    folder = Folder()
    paths_found = list(iter_python_files(paths))
    several = len(paths_found) > 1
    for f in paths_found:
        name = str(f)
        try:
            source = f.read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            errors.append(FileError(name, f"not UTF-8 text ({e.reason} at byte {e.start})"))
            continue
        except OSError as e:
            errors.append(FileError(name, f"cannot be read: {e.strerror or e}"))
            continue
        files += 1
        lines += source.count("\n") + 1
        module = module_name(f) if several else None
        try:
            diags, analysis = _lint_file(source, name, select, ignore, module)
        except SyntaxError as e:
            errors.append(
                FileError(name, f"syntax error: {e.msg}; fix it to have the file checked", e.lineno)
            )
            continue
        except RecursionError:
            errors.append(FileError(name, "too deeply nested for the analysis; not checked"))
            continue
        found[name] = diags
        if analysis is not None and module is not None:
            folder.add(f, module, analysis)
    # More passes over the files that gain facts from the others: what their imported
    # functions return, what other files' calls pass to their functions.
    for _ in range(FOLDER_PASSES):
        redo = folder.to_redo()
        if not redo:
            break
        for f, module, imported, incoming in redo:
            name = str(f)
            source = f.read_text(encoding="utf-8")
            with contextlib.suppress(SyntaxError, RecursionError):
                tree = ast.parse(source, filename=name)
                analysis = analyse(tree, module, imported, incoming)
                if analysis.fingerprint() != folder.fingerprints.get(f):
                    # (the same facts as before give the same findings: no second walk)
                    found[name] = _lint_tree(tree, source, name, select, ignore, analysis)
                folder.add(f, module, analysis)
    every = [d for diags in found.values() for d in diags]
    listed = every if possible else [d for d in every if d.confidence == SURE]
    return LintReport(tuple(listed), tuple(errors), files, lines, len(every) - len(listed))


def _lint_file(
    source: str,
    path: str,
    select: Sequence[str] | None,
    ignore: Sequence[str] | None,
    module: str | None,
    imported: dict[str, tuple[int, tuple[int, ...]]] | None = None,
    incoming: dict[str, dict[str, int]] | None = None,
) -> tuple[list[Diagnostic], Analysis | None]:
    if not RELEVANT.search(source):
        return [], None
    tree = ast.parse(source, filename=path)
    analysis = analyse(tree, module, imported, incoming)
    return _lint_tree(tree, source, path, select, ignore, analysis), analysis


def _ignores(lines: Sequence[str]) -> dict[int, set[str]]:
    """Line -> codes silenced there (an empty set: every code)."""
    out: dict[int, set[str]] = {}
    for i, text in enumerate(lines, start=1):
        if "arraybench" not in text:
            continue
        m = IGNORE.search(text)
        if m is None:
            continue
        codes = m.group(1)
        out[i] = (
            {c.strip().upper() for c in codes.split(",") if c.strip()}
            if codes is not None
            else set()
        )
    return out


def _wanted(code: str, select: Sequence[str] | None, ignore: Sequence[str] | None) -> bool:
    if select and not any(code.startswith(s.upper()) for s in select):
        return False
    return not (ignore and any(code.startswith(s.upper()) for s in ignore))


def check_codes(codes: Iterable[str]) -> list[str]:
    """The codes or prefixes given that match no rule (to report as a usage error)."""
    return [c for c in codes if not any(k.startswith(c.upper()) for k in RULES)]
