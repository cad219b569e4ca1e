"""Exact loop counts: the user's files compiled with a counter at each loop.

The line timer counts lines only in its bursts (a quarter of the run), and a count scaled from
them can be 2-4x off where a loop's iterations are not spread over the run as its time is. So
each of the user's files is compiled from its source with one counter increment added where
each loop starts an iteration, and one where it is entered and left early:

    for x in xs:            _h.c[e] += 1            (the entry, on the ``for`` line)
        body                for x in xs:
        if done: break          _h.c[i] += 1        (an iteration, on the body's first line)
                                body
                                if done: _h.c[x] += 1; break    (an early exit)

    [f(x) for x in xs]      _h.items(k, [f(x) for x in xs])     (one ``for``, no condition:
                                                                 its items are its length)
    (f(x) for x in xs)      (f(x) for x in (_e(), xs)[1] if _n() >= 0)      (the others)

``_h`` is an object made for the file (``_h.c`` a list of counts), ``_e`` and ``_n`` are
``itertools.count`` objects' ``next``; each is put in the code objects' constants in place of a
placeholder string (a constant load, no name looked up: the program sees no new name). Every
added statement carries the line number of the line it sits on, so the interpreter's line
events, and with them the line timer's hits and the sampler's lines, are those of the program
as written: no call is added to a statement loop (a signal is handled at calls and backward
jumps, so the sampled time stays where it was), and a comprehension's calls run on its own
line. An increment costs a few ns an iteration, a comprehension's call per item ~20-30 ns
(``benchmarks/profile_counts.py --cost`` measures what they cost each development program).

A ``for`` or ``while`` line is hit once per entry and once per iteration, less the iterations
that leave by ``break`` or ``return`` (which do not come back to it): that count is exact here.
A comprehension's own code is hit once per entry and once per item of each of its ``for``
clauses. Code run through ``exec`` or ``eval`` of a string, files the program reads before this
hook (``sitecustomize``) and files that import a library that compiles functions from their
bytecode (numba) are not counted this way: their counts stay the line timer's.
"""

from __future__ import annotations

import ast
import itertools
import os
import time
import types
import uuid
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: What a comprehension counter is: an ``itertools.count``'s ``__next__``.
_Next = Callable[[], int]


@dataclass(frozen=True)
class LoopSite:
    """One loop of a file and its counts over the run.

    Attributes:
        path: its file.
        line: its first line (the ``for``/``while`` line, the comprehension's line).
        end: its last line.
        comprehension: a comprehension (its code is its own; its items are its iterations).
        entries: how many times it was entered (for a comprehension, its first iterable was
            evaluated).
        iterations: how many iterations it ran in all (a comprehension: items of all its
            ``for`` clauses, the items its conditions left out included).
        exits: iterations that left it by ``break`` or ``return``.
    """

    path: str
    line: int
    end: int
    comprehension: bool
    entries: int
    iterations: int
    exits: int = 0

    @property
    def header_hits(self) -> int:
        """How many times the loop's own line ran, as the interpreter's line events count it
        (the line timer's hits): once per entry and once per iteration that came back to it."""
        return max(0, self.entries + self.iterations - self.exits)

    @property
    def per_entry(self) -> float:
        return self.iterations / self.entries if self.entries else float(self.iterations)


@dataclass(frozen=True)
class Block:
    """A block of statements run as one, and how many times it ran: a function's body (its
    calls), a loop's body (its iterations), an ``if``'s or its ``else``'s body (the times that
    branch was taken).

    Attributes:
        path: its file.
        first: its first statement's line, hit once each time the block runs, unless
            ``simple`` is False (a loop's line, hit once per iteration too).
        last: its last line.
        runs: how many times it ran.
        simple: whether ``first`` is hit once per run.
        straight: the lines that run once each time the block runs: the first lines of its
            statements up to the first that may leave it (``break``, ``continue``, ``return``,
            ``raise``), and of those in its ``with`` and ``try`` bodies. A statement over
            several lines runs once a run too, though its lines may each be hit more than once
            (``F = np.array([[1.0, 0],`` ... over four lines: its count is the block's, where
            scaling its hits read half of it); a decorated definition's first line is not
            its own (the decorators run first).
    """

    path: str
    first: int
    last: int
    runs: int
    simple: bool = True
    straight: frozenset[int] = frozenset()


@dataclass
class _Block:
    first: int
    last: int
    slot: int  # -1: derived
    simple: bool
    straight: frozenset[int]
    #: an ``else`` whose ``if`` runs once each time its block runs: that block's runs less the
    #: ``if`` body's (indexes of the file's blocks), no counter of its own
    derived: tuple[int, int] | None = None


def _simple(stmt: ast.stmt) -> bool:
    return not isinstance(stmt, (ast.For, ast.While, ast.AsyncFor))


_EXITS = (ast.Break, ast.Continue, ast.Return, ast.Raise)


def _leaves(stmt: ast.stmt) -> bool:
    """Whether the statement may leave its block (a ``break``, ``continue``, ``return`` or
    ``raise`` in it, outside the functions and classes it defines)."""
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        if isinstance(node, _EXITS):
            return True
        todo.extend(
            child
            for child in ast.iter_child_nodes(node)
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        )
    return False


def head_end(stmt: ast.stmt) -> int:
    """The last line of a statement's own line events: its head for a compound statement
    (-1 for a decorated definition, whose decorators' lines run first)."""
    if isinstance(stmt, (ast.If, ast.While)):
        return stmt.test.end_lineno or stmt.lineno
    if isinstance(stmt, (ast.For, ast.AsyncFor)):
        return stmt.iter.end_lineno or stmt.lineno
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return max(i.context_expr.end_lineno or stmt.lineno for i in stmt.items)
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return -1 if stmt.decorator_list else stmt.lineno
    if isinstance(stmt, ast.Try):
        return stmt.lineno
    return stmt.end_lineno or stmt.lineno


def _straight(body: list[ast.stmt]) -> frozenset[int]:
    """The lines of ``body`` (not yet counted) that run once each time it runs (see Block)."""
    out: set[int] = set()
    for stmt in body:
        if head_end(stmt) != -1:
            out.add(stmt.lineno)
        if isinstance(stmt, (ast.With, ast.AsyncWith, ast.Try)):
            out |= _straight(stmt.body)
        if _leaves(stmt):
            break
    return frozenset(out)


class _Counts:
    """A file's counts: what its code's constants hold (hashable, as a code object's constants
    must be for the line timer; the list in it is a plain one, whose increments the interpreter
    runs fastest)."""

    __slots__ = ("c",)

    def __init__(self, n: int) -> None:
        self.c = [0] * n

    def items(self, k: int, got: list[object]) -> list[object]:
        """A list comprehension's entry (``c[k]``) and its items (``c[k + 1]``)."""
        c = self.c
        c[k] += 1
        c[k + 1] += len(got)
        return got


@dataclass
class _Site:
    line: int
    end: int
    comprehension: bool
    entries: int  # slot in the file's list, or the index of a count (comprehensions)
    iterations: list[int] = field(default_factory=list)
    exits: int | None = None
    #: a list comprehension counted by its length: entries and items in the list's slots
    by_length: bool = False


@dataclass
class _File:
    path: str
    slots: _Counts
    counts: list[itertools.count[int]]
    sites: list[_Site]
    blocks: list[_Block]
    slot_lines: dict[int, int]
    count_lines: dict[int, int]
    call_lines: dict[int, int]


class _Instrument(ast.NodeTransformer):
    """Adds the counters to one module's tree (see the module's docstring)."""

    def __init__(self, list_name: str, count_name: Callable[[int], str]) -> None:
        self.list_name = list_name
        self.count_name = count_name
        self.slots = 0
        self.counts = 0
        self.sites: list[_Site] = []
        self.blocks: list[_Block] = []
        #: the blocks whose statements are being visited (indexes in ``blocks``), innermost last
        self.open: list[int] = []
        #: the block of the last ``if`` body visited
        self.last_if = -1
        #: the line each counter runs on (an exit's: its first ``break``): what it costs there
        self.slot_lines: dict[int, int] = {}
        self.count_lines: dict[int, int] = {}
        #: list comprehensions counted by their length: entry slot -> line (a call per entry)
        self.call_lines: dict[int, int] = {}
        #: the statement loops around the node being visited, in its own function (None for
        #: an ``async for``, which is not counted but owns the ``break`` inside it)
        self.loops: list[_Site | None] = []

    def _slot(self) -> int:
        self.slots += 1
        return self.slots - 1

    def _count(self) -> int:
        self.counts += 1
        return self.counts - 1

    def _bump(self, slot: int, at: ast.stmt | ast.expr) -> ast.stmt:
        """``_c[slot] += 1`` with the line of ``at``."""
        self.slot_lines.setdefault(slot, at.lineno)
        holder = ast.Attribute(value=ast.Constant(self.list_name), attr="c", ctx=ast.Load())
        target = ast.Subscript(value=holder, slice=ast.Constant(slot), ctx=ast.Store())
        node = ast.AugAssign(target=target, op=ast.Add(), value=ast.Constant(1))
        for n in ast.walk(node):
            ast.copy_location(n, at)
            n.end_lineno = at.lineno  # type: ignore[attr-defined]
        return node

    def _next(self, k: int, at: ast.expr) -> ast.expr:
        """``_n()``: a call of the ``k``-th count's ``next``, with the line of ``at``."""
        self.count_lines.setdefault(k, at.lineno)
        call = ast.Call(func=ast.Constant(self.count_name(k)), args=[], keywords=[])
        for n in ast.walk(call):
            ast.copy_location(n, at)
        return call

    # scopes: a function's loops are its own
    def generic_visit(self, node: ast.AST) -> ast.AST:
        """NodeTransformer's, with statement lists (a function's body) visited by
        :meth:`_stmts`, which counts the lines after an early exit."""
        for name, old in ast.iter_fields(node):
            if isinstance(old, list) and old and all(isinstance(x, ast.stmt) for x in old):
                setattr(node, name, self._stmts(old))
            elif isinstance(old, list):
                new: list[object] = []
                for value in old:
                    if not isinstance(value, ast.AST):
                        new.append(value)
                        continue
                    got = self.visit(value)
                    if got is None:
                        continue
                    if isinstance(got, ast.AST):
                        new.append(got)
                    else:
                        new.extend(got)
                old[:] = new
            elif isinstance(old, ast.AST):
                got = self.visit(old)
                if got is None:
                    delattr(node, name)
                else:
                    setattr(node, name, got)
        return node

    def _scope(self, node: ast.AST) -> ast.AST:
        outer, self.loops = self.loops, []
        try:
            return self.generic_visit(node)
        finally:
            self.loops = outer

    def _open(
        self,
        body: list[ast.stmt],
        at: int = 0,
        slot: int | None = None,
        derived: tuple[int, int] | None = None,
    ) -> int:
        """A block for ``body[at:]``, read before its statements are visited (the lines that
        run once a run, whether its first statement is a loop), open while they are; its
        index. ``slot`` when its count has one already; ``derived`` when it needs none."""
        first, end = body[at], body[-1]
        if derived is not None:
            slot = -1
        elif slot is None:
            slot = self._slot()
        block = _Block(
            first.lineno,
            end.end_lineno or end.lineno,
            slot,
            _simple(first),
            _straight(body[at:]),
            derived,
        )
        self.blocks.append(block)
        self.open.append(len(self.blocks) - 1)
        return len(self.blocks) - 1

    def _close(self, body: list[ast.stmt], index: int, at: int = 0) -> None:
        """The block's counter before ``body[at]`` (visited now: its first statement may be a
        loop's entry increment, on the loop's line), on its line."""
        self.open.pop()
        block = self.blocks[index]
        if block.derived is None:
            body.insert(at, self._bump(block.slot, body[at]))

    def visit_If(self, node: ast.If) -> ast.AST:
        # an ``if`` run once each time its block runs: its ``else`` ran the rest of the times
        parent = self.open[-1] if self.open else None
        once = parent is not None and node.lineno in self.blocks[parent].straight
        node.test = self.visit(node.test)
        index = self._open(node.body)
        node.body = self._stmts(node.body)
        self._close(node.body, index)
        self.last_if = index
        if node.orelse:
            derived = (parent, index) if once and parent is not None else None
            other = self._open(node.orelse, derived=derived)
            node.orelse = self._stmts(node.orelse)
            self._close(node.orelse, other)
        return node

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        """A function's calls, counted on its first statement's line (after its docstring)."""
        doc = (
            1
            if isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
            and isinstance(node.body[0].value.value, str)
            else 0
        )
        if doc == len(node.body):
            return self._scope(node)
        index = self._open(node.body, doc)
        self._scope(node)  # (its loops' counters go in before its first statement, on its line)
        self._close(node.body, index, doc)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return self._function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        return self._function(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        return self._scope(node)

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        return self._scope(node)

    def _loop(self, node: ast.For | ast.While) -> list[ast.stmt]:
        site = _Site(node.lineno, node.end_lineno or node.lineno, False, self._slot())
        site.iterations.append(self._slot())
        site.exits = self._slot()
        self.sites.append(site)
        if isinstance(node, ast.For):
            node.target = self.visit(node.target)
            node.iter = self.visit(node.iter)
        else:
            node.test = self.visit(node.test)
        self.loops.append(site)
        index = self._open(node.body, slot=site.iterations[0])
        node.body = self._stmts(node.body)
        self._close(node.body, index)
        self.loops.pop()
        # ``else`` runs after the loop: a ``break`` there leaves the loop around this one
        node.orelse = self._stmts(node.orelse)
        return [self._bump(site.entries, node), node]

    def _stmts(self, body: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for i, stmt in enumerate(body):
            parent = self.open[-1] if self.open else None
            # ``if not training: ...; return`` run once each time its block runs: the
            # statements after it ran the block's runs less that branch's (round 12's dropout
            # mask, run 500 of 1,000 calls, read ~1,049 scaled from the bursts)
            early = (
                isinstance(stmt, ast.If)
                and not stmt.orelse
                and isinstance(stmt.body[-1], _EXITS)
                and parent is not None
                and stmt.lineno in self.blocks[parent].straight
                and i + 1 < len(body)
            )
            got = self.visit(stmt)
            if isinstance(got, list):
                out.extend(got)
            elif got is not None:
                out.append(got)
            if early and parent is not None:
                rest = body[i + 1 :]
                index = self._open(rest, derived=(parent, self.last_if))
                rest = self._stmts(rest)
                self._close(rest, index)
                out.extend(rest)
                break
        return out

    def visit_For(self, node: ast.For) -> list[ast.stmt]:
        return self._loop(node)

    def visit_While(self, node: ast.While) -> list[ast.stmt]:
        return self._loop(node)

    def visit_AsyncFor(self, node: ast.AsyncFor) -> ast.AST:
        node.target = self.visit(node.target)
        node.iter = self.visit(node.iter)
        self.loops.append(None)
        node.body = self._stmts(node.body)
        self.loops.pop()
        node.orelse = self._stmts(node.orelse)
        return node

    def visit_Break(self, node: ast.Break) -> list[ast.stmt] | ast.AST:
        site = self.loops[-1] if self.loops else None
        if site is None or site.exits is None:
            return node
        return [self._bump(site.exits, node), node]

    def visit_Return(self, node: ast.Return) -> list[ast.stmt] | ast.AST:
        self.generic_visit(node)
        bumps = [
            self._bump(s.exits, node) for s in self.loops if s is not None and s.exits is not None
        ]
        return [*bumps, node] if bumps else node

    # comprehensions
    def _comprehension(
        self, node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp
    ) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node, ast.ListComp) and len(node.generators) == 1:
            g = node.generators[0]
            if not g.ifs and not g.is_async:
                return self._by_length(node)
        site = _Site(node.lineno, node.end_lineno or node.lineno, True, self._count())
        self.sites.append(site)
        for g in node.generators:
            k = self._count()
            site.iterations.append(k)
            # ``_n() >= 0``: always true, first of the conditions (every item is counted)
            test = ast.Compare(
                left=self._next(k, g.iter), ops=[ast.GtE()], comparators=[ast.Constant(0)]
            )
            ast.copy_location(test, g.iter)
            ast.copy_location(test.comparators[0], g.iter)
            g.ifs.insert(0, test)
        # ``(_e(), xs)[1]``: the first iterable is evaluated once per entry, where it stood
        first = node.generators[0]
        pair = ast.Tuple(elts=[self._next(site.entries, first.iter), first.iter], ctx=ast.Load())
        wrapped = ast.Subscript(value=pair, slice=ast.Constant(1), ctx=ast.Load())
        for n in (pair, wrapped, wrapped.slice):
            ast.copy_location(n, first.iter)
        first.iter = wrapped
        return node

    def _by_length(self, node: ast.ListComp) -> ast.AST:
        """``_h.items(k, [...])``: one call per entry, none per item."""
        k = self._slot()
        self._slot()
        self.call_lines[k] = node.lineno
        site = _Site(node.lineno, node.end_lineno or node.lineno, True, k, [k + 1], None, True)
        self.sites.append(site)
        func = ast.Attribute(value=ast.Constant(self.list_name), attr="items", ctx=ast.Load())
        call = ast.Call(func=func, args=[ast.Constant(k), node], keywords=[])
        for n in (func, func.value, call, call.args[0]):
            ast.copy_location(n, node)
        return call

    def visit_ListComp(self, node: ast.ListComp) -> ast.AST:
        return self._comprehension(node)

    def visit_SetComp(self, node: ast.SetComp) -> ast.AST:
        return self._comprehension(node)

    def visit_DictComp(self, node: ast.DictComp) -> ast.AST:
        return self._comprehension(node)

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> ast.AST:
        return self._comprehension(node)


@dataclass(frozen=True)
class CounterCost:
    """What the counters cost in this process (:func:`calibrate`).

    Attributes:
        increment_s: one increment in a loop (``_h.c[i] += 1``).
        call_s: one list comprehension's entry counted (``_h.items(k, [...])``).
    """

    increment_s: float
    call_s: float


_CALIBRATION = """\
def loop(n):
    for i in range(n):
        pass


def entries(n):
    for i in range(n):
        [j for j in ()]
"""


def calibrate(n: int = 10_000, repeats: int = 9) -> CounterCost:
    """The counters' cost here: a loop of ``n`` empty iterations compiled plainly and with the
    counters (one increment an iteration), and one of ``n`` empty list comprehensions (one call
    each more), timed alternately; the fastest of each taken (a busy machine only slows a run
    down, so the fastest is the nearest to what the code itself costs)."""
    plain: dict[str, Any] = {}
    counted: dict[str, Any] = {}
    exec(compile(_CALIBRATION, "<calibration>", "exec"), plain)
    exec(LoopCounter().compile(_CALIBRATION, "<calibration>"), counted)
    times: dict[tuple[str, str], list[float]] = {}
    for r in range(repeats):
        for name in ("loop", "entries"):
            pair = [("plain", plain), ("counted", counted)]
            for how, env in pair if r % 2 == 0 else pair[::-1]:
                t0 = time.perf_counter()
                env[name](n)
                times.setdefault((name, how), []).append(time.perf_counter() - t0)

    def extra(name: str) -> float:
        got = min(times[(name, "counted")]) - min(times[(name, "plain")])
        return max(0.0, got / n)

    inc = extra("loop")
    return CounterCost(increment_s=inc, call_s=max(0.0, extra("entries") - inc))


#: Libraries that compile a function from its bytecode (``numba.njit``): a counter in it would be
#: an object they cannot compile, so a file that imports one is compiled as it is.
BYTECODE_COMPILERS = frozenset({"numba"})


def _compiles_bytecode(
    tree: ast.Module, path: str = "", seen: frozenset[str] = frozenset()
) -> bool:
    """Whether the file imports a library of BYTECODE_COMPILERS, itself or through a ``from M
    import *`` of a module file beside it that does (``from imports import *`` with ``from numba
    import jit`` in imports.py, then ``@jit(nopython=True)``: round 25's Monte Carlo transport,
    which numba failed to compile with the counters in)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module]
        else:
            names = []
        if any(n.split(".")[0] in BYTECODE_COMPILERS for n in names):
            return True
        if (
            path
            and isinstance(node, ast.ImportFrom)
            and node.module
            and node.level <= 1
            and any(a.name == "*" for a in node.names)
        ):
            beside = os.path.join(os.path.dirname(path), *node.module.split(".")) + ".py"
            if beside in seen or not os.path.isfile(beside):
                continue
            try:
                with open(beside, "rb") as f:
                    star = ast.parse(f.read(), beside)
            except (OSError, SyntaxError, ValueError):
                continue
            if _compiles_bytecode(star, beside, seen | {path}):
                return True
    return False


def _replace_consts(code: types.CodeType, table: dict[str, object]) -> types.CodeType:
    consts = tuple(
        _replace_consts(c, table)
        if isinstance(c, types.CodeType)
        else table.get(c, c)
        if isinstance(c, str)
        else c
        for c in code.co_consts
    )
    return code.replace(co_consts=consts) if consts != code.co_consts else code


def _count_value(c: itertools.count[int]) -> int:
    # ``count(5)``: the next value it would give, which is how many it gave
    text = repr(c)
    return int(text[text.index("(") + 1 : text.rindex(")")])


#: Times a file is parsed and compiled with its counters before it is compiled as it is.
AST_TRIES = 3


@dataclass
class LoopCounter:
    """Compiles the user's files with loop counters and reads the counts after the run."""

    files: list[_File] = field(default_factory=list)
    #: files compiled as they are, and why (their counts stay the line timer's)
    uncounted: dict[str, str] = field(default_factory=dict)

    def compile(self, source: bytes | str, path: str) -> types.CodeType:
        """The file's code object, with its loops counted. Raises ``SyntaxError`` as
        ``compile`` does (the caller reports it); a tree the counters cannot be added to (one
        nested past the parser's depth once transformed) is compiled as it is, its counts left
        to the line timer."""
        for attempt in range(AST_TRIES):
            try:
                tree = ast.parse(source, path)
                if _compiles_bytecode(tree, path):
                    self.uncounted[path] = "it imports numba"
                    return compile(source, path, "exec", dont_inherit=True)
                return self._compile(tree, path)
            except SystemError as e:
                # CPython 3.11 counts the depth of every AST conversion in one counter for all
                # threads: the sampler's thread reading a file's names at the same moment makes
                # it "AST constructor recursion depth mismatch". Once more, then as it is.
                if attempt == AST_TRIES - 1:
                    self.uncounted[path] = f"its counters could not be added ({e})"
            except (RecursionError, ValueError, TypeError) as e:
                self.uncounted[path] = f"its counters could not be added ({type(e).__name__})"
                break
        return compile(source, path, "exec", dont_inherit=True)

    def _compile(self, tree: ast.Module, path: str) -> types.CodeType:
        tag = uuid.uuid4().hex
        list_name = f"__arraybench_loops_{tag}__"

        def count_name(k: int) -> str:
            return f"__arraybench_loop_{tag}_{k}__"

        inst = _Instrument(list_name, count_name)
        tree = inst.visit(tree)
        ast.fix_missing_locations(tree)
        with warnings.catch_warnings():
            # calling a placeholder string constant is what the compiler warns of
            warnings.simplefilter("ignore", SyntaxWarning)
            code = compile(tree, path, "exec", dont_inherit=True)
        slots = _Counts(inst.slots)
        counts = [itertools.count() for _ in range(inst.counts)]
        table: dict[str, object] = {list_name: slots}
        table.update({count_name(k): c.__next__ for k, c in enumerate(counts)})
        self.files.append(
            _File(
                path,
                slots,
                counts,
                inst.sites,
                inst.blocks,
                inst.slot_lines,
                inst.count_lines,
                inst.call_lines,
            )
        )
        return _replace_consts(code, table)

    def sites(self) -> list[LoopSite]:
        """Every loop of the files compiled, with its counts so far."""
        out = []
        for f in self.files:
            for s in f.sites:
                if s.by_length:
                    got = (f.slots.c[s.entries], f.slots.c[s.iterations[0]])
                    out.append(LoopSite(f.path, s.line, s.end, True, *got))
                elif s.comprehension:
                    entries = _count_value(f.counts[s.entries])
                    items = sum(_count_value(f.counts[k]) for k in s.iterations)
                    out.append(LoopSite(f.path, s.line, s.end, True, entries, items))
                else:
                    out.append(
                        LoopSite(
                            f.path,
                            s.line,
                            s.end,
                            False,
                            f.slots.c[s.entries],
                            sum(f.slots.c[k] for k in s.iterations),
                            f.slots.c[s.exits] if s.exits is not None else 0,
                        )
                    )
        return out

    def spent(self, cost: CounterCost) -> dict[tuple[str, int], float]:
        """Seconds the counters took at each line of the files compiled: each increment and
        each comprehension's call (``cost.increment_s``), each list comprehension's length
        taken (``cost.call_s``)."""
        out: dict[tuple[str, int], float] = {}
        for f in self.files:
            for slot, line in f.slot_lines.items():
                n = f.slots.c[slot]
                if n:
                    key = (f.path, line)
                    out[key] = out.get(key, 0.0) + n * cost.increment_s
            for k, line in f.count_lines.items():
                n = _count_value(f.counts[k])
                if n:
                    key = (f.path, line)
                    out[key] = out.get(key, 0.0) + n * cost.increment_s
            for slot, line in f.call_lines.items():
                n = f.slots.c[slot]
                if n:
                    key = (f.path, line)
                    out[key] = out.get(key, 0.0) + n * cost.call_s
        return out

    def blocks(self) -> list[Block]:
        """Every counted block of the files compiled, with its runs so far."""
        out = []
        for f in self.files:
            runs: list[int] = []
            for b in f.blocks:  # (a derived block comes after the two it is made from)
                n = (
                    f.slots.c[b.slot]
                    if b.derived is None
                    else runs[b.derived[0]] - runs[b.derived[1]]
                )
                runs.append(max(0, n))
                out.append(Block(f.path, b.first, b.last, runs[-1], b.simple, b.straight))
        return out
