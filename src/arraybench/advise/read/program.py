"""Facts that cross function boundaries: call sites, ``self`` attributes, return values, files.

A single function rarely shows both ends of a slow pattern: the float64 array is made in
``__main__`` and converted in ``Dataset.__getitem__``; the benchmark helper times a ``fn``
parameter that its callers fill with ``torch.matmul``. So, before the rules run, each file is
analysed as a whole:

    scopes      the module, its functions, the methods of its classes (keys ``f``, ``C.m``)
    rounds      facts of every scope in order (bind.scope_facts), then, from each scope:
                  call sites      what the arguments are (array, host/device, float64, model,
                                  GPU work) flows into the callee's parameters
                                  (``C(...)`` -> ``C.__init__``, ``self.m(...)``, ``obj(...)``
                                  -> ``C.forward`` for an instance of a class of the file)
                  self.x = ...    what a method stores flows into every method of the class
                  return ...      what a function returns flows to its callers (``a, b = f()``
                                  element by element)
                until a round learns nothing new (at most MAX_ROUNDS)
    files       with a folder, the same facts flow between files through imports
                (``from .data import load``): a first pass records what each file's functions
                return and what its calls pass to functions of other files; the files that
                gain something are analysed again with it (one exchange, not a fixed point)

Flow-insensitive, like the rest: a parameter is an array if any call passes one. Nothing is
executed; each round is one more walk of the file, and most files need one or two.

It also says what holds for the whole file, from one pass over its nodes (:class:`FileFlags`:
where its data lives, whether it trains with torch, the functions it defines).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bind import module_namespaces, scope_facts, self_array_attributes, tuple_kinds
from .facts import Facts
from .kinds import ARRAY, FLOAT64, GPU_FN, HOST, LOADER, MODEL, Function, Program
from .syntax import qualname, target_names, walk_scope, walk_tree

#: Rounds over a file before its facts are taken as they are (each round lets a fact cross one
#: more call); two suffice for almost every file, the third catches chains of helpers.
MAX_ROUNDS = 3


@dataclass
class Scope:
    node: ast.Module | ast.FunctionDef | ast.AsyncFunctionDef
    parent: int | None  # index of the enclosing scope in the list
    key: str | None
    cls: str | None
    nodes: list[ast.AST] = field(default_factory=list)  # walk_scope of its body, kept


@dataclass
class Analysis:
    """The program facts of a file and the facts of each of its scopes (by ``id(node)``)."""

    program: Program
    facts: dict[int, Facts] = field(default_factory=dict)
    nodes: dict[int, list[ast.AST]] = field(default_factory=dict)
    namespaces: dict[str, str] = field(default_factory=dict)
    self_arrays: frozenset[str] = frozenset()
    every: list[ast.AST] = field(default_factory=list)  # ast.walk of the file, kept
    #: in a folder: what each module-level function knew of its parameters
    param_kinds: dict[str, dict[str, int]] = field(default_factory=dict)

    def fingerprint(self) -> int:
        """A hash of every scope's facts: equal fingerprints, equal findings."""
        parts: list[object] = [
            (
                frozenset(f.arrays),
                frozenset(f.strong),
                frozenset(f.float64),
                frozenset(f.explicit64),
                frozenset(f.host),
                frozenset(f.device),
                frozenset(f.tensors),
                frozenset(f.models),
                frozenset(f.gpu_fns),
                frozenset(f.loaders),
                frozenset(f.large),
                frozenset(f.frames),
                frozenset(f.instances.items()),
            )
            for f in self.facts.values()
        ]
        prog = self.program
        parts.append(frozenset(prog.returns.items()))
        parts.append(frozenset(prog.return_elts.items()))
        parts.append(frozenset((k, prog.imported.get(k)) for k in prog.askers))
        return hash(tuple(parts))


def scopes_of(tree: ast.Module, program: Program) -> list[Scope]:
    """Every scope of a file, parents before children; registers functions and classes."""
    out = [Scope(tree, None, None, None)]

    def visit(
        body: list[ast.stmt], parent: int, cls: str | None, top: bool, own: bool = True
    ) -> None:
        nodes = list(walk_scope(body))
        if own:
            out[parent].nodes = nodes
        for node in nodes:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                key = node.name if top and cls is None else None
                out.append(Scope(node, parent, key, cls))
                if key is not None:
                    program.functions.setdefault(key, Function(node, None, False))
                visit(node.body, len(out) - 1, cls, False)
            elif isinstance(node, ast.ClassDef):
                if top and cls is None:
                    program.classes.setdefault(
                        node.name, [q for b in node.bases if (q := qualname(b, {})) is not None]
                    )
                for stmt in node.body:
                    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                        key = f"{node.name}.{stmt.name}" if top and cls is None else None
                        static = any(
                            isinstance(d, ast.Name) and d.id == "staticmethod"
                            for d in stmt.decorator_list
                        )
                        out.append(Scope(stmt, parent, key, node.name))
                        if key is not None:
                            program.functions.setdefault(key, Function(stmt, node.name, not static))
                        visit(stmt.body, len(out) - 1, node.name, False)
                    else:
                        visit([stmt], parent, node.name, False, own=False)

    visit(tree.body, 0, None, True)
    return out


def analyse(
    tree: ast.Module,
    module: str | None = None,
    imported: dict[str, tuple[int, tuple[int, ...]]] | None = None,
    incoming: dict[str, dict[str, int]] | None = None,
) -> Analysis:
    """The facts of every scope of a file, with what crosses its function boundaries.

    Args:
        tree: the parsed file.
        module: its dotted module name, when it is part of a folder (for relative imports).
        imported: what the functions of other files return, by qualified name.
        incoming: what calls in other files pass to this file's functions, by key and by
            parameter position (``"0"``) or name.
    """
    every = list(walk_tree(tree))
    namespaces = module_namespaces(tree, module, every)
    program = Program(module=module, imported=dict(imported or {}))
    scopes = scopes_of(tree, program)
    for sc in scopes:
        if sc.key is not None and any(
            isinstance(n, ast.Call)
            and (q := qualname(n.func, namespaces)) is not None
            and q.split(".", 1)[0] in ("torch", "jax")
            for n in sc.nodes
        ):
            program.gpu_work.add(sc.key)  # passed around, calling it is GPU work
    for key, by_param in (incoming or {}).items():
        fn = program.functions.get(key)
        if fn is None:
            continue
        for p, kinds in by_param.items():
            name = fn.parameter_for(int(p)) if p.isdigit() else p
            if name is not None:
                program.add(program.params, key, name, kinds)
    analysis = Analysis(program, namespaces=namespaces, every=every)
    analysis.self_arrays = self_array_attributes(tree, namespaces, every)
    for sc in scopes:
        analysis.nodes[id(sc.node)] = sc.nodes
    todo = set(range(len(scopes)))
    for _ in range(MAX_ROUNDS):
        program.stale.clear()
        program.late.clear()
        program.done_now.clear()
        program.pending.clear()
        for i in todo:
            for k in (scopes[i].key, scopes[i].cls):
                if k is not None:
                    program.pending[k] = program.pending.get(k, 0) + 1
        redone: set[int] = set()
        for i, sc in enumerate(scopes):
            if i not in todo and (sc.parent is None or sc.parent not in redone):
                continue
            program.current = i
            if sc.parent is None:
                parent = Facts(namespaces=namespaces, program=program)
                facts = scope_facts(tree.body, parent, None, analysis.self_arrays, nodes=sc.nodes)
            else:
                node = sc.node
                assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                parent = analysis.facts[id(scopes[sc.parent].node)]
                facts = scope_facts(
                    node.body,
                    parent,
                    node.args,
                    analysis.self_arrays,
                    sc.key,
                    sc.cls,
                    nodes=sc.nodes,
                )
            analysis.facts[id(sc.node)] = facts
            redone.add(i)
            for k in (sc.key, sc.cls):
                if k is not None:
                    program.done.add(k)
                    program.done_now.add(k)
                    if i in todo:
                        program.pending[k] -= 1
            _collect(sc, facts, program)
        # Another round for the scopes that took their facts before a fact about them came.
        todo = program.late | {
            i for i, sc in enumerate(scopes) if sc.key in program.stale or sc.cls in program.stale
        }
        if not todo:
            break
    for sc in scopes:
        if sc.key is not None and sc.cls is None and module is not None:
            facts = analysis.facts[id(sc.node)]
            node = sc.node
            assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            analysis.param_kinds[sc.key] = {
                a.arg: facts.kinds(ast.Name(id=a.arg, ctx=ast.Load()))
                for a in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
            }
    return analysis


def _collect(sc: Scope, facts: Facts, program: Program) -> None:
    """What this scope tells other scopes: arguments, ``self.x`` stores, return values."""
    in_method = facts.cls is not None and sc.parent is not None
    returns = 0
    elts: list[int] | None = None
    any_return = False
    for node in sc.nodes:
        if isinstance(node, ast.Call):
            _call_site(node, facts, program)
        elif in_method and isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                _store(t, node.value, facts, program)
        elif isinstance(node, ast.Return) and sc.key is not None and node.value is not None:
            any_return = True
            v = node.value
            if isinstance(v, ast.Tuple):
                ks = [facts.kinds(e) for e in v.elts]
                if elts is None:
                    elts = ks
                elif len(elts) == len(ks):
                    elts = [a | b for a, b in zip(elts, ks, strict=True)]
                else:
                    elts = []
            else:
                returns |= facts.kinds(v)
    if sc.key is None or not any_return:
        return
    key = sc.key
    askers = program.askers.get(key, set())  # scopes that already asked what it returns
    if returns | program.returns.get(key, 0) != program.returns.get(key, 0):
        program.returns[key] = program.returns.get(key, 0) | returns
        program.late |= askers
    if elts:
        old = program.return_elts.get(key)
        new = (
            tuple(elts)
            if old is None or len(old) != len(elts)
            else tuple(a | b for a, b in zip(old, elts, strict=True))
        )
        if new != old:
            program.return_elts[key] = new
            program.late |= askers


def _store(target: ast.AST, value: ast.AST, facts: Facts, program: Program) -> None:
    """``self.x = value`` (or ``self.a, self.b = ...``) in a method of class ``facts.cls``."""
    cls = facts.cls
    if cls is None:
        return
    if isinstance(target, ast.Attribute):
        q = qualname(target, {})
        if q is not None and q.startswith("self.") and q.count(".") == 1:
            program.add(program.attrs, cls, q, facts.kinds(value))
        return
    if not isinstance(target, ast.Tuple | ast.List):
        return
    if isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(target.elts):
        for t, v in zip(target.elts, value.elts, strict=True):
            _store(t, v, facts, program)
    elif isinstance(value, ast.Call):
        ks = tuple_kinds(value, len(target.elts), facts)
        if ks is not None:
            for t, k in zip(target.elts, ks, strict=True):
                for name in target_names(t):
                    if name.startswith("self.") and name.count(".") == 1:
                        program.add(program.attrs, cls, name, k)


def _call_site(node: ast.Call, facts: Facts, program: Program) -> None:
    found = facts.callee(node)
    if found is None:
        return
    key, fn = found
    if fn is None:
        program.external.add(key)
        program.assumed[key] = program.assumed.get(key, 0) | facts.kinds(node)
    table = program.outgoing if fn is None else program.params
    for k, a in enumerate(node.args):
        if isinstance(a, ast.Starred):
            break
        name = str(k) if fn is None else fn.parameter_for(k)
        if name is not None:
            program.add(table, key, name, facts.kinds(a))
    for kw in node.keywords:
        if kw.arg is not None:
            program.add(table, key, kw.arg, facts.kinds(kw.value))


def exports(analysis: Analysis) -> dict[str, tuple[int, tuple[int, ...]]]:
    """What the module-level functions of an analysed file return, by qualified name."""
    prog = analysis.program
    if prog.module is None:
        return {}
    out: dict[str, tuple[int, tuple[int, ...]]] = {}
    for key, fn in prog.functions.items():
        if fn.cls is not None:
            continue
        ret, elts = prog.returns.get(key, 0), prog.return_elts.get(key, ())
        if ret & (ARRAY | FLOAT64 | GPU_FN) or any(elts):
            out[f"{prog.module}.{key}"] = (ret, elts)
    return out


def module_name(path: Path) -> str:
    """The dotted name a file is imported by: its path from the top of its package
    (the highest folder up with an ``__init__.py``), ``pkg/sub/mod.py`` -> ``pkg.sub.mod``."""
    path = path.resolve()
    parts = [] if path.name == "__init__.py" else [path.stem]
    d = path.parent
    while (d / "__init__.py").is_file() and d.parent != d:
        parts.append(d.name)
        d = d.parent
    return ".".join(reversed(parts)) or path.stem


# -- the files of a folder ------------------------------------------------------------------

#: Passes over a folder after the first: each carries facts across one more import.
FOLDER_PASSES = 2

#: What a file must learn from the others to be analysed again: array-ness, NumPy-ness,
#: float64, models and loaders change findings; "a tensor rather than an array" seldom does.
DECISIVE = ARRAY | HOST | FLOAT64 | MODEL | LOADER

_Sig = tuple[frozenset[tuple[str, Any]], frozenset[tuple[str, Any]]]


@dataclass
class _FileFacts:
    module: str
    assumed: dict[str, int]  # imported function -> what its calls were taken to return
    known: dict[str, dict[str, int]]  # own function -> parameter -> what it knew of it
    positional: dict[str, list[str]]  # own function -> its positional parameters
    sig: _Sig = (frozenset(), frozenset())  # the cross-file facts it was last analysed with


class Folder:
    """What the files of a folder tell each other (see the module docstring): each pass records
    each file's exports and calls; ``to_redo`` names the files that would now learn something
    they did not know (an imported function returns more than its calls were taken to, a
    caller in another file passes more than a parameter was known to hold)."""

    def __init__(self) -> None:
        self.exported: dict[str, tuple[int, tuple[int, ...]]] = {}
        self.calls: dict[str, dict[str, int]] = {}
        self.files: dict[Path, _FileFacts] = {}
        self.fingerprints: dict[Path, int] = {}

    def add(self, path: Path, module: str, analysis: Analysis) -> None:
        prog = analysis.program
        self.exported.update(exports(analysis))
        for callee, by_param in prog.outgoing.items():
            row = self.calls.setdefault(callee, {})
            for p, kinds in by_param.items():
                row[p] = row.get(p, 0) | kinds
        positional = {
            f"{module}.{k}": [a.arg for a in [*fn.node.args.posonlyargs, *fn.node.args.args]]
            for k, fn in prog.functions.items()
            if fn.cls is None
        }
        known = {f"{module}.{k}": v for k, v in analysis.param_kinds.items()}
        self.fingerprints[path] = analysis.fingerprint()
        old = self.files.get(path)
        sig: _Sig = old.sig if old is not None else (frozenset(), frozenset())
        self.files[path] = _FileFacts(module, dict(prog.assumed), known, positional, sig)

    def to_redo(
        self,
    ) -> list[tuple[Path, str, dict[str, tuple[int, tuple[int, ...]]], dict[str, dict[str, int]]]]:
        out = []
        for path, ff in self.files.items():
            given = dict(ff.sig[0])
            imported = {k: self.exported[k] for k in ff.assumed if k in self.exported}
            news = any(
                v != given.get(k) and (v[0] & ~ff.assumed[k] & DECISIVE or any(v[1]))
                for k, v in imported.items()
            )
            prefix = ff.module + "."
            given_rows = dict(ff.sig[1])
            incoming = {}
            for k, names in ff.positional.items():
                row = self.calls.get(k)
                if not row:
                    continue
                local = k[len(prefix) :]
                incoming[local] = dict(row)
                if tuple(sorted(row.items())) == given_rows.get(local):
                    continue
                known = ff.known.get(k, {})
                for p, kinds in row.items():
                    name = names[int(p)] if p.isdigit() and int(p) < len(names) else p
                    if kinds & ~known.get(name, 0) & DECISIVE:
                        news = True
                        break
            if news:
                ff.sig = (
                    frozenset(imported.items()),
                    frozenset((k, tuple(sorted(v.items()))) for k, v in incoming.items()),
                )
                out.append((path, ff.module, imported, incoming))
        return out


# -- what holds for the whole file ------------------------------------------------------------


@dataclass(frozen=True)
class FileFlags:
    """What holds for a whole file, from one pass over its nodes: where its data lives, what it
    does with torch, the functions and methods it defines, and those made by ``np.vectorize``."""

    #: it runs work on an accelerator (a "cuda" or "mps" string, ``.cuda()``, JAX)
    gpu: bool
    #: it puts data on an accelerator: `.cpu()` in it is a real copy
    device_file: bool
    #: it uses a library whose arrays may live on a device
    device_lib: bool
    #: it builds torch models
    torch_nn: bool
    #: it asks for float64 on purpose (``.double()``, ``torch.float64``, a default dtype)
    double: bool
    #: it turns autograd off for the whole program (``torch.set_grad_enabled(False)``)
    grad_off: bool
    #: it trains with torch (loss.backward()): its tensors meet float32 weights
    trains_torch: bool
    #: its functions and its classes' methods by name (a name may be defined more than once)
    functions: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]]
    methods: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]]
    #: functions made by np.vectorize (f = np.vectorize(g), @np.vectorize): a Python loop over
    #: the elements of every array they are called with
    vectorized: set[str]


def file_flags(tree: ast.Module, analysis: Analysis) -> FileFlags:
    """What holds for the whole file ``tree``, whose analysis is ``analysis``."""
    gpu = jax = nn = double = grad_off = moves = False
    tensor_idiom = backward_call = False  # x.cuda() or loss.backward(); loss.backward()
    namespaces = analysis.namespaces
    functions: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
    own_methods: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
    vectorized: set[str] = set()
    every = analysis.every or list(walk_tree(tree))
    methods = {
        id(s)
        for n in every
        if isinstance(n, ast.ClassDef)
        for s in n.body
        if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    for node in every:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            v = node.value
            gpu = gpu or v.startswith("cuda") or v in ("mps", "gpu")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            kind = own_methods if id(node) in methods else functions
            kind.setdefault(node.name, []).append(node)
            if isinstance(node, ast.FunctionDef) and any(
                qualname(d.func if isinstance(d, ast.Call) else d, namespaces) == "numpy.vectorize"
                for d in node.decorator_list
            ):
                vectorized.add(node.name)  # @np.vectorize
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            if qualname(node.value.func, namespaces) == "numpy.vectorize":
                vectorized.update(target_names(node.targets[0]))  # f = np.vectorize(g)
        elif isinstance(node, ast.Attribute):
            tensor_idiom = tensor_idiom or node.attr in ("backward", "cuda")
            if node.attr in ("cuda", "synchronize"):
                gpu = True
            elif node.attr in ("double", "float64"):
                q = qualname(node, namespaces) or ""
                double = double or node.attr == "double" or q == "torch.float64"
            elif node.attr == "set_default_dtype":
                double = True
        elif isinstance(node, ast.Call):
            backward_call = backward_call or (
                isinstance(node.func, ast.Attribute)
                and node.func.attr == "backward"
                and not node.args
            )
            if (
                not moves
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "to"
                and node.args
            ):
                moves = "device" in (qualname(node.args[0], {}) or "").lower()
            if not moves:
                # torch.zeros(n, device=x.device): written to run where the data is
                moves = any(
                    kw.arg == "device" and "device" in (qualname(kw.value, {}) or "").lower()
                    for kw in node.keywords
                )
            fq = qualname(node.func, namespaces)
            if fq in ("torch.set_grad_enabled", "torch.autograd.set_grad_enabled") and (
                node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value is False
            ):
                grad_off = True
    roots = {mod.split(".", 1)[0] for mod in namespaces.values()}
    for mod in namespaces.values():
        nn = nn or mod.startswith(("torch.nn", "torch.utils.data"))
    jax = "jax" in roots
    # Lightning puts the module and each batch on the accelerator itself
    moves = moves or bool(roots & {"lightning", "pytorch_lightning"})
    return FileFlags(
        gpu=gpu or jax,
        device_file=gpu or jax or moves,
        device_lib=bool(roots & {"torch", "jax", "cupy", "tensorflow", "mlx"})
        # no import, but tensors all the same: loss.backward(), batch.cuda()
        or ("numpy" not in roots and tensor_idiom),
        # torch.nn imported, or used as torch.nn.X
        torch_nn=nn
        or any(
            isinstance(n, ast.Attribute) and qualname(n, namespaces) == "torch.nn" for n in every
        ),
        double=double,
        grad_off=grad_off,
        trains_torch=backward_call and "torch" in roots,
        functions=functions,
        methods=own_methods,
        vectorized=vectorized,
    )
