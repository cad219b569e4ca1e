"""What ``profile`` needs to know of a line of the user's source: the statement it belongs to,
the loops around it, what it calls. Plain ``ast``; one parse per file, cached.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .syntax import int_op

LOOP_NODES = (ast.For, ast.AsyncFor, ast.While)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)

#: Calls that bring a value from a tensor (or JAX array) to Python: a device sync on a GPU and
#: a Python object per call everywhere.
SYNC_METHODS = frozenset({"item", "tolist", "numpy", "cpu"})
SYNC_BUILTINS = frozenset({"float", "int", "bool"})
#: Calls that build an array or tensor from what they are given.
BUILD_CALLS = frozenset(
    {"tensor", "as_tensor", "from_numpy", "array", "asarray", "stack", "FloatTensor", "LongTensor"}
)
#: Calls that move data between devices.
MOVE_METHODS = frozenset({"to", "cuda", "device_put"})


@dataclass(frozen=True)
class Loop:
    """A loop of the source: a ``for``/``while`` statement or a comprehension.

    Attributes:
        line: its first line (where reports name it).
        end: its last line.
        body: the first line of its body (hit once per iteration), or ``line`` for a
            comprehension (its line is hit once per item).
        targets: the names the loop binds (``i``, ``x, y``).
        indexes: whether the body indexes something with a loop name as a scalar (``x[i]``,
            ``img[i, j]``; a slice ``x[i:i+b]`` is not).
        comprehension: a comprehension rather than a statement.
    """

    line: int
    end: int
    body: int
    targets: tuple[str, ...]
    indexes: bool
    comprehension: bool = False
    parent: int | None = None
    #: a comprehension's names (its items, conditions and what it iterates over)
    names: tuple[str, ...] = ()
    #: a generator expression (which keeps a frame of its own on every Python)
    generator: bool = False
    #: what it iterates over (a ``for``'s iterable, a comprehension's first one); None for
    #: ``while``
    over: ast.expr | None = field(default=None, compare=False)
    #: each step needs the one before (``u[n + 1] = f(u[n])``, ``h = tanh(W @ h + x[t])``)
    recurrence: bool = False
    #: the library scan that computes the recurrence whole (``np.cumsum`` for
    #: ``c[i] = c[i - 1] + x[i]``), or "" (see :func:`scan_of`)
    scan: str = ""


@dataclass
class SourceFile:
    path: str
    lines: list[str]
    tree: ast.Module | None
    loops: list[Loop] = field(default_factory=list)
    #: line -> (first, last) line of the innermost statement starting or holding it
    spans: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: line -> the name of the innermost function holding it ("" at module level)
    functions: dict[int, str] = field(default_factory=dict)
    #: per method name of the file's classes, the ``self`` attributes it writes and reads
    #: (:func:`object_state`)
    state: dict[str, tuple[set[str], set[str]]] = field(default_factory=dict)

    def text(self, line: int) -> str:
        if 1 <= line <= len(self.lines):
            return self.lines[line - 1].strip()
        return ""

    def loop_at(self, line: int) -> Loop | None:
        for lp in self.loops:
            if lp.line == line:
                return lp
        return None

    def span(self, line: int) -> tuple[int, int]:
        return self.spans.get(line, (line, line))

    def calls_on(self, line: int) -> list[ast.Call]:
        if self.tree is None:
            return []
        return [n for n in ast.walk(self.tree) if isinstance(n, ast.Call) and n.lineno == line]

    def enclosing_loops(self, line: int) -> list[Loop]:
        """The loops holding the line, innermost first."""
        return sorted(
            (lp for lp in self.loops if lp.line <= line <= lp.end and not lp.comprehension),
            key=lambda lp: lp.line,
            reverse=True,
        )


def _names(target: ast.AST) -> tuple[str, ...]:
    return tuple(n.id for n in ast.walk(target) if isinstance(n, ast.Name))


def _counters(node: ast.While) -> tuple[str, ...]:
    """The names a ``while`` loop steps by one and tests (``while i < len(x): ...; i += 1``):
    its index, as a ``for`` loop's target is."""
    tested = {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}
    return tuple(
        dict.fromkeys(
            s.target.id
            for s in node.body
            if isinstance(s, ast.AugAssign)
            and isinstance(s.op, ast.Add | ast.Sub)
            and isinstance(s.target, ast.Name)
            and s.target.id in tested
            and isinstance(s.value, ast.Constant)
            and s.value.value == 1
        )
    )


def _indexes(body: list[ast.AST], names: tuple[str, ...]) -> bool:
    if not names:
        return False
    for stmt in body:
        for n in ast.walk(stmt):
            if not isinstance(n, ast.Subscript):
                continue
            idx = n.slice
            parts = idx.elts if isinstance(idx, ast.Tuple) else [idx]
            for p in parts:
                if isinstance(p, ast.Slice):
                    continue
                if any(isinstance(m, ast.Name) and m.id in names for m in ast.walk(p)):
                    return True
    return False


@lru_cache(maxsize=256)
def read_source(path: str) -> SourceFile:
    """The file's statements, loops and functions by line (an unreadable file has none)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return SourceFile(path, [], None)
    lines = text.splitlines()
    try:
        tree = ast.parse(text, filename=path)
    except (SyntaxError, ValueError):
        return SourceFile(path, lines, None)
    sf = SourceFile(path, lines, tree, state=object_state(tree))
    _walk(sf, tree, "", None)
    return sf


def _walk(sf: SourceFile, node: ast.AST, func: str, loop: int | None) -> None:
    for child in ast.iter_child_nodes(node):
        name = func
        inner = loop
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{func}.{child.name}" if func else child.name
            inner = None
        if isinstance(child, ast.stmt):
            end = child.end_lineno or child.lineno
            for ln in range(child.lineno, end + 1):
                sf.spans[ln] = (child.lineno, end)
                sf.functions[ln] = name
        if isinstance(child, LOOP_NODES):
            targets = (
                _names(child.target)
                if isinstance(child, (ast.For, ast.AsyncFor))
                else _counters(child)  # type: ignore[arg-type]
            )
            body = child.body[0].lineno if child.body else child.lineno
            sf.loops.append(
                Loop(
                    child.lineno,
                    child.end_lineno or child.lineno,
                    body,
                    targets,
                    _indexes(list(child.body), targets),
                    parent=loop,
                    over=child.iter if isinstance(child, (ast.For, ast.AsyncFor)) else None,
                    recurrence=is_recurrence(child.body) or carries_state(child.body, sf.state),
                    scan=scan_of(child.body),
                )
            )
            inner = child.lineno
        elif isinstance(child, COMPREHENSIONS):
            targets = tuple(t for g in child.generators for t in _names(g.target))
            elts: list[ast.AST] = (
                [child.key, child.value] if isinstance(child, ast.DictComp) else [child.elt]
            )
            elts += [c for g in child.generators for c in g.ifs]
            if not sf.loop_at(child.lineno):
                sf.loops.append(
                    Loop(
                        child.lineno,
                        child.end_lineno or child.lineno,
                        child.lineno,
                        targets,
                        _indexes(elts, targets),
                        comprehension=True,
                        parent=loop,
                        names=tuple({n.id for n in ast.walk(child) if isinstance(n, ast.Name)}),
                        generator=isinstance(child, ast.GeneratorExp),
                        over=child.generators[0].iter,
                    )
                )
        _walk(sf, child, name, inner)


def call_name(call: ast.Call) -> str:
    """``item`` of ``t.item()``, ``tensor`` of ``torch.tensor(...)``, ``float`` of ``float(x)``."""
    f = call.func
    if isinstance(f, ast.Attribute):
        return f.attr
    if isinstance(f, ast.Name):
        return f.id
    return ""


def receiver(call: ast.Call) -> str:
    """The name a method is called on (``t`` of ``t.item()``, ``loss`` of ``loss.cpu().item()``)
    or the first argument's name of a builtin call (``x`` of ``float(x)``)."""
    f = call.func
    node: ast.AST | None = None
    if isinstance(f, ast.Attribute):
        node = f.value
    elif call.args:
        node = call.args[0]
    while node is not None:
        if isinstance(node, ast.Name):
            return node.id
        if isinstance(node, ast.Call):
            node = node.func.value if isinstance(node.func, ast.Attribute) else None
        elif isinstance(node, (ast.Attribute, ast.Subscript)):
            node = node.value
        else:
            return ""
    return ""


def static_size(node: ast.expr | None, facts: dict[str, Any]) -> int | None:
    """How many items a loop over ``node`` gets, from the values seen at run time: the length of
    a list or an array's first axis, ``range(...)`` of ints seen (``range(len(x))``,
    ``range(x.shape[1])``, ``range(1, n - 1)``), ``enumerate``/``zip``/``reversed`` of those.
    None when the values do not tell."""
    if node is None:
        return None
    if isinstance(node, ast.Name):
        f = facts.get(node.id)
        shape = getattr(f, "shape", ())
        return int(shape[0]) if shape and getattr(f, "kind", "") != "scalar" else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        name, args = node.func.id, node.args
        if name == "range" and 1 <= len(args) <= 3 and not node.keywords:
            vals = [_int(a, facts) for a in args]
            if any(v is None for v in vals):
                return None
            ints = [v for v in vals if v is not None]
            return len(range(*ints)) if (len(ints) < 3 or ints[2] != 0) else None
        if name in ("enumerate", "reversed", "sorted", "list", "tuple") and args:
            return static_size(args[0], facts)
        if name == "zip" and args:
            sizes = [static_size(a, facts) for a in args]
            known = [s for s in sizes if s is not None]
            return min(known) if known else None
    return None


def _int(node: ast.expr, facts: dict[str, Any]) -> int | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return int(node.value)
    if isinstance(node, ast.Name):
        v = getattr(facts.get(node.id), "value", None)
        return int(v) if isinstance(v, int) else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len":
        return static_size(node.args[0], facts) if node.args else None
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "shape"
        and isinstance(node.value.value, ast.Name)
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, int)
    ):
        shape = getattr(facts.get(node.value.value.id), "shape", ())
        i = node.slice.value
        return int(shape[i]) if -len(shape) <= i < len(shape) else None
    if isinstance(node, ast.BinOp):
        return int_op(node.op, _int(node.left, facts), _int(node.right, facts))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = _int(node.operand, facts)
        return -v if v is not None else None
    return None


_REDUCING = (ast.Add, ast.Sub, ast.Mult, ast.BitOr, ast.BitAnd)


def _reads(node: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def _reduction(stmt: ast.stmt, name: str) -> bool:
    """``s += e``, ``s = s + e``, ``s = max(s, e)`` with ``e`` free of ``s``: a sum, not a step
    that needs the last."""
    if isinstance(stmt, ast.AugAssign):
        return isinstance(stmt.op, _REDUCING) and not _reads(stmt.value, name)
    if isinstance(stmt, ast.Assign):
        v = stmt.value
        if isinstance(v, ast.BinOp) and isinstance(v.op, _REDUCING):
            left, right = v.left, v.right
            if isinstance(left, ast.Name) and left.id == name:
                return not _reads(right, name)
            if isinstance(right, ast.Name) and right.id == name:
                return not _reads(left, name)
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in ("max", "min"):
            return sum(_reads(a, name) for a in v.args) == 1
    return False


def _own_exprs(s: ast.stmt) -> list[ast.AST]:
    """The expressions a statement evaluates itself (not those of the statements it holds)."""
    if isinstance(s, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return)):
        return [s.value] if s.value is not None else []
    if isinstance(s, (ast.If, ast.While)):
        return [s.test]
    if isinstance(s, (ast.For, ast.AsyncFor)):
        return [s.iter]
    return []


def _cell(node: ast.AST) -> tuple[str, list[ast.expr]] | None:
    """``a[i, j]`` and ``a[i][j]`` -> (``a``, [i, j]); None for anything else."""
    index: list[ast.expr] = []
    while isinstance(node, ast.Subscript):
        sl = node.slice
        index[:0] = list(sl.elts) if isinstance(sl, ast.Tuple) else [sl]
        node = node.value
    return (node.id, index) if isinstance(node, ast.Name) and index else None


def _offset(read: ast.expr, written: ast.expr) -> int | None:
    """How far index ``read`` lies from ``written`` (``i - 1`` from ``i``: -1); None when the
    two are not one name plus constants."""

    def split(e: ast.expr) -> tuple[str, int] | None:
        if isinstance(e, ast.Name):
            return e.id, 0
        if (
            isinstance(e, ast.BinOp)
            and isinstance(e.op, (ast.Add, ast.Sub))
            and isinstance(e.left, ast.Name)
            and isinstance(e.right, ast.Constant)
            and isinstance(e.right.value, int)
        ):
            return e.left.id, e.right.value if isinstance(e.op, ast.Add) else -e.right.value
        return None

    a, b = split(read), split(written)
    if a is None or b is None or a[0] != b[0]:
        return None
    return a[1] - b[1]


def _parity_sweep(body: list[ast.stmt]) -> bool:
    """A red-black (odd-even) sweep: a test on ``% 2`` or a range of step 2 picks the cells of
    one colour, and a cell's neighbours one step away are of the other colour, not written in
    this pass (two whole-array passes, one per colour, are exact)."""
    for n in (n for b in body for n in ast.walk(b)):
        if (
            isinstance(n, ast.BinOp)
            and isinstance(n.op, ast.Mod)
            and isinstance(n.right, ast.Constant)
            and n.right.value == 2
        ):
            return True
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func.id == "range"
            and len(n.args) == 3
            and isinstance(n.args[2], ast.Constant)
            and n.args[2].value == 2
        ):
            return True
    return False


def _reads_other_cell(value: ast.AST, base: str, where: list[ast.expr], parity: bool) -> bool:
    """Whether ``value`` reads ``base`` at a cell other than ``where`` (of another colour's
    parity excepted, in a red-black sweep)."""
    for n in ast.walk(value):
        got = _cell(n) if isinstance(n, ast.Subscript) else None
        if got is None or got[0] != base:
            continue
        index = got[1]
        if [ast.dump(e) for e in index] == [ast.dump(e) for e in where]:
            continue
        if parity and len(index) == len(where):
            offsets = [_offset(r, w) for r, w in zip(index, where, strict=True)]
            if all(o is not None for o in offsets) and sum(o or 0 for o in offsets) % 2:
                continue  # a neighbour of the other colour
        return True
    return False


def _self_attrs(node: ast.AST) -> tuple[set[str], set[str]]:
    """The ``self.X`` a piece of code writes (assigns, or writes into: ``self.q[a] += r``) and
    reads elsewhere than in the statement that updates it (``np.argmax(self.q)``; a counter's
    own ``self.n += 1`` is no read, nor is ``self.d`` in ``self.d[x] = y``)."""
    writes: set[str] = set()
    updated: set[int] = set()
    for s in ast.walk(node):
        if isinstance(s, (ast.Assign, ast.AugAssign)):
            targets = s.targets if isinstance(s, ast.Assign) else [s.target]
            for t in targets:
                base = t
                while isinstance(base, ast.Subscript):
                    base = base.value
                if (
                    isinstance(base, ast.Attribute)
                    and isinstance(base.value, ast.Name)
                    and base.value.id == "self"
                ):
                    writes.add(base.attr)
                    if isinstance(s, ast.AugAssign):
                        updated.update(id(n) for n in ast.walk(s))
                    elif base is not t:
                        # ``self.d[x] = y`` writes a cell: it reads nothing of ``self.d``
                        # (thinkbayes2's Pmf.Set, called per value, is no recurrence)
                        updated.add(id(base))
    reads = {
        n.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Load)
        and isinstance(n.value, ast.Name)
        and n.value.id == "self"
        and id(n) not in updated
    }
    return writes, reads


def object_state(tree: ast.Module) -> dict[str, tuple[set[str], set[str]]]:
    """Per method name of the file's classes, the ``self`` attributes it writes and reads."""
    got: dict[str, tuple[set[str], set[str]]] = {}
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef):
            for fn in cls.body:
                if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    w, r = _self_attrs(fn)
                    old_w, old_r = got.get(fn.name, (set(), set()))
                    got[fn.name] = (old_w | w, old_r | r)
    return got


def carries_state(body: list[ast.stmt], state: dict[str, tuple[set[str], set[str]]]) -> bool:
    """Whether a loop's steps depend on each other through an object's state: the body, or a
    method of the file it calls (``bandit.act()``, ``self.get_pi()``), writes ``self.X`` that
    it or another reads (``act`` reads the estimates ``step`` updated; ``self.theta +=`` read by
    the next ``self.get_pi()``). Such a loop has no whole-array form either."""
    writes: set[str] = set()
    reads: set[str] = set()
    for stmt in body:
        w, r = _self_attrs(stmt)
        writes |= w
        reads |= r
        for c in ast.walk(stmt):
            if (
                isinstance(c, ast.Call)
                and isinstance(c.func, ast.Attribute)
                and isinstance(c.func.value, ast.Name)
                and c.func.attr in state
            ):
                w, r = state[c.func.attr]
                writes |= w
                reads |= r
    return bool(writes & reads)


def is_recurrence(body: list[ast.stmt]) -> bool:
    """Whether a loop's steps depend on each other: an array written at one cell and read at
    another in the same statement or one before it (``u[n + 1] = u[n] + dt * f(u[n])``, an
    in-place Gauss-Seidel sweep ``p[x][y] = (p[x - 1][y] + ...) / 4``; a red-black sweep's
    neighbours of the other colour excepted), or a name read before it is written in the body
    and not only summed (``x = f(x)``). Such a loop has no whole-array form, only a faster way
    to take each step."""
    stmts = sorted(
        (s for b in body for s in ast.walk(b) if isinstance(s, ast.stmt)),
        key=lambda s: (s.lineno, s.col_offset),
    )
    parity = _parity_sweep(body)
    for i, s in enumerate(stmts):
        if isinstance(s, (ast.Assign, ast.AugAssign)):
            targets = s.targets if isinstance(s, ast.Assign) else [s.target]
            for t in targets:
                cell = _cell(t) if isinstance(t, ast.Subscript) else None
                if cell is None:
                    continue
                before = [e for b in stmts[:i] for e in _own_exprs(b)]
                if any(_reads_other_cell(e, *cell, parity) for e in [s.value, *before]):
                    return True
    # names carried from one step to the next by more than a sum
    assigned: dict[str, int] = {}
    for i, s in enumerate(stmts):
        if isinstance(s, (ast.Assign, ast.AugAssign)):
            targets = s.targets if isinstance(s, ast.Assign) else [s.target]
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                        assigned.setdefault(n.id, i)
    for name, first in assigned.items():
        writes = [
            s
            for s in stmts
            if isinstance(s, (ast.Assign, ast.AugAssign))
            and any(
                isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
                for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
                for n in ast.walk(t)
            )
        ]
        guards: list[ast.stmt] = [
            s for s in stmts if isinstance(s, ast.If) and _reads(s.test, name)
        ]

        def guarded(w: ast.stmt, name: str = name, guards: list[ast.stmt] = guards) -> bool:
            # ``if x[i] > best: best = x[i]``: a max (or argmax) kept under its test
            return (
                isinstance(w, ast.Assign)
                and not _reads(w.value, name)
                and any(w in list(ast.walk(g)) for g in guards)
            )

        # a sum's increment must not come from the name itself through other names of the
        # body (``rhs = f(u); u = u + dt * rhs`` is Euler's method, not a sum)
        tainted = {name}
        for s in stmts:
            if s in writes:
                continue
            if isinstance(s, (ast.Assign, ast.AugAssign)) and any(
                _reads(s.value, t) for t in tainted
            ):
                for t in s.targets if isinstance(s, ast.Assign) else [s.target]:
                    tainted |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
        fed = tainted - {name}

        def steered(w: ast.stmt, guards: list[ast.stmt] = guards) -> bool:
            # ``if y * (w @ x) <= 0: w = w + y * x``: an update made only when a test of the
            # name's value says so (a perceptron's, an online learner's) depends on that value,
            # however it is written: no sum
            return any(w in list(ast.walk(g)) for g in guards)

        if all(
            (_reduction(w, name) and not any(_reads(w.value, t) for t in fed) and not steered(w))
            or guarded(w)
            for w in writes
        ):
            continue
        value = getattr(stmts[first], "value", None)
        read_before = any(_reads(e, name) for s in stmts[:first] for e in _own_exprs(s)) or (
            value is not None and _reads(value, name)
        )
        if read_before:
            return True
    return False


#: The library scans that compute a first-order recurrence whole, by its step.
SCANS = {
    "add": "np.cumsum (torch.cumsum)",
    "mul": "np.cumprod (torch.cumprod)",
    "max": "np.maximum.accumulate (torch.cummax)",
    "min": "np.minimum.accumulate (torch.cummin)",
    "linear": "scipy.signal.lfilter([b], [1, -a], x) (y[i] = a * y[i - 1] + b * x[i])",
}


def _step(value: ast.expr, last: ast.expr, made: frozenset[str] = frozenset()) -> str | None:
    """What one step does with the last result ``last`` (an expression, compared by its dump):
    ``last + e`` (add), ``last * e`` (mul), ``max(last, e)``, ``a * last + e`` (linear), with
    ``e`` and ``a`` free of it and of the names ``made`` from it in the step (``pre = W @
    state`` before ``state = a * state + tanh(pre)``: no linear filter); None for anything
    else."""
    dump = ast.dump(last)

    def free(e: ast.AST) -> bool:
        return (
            all(ast.dump(n) != dump for n in ast.walk(e))
            and not (isinstance(last, ast.Name) and _reads(e, last.id))
            and not any(_reads(e, m) for m in made)
        )

    def is_last(e: ast.AST) -> bool:
        if isinstance(last, ast.Name):  # (the target's Store against a Load)
            return isinstance(e, ast.Name) and e.id == last.id
        return ast.dump(e) == dump

    def scaled(e: ast.AST) -> bool:  # a * last, last * a, last / a
        return (
            isinstance(e, ast.BinOp)
            and isinstance(e.op, (ast.Mult, ast.Div))
            and (
                (is_last(e.left) and free(e.right))
                or (isinstance(e.op, ast.Mult) and is_last(e.right) and free(e.left))
            )
        )

    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)):
        sides = [(value.left, value.right)]
        if isinstance(value.op, ast.Add):
            sides.append((value.right, value.left))
        for a, b in sides:
            if is_last(a) and free(b):
                return "add"
            if scaled(a) and free(b):
                return "linear"
    if (
        isinstance(value, ast.BinOp)
        and isinstance(value.op, ast.Mult)
        and (
            (is_last(value.left) and free(value.right))
            or (is_last(value.right) and free(value.left))
        )
    ):
        return "mul"
    if isinstance(value, ast.Call) and len(value.args) == 2:
        name = call_name(value)
        if name in ("max", "maximum", "fmax", "min", "minimum", "fmin"):
            a, b = value.args
            if (is_last(a) and free(b)) or (is_last(b) and free(a)):
                return "max" if "max" in name else "min"
    return None


def _made_from(stmts: list[ast.stmt], name: str) -> frozenset[str]:
    """The names a loop's statements bind from ``name``, directly or through one another
    (``pre = W @ state``; ``h = pre * 2``)."""
    made: set[str] = set()
    grew = True
    while grew:
        grew = False
        for s in stmts:
            if not isinstance(s, (ast.Assign, ast.AugAssign, ast.AnnAssign)) or s.value is None:
                continue
            if not (_reads(s.value, name) or any(_reads(s.value, m) for m in made)):
                continue
            targets: list[ast.expr] = list(s.targets) if isinstance(s, ast.Assign) else [s.target]
            while targets:
                t = targets.pop()
                if isinstance(t, (ast.Tuple, ast.List)):
                    targets.extend(t.elts)
                    continue
                while isinstance(t, (ast.Subscript, ast.Attribute)):
                    t = t.value  # an array written from it (not its indices)
                if isinstance(t, ast.Name) and t.id != name and t.id not in made:
                    made.add(t.id)
                    grew = True
    return frozenset(made)


def scan_of(body: list[ast.stmt]) -> str:
    """The library scan that computes a loop whole, when its only dependence between steps is
    one first-order step: ``c[i] = c[i - 1] + x[i]`` (a prefix sum: ``np.cumsum``), ``* x[i]``
    (``np.cumprod``), ``max(c[i - 1], x[i])`` (``np.maximum.accumulate``), ``y[i] = a * y[i -
    1] + b * x[i]`` or ``s = a * s + x[i]`` (a linear filter: ``scipy.signal.lfilter``). The
    loop without that statement must be no recurrence. "" otherwise."""
    stmts = [s for b in body for s in ast.walk(b) if isinstance(s, ast.stmt)]
    for s in stmts:
        if not (isinstance(s, ast.Assign) and len(s.targets) == 1):
            continue
        t = s.targets[0]
        last: ast.expr | None = None
        if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
            # c[i] = f(c[i - 1]): the last result is c at the index one before
            for n in ast.walk(s.value):
                if (
                    isinstance(n, ast.Subscript)
                    and isinstance(n.value, ast.Name)
                    and n.value.id == t.value.id
                    and _offset(n.slice, t.slice) == -1  # type: ignore[arg-type]
                ):
                    last = n
        elif isinstance(t, ast.Name):
            last = t
        if last is None:
            continue
        base = ast.unparse(t.value) if isinstance(t, ast.Subscript) else ast.unparse(t)
        step = _step(s.value, last, _made_from(stmts, base))
        if step is None:
            continue
        rest = [b for b in body if b is not s]
        if not is_recurrence(rest):
            return SCANS[step]
    return ""


def stored_in(sf: SourceFile, name: str, first: int, last: int) -> bool:
    """Whether ``name`` is assigned, or written into (``name[i] = ...``, ``name += ...``)
    between those lines."""
    if sf.tree is None:
        return True
    for node in ast.walk(sf.tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and (
            first <= node.lineno <= last
        ):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                base = t
                while isinstance(base, (ast.Subscript, ast.Attribute)):
                    base = base.value
                if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(base)):
                    return True
    return False


def feeds_back(sf: SourceFile, line: int, model: str) -> bool:
    """``state = model(state)``: the call's output is its next input."""
    if sf.tree is None:
        return False
    for node in ast.walk(sf.tree):
        if (
            isinstance(node, ast.Assign)
            and node.lineno == line
            and isinstance(node.value, ast.Call)
        ):
            c = node.value
            if isinstance(c.func, ast.Name) and c.func.id == model and c.args:
                arg = c.args[0]
                targets = {t.id for t in node.targets if isinstance(t, ast.Name)}
                return isinstance(arg, ast.Name) and arg.id in targets
    return False


def made_at(sf: SourceFile, line: int, name: str) -> int | None:
    """The line above ``line`` in the same function that makes ``name`` a tensor from NumPy or
    Python data (``xb = torch.from_numpy(...)``), if there is one."""
    if sf.tree is None:
        return None
    func = sf.functions.get(line, "")
    best = None
    for node in ast.walk(sf.tree):
        if (
            isinstance(node, ast.Assign)
            and node.lineno < line
            and sf.functions.get(node.lineno, "") == func
            and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
            and any(
                isinstance(c, ast.Call) and call_name(c) in BUILD_CALLS
                for c in ast.walk(node.value)
            )
        ):
            best = node.lineno if best is None else max(best, node.lineno)
    return best


def count_ops(sf: SourceFile, loop: Loop) -> int:
    """Array operations in a loop body: its calls, subscripts and arithmetic, roughly."""
    if sf.tree is None:
        return 1
    n = 0
    for node in ast.walk(sf.tree):
        if (
            isinstance(node, (ast.Call, ast.BinOp))
            and loop.line <= getattr(node, "lineno", 0) <= loop.end
        ):
            n += 1
    return n
