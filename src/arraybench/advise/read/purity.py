"""Which calls and functions give the same result for the same inputs: the library calls worth
computing once (COSTLY_CALLS) and those that are pure (PURE_CALLS), the file's own functions
that depend on their arguments only (:func:`pure_functions`), and whether an object's attribute
may change between two lines (:func:`attribute_changed`). AB411 (loop-invariant work), AB108 and
AB203 read them."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from .libraries import NEW_VALUE_METHODS
from .pure_calls import COSTLY_CALLS, MODULE_ROOTS, PURE_BUILTINS, PURE_CALLS
from .source import SourceFile, read_source
from .syntax import call_name, walk_tree

__all__ = [
    # (the call sets, read/pure_calls.py's, importable from here as the rules read them)
    "COSTLY_CALLS",
    "IMPURE_LIBRARY",
    "INIT_METHODS",
    "LOCAL_FILLS",
    "LOCAL_WRITES",
    "MODULE_ROOTS",
    "PURE_BUILTINS",
    "PURE_CALLS",
    "attribute_changed",
    "frozen_classes",
    "imported_pure",
    "keeps_object",
    "made_repeatedly",
    "module_names",
    "pure_functions",
    "pure_getters",
    "set_after_init",
]


def pure_functions(sf: SourceFile) -> frozenset[str]:
    """The file's module-level functions whose result depends on their arguments only: they
    call builtins, NumPy/torch/math functions that give the same result for the same inputs
    and each other, store nothing outside their own names, and read no global but a constant
    assigned once at the top of the file (``quant_table(quality)`` of a constant QTABLE)."""
    if sf.tree is None:
        return frozenset()
    return _file_pure(sf.tree)


@lru_cache(maxsize=64)
def _file_pure(tree: ast.Module) -> frozenset[str]:
    """:func:`pure_functions` of a file's tree."""
    top: dict[str, int] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for t in targets:
                for name in (n.id for n in ast.walk(t) if isinstance(n, ast.Name)):
                    top[name] = top.get(name, 0) + 1
    stored_in_functions = {
        x for g in walk_tree(tree) if isinstance(g, ast.Global | ast.Nonlocal) for x in g.names
    }
    constants = {n for n, k in top.items() if k == 1 and n not in stored_in_functions}
    fns = {
        fn.name: fn for fn in tree.body if isinstance(fn, ast.FunctionDef) and not fn.decorator_list
    }
    modules = _modules(tree)
    # names taken from NumPy or math by name (``from numpy import ones, cos, pi``): the pure
    # functions among them called as such, the rest read as constants (``pi``)
    library = _library_names(tree)
    constants |= set(library)
    pure = set(fns)
    changed = True
    while changed:
        changed = False
        for name in sorted(pure):
            if not _pure(fns[name], pure | _pure_library(library), constants, modules):
                pure.discard(name)
                changed = True
    return frozenset(pure)


def _library_names(tree: ast.Module) -> dict[str, str]:
    """The names a module imports from NumPy or math by name, each with its original name."""
    out: dict[str, str] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and (stmt.module or "").split(".")[0] in (
            "numpy",
            "math",
            "pylab",
        ):
            for a in stmt.names:
                if a.name != "*":
                    out[a.asname or a.name] = a.name
    return out


def _pure_library(library: dict[str, str]) -> set[str]:
    return {n for n, orig in library.items() if orig in PURE_CALLS or _math_function(orig)}


def imported_pure(sf: SourceFile) -> frozenset[str]:
    """The functions the file imports by name from a module of its own folder (``from
    gaussxw import gaussxw``: the user's module beside it) that are pure there."""
    if sf.tree is None:
        return frozenset()
    here = Path(sf.path).parent
    out = set()
    for stmt in sf.tree.body:
        if not isinstance(stmt, ast.ImportFrom) or stmt.level or not stmt.module:
            continue
        path = here.joinpath(*stmt.module.split(".")).with_suffix(".py")
        if not path.is_file():
            continue
        theirs = pure_functions(read_source(str(path)))
        out |= {a.asname or a.name for a in stmt.names if a.name in theirs}
    return frozenset(out)


def pure_getters(sf: SourceFile, methods_too: bool = False) -> frozenset[str]:
    """The file's properties whose getter calls only what a pure function may (its object's
    attributes read like constants) and whose class no method but ``__init__`` changes an
    attribute of (a filter's ``kernel`` designed from ``self.taps``, ``self.low``...). With
    ``methods_too``, the methods of ``self`` alone that are such getters, called
    (``self.operator()`` building a matrix from ``self.column``'s attributes)."""
    if sf.tree is None:
        return frozenset()
    return _pure_getters(sf.tree, methods_too)


@lru_cache(maxsize=64)
def _pure_getters(tree: ast.Module, methods_too: bool) -> frozenset[str]:
    """:func:`pure_getters` of a file's tree (read for every statement of AB411: once a tree)."""
    from .calls import properties

    props = properties(tree)
    names = set(props)
    if methods_too:
        names |= {
            f.name
            for c in walk_tree(tree)
            if isinstance(c, ast.ClassDef)
            for f in c.body
            if isinstance(f, ast.FunctionDef)
            and [p.arg for p in f.args.args] == ["self"]
            and not f.args.vararg
            and not f.args.kwarg
            and not f.decorator_list
            and not f.name.startswith("__")
        }
    constants = {
        n.id
        for stmt in tree.body
        if isinstance(stmt, ast.Assign | ast.ImportFrom | ast.Import)
        for n in (ast.walk(stmt.targets[0]) if isinstance(stmt, ast.Assign) else iter(()))
        if isinstance(n, ast.Name)
    } | set(_library_names(tree))
    modules = _modules(tree)
    # (and the file's pure functions: ``return voxel_downsample(self.points, self.voxel)``,
    # blind65's lidar map)
    library = _pure_library(_library_names(tree)) | _file_pure(tree)
    out = set()
    getters: dict[str, list[ast.FunctionDef]] = {}
    for c in walk_tree(tree):
        for f in c.body if isinstance(c, ast.ClassDef) else []:
            if isinstance(f, ast.FunctionDef) and f.name in props:
                getters.setdefault(f.name, []).append(f)
    for cls in walk_tree(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        methods = [m for m in cls.body if isinstance(m, ast.FunctionDef)]
        for g in methods:
            if g.name not in names or not _pure(g, library, constants, modules):
                continue
            # the attributes it reads (and theirs: ``self.cfg.dt``), changed by no method
            # but ``__init__`` (not a module's: ``linalg`` of ``np.linalg.inv``, blind134's
            # snowpack operator)
            attrs = _read_through(g, getters, modules)
            if any(
                _changed_in(tree, attr, m.lineno, m.end_lineno or m.lineno)
                for m in methods
                if m.name not in ("__init__", "__post_init__") and m.name not in names
                for attr in attrs
            ):
                continue
            # (a method, not a property: what it reads changed from outside the class, by a
            # loop's ``solver.column.dt = ...``, is a change its callers' checks do not see)
            if g.name not in props and any(
                _changed_in(tree, attr, st.lineno, st.end_lineno or st.lineno)
                for st in tree.body
                if not isinstance(st, ast.ClassDef)
                for attr in attrs
            ):
                continue
            out.add(g.name)
    return frozenset(out)


def frozen_classes(sf: SourceFile) -> frozenset[str]:
    """The file's classes whose objects, once made, give the same result for the same arguments
    when called (a kernel, a loss, a transform object): ``__call__`` calls only what a pure
    function may (its object's attributes read like constants), and no method but
    ``__init__`` stores or changes an attribute of the object (``self.n += 1``,
    ``self.cache.append(...)``)."""
    if sf.tree is None:
        return frozenset()
    return _frozen_classes(sf.tree)


def module_names(tree: ast.Module) -> set[str]:
    """The names the module's top-level assignments bind (read like constants by a method)."""
    return {
        n.id
        for stmt in tree.body
        if isinstance(stmt, ast.Assign)
        for t in stmt.targets
        for n in ast.walk(t)
        if isinstance(n, ast.Name)
    }


@lru_cache(maxsize=64)
def _frozen_classes(tree: ast.Module) -> frozenset[str]:
    """:func:`frozen_classes` of a file's tree."""
    out = set()
    constants = module_names(tree)
    modules = _modules(tree)
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef) or cls.bases:
            continue
        methods = [m for m in cls.body if isinstance(m, ast.FunctionDef)]
        call = next((m for m in methods if m.name == "__call__"), None)
        if call is None or call.decorator_list or not _pure(call, set(), constants, modules):
            continue
        attrs = {
            n.attr
            for n in ast.walk(cls)
            if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id == "self"
        }
        if any(
            _changed_in(tree, attr, m.lineno, m.end_lineno or m.lineno)
            for m in methods
            if m.name not in INIT_METHODS
            for attr in attrs
        ):
            continue
        out.add(cls.name)
    return frozenset(out)


def _pure(fn: ast.FunctionDef, pure: set[str], constants: set[str], modules: set[str]) -> bool:
    params = {a.arg for a in ast.walk(fn.args) if isinstance(a, ast.arg)}
    local = params | {
        n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }
    # (its body: a getter's ``@property`` is no name it reads)
    body = [n for stmt in fn.body for n in ast.walk(stmt)]
    for n in body:
        if isinstance(n, ast.Global | ast.Nonlocal | ast.Yield | ast.YieldFrom | ast.Await):
            return False
        if isinstance(n, ast.Call):
            f = n.func
            if isinstance(f, ast.Name):
                if f.id not in PURE_BUILTINS and f.id not in pure:
                    return False
            elif isinstance(f, ast.Attribute):
                # a library's pure function (``np.linalg.inv``), or a pure method of a value
                # (``(sp.kron(eye, t) / h**2).tocsr()``, ``x.sum()``): its receiver is read
                # like any other input
                # (or a list or set the function makes, filled: ``bank.append(row)``)
                made_here = (
                    isinstance(f.value, ast.Name)
                    and f.value.id in local - params
                    and f.attr in LOCAL_FILLS
                )
                # (or an in-place method of a value a call has just made, ``torch.zeros(n,
                # 3).index_add_(0, inv, points)``: nothing else holds it)
                fresh = isinstance(f.value, ast.Call) and f.attr.endswith("_")
                # (or a library's write into an array the function made itself:
                # ``np.fill_diagonal(k, 0.0)``, blind108's dispersal kernel)
                first = n.args[0] if n.args else None
                written_here = (
                    f.attr in LOCAL_WRITES
                    and isinstance(f.value, ast.Name)
                    and f.value.id in modules
                    and isinstance(first, ast.Name)
                    and first.id in local - params
                    and _made_fresh(fn, first.id)
                )
                if (
                    f.attr not in PURE_CALLS
                    and not _math_function(f.attr)
                    and not made_here
                    and not fresh
                    and not written_here
                    and not _library_function(f, modules)
                ):
                    return False
            else:
                return False
            if any(k.arg == "out" for k in n.keywords):
                return False  # (it writes into an array it is given)
        elif isinstance(n, ast.Attribute | ast.Subscript) and isinstance(n.ctx, ast.Store):
            base = n.value
            while isinstance(base, ast.Attribute | ast.Subscript):
                base = base.value
            if not (isinstance(base, ast.Name) and base.id in local):
                return False
        elif (
            isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Load)
            and not {n.id} & (local | constants | modules | pure | PURE_BUILTINS)
        ):
            return False
    return True


#: Methods that fill a list, set or dict in place: pure on one the function makes itself.
LOCAL_FILLS = frozenset({"append", "extend", "insert", "add", "update"})


#: Functions of the array libraries whose result is not a function of their arguments (draws,
#: files, uninitialised memory) or that change state.
IMPURE_LIBRARY = frozenset(
    {
        "rand", "randn", "randint", "random", "random_sample", "normal", "uniform", "choice",
        "shuffle", "permutation", "randperm", "rand_like", "randn_like", "randint_like",
        "bernoulli", "multinomial", "poisson", "exponential", "gamma", "beta", "binomial",
        "dirichlet", "standard_normal", "seed", "manual_seed", "default_rng", "Generator",
        "save", "savez", "savetxt", "load", "loadtxt", "fromfile", "tofile", "empty",
        "empty_like", "set_printoptions", "set_default_dtype", "set_grad_enabled", "copyto",
        "put", "place", "putmask", "fill_diagonal", "put_along_axis",
    }
)  # fmt: skip


def _read_through(
    g: ast.FunctionDef, getters: dict[str, list[ast.FunctionDef]], modules: set[str]
) -> set[str]:
    """The attributes a function reads (not a module's: ``linalg`` of ``np.linalg.inv``,
    blind134's snowpack operator), and those the getters of the file's properties it reads
    read in turn (``f.load`` of each frame, ``sum(self.fill)``, the fill a frame's ``spin``
    changes: blind137's honey extractor)."""
    out: set[str] = set()
    todo = [g]
    done: set[int] = set()
    while todo:
        fn = todo.pop()
        if id(fn) in done:
            continue
        done.add(id(fn))
        for a in ast.walk(fn):
            if (
                isinstance(a, ast.Attribute)
                and isinstance(a.ctx, ast.Load)
                and _root(a) not in modules
            ):
                out.add(a.attr)
                todo.extend(getters.get(a.attr, []))
    return out


def _root(n: ast.expr) -> str:
    """``np`` of ``np.linalg.inv``, ``self`` of ``self.cfg.dt``: the name an expression's
    attributes and items are read from ("" where it is none)."""
    while isinstance(n, ast.Attribute | ast.Subscript | ast.Call):
        n = n.func if isinstance(n, ast.Call) else n.value
    return n.id if isinstance(n, ast.Name) else ""


def _made_fresh(fn: ast.FunctionDef, name: str) -> bool:
    """Whether every assignment of ``name`` in the function makes a new value (a call or
    arithmetic), not another name for one it was given (``k = weights``)."""
    return all(
        not isinstance(n.value, ast.Name | ast.Attribute | ast.Subscript)
        for n in ast.walk(fn)
        if isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
    )


#: The library functions that write into the array given first (pure where the function made
#: that array itself).
LOCAL_WRITES = frozenset({"copyto", "put", "place", "putmask", "fill_diagonal", "put_along_axis"})


def _library_function(f: ast.Attribute, modules: set[str]) -> bool:
    """A function an array library's module holds, called through it (``np.diff``,
    ``torch.unique``, ``scipy.linalg.toeplitz``), not a draw, a file's read or a write
    (IMPURE_LIBRARY, ``np.random.*``): the same result for the same arguments."""
    if f.attr in IMPURE_LIBRARY or f.attr.endswith("_"):
        return False
    chain: list[str] = []
    v: ast.expr = f.value
    while isinstance(v, ast.Attribute):
        chain.append(v.attr)
        v = v.value
    held = set(chain)
    if "nn" in held and "functional" not in held:
        return False  # (a layer made: its weights are drawn)
    return (
        isinstance(v, ast.Name)
        and v.id in modules
        and not {"random", "distributions", "cuda", "backends", "optim"} & held
    )


def _modules(tree: ast.Module) -> set[str]:
    """The names a module's libraries are called through: MODULE_ROOTS, math, and the file's
    own aliases of NumPy, SciPy, torch and JAX modules (``import scipy.sparse as sp``)."""
    out = set(MODULE_ROOTS) | {"math"}
    for stmt in tree.body:
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                if a.name.split(".")[0] in ("numpy", "scipy", "torch", "jax", "math"):
                    out.add(a.asname or a.name.split(".")[0])
    return out


def _math_function(name: str) -> bool:
    """math's and NumPy's elementwise functions of numbers (``math.cos``, ``np.floor``)."""
    return name in {
        "cos",
        "sin",
        "tan",
        "floor",
        "ceil",
        "pi",
        "e",
        "log2",
        "log10",
        "hypot",
        "radians",
        "degrees",
        "arctan2",
        "atan2",
        "arange",
        "linspace",
        "float32",
        "float64",
        "int64",
    }


def attribute_changed(
    sf: SourceFile, attr: str, first: int, last: int, keeps: frozenset[str] = frozenset()
) -> bool:
    """Whether an object's attribute ``attr`` (``self.A``, ``s.A``) may change between those
    lines: assigned or written into (``self.A = ...``, ``s.A[i] += 1``), or a method called on
    it that ``keeps`` does not name (``self.buf.append(x)``, ``self.W.add_(g)``); there or in a
    method of the file's classes those lines call (``s.update()`` that writes ``self.A``)."""
    if sf.tree is None:
        return True
    return _changed_in(sf.tree, attr, first, last, keeps)


def set_after_init(sf: SourceFile, attr: str) -> bool:
    """Whether an object's attribute may be set or changed anywhere but in ``__init__``: in
    another method (``self.Y = ...`` in ``fit``, ``self.Y[i] = ...`` in its loop) or by the
    module's own code. A value made from it cannot then be made once "where it is set"."""
    if sf.tree is None:
        return True
    return _set_after_init(sf.tree, attr)


#: The methods that make an object: what they set is its state from its construction on.
INIT_METHODS = frozenset({"__init__", "__post_init__"})


@lru_cache(maxsize=4096)
def _set_after_init(tree: ast.Module, attr: str) -> bool:
    for node in walk_tree(tree):
        if (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            # (a dataclass's ``__post_init__`` is its construction too: blind99's soil column,
            # ``self.system`` made there and solved per day)
            and node.name not in INIT_METHODS
            and _changed_in(tree, attr, node.lineno, node.end_lineno or node.lineno, frozenset())
        ):
            return True
    return any(
        not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and _changed_in(tree, attr, node.lineno, node.end_lineno or node.lineno, frozenset())
        for node in tree.body
    )


def _assigned(node: ast.Assign | ast.AugAssign | ast.AnnAssign) -> list[ast.expr]:
    """An assignment's targets, each of a tuple unpacked on its own (``self.u_prev, self.u =
    self.u, u_new``)."""
    targets: list[ast.expr] = list(node.targets) if isinstance(node, ast.Assign) else [node.target]
    while any(isinstance(t, ast.Tuple | ast.List | ast.Starred) for t in targets):
        targets = [
            e
            for t in targets
            for e in (
                t.elts
                if isinstance(t, ast.Tuple | ast.List)
                else [t.value]
                if isinstance(t, ast.Starred)
                else [t]
            )
        ]
    return targets


@lru_cache(maxsize=4096)
def keeps_object(tree: ast.Module, method: str) -> bool:
    """Whether the file's classes define ``method`` and none of those definitions assigns,
    writes into or calls a method on an attribute of its object (nor another method of it)."""
    defs = [
        fn
        for cls in walk_tree(tree)
        if isinstance(cls, ast.ClassDef)
        for fn in cls.body
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and fn.name == method
    ]
    return bool(defs) and not any(_mutates_self(fn, PURE_CALLS) for fn in defs)


def _mutates_self(fn: ast.stmt, keeps: frozenset[str]) -> bool:
    """Whether a method assigns or writes into an attribute of its first parameter, or calls a
    method on one that ``keeps`` does not name (``np.add.at(out, ...)`` on a local is none)."""
    if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) or not fn.args.args:
        return True
    me = fn.args.args[0].arg
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            for t in _assigned(node):
                root = t
                while isinstance(root, ast.Subscript | ast.Attribute):
                    root = root.value
                if isinstance(t, ast.Subscript | ast.Attribute) and (
                    isinstance(root, ast.Name) and root.id == me
                ):
                    return True
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            on = node.func.value
            if (
                isinstance(on, ast.Attribute)
                and isinstance(on.value, ast.Name)
                and on.value.id == me
                and node.func.attr not in keeps
                and node.func.attr not in NEW_VALUE_METHODS
            ):
                return True
            if isinstance(on, ast.Name) and on.id == me:
                return True  # (another method of its own: may change it)
        if isinstance(node, ast.Call) and any(
            # (its attributes handed to a call that writes them: ``np.add.at(self.acc, ..)``)
            isinstance(w, ast.Attribute) and isinstance(w.value, ast.Name) and w.value.id == me
            for w in written_by(node)
        ):
            return True
    return False


#: Library functions that write into their first argument (``np.add.at(a, idx, v)``, a ufunc's
#: ``at``; ``np.copyto(a, b)``, ``rng.shuffle(a)``).
WRITES_FIRST = LOCAL_WRITES | {"at", "shuffle"}


def written_by(call: ast.Call) -> list[ast.expr]:
    """What a call writes into in place (its parts taken whole: ``a`` of ``a[i]``): the first
    argument of a WRITES_FIRST function, and an ``out=`` argument."""
    given = [k.value for k in call.keywords if k.arg == "out"]
    if call.args and call_name(call) in WRITES_FIRST:
        given.append(call.args[0])
    out = []
    for w in given:
        whole = w
        while isinstance(whole, ast.Subscript):
            whole = whole.value
        out.append(whole)
    return out


@lru_cache(maxsize=4096)
def _changed_in(
    tree: ast.Module, attr: str, first: int, last: int, keeps: frozenset[str] = frozenset()
) -> bool:
    """:func:`attribute_changed` in a file's tree (once for each question: the rules ask the
    same of every statement of a loop)."""
    methods: dict[str, list[ast.stmt]] = {}
    for cls in walk_tree(tree):
        if isinstance(cls, ast.ClassDef):
            for fn in cls.body:
                if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    methods.setdefault(fn.name, []).append(fn)
    todo: list[ast.AST] = [n for n in walk_tree(tree) if first <= getattr(n, "lineno", 0) <= last]
    done: set[str] = set()
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            for t in _assigned(node):
                base = t
                while isinstance(base, ast.Subscript):
                    base = base.value
                if isinstance(base, ast.Attribute) and base.attr == attr:
                    return True
        elif isinstance(node, ast.Call) and any(
            # (written into by a library call: ``np.add.at(self.wear, idx, 2e-6)`` in the
            # method a loop calls, blind149's curling sheet, told "compute once in __init__")
            isinstance(w, ast.Attribute) and w.attr == attr
            for w in written_by(node)
        ):
            return True
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            on = node.func.value
            if (
                isinstance(on, ast.Attribute)
                and on.attr == attr
                and node.func.attr not in keeps
                # (a library method that makes a new value of it, ``self.k.to(device)``:
                # blind120's ski-lift rope, its stiffness taken as changed at every step)
                and node.func.attr not in NEW_VALUE_METHODS
                # (a method of the file's classes that changes nothing of its object's:
                # ``self.net.forces(x)`` reading the network's arrays, blind46's Langevin)
                and not (
                    node.func.attr in methods
                    and not any(_mutates_self(fn, keeps) for fn in methods[node.func.attr])
                )
            ):
                return True
            if node.func.attr in methods and node.func.attr not in done:
                done.add(node.func.attr)
                for fn in methods[node.func.attr]:
                    todo.extend(ast.walk(fn))
    return False


@lru_cache(maxsize=256)
def made_repeatedly(tree: ast.Module, cls: str) -> bool:
    """Whether the file makes objects of class ``cls`` in a lambda, a loop's body or a
    comprehension: a new object at each call or step."""
    for scope in walk_tree(tree):
        if isinstance(scope, ast.For | ast.While):
            parts: list[ast.AST] = list(scope.body)
        elif isinstance(scope, ast.Lambda | ast.ListComp | ast.GeneratorExp | ast.DictComp):
            parts = [scope]
        else:
            continue
        for part in parts:
            if any(
                isinstance(c, ast.Call) and call_name(c) == cls and isinstance(c.func, ast.Name)
                for c in ast.walk(part)
            ):
                return True
    return False
