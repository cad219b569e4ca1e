"""``arraybench lint``: find slow array patterns in Python files, without running them.

    for each file (directories: every *.py below, skipping .venv, .git, __pycache__...):
        parse once (ast); skip files that mention no array library
        facts per scope (dataflow.py): which names are arrays, float64, models, mutated
        one walk of the tree with a stack of enclosing loops, `with torch.no_grad()` blocks,
        `if step % N == 0` guards, and scopes:
            for loops and comprehensions  -> their shape (loops.py): AB101-AB106
            calls inside loops            -> AB107 grow, AB108 build, AB201 sync, AB202 transfer,
                                             AB203 copy, AB403 jit
            statement lists               -> AB301 clock reads around unsynchronised GPU work
            anywhere                      -> AB401 float64 into torch, AB402 inference with grad
        drop what `# arraybench: ignore[CODE]` comments silence

The work per file is one parse plus a bounded number of walks (facts, rules): linear in the size
of the file, a few milliseconds per thousand lines.
"""

from __future__ import annotations

import ast
import contextlib
import itertools
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .counts import large_count, many_iterations, steps_loop, while_many
from .dataflow import (
    ARRAY,
    EVIDENCE_ATTRS,
    FLOAT64,
    HOST,
    LOADER,
    MODEL,
    Facts,
    names_in,
    public_data_function,
    qualname,
    scope_facts,
    target_names,
    walk_scope,
)
from .loops import (
    FEW,
    MODEL_WORDS,
    REDUCING_BUILTINS,
    Nest,
    Shape,
    classify_comprehension,
    classify_loop,
    counts_groups,
    is_sequence,
    nest_of,
    scope_walk,
    short_literal,
)
from .program import Analysis, analyse, exports, module_name
from .rules import RULES, OfRule, Rule, rule

#: Diagnostic.confidence: the code shows the pattern runs many times (or outside loops) ...
SURE = "sure"
#: ... or it sits in loops of no known count: slow only if they run many times.
POSSIBLE = "possible"
#: What a possible finding means, as the text report and SARIF say it.
POSSIBLE_NOTE = (
    "possible: slow only if the loops around it run many times; the code does not show how many"
)
#: Why a copy at the top of a module is possible: it runs once.
ONCE_NOTE = (
    "possible: it runs once, when the module is imported or the script runs; it costs only if"
    " the array is large"
)
#: Why a compile of a fresh function inside a function (not in a loop) is possible.
PER_CALL_NOTE = (
    "possible: it compiles again on every call of the enclosing function; slow only if that"
    " function is called many times (in a loop, per step)"
)
#: Why a finding in a function that a loop calls is possible: that loop's count is not shown.
CALLED_NOTE = (
    "possible: the function is called from a loop whose count the code does not show; slow only"
    " if that loop runs many times"
)
#: Why a sync whose value decides a branch is possible (lint._Linter._decides).
DECIDES_NOTE = (
    "possible: the value decides a branch, so the code needs it now; slow only if the loop runs"
    " many times and the check could wait (every N steps, or on the device)"
)

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

CLOCKS = frozenset(
    {
        "time.time",
        "time.perf_counter",
        "time.perf_counter_ns",
        "time.monotonic",
        "time.monotonic_ns",
        "time.time_ns",
        "time.process_time",
        "timeit.default_timer",
    }
)
#: Context managers that turn autograd off.
NO_GRAD = frozenset(
    {
        "torch.no_grad",
        "torch.inference_mode",
        "torch.autograd.no_grad",
        "torch.autograd.inference_mode",
        "torch.autograd.grad_mode.no_grad",
    }
)
#: Calls that build an array from Python data.
BUILDERS = frozenset(
    {
        "torch.tensor",
        "torch.as_tensor",
        "torch.Tensor",
        "torch.FloatTensor",
        "torch.LongTensor",
        "numpy.array",
        "numpy.asarray",
        "jax.numpy.array",
        "jax.numpy.asarray",
        "xp.asarray",
        "xp.array",
        "cupy.array",
        "cupy.asarray",
    }
)
#: Libraries whose arrays may live on a device: a small constant tensor built in a loop is a
#: host-to-device copy per iteration there, a few hundred nanoseconds in NumPy.
DEVICE_LIBS = frozenset({"torch", "jax", "cupy"})
#: Calls that grow an array by copying it with something appended.
GROWERS = frozenset(
    f"{lib}.{fn}"
    for lib in ("numpy", "torch", "jax.numpy", "xp", "cupy")
    for fn in (
        "append",
        "concatenate",
        "concat",
        "cat",
        "vstack",
        "hstack",
        "dstack",
        "stack",
        "column_stack",
        "row_stack",
    )
)
#: Methods a framework calls once per batch: torch's ``forward`` and Lightning's steps.
PER_BATCH_METHODS = frozenset(
    {"forward", "training_step", "validation_step", "test_step", "predict_step"}
)
#: What ``isinstance(x, ...)`` tests for when x is not an array there: a sequence or a number.
NOT_ARRAY_KINDS = frozenset(
    {
        "list",
        "tuple",
        "List",
        "Tuple",
        "Sequence",
        "int",
        "float",
        "complex",
        "bool",
        "Number",
        "Real",
        "Integral",
        "Complex",
    }
)
#: Function transforms that return a new function object on each call: jit of their result
#: misses the compile cache every time (the cache is keyed on the function's identity).
FRESH = frozenset(
    {
        "partial",
        "grad",
        "value_and_grad",
        "vmap",
        "jacfwd",
        "jacrev",
        "hessian",
        "checkpoint",
        "remat",
        "custom_jvp",
        "custom_vjp",
    }
)
#: Compilers: applied inside a loop, each iteration compiles (or at least traces and looks up).
JITS = frozenset(
    {
        "jax.jit",
        "jax.pmap",
        "torch.compile",
        "torch.jit.script",
        "torch.jit.trace",
        "numba.jit",
        "numba.njit",
    }
)
#: Builders that copy a list element by element (torch warns that a list of arrays is slow).
TENSOR_BUILDERS = frozenset(
    {"torch.tensor", "torch.Tensor", "torch.FloatTensor", "torch.LongTensor"}
)
TO_TORCH = frozenset({"torch.from_numpy", "torch.as_tensor", "torch.tensor", "torch.asarray"})
#: Conversions of host data whose result a transfer moves: what moves is their argument.
CONVERSIONS = TO_TORCH | {"jax.numpy.asarray", "jax.numpy.array", "numpy.asarray"}
#: jnp.asarray(numpy_array): a host-to-device copy, like jax.device_put.
HOST_TO_JAX = frozenset({"jax.numpy.asarray", "jax.numpy.array"})
#: Builtins of numbers that a list of constants may be computed with.
NUMBER_BUILTINS = frozenset({"float", "int", "len", "abs"})
#: Tensor factories that take device=: made on the host and moved, they cost a copy each.
FACTORIES = frozenset(
    f"torch.{fn}"
    for fn in (
        "zeros",
        "ones",
        "full",
        "empty",
        "arange",
        "linspace",
        "logspace",
        "eye",
        "rand",
        "randn",
        "randint",
        "randperm",
        "normal",
    )
)
#: Methods that follow a conversion to change its dtype (so the float64 does not reach the model).
CASTS = frozenset({"float", "half", "bfloat16", "to", "type"})
TRANSFERS = frozenset({"cpu", "cuda", "numpy", "to"})
#: Methods that keep the data a transfer moves (x.detach().cpu(): the transfer is of x).
TRANSPARENT = frozenset({"detach", "cpu", "cuda", "numpy", "to", "float", "contiguous"})
COPIES = frozenset({"clone", "copy"})
COPY_FUNCS = frozenset(
    {"numpy.copy", "torch.clone", "copy.copy", "copy.deepcopy", "jax.numpy.copy", "xp.copy"}
)
#: Builtins that read their arguments and keep nothing of them.
READ_ONLY_BUILTINS = frozenset(
    {
        "len",
        "float",
        "int",
        "bool",
        "print",
        "repr",
        "str",
        "isinstance",
        "abs",
        "round",
        "min",
        "max",
        "sum",
        "any",
        "all",
        "hash",
        "id",
        "type",
        "format",
    }
)
#: Methods that write into their receiver or hand it to something that may keep it.
MUTATING_CALLS = frozenset({"fill", "sort", "resize", "put", "itemset", "partition", "setflags"})
SYNC_METHODS = frozenset({"synchronize", "block_until_ready", "item", "tolist", "cpu", "numpy"})
SYNC_FUNCS = frozenset({"jax.block_until_ready", "jax.device_get", "numpy.asarray", "numpy.array"})
#: Calls between two clock reads that are not GPU work.
NOT_WORK = frozenset(
    {
        "print",
        "len",
        "range",
        "str",
        "repr",
        "format",
        "list",
        "dict",
        "tuple",
        "set",
        "enumerate",
        "zip",
        "sorted",
        "min",
        "max",
        "sum",
        "abs",
        "round",
        "isinstance",
        "open",
        "next",
        "iter",
        "float",
        "int",
    }
)


@dataclass(frozen=True)
class Diagnostic(OfRule):
    """One pattern found at one place.

    Attributes:
        path: the file, as given (or found below a directory given).
        line: 1-based line of the flagged statement or expression.
        col: 1-based column.
        code: the rule's code.
        snippet: the flagged source, shortened to one line.
        confidence: ``"sure"`` when the code shows the pattern runs many times (or runs
            outside any loop), ``"possible"`` when it sits in loops whose count the code does
            not show (``for c in coefs``: three or a million); see advise/counts.py.
        why: for a possible finding, what leaves it possible when that is not the count
            (``note`` gives the sentence either way).
    """

    path: str
    line: int
    col: int
    code: str
    snippet: str = ""
    confidence: str = "sure"
    why: str = ""

    @property
    def note(self) -> str:
        """For a possible finding, what would make it slow (what to check); else ""."""
        return "" if self.confidence == SURE else (self.why or POSSIBLE_NOTE)

    @property
    def rule(self) -> Rule:
        return rule(self.code)

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "col": self.col,
            "code": self.code,
            "name": self.rule.name,
            "severity": self.severity,
            "message": self.message,
            "rewrite": self.rewrite,
            "snippet": self.snippet,
            "confidence": self.confidence,
            "note": self.note,
        }


@dataclass(frozen=True)
class FileError:
    """A file that could not be analysed (unreadable, not UTF-8, a syntax error)."""

    path: str
    message: str
    line: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "line": self.line, "message": self.message}


@dataclass(frozen=True)
class LintReport:
    """What a lint run found.

    Attributes:
        diagnostics: every pattern found, by path and line.
        errors: files that could not be analysed, with the reason.
        files: how many files were read.
        lines: how many lines they hold.
    """

    diagnostics: tuple[Diagnostic, ...]
    errors: tuple[FileError, ...] = ()
    files: int = 0
    lines: int = 0
    #: possible findings (in loops of no known count) left out: ``possible=True`` keeps them
    possible_left_out: int = 0

    @property
    def clean(self) -> bool:
        return not self.diagnostics and not self.errors

    def to_dict(self) -> dict[str, Any]:
        counts: dict[str, int] = {}
        for d in self.diagnostics:
            counts[d.code] = counts.get(d.code, 0) + 1
        return {
            # 2: each diagnostic has a confidence; possible_left_out counts those not listed
            "version": 2,
            "files": self.files,
            "lines": self.lines,
            "possible_left_out": self.possible_left_out,
            "diagnostics": [d.to_dict() for d in self.diagnostics],
            "errors": [e.to_dict() for e in self.errors],
            "counts": dict(sorted(counts.items())),
        }


# -- the public functions ---------------------------------------------------------------------


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
    linter = _Linter(tree, lines, path, analysis)
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
    folder = _Folder()
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


#: Passes over a folder after the first: each carries facts across one more import.
FOLDER_PASSES = 2

#: What a file must learn from the others to be analysed again: array-ness, NumPy-ness,
#: float64, models and loaders change findings; "a tensor rather than an array" seldom does.
DECISIVE = ARRAY | HOST | FLOAT64 | MODEL | LOADER

_Sig = tuple[frozenset[tuple[str, Any]], frozenset[tuple[str, Any]]]


@dataclass
class _FileFacts:
    module: str
    assumed: dict[str, int]  # imported function -> what its calls were taken to return
    known: dict[str, dict[str, int]]  # own function -> parameter -> what it knew of it
    positional: dict[str, list[str]]  # own function -> its positional parameters
    sig: _Sig = (frozenset(), frozenset())  # the cross-file facts it was last analysed with


class _Folder:
    """What the files of a folder tell each other (see program.py): each pass records each
    file's exports and calls; ``to_redo`` names the files that would now learn something
    they did not know (an imported function returns more than its calls were taken to, a
    caller in another file passes more than a parameter was known to hold)."""

    def __init__(self) -> None:
        self.exported: dict[str, tuple[int, tuple[int, ...]]] = {}
        self.calls: dict[str, dict[str, int]] = {}
        self.files: dict[Path, _FileFacts] = {}
        self.fingerprints: dict[Path, int] = {}

    def add(self, path: Path, module: str, analysis: Analysis) -> None:
        prog = analysis.program
        self.exported.update(exports(analysis))
        for callee, by_param in prog.outgoing.items():
            row = self.calls.setdefault(callee, {})
            for p, kinds in by_param.items():
                row[p] = row.get(p, 0) | kinds
        positional = {
            f"{module}.{k}": [a.arg for a in [*fn.node.args.posonlyargs, *fn.node.args.args]]
            for k, fn in prog.functions.items()
            if fn.cls is None
        }
        known = {f"{module}.{k}": v for k, v in analysis.param_kinds.items()}
        self.fingerprints[path] = analysis.fingerprint()
        old = self.files.get(path)
        sig: _Sig = old.sig if old is not None else (frozenset(), frozenset())
        self.files[path] = _FileFacts(module, dict(prog.assumed), known, positional, sig)

    def to_redo(
        self,
    ) -> list[tuple[Path, str, dict[str, tuple[int, tuple[int, ...]]], dict[str, dict[str, int]]]]:
        out = []
        for path, ff in self.files.items():
            given = dict(ff.sig[0])
            imported = {k: self.exported[k] for k in ff.assumed if k in self.exported}
            news = any(
                v != given.get(k) and (v[0] & ~ff.assumed[k] & DECISIVE or any(v[1]))
                for k, v in imported.items()
            )
            prefix = ff.module + "."
            given_rows = dict(ff.sig[1])
            incoming = {}
            for k, names in ff.positional.items():
                row = self.calls.get(k)
                if not row:
                    continue
                local = k[len(prefix) :]
                incoming[local] = dict(row)
                if tuple(sorted(row.items())) == given_rows.get(local):
                    continue
                known = ff.known.get(k, {})
                for p, kinds in row.items():
                    name = names[int(p)] if p.isdigit() and int(p) < len(names) else p
                    if kinds & ~known.get(name, 0) & DECISIVE:
                        news = True
                        break
            if news:
                ff.sig = (
                    frozenset(imported.items()),
                    frozenset((k, tuple(sorted(v.items()))) for k, v in incoming.items()),
                )
                out.append((path, ff.module, imported, incoming))
        return out


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


# -- ignore comments and selection ------------------------------------------------------------


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


# -- the walk ---------------------------------------------------------------------------------


@dataclass
class _Loop:
    node: ast.AST
    varying: set[str]
    grown: set[str]
    nest: Nest | None
    coarse: bool
    guards: int
    comprehensions: int = 0
    #: values already brought to the host by a loop or branch test (`if loss.item() > best`)
    synced: set[str] = field(default_factory=set)
    #: names the loop rebinds only to move them (`model = model.to(device)`): the same object
    moved: set[str] = field(default_factory=set)
    #: carried names holding data brought to the host in the loop (computed when first asked)
    round_trip: set[str] | None = None
    #: names read by the tests of the ifs and whiles in the loop (what decides a branch)
    tested: set[str] = field(default_factory=set)


def _self_move(target: ast.AST, value: ast.AST) -> bool:
    """``m = m.to(device)`` / ``m = m.cuda()``: the same object (a module moves in place)."""
    return (
        isinstance(target, ast.Name)
        and isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in ("to", "cuda")
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id == target.id
    )


#: Names of iterables that hold batches, not items: a conversion per batch is per batch.
_BATCH_WORDS = ("loader", "batch", "dataset", "chunk", "shard", "epoch")


def _batch_like(it: ast.AST) -> bool:
    q = qualname(it.func if isinstance(it, ast.Call) else it, {}) or ""
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.args:
        q = qualname(it.args[0], {}) or q  # enumerate(loader)
    return any(w in q.lower() for w in _BATCH_WORDS)


def _is_scalar_cast(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id in ("float", "int", "bool", "len")


def _fails(stmt: ast.stmt) -> bool:
    """``raise ...``, ``assert False``, ``torch._assert(False, ...)``: the branch ends in an
    error."""
    if isinstance(stmt, ast.Raise):
        return True
    if isinstance(stmt, ast.Assert):
        return isinstance(stmt.test, ast.Constant) and not stmt.test.value
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        c = stmt.value
        name = qualname(c.func, {}) or ""
        return (
            name.rsplit(".", 1)[-1] == "_assert"
            and bool(c.args)
            and isinstance(c.args[0], ast.Constant)
            and not c.args[0].value
        )
    return False


#: Words that name a few things a loop goes over (types, metrics, options), not data.
COLD_WORDS = frozenset(
    {
        "type",
        "types",
        "kind",
        "kinds",
        "mode",
        "modes",
        "name",
        "names",
        "key",
        "keys",
        "metric",
        "metrics",
        "option",
        "options",
        "config",
        "configs",
        "setting",
        "settings",
        "stat",
        "stats",
    }
)


def _asks_for_copy(test: ast.expr) -> bool:
    """``if copy:``, ``if not x.flags.contiguous:``, ``if not a.flags.writeable:``."""
    for n in ast.walk(test):
        word = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else ""
        if any(w in word.lower() for w in ("copy", "contiguous", "flags", "writeable", "owndata")):
            return True
    return False


def _device_of(node: ast.AST) -> bool:
    """``x.device``: the device of whatever tensor the loop holds, the same every time."""
    return isinstance(node, ast.Attribute) and node.attr == "device"


def _collects(call: ast.Call) -> bool:
    """``outs.append(v)``, ``outs.extend(v)``: gathering results to join once."""
    return isinstance(call.func, ast.Attribute) and call.func.attr in ("append", "extend")


@dataclass
class _Scope:
    facts: Facts
    no_grad: bool = False
    trains: bool = False
    evaluated: dict[str, int] = field(default_factory=dict)
    reported_models: set[str] = field(default_factory=set)
    nodes: list[ast.AST] = field(default_factory=list)  # walk_scope of the body
    #: lists joined into one array somewhere in the scope (computed when first asked)
    stacked: set[str] | None = None
    #: what holds after an ``if`` that returns or raises (``if isinstance(x, Tensor): return
    #: x`` leaves x a list below it), as the negated tests
    after: list[ast.expr] = field(default_factory=list)
    #: a method a framework calls once per batch (``forward``, Lightning's ``training_step``),
    #: or a function this file calls on every iteration of a loop (or from such a method)
    per_batch: bool = False
    #: for a function called from a loop: SURE when that loop shows a large count, POSSIBLE
    #: else; None for the framework's per-batch methods (sure) and other scopes
    call_tier: str | None = None
    #: the parameters of the function, without an annotation
    untyped: frozenset[str] = frozenset()


class _Linter(ast.NodeVisitor):
    """One walk of a module, with the context each rule needs (see the module docstring)."""

    def __init__(
        self, tree: ast.Module, lines: Sequence[str], path: str, analysis: Analysis | None = None
    ) -> None:
        self.tree, self.lines, self.path = tree, lines, path
        self.found: list[Diagnostic] = []
        self.analysis = analysis if analysis is not None else analyse(tree)
        self.namespaces = self.analysis.namespaces
        self.self_arrays = self.analysis.self_arrays
        self.scopes: list[_Scope] = []
        self.loops: list[_Loop] = []
        self.no_grad = 0
        self.guards = 0
        self.exempt_sync = 0
        self.flagged_nest = 0
        self.comprehensions = 0
        self.comp_nodes: list[ast.AST] = []  # the comprehensions being walked
        self.handled: set[int] = set()
        self.cast: set[int] = set()
        self.stmt: ast.stmt | None = None
        self.tests: list[ast.expr] = []  # the tests of the enclosing ifs
        self.error_path = 0  # inside an if-branch that raises
        self.in_test = 0  # inside the test of an if
        # Functions this file calls on every iteration of a loop (or from a per-batch method):
        # each is walked again as a per-batch scope once the first walk has found them.
        self.functions: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        self.methods: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        #: id(def) -> (the def, SURE or POSSIBLE: the best tier of a call seen)
        self.called: dict[int, tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]] = {}
        self.walked: dict[int, str] = {}  # id(def) -> the tier it was walked again with
        self.enclosing: dict[int, list[_Scope]] = {}  # id(def) -> the scopes around it
        # Functions made by np.vectorize (f = np.vectorize(g), @np.vectorize): a Python loop
        # over the elements of every array they are called with
        self.vectorized: set[str] = set()
        self.again = False  # walking a called function again: only per-call findings count
        self.per_call = False  # reporting a per-call finding
        self._module_flags()

    def _module_flags(self) -> None:
        """What holds for the whole file, from one pass over its nodes: the device flags, the
        functions and methods it defines, and those made by ``np.vectorize``."""
        gpu = jax = nn = double = grad_off = moves = False
        tensor_idiom = backward_call = False  # x.cuda() or loss.backward(); loss.backward()
        every = self.analysis.every or list(ast.walk(self.tree))
        methods = {
            id(s)
            for n in every
            if isinstance(n, ast.ClassDef)
            for s in n.body
            if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)
        }
        for node in every:
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                v = node.value
                gpu = gpu or v.startswith("cuda") or v in ("mps", "gpu")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                kind = self.methods if id(node) in methods else self.functions
                kind.setdefault(node.name, []).append(node)
                if isinstance(node, ast.FunctionDef) and any(
                    qualname(d.func if isinstance(d, ast.Call) else d, self.namespaces)
                    == "numpy.vectorize"
                    for d in node.decorator_list
                ):
                    self.vectorized.add(node.name)  # @np.vectorize
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                if qualname(node.value.func, self.namespaces) == "numpy.vectorize":
                    self.vectorized.update(target_names(node.targets[0]))  # f = np.vectorize(g)
            elif isinstance(node, ast.Attribute):
                tensor_idiom = tensor_idiom or node.attr in ("backward", "cuda")
                if node.attr in ("cuda", "synchronize"):
                    gpu = True
                elif node.attr in ("double", "float64"):
                    q = qualname(node, self.namespaces) or ""
                    double = double or node.attr == "double" or q == "torch.float64"
                elif node.attr == "set_default_dtype":
                    double = True
            elif isinstance(node, ast.Call):
                backward_call = backward_call or (
                    isinstance(node.func, ast.Attribute)
                    and node.func.attr == "backward"
                    and not node.args
                )
                if (
                    not moves
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "to"
                    and node.args
                ):
                    moves = "device" in (qualname(node.args[0], {}) or "").lower()
                if not moves:
                    # torch.zeros(n, device=x.device): written to run where the data is
                    moves = any(
                        kw.arg == "device" and "device" in (qualname(kw.value, {}) or "").lower()
                        for kw in node.keywords
                    )
                fq = qualname(node.func, self.namespaces)
                if fq in ("torch.set_grad_enabled", "torch.autograd.set_grad_enabled") and (
                    node.args
                    and isinstance(node.args[0], ast.Constant)
                    and node.args[0].value is False
                ):
                    grad_off = True
        roots = {mod.split(".", 1)[0] for mod in self.namespaces.values()}
        for mod in self.namespaces.values():
            nn = nn or mod.startswith(("torch.nn", "torch.utils.data"))
        jax = "jax" in roots
        # Lightning puts the module and each batch on the accelerator itself
        moves = moves or bool(roots & {"lightning", "pytorch_lightning"})
        self.gpu = gpu or jax
        #: a file that puts data on an accelerator: `.cpu()` in it is a real copy
        self.device_file = gpu or jax or moves
        #: a file that uses a library whose arrays may live on a device
        self.device_lib = bool(roots & {"torch", "jax", "cupy", "tensorflow", "mlx"}) or (
            # no import, but tensors all the same: loss.backward(), batch.cuda()
            "numpy" not in roots and tensor_idiom
        )
        # A file that builds torch models: torch.nn imported, or used as torch.nn.X.
        self.torch_nn = nn or any(
            isinstance(n, ast.Attribute) and qualname(n, self.namespaces) == "torch.nn"
            for n in every
        )
        self.double = double
        self.grad_off = grad_off
        #: the file trains with torch (loss.backward()): its tensors meet float32 weights
        self.trains_torch = backward_call and "torch" in roots

    # -- infrastructure ----------------------------------------------------------------------

    @property
    def facts(self) -> Facts:
        return self.scopes[-1].facts

    def run(self) -> None:
        self.visit(self.tree)
        # Functions called on every iteration of a loop are per-batch scopes too: walk each
        # again (a callee found on the way is queued in turn), keeping only what the per-batch
        # checks find there; the first walk reported everything else.
        self.again = True
        for _ in range(4):  # helpers of helpers, a few levels deep
            todo = [
                (d, tier)
                for key, (d, tier) in self.called.items()
                if self.walked.get(key) not in (tier, SURE)
            ]
            if not todo:
                break
            for d, tier in todo:
                self.walked[id(d)] = tier
                saved = self.scopes
                self.scopes = list(self.enclosing.get(id(d), saved))
                self.visit_FunctionDef(d, tier)
                self.scopes = saved

    def _note_callee(self, node: ast.Call) -> None:
        """Record a function of this file that ``node`` calls, when the call runs on every
        iteration of a hot loop or once per batch: ``step(x)`` or ``self.helper(x)``."""
        f = node.func
        if isinstance(f, ast.Name):
            defs = self.functions.get(f.id, [])
        elif (
            isinstance(f, ast.Attribute)
            and isinstance(f.value, ast.Name)
            and f.value.id
            in (
                "self",
                "cls",
            )
        ):
            defs = self.methods.get(f.attr, [])
        else:
            return
        if not defs:
            return
        if self.loops:
            loop = self.loops[-1]
            if not self._per_iteration(node) or not self._hot(loop):
                return
            tier = SURE if self._many_times(node) else POSSIBLE
        else:
            scope = self.scopes[-1]
            if not scope.per_batch or self.comprehensions:
                return
            tier = scope.call_tier or SURE
        for d in defs:
            if d.name in PER_BATCH_METHODS or d.name.startswith("__"):
                continue  # walked as per-batch already; __init__ and the like run once
            if self.called.get(id(d), (d, ""))[1] != SURE:
                self.called[id(d)] = (d, tier)

    def report(
        self, code: str, node: ast.AST, confidence: str | None = None, why: str = ""
    ) -> None:
        """Add a finding; ``confidence`` overrides the tier (SURE: the cost does not depend
        on the count; POSSIBLE: the code may need what it does, as a sync that decides a
        branch)."""
        if self.error_path:
            return  # a branch that ends in raise runs once, on the way out
        line = getattr(node, "lineno", 1)
        col = getattr(node, "col_offset", 0) + 1
        text = self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""
        if len(text) > 80:
            text = text[:77] + "..."
        if self.again and not self.per_call:
            return  # walking a called function again: the first walk reported the rest
        if confidence is None and not self.loops and self.scopes and self.scopes[-1].call_tier:
            confidence = self.scopes[-1].call_tier
            why = why or (CALLED_NOTE if confidence == POSSIBLE else "")
        if confidence is None and code == "AB203" and len(self.scopes) <= 1 and not self.loops:
            confidence, why = POSSIBLE, ONCE_NOTE  # W = np.copy(K.T) at import: one copy
        if confidence is None:
            confidence = SURE if self._many_times(node) else POSSIBLE
        self.found.append(Diagnostic(self.path, line, col, code, text, confidence, why))

    def _many_times(self, node: ast.AST) -> bool:
        """Whether the code shows that what is reported at ``node`` runs many times: outside
        any loop it runs as often as its caller says (sure); in loops, one of them (or the
        flagged loop nest itself) must show a large count (advise/counts.py)."""
        loops: list[ast.AST] = [*(lp.node for lp in self.loops), *self.comp_nodes]
        if isinstance(node, ast.For | ast.AsyncFor | ast.ListComp | ast.GeneratorExp | ast.SetComp):
            loops.append(node)
            body = node.body if isinstance(node, ast.For | ast.AsyncFor) else [node]
            loops.extend(n for n in scope_walk(body) if isinstance(n, ast.For | ast.AsyncFor))
        if not loops:
            return True
        for lp in loops:
            if isinstance(lp, ast.For | ast.AsyncFor):
                many = many_iterations(lp.iter, self.facts) or steps_loop(lp)
            elif isinstance(lp, ast.While):
                many = while_many(lp.test, self.facts) or steps_loop(lp)
            elif isinstance(lp, ast.ListComp | ast.GeneratorExp | ast.SetComp | ast.DictComp):
                many = any(many_iterations(g.iter, self.facts) for g in lp.generators)
            else:
                many = False
            if many:
                return True
        return False

    def visit(self, node: ast.AST) -> Any:
        if self.gpu and not isinstance(
            node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef
        ):  # scopes check their own bodies, once their facts are known
            for name in ("body", "orelse", "finalbody"):
                stmts = getattr(node, name, None)
                if isinstance(stmts, list) and stmts and isinstance(stmts[0], ast.stmt):
                    self._timing(stmts)
        if isinstance(node, ast.stmt):
            saved, self.stmt = self.stmt, node
            try:
                return super().visit(node)
            finally:
                self.stmt = saved
        return super().visit(node)

    # -- scopes ------------------------------------------------------------------------------

    def visit_Module(self, node: ast.Module) -> None:
        facts = self.analysis.facts.get(id(node)) or scope_facts(
            node.body, Facts(namespaces=self.namespaces), None, self.self_arrays
        )
        nodes = self.analysis.nodes.get(id(node)) or list(walk_scope(node.body))
        self.scopes.append(_Scope(facts, trains=_trains(nodes), nodes=nodes))
        if self.gpu:
            self._timing(node.body)
        self.generic_visit(node)
        self.scopes.pop()

    def visit_FunctionDef(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, called: str | None = None
    ) -> None:
        """``called``: walking again a function that a loop of this file calls (its tier)."""
        if not self.again:
            self.enclosing[id(node)] = list(self.scopes)
        for d in node.decorator_list:
            self.visit(d)
            if self.loops and self._qual(d.func if isinstance(d, ast.Call) else d) in JITS:
                self.report("AB403", d, SURE)  # a new function each iteration: a compile
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        facts = self.analysis.facts.get(id(node)) or scope_facts(
            node.body, self.facts, node.args, self.self_arrays
        )
        no_grad = any(
            self._qual(d.func if isinstance(d, ast.Call) else d) in NO_GRAD
            for d in node.decorator_list
        )
        nodes = self.analysis.nodes.get(id(node)) or list(walk_scope(node.body))
        self.scopes.append(
            _Scope(
                facts,
                no_grad=no_grad,
                trains=_trains(nodes),
                nodes=nodes,
                per_batch=(node.name in PER_BATCH_METHODS and bool(node.args.args))
                or called is not None,
                call_tier=called,
                untyped=frozenset(
                    a.arg
                    for a in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
                    if a.annotation is None
                ),
            )
        )
        if self.gpu:
            self._timing(node.body)
        saved = (self.loops, self.no_grad, self.guards, self.exempt_sync, self.flagged_nest)
        saved_comps, self.comp_nodes = self.comp_nodes, []
        self.loops, self.no_grad, self.guards, self.exempt_sync, self.flagged_nest = (
            [],
            0,
            0,
            0,
            0,
        )
        for stmt in node.body:
            self.visit(stmt)
        self.loops, self.no_grad, self.guards, self.exempt_sync, self.flagged_nest = saved
        self.comp_nodes = saved_comps
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        saved, saved_comps = self.loops, self.comp_nodes
        # the body runs when called, not as part of the loop it is written in
        self.loops, self.comp_nodes = [], []
        self.generic_visit(node)
        self.loops, self.comp_nodes = saved, saved_comps

    # -- loops -------------------------------------------------------------------------------

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.visit(node.iter)
        code: str | None = None
        nest: Nest | None = None
        if not self.flagged_nest:
            outer = self._outer_vars()
            self.facts.narrowed = self._narrowed()
            code, is_element = classify_loop(node, self.facts, outer)
            if is_element:
                nest = nest_of(node, self.facts, outer)
            if code is None and self._batch_of_one(node):
                code = "AB106"
            if code is not None:
                self.report(code, node)
        elif self.loops and self.loops[-1].nest is not None:
            nest = nest_of(node, self.facts)
        self._enter(node, nest)
        if code is not None:
            self.flagged_nest += 1
        self.visit(node.target)
        for s in node.body:
            self.visit(s)
        if code is not None:
            self.flagged_nest -= 1
        self.loops.pop()
        for s in node.orelse:
            self.visit(s)

    visit_AsyncFor = visit_For

    def _batch_of_one(self, node: ast.For | ast.AsyncFor) -> bool:
        """``for img in images: model(transform(img).unsqueeze(0))``: a model called on a batch
        of one item per iteration (``unsqueeze(0)``, ``x[None]``, ``np.expand_dims(x, 0)``)
        made from what the loop walks; one call on the stacked items does the same work."""
        derived = set(target_names(node.target))
        body = list(scope_walk(node.body))
        for _ in range(2):  # names computed from the item (two passes reach chains)
            for n in body:
                if isinstance(n, ast.Assign) and names_in(n.value) & derived:
                    derived.update(nm for t in n.targets for nm in target_names(t))
        ones: set[str] = set()
        for n in body:
            if (
                isinstance(n, ast.Assign)
                and _adds_batch_axis(n.value)
                and (names_in(n.value) & derived)
            ):
                ones.update(nm for t in n.targets for nm in target_names(t))
        for n in body:
            if not isinstance(n, ast.Call) or not n.args:
                continue
            q = self._qual(n.func) or ""
            if not (q in self.facts.models or _model_named(q)) or q.startswith(
                ("torch.", "numpy.", "jax.")
            ):
                continue
            a = n.args[0]
            if (isinstance(a, ast.Name) and a.id in ones) or (
                _adds_batch_axis(a) and names_in(a) & derived
            ):
                return True
        return False

    def visit_While(self, node: ast.While) -> None:
        self._enter(node, None)
        self.exempt_sync += 1  # the test decides whether to go on: it must see the value
        self.visit(node.test)
        self.exempt_sync -= 1
        for s in node.body:
            self.visit(s)
        self.loops.pop()
        for s in node.orelse:
            self.visit(s)

    def _enter(self, node: ast.For | ast.AsyncFor | ast.While, nest: Nest | None) -> None:
        body = [node.target, *node.body] if isinstance(node, ast.For | ast.AsyncFor) else node.body
        varying: set[str] = set()
        grown: set[str] = set()
        walked = list(scope_walk(body))
        for n in walked:
            if isinstance(n, ast.Name | ast.Attribute) and isinstance(n.ctx, ast.Store):
                q = qualname(n, {})
                if q is not None:
                    varying.add(q)
            elif isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
                q = qualname(n.value, {})
                if q is not None:
                    varying.add(q)
            elif isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                varying.add(n.name)
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
                attr = n.func.attr
                q = qualname(n.func.value, {})
                if q is not None and (attr.endswith("_") or attr in ("append", "extend")):
                    varying.add(q)
                    if attr in ("append", "extend", "insert"):
                        grown.add(q)
        moves: dict[str, bool] = {}
        for n in walked:
            if isinstance(n, ast.Assign):
                for t in n.targets:
                    for name in target_names(t):
                        moves[name] = moves.get(name, True) and _self_move(t, n.value)
            elif isinstance(
                n, ast.AugAssign | ast.AnnAssign | ast.NamedExpr | ast.For | ast.comprehension
            ):
                for name in target_names(n.target):
                    moves[name] = False
        if isinstance(node, ast.For | ast.AsyncFor):
            for name in target_names(node.target):
                moves[name] = False
        moved = {name for name, only in moves.items() if only}
        target = node.target if isinstance(node, ast.For | ast.AsyncFor) else None
        coarse = any(
            isinstance(n, ast.For | ast.AsyncFor | ast.While) for n in scope_walk(node.body)
        ) or any("epoch" in t.lower() for t in (target_names(target) if target else []))
        self.loops.append(
            _Loop(
                node,
                varying,
                grown,
                nest,
                coarse,
                self.guards,
                self.comprehensions,
                moved=moved,
                tested=_tested(walked),
            )
        )

    def _narrowed(self) -> frozenset[str]:
        """Names the enclosing ifs test to be lists, tuples or Python numbers
        (``isinstance(x, (list, tuple))``, ``isinstance(v, (int, float))``), or not arrays."""
        out: set[str] = set()
        conds: list[ast.expr] = []
        for t in [*self.tests, *(self.scopes[-1].after if self.scopes else ())]:
            conds.extend(
                t.values if isinstance(t, ast.BoolOp) and isinstance(t.op, ast.And) else [t]
            )
        for t in conds:
            if (
                isinstance(t, ast.UnaryOp)
                and isinstance(t.op, ast.Not)
                and isinstance(t.operand, ast.Call)
                and isinstance(t.operand.func, ast.Name)
                and t.operand.func.id == "isinstance"
                and len(t.operand.args) == 2
                and isinstance(t.operand.args[0], ast.Name)
                and (qualname(t.operand.args[1], {}) or "").rsplit(".", 1)[-1]
                in ("Tensor", "ndarray", "Array")
            ):
                out.add(t.operand.args[0].id)  # else branch of `if isinstance(x, Tensor):`
                continue
            if (
                isinstance(t, ast.Call)
                and isinstance(t.func, ast.Name)
                and t.func.id == "isinstance"
                and len(t.args) == 2
                and isinstance(t.args[0], ast.Name)
            ):
                kinds = t.args[1].elts if isinstance(t.args[1], ast.Tuple) else [t.args[1]]
                if any(
                    (qualname(k, {}) or "").rsplit(".", 1)[-1] in NOT_ARRAY_KINDS for k in kinds
                ):
                    out.add(t.args[0].id)  # isinstance(x, (int, float)): a number, not a tensor
        return frozenset(out)

    def _outer_vars(self) -> frozenset[str]:
        """The variables of the for-loops around the current node."""
        return frozenset(n for lp in self.loops for n in _loop_targets(lp))

    def _element_nest(self) -> Nest | None:
        """The union of the element variables of the enclosing element loops."""
        nests = [lp.nest for lp in self.loops if lp.nest is not None]
        if not nests:
            return None
        out = Nest()
        for n in nests:
            out.index |= n.index
            out.element |= n.element
        return out

    def _invariant(self, node: ast.AST, loop: _Loop, moves: bool = False) -> bool:
        """A name or attribute chain the loop neither rebinds nor modifies (with ``moves``,
        rebinding it to itself moved, ``m = m.to(device)``, does not count)."""
        q = qualname(node, {})
        if q is None:
            return False
        parts = q.split(".")
        return not any(
            (p := ".".join(parts[: k + 1])) in loop.varying and not (moves and p in loop.moved)
            for k in range(len(parts))
        )

    # -- comprehensions ----------------------------------------------------------------------

    def visit_ListComp(self, node: ast.ListComp | ast.GeneratorExp | ast.SetComp) -> None:
        if id(node) not in self.handled and not self.flagged_nest:
            self.facts.narrowed = self._narrowed()
            code = classify_comprehension(node, self.facts, None, self._outer_vars())
            if code is not None:
                self.report(code, node)
        self.comprehensions += 1
        self.comp_nodes.append(node)
        self.generic_visit(node)
        self.comp_nodes.pop()
        self.comprehensions -= 1

    visit_GeneratorExp = visit_ListComp
    visit_SetComp = visit_ListComp

    # -- conditions and contexts -------------------------------------------------------------

    def visit_If(self, node: ast.If) -> None:
        stops = any(
            isinstance(n, ast.Break | ast.Return | ast.Raise) for n in scope_walk(node.body)
        )
        raises = bool(node.body) and _fails(node.body[-1])
        if stops:
            self.exempt_sync += 1  # early stopping: the branch needs the value now
        self.error_path += raises  # `if not all(...): raise`: a check of the arguments
        self.tests.append(node.test)  # (isinstance(x, list) and all(... for v in x))
        self.in_test += 1
        self.visit(node.test)
        self.in_test -= 1
        self.tests.pop()
        self.error_path -= raises
        if stops:
            self.exempt_sync -= 1
        periodic = any(
            isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) for n in ast.walk(node.test)
        )
        if periodic:
            self.guards += 1  # `if step % 100 == 0:` logs every N steps
        self.tests.append(node.test)
        self.error_path += raises
        for s in node.body:
            self.visit(s)
        self.error_path -= raises
        if periodic:
            self.guards -= 1
        self.tests[-1] = ast.UnaryOp(op=ast.Not(), operand=node.test)  # else: not the test
        for s in node.orelse:
            self.visit(s)
        self.tests.pop()
        if (
            self.scopes
            and not node.orelse
            and node.body
            and isinstance(node.body[-1], ast.Return | ast.Raise)
        ):
            self.scopes[-1].after.append(ast.UnaryOp(op=ast.Not(), operand=node.test))

    def visit_With(self, node: ast.With | ast.AsyncWith) -> None:
        off = 0
        for item in node.items:
            self.visit(item)
            expr = item.context_expr
            q = self._qual(expr.func if isinstance(expr, ast.Call) else expr)
            if q in NO_GRAD or (
                q in ("torch.set_grad_enabled", "torch.autograd.set_grad_enabled")
                and isinstance(expr, ast.Call)
                and expr.args
                and isinstance(expr.args[0], ast.Constant)
                and expr.args[0].value is False
            ):
                off = 1
        self.no_grad += off
        for s in node.body:
            self.visit(s)
        self.no_grad -= off

    visit_AsyncWith = visit_With

    # -- statements --------------------------------------------------------------------------

    def visit_Assign(self, node: ast.Assign) -> None:
        if self.loops and len(node.targets) == 1:
            self._grow(node.targets[0], node.value)
        if len(node.targets) == 1:
            self._copy(node.targets[0], node.value)
        self.generic_visit(node)

    def _grow(self, target: ast.AST, value: ast.AST) -> None:
        if not isinstance(value, ast.Call):
            return
        q = self._qual(value.func)
        if q not in GROWERS or not value.args:
            return
        me = qualname(target, {})
        if me is None:
            return
        first = value.args[0]
        pieces = first.elts if isinstance(first, ast.List | ast.Tuple) else [first]
        if q.endswith(".append"):
            pieces = [first]
        if not any(qualname(p, {}) == me for p in pieces):
            return
        loop = self.loops[-1]
        inside = {id(n) for n in ast.walk(value)}
        for n in scope_walk(_loop_body(loop)):
            if (
                id(n) not in inside
                and isinstance(n, ast.Name | ast.Attribute)
                and isinstance(n.ctx, ast.Load)
                and qualname(n, {}) == me
            ):
                return  # tokens = cat([tokens, nxt]) fed back to the model: state, not output
        self.report("AB107", value)

    def _copy(self, target: ast.AST, value: ast.AST) -> None:
        found = self._copied(value)
        if found is None:
            return
        source, kind = found
        me = qualname(target, {})
        base = source
        while isinstance(base, ast.Subscript):
            base = base.value  # batch["x"].clone(): a copy of (part of) batch
        src = qualname(base, {})
        if me is None or src is None or not isinstance(target, ast.Name):
            return
        mutated = self.facts.mutated
        if me in mutated or src in mutated:
            return  # a snapshot of data modified in place, or a buffer written into: needed
        if kind == "convert" and me == src:
            return  # x = np.array(x): the usual first line that accepts lists too
        if me == src and src in self.facts.not_arrays:
            return  # def f(sigma: float): sigma = torch.tensor(sigma) converts a number
        line = getattr(value, "lineno", 0)
        before = [v for ln, v in self.facts.assigns.get(src, ()) if ln != line]
        if me == src and (
            any(is_sequence(v) for v in before)
            or (_converts(value, self.facts) and not before and src in self.scopes[-1].untyped)
        ):
            # sizes = [...]; sizes = torch.tensor(sizes), or n_id = torch.tensor(n_id) of a
            # parameter: a list (or whatever the caller gives) converted, not a tensor copied
            return
        if src in self._narrowed():
            return  # under `if not isinstance(w, Tensor):` torch.tensor(w) converts a list
        if isinstance(source, ast.Subscript) and not self.loops:
            return  # labels[:n].copy(): detaching a view from its base, often on purpose
        if isinstance(base, ast.Name) and base.id != me and self._escapes(base.id, value):
            return  # the original goes to code that may write into it: maybe a snapshot
        if any(_asks_for_copy(t) for t in self.tests):
            return  # if copy: / if not x.flags.contiguous: a copy asked for, for a reason
        if (
            self.loops
            and self._invariant(base, self.loops[-1])
            and all(self._invariant(n, self.loops[-1]) for n in _names(source))
            and not self._written_by_callee(me)
        ):
            self.report("AB203", value)  # the same data copied again on every iteration
        elif not self._escapes(me) or (me == src and self._fresh(src, line)):
            # a copy that is only read: the original would do; or value = a + b then value =
            # torch.tensor(value): a copy of a result nothing else holds, returned or not
            self.report("AB203", value)

    def _written_by_callee(self, name: str) -> bool:
        """``x_p = x.clone()`` then ``self._perturb(x=x_p)`` or ``perturb_(x_p)``: the copy
        handed to a method of this object, or to a function whose name says it writes
        (a trailing ``_``, perturb, fill, update, shuffle): a fresh copy each time is needed."""
        for n in self.scopes[-1].nodes:
            if not isinstance(n, ast.Call):
                continue
            given = [*n.args, *(kw.value for kw in n.keywords)]
            if not any(isinstance(a, ast.Name) and a.id == name for a in given):
                continue
            f = n.func
            word = (
                f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            )
            if (
                (
                    isinstance(f, ast.Attribute)
                    and isinstance(f.value, ast.Name)
                    and f.value.id == "self"
                )
                or word.endswith("_")
                or re.search(
                    r"perturb|fill|update|shuffle|augment|corrupt|mask|noise|inplace|in_place",
                    word,
                    re.I,
                )
            ):
                return True
        return False

    def _fresh(self, name: str, line: int) -> bool:
        """Whether a local name holds, just above ``line``, an array computed right there
        (``value = out_a + out_b``): arithmetic, not a view, not what a caller passed."""
        v = self.facts.last_value(name, line)
        return isinstance(v, ast.BinOp | ast.UnaryOp) and self.facts.is_array(v)

    def _copied(self, value: ast.AST) -> tuple[ast.AST, str] | None:
        """What ``value`` copies, and how: ``x.clone()``, ``x.copy()``, ``np.copy(x)``,
        ``copy.deepcopy(x)`` of an array; ``torch.tensor(t)`` of a tensor; ``np.array(a)`` of a
        NumPy array ("convert": the same call also turns lists into arrays)."""
        while (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr in ("detach", "float", "requires_grad_", "contiguous")
            and isinstance(value.func.value, ast.Call)
        ):
            value = value.func.value  # torch.tensor(t).float(): the copy is inside
        if not isinstance(value, ast.Call):
            return None
        f = value.func
        if isinstance(f, ast.Attribute) and f.attr in COPIES and not value.args:
            base = f.value
            while (
                isinstance(base, ast.Call)
                and isinstance(base.func, ast.Attribute)
                and base.func.attr == "detach"
            ):
                base = base.func.value
            if f.attr == "copy" and not self.facts.is_array(base):
                return None  # dict.copy(), list.copy()
            return base, "copy"
        q = self._qual(f)
        if not value.args:
            return None
        arg = value.args[0]
        if q in COPY_FUNCS and self.facts.is_array(arg):
            return arg, "copy"
        extra = [kw.arg for kw in value.keywords if kw.arg not in ("copy", "device")]
        if q in ("torch.tensor", "torch.Tensor") and self.facts.is_tensor(arg):
            return arg, "copy"  # a copy, and torch warns: use t.clone().detach() or t itself
        if (
            q == "numpy.array"
            and len(value.args) == 1
            and not extra
            and not any(
                kw.arg == "copy" and isinstance(kw.value, ast.Constant) and not kw.value.value
                for kw in value.keywords
            )
            and self.facts.is_array(arg)
            and self.facts.is_host(arg)
        ):
            return arg, "convert"
        return None

    def _escapes(self, name: str, skip: ast.AST | None = None) -> bool:
        """Whether a local name's value leaves the reads of its scope: returned, yielded,
        stored (in an attribute, a container, a list), or passed to a function that might
        write into it (not an array function, a model, or a builtin that only reads)."""
        nodes = self.scopes[-1].nodes
        parents: dict[int, ast.AST] = {}
        for n in nodes:
            for c in ast.iter_child_nodes(n):
                parents[id(c)] = n
        inside = {id(n) for n in ast.walk(skip)} if skip is not None else set()
        for n in nodes:
            if not (isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)):
                continue
            if id(n) in inside:
                continue  # the copy itself
            p = parents.get(id(n))
            while isinstance(p, ast.Tuple | ast.List | ast.Starred | ast.IfExp):
                p = parents.get(id(p))
            if isinstance(p, ast.Attribute) and p.attr not in EVIDENCE_ATTRS:
                above = parents.get(id(p))
                if isinstance(above, ast.Assign | ast.Return) or (
                    isinstance(above, ast.Call) and p in above.args and not self._reads_only(above)
                ):
                    return True  # self.data = A.data: a part of the copy kept
            if p is None or isinstance(
                p, ast.Return | ast.Yield | ast.YieldFrom | ast.Dict | ast.Set | ast.keyword
            ):
                return True
            if isinstance(p, ast.Assign | ast.AnnAssign) and (
                p.value is n or isinstance(p.value, ast.Tuple | ast.List)
            ):
                return True  # y2 = y, self.x = y: an alias kept
            if isinstance(p, ast.Call) and n is not p.func and not self._reads_only(p):
                return True
            if isinstance(p, ast.Lambda | ast.FunctionDef):
                return True
        return False

    def _reads_only(self, call: ast.Call) -> bool:
        f = call.func
        q = self._qual(f)
        if q is not None and (
            (self.facts.is_namespace(q) and public_data_function(q))
            or q.startswith(("math.", "cmath."))
        ):
            return True
        if isinstance(f, ast.Name) and (f.id in READ_ONLY_BUILTINS or q in self.facts.models):
            return True
        if isinstance(f, ast.Attribute):
            if self.facts.is_array(f.value) and f.attr not in MUTATING_CALLS:
                return True  # x.dot(y), x.add(y)
            if qualname(f.value, {}) in self.facts.models or f.attr in ("forward", "predict"):
                return True
        return q is not None and (_model_named(q) or _reader_named(q))

    def visit_BinOp(self, node: ast.BinOp) -> None:
        for side in (node.left, node.right):
            found = self._copied(side)
            if found is not None and found[1] == "copy":
                self.report("AB203", side)  # x.clone() * 2: the product is new already
        self.generic_visit(node)

    # -- calls -------------------------------------------------------------------------------

    def visit_Call(self, node: ast.Call) -> None:
        q = self._qual(node.func)
        if isinstance(node.func, ast.Call) and node.args:
            # Parallel(n_jobs)(delayed(f)(x) for x in parts): a parallel map, not a loop to
            # vectorize
            self.handled.update(
                id(a) for a in node.args if isinstance(a, ast.ListComp | ast.GeneratorExp)
            )
        if (
            node.args
            and isinstance(node.args[0], ast.ListComp | ast.GeneratorExp)
            and not self.flagged_nest
        ):
            wrapper = q.rsplit(".", 1)[-1] if q else None
            if wrapper in REDUCING_BUILTINS:
                self.handled.add(id(node.args[0]))
                self.facts.narrowed = self._narrowed()
                code = classify_comprehension(node.args[0], self.facts, wrapper, self._outer_vars())
                if code is not None:
                    self.report(code, node.args[0])
        f = node.func
        if (
            isinstance(f, ast.Attribute)
            and f.attr in CASTS
            and isinstance(f.value, ast.Call)
            and not (  # .to(device) moves the data, it keeps the dtype
                f.attr == "to"
                and len(node.args) == 1
                and self._device_like(node)
                and not any(kw.arg == "dtype" for kw in node.keywords)
            )
        ):
            self.cast.add(id(f.value))
        for kw in node.keywords:
            if kw.arg == "dtype":
                self.cast.add(id(node))
        self._python_iteration(node)
        if q in TO_TORCH:
            self._float64(node)
        self._inference(node, q)
        if q in TENSOR_BUILDERS and node.args:
            self._tensor_of_arrays(node)
        if self.loops or (self.scopes and self.scopes[-1].per_batch):
            self._note_callee(node)
        if self.loops:
            self._sync(node)
            self._transfer(node, q)
            self._to_host(node)
            self._build(node, q)
            self._jit(node, q)
        elif self.scopes and self.scopes[-1].per_batch and not self.comprehensions:
            self.per_call = True
            try:
                self._per_batch_host(node, q)
            finally:
                self.per_call = False
        if self.comp_nodes and not self.loops and self._fresh_jit(node.func):
            # [jit(grad(f))(x) for x in xs]: a comprehension is a loop, a compile per element
            self.report("AB403", node.func, SURE)
        elif (
            not self.loops
            and len(self.scopes) > 1
            and self._fresh_jit(node.func)
            and not self.scopes[-1].per_batch
        ):
            # jit(grad(f))(x) in a function: every call of the function compiles again, a cost
            # as large as the number of calls, which the function does not show
            self.report("AB403", node.func, POSSIBLE, PER_CALL_NOTE)
        self.generic_visit(node)

    def _python_iteration(self, node: ast.Call) -> None:
        """A loop the code does not write: ``sum(np.arange(n))`` (a Python sum over NumPy
        scalars, AB104) or a function made by ``np.vectorize`` called on an array (AB103). Sure
        when the array is shown large, possible else."""
        f = node.func
        if len(node.args) != 1 or node.keywords or self.error_path:
            return
        arg = node.args[0]
        if not self.facts.is_array(arg, strong=True) or isinstance(arg, ast.List | ast.Tuple):
            return
        many = many_iterations(arg, self.facts) or (
            isinstance(arg, ast.Call)  # np.arange(N): as many as N
            and (self._qual(arg.func) or "").rsplit(".", 1)[-1] == "arange"
            and len(arg.args) == 1
            and large_count(arg.args[0], self.facts)
        )
        tier = SURE if many else POSSIBLE
        if (
            isinstance(f, ast.Name)
            and f.id in ("sum", "max", "min")
            and f.id not in self.namespaces
            and not self.loops
            and tier == SURE  # max(counts) of a few: not worth a finding
        ):
            self.report("AB104", node, tier)
        elif (isinstance(f, ast.Name) and f.id in self.vectorized) or (
            isinstance(f, ast.Call) and self._qual(f.func) == "numpy.vectorize"
        ):
            self.report("AB103", node, tier)

    def _fresh_jit(self, node: ast.AST) -> bool:
        """``jax.jit(lambda ...)``, ``jax.jit(partial(f, a))``, ``jax.jit(jax.grad(f))``: a
        compile of a function object made right there, which the compile cache never saw."""
        if not (isinstance(node, ast.Call) and node.args and self._qual(node.func) in JITS):
            return False
        fn = node.args[0]
        return isinstance(fn, ast.Lambda) or (
            isinstance(fn, ast.Call) and (self._qual(fn.func) or "").rsplit(".", 1)[-1] in FRESH
        )

    def _per_batch_host(self, node: ast.Call, q: str | None) -> None:
        """What costs once per call in ``forward``, a Lightning ``training_step`` /
        ``validation_step``, or a function this file calls on every iteration of a loop: the
        framework (or the loop) calls it once per batch, so each of these comes once per batch:
        ``x.cpu().numpy()``, ``.cpu()`` handed to host code (AB202), ``loss.item()``,
        ``.tolist()``, ``float(t)`` (AB201), ``torch.zeros(n).to(device)`` (AB202),
        ``jax.device_get`` (AB202), ``jax.jit(lambda ...)`` (AB403)."""
        if self.error_path:
            return
        if self._fresh_jit(node) and not (
            isinstance(self.stmt, ast.Return) and self.stmt.value is node
        ):
            # jit(lambda ...) made per call (and called, not handed back): a compile per call
            self.report("AB403", node)
            return
        f = node.func
        if q == "jax.device_get" and node.args:
            self.report("AB202", node)  # to the host, and a wait, on every call
            return
        if not self.device_file:
            return
        stmt = self.stmt
        if isinstance(stmt, ast.Assert) or (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and re.search(r"check|assert|valid", qualname(stmt.value.func, {}) or "", re.I)
        ):
            return  # KORNIA_CHECK(x.all().item(), ...): a check of the arguments
        tested = _tested(self.scopes[-1].nodes)
        if (
            isinstance(f, ast.Name)
            and f.id in ("float", "int")
            and len(node.args) == 1
            and self.facts.is_tensor(node.args[0])
            and not self._cpu_expr(node.args[0])
        ):
            self.report("AB201", node, *self._decides(tested))
            return
        if not isinstance(f, ast.Attribute):
            return
        if f.attr == "numpy" and not node.args and self._moved_to_host(f.value):
            self.report("AB202", f.value)
        elif f.attr in ("item", "tolist") and not node.args and self._per_call_sync(f):
            self.report("AB201", node, *self._decides(tested))
        elif (
            f.attr in ("to", "cuda")
            and (f.attr == "cuda" or self._device_like(node))
            and self._made_of_factories(f.value, None)
        ):
            self.report("AB202", node)  # torch.zeros(n).to(device): pass device= instead
        elif _to_cpu(node) and self._moved_to_host(node) and self._handed_to_host(node):
            self.report("AB202", node)  # accuracy_score(y.cpu(), p.cpu()): once per batch

    def _per_call_sync(self, f: ast.Attribute) -> bool:
        """``t.item()`` of a tensor not known to be on the host; ``t.tolist()`` of such a
        tensor or of ``t.cpu()`` (the copy waits for the device). ``t.cpu().item()`` is left
        to the loop rules."""
        moved = self._moved_to_host(f.value)
        on_device = not (self.facts.is_host(f.value) or self._on_cpu(f.value) or moved)
        if f.attr == "item":
            return on_device
        return moved or (on_device and self.facts.is_tensor(f.value))

    def _handed_to_host(self, node: ast.Call) -> bool:
        """``x.cpu()`` passed straight to a function that is not torch's, a collector's
        ``append`` or a logger: scikit-learn's metrics, NumPy."""
        stmt = self.stmt
        if stmt is None:
            return False
        for p in ast.walk(stmt):
            if isinstance(p, ast.Call) and node in p.args and p is not node:
                q = self._qual(p.func) or ""
                name = q.rsplit(".", 1)[-1]
                return not (
                    _collects(p)
                    or q.startswith("torch.")
                    or name in ("log", "log_dict", "save", "print", "append", "extend")
                    or "log" in name.lower()
                )
        return False

    def _qual(self, node: ast.AST) -> str | None:
        return qualname(node, self.facts.namespaces if self.scopes else self.namespaces)

    def _sync(self, node: ast.Call) -> None:
        loop = self.loops[-1]
        key = ast.dump(node)
        if self.exempt_sync:
            loop.synced.add(key)
            return
        if self.guards > loop.guards or loop.coarse or key in loop.synced:
            return
        if not self._hot(loop):
            return  # once per class, per metric, per key: a few syncs
        f = node.func
        if self.comprehensions > loop.comprehensions:
            return  # the comprehension is the loop: AB101-AB106 judge it
        if not self.device_lib:
            return  # NumPy only: .item() and float() of a host array wait for nothing
        if isinstance(f, ast.Attribute) and f.attr in ("item", "tolist") and not node.args:
            if (not self.facts.is_host(f.value) and not self._on_cpu(f.value)) or (
                self._moved_to_host(f.value)
            ):
                self.report("AB201", node, *self._loop_decides(loop))
        elif (
            isinstance(f, ast.Name)
            and f.id in ("float", "int", "bool")
            and len(node.args) == 1
            and self.facts.is_array(node.args[0])
            and not self.facts.is_host(node.args[0])
            and not self._cpu_expr(node.args[0])
        ):
            self.report("AB201", node, *self._loop_decides(loop))

    def _moved_to_host(self, value: ast.AST) -> bool:
        """``x.cpu()`` (``x.detach().cpu()``, ``x.to("cpu")``) of a tensor not known to be on
        the host, in a file that uses a device: the copy waits for the device (a sync)."""
        if not self.device_file or not _to_cpu(value):
            return False
        assert isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
        base = value.func.value
        while True:
            if (
                isinstance(base, ast.Call)
                and isinstance(base.func, ast.Attribute)
                and base.func.attr in TRANSPARENT
            ):
                base = base.func.value  # x.detach().cpu()
            elif isinstance(base, ast.Attribute) and base.attr == "data":
                base = base.value  # x.data.cpu()
            else:
                break
        return not self.facts.is_host(base) and not self._on_cpu(base)

    def _loop_decides(self, loop: _Loop) -> tuple[str | None, str]:
        """``_decides`` for a sync in a loop; never in a loop over elements: ``if float(t[i])
        > 0:`` per element is the slow part."""
        return (None, "") if loop.nest is not None else self._decides(loop.tested)

    def _decides(self, tested: set[str]) -> tuple[str | None, str]:
        """(tier, why) for a sync: POSSIBLE when the value it brings decides a branch (``if
        loss.item() < best:``, ``k = int(idx)`` then ``if k > ...``, with ``tested`` the names
        the branches read): the code needs it on the host now, and whether it could wait is a
        judgement; None (the count decides) else."""
        if self.in_test:
            return POSSIBLE, DECIDES_NOTE
        stmt = self.stmt
        if isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if any(n in tested for t in targets for n in target_names(t)):
                return POSSIBLE, DECIDES_NOTE
        return None, ""

    def _cpu_expr(self, node: ast.AST) -> bool:
        """Every array in an expression is a tensor made on the CPU right there."""
        if isinstance(node, ast.BinOp):
            sides = [x for x in (node.left, node.right) if self.facts.is_array(x)]
            return bool(sides) and all(self._cpu_expr(x) for x in sides)
        if isinstance(node, ast.UnaryOp):
            return self._cpu_expr(node.operand)
        return self._on_cpu(node)

    def _on_cpu(self, value: ast.AST) -> bool:
        """torch.randint(5, (1,)), torch.empty(1).uniform_(a, b): a tensor made right there,
        on the CPU (no device=): reading it waits for nothing."""
        while (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr.endswith("_")
        ):
            value = value.func.value  # .uniform_(a, b), .normal_()
        while isinstance(value, ast.Subscript):
            value = value.value
        if isinstance(value, ast.Name):
            before = self.facts.last_value(value.id, getattr(value, "lineno", 0))
            if before is not None:
                return self._on_cpu(before)  # r = torch.rand(2); ... r[0]
        if not isinstance(value, ast.Call) or any(kw.arg == "device" for kw in value.keywords):
            return False
        q = self._qual(value.func)
        return (
            q in FACTORIES
            or q == "torch.from_numpy"
            or (  # torch.tensor of a tensor keeps its device
                q in ("torch.tensor", "torch.as_tensor")
                and bool(value.args)
                and not self.facts.is_tensor(value.args[0])
            )
        )

    def _transfer(self, node: ast.Call, q: str | None) -> None:
        loop = self.loops[-1]
        f = node.func
        if q == "jax.device_get" and node.args:
            if self._per_iteration(node):
                self.report("AB202", node)  # to the host, and a wait, on every step
            return
        if q == "jax.device_put" and node.args:
            base: ast.AST = node.args[0]
            where = node.args[1:]
        elif q in HOST_TO_JAX and node.args and self.facts.is_host(node.args[0]):
            base, where = node.args[0], []  # jnp.asarray(numpy_array): a device_put
        elif isinstance(f, ast.Attribute) and f.attr in TRANSFERS:
            if f.attr == "to" and not self._device_like(node):
                return
            base = f.value
            where = list(node.args)
        else:
            return
        where += [kw.value for kw in node.keywords]
        if any(
            not self._invariant(n, loop, moves=True)
            for w in where
            if not _device_of(w)
            for n in _names(w)
        ):
            return  # x.to(device) for each device of a loop: a different move every time
        while isinstance(base, ast.Call):
            bq = self._qual(base.func)
            if isinstance(base.func, ast.Attribute) and base.func.attr in TRANSPARENT:
                base = base.func.value
            elif bq in CONVERSIONS and base.args and not self.facts.is_array(base):
                base = base.args[0]  # torch.from_numpy(X).to(device): X is what moves
            else:
                break
        to_device = isinstance(f, ast.Attribute) and f.attr in ("to", "cuda")
        nest = self._element_nest()
        if (
            nest is not None
            and isinstance(base, ast.Subscript)
            and Shape(self.facts, nest, []).is_element(base)
        ):
            self.report("AB202", node)  # x[i].cpu(): one element per transfer
        elif (
            isinstance(base, ast.Name | ast.Attribute)
            and self._invariant(base, loop, moves=True)
            and not (isinstance(base, ast.Name) and base.id in self.namespaces)
        ):
            self.report("AB202", node)
        elif (
            to_device
            and isinstance(base, ast.Call)
            and (
                self._qual(base.func) in FACTORIES
                or self.facts.is_instance(base)
                or self._made_of_factories(base, loop)
            )
        ):
            # torch.zeros(n).to(device), nn.MSELoss().to(device): made on the host, then
            # copied, on every iteration (pass device=, or make it once before the loop)
            self.report("AB202", node)
        elif to_device and isinstance(base, ast.Name) and base.id in self._round_trip(loop):
            self.report("AB202", node)  # carried on the host, sent back every iteration

    def _made_of_factories(self, node: ast.AST, loop: _Loop | None, depth: int = 0) -> bool:
        """``torch.tril(torch.ones(n, n))``, ``torch.stack(torch.meshgrid(torch.arange(h),
        torch.arange(w)))``: a torch expression of factories and values the loop does not
        change, made on the host (no ``device=``); the same tensor every iteration. With no
        ``loop`` (a per-batch scope), whatever the values: ``torch.zeros(n)`` per call."""
        if depth > 6 or not isinstance(node, ast.Call):
            return False
        while isinstance(node.func, ast.Attribute) and node.func.attr in TRANSPARENT:
            node = node.func.value  # .float(), .unsqueeze(0)
            if not isinstance(node, ast.Call):
                return False
        if any(kw.arg == "device" for kw in node.keywords):
            return False  # made where it goes
        q = self._qual(node.func) or ""
        if q in FACTORIES:
            return all(self._invariant_value(a, loop) for a in node.args)
        if loop is not None and q in TENSOR_BUILDERS | TO_TORCH and node.args and depth == 0:
            # torch.tensor([1 / c for c in counts]).to(device): the same numbers each time
            a = node.args[0]
            return isinstance(a, ast.List | ast.Tuple | ast.ListComp) and self._invariant_numbers(
                a, loop
            )
        if not q.startswith("torch."):
            return False
        parts = [*node.args, *(kw.value for kw in node.keywords)]
        made = [a for a in parts if self._made_of_factories(a, loop, depth + 1)]
        return bool(made) and all(
            a in made
            or self._invariant_value(a, loop)
            or (
                isinstance(a, ast.List | ast.Tuple)
                and all(self._made_of_factories(e, loop, depth + 1) for e in a.elts)
            )
            for a in parts
        )

    def _invariant_numbers(self, node: ast.AST, loop: _Loop) -> bool:
        """A list display or comprehension of numbers the loop does not change: every name in
        it is a comprehension variable or invariant, every call a builtin of numbers."""
        local = {
            n
            for g in ast.walk(node)
            if isinstance(g, ast.comprehension)
            for n in target_names(g.target)
        }
        for n in ast.walk(node):
            if isinstance(n, ast.Call) and not (
                isinstance(n.func, ast.Name) and n.func.id in NUMBER_BUILTINS
            ):
                return False
            if (
                isinstance(n, ast.Name)
                and isinstance(n.ctx, ast.Load)
                and n.id not in local | NUMBER_BUILTINS
                and not self._invariant(n, loop)
            ):
                return False
        return True

    def _invariant_value(self, node: ast.AST, loop: _Loop | None) -> bool:
        """Constants and names (or attributes, ``x.shape[0]``) the loop does not change (with
        no loop: anything)."""
        if loop is None:
            return True
        names = _names(node)
        return all(self._invariant(n, loop) for n in names) and not any(
            isinstance(n, ast.Call) for n in ast.walk(node)
        )

    def _hot(self, loop: _Loop) -> bool:
        """Whether a loop may run many times: over steps, batches, elements, an unknown
        iterable; not over a few named things (classes, metrics, keys, types, a literal
        tuple, a dict's items, range(3))."""
        node = loop.node
        if not isinstance(node, ast.For | ast.AsyncFor):
            return True
        it: ast.AST = node.iter
        while (
            isinstance(it, ast.Call)
            and isinstance(it.func, ast.Name)
            and it.func.id in ("enumerate", "reversed", "sorted", "iter", "zip", "list", "tqdm")
            and it.args
        ):
            if it.func.id == "zip" and any(short_literal(a) for a in it.args):
                return False  # zip(names, (w, b)): as few as the shortest
            it = it.args[0]
        if isinstance(it, ast.Call) and self._qual(it.func) == "range":
            stop = it.args[1] if len(it.args) >= 2 else (it.args[0] if it.args else None)
            if isinstance(stop, ast.Constant) and isinstance(stop.value, int):
                return stop.value > FEW
            return stop is None or not counts_groups(stop)
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute):
            if it.func.attr in ("items", "keys", "values"):
                return False
            if it.func.attr == "product" or self._qual(it.func) == "itertools.product":
                return not any(counts_groups(a) for a in it.args)
        if isinstance(it, ast.Tuple | ast.List | ast.Set | ast.Dict):
            return False
        if counts_groups(it):
            return False
        q = qualname(it, {}) or ""
        words = {w for w in re.split(r"[_.\d]+", q.lower()) if w}
        if words & COLD_WORDS:
            return False
        if isinstance(it, ast.Name):
            before = self.facts.last_value(it.id, it.lineno)
            if isinstance(before, ast.Tuple | ast.List | ast.Dict | ast.Set):
                return False
        return True

    def _per_iteration(self, node: ast.Call) -> bool:
        """Whether a call runs on every iteration of the innermost loop (not every N steps,
        not in a coarse loop, not a test the loop needs now): the conditions of AB201."""
        loop = self.loops[-1]
        if len(self.loops) >= 2 and loop.guards > self.loops[-2].guards and not self._hot(loop):
            return False  # for k, v in metrics.items() under `if step % 100 == 0:`: now and then
        return not (
            self.exempt_sync
            or self.guards > loop.guards
            or loop.coarse
            or self.comprehensions > loop.comprehensions
        )

    def _round_trip(self, loop: _Loop) -> set[str]:
        """Names the loop carries from one iteration to the next that hold data brought to
        the host in it (``.cpu()``, ``.numpy()``, or made from such data)."""
        if loop.round_trip is not None:
            return loop.round_trip
        body = _loop_body(loop)
        host: set[str] = set()
        assigns = [n for n in scope_walk(body) if isinstance(n, ast.Assign) and len(n.targets) == 1]
        for _ in range(3):
            for n in assigns:
                v = n.value
                if any(
                    (
                        isinstance(c, ast.Call)
                        and isinstance(c.func, ast.Attribute)
                        and c.func.attr in ("cpu", "numpy")
                    )
                    or (isinstance(c, ast.Name) and c.id in host)
                    for c in ast.walk(v)
                ):
                    host.update(target_names(n.targets[0]))
        carried = Shape(self.facts, Nest(), [s for s in body if isinstance(s, ast.stmt)])
        loop.round_trip = carried._read_before_write(host) if host else set()
        return loop.round_trip

    def _to_host(self, node: ast.Call) -> None:
        """``.cpu()`` of a result computed in the loop, consumed there on the host (a metric,
        NumPy arithmetic): a copy and a wait on every batch (AB202). Collecting the results
        (``outs.append(y.cpu())``) to join them once is left alone."""
        f = node.func
        if not (_to_cpu(node) and isinstance(f, ast.Attribute)):
            return
        loop = self.loops[-1]
        if not self.device_file or not self._per_iteration(node) or self.stmt is None:
            return
        base = f.value
        while (
            isinstance(base, ast.Call)
            and isinstance(base.func, ast.Attribute)
            and base.func.attr in TRANSPARENT
        ):
            base = base.func.value
        if isinstance(base, ast.Name | ast.Attribute) and self._invariant(base, loop):
            return  # the data does not change: _transfer reports it
        if isinstance(base, ast.Name) and base.id in _loop_targets(loop):
            return  # the batch itself, as the loop received it
        if self._consumed_on_host(node, loop):
            self.report("AB202", node)

    def _consumed_on_host(self, node: ast.Call, loop: _Loop) -> bool:
        stmt = self.stmt
        assert stmt is not None
        parents = {id(c): p for p in ast.walk(stmt) for c in ast.iter_child_nodes(p)}
        cur: ast.AST = node
        while True:
            p = parents.get(id(cur))
            if isinstance(p, ast.Attribute) and p.attr in (*TRANSPARENT, "numpy"):
                cur = p
                continue
            if isinstance(p, ast.Call) and p.func is cur:
                cur = p
                continue
            break
        if p is None or isinstance(p, ast.Expr | ast.Return | ast.Yield | ast.YieldFrom):
            return False
        if isinstance(p, ast.Attribute) and p.attr in ("item", "tolist"):
            return False  # AB201 reports the sync
        if isinstance(p, ast.Call) and _collects(p):
            return False
        if isinstance(p, ast.Assign):
            names = {n for t in p.targets for n in target_names(t)}
            if not names or any(not isinstance(t, ast.Name) for t in p.targets):
                return False
            uses = [
                n
                for n in scope_walk(_loop_body(loop))
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in names
            ]
            collected = {
                id(a)
                for c in scope_walk(_loop_body(loop))
                if isinstance(c, ast.Call) and _collects(c)
                for a in c.args
            }
            return bool(uses) and any(id(u) not in collected for u in uses)
        return True

    def _device_like(self, node: ast.Call) -> bool:
        args = [*node.args, *(kw.value for kw in node.keywords if kw.arg == "device")]
        if not args:
            return False
        a = args[0]
        if isinstance(a, ast.Constant):
            return isinstance(a.value, str) and a.value.split(":")[0] in ("cuda", "cpu", "mps")
        q = self._qual(a.func if isinstance(a, ast.Call) else a) or ""
        if q.startswith("torch.") and q != "torch.device":
            return False  # .to(torch.float32): a dtype
        return "dtype" not in q.lower()

    def _build(self, node: ast.Call, q: str | None) -> None:
        if q not in BUILDERS or not node.args:
            return
        arg = node.args[0]
        loop = self.loops[-1]
        if self.facts.is_array(arg):
            if self._rows_stacked(node, q, loop):
                self.report("AB108", node)  # rows.append(torch.tensor(row)); torch.stack(rows)
            return
        nest = self._element_nest()
        if nest is not None and Shape(self.facts, nest, [arg]).is_element_loop():
            self.report("AB108", node)
        elif isinstance(arg, ast.Name) and (
            arg.id in loop.grown or (self._invariant(arg, loop) and self._hot(loop))
        ):
            # a list converted whole on every append (quadratic), or the same data every time
            self.report("AB108", node)
        elif (
            isinstance(arg, ast.List | ast.Tuple)
            and q is not None
            and q.split(".", 1)[0] in DEVICE_LIBS
            and arg.elts
            and all(
                self._invariant(n, loop) or n.id in self.namespaces
                for e in arg.elts
                for n in _names(e)
            )
            and self._hot(loop)
        ) or self._piece_by_piece(node, q, loop):
            # the same constants every time, or one small tensor per item, stacked later
            self.report("AB108", node)

    def _rows_stacked(self, node: ast.Call, q: str | None, loop: _Loop) -> bool:
        """``for row in frames: rows.append(torch.tensor(row))`` then ``torch.stack(rows)``:
        one tensor per row of an array that one conversion of the whole would replace."""
        arg = node.args[0]
        if q is None or q.split(".", 1)[0] not in DEVICE_LIBS:
            return False
        if loop.coarse or not self._per_iteration(node):
            return False
        if not isinstance(loop.node, ast.For | ast.AsyncFor) or _batch_like(loop.node.iter):
            return False
        if not (isinstance(arg, ast.Name) and arg.id in _loop_targets(loop)):
            return False
        it = loop.node.iter
        if isinstance(it, ast.Call) and self._qual(it.func) == "enumerate" and it.args:
            it = it.args[0]
        if not self.facts.is_array(it):
            return False  # for path in files: arr = load(path): arrays of their own
        collected = self._collected_into(node, loop)
        return collected is not None and collected in self._stacked()

    def _piece_by_piece(self, node: ast.Call, q: str | None, loop: _Loop) -> bool:
        """``rows.append(torch.tensor([a, b]))`` item by item, to be stacked later: one tiny
        tensor (a host-to-device copy, on a GPU) per item where one conversion of the list of
        rows would do. Needs a fine-grained loop (no inner loop, not over a loader) and either
        scalars (a literal of names, an unpacked loop variable) or a stack of the list after."""
        if q is None or loop.coarse or not self._per_iteration(node):
            return False
        if not isinstance(loop.node, ast.For | ast.AsyncFor) or _batch_like(loop.node.iter):
            return False
        lib = q.split(".", 1)[0]
        arg = node.args[0]
        targets = _loop_targets(loop)
        for outer in self.loops:
            targets |= _loop_targets(outer)
        scalars = (
            isinstance(arg, ast.List | ast.Tuple)
            and bool(arg.elts)
            and all(
                isinstance(e, ast.Name | ast.Constant | ast.BinOp | ast.UnaryOp | ast.Subscript)
                or (isinstance(e, ast.Call) and _is_scalar_cast(e))
                for e in arg.elts
            )
            and bool(_names(arg))
        ) or (isinstance(arg, ast.Name) and arg.id in targets)
        collected = self._collected_into(node, loop)
        if collected is None:
            return False
        if lib == "numpy":
            return scalars and collected in self._stacked()
        return scalars or collected in self._stacked()

    def _collected_into(self, node: ast.Call, loop: _Loop) -> str | None:
        """The list a value is appended to in the loop (directly, or through one name)."""
        stmt = self.stmt
        if stmt is None:
            return None
        for c in ast.walk(stmt):
            if isinstance(c, ast.Call) and _collects(c) and any(a is node for a in c.args):
                return qualname(c.func.value, {})  # type: ignore[attr-defined]
        if isinstance(stmt, ast.Assign) and stmt.value is node and len(stmt.targets) == 1:
            t = stmt.targets[0]
            if isinstance(t, ast.Name):
                for c in scope_walk(_loop_body(loop)):
                    if (
                        isinstance(c, ast.Call)
                        and _collects(c)
                        and any(isinstance(a, ast.Name) and a.id == t.id for a in c.args)
                    ):
                        return qualname(c.func.value, {})  # type: ignore[attr-defined]
        return None

    def _stacked(self) -> set[str]:
        """Lists that the scope joins into one array (torch.stack(rows), np.array(rows))."""
        scope = self.scopes[-1]
        if scope.stacked is None:
            scope.stacked = set()
            for n in scope.nodes:
                if isinstance(n, ast.Call) and n.args and isinstance(n.args[0], ast.Name):
                    q = self._qual(n.func) or ""
                    if q in GROWERS or q in BUILDERS:
                        scope.stacked.add(n.args[0].id)
        return scope.stacked

    def _tensor_of_arrays(self, node: ast.Call) -> None:
        """torch.tensor(list_of_tensors) (or of NumPy arrays): element by element, slow (torch
        warns); torch.stack(list) or torch.from_numpy(np.stack(list)) is one copy."""
        arg = node.args[0]
        if not isinstance(arg, ast.Name) or self.facts.is_array(arg):
            return
        for n in self.scopes[-1].nodes:
            if (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Attribute)
                and n.func.attr == "append"
                and isinstance(n.func.value, ast.Name)
                and n.func.value.id == arg.id
                and n.args
                and self.facts.is_array(n.args[0])
            ):
                self.report("AB108", node)
                return

    def _jit(self, node: ast.Call, q: str | None) -> None:
        if q not in JITS or not node.args:
            return
        fn = node.args[0]
        loop = self.loops[-1]
        if self._fresh_jit(node):
            # jit(lambda ...), jit(partial(f, a)), jit(grad(loss)): a new function object each
            # iteration misses the compile cache, whatever the count
            self.report("AB403", node, SURE)
        elif (
            isinstance(fn, ast.Name | ast.Attribute)
            and qualname(fn, {}) in loop.varying
            and not (isinstance(fn, ast.Name) and fn.id in _loop_targets(loop))
        ):
            self.report("AB403", node, SURE)  # def step(...) or step = partial(...) in the loop
        elif (
            isinstance(fn, ast.Name | ast.Attribute)
            and self._invariant(fn, loop)
            and not (isinstance(fn, ast.Name) and fn.id in _loop_targets(loop))
        ):
            # jit(f) of the same f: the compile cache hits, each iteration still builds a
            # wrapper and looks the function up (5.5x a hoisted call of a small step, against
            # 2000x for a fresh function: benchmarks/jit_in_loop.py): a cost only when the loop
            # runs many times
            self.report("AB403", node)

    def _float64(self, node: ast.Call) -> None:
        if (
            not (self.torch_nn or self.trains_torch)
            or self.double
            or id(node) in self.cast
            or not node.args
        ):
            return
        if any(kw.arg == "dtype" for kw in node.keywords):
            return
        arg = node.args[0]
        if self.facts.is_float64(arg) and not self.facts.is_explicit64(arg):
            self.report("AB401", node)

    def _inference(self, node: ast.Call, q: str | None) -> None:
        scope = self.scopes[-1]
        f = node.func
        if isinstance(f, ast.Attribute) and (
            (f.attr == "eval" and not node.args and not node.keywords)
            or (
                f.attr == "train"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value is False
            )
        ):
            model = qualname(f.value, {})
            if model is not None and model not in self.namespaces:
                scope.evaluated.setdefault(model, node.lineno)
            return
        if q is None:
            return
        model = q[: -len(".forward")] if q.endswith(".forward") else q
        if (
            model in scope.evaluated
            and model not in scope.reported_models
            and node.lineno >= scope.evaluated[model]
            and not (self.no_grad or scope.no_grad or scope.trains or self.grad_off)
        ):
            scope.reported_models.add(model)
            self.report("AB402", node)

    # -- timing ------------------------------------------------------------------------------

    def _timing(self, stmts: list[ast.stmt]) -> None:
        reads: list[tuple[int, ast.Call]] = []
        for k, s in enumerate(stmts):
            if isinstance(s, ast.Expr | ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Return):
                clocks = [
                    n
                    for n in ast.walk(s)
                    if isinstance(n, ast.Call) and self._qual(n.func) in CLOCKS
                ]
                if clocks:
                    reads.append((k, clocks[0]))
        for (a, _), (b, clock) in itertools.pairwise(reads):
            nodes = [n for s in stmts[a + 1 : b] for n in walk_scope([s])]
            nodes += [n for n in ast.walk(stmts[b]) if _end(n) < _end(clock)]
            ops = [n for n in nodes if isinstance(n, ast.Call | ast.BinOp)]
            ops.sort(key=_end)
            last_work = last_sync = -1
            for i, c in enumerate(ops):
                if isinstance(c, ast.BinOp):
                    if self.facts.is_array(c) and not self.facts.is_host(c):
                        last_work = i  # x @ x on the GPU is launched, not done
                elif self._is_sync(c):
                    last_sync = i
                elif self._is_work(c):
                    last_work = i
            if last_work >= 0 and last_sync < last_work:
                self.report("AB301", clock)

    def _is_sync(self, c: ast.Call) -> bool:
        q = self._qual(c.func) or ""
        if q in SYNC_FUNCS or q.endswith(".synchronize"):
            return True
        if isinstance(c.func, ast.Attribute) and c.func.attr in SYNC_METHODS:
            return True
        return (
            isinstance(c.func, ast.Name)
            and c.func.id in ("float", "int")
            and bool(c.args)
            and self.facts.is_array(c.args[0])
        )

    def _is_work(self, c: ast.Call) -> bool:
        q = self._qual(c.func)
        if q is None:
            f = c.func
            # f(x)(y), model.to(d)(x): a call of a call's result (a jitted function, a model)
            return isinstance(f, ast.Call)
        if q in CLOCKS or q in NOT_WORK:
            return False
        root = q.split(".", 1)[0]
        if self.facts.is_namespace(q):
            return root in ("torch", "jax", "cupy", "xp")
        if isinstance(c.func, ast.Name):
            return (
                q in self.facts.jitted
                or q in self.facts.models
                or q in self.facts.gpu_fns
                or _model_named(q)
            )
        # A method: work when called on a tensor (not a NumPy array) or a model.
        assert isinstance(c.func, ast.Attribute)
        base = c.func.value
        bq = qualname(base, {}) or ""
        return (
            (self.facts.is_array(base) and not self.facts.is_host(base))
            or bq in self.facts.models
            or _model_named(bq)
        )


def _adds_batch_axis(node: ast.AST) -> bool:
    """``x.unsqueeze(0)``, ``x[None]``, ``np.expand_dims(x, 0)``, ``x.reshape(1, ...)`` (also
    with ``.to(device)`` or ``.float()`` after it): one item made a batch of one."""
    for n in ast.walk(node):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            first = n.args[0] if n.args else None
            zero = isinstance(first, ast.Constant) and first.value == 0
            one = isinstance(first, ast.Constant) and first.value == 1
            if n.func.attr == "unsqueeze" and zero:
                return True
            if n.func.attr in ("reshape", "view") and one and len(n.args) > 1:
                return True
            if n.func.attr == "expand_dims" and len(n.args) == 2:
                a = n.args[1]
                if isinstance(a, ast.Constant) and a.value == 0:
                    return True
        if isinstance(n, ast.Subscript):
            k = n.slice
            first = k.elts[0] if isinstance(k, ast.Tuple) and k.elts else k
            if isinstance(first, ast.Constant) and first.value is None:
                return True
    return False


def _converts(value: ast.AST, facts: Facts) -> bool:
    """``torch.tensor(x, ...)`` (``.float()`` after it too): a call that also converts lists."""
    return any(
        isinstance(n, ast.Call) and facts.qual(n.func) in ("torch.tensor", "torch.Tensor")
        for n in ast.walk(value)
    )


def _reader_named(q: str) -> bool:
    """A loss or a metric (``loss_fn``, ``criterion``, ``accuracy``): reads its arguments."""
    leaf = q.rsplit(".", 1)[-1].lower()
    return any(w in leaf for w in ("loss", "criterion", "metric", "score", "accuracy"))


def _model_named(q: str) -> bool:
    leaf = q.rsplit(".", 1)[-1].lower()
    return any(w in leaf for w in MODEL_WORDS)


def _end(n: ast.AST) -> tuple[int, int]:
    return (getattr(n, "end_lineno", 0) or 0, getattr(n, "end_col_offset", 0) or 0)


def _names(node: ast.AST) -> list[ast.Name]:
    return [n for n in ast.walk(node) if isinstance(n, ast.Name)]


def _loop_targets(loop: _Loop) -> set[str]:
    node = loop.node
    if isinstance(node, ast.For | ast.AsyncFor):
        return set(target_names(node.target))
    return set()


def _loop_body(loop: _Loop) -> list[ast.AST]:
    node = loop.node
    return list(node.body) if isinstance(node, ast.For | ast.AsyncFor | ast.While) else []


def _to_cpu(node: ast.AST) -> bool:
    """``x.cpu()`` or ``x.to("cpu")``: a copy to the host."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and (
            (node.func.attr == "cpu" and not node.args)
            or (
                node.func.attr == "to"
                and bool(node.args)
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value == "cpu"
            )
        )
    )


def _tested(nodes: Iterable[ast.AST]) -> set[str]:
    """The names read by the tests of the ifs, whiles and conditional expressions among
    ``nodes``: what decides a branch."""
    return {
        name.id
        for n in nodes
        if isinstance(n, ast.If | ast.While | ast.IfExp)
        for name in _names(n.test)
    }


def _trains(nodes: list[ast.AST]) -> bool:
    """Whether a scope computes gradients (.backward(), an optimizer step): not inference."""
    for n in nodes:
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in ("backward", "step")
        ):
            return True
    return False
