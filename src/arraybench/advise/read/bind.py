"""Building the facts of a scope (advise/read/facts.py): its bindings, read once, propagated to
a fixed point; import aliases of the whole file; ``self.x`` attributes bound to arrays.
"""

from __future__ import annotations

import ast

from .facts import Facts
from .kinds import ARRAY, DEVICE, FLOAT64, GPU_FN, HOST, LOADER, MODEL, TENSOR
from .libraries import (
    ARRAY_ANNOTATIONS,
    CHAINED_MODULE_METHODS,
    CONSTRUCTORS,
    EVIDENCE_ATTRS,
    MUTATING_METHODS,
    RNG_CONSTRUCTORS,
    SIZED_CONSTRUCTORS,
    SKLEARN_REGRESSIONS,
    SPLITTERS,
    TAKES_SEQUENCE,
)
from .syntax import (
    measures_size,
    public_data_function,
    qualname,
    target_names,
    walk_scope,
    walk_tree,
)

#: Generic wrappers that say "maybe this type": their argument decides.
_OPTIONAL = frozenset({"Optional", "Union", "Annotated", "Final"})


def _annotation_is_array(ann: ast.AST | None) -> bool:
    """``np.ndarray``, ``torch.Tensor``, ``NDArray[np.float64]``, ``Tensor | None``: an array;
    ``list[Tensor]``, ``dict[str, np.ndarray]``: a container of arrays, which is not one."""
    if ann is None:
        return False
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
        try:
            ann = ast.parse(ann.value, mode="eval").body
        except SyntaxError:
            return False
    if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
        return _annotation_is_array(ann.left) or _annotation_is_array(ann.right)
    if isinstance(ann, ast.Subscript):
        outer = qualname(ann.value, {}) or ""
        leaf = outer.rsplit(".", 1)[-1]
        if leaf in _OPTIONAL:
            inner = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
            if leaf == "Annotated":
                inner = inner[:1]  # Annotated[T, metadata]: T decides
            return any(_annotation_is_array(a) for a in inner)
        return leaf in ARRAY_ANNOTATIONS  # NDArray[np.float64]; list[Tensor] is not
    q = qualname(ann, {})
    return q is not None and q.rsplit(".", 1)[-1] in ARRAY_ANNOTATIONS


def module_namespaces(
    tree: ast.Module, module: str | None = None, nodes: list[ast.AST] | None = None
) -> dict[str, str]:
    """Import aliases anywhere in the file (imports inside functions included, as people write
    ``import torch`` inside a function that uses it). With the file's dotted ``module`` name,
    relative imports too: ``from .data import load`` in ``pkg.train`` -> ``pkg.data.load``."""
    ns: dict[str, str] = {}
    package = module.split(".") if module else []
    for node in nodes if nodes is not None else walk_tree(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname:
                    ns[a.asname] = a.name
                else:
                    top = a.name.split(".", 1)[0]
                    ns[top] = top
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                for a in node.names:
                    ns[a.asname or a.name] = f"{node.module}.{a.name}"
            elif node.level > 0 and module is not None and node.level <= len(package):
                base = package[: len(package) - node.level]
                if node.module:
                    base = [*base, *node.module.split(".")]
                for a in node.names:
                    ns[a.asname or a.name] = ".".join([*base, a.name])
    return ns


def star_names(tree: ast.Module) -> dict[str, str]:
    """The names a file uses that a star import of NumPy gives it (``from pylab import *``,
    ``from numpy import *``: ``cos``, ``sqrt``), each as its NumPy name, where the file binds
    them nowhere else; none when the file has no such import."""
    roots = {
        n.module.split(".")[0]
        for n in walk_tree(tree)
        if isinstance(n, ast.ImportFrom) and n.module and any(a.name == "*" for a in n.names)
    } & {"numpy", "pylab"}
    if not roots:
        return {}
    import builtins

    import numpy

    bound = (
        {n.id for n in walk_tree(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        | {
            n.name
            for n in walk_tree(tree)
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        }
        | {a.arg for n in walk_tree(tree) if isinstance(n, ast.arguments) for a in n.args}
    )
    used = {
        n.id for n in walk_tree(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    return {
        name: f"numpy.{name}"
        for name in sorted(used - bound)
        if not name.startswith("_")
        and callable(getattr(numpy, name, None))
        and not hasattr(builtins, name)  # (``max``, ``abs``: a star import keeps Python's)
    }


def scope_facts(
    body: list[ast.stmt],
    parent: Facts,
    args: ast.arguments | None = None,
    self_arrays: frozenset[str] = frozenset(),
    key: str | None = None,
    cls: str | None = None,
    nodes: list[ast.AST] | None = None,
) -> Facts:
    """The facts of one scope, given its enclosing scope's.

    Args:
        body: the statements of the scope.
        parent: the enclosing scope's facts (the module's namespaces for a module).
        args: the parameters, for a function.
        self_arrays: attribute chains (``self.w``) bound to arrays anywhere in the file.
        key: the function's key in ``parent.program`` (``f``, ``C.m``), for what its call sites
            carry into its parameters.
        cls: the class a method belongs to, for what its ``self.x`` holds.
        nodes: ``list(walk_scope(body))``, when the caller keeps it.

    Returns:
        The scope's facts at their fixed point.
    """
    facts = parent.child()
    facts.arrays |= self_arrays
    facts.strong |= self_arrays
    prog = facts.program
    if cls is not None:
        facts.cls = cls
    if prog is not None and args is not None and facts.cls is not None:
        for attr, kinds in prog.attrs.get(facts.cls, {}).items():
            facts.seed(attr, kinds)
    if args is not None:
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
        if args.vararg:
            params.append(args.vararg)
        if args.kwarg:
            params.append(args.kwarg)
        for p in params:
            facts.params.add(p.arg)
            if p.arg in facts.namespaces and p.arg != "xp":
                del facts.namespaces[p.arg]  # def f(torch: dict): not the module here
            # A parameter shadows whatever the enclosing scope knew about the name: what it
            # held, and how sure we were of it (strong), whose it was (tensors) and where.
            for s in (
                facts.arrays,
                facts.float64,
                facts.explicit64,
                facts.rngs,
                facts.models,
                facts.strong,
                facts.tensors,
                facts.host,
                facts.device,
                facts.frames,
                facts.loaders,
                facts.large,
            ):
                s.discard(p.arg)
            facts.instances.pop(p.arg, None)
            if _annotation_is_array(p.annotation) and p is not args.vararg and p is not args.kwarg:
                # (*tensors: Tensor annotates each element; the tuple itself is no array)
                facts.arrays.add(p.arg)
                facts.strong.add(p.arg)
                text = ast.unparse(p.annotation) if p.annotation is not None else ""
                (facts.host if "ndarray" in text.lower() else facts.device).add(p.arg)
                if "Tensor" in text:
                    facts.tensors.add(p.arg)
            if p.arg == "xp":
                facts.namespaces["xp"] = "xp"
        if prog is not None and key is not None:
            vararg = args.vararg.arg if args.vararg is not None else None
            said = {  # parameters annotated as something else than an array say so
                p.arg
                for p in params
                if p.annotation is not None and not _annotation_is_array(p.annotation)
            }
            facts.not_arrays |= said
            for name, given in prog.params.get(key, {}).items():
                if name != vararg:  # (*args: a tuple of what the calls pass, not an array)
                    facts.seed(name, given & (MODEL | GPU_FN | LOADER) if name in said else given)
    bindings: list[tuple[ast.AST, ast.AST, str]] = []  # (target, value, how)
    shadowed: set[str] = set()
    for node in nodes if nodes is not None else walk_scope(body):
        if isinstance(node, ast.Assign):
            bindings.extend((t, node.value, "=") for t in node.targets)
            for t in node.targets:
                if isinstance(t, ast.Name):
                    facts.assigns.setdefault(t.id, []).append((node.lineno, node.value))
                if measures_size(node.value, facts.sizes):
                    facts.sizes.update(target_names(t))
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            bindings.append((node.target, node.value, "="))
            if _annotation_is_array(node.annotation):
                facts.arrays.update(target_names(node.target))
                facts.strong.update(target_names(node.target))
        elif isinstance(node, ast.AnnAssign) and _annotation_is_array(node.annotation):
            facts.arrays.update(target_names(node.target))
            facts.strong.update(target_names(node.target))
        elif isinstance(node, ast.AugAssign):
            bindings.append((node.target, node.value, "+="))
            _note_mutation(node.target, facts, augmented=True)
        elif isinstance(node, ast.NamedExpr):
            bindings.append((node.target, node.value, "="))
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            bindings.append((node.target, node.iter, "for"))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            facts.functions.add(node.name)
            for d in node.decorator_list:
                dq = facts.qual(d.func if isinstance(d, ast.Call) else d)
                if dq in ("jax.jit", "torch.compile", "jax.pmap"):
                    facts.jitted.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            shadowed.add(node.id)
        elif isinstance(node, ast.Attribute):
            if node.attr in EVIDENCE_ATTRS and isinstance(node.ctx, ast.Load):
                q = qualname(node.value, {})
                if q is not None and q not in facts.namespaces and q not in facts.models:
                    facts.arrays.add(q)
                    facts.strong.add(q)  # lists have no .shape: as good as a constructor
        elif isinstance(node, ast.Call):
            _note_call(node, facts)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            _note_mutation(node.value, facts)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            for side in (node.left, node.right):
                if isinstance(side, ast.Name):
                    facts.arrays.add(side.id)
                    facts.strong.add(side.id)
    for name in shadowed:
        # A local variable named like a module (torch = {...}) is not the module here.
        if name in facts.namespaces and name != "xp":
            del facts.namespaces[name]
    facts._roots = None
    for _ in range(4):  # a fixed point: each round lets a fact travel one binding further
        before = _size(facts)
        for target, value, how in bindings:
            _bind(target, value, how, facts)
        if before == _size(facts):
            break
    return facts


def _size(f: Facts) -> tuple[int, ...]:
    return (
        len(f.arrays),
        len(f.strong),
        len(f.float64),
        len(f.rngs),
        len(f.tensors),
        len(f.frames),
        len(f.host),
        len(f.device),
        len(f.models),
    )


def _bind(target: ast.AST, value: ast.AST, how: str, facts: Facts) -> None:
    names = target_names(target)
    if not names:
        return
    if how == "for":
        _bind_loop_target(target, value, facts)
        return
    if isinstance(value, ast.Call):
        q = facts.qual(value.func)
        if q in RNG_CONSTRUCTORS:
            facts.rngs.update(names)
            return
        if q is not None and q.rsplit(".", 1)[-1] == "DataLoader":
            facts.loaders.update(names)
            return
        if facts.is_instance(value):
            facts.models.update(names)
            prog = facts.program
            cls = _constructed_class(value)
            if prog is not None and cls in prog.classes and isinstance(target, ast.Name):
                facts.instances[target.id] = cls
            return
    if isinstance(value, ast.Tuple | ast.List) and isinstance(target, ast.Tuple | ast.List):
        for t, v in zip(target.elts, value.elts, strict=False):
            _bind(t, v, how, facts)
        return
    if isinstance(target, ast.Tuple | ast.List) and isinstance(value, ast.Call) and how == "=":
        elts = tuple_kinds(value, len(target.elts), facts)
        if elts is not None:
            for t, k in zip(target.elts, elts, strict=False):
                for n in target_names(t):
                    facts.seed(n, k)
            return
    if isinstance(value, ast.Call) and facts.qual(value.func) in ("jax.jit", "torch.compile"):
        facts.jitted.update(names)
    if facts.is_array(value) or (how == "+=" and names[0] in facts.arrays):
        facts.arrays.update(names)
        (facts.host if facts.is_host(value) else facts.device).update(names)
        if facts.is_array(value, strong=True) or (how == "+=" and names[0] in facts.strong):
            facts.strong.update(names)
        if facts.is_tensor(value):
            facts.tensors.update(names)
    if facts.is_frame(value):
        facts.frames.update(names)
    if facts.is_float64(value) and how == "=":
        facts.float64.update(names)
    if facts.is_explicit64(value):
        facts.explicit64.update(names)


def _constructed_class(value: ast.Call) -> str | None:
    while (
        isinstance(value.func, ast.Attribute)
        and value.func.attr in CHAINED_MODULE_METHODS
        and isinstance(value.func.value, ast.Call)
    ):
        value = value.func.value
    return value.func.id if isinstance(value.func, ast.Name) else None


def tuple_kinds(value: ast.Call, n: int, facts: Facts) -> tuple[int, ...] | None:
    """The kinds of each element of ``a, b, ... = value`` (n targets), when known."""
    ret = facts.returned(value)
    if ret is not None and len(ret[1]) == n:
        return ret[1]
    if facts.jax_result(value):
        return (ARRAY | DEVICE,) * n  # params, loss = step(params, x); loss, g = value_and_grad
    q = facts.qual(value.func) or ""
    last = q.rsplit(".", 1)[-1]
    f = value.func
    if last in SPLITTERS and (
        facts.is_namespace(q) or (isinstance(f, ast.Attribute) and facts.is_array(f.value))
    ):
        src = f.value if isinstance(f, ast.Attribute) and not facts.is_namespace(q) else None
        if src is None and value.args:
            src = value.args[0]
        k = ARRAY | (TENSOR | DEVICE if src is not None and facts.is_tensor(src) else 0)
        if src is not None and facts.is_host(src):
            k |= HOST
        return (k,) * n
    if q.startswith("sklearn."):
        host64 = ARRAY | HOST | FLOAT64
        if last.startswith("make_") and n == 2:
            return host64, (host64 if last in SKLEARN_REGRESSIONS else ARRAY | HOST)
        if last.startswith(("load_", "fetch_")) and n == 2:
            return host64, ARRAY | HOST
        if last == "train_test_split":
            arrays = [a for a in value.args if not isinstance(a, ast.Starred)]
            if n == 2 * len(arrays):
                return tuple(facts.kinds(arrays[k // 2]) for k in range(n))
    return None


def _bind_loop_target(target: ast.AST, it: ast.AST, facts: Facts) -> None:
    """``for v in x`` makes v an element of x; enumerate and zip pair them up; the batches of
    a DataLoader are tensors."""
    if _is_call_to(it, "reversed") and isinstance(it, ast.Call) and it.args:
        it = it.args[0]
    if (
        isinstance(it, ast.Call)
        and isinstance(it.func, ast.Name)
        and it.func.id in facts.namespaces
    ):
        pass  # a module named like a builtin: not enumerate or zip
    elif _is_call_to(it, "enumerate") and isinstance(it, ast.Call) and it.args:
        if isinstance(target, ast.Tuple) and len(target.elts) == 2:
            _bind_loop_target(target.elts[1], it.args[0], facts)
        return
    elif _is_call_to(it, "zip") and isinstance(it, ast.Call):
        if isinstance(target, ast.Tuple):
            for t, a in zip(target.elts, it.args, strict=False):
                _bind_loop_target(t, a, facts)
        return
    if facts.is_array(it):
        facts.arrays.update(target_names(target))
        if facts.is_array(it, strong=True):
            facts.strong.update(target_names(target))
        if facts.is_host(it):
            facts.host.update(target_names(target))
        if facts.is_tensor(it):
            facts.tensors.update(target_names(target))
        return
    if not facts.is_loader(it):
        return
    if isinstance(target, ast.Tuple | ast.List):
        for t in target.elts:
            for n in target_names(t):
                facts.seed(n, ARRAY | HOST | TENSOR)  # a batch of CPU tensors


def _is_call_to(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def _note_call(node: ast.Call, facts: Facts) -> None:
    q = facts.qual(node.func)
    if (
        q is not None
        and facts.is_namespace(q)
        and q.rsplit(".", 1)[-1] in SIZED_CONSTRUCTORS
        and node.args
    ):
        first = node.args[0]
        for a in first.elts if isinstance(first, ast.Tuple | ast.List) else node.args:
            if isinstance(a, ast.Name):
                facts.sizes.add(a.id)  # np.zeros(n), np.empty((n, m)), torch.randn(n, d)
    if facts.is_namespace(q) and q not in RNG_CONSTRUCTORS:
        # The first argument of an array function is data (np.sum(x), torch.relu(h)), except
        # for constructors, which are given Python lists.
        last = q.rsplit(".", 1)[-1] if q else ""
        if (
            node.args
            and isinstance(node.args[0], ast.Name)
            and last not in CONSTRUCTORS
            and last not in TAKES_SEQUENCE
            and q is not None
            and q.split(".", 1)[0] in ("numpy", "torch", "jax", "cupy", "xp")
            and public_data_function(q)
        ):
            name = node.args[0].id
            if name not in facts.namespaces and name not in facts.models:
                facts.arrays.add(name)
        for kw in node.keywords:
            if kw.arg == "out":
                _note_mutation(kw.value, facts)
        if (
            q is not None
            and q.split(".")[-1]
            in ("copyto", "shuffle", "put", "place", "fill_diagonal", "put_along_axis", "putmask")
            and node.args
        ):
            _note_mutation(node.args[0], facts)
        if q is not None and q.endswith(".at") and node.args:  # np.add.at(x, idx, v)
            _note_mutation(node.args[0], facts)
    if isinstance(node.func, ast.Attribute):
        attr = node.func.attr
        if (attr.endswith("_") and not attr.endswith("__")) or attr in MUTATING_METHODS:
            _note_mutation(node.func.value, facts)
        if attr == "shuffle" and node.args:  # rng.shuffle(x)
            _note_mutation(node.args[0], facts)


def _note_mutation(target: ast.AST, facts: Facts, augmented: bool = False) -> None:
    while isinstance(target, ast.Subscript):
        target = target.value
    if isinstance(target, ast.Attribute) and target.attr in ("flat", "real", "imag", "data", "T"):
        target = target.value  # A.flat[::n + 1] = 0, z.real[:] = ...: writes into A, z
    q = qualname(target, {})
    if q is not None:
        facts.mutated.add(q)


def self_array_attributes(
    tree: ast.Module, namespaces: dict[str, str], nodes: list[ast.AST] | None = None
) -> frozenset[str]:
    """Attribute chains (``self.w``) bound to the result of an array-library call anywhere."""
    probe = Facts(namespaces=namespaces)
    found: set[str] = set()
    for node in nodes if nodes is not None else walk_tree(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            for t in node.targets:
                if isinstance(t, ast.Attribute) and probe._call_is_array(node.value):
                    q = qualname(t, {})
                    if q is not None:
                        found.add(q)
    return frozenset(found)
