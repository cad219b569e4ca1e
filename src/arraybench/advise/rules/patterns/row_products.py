"""AB105 from the run: one matrix-vector or dot product per row in a loop, where lint does not
see it or calls it something else.

Lint finds ``for i in range(n): y[i] = A[i] @ x`` in a ``for`` statement; the run also finds a
product per row made in a ``while`` loop (``acc[i] = torch.dot(w, X[i]); i += 1``), or in a
function of the file that the loop calls on each row (``outs.append(project(W, X[i]))``, which
the element-loop detector would call an element loop, AB101, with a rewrite that does not fit).

    candidates  a loop (``for``, ``while``, comprehension) that is not a recurrence, whose body
                holds a product (``@``, ``dot``, ``matmul``, ``mv``, ``inner``, ``linear``) of a
                row (the loop's item, ``X[i]`` with ``i`` the loop's index or a ``while``
                counter) and an operand the loop never changes, directly or through a function
                of the file called with those
    evidence    ELEMENT_MIN+ iterations per entry; the row and the other operand are arrays or
                tensors at run time (a matrix or a vector); its time LIST_SHARE of the run or more
    price       the one matrix product of the seen shapes (all the rows at once) timed after the
                run, once per entry of the loop, against the loop's time
    look-alikes a loop over 3 layers, each one big product (too few iterations); a recurrence
                ``h = W @ h`` (the other operand changes in the loop: no single product)
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import RULES
from ...read.bind import module_namespaces
from ...read.calls import PARTIALS, call_made_above, partial_call, partial_of
from ...read.purity import attribute_changed, keeps_object
from ...read.source import Loop, SourceFile, call_name, static_size, stored_in
from ...read.syntax import one_return, put_names, qualname, walk_tree
from ...records import LINT, LIST_SHARE, RUN, Finding
from ...run.models import product_time
from ...run.values import Fact, is_array
from .base import Analysis
from .changes import _changed
from .expressions import facts_around

#: Calls that make a product of their two operands (``F.linear(x, W)`` is ``x @ W.T``).
PRODUCTS = frozenset({"dot", "matmul", "mv", "inner", "vdot", "linear"})
#: A loop of fewer iterations per entry is a loop over layers or chunks, not rows.
ELEMENT_MIN = 32
#: Codes a loop of products per row gets from lint (an element loop; ``f(X[i])`` read as a
#: scalar function applied per element; ``np.array([np.dot(q, r) for r in M])`` read as an
#: array built piece by piece) or from the element-loop detector, which this pattern names
#: better; lint's AB106 (a batched rewrite) fits and stays.
RENAMED = frozenset({"AB101", "AB103", "AB108"})
RENAMED_RUN = frozenset({"AB106"})
#: A map of products per row inside the run's element loop is the finding, in the loop's
#: place, where it holds at least this part of the loop's time.
MAP_SHARE = 0.5


def _operands(n: ast.AST) -> tuple[ast.expr, ast.expr] | None:
    if isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult):
        return n.left, n.right
    if isinstance(n, ast.Call) and call_name(n) in PRODUCTS:
        if len(n.args) == 2:
            return n.args[0], n.args[1]
        if len(n.args) == 1 and isinstance(n.func, ast.Attribute):
            return n.func.value, n.args[0]  # x.dot(w)
    return None


def _counters(node: ast.AST) -> set[str]:
    """The names a ``while`` loop steps (``i += 1``)."""
    return {
        s.target.id
        for s in ast.walk(node)
        if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name)
    }


class RowProducts:
    rule = RULES["AB105"]

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        defs = {n.name: n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
        nodes = {
            (n.lineno, type(n).__name__): n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.For | ast.While | ast.ListComp | ast.GeneratorExp)
        }
        for lp in sorted(sf.loops, key=lambda x: (x.line, -x.end)):
            old = a.found.get((sf.path, lp.line))
            if lp.recurrence or (old is not None and not _renamed(old)):
                continue
            node = next((n for (ln, _), n in nodes.items() if ln == lp.line), None)
            if node is None:
                continue
            hit = self._product(sf, lp, node, defs)
            if hit is None:
                continue
            row, other, via, param = hit
            f = self._priced(a, sf, lp, row, other, via, param)
            if f is None:
                continue
            if old is not None:
                # an element loop or a function applied per element, as lint or the element-loop
                # detector read it: the run shows the products, and their rewrite
                del a.found[(sf.path, lp.line)]
            yield f
        yield from self._mapped(a, sf)

    def _mapped(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        """``list(map(lambda member: self.A @ member, ensemble))``: a product per row of an
        array, through ``map`` (no loop of its own; blind31's ensemble forecast, 42%)."""
        assert sf.tree is not None
        for call in walk_tree(sf.tree):
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id == "map"
                and len(call.args) == 2
                and (
                    isinstance(call.args[1], ast.Name)
                    # (an attribute, or one of an object held: ``self.draft.treadling``,
                    # blind114's loom)
                    or (
                        isinstance(call.args[1], ast.Attribute)
                        and qualname(call.args[1], {}) is not None
                    )
                    # (rows taken by an index, ``self.bank[children]``: blind96's chess engine)
                    or (
                        isinstance(call.args[1], ast.Subscript)
                        and not any(isinstance(n, ast.Call) for n in ast.walk(call.args[1]))
                    )
                )
            ):
                continue
            # (a lambda, or a partial of the file's function that is one product, made above:
            # ``score = partial(snp_score, resid)`` with ``return dosage_row @ resid``)
            fn = (
                _inlined(sf, call.args[0])
                if isinstance(call.args[0], ast.Lambda)
                else _as_lambda(sf, call.args[0], call.lineno)
            )
            if fn is None or len(fn.args.args) != 1:
                continue
            over = ast.unparse(call.args[1])
            item = fn.args.args[0].arg
            line = call.lineno
            if (sf.path, line) in a.found:
                continue
            # (inside a loop the run called an element loop, whose time is mostly this map's:
            # blind96's beam search, a loop over 48 nodes a ply told AB101 at 93%, where each
            # node maps a closure's product over 40 rows of 384; the map is the rewrite)
            around_loops = _element_loops_around(a, sf, line)
            if around_loops is None:
                continue
            other = None
            transposed = False
            rows_text = over
            for n in ast.walk(fn.body):
                ops = _operands(n)
                if ops is None:
                    continue
                for r, o in (ops, ops[::-1]):
                    if (
                        _row_operand(r, item)
                        and isinstance(o, ast.Name | ast.Attribute)
                        and item not in {x.id for x in ast.walk(o) if isinstance(x, ast.Name)}
                    ):
                        other = ast.unparse(o)
                        # (``A @ row`` per row is ``rows @ A.T``; ``row @ A`` is ``rows @ A``)
                        transposed = o is ops[0]
                        # (the row shifted or scaled first, ``(s - baseline) @ self.coef``:
                        # the same of all rows at once, ``(spectra - baseline) @ self.coef``)
                        if not isinstance(r, ast.Name):
                            shifted = put_names(copy.deepcopy(r), {item: call.args[1]})
                            rows_text = f"({ast.unparse(shifted)})"
            if other is None:
                continue
            facts = a.ev.facts_at((sf.path, line))
            # (a parameter of the function the map is in, ``resid`` bound by the partial: the
            # argument seen where the file calls it; the rows themselves, where the map is
            # only seen from its lambda's frame, its values taken on the next line:
            # ``readings = map(lambda s: (s - baseline) @ self.coef, spectra)``, blind156)
            around = (
                facts_around(a, sf, line, line)
                if other not in facts or _rows(call.args[1], facts) is None
                else {}
            )
            rows_of = _rows(call.args[1], facts) or _rows(call.args[1], around)
            mat = facts.get(other) or around.get(other)
            guessed = mat is None
            if (
                mat is None
                and rows_of is not None
                and is_array(rows_of)
                and len(rows_of.shape) == 2
            ):
                # (never seen: an argument passed as an expression, ``scores(rng.permutation(
                # y))``; a product with each row is one with a vector of the row's length)
                mat = replace(rows_of, shape=(rows_of.shape[1],))
            if rows_of is None or mat is None or not is_array(rows_of) or not is_array(mat):
                continue
            if len(rows_of.shape) != 2 or len(mat.shape) not in (1, 2):
                continue
            if rows_of.shape[1] not in mat.shape:
                continue
            if len(mat.shape) == 1 and not guessed:
                # (a vector: ``row @ beta`` per row is ``X @ beta``; one never seen may be a
                # matrix, ``W @ row`` per row is ``X @ W.T``, which a vector's ``.T`` leaves as
                # it is)
                transposed = False
            first, last = sf.span(line)
            seconds = a.led.span(sf.path, first, last)
            if seconds / a.total < LIST_SHARE:
                continue
            count = a.led.count((sf.path, line))
            rows, k = rows_of.shape
            runs = max(1, round(count.n / rows)) if count.n >= rows else max(1, count.n)
            t = product_time(_lib(rows_of, mat), rows, k, mat.shape, mat.dtype, a.budget() / 4)
            f, _ = a.finding(sf, line, self.rule.code)
            said = (
                f"map over the {rows:,} rows of {over} ({_seen(rows_of)}), one "
                f"product with {other} ("
                + ("not seen; of the rows' length" if guessed else _seen(mat))
                + ") each"
            )
            keep = runs * t if t is not None else 0.0
            if t is not None:
                said += (
                    f"; all rows at once in one matrix product took {format_time(t)} (timed "
                    f"after the run on random data of those shapes): {rows_text} @ "
                    f"{other}{'.T' if transposed else ''}"
                )
            if around_loops and seconds < MAP_SHARE * min(g.seconds for g in around_loops):
                continue  # (the loop's own steps are its time: its finding stays)
            for g in around_loops:
                del a.found[(g.path, g.line)]
            yield replace(
                f,
                seconds=seconds,
                share=seconds / a.total,
                evidence=said,
                gain=(max(0.0, seconds - 2 * keep), max(0.0, seconds - keep)),
            )

    def _product(
        self,
        sf: SourceFile,
        lp: Loop,
        node: ast.For | ast.While | ast.ListComp | ast.GeneratorExp,
        defs: dict[str, ast.FunctionDef],
    ) -> tuple[str, str, str, str] | None:
        """(the row's array or item name, the other operand's name, the function it is made in
        or "", the function's parameter the row is passed to or "") of a product per row in the
        loop's body."""
        rows = set(lp.targets) | (_counters(node) if isinstance(node, ast.While) else set())
        if not rows:
            return None
        body: list[ast.AST] = (
            [node.elt] if isinstance(node, ast.ListComp | ast.GeneratorExp) else list(node.body)
        )

        def row_of(e: ast.expr) -> str | None:
            if isinstance(e, ast.Name) and e.id in lp.targets:
                return e.id  # for x in X
            if (
                isinstance(e, ast.Subscript)
                and isinstance(e.value, ast.Name)
                and isinstance(e.slice, ast.Name)
                and e.slice.id in rows
                and not _changed(sf, e.value.id, lp.line, lp.end)
            ):
                return e.value.id  # X[i]
            return None

        def fixed(e: ast.expr) -> str | None:
            names = {n.id for n in ast.walk(e) if isinstance(n, ast.Name)}
            if not isinstance(e, ast.Name | ast.Attribute) or names & rows:
                return None
            if any(isinstance(n, ast.Call) for n in ast.walk(e)):
                return None
            if any(_changed(sf, n, lp.line, lp.end) for n in names):
                return None
            return ast.unparse(e)

        for stmt in body:
            for n in ast.walk(stmt):
                ops = _operands(n)
                if ops is not None:
                    for r, o in (ops, ops[::-1]):
                        row, other = row_of(r), fixed(o)
                        if row and other:
                            return row, other, "", ""
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in defs:
                    got = self._through(defs[n.func.id], n, row_of, fixed)
                    if got is not None:
                        return got[0], got[1], n.func.id, got[2]
                # (a method of the object, ``self.project_one(d)`` with ``return
                # torch.mv(self.weight, d) + self.bias``: blind37's keypoint matcher)
                # (or of another object the loop never changes, ``cal.to_body(s)`` with
                # ``return self.R @ (sample - self.bias)``: blind91's falconry tags)
                if (
                    isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Attribute)
                    and isinstance(n.func.value, ast.Name)
                    and n.func.attr in defs
                    and [p.arg for p in defs[n.func.attr].args.args][:1] == ["self"]
                    and (
                        n.func.value.id == "self"
                        or (
                            n.func.value.id not in rows
                            and _kept_object(sf, n.func.value.id, lp.line, lp.end)
                        )
                    )
                ):
                    fn = defs[n.func.attr]
                    got = self._through(
                        fn,
                        n,
                        row_of,
                        fixed,
                        method=True,
                        kept=lambda attr: not attribute_changed(sf, attr, lp.line, lp.end),
                    )
                    if got is not None:
                        return got[0], got[1], n.func.attr, got[2]
        return None

    @staticmethod
    def _through(
        fn: ast.FunctionDef,
        call: ast.Call,
        row_of: Callable[[ast.expr], str | None],
        fixed: Callable[[ast.expr], str | None],
        method: bool = False,
        kept: Callable[[str], bool] | None = None,
    ) -> tuple[str, str, str] | None:
        """A product of two of the function's parameters (or a parameter and a global, or, for
        a method, an attribute of the object that ``kept`` says the loop never changes), the
        call passing a row for one and an unchanged operand for the other: (the row, the
        other operand, the parameter the row is passed to). The row may come shifted or scaled
        by unchanged operands, ``self.R @ (sample - self.bias)``: still one product per row."""
        params = [p.arg for p in fn.args.args]
        passed = dict(zip(params[1:] if method else params, call.args, strict=False))

        def operand(e: ast.expr) -> str | None:
            """The unchanged operand as the caller names it: a parameter passed an unchanged
            value, a global the function reads, the object's matrix ``self.weight``."""
            if isinstance(e, ast.Name):
                return (
                    fixed(passed[e.id]) if e.id in passed else e.id if e.id not in params else None
                )
            if (
                method
                and kept is not None
                and isinstance(e, ast.Attribute)
                and isinstance(e.value, ast.Name)
                and e.value.id == "self"
                and kept(e.attr)
            ):
                return ast.unparse(e)
            return None

        def unchanged(e: ast.expr) -> bool:
            return isinstance(e, ast.Constant) or operand(e) is not None

        def row_param(e: ast.expr) -> str | None:
            if isinstance(e, ast.Name) and e.id in passed:
                return e.id
            if isinstance(e, ast.BinOp) and isinstance(
                e.op, ast.Add | ast.Sub | ast.Mult | ast.Div
            ):
                for x, y in ((e.left, e.right), (e.right, e.left)):
                    p = row_param(x)
                    if p is not None and unchanged(y):
                        return p
            return None

        for n in ast.walk(fn):
            ops = _operands(n)
            if ops is None:
                continue
            for r, o in (ops, ops[::-1]):
                param = row_param(r)
                if param is None:
                    continue
                row, other = row_of(passed[param]), operand(o)
                if row and other:
                    return row, other, param
        return None

    def _priced(
        self, a: Analysis, sf: SourceFile, lp: Loop, row: str, other: str, via: str, param: str
    ) -> Finding | None:
        count, per_entry = a.loop_counts(sf.path, lp)
        if count.n < ELEMENT_MIN or per_entry < ELEMENT_MIN:
            return None
        facts = facts_around(a, sf, lp.line, lp.end)
        if via:
            # a global the function reads is seen in the function
            lines = [ln for ln, fn in sf.functions.items() if fn.rsplit(".", 1)[-1] == via]
            if lines:
                facts = {**a.ev.facts_in(sf.path, min(lines), max(lines)), **facts}
        r, o = facts.get(row), facts.get(other)
        if r is None and param and row in lp.targets:
            # (the loop's item, never looked at in a comprehension: the row as the function
            # saw it, ``sample``)
            r = facts.get(param)
        guessed = False
        if o is None and via and r is not None and is_array(r) and r.shape:
            # (an attribute of the object, never looked at: a method's one fast line is seldom
            # sampled; a product with each row is one with a matrix of the row's length)
            o, guessed = replace(r, shape=(r.shape[-1], r.shape[-1])), True
        if r is None or o is None or not is_array(r) or not is_array(o):
            return None
        # the loop's item is a row (1-D); an array indexed by the loop is a matrix of rows
        if len(r.shape) != (1 if row in lp.targets else 2):
            return None
        k = r.shape[-1]
        if not k or len(o.shape) not in (1, 2) or k not in o.shape:
            return None
        f, _ = a.finding(sf, lp.line, self.rule.code, lp)
        away = _iterable_time(a, sf, lp, f.seconds) if not via else 0.0
        if away > 0:
            # (the items come from the file's functions, ``map(fit, orders(...))``: their time
            # runs under the loop's line, and one matrix product does not remove it; blind164's
            # flour blends, a ridge fit per order listed as 79% saved by the product per row)
            f = replace(
                f,
                seconds=f.seconds - away,
                share=(f.seconds - away) / a.total,
                evidence=f"{f.evidence}; {format_time(away)} of its time is in the file's "
                "functions its iterable calls, which one matrix product does not remove: not "
                "counted",
            )
        if f.seconds / a.total < LIST_SHARE:
            return None
        # the rows of one entry: the array's (X of X[i]), what a ``for`` iterates over, or
        # the iterations per entry the bursts saw
        size = r.shape[0] if row not in lp.targets else static_size(lp.over, facts)
        rows = size or max(1, round(per_entry))
        entries = max(1.0, count.n / rows)
        t = product_time(_lib(r, o), rows, k, o.shape, r.dtype or o.dtype, a.budget() / 4)
        said = (
            f"{f.evidence}; one product per row of {row} ({_seen(r)}) with {other} ("
            + ("not seen; of the rows' length" if guessed else _seen(o))
            + ")"
            + (f", made in {via}()" if via else "")
        )
        if t is None:
            return replace(f, evidence=said)
        keep = entries * t
        return replace(
            f,
            evidence=f"{said}; all {rows:,} rows at once in one matrix product took "
            f"{format_time(t)} (timed after the run on random data of those shapes)",
            gain=(
                max(0.0, f.seconds - 2 * keep - entries * a.costs.call(facts.values())),
                max(0.0, f.seconds - keep),
            ),
        )


def _iterable_time(a: Analysis, sf: SourceFile, lp: Loop, seconds: float) -> float:
    """The loop's time in the file's functions that its iterable calls (a generator of the
    file, ``map(fit, ...)`` of a function or partial the file makes): the samples under the
    loop's lines whose innermost line of the file is outside them."""
    if lp.over is None or sf.tree is None:
        return 0.0
    defs = {n.name for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
    partials = {
        t.id
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Assign)
        and isinstance(n.value, ast.Call)
        and call_name(n.value) in PARTIALS
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    called = {
        n.id for n in ast.walk(lp.over) if isinstance(n, ast.Name) and n.id in defs | partials
    }
    if not called:
        return 0.0
    own = a.led.span(sf.path, lp.line, lp.end, own=True)
    return max(0.0, seconds - own)


def _kept_object(sf: SourceFile, name: str, first: int, last: int) -> bool:
    """An object of the file's classes the loop never binds again and whose methods it calls
    change nothing of it (``cal.to_body(s)``, its ``__init__`` the only writer)."""
    if stored_in(sf, name, first, last) or sf.tree is None:
        return False
    return all(
        keeps_object(sf.tree, c.func.attr)
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.Call)
        and first <= c.lineno <= last
        and isinstance(c.func, ast.Attribute)
        and isinstance(c.func.value, ast.Name)
        and c.func.value.id == name
    )


def _renamed(f: Finding) -> bool:
    return f.code in RENAMED or (f.origin != LINT and f.code in RENAMED_RUN)


def _lib(*facts: Fact) -> str:
    return "torch" if any(f.type.startswith("torch") for f in facts) else "numpy"


#: A library's product of two operands (``np.dot``, ``torch.mv``): with the first bound by a
#: ``functools.partial``, one product per item mapped.
PRODUCT_CALLS = frozenset({"dot", "matmul", "mv", "inner"})


def _element_loops_around(a: Analysis, sf: SourceFile, line: int) -> list[Finding] | None:
    """The findings that hold the line: [] for none; the run's own element loops (which the
    map's finding replaces where the map holds most of their time); None for any other
    (its rewrite covers the line)."""
    around = [f for f in a.found.values() if f.path == sf.path and f.line <= line <= f.end]
    if (sf.path, line) in a.held or any(f.code != "AB101" or f.origin != RUN for f in around):
        return None
    return around


#: Operators that take a row and a vector of its length (or a number) element by element.
SHIFTS = (ast.Add, ast.Sub, ast.Mult, ast.Div)


def _row_operand(e: ast.expr, item: str) -> bool:
    """The map's item, or the item shifted or scaled element by element by what does not
    read it (``s - baseline``, ``(row - mean) / scale``): the same of every row at once
    broadcasts to the rows."""
    if isinstance(e, ast.Name):
        return e.id == item
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub):
        return _row_operand(e.operand, item)
    if not isinstance(e, ast.BinOp) or not isinstance(e.op, SHIFTS):
        return False
    for mine, by in ((e.left, e.right), (e.right, e.left)):
        if _row_operand(mine, item) and not any(
            isinstance(n, ast.Call) or (isinstance(n, ast.Name) and n.id == item)
            for n in ast.walk(by)
        ):
            return True
    return False


def _rows(e: ast.expr, facts: dict[str, Fact]) -> Fact | None:
    """The array a map walks, as the run saw it: a name or attribute, or rows of one taken by
    an index array (``self.bank[children]``: as many rows as the index has) or a slice."""
    if not isinstance(e, ast.Subscript):
        return facts.get(ast.unparse(e))
    whole = facts.get(ast.unparse(e.value))
    if whole is None or not is_array(whole) or len(whole.shape) != 2:
        return None
    ix = e.slice
    if isinstance(ix, ast.Name):
        index = facts.get(ix.id)
        if index is not None and is_array(index) and len(index.shape) == 1:
            if index.dtype == "bool":
                return None  # (a mask: as many rows as it holds True)
            return replace(whole, shape=(index.shape[0], whole.shape[1]))
        return None
    if isinstance(ix, ast.Slice) and ix.step is None:
        return whole  # (at most its rows: a part with bounds)
    return None


def _returned_lambda(sf: SourceFile, fn: ast.Name, line: int) -> ast.Lambda | None:
    """The lambda a name is bound to above ``line`` in the same function by a call of the file's
    function or method whose ``return`` is that lambda: ``score = self.evaluator.scorer()``
    with ``return lambda row: float(row @ mixed)`` (blind96's chess engine)."""
    made = call_made_above(sf, fn.id, line)
    if made is None or sf.tree is None:
        return None
    name = call_name(made)
    targets = [n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef) and n.name == name]
    if len(targets) != 1:
        return None
    last = targets[0].body[-1] if targets[0].body else None
    return (
        last.value if isinstance(last, ast.Return) and isinstance(last.value, ast.Lambda) else None
    )


def _bound_method(sf: SourceFile, fn: ast.expr) -> ast.Lambda | None:
    """``obj.method`` of the one method of that name in the file's classes, of one parameter
    besides ``self`` and one ``return``: the lambda of that parameter, ``self`` read as
    ``obj``."""
    if not (
        isinstance(fn, ast.Attribute)
        and isinstance(fn.value, ast.Name | ast.Attribute)
        and sf.tree is not None
    ):
        return None
    defs = [
        m
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.ClassDef)
        for m in c.body
        if isinstance(m, ast.FunctionDef) and m.name == fn.attr and not m.decorator_list
    ]
    if len(defs) != 1 or len(defs[0].args.args) != 2:
        return None
    ret = one_return(defs[0])
    if ret is None or ret.value is None:
        return None
    me, item = defs[0].args.args[0].arg, defs[0].args.args[1].arg
    return _lambda(item, put_names(ret.value, {me: fn.value}))


def _as_lambda(sf: SourceFile, fn: ast.expr, line: int) -> ast.Lambda | None:
    """A ``functools.partial`` of the file's function of one ``return``, made in the same
    function above ``line`` (``score = partial(snp_score, resid)``), as the lambda of its one
    parameter left (``lambda dosage_row: dosage_row @ resid``); or the lambda a call of the
    file's function returns (:func:`_returned_lambda`)."""
    if isinstance(fn, ast.Name):
        returned = _returned_lambda(sf, fn, line)
        if returned is not None:
            return returned
    # (an array's own product method, bound: ``map(query.dot, embeddings)`` is ``lambda row:
    # query @ row``, blind66's product search)
    modules = module_namespaces(sf.tree) if sf.tree is not None else {}
    if (
        isinstance(fn, ast.Attribute)
        and fn.attr in PRODUCT_CALLS
        and isinstance(fn.value, ast.Name | ast.Attribute)
        and ast.unparse(fn.value) not in modules
    ):
        row = ast.BinOp(copy.deepcopy(fn.value), ast.MatMult(), ast.Name("row", ast.Load()))
        return _lambda("row", row)
    # (a method of the file's classes, bound to an object: ``map(self.model.score_sailing,
    # day)`` with ``return F.softplus(torch.mv(self.W, features) + self.b)``, blind150's ferry
    # demand, is ``lambda features: F.softplus(torch.mv(self.model.W, features) + ...)``)
    method = _bound_method(sf, fn)
    if method is not None:
        return method
    # (a partial of a library's product with its first operand bound, made above or in the
    # call: ``map(partial(np.dot, self.W), feats)`` is ``lambda row: self.W @ row``)
    made = (
        fn
        if isinstance(fn, ast.Call) and call_name(fn) in PARTIALS
        else partial_call(sf, fn.id, line)
        if isinstance(fn, ast.Name)
        else None
    )
    if (
        made is not None
        and len(made.args) == 2
        and not made.keywords
        and (
            (isinstance(made.args[0], ast.Attribute) and made.args[0].attr in PRODUCT_CALLS)
            or (
                isinstance(made.args[0], ast.Name)
                and made.args[0].id in PRODUCT_CALLS
                and made.args[0].id not in sf.functions.values()
            )
        )
    ):
        row = ast.BinOp(copy.deepcopy(made.args[1]), ast.MatMult(), ast.Name("row", ast.Load()))
        return _lambda("row", row)
    got = partial_of(sf, fn.id, line) if isinstance(fn, ast.Name) else None
    if got is None and made is not None and made.args and isinstance(made.args[0], ast.Name):
        # (written in the map itself, ``map(partial(score_row, w=w, b=b), X)``: blind59's
        # credit scorecard)
        target_fn = next(
            (
                n
                for n in (sf.tree.body if sf.tree is not None else [])
                if isinstance(n, ast.FunctionDef) and n.name == made.args[0].id
            ),
            None,
        )
        got = (made, target_fn) if target_fn is not None else None
    if got is None:
        return None
    value, target = got
    ret = one_return(target)
    if ret is not None and ret.value is not None:
        body: ast.expr = ret.value
    else:
        # (a few statements, ``log_odds = float(np.dot(row, w)) + b`` then ``return base -
        # ...``: their values, where the product is looked for)
        parts = [
            st.value
            for st in target.body
            if isinstance(st, ast.Assign | ast.Return) and st.value is not None
        ]
        if not parts or len(parts) > 4:
            return None
        body = ast.Tuple(elts=parts, ctx=ast.Load())
    params = [p.arg for p in target.args.args]
    bound = dict(zip(params, value.args[1:], strict=False))
    bound.update({k.arg: k.value for k in value.keywords if k.arg is not None})
    left = [p for p in params if p not in bound and p not in _defaulted(target)]
    if len(left) != 1:
        return None

    return _lambda(left[0], put_names(body, bound))


def _inlined(sf: SourceFile, fn: ast.Lambda) -> ast.Lambda:
    """A lambda that only calls the file's function of one ``return`` (by name, or a method
    of ``self``), with that function's returned expression in its body, the call's arguments
    put for its parameters: ``lambda c: self._line_cost(c, self.weights, self.handling)`` with
    ``return features @ weights + handling`` is ``lambda c: c @ self.weights + self.handling``
    (blind86's container voyages, a product per container through a static method, 73%)."""
    call = fn.body
    if sf.tree is None or not isinstance(call, ast.Call) or call.keywords or len(fn.args.args) != 1:
        return fn
    name = (
        call.func.id
        if isinstance(call.func, ast.Name)
        else call.func.attr
        if isinstance(call.func, ast.Attribute)
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id == "self"
        else None
    )
    targets = [n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef) and n.name == name]
    if len(targets) != 1:
        return fn
    target = targets[0]
    ret = one_return(target)
    if ret is None or ret.value is None:
        return fn
    params = [p.arg for p in target.args.args]
    static = any(ast.unparse(d) == "staticmethod" for d in target.decorator_list)
    if isinstance(call.func, ast.Attribute) and not static:
        params = params[1:]  # ``self``, bound
    if len(call.args) != len(params):
        return fn
    bound = dict(zip(params, call.args, strict=True))

    return _lambda(fn.args.args[0].arg, put_names(ret.value, bound))


def _defaulted(fn: ast.FunctionDef) -> set[str]:
    """The parameters a function gives defaults (``base=600.0``)."""
    args = fn.args.args
    return {p.arg for p in args[len(args) - len(fn.args.defaults) :]}


def _lambda(param: str, body: ast.expr) -> ast.Lambda:
    """``lambda <param>: <body>``."""
    return ast.Lambda(
        args=ast.arguments(
            posonlyargs=[], args=[ast.arg(arg=param)], kwonlyargs=[], kw_defaults=[], defaults=[]
        ),
        body=body,
    )


def _seen(f: Fact) -> str:
    return f"{f.type.rsplit('.', 1)[-1]} {f.dtype} {'x'.join(map(str, f.shape))}"


PATTERN = RowProducts()
