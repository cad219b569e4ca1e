"""Where a float64 of AB410 (float64_promotion.py) comes from and where it goes, read from the
source: the line that makes a name, the loops that call a function (through read/calls.py), the
state a calling loop passes back, the casts to float32 on a line, the callers that take what a
function returns, and the rewrite in words."""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter

from ...read.calls import argument, calls_of
from ...read.reduced import REDUCTIONS
from ...read.source import SourceFile, call_name, stored_in
from ...read.syntax import assigned_pairs, own_call_name, parent_map, statement_lists, walk_tree
from ...run.values import SCALAR, Fact
from .base import Analysis
from .call_paths import stack_paths
from .expressions import held_names

#: How many calls down from a loop a promotion in the file's functions is still looked for.
CALL_DEPTH = 3
#: Text of a value made float32 (``.astype(np.float32)``, ``dtype=torch.float32``, ``.float()``).
FLOAT32_MADE = re.compile(r"float32|\.float\(\)|torch\.float(?!\d)|\bsingle\b|['\"]f4['\"]")
#: torch's constructors of floating-point tensors, float32 unless told (torch's default).
TORCH_FLOATS = frozenset({"rand", "randn", "zeros", "ones", "empty", "full", "linspace", "normal"})


def _only_reduced(sf: SourceFile, name: str, lo: int, hi: int, after: int) -> bool:
    """Whether every read of ``name`` in the loop (other than on its own line) is reduced right
    there (``name.sum()``, ``np.sum(name)``): a float64 value that only feeds a sum."""
    if sf.tree is None:
        return False
    parents = parent_map(sf.tree)
    reads = [
        n
        for n in walk_tree(sf.tree)
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
        for c in walk_tree(tree)
    )


def _made_at(sf: SourceFile, name: str, before: int) -> tuple[int, str] | None:
    """The last line above ``before`` in the same function that assigns ``name`` alone, and
    the value it assigns (its source)."""
    if sf.tree is None:
        return None
    func = sf.functions.get(before, "")
    best: tuple[int, str] | None = None
    for node in walk_tree(sf.tree):
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


def passed_in(sf: SourceFile, name: str, line: int) -> tuple[int, str] | None:
    """Where a parameter's value is made, for ``name`` read at ``line``: a parameter of the
    function holding the line (or of a function around it, for a closure) that the file calls
    at one place, with a name its caller assigns above the call (``fit(cfg, t, sg)`` after
    ``t = torch.as_tensor(...)``: that line and value). None otherwise."""
    if sf.tree is None:
        return None
    fns = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.FunctionDef) and n.lineno < line <= (n.end_lineno or n.lineno)
    ]
    for fn in sorted(fns, key=lambda n: -n.lineno):
        params = [p.arg for p in (*fn.args.posonlyargs, *fn.args.args)]
        if name not in params:
            continue
        # (one call in the file, aliases and callbacks counted, and that one by its name)
        calls = calls_of(sf, fn.name)
        if len(calls) != 1 or not isinstance(calls[0].func, ast.Name):
            return None
        given = argument(calls[0], params, name, False)
        if not isinstance(given, ast.Name):
            return None
        return _made_at(sf, given.id, calls[0].lineno)
    return None


def _called_from_loop(
    sf: SourceFile, line: int, a: Analysis | None = None
) -> tuple[tuple[int, int], list[tuple[int, int]]] | None:
    """For a line of a function of the file with no loop of its own that a loop calls, directly
    or through CALL_DEPTH functions of the file: the function's lines, and the regions its value
    goes through (each calling function's lines, then the loop's). Where the file names no
    such call (a callback an object holds, ``self.force(b.pos, b.mass)``), the run's sampled
    stacks give the way up."""
    if sf.tree is None:
        return None
    found = _called_from_names(sf, line)
    if found is None and a is not None:
        found = _called_from_stacks(a, sf, line)
    return found


def _called_from_stacks(
    a: Analysis, sf: SourceFile, line: int
) -> tuple[tuple[int, int], list[tuple[int, int]]] | None:
    """The way up from a function to the loop that runs it, as the sampled stacks show it:
    the most sampled chain of the file's frames above the function's lines, to the first frame
    in a loop."""
    assert sf.tree is not None
    func = sf.functions.get(line, "")
    lines = [ln for ln, f in sf.functions.items() if f == func]
    if not func or not lines:
        return None
    lo, hi = min(lines), max(lines)
    seen: Counter[tuple[tuple[int, int], ...]] = Counter()
    ways = stack_paths(a, sf, lambda key: key[0] == sf.path and lo <= abs(key[1]) <= hi)
    for way, n in ways.items():
        # (through the file's functions only: each frame's function, then the loop's lines)
        chain: list[tuple[int, int]] = []
        for p, at in way[1:-1]:
            caller = sf.functions.get(abs(at), "") if p == sf.path else ""
            span = [x for x, f in sf.functions.items() if f == caller]
            if not caller or not span:
                break
            chain.append((min(span), max(span)))
        else:
            loop = calling_loop(sf, abs(way[-1][1]))
            if loop is not None:
                seen[(*chain, loop)] += n
    if not seen:
        return None
    best, _ = seen.most_common(1)[0]
    return (lo, hi), list(best)


def calling_loop(sf: SourceFile, line: int) -> tuple[int, int] | None:
    """The lines of the innermost loop holding ``line``: a statement loop or, where none holds
    it, a comprehension (``{t.singer: intonation(t, tracker) for t in takes}``: blind170's
    pitch tracker, a float64 window promoting each take's frames, called 30 times from one)."""
    loops = sf.enclosing_loops(line)
    if loops:
        return loops[0].line, loops[0].end
    held = [lp for lp in sf.loops if lp.comprehension and lp.line <= line <= lp.end]
    if not held:
        return None
    inner = max(held, key=lambda lp: lp.line)
    return inner.line, inner.end


def _called_from_names(
    sf: SourceFile, line: int
) -> tuple[tuple[int, int], list[tuple[int, int]]] | None:
    assert sf.tree is not None
    spans = {
        n.name: (n.lineno, n.end_lineno or n.lineno)
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.FunctionDef)
    }
    name = sf.functions.get(line, "").rsplit(".", 1)[-1]
    if name not in spans:
        return None
    region = spans[name]
    methods = {
        f.name
        for c in walk_tree(sf.tree)
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
            loop = calling_loop(sf, c.lineno)
            caller = sf.functions.get(c.lineno, "").rsplit(".", 1)[-1]
            if loop and (not caller or not spans.get(caller) or loop[0] >= spans[caller][0]):
                return region, [*chain, loop]
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
        (n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef) and n.name == func), None
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
    for node in walk_tree(sf.tree):
        if not isinstance(node, ast.Assign) or not lo <= node.lineno < before:
            continue
        for t, v in assigned_pairs(node):
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
    for fn in walk_tree(sf.tree):
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


def operand(text: str) -> str:
    """An expression's text as the receiver of a method: in parentheses unless it is a name, an
    attribute, a call, a subscript or a constant (``(0.0009 * s ** 2).float()``, where
    ``0.0009 * s ** 2.float()`` is no Python: blind106's marathon pacer)."""
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return f"({text})"
    atoms = (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant)
    return text if isinstance(node, atoms) else f"({text})"


def _rewrite(root: str, fact: Fact | None, made: int | None, value: str = "") -> str:
    """The rewrite in words, with the value that makes the root written the float32 way."""
    where = f" where it is made (line {made})" if made else " once, before the loop"
    if root == "":
        return (
            "make the float64 value on this line float32 (np.float32(...), dtype=np.float32, "
            "torch.float32)"
        )
    if fact is not None and fact.type == "torch.Tensor":
        to = f"{root} = {operand(value)}.float()" if value else f"{root} = {root}.float()"
        return f"make {root} float32{where}: {to} (or dtype=torch.float32 where it is built)"
    if fact is not None and fact.kind == SCALAR:
        return f"make {root} a float32{where}: {root} = np.float32({value or '...'})"
    to = f"{root} = ({value}).astype(np.float32)" if value else f"{root}.astype(np.float32)"
    return f"make {root} float32{where}: {to} (or dtype=np.float32 where it is built)"


#: NumPy calls that make float64 unless told (its distributions and array constructors).
NUMPY_FLOAT64 = frozenset(
    {
        "standard_normal",
        "normal",
        "random",
        "rand",
        "randn",
        "uniform",
        "exponential",
        "gamma",
        "beta",
        "linspace",
        "ones",
        "zeros",
        "full",
        "hanning",
        "hamming",
        "blackman",
        "arange",
        "array",
        "asarray",
    }
)


def _float64_call(sf: SourceFile, value: ast.expr) -> tuple[str, int, str] | None:
    """A call in ``value`` of the file's function (or a method on ``self``) that returns a
    torch tensor made from a NumPy value of NumPy's default dtype (``return
    torch.from_numpy(self.rng.standard_normal(shape))``: float64): the call's text, the line
    of that ``return`` and its text. None where there is none."""
    if sf.tree is None:
        return None
    defs = {n.name: n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
    for c in ast.walk(value):
        if not isinstance(c, ast.Call):
            continue
        fn = defs.get(own_call_name(c) or "")
        if fn is None:
            continue
        returns = [n for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None]
        if len(returns) != 1:
            continue
        ret = returns[0].value
        assert ret is not None
        if not (
            isinstance(ret, ast.Call)
            and call_name(ret) in ("from_numpy", "tensor", "as_tensor")
            and ret.args
            and isinstance(ret.args[0], ast.Call)
            and call_name(ret.args[0]) in NUMPY_FLOAT64
            and not FLOAT32_MADE.search(ast.unparse(ret))
            and not any(k.arg == "dtype" for k in (*ret.keywords, *ret.args[0].keywords))
        ):
            continue
        return ast.unparse(c), returns[0].lineno, ast.unparse(ret)
    return None
