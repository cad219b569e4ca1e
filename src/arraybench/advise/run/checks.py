"""Where Python checks for a signal, read from a file's source: the statements whose time lands
on another line (lines of operators only, a function's last lines, a statement's operators after
its call), and the lines whose values ride along with another's look (advise/run/sampler.py
records them, advise/run/ledger.py gives their time back)."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator

from ..read.calls import properties
from ..read.source import call_name
from ..read.syntax import statement_lists, walk_tree
from .loopcount import head_end

#: Lines of operators only, per loop, whose values ride along with the loop's other lines.
RIDERS = 6
#: ``if`` lines whose test calls nothing, per loop, that ride along too (after those).
TEST_RIDERS = 2


def _operators_only(stmt: ast.stmt) -> bool:
    """A simple statement that calls nothing (``u = (2.0 * u - v + c * lap) * k``): a signal
    is never handled on it (Python checks for one at calls and jumps), so the sampler never
    looks at it."""
    if not isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
        return False
    return not any(
        isinstance(n, (ast.Call, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
        for n in ast.walk(stmt)
    )


#: Statement lists of a compound statement (a function's body, a loop's, each branch).


def checks_signal(stmt: ast.stmt) -> bool:
    """A statement where Python checks for a signal on its way: a simple statement that
    calls (the check follows the call), or an ``if``/``while``/``for`` whose header does."""
    if isinstance(stmt, (ast.If, ast.While)):
        part: ast.AST = stmt.test
    elif isinstance(stmt, (ast.For, ast.AsyncFor)):
        part = stmt.iter
    elif isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return)):
        part = stmt
    else:
        return False
    return any(isinstance(n, ast.Call) for n in ast.walk(part))


def _own_statements(node: ast.stmt) -> Iterator[ast.stmt]:
    """The statements of ``node`` (itself included), not those of a function or class
    defined in it."""
    todo: list[ast.AST] = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(n, ast.stmt):
            yield n
        todo.extend(ast.iter_child_nodes(n))


def _lines_of(stmt: ast.stmt) -> tuple[int, ...]:
    """The lines a simple statement spans (a compound one: its header's)."""
    return tuple(range(stmt.lineno, max(stmt.lineno, head_end(stmt)) + 1))


#: A statement where the signal is handled, the lines of operators before it whose signal it
#: holds, whether its samples hold its own work too (not for a call of a function of
#: operators only: its work is handled after its return), and which of those lines are a
#: statement's operators after its call (their line holds the call's samples already).
OperatorRun = tuple[tuple[int, ...], tuple[int, ...], bool, tuple[int, ...]]


def _tail(stmt: ast.stmt) -> bool:
    """A statement whose operators run after its calls have returned (``d = np.tile(x, (n, 1))
    - data``, ``acc += f(x)``): no signal is handled on them, so their time lands on the next
    check, like an operator-only line's."""
    if isinstance(stmt, ast.AugAssign):
        return any(isinstance(n, ast.Call) for n in ast.walk(stmt.value))
    if not isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.Expr)) or stmt.value is None:
        return False
    return _operator_on_calls(stmt.value)


def _operator_on_calls(value: ast.expr) -> bool:
    """An operator whose operands are made by calls (``np.tile(x, (n, 1)) - data``): it runs
    after the check that follows the last of them."""
    return isinstance(value, (ast.BinOp, ast.UnaryOp, ast.Compare)) and any(
        isinstance(n, ast.Call) for n in ast.walk(value)
    )


def operator_runs(tree: ast.AST) -> list[OperatorRun]:
    """Each statement that checks for a signal (:func:`checks_signal`) right after lines of
    operators only, in one statement list: (its lines, the operator lines before it, whether
    its samples hold its own work). The signal that fell on those lines is handled at the
    statement, so the sampler charges their time to it (``C_L = np.sqrt(...)`` after eleven
    lines of ``a * b + c`` on arrays)."""
    out: list[OperatorRun] = []
    quiet = _check_free(tree)
    for body in statement_lists(tree):
        run: list[int] = []
        tails: list[int] = []
        for stmt in body:
            if _operators_only(stmt):
                run.extend(_lines_of(stmt))
                continue
            if _calls_only(stmt, quiet):
                # a call of a function of operators only: checked on entry, so the time
                # before it lands there, and its own after its return, at the next check
                # (``train = binarise(train)`` read 0 s, the line after it its 1 s)
                if run:
                    out.append((_lines_of(stmt), tuple(run), False, tuple(tails)))
                run, tails = list(_lines_of(stmt)), []
                continue
            if run and checks_signal(stmt):
                out.append((_lines_of(stmt), tuple(run), True, tuple(tails)))
            run, tails = [], []
            if _tail(stmt):
                # its operators after its call: the next check holds their time too
                # (round 11's kNN: ``np.tile(inX, (n, 1)) - dataSet``'s subtraction read
                # on the ``.sum()`` two lines down, and given to ``diffMat**2`` between)
                run, tails = list(_lines_of(stmt)), list(_lines_of(stmt))
    return out


def quiet_runs(tree: ast.AST) -> list[tuple[int, ...]]:
    """The lines of each run of two or more statements of operators only, in one statement
    list. No signal is handled on them unless a library's operator is written in Python
    (torch's ``**`` on a slice): where a sample lands on one, it holds the time of the run's
    lines before it too (advise/run/split.py)."""
    out: list[tuple[int, ...]] = []
    for body in statement_lists(tree):
        run: list[int] = []
        for stmt in [*body, None]:
            if stmt is not None and _operators_only(stmt):
                run.extend(_lines_of(stmt))
                continue
            if len(run) >= 2:
                out.append(tuple(run))
            run = []
    return out


#: A statement where the signal is handled after a call of the user's function returned,
#: the line of that call, and the function's last lines of operators (their signal is
#: handled after the return, at the caller's next check).
ReturnRun = tuple[tuple[int, ...], int, tuple[int, ...]]


def return_runs(tree: ast.AST) -> list[ReturnRun]:
    """Each statement that checks for a signal after a call of a function of the file whose
    last lines are operators only: (its lines, the call's line, those lines). Round 12's
    batch norm: ``out = self.__forward(x)`` then ``return out.reshape(...)``, which read 2 s
    of the eight lines of array arithmetic that end ``__forward`` (0.06 s its own)."""
    tails: dict[str, tuple[int, ...]] = {}
    for fn in walk_tree(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and not fn.decorator_list:
            got = _trailing(fn.body)[0]
            if got:
                tails[fn.name] = tuple(got)
    if not tails:
        return []
    out: list[ReturnRun] = []
    loop_bodies = {
        id(n.body) for n in walk_tree(tree) if isinstance(n, (ast.For, ast.AsyncFor, ast.While))
    }
    for body in statement_lists(tree):
        pending: tuple[int, tuple[int, ...]] | None = None
        last: ast.stmt | None = None
        for stmt in body:
            if pending is not None:
                # (an ``if`` whose test calls nothing checks nothing when not taken:
                # ``if it % 50 == 0:`` after ``sim.step()``)
                if _operators_only(stmt) or (
                    isinstance(stmt, ast.If) and not checks_signal(stmt) and stmt is body[-1]
                ):
                    last = stmt
                    continue
                if checks_signal(stmt):
                    out.append((_lines_of(stmt), *pending))
                pending = None
            if isinstance(stmt, ast.If):
                # (a test that calls the function: ``if register.has_hydrant(block):`` of a
                # ``return block in self.in_service``; the check is the first of the branch
                # taken that checks, or the statement after the ``if`` where a branch has none;
                # blind179's hydrant audit read its list scans on the ``else`` path's draw)
                tested = [
                    c
                    for c in ast.walk(stmt.test)
                    if isinstance(c, ast.Call) and call_name(c) in tails
                ]
                if len(tested) == 1:
                    tail = tails[call_name(tested[0])]
                    falls = False
                    for branch in (stmt.body, stmt.orelse):
                        first = next((b for b in branch if checks_signal(b)), None)
                        if first is None or not all(
                            _quiet(b) for b in branch[: branch.index(first)]
                        ):
                            falls = falls or first is None
                            continue
                        out.append((_lines_of(first), stmt.lineno, tail))
                    if falls:
                        pending, last = (stmt.lineno, tail), None
                    continue
            if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
                calls = [
                    c for c in ast.walk(stmt) if isinstance(c, ast.Call) and call_name(c) in tails
                ]
                # (``rank.step(jet_drive(t, n))``: the argument's call runs first, its tail
                # handled at the entry of the call it is passed to; the outer call's is the
                # statement's)
                calls = [c for c in calls if not any(c is not d and _inside(c, d) for d in calls)]
                if len(calls) == 1:
                    if _called_after(stmt, calls[0]):
                        # ``e += np.square(project(x))``: the call that takes its result is
                        # the check, on the same line
                        out.append((_lines_of(stmt), stmt.lineno, tails[call_name(calls[0])]))
                    else:
                        pending = (stmt.lineno, tails[call_name(calls[0])])
                        last = None
        # the loop's last statements quiet after the call: the signal is handled at the jump
        # back, on the last of them (blind31's wave: ``sim.step()`` then ``if it % 50 == 0:``,
        # whose line read 91% of the run)
        if pending is not None and last is not None and id(body) in loop_bodies:
            out.append((_lines_of(last), *pending))
    return out


def _inside(call: ast.Call, outer: ast.Call) -> bool:
    """Whether ``call`` is part of ``outer``'s arguments or receiver."""
    return any(n is call for n in ast.walk(outer))


def _called_after(stmt: ast.stmt, call: ast.Call) -> bool:
    """Whether another call of the statement takes ``call``'s result among its arguments (it
    runs after ``call`` returns)."""
    return any(
        isinstance(c, ast.Call)
        and c is not call
        and any(call in set(ast.walk(arg)) for arg in [*c.args, *(k.value for k in c.keywords)])
        for c in ast.walk(stmt)
    )


def _quiet(stmt: ast.stmt) -> bool:
    """A statement where no signal is handled: operators only, ``pass``, or a ``return`` of no
    call."""
    return (
        _operators_only(stmt)
        or isinstance(stmt, ast.Pass)
        or (
            isinstance(stmt, ast.Return)
            and not any(isinstance(n, ast.Call) for n in ast.walk(stmt))
        )
    )


def _operators_after_calls(stmt: ast.stmt) -> bool:
    """A simple statement with a call whose value is an operator on what its calls give
    (``x.reshape(-1) @ B``, ``np.tile(x, (n, 1)) - data``): the operator runs after the check
    that follows the last call."""
    if not isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return)):
        return False
    return stmt.value is not None and _operator_on_calls(stmt.value)


def _trailing(body: list[ast.stmt]) -> tuple[list[int], bool]:
    """The lines at the end of a statement list where no signal is handled (lines of operators,
    a ``return`` of no call, the ends of the branches of an ``if`` whose test calls nothing,
    and a statement whose operators run after its calls), and whether the whole list is such
    lines."""
    lines: list[int] = []
    for stmt in reversed(body):
        if _quiet(stmt):
            lines[:0] = _lines_of(stmt)
            continue
        if _operators_after_calls(stmt):
            # ``coeffs = frame.reshape(-1) @ BASIS``: the product runs after the last check,
            # and its time is handled after the return too
            lines[:0] = _lines_of(stmt)
            return lines, False
        if isinstance(stmt, ast.If) and not checks_signal(stmt):
            first, whole_first = _trailing(stmt.body)
            other, whole_other = _trailing(stmt.orelse) if stmt.orelse else ([], True)
            lines[:0] = [*first, *other]
            if whole_first and whole_other:
                continue
        return lines, False
    return lines, True


def _check_free(tree: ast.AST) -> set[str]:
    """The file's functions whose bodies are lines of operators only (and a return of them):
    no signal is handled inside them."""
    out: set[str] = set()
    for fn in walk_tree(tree):
        if not isinstance(fn, ast.FunctionDef) or fn.decorator_list:
            continue
        body = fn.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # its docstring
        if body and all(_quiet(stmt) for stmt in body):
            out.add(fn.name)
    return out


def _calls_only(stmt: ast.stmt, quiet: set[str]) -> bool:
    """A simple statement whose calls are all of functions in ``quiet`` (by name)."""
    if not isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
        return False
    calls = [n for n in ast.walk(stmt) if isinstance(n, ast.Call)]
    return bool(calls) and all(isinstance(c.func, ast.Name) and c.func.id in quiet for c in calls)


def statement_spans(tree: ast.AST) -> dict[int, tuple[int, int]]:
    """Each line of a simple statement written over several lines: the statement's first and
    last line (``F = np.array([[1.0, 0],`` / ``[0, 1.0]])``). Its lines are each hit one or
    more times a run (the first line again when the call is made), at least one of them once."""
    out: dict[int, tuple[int, int]] = {}
    for node in walk_tree(tree):
        if isinstance(node, ast.stmt) and not isinstance(node, COMPOUND):
            last = node.end_lineno or node.lineno
            if last > node.lineno:
                for line in range(node.lineno, last + 1):
                    out[line] = (node.lineno, last)
    return out


#: Statements that hold others (their lines are not theirs alone).
COMPOUND = (
    ast.For, ast.AsyncFor, ast.While, ast.If, ast.With, ast.AsyncWith, ast.Try,
    ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Match,
)  # fmt: skip


def _tail_riders(tree: ast.AST) -> tuple[dict[int, tuple[int, ...]], dict[int, frozenset[str]]]:
    """Per line that calls a function of the file by name, that function's last lines of
    operators (its :func:`_trailing` lines, RIDERS at most) whose names the function neither
    takes nor assigns: its module's globals, which the calling line's frame sees as they are
    (the function's own names it does not); and per such line, those global names."""
    tails: dict[str, tuple[int, ...]] = {}
    names: dict[int, frozenset[str]] = {}
    for fn in walk_tree(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.decorator_list:
            continue
        own = {a.arg for a in ast.walk(fn.args) if isinstance(a, ast.arg)} | {
            n.id
            for n in ast.walk(fn)
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
        }
        lines = _trailing(fn.body)[0]
        read = {
            n.id
            for n in ast.walk(fn)
            if isinstance(n, ast.Name) and getattr(n, "lineno", 0) in lines and n.id not in own
        }
        if lines and read:
            tails[fn.name] = tuple(lines[:RIDERS])
            for ln in tails[fn.name]:
                names[ln] = frozenset(
                    n.id
                    for n in ast.walk(fn)
                    if isinstance(n, ast.Name) and getattr(n, "lineno", 0) == ln and n.id in read
                )
    # the lines that call those functions, and those that call their callers (a module's
    # globals are the same in every frame of it): ``project(frame)`` calling ``correct(frame)``
    for _ in range(2):
        for fn in walk_tree(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            called = {
                c.func.id
                for c in ast.walk(fn)
                if isinstance(c, ast.Call)
                and isinstance(c.func, ast.Name)
                and c.func.id in tails
                and c.func.id != fn.name
            }
            got = tails.get(fn.name, ())
            merged = tuple(dict.fromkeys([*got, *(r for f in sorted(called) for r in tails[f])]))
            if merged != got:
                tails[fn.name] = merged[:RIDERS]
    out: dict[int, list[int]] = defaultdict(list)
    for c in walk_tree(tree):
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in tails:
            got_lines = out[c.lineno]
            got_lines.extend(r for r in tails[c.func.id] if r not in got_lines and r != c.lineno)
    return {line: tuple(v) for line, v in out.items() if v}, names


def _names_of(stmt: ast.stmt) -> set[str]:
    """The names a statement reads or binds, and its dotted attributes (``self.gain``)."""
    out = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)}
    out |= {ast.unparse(n) for n in ast.walk(stmt) if isinstance(n, ast.Attribute)}
    return out


def _bound(stmt: ast.stmt, shallow: bool = False) -> set[str]:
    """The names and attributes a statement binds anywhere in it (``x = ...``, ``self.w = ...``,
    ``for x in ...``), items and slices written not counted (the same object); ``shallow``: in
    its own targets only (a compound statement's header, not its body)."""
    nodes: list[ast.AST] = list(ast.walk(stmt))
    if shallow:
        parts: list[ast.AST] = []
        if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
            parts = [stmt]  # (an expression's walrus too)
        elif isinstance(stmt, (ast.Global, ast.Nonlocal)):
            parts = [stmt]
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            parts = [stmt.target]
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            parts = [i.optional_vars for i in stmt.items if i.optional_vars is not None]
        nodes = [n for p in parts for n in ast.walk(p)]
    out: set[str] = set()
    for n in nodes:
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            out.add(n.id)
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
            out.add(ast.unparse(n))
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            out |= set(n.names)
    return out


def _riders(tree: ast.AST) -> dict[int, tuple[int, ...]]:
    """Per line of a loop, the loop's lines of operators only (RIDERS at most a loop): the
    sampler records their values when it looks at the loop's other lines, in the same frame."""
    out: dict[int, list[int]] = defaultdict(list)
    # not from a loop's header: before its first iteration the loop's names hold what an
    # earlier loop left (``t: numpy.int64`` at ``for t in range(n)``)
    headers = {
        n.lineno for n in walk_tree(tree) if isinstance(n, (ast.For, ast.AsyncFor, ast.While))
    }
    for node in walk_tree(tree):
        if not isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            continue
        # (a function defined in the loop: rare; its lines are its own)
        own = [stmt for stmt in _own_statements(node) if stmt is not node]
        ops = [stmt.lineno for stmt in own if _operators_only(stmt)]
        # (and, after those, an ``if`` whose test calls nothing, where no signal is handled
        # either: ``if patron in suspended:`` in a queue's loop, blind169's holds, the list
        # it scans 370,000 times never seen)
        tests = sorted(
            {stmt.lineno for stmt in own if isinstance(stmt, ast.If) and not checks_signal(stmt)}
        )[:TEST_RIDERS]
        ops = sorted(set(ops))[:RIDERS] + [t for t in tests if t not in ops]
        if not ops:
            continue
        for line in range(node.lineno + 1, (node.end_lineno or node.lineno) + 1):
            if line in headers:
                continue
            got = out[line]
            for r in ops:
                if r != line and r not in got:
                    got.append(r)
    # a function's lines of operators, on the later lines of their statement list (and the
    # lines those hold) until a name of theirs is bound again: looked at with them, in the
    # same frame (blind61's motion detector: ``frame = raw * self.gain`` first in ``update``,
    # an ``if`` after it, a float32 frame times a np.float64 gain never seen)
    for body in statement_lists(tree):
        pending: list[tuple[int, set[str]]] = []
        for stmt in body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            bound = _bound(stmt)
            inner = pending
            if isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
                # (a loop's lines run again after its later lines: what it binds anywhere)
                inner = [(r, names) for r, names in inner if not names & bound]
            # (in line order through a compound statement: a name bound in a branch ends the
            # rides of the lines after it)
            for n in sorted(
                (n for n in ast.walk(stmt) if isinstance(n, ast.stmt)), key=lambda n: n.lineno
            ):
                if n.lineno not in headers:
                    got = out[n.lineno]
                    for r, _ in inner[-RIDERS:]:
                        if r != n.lineno and r not in got:
                            got.append(r)
                shallow = _bound(n, shallow=True)
                inner = [(r, names) for r, names in inner if not names & shallow]
            pending = [(r, names) for r, names in pending if not names & bound]
            if _operators_only(stmt) and not (
                isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            ):
                pending.append((stmt.lineno, _names_of(stmt)))
    # the lines of operators right before a statement that checks, in a function's body (``xs =
    # xb * params["col_scale"]`` then ``z1 = xs @ W1`` before ``np.maximum(z1, 0.0)``): looked
    # at with it, in the same frame, a few lines on
    for at, run, _, _ in operator_runs(tree):
        for line in at:
            got = out[line]
            for r in run[-RIDERS:]:
                if r != line and r not in got:
                    got.append(r)
    return {line: tuple(v) for line, v in out.items()}


def _back_riders(tree: ast.AST) -> dict[int, dict[int, frozenset[str]]]:
    """Per line of a function, the function's last lines of operators (its :func:`_trailing`
    lines, RIDERS at most) that come after it, each with the names of theirs that nothing from
    that line on binds: the sampler records those when it looks at the line, in the same frame.
    No later line of the function is looked at before them (``return conc * self.retention +
    self.cfg.emission * self.sources`` after the call of the step, blind118's smoke plumes: a
    float64 retention never seen), and an object's attributes, a module's globals, a parameter
    never bound again are the same at an earlier line."""
    out: dict[int, dict[int, frozenset[str]]] = defaultdict(dict)
    for fn in walk_tree(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        tail = _trailing(fn.body)[0][:RIDERS]
        if not tail:
            continue
        read: dict[int, set[str]] = defaultdict(set)
        for n in ast.walk(fn):
            if (
                isinstance(n, ast.Name | ast.Attribute)
                and isinstance(n.ctx, ast.Load)
                and getattr(n, "lineno", 0) in tail
            ):
                read[n.lineno].add(n.id if isinstance(n, ast.Name) else ast.unparse(n))
        binds = [_bound(stmt) for stmt in fn.body]
        for i, stmt in enumerate(fn.body):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            first = stmt.lineno
            for t in tail:
                if t <= first or first in tail:
                    continue
                # (from this statement, whole, to the one holding the rider: a loop's earlier
                # lines run again after the line looked at)
                bound: set[str] = set()
                for later, binding in zip(fn.body[i:], binds[i:], strict=True):
                    if later.lineno > t:
                        break
                    bound |= binding
                names = frozenset(
                    n for n in read.get(t, ()) if not any(_is_or_in(n, b) for b in bound)
                )
                if not names:
                    continue
                for line in range(first, (stmt.end_lineno or first) + 1):
                    if line not in tail:
                        out[line][t] = names
    return dict(out)


def _is_or_in(name: str, bound: str) -> bool:
    """``name`` is ``bound`` or read through it (``self.cfg.x`` through ``self.cfg``); a name
    that holds it (``self`` whose ``self.x`` is bound) is not: the same object, kept."""
    return name == bound or name.startswith(bound + ".")


def indirect_reads(tree: ast.AST) -> dict[int, list[str]]:
    """Per line, the values a look there reads beyond the line's own names, each from the
    instance's own dict or the frame (no getter is run): what a property of ``self`` read on the
    line is made of (:func:`_getter_reads`), and the attributes a lambda's item hands on
    (:func:`_item_reads`)."""
    out: dict[int, list[str]] = defaultdict(list)
    for reads in (_getter_reads(tree), _item_reads(tree), _map_reads(tree)):
        for line, names in reads.items():
            out[line].extend(names)
    return out


def _map_reads(tree: ast.AST) -> dict[int, list[str]]:
    """For each ``map(fn, over)`` on a later line of a statement of several lines: ``over``
    read on the statement's other lines too, where its frame is seen while the map runs (the
    call it is handed to starts there: ``return np.fromiter(`` above ``map(lambda t: ...,
    self.thickness)``, blind158's hides, whose map line is seen from the lambda's frame)."""
    out: dict[int, list[str]] = defaultdict(list)
    for st in walk_tree(tree):
        if not isinstance(st, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Expr | ast.Return):
            continue
        last = st.end_lineno or st.lineno
        if last == st.lineno:
            continue
        for c in ast.walk(st):
            if (
                isinstance(c, ast.Call)
                and isinstance(c.func, ast.Name)
                and c.func.id == "map"
                and len(c.args) == 2
                and c.lineno > st.lineno
                and isinstance(c.args[1], ast.Name | ast.Attribute)
            ):
                over = ast.unparse(c.args[1])
                for ln in range(st.lineno, last + 1):
                    if ln != c.lineno and over not in out[ln]:
                        out[ln].append(over)
    return out


def _getter_reads(tree: ast.AST) -> dict[int, list[str]]:
    """For each line that reads a property of ``self`` whose getter is one ``return`` of the
    object's attributes (``sum(self.legs_km)``, ``return self._legs[: self.n_legs]``: blind125's
    courier dispatch): the attributes that getter reads, ``self._legs`` and ``self.n_legs``,
    and the module's constants (``PROFILE`` of ``self.fractions @ PROFILE``, in the reading
    frame's globals as in the getter's), so that the property's value can be made again after
    the run."""
    names = properties(tree)
    getters: dict[str, list[str]] = {}
    for c in walk_tree(tree):
        if not isinstance(c, ast.ClassDef):
            continue
        for f in c.body:
            if not (
                isinstance(f, ast.FunctionDef)
                and f.name in names
                and isinstance(f.body[-1], ast.Return)
                and f.body[-1].value is not None
            ):
                continue
            value = f.body[-1].value
            getters[f.name] = list(
                dict.fromkeys(
                    [
                        f"self.{n.attr}"
                        for n in ast.walk(value)
                        if isinstance(n, ast.Attribute)
                        and isinstance(n.value, ast.Name)
                        and n.value.id == "self"
                    ]
                    + [
                        n.id
                        for n in ast.walk(value)
                        if isinstance(n, ast.Name)
                        and n.id != "self"
                        and n.id.isupper()
                        and isinstance(n.ctx, ast.Load)
                    ]
                )
            )
    out: dict[int, list[str]] = defaultdict(list)
    for n in walk_tree(tree):
        if (
            isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id == "self"
            and isinstance(n.ctx, ast.Load)
            and n.attr in getters
        ):
            own = getters[n.attr]
            out[n.lineno].extend(r for r in own if r.removeprefix("self.") not in getters)
    return out


def _item_reads(tree: ast.AST) -> dict[int, list[str]]:
    """The attributes of a lambda's item read in its body, at its line: ``bus.features`` of
    ``map(lambda bus: self.model(bus.features), buses)``, what it hands a model (blind130's bus
    depot)."""
    out: dict[int, list[str]] = defaultdict(list)
    for lam in walk_tree(tree):
        if isinstance(lam, ast.Lambda) and len(lam.args.args) == 1:
            item = lam.args.args[0].arg
            out[lam.lineno].extend(
                f"{item}.{n.attr}"
                for n in ast.walk(lam.body)
                if isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id == item
                and isinstance(n.ctx, ast.Load)
            )
    return out


#: Methods that copy their receiver whole and builtins that reduce their argument's elements:
#: the attribute they are called on (``buf.s.clone()``, ``sum(self.w)``) has its value recorded.
WHOLE_METHODS = frozenset({"copy", "clone", "astype", "detach", "contiguous"})
WHOLE_BUILTINS = frozenset({"sum", "max", "min", "any", "all"})


def whole_attributes(node: ast.AST) -> list[str]:
    """``buf.s`` of ``buf.s.clone()`` or ``sum(buf.s)``: an attribute of a name that a call
    copies or reduces whole."""
    if not isinstance(node, ast.Call):
        return []
    f = node.func
    if isinstance(f, ast.Attribute) and f.attr in WHOLE_METHODS:
        targets = [f.value]
    elif isinstance(f, ast.Name) and f.id in WHOLE_BUILTINS:
        targets = list(node.args[:1])
    else:
        return []
    return [
        f"{t.value.id}.{t.attr}"
        for t in targets
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
    ]


def while_riders(tree: ast.AST) -> dict[int, tuple[int, ...]]:
    """Per ``while`` header, the loop's lines of operators only (RIDERS at most). A loop with no
    call in it has its signal handled at the jump back to its header (``while i < n:`` over
    ``total = total + events[i]``, blind138's axle counter: every sample at the header), and
    the header's frame, interrupted there, holds the values its lines have had an iteration
    since: recorded under theirs when the header's frame is the innermost (not a caller's
    frame at a condition calling a function, before the first iteration)."""
    out: dict[int, tuple[int, ...]] = {}
    for node in walk_tree(tree):
        if not isinstance(node, ast.While):
            continue
        ops: list[int] = []
        for stmt in ast.walk(node):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                break
            if isinstance(stmt, ast.stmt) and stmt is not node and _operators_only(stmt):
                ops.append(stmt.lineno)
        if ops:
            out[node.lineno] = tuple(sorted(set(ops))[:RIDERS])
    return out


def for_riders(tree: ast.AST) -> dict[int, dict[int, frozenset[str]]]:
    """Per ``for`` header, the loop's lines of operators only and ``if`` tests that call
    nothing (RIDERS and TEST_RIDERS at most), each with the names it reads that the loop binds
    nowhere. A loop whose lines call nothing has its signals handled at its header (the call
    of ``enumerate`` or the jump back), and the header's frame, interrupted there, holds what
    those names hold at any iteration (the loop never binds them): recorded under the riders'
    lines when the header's frame is the innermost (blind170's choir at a smaller size,
    ``if (s.badge, day) in excused:`` the whole inner loop's time, the list never seen). The
    names the loop binds are left out: before its first iteration they hold what an earlier
    loop left."""
    out: dict[int, dict[int, frozenset[str]]] = {}
    for node in walk_tree(tree):
        if not isinstance(node, (ast.For, ast.AsyncFor)):
            continue
        own = [stmt for stmt in _own_statements(node) if stmt is not node]
        ops = sorted({stmt.lineno for stmt in own if _operators_only(stmt)})[:RIDERS]
        tests = sorted(
            {stmt.lineno for stmt in own if isinstance(stmt, ast.If) and not checks_signal(stmt)}
        )[:TEST_RIDERS]
        bound = _bound(node)
        riders: dict[int, frozenset[str]] = {}
        for stmt in own:
            if stmt.lineno not in ops and stmt.lineno not in tests:
                continue
            part: ast.AST = stmt.test if isinstance(stmt, ast.If) else stmt
            read = {
                n.id if isinstance(n, ast.Name) else ast.unparse(n)
                for n in ast.walk(part)
                if isinstance(n, ast.Name | ast.Attribute) and isinstance(n.ctx, ast.Load)
            }
            names = frozenset(n for n in read if not any(_is_or_in(n, b) for b in bound))
            if names:
                riders[stmt.lineno] = riders.get(stmt.lineno, frozenset()) | names
        if riders:
            out[node.lineno] = riders
    return out


def receiver_tails(tree: ast.AST) -> dict[int, tuple[tuple[int, str, str], ...]]:
    """Per line that calls a method of the file on a name (``register.has_hydrant(block)``),
    and per check where that call's last lines are handled (:func:`return_runs`): (a last line
    of operators of the method, the receiver's name, an attribute of ``self`` that line reads
    and the method never stores). Those lines are never looked at (no signal is handled on
    them), and the caller's frame holds the same object under the receiver's name: the
    sampler records ``register.in_service`` there as the line's ``self.in_service``
    (blind179's hydrant audit: ``return block in self.in_service``, a list of 8,300 block ids
    scanned 12,000 times, its size never seen)."""
    attrs: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for cls in walk_tree(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        for fn in cls.body:
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not fn.args.args:
                continue
            me = fn.args.args[0].arg
            tail = _trailing(fn.body)[0][:RIDERS]
            stored = {
                n.attr
                for n in ast.walk(fn)
                if isinstance(n, ast.Attribute)
                and not isinstance(n.ctx, ast.Load)
                and isinstance(n.value, ast.Name)
                and n.value.id == me
            }
            for n in ast.walk(fn):
                if (
                    isinstance(n, ast.Attribute)
                    and isinstance(n.ctx, ast.Load)
                    and isinstance(n.value, ast.Name)
                    and n.value.id == me
                    and getattr(n, "lineno", 0) in tail
                    and n.attr not in stored
                    and (n.lineno, n.attr) not in attrs[fn.name]
                ):
                    attrs[fn.name].append((n.lineno, n.attr))
    if not attrs:
        return {}
    checks: dict[int, list[int]] = defaultdict(list)
    for at, via, _ in return_runs(tree):
        checks[via].extend(at)
    out: dict[int, list[tuple[int, str, str]]] = defaultdict(list)
    for call in walk_tree(tree):
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name)
            and call.func.attr in attrs
        ):
            recv = call.func.value.id
            for line in {call.lineno, *checks.get(call.lineno, ())}:
                for rider, attr in attrs[call.func.attr]:
                    if (rider, recv, attr) not in out[line]:
                        out[line].append((rider, recv, attr))
    return {line: tuple(v) for line, v in out.items()}
