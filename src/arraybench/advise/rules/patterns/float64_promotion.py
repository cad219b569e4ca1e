"""AB410: a float64 value promoting float32 work, so that the loop runs in float64.

``u_next = (2.0 * u - u_prev + c2 * lap) * damping`` with ``damping = np.exp(-g * dt)``, a
``numpy.float64``: NumPy 2 promotes the float32 field to float64, and from that step on every
operation of the loop moves twice the bytes and runs the slower float64 arithmetic. The same in
torch with a float64 tensor (``torch.tensor(np.linspace(...))``) in an elementwise operation with
float32 tensors. A Python float keeps float32 in both; a 0-d torch tensor does too, and so does a
NumPy float64 scalar before NumPy 2.

    candidates  assignments in a loop
    evidence    at the line, the run saw a float32 array or tensor (SIZE_MIN elements or more),
                a float64 one (or a NumPy float64 scalar) that the loop never stores (the root:
                made before the loop), and a float64 array result (of any size: the float32
                operand is the large one) that is not only reduced (a float64 accumulator of a
                sum is meant)
    price       the line's expression timed after the run with its float64 values, then all in
                float32, on inputs of the shapes seen (an elementwise multiply-add where it
                cannot be evaluated again); that ratio taken on the loop's float64 work (the
                time of its lines where float64 arrays of the loop were seen)
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.calls import argument, calls_of
from ...read.reduced import REDUCTIONS
from ...read.source import SourceFile, call_name, stored_in
from ...read.syntax import imported_names, statement_lists
from ...records import LIST_SHARE, Finding
from ...run.models import float32_ratio
from ...run.values import SCALAR, Fact, is_array
from .base import Analysis
from .expressions import facts_around, held_names

#: A float64 asked for on the line into a result this many times smaller than its float32
#: operand is an accumulator kept in double precision (meant).
ACCUMULATOR_RATIO = 8
#: How many calls down from a loop a promotion in the file's functions is still looked for.
CALL_DEPTH = 3
#: Elements of an array below which its dtype costs next to nothing.
SIZE_MIN = 1024
#: Runs of the line below which it is not the loop's work.
RUNS_MIN = 10
#: Text of a value made float32 (``.astype(np.float32)``, ``dtype=torch.float32``, ``.float()``).
FLOAT32_MADE = re.compile(r"float32|\.float\(\)|torch\.float(?!\d)|\bsingle\b|['\"]f4['\"]")
#: torch's constructors of floating-point tensors, float32 unless told (torch's default).
TORCH_FLOATS = frozenset({"rand", "randn", "zeros", "ones", "empty", "full", "linspace", "normal"})
#: Text of a float64 made on the line itself.
INLINE_FLOAT64 = ("float64", "torch.double", ".double(")


def _numpy2() -> bool:
    np = sys.modules.get("numpy")
    try:
        return np is not None and int(str(np.__version__).split(".")[0]) >= 2
    except ValueError:
        return False


def promotes(f: Fact) -> bool:
    """A float64 value that makes float32 arrays float64 in an operation with them: a float64
    array or tensor (not 0-d), or a NumPy float64 scalar under NumPy 2's rules."""
    if is_array(f):
        return f.dtype == "float64" and bool(f.shape)
    # (a numpy.float64 is a Python float too: its fact has its type, not always its dtype)
    numpy64 = f.type == "numpy.float64" or (f.type.startswith("numpy.") and f.dtype == "float64")
    return f.kind == SCALAR and numpy64 and _numpy2()


def _big(f: Fact, dtype: str) -> bool:
    return is_array(f) and f.dtype == dtype and f.size >= SIZE_MIN


def _imports(sf: SourceFile) -> dict[str, str]:
    """The file's top-level module aliases (``np`` -> ``numpy``)."""
    return imported_names(sf.tree, everywhere=False) if sf.tree is not None else {}


def _only_reduced(sf: SourceFile, name: str, lo: int, hi: int, after: int) -> bool:
    """Whether every read of ``name`` in the loop (other than on its own line) is reduced right
    there (``name.sum()``, ``np.sum(name)``): a float64 value that only feeds a sum."""
    if sf.tree is None:
        return False
    parents = {id(c): p for p in ast.walk(sf.tree) for c in ast.iter_child_nodes(p)}
    reads = [
        n
        for n in ast.walk(sf.tree)
        if isinstance(n, ast.Name)
        and n.id == name
        and isinstance(n.ctx, ast.Load)
        and lo <= n.lineno <= hi
        and n.lineno != after
    ]
    if not reads:
        return False
    for n in reads:
        p = parents.get(id(n))
        if isinstance(p, ast.Attribute) and p.attr in REDUCTIONS:
            continue
        if isinstance(p, ast.Call) and n in p.args and call_name(p) in REDUCTIONS:
            continue
        return False
    return True


def _made_float32(value: str) -> bool:
    """Whether a value's source makes it float32: it says so (``.astype(np.float32)``,
    ``dtype=torch.float32``, ``.float()``), or it is a torch constructor of floats with no
    dtype while torch's default is float32 (``2 * math.pi * torch.rand(n)``)."""
    if FLOAT32_MADE.search(value):
        return True
    torch = sys.modules.get("torch")
    if torch is None or torch.get_default_dtype() != torch.float32:
        return False
    try:
        tree = ast.parse(value, mode="eval")
    except SyntaxError:
        return False
    return any(
        isinstance(c, ast.Call)
        and isinstance(c.func, ast.Attribute)
        and isinstance(c.func.value, ast.Name)
        and c.func.value.id == "torch"
        and c.func.attr in TORCH_FLOATS
        and not any(k.arg == "dtype" for k in c.keywords)
        for c in ast.walk(tree)
    )


def _made_at(sf: SourceFile, name: str, before: int) -> tuple[int, str] | None:
    """The last line above ``before`` in the same function that assigns ``name`` alone, and
    the value it assigns (its source)."""
    if sf.tree is None:
        return None
    func = sf.functions.get(before, "")
    best: tuple[int, str] | None = None
    for node in ast.walk(sf.tree):
        if (
            isinstance(node, (ast.Assign, ast.AnnAssign))
            and node.lineno < before
            and sf.functions.get(node.lineno, "") == func
        ):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets) and (
                best is None or node.lineno > best[0]
            ):
                value = ast.unparse(node.value) if node.value is not None else ""
                best = (node.lineno, value)
    return best


def _called_from_loop(
    sf: SourceFile, line: int
) -> tuple[tuple[int, int], list[tuple[int, int]]] | None:
    """For a line of a function of the file with no loop of its own that a loop calls, directly
    or through CALL_DEPTH functions of the file: the function's lines, and the regions its value
    goes through (each calling function's lines, then the loop's)."""
    if sf.tree is None:
        return None
    spans = {
        n.name: (n.lineno, n.end_lineno or n.lineno)
        for n in ast.walk(sf.tree)
        if isinstance(n, ast.FunctionDef)
    }
    name = sf.functions.get(line, "").rsplit(".", 1)[-1]
    if name not in spans:
        return None
    region = spans[name]
    methods = {
        f.name
        for c in ast.walk(sf.tree)
        if isinstance(c, ast.ClassDef)
        for f in c.body
        if isinstance(f, ast.FunctionDef)
    }
    chain: list[tuple[int, int]] = []
    for _ in range(CALL_DEPTH):
        # by name, or a method of the file's classes by its name on an object (``model.step()``)
        calls = calls_of(sf, name, name in methods)
        if not calls:
            return None
        for c in calls:
            loops = sf.enclosing_loops(c.lineno)
            caller = sf.functions.get(c.lineno, "").rsplit(".", 1)[-1]
            if loops and (not caller or not spans.get(caller) or loops[0].line >= spans[caller][0]):
                return region, [*chain, (loops[0].line, loops[0].end)]
        # (a call at module level, once after the training loop, is no way up)
        callers = [
            f
            for c in calls
            if (f := sf.functions.get(c.lineno, "").rsplit(".", 1)[-1]) in spans and f != name
        ]
        if not callers:
            return None
        caller = callers[0]
        chain.append(spans[caller])
        name = caller
    return None


def _as_float32(expr: str) -> str:
    """The expression with the float64 it asks for itself made float32 (``np.float64(n)``,
    ``dtype=torch.float64``, ``.double()``)."""
    out = re.sub(r"\bfloat64\b", "float32", expr)
    out = re.sub(r"\btorch\.double\b", "torch.float32", out)
    return out.replace(".double()", ".float()")


def _cast_float32(value: ast.expr, name: str) -> bool:
    """Whether every read of ``name`` (``self.w`` held by its attribute, as held_names says)
    in the expression is cast to float32 first (``self.w.float()``, ``w.astype(np.float32)``,
    ``np.float32(w)``, ``w.to(torch.float32)``): the product is float32, not a promotion."""
    held = held_names(value)
    parents = {id(c): p for p in ast.walk(value) for c in ast.iter_child_nodes(p)}
    reads = [
        n for n in ast.walk(value) if isinstance(n, ast.Name) and held.get(id(n), n.id) == name
    ]
    if not reads:
        return False
    for n in reads:
        node: ast.AST = n
        if held.get(id(n), n.id) != n.id:
            node = parents.get(id(n), n)  # (the attribute or item that holds the value)
        p = parents.get(id(node))
        if isinstance(p, ast.Attribute) and p.value is node:
            q = parents.get(id(p))
            if not (
                isinstance(q, ast.Call) and q.func is p and FLOAT32_MADE.search(ast.unparse(q))
            ):
                return False
        elif isinstance(p, ast.Call) and node in p.args:
            if not FLOAT32_MADE.search(ast.unparse(p.func)):
                return False
        else:
            return False
    return True


def _carried_in(sf: SourceFile, line: int, name: str, regions: list[tuple[int, int]]) -> bool:
    """Whether ``name``, a parameter of the function holding ``line``, is passed the state of a
    calling loop or function: a name that region assigns (``w = grad_step(w, X, y)`` in the
    loop: ``w`` float64 at the step is what the step before returned, not a root of its own)."""
    assert sf.tree is not None
    func = sf.functions.get(line, "").rsplit(".", 1)[-1]
    fn = next(
        (n for n in ast.walk(sf.tree) if isinstance(n, ast.FunctionDef) and n.name == func), None
    )
    if fn is None:
        return False
    params = [p.arg for p in fn.args.args]
    if name not in params:
        return False
    for c in calls_of(sf, func, params[:1] == ["self"]):
        region = next(((lo, hi) for lo, hi in regions if lo <= c.lineno <= hi), None)
        if region is None:
            continue
        arg = argument(c, params, name, params[:1] == ["self"])
        if arg is not None and any(
            isinstance(n, ast.Name) and stored_in(sf, n.id, *region) for n in ast.walk(arg)
        ):
            return True
    return False


def _attributes_of(value: ast.expr, name: ast.Name) -> list[ast.Attribute]:
    """The attribute nodes ``value`` takes of ``name`` (``self.laplacian`` of ``self``)."""
    return [n for n in ast.walk(value) if isinstance(n, ast.Attribute) and n.value is name]


def _alias_of(sf: SourceFile, name: str, lo: int, before: int) -> str:
    """``self.u`` where the function assigns ``name`` from it above ``before`` (``u = self.u``,
    ``u, v = self.u, self.v``), else ""."""
    assert sf.tree is not None
    for node in ast.walk(sf.tree):
        if not isinstance(node, ast.Assign) or not lo <= node.lineno < before:
            continue
        pairs: list[tuple[ast.expr, ast.expr]] = []
        for t in node.targets:
            if isinstance(t, ast.Tuple) and isinstance(node.value, ast.Tuple):
                pairs += list(zip(t.elts, node.value.elts, strict=False))
            else:
                pairs.append((t, node.value))
        for t, v in pairs:
            if (
                isinstance(t, ast.Name)
                and t.id == name
                and isinstance(v, ast.Attribute)
                and isinstance(v.value, ast.Name)
                and v.value.id == "self"
            ):
                return f"self.{v.attr}"
    return ""


def _made_in_init(sf: SourceFile, attr: str) -> tuple[int, str] | None:
    """The line of ``__init__`` that sets ``attr`` (``self.u``), and the value it sets."""
    assert sf.tree is not None
    for fn in ast.walk(sf.tree):
        if isinstance(fn, ast.FunctionDef) and fn.name == "__init__":
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and any(
                    ast.unparse(t) == attr for t in node.targets
                ):
                    return node.lineno, ast.unparse(node.value)
    return None


def _returned_to(sf: SourceFile, func: str) -> list[tuple[int, int, str]]:
    """The statements where what ``func`` returns goes: each call of it by name (its line's
    span, and the name it is assigned to alone), and the later statements of the same block
    that read that name."""
    if sf.tree is None or not func:
        return []
    out: list[tuple[int, int, str]] = []
    for body in statement_lists(sf.tree):
        for i, stmt in enumerate(body):
            calls = [
                c
                for c in ast.walk(stmt)
                if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == func
            ]
            if not calls or not isinstance(
                stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return)
            ):
                continue
            first, last = sf.span(stmt.lineno)
            name = ""
            if (
                isinstance(stmt, ast.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)
                and stmt.value in calls
            ):
                name = stmt.targets[0].id
            out.append((first, last, ""))
            if not name:
                continue
            for later in body[i + 1 :]:
                if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(later)):
                    lo, hi = sf.span(later.lineno)
                    out.append((lo, hi, name))
    return out


def _rewrite(root: str, fact: Fact | None, made: int | None, value: str = "") -> str:
    """The rewrite in words, with the value that makes the root written the float32 way."""
    where = f" where it is made (line {made})" if made else " once, before the loop"
    if root == "":
        return (
            "make the float64 value on this line float32 (np.float32(...), dtype=np.float32, "
            "torch.float32)"
        )
    if fact is not None and fact.type == "torch.Tensor":
        to = f"{root} = {value}.float()" if value else f"{root} = {root}.float()"
        return f"make {root} float32{where}: {to} (or dtype=torch.float32 where it is built)"
    if fact is not None and fact.kind == SCALAR:
        return f"make {root} a float32{where}: {root} = np.float32({value or '...'})"
    to = f"{root} = ({value}).astype(np.float32)" if value else f"{root}.astype(np.float32)"
    return f"make {root} float32{where}: {to} (or dtype=np.float32 where it is built)"


class Float64Promotion:
    rule = register(
        Rule(
            "AB410",
            "float64-promotion",
            WARNING,
            "a float64 value in float32 work: the result is float64 and so is all the loop's "
            "later work on it, which moves twice the bytes and runs slower arithmetic",
            "make the float64 constant or array float32 once, before the loop: np.float32(x), "
            "dtype=np.float32, a.astype(np.float32) (torch: dtype=torch.float32, t.float()); a "
            "Python float keeps float32 work float32",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        done: set[int] = set()
        for node in ast.walk(sf.tree):
            if not isinstance(node, (ast.Assign, ast.AugAssign, ast.Return)) or node.value is None:
                continue
            first, last = sf.span(node.lineno)
            if first in done or (sf.path, first) in a.found:
                continue
            loops = sf.enclosing_loops(first)
            if loops and not isinstance(node, ast.Return):
                done.add(first)
                f = self._check(a, sf, node, first, last, loops[0].line, loops[0].end)
            else:
                # a function the loop calls, one or more calls down (``return (frame - DARK)
                # * FLAT`` in ``correct(frame)``, called by ``process_frame(frame)`` per
                # frame): its body is the region, and its callers' float64 work the loop's
                chain = _called_from_loop(sf, first)
                if chain is None:
                    continue
                done.add(first)
                f = self._check(a, sf, node, first, last, *chain[0], chain[1])
            if f is not None:
                yield f

    def _looks(self, a: Analysis, path: str, first: int, last: int) -> dict[str, list[Fact]]:
        out: dict[str, list[Fact]] = {}
        for ln in range(first, last + 1):
            for name, facts in a.ev.samples.facts.get((path, ln), {}).items():
                out.setdefault(name, []).extend(facts)
            # (a function's last line of operators: its globals, seen from its callers' frames)
            for name, facts in a.ev.samples.facts.get((path, -ln), {}).items():
                if name not in out:
                    out[name] = list(facts)
        return out

    def _check(
        self,
        a: Analysis,
        sf: SourceFile,
        node: ast.Assign | ast.AugAssign | ast.Return,
        first: int,
        last: int,
        lo: int,
        hi: int,
        callers: list[tuple[int, int]] | None = None,
    ) -> Finding | None:
        """``callers``: for a statement of a function a loop calls, the regions its value goes
        through (the calling functions' bodies and the loop), where its float64 work is."""
        assert node.value is not None
        path = sf.path
        count = a.led.count((path, first))
        if count.n < RUNS_MIN:
            return None
        own = a.led.span(path, first, last, own=True)
        operators = not any(isinstance(n, ast.Call) for n in ast.walk(node.value))
        if own / a.total < LIST_SHARE / 4 and not operators and callers is None:
            # (a line of operators only, ``coeffs = frames @ basis``, has its time handled at the
            # next check: its own time says little; the loop's float64 work is priced below)
            return None
        looks = self._looks(a, path, first, last)
        if callers is not None:
            # a function's last line of operators is never looked at: its parameters are the
            # arguments seen where the file calls it, its globals those its callers' frames saw
            for name, fact in facts_around(a, sf, first, last).items():
                looks.setdefault(name, [fact])
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AugAssign)
            else []
        )
        stored = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        # an attribute of the object a method works on (``self.u = u + dt * ...``,
        # ``self.feed``): an input, or the state, of its own
        stored |= {
            f"self.{t.attr}"
            for t in targets
            if isinstance(t, ast.Attribute)
            and isinstance(t.value, ast.Name)
            and t.value.id == "self"
        }
        called = {id(c.func) for c in ast.walk(node.value) if isinstance(c, ast.Call)}
        held = held_names(node.value)
        read = [
            held.get(id(n), n.id)
            for n in ast.walk(node.value)
            if isinstance(n, ast.Name)
            and not any(id(a_) in called for a_ in _attributes_of(node.value, n))
        ]
        if isinstance(node, ast.AugAssign):
            read += list(stored)
        f32 = [n for n in dict.fromkeys(read) if any(_big(x, "float32") for x in looks.get(n, []))]
        # the loop's state made float32 before it, and float64 at every look in it: promoted at
        # its first step (``field = field * taper`` with ``field`` made ``.astype(np.float32)``)
        made32 = {
            n: made
            for n in dict.fromkeys(read)
            if n in stored
            and n not in f32
            and any(_big(x, "float64") for x in looks.get(n, []))
            and (made := _made_at(sf, n, lo)) is not None
            and _made_float32(made[1])
        }
        # (a local name for the state the method stores, ``u = self.u`` above ``self.u = u +
        # ...``, made float32 in ``__init__``: ``self.u = torch.ones(n, n)``)
        for n in dict.fromkeys(read):
            attr = _alias_of(sf, n, lo, first)
            if (
                attr in stored
                and n not in f32
                and n not in made32
                and any(_big(x, "float64") for x in looks.get(n, []))
                and (made := _made_in_init(sf, attr)) is not None
                and _made_float32(made[1])
            ):
                made32[n] = made
        f32 += list(made32)
        if not f32:
            return None  # float64 throughout, or no float32 work here
        roots = [
            n
            for n in dict.fromkeys(read)
            if n not in stored
            and n not in f32  # (seen float32 too: the operand, at another call)
            and any(promotes(x) for x in looks.get(n, []))
            and not stored_in(sf, n, lo, hi)
            and not (callers is not None and _carried_in(sf, first, n, callers))
            and not _cast_float32(node.value, n)
        ]
        text = "\n".join(sf.lines[first - 1 : last])
        inline = not roots and any(w in text for w in INLINE_FLOAT64)
        where, via = first, ""
        if not roots and not inline:
            # the float64 operand is the loop's state, made float64 earlier in the iteration by
            # a float64 value the loop does not change (``frames = frames * window`` then
            # ``coeffs = frames @ basis`` with a float32 basis): a line of operators records its
            # values at the next check, when its result is already float64, so the promotion is
            # seen here, and reported where it is made
            promo = self._promoted_before(a, sf, read, looks, lo, hi, first)
            if promo is None:
                return None  # the float64 operands are the loop's own state: promoted elsewhere
            where, via, root, rfacts = promo
            if (path, where) in a.found:
                return None
            roots = [root]
            looks = {**looks, root: rfacts}
        if isinstance(node, ast.Return):
            # (a float32 array and a float64 root in one expression: NumPy's result is float64)
            if not roots:
                return None
            results = ["the value returned"]
        else:
            # (the state an attribute holds, seen through its local name: ``u`` of ``u =
            # self.u``, float64 at its later looks)
            aliases = {_alias_of(sf, n, lo, first): n for n in dict.fromkeys(read)}
            results = [
                n
                for n in stored
                if self._float64_result(a, path, n, looks, lo, hi)
                or (n in aliases and self._float64_result(a, path, aliases[n], looks, lo, hi))
                or (callers is not None and self._returned_float64(a, sf, first, n))
            ]
            if not results:
                return None
            if all(_only_reduced(sf, n, lo, hi, first) for n in results):
                return None  # a float64 value that only feeds a sum: meant, and cheap
            biggest = max(
                (x.size for n in f32 for x in looks.get(n, []) if _big(x, "float32")), default=0
            )
            if inline and all(
                n in read  # (added into: ``energy += ...``, not a fresh value)
                and all(
                    x.size * ACCUMULATOR_RATIO <= biggest for x in looks.get(n, []) if is_array(x)
                )
                for n in results
            ):
                # ``energy += np.square(coeffs, dtype=np.float64)``: a float64 asked for on the
                # line, into a result far smaller than the float32 work: an accumulator in double
                # precision, meant, and cheap
                return None
        # the loop's float64 work: its statements where a float64 array of its own was seen
        spans = self._float64_work(a, sf, lo, hi, roots)
        for c_lo, c_hi in callers or []:
            spans += self._float64_work(a, sf, c_lo, c_hi, roots)
        inferred: dict[str, Fact] = {}
        if isinstance(node, ast.Return):
            # what the function's callers do with the float64 it returns (a product with a
            # float32 basis, on a line of operators after a call that the sampler seldom looks
            # at): the statements that make or read it, the value float64 in the shape of
            # the float32 operand by NumPy's rules
            big = max(
                (x for n in f32 for x in looks.get(n, []) if _big(x, "float32")),
                key=lambda x: x.size,
            )
            as64 = replace(big, dtype="float64")
            flows = _returned_to(sf, sf.functions.get(first, "").rsplit(".", 1)[-1])
            for lo_, hi_, name in flows:
                spans.append((path, lo_, hi_))
                if name:
                    inferred[name] = as64
        work = a.led.union(spans) if spans else own
        work = max(work, own)
        inputs = {}
        for n in dict.fromkeys(read):
            got = looks.get(n, [])
            if got:
                inputs[n] = max(got, key=lambda x: (x.dtype == "float64" or promotes(x), x.size))
        float64 = {n for n, x in inputs.items() if x.dtype == "float64" or promotes(x)}
        expr = self._expr(node)
        fast = _as_float32(expr) if inline and expr else ""
        priced = (
            float32_ratio(expr, inputs, float64, _imports(sf), a.budget(), fast) if expr else None
        )
        if priced is None:
            return None
        (mid, low_r, high_r), how = priced
        top = self._costliest(a, sf, spans, first, inferred) if callers else None
        if top is not None:
            # the costliest float64 statement downstream (a product with a float32 matrix made
            # float64 at every call) timed in float64 and float32 too: its ratio on its time
            t_top, (r_mid, r_lo, r_hi), top_how = top
            rest = max(0.0, work - t_top)
            saving = t_top * (1 - 1 / max(r_mid, 1.0)) + rest * (1 - 1 / max(mid, 1.0))
            low_s = t_top * (1 - 1 / max(r_lo, 1.0)) + rest * (1 - 1 / max(low_r, 1.0))
            high_s = t_top * (1 - 1 / max(r_hi, 1.0)) + rest * (1 - 1 / max(high_r, 1.0))
            how = f"{how}, and {top_how} downstream,"
            mid = max(mid, r_mid)
        else:
            saving = work * (1 - 1 / max(mid, 1.0))
            low_s = own * (1 - 1 / max(low_r, 1.0))
            high_s = work * (1 - 1 / max(high_r, 1.0))
        if mid <= 1.0 or saving / a.total < LIST_SHARE:
            return None
        f, _ = a.finding(sf, where, self.rule.code)
        # the float32 operands that stay float32 first (the others are the loop's state, seen
        # float32 before the promotion)
        f32.sort(
            key=lambda n: (
                n in made32 or not all(x.dtype == "float32" for x in looks[n] if is_array(x))
            )
        )
        f32_facts = ", ".join(
            f"{n} (made float32 at line {made32[n][0]}: {n} = {made32[n][1]}; float64 at every "
            "look in the loop, from its first step on)"
            if n in made32
            else f"{n} ({next(x for x in looks[n] if _big(x, 'float32'))})"
            for n in f32[:2]
        )
        if roots:
            root = roots[0]
            rfact = next(x for x in looks[root] if promotes(x))
            made = _made_at(sf, root, lo)
            at = f", made at line {made[0]}: {root} = {made[1]}" if made else ""
            source = f"{root} ({rfact}{at}; not changed in the loop)"
            rewrite = _rewrite(root, rfact, made[0] if made else None, made[1] if made else "")
        else:
            source, rewrite = "a float64 made on this line", _rewrite("", None, None)
        res = results[0]
        rres = next(
            (x for x in looks.get(res, []) if is_array(x) and x.dtype == "float64" and x.shape),
            None,
        )
        became = f"{res} ({rres})" if rres else f"{res} (float64)"
        if via:
            source = f"{via} (float64 since line {where}: {sf.text(where).strip()}; {source})"
            became = f"{became} at line {first}"
        evidence = (
            f"{f.evidence}; {f32_facts} with {source} gives {became}, and the loop carries "
            f"it on: its float64 work takes {format_time(work)} ({work / a.total:.0%} of the "
            f"run); {how} ran {mid:.2f}x as fast in float32 (timed after the run on inputs "
            f"of the seen shapes); {rewrite}"
        )
        return replace(
            f,
            seconds=saving,
            share=saving / a.total,
            evidence=evidence,
            gain=(min(low_s, saving), max(high_s, saving)),
        )

    def _promoted_before(
        self,
        a: Analysis,
        sf: SourceFile,
        read: list[str],
        looks: dict[str, list[Fact]],
        lo: int,
        hi: int,
        first: int,
    ) -> tuple[int, str, str, list[Fact]] | None:
        """(the line, the state's name, the float64 value, its facts) where a float64 operand of
        this line that the loop assigns was made float64 in this iteration: its last assignment
        above, reading a float64 array or NumPy float64 the loop never changes."""
        assert sf.tree is not None
        seen = a.ev.facts_in(sf.path, lo, hi)
        for name in dict.fromkeys(read):
            if not any(_big(x, "float64") for x in looks.get(name, [])):
                continue
            made = [
                n
                for n in ast.walk(sf.tree)
                if isinstance(n, ast.Assign)
                and lo < n.lineno <= hi
                and n.lineno != first
                and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
            ]
            if not made:
                continue
            # the last one above in this iteration, else the last of the one before (a state
            # carried round the loop: ``x = state @ W`` after ``state = np.tanh(x * gain)``)
            above = [n for n in made if n.lineno < first]
            node = max(above or made, key=lambda n: n.lineno)
            for r in dict.fromkeys(
                x.id for x in ast.walk(node.value) if isinstance(x, ast.Name) and x.id != name
            ):
                fact = seen.get(r)
                if fact is not None and promotes(fact) and not stored_in(sf, r, lo, hi):
                    return node.lineno, name, r, [fact]
        return None

    def _float64_result(
        self,
        a: Analysis,
        path: str,
        name: str,
        looks: dict[str, list[Fact]],
        lo: int,
        hi: int,
    ) -> bool:
        """The run saw ``name`` as a float64 array: at this line (an earlier iteration's value),
        or else at a line of the loop. Of any size: the line's float32 operand is large (an
        echo-state reservoir's ``W @ state`` with a float64 500-state converts the 500 x 500
        float32 matrix at every step)."""
        got = looks.get(name)
        if got is None:
            got = [
                x for ln in range(lo, hi + 1) for x in self._looks(a, path, ln, ln).get(name, [])
            ]
        return any(is_array(x) and x.dtype == "float64" and bool(x.shape) for x in got)

    def _returned_float64(self, a: Analysis, sf: SourceFile, line: int, name: str) -> bool:
        """A value of a function the loop calls that its return reads (``return w - lr * g``, a
        line of operators the sampler never looks at), seen float64 where a caller assigns
        what the function returns (``w = grad_step(w, X, y)``)."""
        assert sf.tree is not None
        func = sf.functions.get(line, "")
        returns = [
            n
            for n in ast.walk(sf.tree)
            if isinstance(n, ast.Return)
            and n.value is not None
            and sf.functions.get(n.lineno, "") == func
            and any(isinstance(x, ast.Name) and x.id == name for x in ast.walk(n.value))
        ]
        if not returns:
            return False
        for lo_, hi_, _ in _returned_to(sf, func.rsplit(".", 1)[-1]):
            node = next(
                (
                    n
                    for n in ast.walk(sf.tree)
                    if isinstance(n, ast.Assign) and n.lineno == lo_ and len(n.targets) == 1
                ),
                None,
            )
            if node is None or not isinstance(node.targets[0], ast.Name):
                continue
            got = self._looks(a, sf.path, lo_, hi_).get(node.targets[0].id, [])
            if any(is_array(x) and x.dtype == "float64" and bool(x.shape) for x in got):
                return True
        return False

    def _float64_work(
        self, a: Analysis, sf: SourceFile, lo: int, hi: int, roots: list[str]
    ) -> list[tuple[str, int, int]]:
        """The loop's statements (and what they call) where a float64 array or tensor of
        SIZE_MIN elements or more was seen, one that the loop stores or a root."""
        spans: list[tuple[str, int, int]] = []
        seen: set[int] = set()
        for ln in range(lo + 1, hi + 1):
            first, last = sf.span(ln)
            if first in seen or first <= lo or sf.loop_at(first) is not None:
                continue
            looks = self._looks(a, sf.path, first, last)
            if any(
                _big(x, "float64") and (n in roots or stored_in(sf, n, lo, hi))
                for n, xs in looks.items()
                for x in xs
            ):
                seen.add(first)
                spans.append((sf.path, first, last))
        return spans

    def _costliest(
        self,
        a: Analysis,
        sf: SourceFile,
        spans: list[tuple[str, int, int]],
        first: int,
        inferred: dict[str, Fact],
    ) -> tuple[float, tuple[float, float, float], str] | None:
        """The costliest statement of the float64 work other than the promoting one, its time
        and how many times faster it ran in float32 (its float64 arrays made float32), timed
        after the run; None where it cannot be timed."""
        others = sorted(
            {(p, lo, hi) for p, lo, hi in spans if not lo <= first <= hi},
            key=lambda s: -a.led.span(s[0], s[1], s[2], own=True),
        )
        for path, lo, hi in others:
            got = self._ratio_at(a, sf, path, lo, hi, inferred)
            if got is not None:
                return got
        return None

    def _ratio_at(
        self,
        a: Analysis,
        sf: SourceFile,
        path: str,
        lo: int,
        hi: int,
        inferred: dict[str, Fact],
    ) -> tuple[float, tuple[float, float, float], str] | None:
        """A statement's time and how many times faster it ran with its float64 arrays made
        float32, timed after the run; None where it cannot be timed."""
        assert sf.tree is not None
        node = next(
            (
                n
                for n in ast.walk(sf.tree)
                if isinstance(n, (ast.Assign, ast.AugAssign, ast.Return)) and n.lineno == lo
            ),
            None,
        )
        if node is None or (isinstance(node, ast.Return) and node.value is None):
            return None
        looks = self._looks(a, path, lo, hi)
        for name, fact in inferred.items():
            looks[name] = [fact]
        inputs = {
            n: max(xs, key=lambda x: (x.dtype == "float64", x.size))
            for n, xs in looks.items()
            if xs
        }
        float64 = {n for n, x in inputs.items() if is_array(x) and x.dtype == "float64"}
        expr = self._expr(node)
        priced = float32_ratio(expr, inputs, float64, _imports(sf), a.budget()) if expr else None
        if priced is None or not float64:
            return None
        timed = f"line {lo}'s statement" if priced[1] == "this line's expression" else priced[1]
        return a.led.span(path, lo, hi, own=True), priced[0], timed

    @staticmethod
    def _expr(node: ast.Assign | ast.AugAssign | ast.Return) -> str:
        if isinstance(node, ast.Return):
            return ast.unparse(node.value) if node.value is not None else ""
        if isinstance(node, ast.Assign):
            return ast.unparse(node.value)
        op = ast.BinOp(left=node.target, op=node.op, right=node.value)
        try:
            return ast.unparse(op)
        except Exception:
            return ""


PATTERN = Float64Promotion()
