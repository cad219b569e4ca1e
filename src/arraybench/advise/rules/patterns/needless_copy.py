"""AB203 confirmed by the run: a copy of an array run many times whose result is only read.

``x = a.copy()``, ``x = t.clone()``, ``np.copy(a)``, ``np.array(a)`` of an array,
``torch.tensor(t)`` of a tensor, ``a.astype(d)`` to the dtype ``a`` already has: each call
copies every byte, and when nothing writes into the copy (nor into the original while the copy
is read) the original would do. Lint's AB203 names copies it can see are only read; the run
adds what lint cannot know (the dtype really is the same, the data is a NumPy array and not a
list, how big the copy is and how often it runs) and finds the copies lint does not name
(``astype`` to the same dtype, a copy in a helper called from a loop).

    candidates  ``name = <copy of src>`` statements (one name assigned)
    evidence    the copy is of an array or tensor at run time (its dtype unchanged for astype,
                ``np.array``'s argument an array, not a list); it ran COPIES_MIN times or more
                (in a loop or a function, a count the bursts only bound from below will do);
                nothing writes into the copy (``x[i] = ...``, ``x += ...``, ``x.fill_()``,
                ``out=x``), hands it to a function of the user's, keeps or returns it whole,
                reads it from an earlier iteration (a snapshot), or writes into the original
                after it, a function of the user's given the original, or a call made
                for its effects before the copy's last read (``opt.step()``)
    price       the statement's own time (a copy timed after the run on an array of the shape
                seen, times its count, is the low end); the rewrite copies nothing

``.contiguous()`` of a contiguous tensor, ``.to(dtype)`` and ``.float()`` to the dtype a tensor
has, ``np.ascontiguousarray`` of a contiguous array return the array itself: no copy, no cost.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import RULES
from ...read.calls import properties
from ...read.purity import attribute_changed
from ...read.source import SourceFile
from ...read.syntax import parent_map, seen_name, walk_tree
from ...records import LIST_SHARE, Finding
from ...run.models import copy_cost
from ...run.sampler import INTERVAL
from ...run.values import Fact, is_array
from .base import Analysis
from .changes import of_class

#: A copy must run this many times for its cost to be a pattern rather than a one-off.
COPIES_MIN = 20
#: Seconds that timing a copy after the run may take, per site at most.
TIMING_S = 0.5
NAMESPACES = frozenset({"np", "numpy", "torch", "jnp", "cp", "cupy"})
#: Methods that write into their receiver (torch's in-place methods end in ``_``).
MUTATING = frozenset(
    {"fill", "sort", "resize", "put", "itemset", "partition", "setflags", "shuffle"}
)
#: An array's attributes that are itself, transposed (a view of the same bytes).
TRANSPOSED = frozenset({"T", "mT", "H", "mH"})
#: An array's attributes that tell of it without its elements.
LAYOUT = frozenset({"shape", "dtype", "ndim", "device", "size", "nbytes"})
#: Builtins that read what they are given and keep none of it.
READ_BUILTINS = frozenset({"len", "float", "int", "bool", "sum", "max", "min", "abs", "print"})
#: Methods of a container that keep what they are given.
KEEPING = frozenset({"append", "extend", "insert", "add", "put", "update", "setdefault"})
PY_DTYPES = {"float": "float64", "int": "int64", "bool": "bool", "complex": "complex128"}


def _dtype(node: ast.expr, facts: dict[str, Fact]) -> str | None:
    """The dtype a ``dtype=`` or ``astype`` argument names: ``np.float32``, ``"float32"``,
    ``float``, ``x.dtype`` (from the values seen)."""
    if isinstance(node, ast.Attribute):
        if node.attr == "dtype" and isinstance(node.value, ast.Name):
            f = facts.get(node.value.id)
            return f.dtype if f is not None and f.dtype else None
        return node.attr
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return PY_DTYPES.get(node.id)
    return None


def _copy_of(value: ast.expr) -> tuple[ast.expr, str, ast.expr | None] | None:
    """What a statement's value copies, how (``copy``, ``astype``, ``array``) and to what dtype
    (``astype``'s argument, ``np.array``'s ``dtype=``)."""
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
        return None
    f = value.func
    kw = {k.arg: k.value for k in value.keywords}
    if any(k == "copy" and isinstance(v, ast.Constant) and v.value is False for k, v in kw.items()):
        return None  # astype(..., copy=False), np.array(a, copy=False): no copy when it can
    ns = isinstance(f.value, ast.Name) and f.value.id in NAMESPACES
    if ns and f.attr in ("copy", "clone") and len(value.args) == 1:
        return value.args[0], "copy", None
    if ns and f.attr in ("array", "tensor") and len(value.args) == 1:
        if set(kw) - {"dtype", "copy"}:
            return None
        return value.args[0], "array", kw.get("dtype")
    if ns:
        return None
    if (
        f.attr == "detach"
        and not value.args
        and isinstance(f.value, ast.Call)
        and isinstance(f.value.func, ast.Attribute)
        and f.value.func.attr == "clone"
        and not f.value.args
    ):
        return f.value.func.value, "copy", None  # ``w.clone().detach()``: a copy, detached
    if f.attr in ("copy", "clone") and not value.args:
        src = f.value
        while (
            isinstance(src, ast.Call)
            and isinstance(src.func, ast.Attribute)
            and src.func.attr == "detach"
        ):
            src = src.func.value
        return src, "copy", None
    if f.attr == "astype" and len(value.args) == 1 and not set(kw) - {"copy"}:
        return f.value, "astype", value.args[0]
    return None


def _base(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _scope(tree: ast.Module, line: int) -> ast.AST:
    """The innermost function holding the line, or the module."""
    best: ast.AST = tree
    for n in walk_tree(tree):
        if (
            isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            and n.lineno <= line <= (n.end_lineno or n.lineno)
            and (best is tree or n.lineno >= getattr(best, "lineno", 0))
        ):
            best = n
    return best


def _read_whole(n: ast.Name, parents: dict[int, ast.AST]) -> ast.AST | None:
    """The node that takes ``n`` whole: ``n`` itself, or the subscript ``n[...]`` that is a view
    (basic slicing) and so still the copy's memory; None when only a new array is taken from it
    (``n[idx]`` with an array or integer index, ``n.sum()``, ``n - q``)."""
    p = parents.get(id(n))
    if isinstance(p, ast.Subscript) and p.value is n:
        if any(isinstance(s, ast.Slice) for s in ast.walk(p.slice)):
            return p  # a slice of the copy: the copy's memory
        return None
    return n


def _kept(sf: SourceFile, scope: ast.AST, name: str, line: int, user: set[str]) -> str:
    """Why the copy ``name`` made at ``line`` is needed, or "" when it is only read."""
    parents = {id(c): p for p in ast.walk(scope) for c in ast.iter_child_nodes(p)}
    loops = sf.enclosing_loops(line)
    for n in ast.walk(scope):
        at = getattr(n, "lineno", 0)
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and at >= line:
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            for t in targets:
                if isinstance(t, (ast.Subscript, ast.Attribute)) and _base(t) == name:
                    return f"line {at} writes into it"
                if isinstance(n, ast.AugAssign) and isinstance(t, ast.Name) and t.id == name:
                    return f"line {at} updates it in place"
        if isinstance(n, ast.Call) and at >= line:
            f = n.func
            if (
                isinstance(f, ast.Attribute)
                and isinstance(f.value, ast.Name)
                and f.value.id == name
                and (f.attr in MUTATING or (f.attr.endswith("_") and not f.attr.startswith("_")))
            ):
                return f"line {at} writes into it ({f.attr})"
            if any(k.arg == "out" and _base(k.value) == name for k in n.keywords):
                return f"line {at} writes into it (out=)"
        if not (isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)):
            continue
        if loops and loops[0].line <= at < line:
            return f"line {at} reads it before it is made again: kept across iterations"
        if at < line:
            continue
        whole = _read_whole(n, parents)
        if whole is None:
            continue
        p = parents.get(id(whole))
        while isinstance(p, (ast.Tuple, ast.List, ast.Starred, ast.IfExp)):
            p = parents.get(id(p))
        if isinstance(p, (ast.Return, ast.Yield, ast.YieldFrom, ast.Dict, ast.Set, ast.Lambda)):
            return f"line {at} hands it on"
        if isinstance(p, (ast.Assign, ast.AnnAssign)) and (
            p.value is whole or isinstance(p.value, (ast.Tuple, ast.List))
        ):
            return f"line {at} keeps it under another name"
        if isinstance(p, ast.Call) and p.func is not whole:
            g = p.func
            if isinstance(g, ast.Name) and g.id in user:
                return f"line {at} hands it to {g.id}(), which may write into it"
            if isinstance(g, ast.Attribute) and g.attr in KEEPING:
                return f"line {at} keeps it ({g.attr})"
            if isinstance(g, ast.Attribute) and _base(g) == "self":
                return f"line {at} hands it to a method, which may write into it"
    return ""


#: Methods of an array that leave it as it was.
READING = frozenset(
    {
        "copy",
        "sum",
        "mean",
        "max",
        "min",
        "std",
        "var",
        "reshape",
        "view",
        "astype",
        "tolist",
        "item",
        "clone",
        "numpy",
        "dot",
        "any",
        "all",
        "argmax",
        "argmin",
        "cumsum",
        "ravel",
    }
)


def _returned_only_read(
    a: Analysis, sf: SourceFile, line: int, src: ast.expr, user: set[str]
) -> str:
    """A getter's defensive copy (``return self._samples.copy()``, a method's or a property's)
    of an attribute of the object, returned to callers that only read it: each use consumed
    in its own statement (``self.bank.vectors @ q``, ``rec.samples().sum()``), or, where no
    method but ``__init__`` changes the attribute, kept in a name only read after
    (``frame = rec.samples()[start:stop]`` then arithmetic on ``frame``); the receiver seen
    as an object of the class. Why, in words; "" where it is not so."""
    assert sf.tree is not None
    fn = _scope(sf.tree, line)
    if not isinstance(fn, ast.FunctionDef) or not fn.args.args or fn.args.args[0].arg != "self":
        return ""
    if not (
        isinstance(src, ast.Attribute)
        and isinstance(src.value, ast.Name)
        and src.value.id == "self"
    ):
        return ""
    cls = next(
        (c for c in walk_tree(sf.tree) if isinstance(c, ast.ClassDef) and fn in c.body), None
    )
    if cls is None:
        return ""
    # (the original changes: a copy kept past the change keeps what it was)
    changes = any(
        isinstance(m, ast.FunctionDef)
        and m.name != "__init__"
        and attribute_changed(sf, src.attr, m.lineno, m.end_lineno or m.lineno, READING)
        for m in cls.body
    )
    parents = parent_map(sf.tree)

    def of_cls(on: ast.expr, at: int) -> bool:
        return ast.unparse(on) == "self" or of_class(
            a.ev.facts_at((sf.path, at)).get(ast.unparse(on)), {cls.name}
        )

    uses: list[ast.expr] = [
        c
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.Call)
        and isinstance(c.func, ast.Attribute)
        and c.func.attr == fn.name
        and isinstance(c.func.value, ast.Name)
        and of_cls(c.func.value, c.lineno)
    ]
    if fn.name in properties(sf.tree):
        uses = [
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.Attribute)
            and n.attr == fn.name
            and isinstance(n.ctx, ast.Load)
            and of_cls(n.value, n.lineno)
        ]
    if not uses:
        return ""
    for c in uses:
        node: ast.AST = c
        p = parents.get(id(node))
        # (a part of it, or its transpose, ``self.vectors.T``: the same bytes read)
        while (isinstance(p, ast.Subscript) and p.value is node) or (
            isinstance(p, ast.Attribute) and p.value is node and p.attr in TRANSPOSED
        ):
            node, p = p, parents.get(id(p))
        if isinstance(p, ast.Attribute) and p.value is node:
            q = parents.get(id(p))
            if isinstance(q, ast.Call) and q.func is p and p.attr in READING:
                continue  # rec.samples().sum(): read
            if p.attr in LAYOUT:
                continue  # its shape or dtype alone
            return ""
        if (
            isinstance(p, ast.Call)
            and isinstance(p.func, ast.Name)
            and p.func.id in READ_BUILTINS
            and node in p.args
        ):
            continue  # len(self.vectors), float(...): read at once
        if isinstance(p, ast.BinOp | ast.Compare | ast.UnaryOp):
            continue  # self.bank.vectors @ q: a new value made of it, in its own statement
        if (
            isinstance(p, ast.Assign)
            and p.value is node
            and len(p.targets) == 1
            and isinstance(p.targets[0], ast.Name)
            and not changes
        ):
            if _kept(sf, _scope(sf.tree, c.lineno), p.targets[0].id, c.lineno, user):
                return ""
            continue
        return ""
    at = sorted({c.lineno for c in uses})
    where = f"line{'s' if len(at) > 1 else ''} {', '.join(map(str, at))}"
    if changes:
        return (
            f"returned to callers that only read it, each in its own statement ({where}: "
            f"`{sf.text(at[0]).strip()}`), before anything changes {ast.unparse(src)} again"
        )
    return (
        f"returned to callers that only read it ({where}; no method but __init__ changes "
        f"{ast.unparse(src)})"
    )


def _parts_taken(a: Analysis, sf: SourceFile, line: int, src: ast.expr) -> list[int]:
    """A property's copy of an attribute of its object (``return self._data.clone()``) of which
    every read takes a part (``self.volume.data[z : z + s]``, the receiver seen as an object
    of the class): the lines of those reads, else none. Taking the part and copying that is
    the same values, and copies a part of the bytes."""
    assert sf.tree is not None
    fn = _scope(sf.tree, line)
    if (
        not isinstance(fn, ast.FunctionDef)
        or fn.name not in properties(sf.tree)
        or not (
            isinstance(src, ast.Attribute)
            and isinstance(src.value, ast.Name)
            and src.value.id == "self"
        )
    ):
        return []
    cls = next(
        (c for c in walk_tree(sf.tree) if isinstance(c, ast.ClassDef) and fn in c.body), None
    )
    if cls is None:
        return []
    parents = parent_map(sf.tree)
    reads = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Attribute) and n.attr == fn.name and isinstance(n.ctx, ast.Load)
    ]
    lines = []
    for n in reads:
        p = parents.get(id(n))
        receiver = ast.unparse(n.value)
        if not (
            isinstance(p, ast.Subscript)
            and p.value is n
            and isinstance(p.ctx, ast.Load)
            and (
                receiver == "self"
                or of_class(a.ev.facts_at((sf.path, n.lineno)).get(receiver), {cls.name})
            )
        ):
            return []
        lines.append(n.lineno)
    return sorted(set(lines))


def _source_written(scope: ast.AST, base: str, line: int, copy: str, user: set[str]) -> int | None:
    """A line after the copy that writes into the original (its base name), hands it to a
    function of the user's, or, before the copy's last read, calls something for its effects
    (``opt.step()`` updates the weights ``prev = w.clone()`` copied): the copy may be a
    snapshot of data about to change."""
    last_read = max(
        (
            n.lineno
            for n in ast.walk(scope)
            if isinstance(n, ast.Name) and n.id == copy and isinstance(n.ctx, ast.Load)
        ),
        default=line,
    )
    for n in ast.walk(scope):
        at = getattr(n, "lineno", 0)
        if at <= line:
            continue
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call) and at < last_read:
            return at
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func.id in user
            and any(_base(x) == base for x in n.args)
        ):
            return at
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            for t in targets:
                if isinstance(t, (ast.Subscript, ast.Attribute)) and _base(t) == base:
                    return at
                if isinstance(n, ast.AugAssign) and isinstance(t, ast.Name) and t.id == base:
                    return at
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and _base(n.func.value) == base
            and (
                n.func.attr in MUTATING
                or (n.func.attr.endswith("_") and not n.func.attr.startswith("_"))
            )
        ):
            return at
    return None


class NeedlessCopy:
    rule = RULES["AB203"]

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        yield from self._copied_then_taken(a, sf)
        user = {
            n.name
            for n in walk_tree(sf.tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        }
        for st in walk_tree(sf.tree):
            returned = isinstance(st, ast.Return) and st.value is not None
            if not returned and not (
                isinstance(st, ast.Assign)
                and len(st.targets) == 1
                and isinstance(st.targets[0], ast.Name)
            ):
                continue
            assert isinstance(st, ast.Assign | ast.Return) and st.value is not None
            got = _copy_of(st.value)
            if got is None:
                continue
            src, how, to = got
            line = st.lineno
            me = st.targets[0].id if isinstance(st, ast.Assign) else ""  # type: ignore[attr-defined]
            taken = _parts_taken(a, sf, line, src) if returned and to is None else []
            getter = _returned_only_read(a, sf, line, src, user) if returned and not taken else ""
            if returned and not taken and not getter:
                continue
            key = (sf.path, line)
            old = a.found.get(key)
            if old is not None and old.code != "AB203":
                continue
            if old is None and a.covered(sf.path, line):
                continue
            count = a.led.count(key)
            # a count the bursts only bound from below: a copy in a loop or in a function (called
            # from one) runs more than it shows
            repeated = bool(sf.enclosing_loops(line)) or bool(sf.functions.get(line))
            if count.n < COPIES_MIN and not (count.at_least and repeated):
                continue
            first, last = sf.span(line)
            seconds = a.led.span(sf.path, first, last, own=True)
            if seconds / a.total < LIST_SHARE:
                continue
            scope = _scope(sf.tree, line)
            end = getattr(scope, "end_lineno", None) or len(sf.lines)
            facts = a.ev.facts_at(key)
            src_fact = facts.get(seen_name(src)) if seen_name(src) else None
            out = facts.get(me) or a.ev.facts_in(sf.path, last + 1, end).get(me)
            fact = src_fact if src_fact is not None and is_array(src_fact) else out
            if fact is None or not is_array(fact):
                continue  # a list, a dict, a number: not an array copied
            if how == "array" and (src_fact is None or not is_array(src_fact)):
                continue  # np.array of a list converts it: no copy of an array
            if to is not None:
                if src_fact is None or not is_array(src_fact):
                    continue  # the original's dtype was not seen
                want = _dtype(to, facts)
                if want is None or want.removeprefix("torch.") != src_fact.dtype:
                    continue  # a real conversion (or one the values do not tell)
            why = _kept(sf, scope, me, line, user) if me else ""
            base = _base(src) if me else None  # (a getter's object: its methods were read)
            written = _source_written(scope, base, line, me, user) if base else None
            if why or written is not None:
                continue
            cost = copy_cost(
                fact.type, fact.dtype, fact.device, fact.shape, min(TIMING_S, a.budget())
            )
            f, _ = a.finding(sf, line, self.rule.code)
            nbytes = fact.size * _itemsize(fact.dtype)
            copies = (
                f"astype({src_fact.dtype if src_fact else fact.dtype}) of data that already is "
                f"{fact.dtype}"
                if to is not None
                else "a copy"
            )
            said = (
                f"{copies}: a {fact} ({_mb(nbytes)}) copied, and nothing writes into "
                f"the copy or into {ast.unparse(src)} while it is read; use "
                f"{ast.unparse(src)} itself"
            )
            if taken:
                said = (
                    f"a {fact} ({_mb(nbytes)}) copied at every read of the property "
                    f"{_scope(sf.tree, line).name}, and every read takes a part of it (line"  # type: ignore[attr-defined]
                    f"{'s' if len(taken) > 1 else ''} {', '.join(map(str, taken))}: "
                    f"`{sf.text(taken[0]).strip()}`); take the part first, then copy it "
                    f"({ast.unparse(src)}[...].{'clone' if fact.type == 'torch.Tensor' else 'copy'}"
                    "(), or no copy where nothing writes into it)"
                )
            elif not me:
                said = f"{getter}: {said}"
            # a statement that only copies: its own time is the copy's, within the sampler's
            # error (two standard errors of a count of samples)
            samples = max(1.0, seconds / INTERVAL)
            sampled = seconds * max(0.0, 1 - 2 / math.sqrt(samples))
            only = first == last
            if cost is not None and not count.at_least:
                t, t_lo, t_hi = cost
                spent = seconds if only else min(seconds, count.n * t)
                high = spent if only else min(seconds, count.n * t_hi)
                low = min(seconds, count.n * t_lo)
                gain = (max(low, sampled) if only else low, high)
                said += f"; a copy of that shape timed after the run: {format_time(t)}"
            else:
                spent, gain = seconds, (sampled if only else 0.0, seconds)
            if old is not None:
                del a.found[key]
                f = replace(f, origin=old.origin, was_possible=old.was_possible)
            yield replace(
                f,
                seconds=spent,
                share=spent / a.total,
                evidence="; ".join(s for s in (f.evidence, said) if s),
                gain=(min(gain), max(gain)),
            )

    def _copied_then_taken(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        """``x.copy()[i : i + w]``: a whole array copied for the part the statement takes of
        it. The part taken first, then copied (``x[i : i + w].copy()``), is the same values
        in an array of its own: the rest of the copy is never read."""
        assert sf.tree is not None
        for node in walk_tree(sf.tree):
            if not isinstance(node, ast.Subscript) or not isinstance(node.ctx, ast.Load):
                continue
            got = _copy_of(node.value)
            if got is None or got[2] is not None:
                continue
            src, how, _ = got
            line = node.lineno
            key = (sf.path, line)
            if a.found.get(key) is not None or a.covered(sf.path, line):
                continue
            count = a.led.count(key)
            if count.n < COPIES_MIN:
                continue
            first, last = sf.span(line)
            seconds = a.led.span(sf.path, first, last, own=True)
            if seconds / a.total < LIST_SHARE:
                continue
            facts = a.ev.facts_in(sf.path, first, last)
            fact = facts.get(seen_name(src)) if seen_name(src) else None
            if fact is None or not is_array(fact):
                continue  # (np.array of a list converts it: no copy of an array)
            cost = copy_cost(
                fact.type, fact.dtype, fact.device, fact.shape, min(TIMING_S, a.budget())
            )
            if cost is None:
                continue
            t, t_lo, t_hi = cost
            # a statement that only takes the part (``yield x.copy()[a:b]``, ``w =
            # x.copy()[a:b]``): its own time is the copy's; else the copies timed after the run
            only = any(
                isinstance(st, ast.Assign | ast.Return | ast.Expr)
                and (
                    st.value is node
                    or (isinstance(st.value, ast.Yield | ast.Await) and st.value.value is node)
                )
                for st in walk_tree(sf.tree)
                if getattr(st, "lineno", 0) == first
            )
            high = seconds if only else min(seconds, count.n * t_hi)
            low = min(seconds, count.n * t_lo)
            taken = ast.unparse(ast.Subscript(src, node.slice, ast.Load()))
            said = (
                f"{ast.unparse(node)} copies a whole {fact} "
                f"({_mb(fact.size * _itemsize(fact.dtype))}) to take a part of it, "
                f"{count} times (a copy of that shape timed after the run: {format_time(t)}); "
                f"take the part first, then copy it: {taken}"
                + (
                    ".copy()"
                    if how == "copy"
                    else ".clone()"
                    if fact.type == "torch.Tensor"
                    else ".copy()"
                )
                + " (or no copy at all where nothing writes into it)"
            )
            f, _ = a.finding(sf, line, self.rule.code)
            spent = high if only else (low + high) / 2
            yield replace(
                f,
                seconds=spent,
                share=spent / a.total,
                count=count,
                evidence="; ".join(x for x in (f.evidence, said) if x),
                gain=(low, high),
            )


def _mb(nbytes: int) -> str:
    return f"{nbytes / 1e6:.1f} MB" if nbytes >= 100_000 else f"{nbytes / 1e3:.1f} kB"


def _itemsize(dtype: str) -> int:
    digits = "".join(ch for ch in dtype if ch.isdigit())
    if dtype.startswith("complex") and digits:
        return int(digits) // 8
    if digits:
        return max(1, int(digits) // 8)
    return 1 if dtype in ("bool", "uint8", "int8") else 8


PATTERN = NeedlessCopy()
