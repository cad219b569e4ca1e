"""Whether a loop's steps depend on each other, and the library scan that computes such a
recurrence whole (advise/read/source.py's loops carry both)."""

from __future__ import annotations

import ast

from .syntax import call_name, walk_tree

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


#: Attributes of an array that say nothing of its values.
_SHAPE_ATTRS = frozenset({"shape", "size", "ndim", "dtype", "device", "itemsize"})


def _reads_whole(value: ast.AST, base: str) -> bool:
    """Whether ``value`` reads the array ``base`` whole (not a cell of it, its shape or its
    length)."""
    parents = {id(c): p for p in ast.walk(value) for c in ast.iter_child_nodes(p)}
    for n in ast.walk(value):
        if not (isinstance(n, ast.Name) and n.id == base and isinstance(n.ctx, ast.Load)):
            continue
        p = parents.get(id(n))
        if isinstance(p, ast.Subscript) and p.value is n:
            continue
        if isinstance(p, ast.Attribute) and p.attr in _SHAPE_ATTRS:
            continue
        if isinstance(p, ast.Call) and isinstance(p.func, ast.Name) and p.func.id == "len":
            continue
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
                        # nor does reading that same cell (``self.Chrom[i] =
                        # reverse(self.Chrom[i])``, each row mutated on its own: scikit-opt's
                        # mutation, told a recurrence)
                        assert isinstance(t, ast.Subscript)
                        index = ast.dump(t.slice)
                        for r in ast.walk(s.value):
                            if (
                                isinstance(r, ast.Subscript)
                                and ast.dump(r.slice) == index
                                and isinstance(r.value, ast.Attribute)
                                and r.value.attr == base.attr
                                and isinstance(r.value.value, ast.Name)
                                and r.value.value.id == "self"
                            ):
                                updated.add(id(r.value))
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
    for cls in walk_tree(tree):
        if isinstance(cls, ast.ClassDef):
            for fn in cls.body:
                if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    w, r = _self_attrs(fn)
                    old_w, old_r = got.get(fn.name, (set(), set()))
                    got[fn.name] = (old_w | w, old_r | r)
    return got


def carries_state(
    body: list[ast.stmt],
    state: dict[str, tuple[set[str], set[str]]],
    targets: tuple[str, ...] = (),
) -> bool:
    """Whether a loop's steps depend on each other through an object's state: the body, or a
    method of the file it calls (``bandit.act()``, ``self.get_pi()``), writes ``self.X`` that
    it or another reads (``act`` reads the estimates ``step`` updated; ``self.theta +=`` read by
    the next ``self.get_pi()``). Such a loop has no whole-array form either. An attribute the
    body only reads and writes at the cell of the loop's own index (``if d > self.peak[k]:
    self.peak[k] = d`` for ``k`` of the loop, each step its own cell: blind94's reef monitor,
    told a recurrence) carries nothing from one step to the next."""
    writes: set[str] = set()
    reads: set[str] = set()
    own = _own_cells(body, targets)
    for stmt in body:
        w, r = _self_attrs(stmt)
        writes |= w - own
        reads |= r - own
        # (another object's attribute the body writes, ``bidders.spent[w] += price``, that a
        # method of it reads at the next step, ``bidders.pacing()``: blind60's auctions)
        writes |= _others_written(stmt)
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


def _own_cells(body: list[ast.stmt], targets: tuple[str, ...]) -> set[str]:
    """The ``self`` attributes the body reaches only at ``[t]`` for one loop target ``t``."""
    if not targets:
        return set()
    parents = {id(c): p for stmt in body for p in ast.walk(stmt) for c in ast.iter_child_nodes(p)}
    cells: dict[str, bool] = {}
    for stmt in body:
        for n in ast.walk(stmt):
            if not (
                isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id == "self"
            ):
                continue
            up = parents.get(id(n))
            cell = (
                isinstance(up, ast.Subscript)
                and up.value is n
                and isinstance(up.slice, ast.Name)
                and up.slice.id in targets
            )
            cells[n.attr] = cells.get(n.attr, True) and cell
    return {attr for attr, only in cells.items() if only}


def _others_written(node: ast.AST) -> set[str]:
    """The attributes of objects other than ``self`` a piece of code assigns or writes into
    (``bidders.spent[w] += price``: ``spent``)."""
    out: set[str] = set()
    for s in ast.walk(node):
        if isinstance(s, (ast.Assign, ast.AugAssign)):
            for t in s.targets if isinstance(s, ast.Assign) else [s.target]:
                base = t
                while isinstance(base, ast.Subscript):
                    base = base.value
                if (
                    isinstance(base, ast.Attribute)
                    and isinstance(base.value, ast.Name)
                    and base.value.id != "self"
                ):
                    out.add(base.attr)
    return out


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
            # (cells written as a tuple's items too: ``v[i], x[i] = v_next, x_next``)
            targets = [
                e for t in targets for e in (t.elts if isinstance(t, ast.Tuple | ast.List) else [t])
            ]
            for t in targets:
                cell = _cell(t) if isinstance(t, ast.Subscript) else None
                if cell is None:
                    continue
                before = [e for b in stmts[:i] for e in _own_exprs(b)]
                if any(_reads_other_cell(e, *cell, parity) for e in [s.value, *before]):
                    return True
                # the whole array read in the body (``act(np.true_divide(counts, n))``, then
                # ``counts[action] += reward``): the next step reads what this one wrote; not an
                # array made anew at each step before it is written (``alpha = np.zeros(k)``,
                # ``alpha[k] = ...``, ``alpha / alpha.sum()``: weno's per-point weights)
                fresh = any(
                    isinstance(b, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == cell[0] for t in b.targets)
                    for b in stmts[:i]
                )
                if not fresh and any(
                    _reads_whole(e, cell[0]) for b in stmts for e in _own_exprs(b)
                ):
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
    # (``t = max(planned, t + run)``: ``t - C`` is a running maximum of ``planned - C``, ``C``
    # the prefix sum of ``run``; blind118's tram departures)
    "maxplus": "np.maximum.accumulate(x - C) + C with C = np.cumsum(d) (t = max(x[i], t + d[i]))",
    "minplus": "np.minimum.accumulate(x - C) + C with C = np.cumsum(d) (t = min(x[i], t + d[i]))",
}


def _additive_terms(e: ast.expr, plus: bool = True) -> list[tuple[bool, ast.expr]]:
    """The terms of a chain of ``+`` and ``-``, each with whether it is added."""
    if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Sub)):
        right = plus if isinstance(e.op, ast.Add) else not plus
        return _additive_terms(e.left, plus) + _additive_terms(e.right, right)
    return [(plus, e)]


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
        return _is_last(e, last)

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
        # (a chain of sums and differences with the last result once, added: ``level[t - 1]
        # + receipts[t] - demand[t]``, blind61's projected stock, is a prefix sum too)
        terms = _additive_terms(value)
        mine = [(plus, t) for plus, t in terms if not free(t)]
        if len(mine) == 1 and mine[0][0]:
            if is_last(mine[0][1]):
                return "add"
            if scaled(mine[0][1]):
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
            for x, y in ((a, b), (b, a)):
                if (
                    free(x)
                    and isinstance(y, ast.BinOp)
                    and isinstance(y.op, ast.Add)
                    and ((is_last(y.left) and free(y.right)) or (is_last(y.right) and free(y.left)))
                ):
                    return "maxplus" if "max" in name else "minplus"
    if (
        isinstance(value, ast.IfExp)
        and isinstance(value.test, ast.Compare)
        and len(value.test.ops) == 1
        and isinstance(value.test.ops[0], (ast.Gt, ast.GtE, ast.Lt, ast.LtE))
    ):
        # (``x[i] if x[i] > peak[i - 1] else peak[i - 1]``: a running maximum written as a
        # choice, blind65's drawdown peak)
        left, right = value.test.left, value.test.comparators[0]
        bigger = isinstance(value.test.ops[0], (ast.Gt, ast.GtE))
        for new, old, flip in ((left, right, False), (right, left, True)):
            if (
                is_last(old)
                and free(new)
                and ast.dump(value.body) == ast.dump(new)
                and is_last(value.orelse)
            ):
                return "max" if bigger != flip else "min"
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


def carried_from(tree: ast.Module | None, lo: int, hi: int, names: list[str]) -> frozenset[str]:
    """The names the statements between lines ``lo`` and ``hi`` (a loop) bind from ``names``,
    directly or through one another (``u_prev, u = u, u_next`` from ``u_next``)."""
    if tree is None:
        return frozenset()
    stmts: list[ast.stmt] = [
        s
        for s in walk_tree(tree)
        if isinstance(s, ast.Assign | ast.AugAssign | ast.AnnAssign) and lo <= s.lineno <= hi
    ]
    out: set[str] = set()
    for n in names:
        out |= _made_from(stmts, n)
    return frozenset(out)


def descending(loop: ast.AST) -> bool:
    """A ``for`` over ``range(...)`` with a negative constant step, or ``reversed(range(...))``:
    its index counts down."""
    it = loop.iter if isinstance(loop, ast.For) else None
    if not isinstance(it, ast.Call) or not isinstance(it.func, ast.Name):
        return False
    if it.func.id == "reversed" and len(it.args) == 1:
        inner = it.args[0]
        return (
            isinstance(inner, ast.Call)
            and isinstance(inner.func, ast.Name)
            and (inner.func.id == "range")
        )
    if it.func.id != "range" or len(it.args) != 3:
        return False
    step = it.args[2]
    return (
        isinstance(step, ast.UnaryOp)
        and isinstance(step.op, ast.USub)
        and isinstance(step.operand, ast.Constant)
    ) or (isinstance(step, ast.Constant) and isinstance(step.value, int) and step.value < 0)


def scan_of(body: list[ast.stmt], down: bool = False) -> str:
    """The library scan that computes a loop whole (:func:`scan_parts`), or ""."""
    return scan_parts(body, down)[0]


def scan_parts(body: list[ast.stmt], down: bool = False) -> tuple[str, str]:
    """The library scan that computes a loop whole, when its only dependence between steps is
    one first-order step: ``c[i] = c[i - 1] + x[i]`` (a prefix sum: ``np.cumsum``), ``* x[i]``
    (``np.cumprod``), ``max(c[i - 1], x[i])`` (``np.maximum.accumulate``), ``y[i] = a * y[i -
    1] + b * x[i]`` or ``s = a * s + x[i]`` (a linear filter: ``scipy.signal.lfilter``); in a
    loop counting ``down``, ``c[i] = c[i + 1] + x[i]`` (the same scan of the reversed array,
    reversed back: blind80's Schroeder integral). The loop without that statement must be no
    recurrence. "" otherwise. With it, for a linear filter (``level = a * level + b * x``), the
    factor on the last result as written (``a``); "" for any other loop."""
    stmts = [s for b in body for s in ast.walk(b) if isinstance(s, ast.stmt)]
    for s in stmts:
        if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name):
            # (``acc += max(t - base, 0.0)`` then ``out[i] = acc``: ``acc = acc + ...``, a
            # running total written out at every step; blind84's degree days, told a reduction
            # loop. A total only summed is a reduction, not a scan)
            if not _stored_out(stmts, s.target.id):
                continue
            value: ast.expr = ast.BinOp(
                left=ast.Name(id=s.target.id, ctx=ast.Load()), op=s.op, right=s.value
            )
            t: ast.expr = s.target
        elif isinstance(s, ast.Assign) and len(s.targets) == 1:
            value, t = s.value, s.targets[0]
        else:
            continue
        last: ast.expr | None = None
        if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
            # c[i] = f(c[i - 1]): the last result is c at the index one before
            for n in ast.walk(value):
                if (
                    isinstance(n, ast.Subscript)
                    and isinstance(n.value, ast.Name)
                    and n.value.id == t.value.id
                    and _offset(n.slice, t.slice) == (1 if down else -1)  # type: ignore[arg-type]
                ):
                    last = n
        elif isinstance(t, ast.Name):
            last = t
        if last is None:
            continue
        base = ast.unparse(t.value) if isinstance(t, ast.Subscript) else ast.unparse(t)
        step = _step(value, last, _made_from(stmts, base))
        if step is None:
            continue
        rest = [b for b in body if b is not s]
        if not is_recurrence(rest):
            scale = _scale(value, last) if step == "linear" else ""
            if down and isinstance(t, ast.Subscript):
                scan = f"{SCANS[step]} of the reversed array, reversed back (x[::-1] ... [::-1])"
                return scan, scale
            return SCANS[step], scale
    return _running_extreme(body), ""


def _scale(value: ast.expr, last: ast.expr) -> str:
    """The factor on the last result in a linear step's sum (``a`` of ``a * level + b * x``,
    ``(1 - alpha)`` of ``alpha * x[i] + (1 - alpha) * level``); "" where it divides."""
    for _, term in _additive_terms(value):
        if isinstance(term, ast.BinOp) and isinstance(term.op, ast.Mult):
            if _is_last(term.left, last):
                return ast.unparse(term.right)
            if _is_last(term.right, last):
                return ast.unparse(term.left)
    return ""


def _is_last(e: ast.AST, last: ast.expr) -> bool:
    """Whether ``e`` is the step's last result ``last`` (a name, by its id: the target's Store
    against a Load; else by its dump)."""
    if isinstance(last, ast.Name):
        return isinstance(e, ast.Name) and e.id == last.id
    return ast.dump(e) == ast.dump(last)


def _stored_out(stmts: list[ast.stmt], name: str) -> bool:
    """Whether a statement hands ``name``'s value out at every step (``out[i] = acc``, ``yield
    acc``, ``levels.append(acc)``: :func:`_puts_out`)."""
    return any(_puts_out(s, name) for s in stmts)


def written_out(body: list[ast.stmt]) -> bool:
    """Whether the body writes an accumulator out at every step: ``out[d] = total`` with
    ``total`` bound in the body from itself (``total = total + h``, ``if x < lo: lo = x``)."""
    carried = {
        t.id
        for s in body
        for n in ast.walk(s)
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Name) and _reads(n.value, t.id)
    }
    carried |= {
        n.target.id
        for s in body
        for n in ast.walk(s)
        if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name)
    }
    carried |= {
        s.body[0].targets[0].id
        for s in body
        if isinstance(s, ast.If)
        and len(s.body) == 1
        and isinstance(s.body[0], ast.Assign)
        and len(s.body[0].targets) == 1
        and isinstance(s.body[0].targets[0], ast.Name)
        and _reads(s.test, s.body[0].targets[0].id)
    }
    return any(_puts_out(s, name) for s in body for name in carried)


def _puts_out(s: ast.stmt, name: str) -> bool:
    """Whether a statement of a loop's body hands ``name``'s value out whole: into an array's
    cell (``out[i] = acc``), to the generator's consumer (``yield acc``: blind93's cutter wear,
    a running total read by ``np.fromiter``) or onto a list (``levels.append(acc)``)."""
    if isinstance(s, ast.Assign):
        return (
            len(s.targets) == 1
            and isinstance(s.targets[0], ast.Subscript)
            and isinstance(s.value, ast.Name)
            and s.value.id == name
        )
    if not isinstance(s, ast.Expr):
        return False
    v = s.value
    if isinstance(v, ast.Yield):
        return isinstance(v.value, ast.Name) and v.value.id == name
    return (
        isinstance(v, ast.Call)
        and isinstance(v.func, ast.Attribute)
        and v.func.attr == "append"
        and len(v.args) == 1
        and isinstance(v.args[0], ast.Name)
        and v.args[0].id == name
    )


def _running_extreme(body: list[ast.stmt]) -> str:
    """``if x[i] < lo: lo = x[i]`` and ``out[i] = lo`` in the same body: a running minimum
    (maximum with ``>``) written out at every step, ``np.minimum.accumulate`` (blind54's
    lookback payoff, told a reduction); "" otherwise (one kept at the end is a reduction)."""
    for s in body:
        if not (
            isinstance(s, ast.If)
            and not s.orelse
            and len(s.body) == 1
            and isinstance(s.body[0], ast.Assign)
            and len(s.body[0].targets) == 1
            and isinstance(s.body[0].targets[0], ast.Name)
            and isinstance(s.test, ast.Compare)
            and len(s.test.ops) == 1
            and isinstance(s.test.ops[0], ast.Lt | ast.Gt | ast.LtE | ast.GtE)
        ):
            continue
        name = s.body[0].targets[0].id
        new = ast.dump(s.body[0].value)
        left, right = s.test.left, s.test.comparators[0]
        less = isinstance(s.test.ops[0], ast.Lt | ast.LtE)
        if ast.dump(left) == new and isinstance(right, ast.Name) and right.id == name:
            kind = "min" if less else "max"
        elif ast.dump(right) == new and isinstance(left, ast.Name) and left.id == name:
            kind = "max" if less else "min"
        else:
            continue
        if any(
            isinstance(w, ast.Assign)
            and len(w.targets) == 1
            and isinstance(w.targets[0], ast.Subscript)
            and isinstance(w.value, ast.Name)
            and w.value.id == name
            for w in body
        ):
            return SCANS[kind]
    return ""
