"""Data-flow facts for the linter: which names hold arrays, which are float64, what is mutated.

The rules ask questions names cannot answer reliably ("is ``x`` a tensor?", "does this loop carry
a value from one iteration to the next?"), so each scope (the module, each function) is read once
for its bindings, and facts are propagated to a fixed point:

    namespaces  import aliases: np -> numpy, F -> torch.nn.functional, jit -> jax.jit
    arrays      names bound to arrays/tensors: results of np./torch./jnp. calls (except those that
                return something else: modules, generators, dtypes, lists of chunks), of methods
                and arithmetic on arrays, of calls that take an array; parameters annotated as
                arrays; names used as arrays (``x.shape``, ``x.reshape(...)``, ``np.sum(x)``)
    float64     names bound to NumPy data of the default dtype (np.random.rand, np.zeros, ...)
    mutated     names modified in place (``x[i] = ...``, ``x += ...``, ``x.add_(...)``, out=x)
    models      names bound to instances (``model = Net()``): calling one is a forward pass

Flow-insensitive on purpose: a name is an array if any binding makes it one. Code that rebinds
one name to unrelated kinds of things is rare, and a fixed point over a list of bindings costs a
few microseconds per function.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

#: Top-level modules whose functions return arrays. ``xp`` is the conventional name of an array
#: namespace passed as a parameter (the array API standard, arraybench's own generic impls).
ARRAY_ROOTS = frozenset({"numpy", "torch", "jax", "cupy", "scipy", "autograd", "xp", "dask"})

#: Qualified names (or prefixes ending in ".") under the array roots that do NOT return an array:
#: module and optimizer constructors, generators, dtypes, context managers, shape queries, and the
#: splitting functions that return a list of chunks (loops over chunks are loops over batches).
NOT_ARRAY_PREFIXES = (
    "torch.nn.",
    "torch.optim",
    "torch.utils",
    "torch.cuda",
    "torch.backends",
    "torch.device",
    "torch.no_grad",
    "torch.inference_mode",
    "torch.enable_grad",
    "torch.set_",
    "torch.get_",
    "torch.manual_seed",
    "torch.seed",
    "torch.compile",
    "torch.jit",
    "torch.save",
    "torch.load",
    "torch.is_",
    "torch.Generator",
    "torch.distributed",
    "torch.profiler",
    "torch.autograd.profiler",
    "torch.split",
    "torch.chunk",
    "torch.unbind",
    "torch.tensor_split",
    "torch.dtype",
    "torch.Size",
    "torch.numel",
    "torch.finfo",
    "torch.iinfo",
    "torch.mps",
    "numpy.random.default_rng",
    "numpy.random.RandomState",
    "numpy.random.Generator",
    "numpy.random.seed",
    "numpy.random.PCG64",
    "numpy.random.SeedSequence",
    "numpy.errstate",
    "numpy.seterr",
    "numpy.set_printoptions",
    "numpy.printoptions",
    "numpy.get_printoptions",
    "numpy.dtype",
    "numpy.finfo",
    "numpy.iinfo",
    "numpy.shape",
    "numpy.ndim",
    "numpy.size",
    "numpy.isscalar",
    "numpy.save",
    "numpy.savez",
    "numpy.savetxt",
    "numpy.testing",
    "numpy.array_split",
    "numpy.split",
    "numpy.hsplit",
    "numpy.vsplit",
    "numpy.dsplit",
    "numpy.vectorize",
    "numpy.frompyfunc",
    "numpy.ndindex",
    "numpy.nditer",
    "numpy.ndenumerate",
    "numpy.issubdtype",
    "numpy.result_type",
    "numpy.allclose",
    "numpy.array_equal",
    "jax.jit",
    "jax.grad",
    "jax.vmap",
    "jax.pmap",
    "jax.value_and_grad",
    "jax.jacfwd",
    "jax.jacrev",
    "jax.hessian",
    "jax.devices",
    "jax.local_devices",
    "jax.config",
    "jax.random.PRNGKey",
    "jax.random.key",
    "jax.random.split",
    "jax.tree_util",
    "jax.tree",
    "jax.profiler",
    "jax.debug",
    "jax.checkpoint",
    "jax.numpy.split",
    "jax.numpy.array_split",
    "xp.split",
    "xp.array_split",
)
#: Constructors of NumPy scalars: calling one gives a number, not an array.
SCALAR_TYPES = frozenset(
    f"numpy.{t}"
    for t in (
        "float16",
        "float32",
        "float64",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "bool_",
        "complex64",
        "complex128",
        "double",
        "single",
    )
)
#: Generator constructors: their methods draw arrays.
RNG_CONSTRUCTORS = frozenset(
    {
        "numpy.random.default_rng",
        "numpy.random.RandomState",
        "numpy.random.Generator",
        "torch.Generator",
    }
)
#: Methods of arrays that return Python objects or metadata, not arrays.
NON_ARRAY_METHODS = frozenset(
    {
        "item",
        "tolist",
        "numel",
        "dim",
        "ndimension",
        "nelement",
        "element_size",
        "size",
        "is_contiguous",
        "data_ptr",
        "get_device",
        "tobytes",
        "backward",
        "register_hook",
        "is_floating_point",
        "stride",
        "keys",
        "items",
        "eval",
        "train",
        "parameters",
        "named_parameters",
        "state_dict",
        "zero_grad",
        "step",
        "append",
        "extend",
        "split",
        "chunk",
        "unbind",
    }
)
#: Attributes of arrays that are arrays (``x.T``); other attributes (shape, dtype) are not.
ARRAY_ATTRS = frozenset({"T", "mT", "H", "mH", "real", "imag", "data", "grad", "flat"})
#: Uses that only arrays (or tensors, or pandas objects, which loop just as slowly) support: a
#: name used so is an array even when nothing says where it came from (a parameter, a batch).
EVIDENCE_ATTRS = frozenset(
    {
        "shape",
        "ndim",
        "dtype",
        "T",
        "reshape",
        "view",
        "unsqueeze",
        "squeeze",
        "astype",
        "numpy",
        "item",
        "tolist",
        "detach",
        "clone",
        "flatten",
        "ravel",
        "transpose",
        "permute",
        "argmax",
        "argmin",
        "cumsum",
        "matmul",
        "requires_grad",
        "contiguous",
        "is_cuda",
        "size",
        "sum",
        "mean",
        "std",
        "block_until_ready",
    }
)
#: Annotations that declare an array parameter.
ARRAY_ANNOTATIONS = ("ndarray", "Tensor", "Array", "NDArray", "ArrayLike", "DeviceArray")
#: NumPy functions whose result is float64 unless a dtype is given.
FLOAT64_DEFAULT = frozenset(
    {
        "numpy.random.rand",
        "numpy.random.randn",
        "numpy.random.random",
        "numpy.random.random_sample",
        "numpy.random.uniform",
        "numpy.random.normal",
        "numpy.random.standard_normal",
        "numpy.random.exponential",
        "numpy.zeros",
        "numpy.ones",
        "numpy.empty",
        "numpy.full",
        "numpy.linspace",
        "numpy.logspace",
        "numpy.eye",
        "numpy.identity",
        "numpy.loadtxt",
        "numpy.genfromtxt",
    }
)
#: Generator methods that draw float64 by default.
FLOAT64_RNG_METHODS = frozenset(
    {"random", "uniform", "normal", "standard_normal", "exponential", "gamma", "beta", "rand"}
)
FLOAT64_NAMES = frozenset({"numpy.float64", "numpy.double", "float", "float64", "torch.float64"})
#: Methods that modify their receiver in place (besides torch's trailing-underscore methods).
MUTATING_METHODS = frozenset(
    {
        "fill",
        "sort",
        "resize",
        "put",
        "itemset",
        "partition",
        "setflags",
        "append",
        "extend",
        "insert",
        "pop",
        "remove",
        "clear",
        "update",
        "setdefault",
        "add",
        "shuffle",
    }
)


#: pandas functions that make a DataFrame or Series, and methods of one that return another.
PANDAS_MAKERS = frozenset(
    {
        "read_csv",
        "read_table",
        "read_excel",
        "read_parquet",
        "read_json",
        "read_feather",
        "read_sql",
        "read_pickle",
        "DataFrame",
        "Series",
        "concat",
        "get_dummies",
        "merge",
    }
)
FRAME_METHODS = frozenset(
    {
        "drop",
        "dropna",
        "fillna",
        "copy",
        "head",
        "tail",
        "sample",
        "reset_index",
        "select_dtypes",
        "sort_values",
        "set_index",
        "filter",
        "query",
        "assign",
        "replace",
        "interpolate",
        "ffill",
        "bfill",
        "clip",
        "abs",
        "diff",
        "pct_change",
        "rolling",
        "mean",
        "shift",
        "join",
        "merge",
    }
)
#: NumPy functions whose result is not of their arguments' dtype (indices, booleans, counts).
NOT_SAME_DTYPE = frozenset(
    {
        "argmax",
        "argmin",
        "argsort",
        "argwhere",
        "nonzero",
        "flatnonzero",
        "searchsorted",
        "digitize",
        "isnan",
        "isinf",
        "isfinite",
        "isclose",
        "allclose",
        "array_equal",
        "shape",
        "ndim",
        "size",
        "count_nonzero",
        "bincount",
        "histogram",
        "histogram2d",
        "histogramdd",
        "unravel_index",
        "ravel_multi_index",
        "lexsort",
        "logical_and",
        "logical_or",
        "logical_not",
        "logical_xor",
        "equal",
        "not_equal",
        "greater",
        "less",
        "greater_equal",
        "less_equal",
        "signbit",
        "any",
        "all",
        "isin",
        "in1d",
        "result_type",
        "rint_",
        "packbits",
        "unique_counts",
    }
)
#: Methods of a float64 array that keep float64 (x.mean(), x.reshape(...), x.T).
SAME_DTYPE_METHODS = frozenset(
    {
        "reshape",
        "copy",
        "ravel",
        "flatten",
        "mean",
        "sum",
        "std",
        "var",
        "cumsum",
        "squeeze",
        "transpose",
        "clip",
        "dot",
        "swapaxes",
        "repeat",
        "take",
        "min",
        "max",
        "round",
        "prod",
    }
)

#: Library functions (after the top-level module) that return a tuple or list of arrays.
TUPLE_FUNCTIONS = frozenset(
    {
        "broadcast_arrays",
        "broadcast_tensors",
        "meshgrid",
        "histogram",
        "histogram2d",
        "histogramdd",
        "unravel_index",
        "tril_indices",
        "triu_indices",
        "diag_indices",
        "mask_indices",
        "frexp",
        "modf",
        "divmod",
        "linalg.eig",
        "linalg.eigh",
        "linalg.svd",
        "linalg.qr",
        "linalg.slogdet",
        "linalg.lstsq",
        "linalg.lu",
        "linalg.lu_factor",
    }
)
#: torch functions that return a tuple where NumPy's namesakes return an array.
TORCH_TUPLE_FUNCTIONS = frozenset(
    {"sort", "topk", "kthvalue", "aminmax", "std_mean", "var_mean", "lu", "cummax", "cummin"}
)
#: Tensor methods that return a tuple: x.sort(), x.topk(k), x.max(dim=1).
TUPLE_METHODS = frozenset({"sort", "topk", "kthvalue", "aminmax", "max", "min", "median", "mode"})

#: Array constructors: what they are given is Python data, not yet an array.
CONSTRUCTORS = frozenset(
    {
        "tensor",
        "array",
        "asarray",
        "as_tensor",
        "asanyarray",
        "Tensor",
        "FloatTensor",
        "LongTensor",
        "fromiter",
        "frombuffer",
    }
)


#: Functions whose first argument is a sequence of arrays (torch.cat(parts)), not an array.
TAKES_SEQUENCE = frozenset(
    {
        "cat",
        "concat",
        "concatenate",
        "stack",
        "vstack",
        "hstack",
        "dstack",
        "column_stack",
        "row_stack",
        "block",
        "broadcast_arrays",
        "broadcast_tensors",
        "meshgrid",
        "einsum",
        "result_type",
    }
)


def qualname(node: ast.AST, namespaces: dict[str, str]) -> str | None:
    """The dotted name of a Name/Attribute chain with import aliases resolved, else None.

    ``np.random.rand`` -> ``numpy.random.rand`` when ``import numpy as np``; ``self.model`` ->
    ``self.model``; ``f(x).sum`` -> None.
    """
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(namespaces.get(node.id, node.id))
    return ".".join(reversed(parts))


def is_namespace_call(
    qual: str | None, namespaces: dict[str, str], roots: frozenset[str] | None = None
) -> bool:
    """Whether a qualified name is a function of an array library (``numpy.sum``, ``xp.exp``).

    ``roots``: the top-level modules of ``namespaces`` (``import jax.numpy as jnp`` imports
    ``jax``), when the caller has them at hand."""
    if qual is None or "." not in qual:
        return False
    root = qual.split(".", 1)[0]
    if root not in ARRAY_ROOTS:
        return False
    if roots is None:
        roots = frozenset(v.split(".", 1)[0] for v in namespaces.values())
    return root in roots or root == "xp"


def names_in(node: ast.AST) -> set[str]:
    """Every name read in an expression (not inside nested functions' own parameters)."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def dotted_reads(node: ast.AST) -> set[str]:
    """Names and dotted attribute chains (``self.w``) read in an expression."""
    out: set[str] = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            q = qualname(n, {})
            if q is not None:
                out.add(q)
    return out


def target_names(target: ast.AST) -> list[str]:
    """Names bound by an assignment target (tuples unpacked; subscripts bind nothing)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple | ast.List):
        return [n for t in target.elts for n in target_names(t)]
    if isinstance(target, ast.Starred):
        return target_names(target.value)
    if isinstance(target, ast.Attribute):
        q = qualname(target, {})
        return [q] if q is not None else []
    return []


def walk_scope(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """Every node of a scope's body, not entering nested functions, lambdas or classes."""
    stack: list[ast.AST] = list(reversed(body))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            # Decorators and defaults run in this scope; the body does not.
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                stack.extend(reversed(node.decorator_list))
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


# -- what crosses function boundaries ----------------------------------------------------------

#: Kinds of value, as bits: what a call site tells a parameter, an ``__init__`` tells a method
#: about ``self.x``, and a ``return`` tells the callers.
ARRAY, HOST, DEVICE, FLOAT64, EXPLICIT64, MODEL, GPU_FN, TENSOR, FRAME, LOADER, LARGE = (
    1 << k for k in range(11)
)


@dataclass
class Function:
    """A function or method that call sites can reach by name (``f``, ``C.m``, ``C(...)``)."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    cls: str | None
    bound: bool  # a method called on an instance: the first parameter is not passed

    def parameter_for(self, k: int) -> str | None:
        """The name of the parameter that positional argument ``k`` of a call lands in."""
        a = self.node.args
        positional = [*a.posonlyargs, *a.args][1 if self.bound else 0 :]
        if k < len(positional):
            return positional[k].arg
        return a.vararg.arg if a.vararg is not None else None


@dataclass
class Program:
    """Facts that cross function boundaries in one file (and, through ``imported``, from the
    other files of the folder being linted). Filled to a fixed point by ``program.analyse``.

    Attributes:
        module: the file's dotted module name when linted as part of a folder.
        functions: callable things by key (``f``, ``C.m``).
        classes: class name -> the names of its bases, as written.
        params: key -> parameter -> kinds carried in by call sites (bits above).
        attrs: class -> ``self.x`` -> kinds assigned anywhere in the class.
        returns: key -> kinds of what it returns; ``return_elts`` for ``return a, b``.
        gpu_work: keys of functions that call torch or JAX (timed work when passed around).
        imported: qualified name (``pkg.mod.f``) -> (returns, return_elts) from other files.
        outgoing: qualified name -> parameter position or name -> kinds, from this file's calls.
        external: qualified names of the imported functions this file calls.
        assumed: for each, the kinds its calls were taken to return without knowing it.
    """

    module: str | None = None
    functions: dict[str, Function] = field(default_factory=dict)
    classes: dict[str, list[str]] = field(default_factory=dict)
    params: dict[str, dict[str, int]] = field(default_factory=dict)
    attrs: dict[str, dict[str, int]] = field(default_factory=dict)
    returns: dict[str, int] = field(default_factory=dict)
    return_elts: dict[str, tuple[int, ...]] = field(default_factory=dict)
    gpu_work: set[str] = field(default_factory=set)
    imported: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    outgoing: dict[str, dict[str, int]] = field(default_factory=dict)
    external: set[str] = field(default_factory=set)
    assumed: dict[str, int] = field(default_factory=dict)
    #: bookkeeping of the rounds (program.analyse): which functions and classes have facts
    #: (ever, and in this round), which are still to be computed in this round, which scopes
    #: asked what a function returns, and what arrived too late for a scope (stale, late)
    done: set[str] = field(default_factory=set)
    done_now: set[str] = field(default_factory=set)
    pending: dict[str, int] = field(default_factory=dict)
    askers: dict[str, set[int]] = field(default_factory=dict)
    current: int = 0
    stale: set[str] = field(default_factory=set)
    late: set[int] = field(default_factory=set)

    def is_late(self, key: str) -> bool:
        """Whether a fact about ``key`` comes after a scope that reads it took its facts."""
        return key in self.done_now or (key in self.done and not self.pending.get(key))

    def add(self, table: dict[str, dict[str, int]], key: str, name: str, kinds: int) -> None:
        """OR ``kinds`` into ``table[key][name]``; a scope that read the row before this round
        changed it needs another round."""
        if not kinds:
            return
        row = table.setdefault(key, {})
        old = row.get(name, 0)
        if old | kinds != old:
            row[name] = old | kinds
            if self.is_late(key):
                self.stale.add(key)

    def method(self, cls: str, name: str) -> str | None:
        """The key of ``cls.name``, looked up through the bases defined in this file."""
        seen: set[str] = set()
        todo = [cls]
        while todo:
            c = todo.pop(0)
            if c in seen:
                continue
            seen.add(c)
            key = f"{c}.{name}"
            if key in self.functions:
                return key
            todo.extend(b.rsplit(".", 1)[-1] for b in self.classes.get(c, []))
        return None


@dataclass
class Facts:
    """What is known about the names of one scope (see the module docstring)."""

    namespaces: dict[str, str]
    arrays: set[str] = field(default_factory=set)
    rngs: set[str] = field(default_factory=set)
    float64: set[str] = field(default_factory=set)
    explicit64: set[str] = field(default_factory=set)
    host: set[str] = field(default_factory=set)
    device: set[str] = field(default_factory=set)
    jitted: set[str] = field(default_factory=set)
    mutated: set[str] = field(default_factory=set)
    models: set[str] = field(default_factory=set)
    functions: set[str] = field(default_factory=set)
    params: set[str] = field(default_factory=set)
    #: names bound to arrays by what makes arrays, not by guesses (see is_array's ``strong``)
    strong: set[str] = field(default_factory=set)
    #: names known to hold torch tensors (not NumPy arrays): torch.tensor(t) of one is a copy
    tensors: set[str] = field(default_factory=set)
    #: names bound to pandas DataFrames or Series: their .values are float64 by default
    frames: set[str] = field(default_factory=set)
    #: names bound to a DataLoader: loops over one receive batches of tensors
    loaders: set[str] = field(default_factory=set)
    #: arrays made (here or by every caller) with a literal size above a few
    #: (``np.random.rand(10**6)``): a loop over them runs many times (counts.py)
    large: set[str] = field(default_factory=set)
    #: names bound to an instance of a class of this file
    instances: dict[str, str] = field(default_factory=dict)
    #: parameters that call sites fill with GPU work (torch/JAX functions, jitted functions)
    gpu_fns: set[str] = field(default_factory=set)
    program: Program | None = None
    cls: str | None = None
    _roots: frozenset[str] | None = None
    #: names that hold a number of elements (n = len(x), h, w = img.shape, np.zeros(n))
    sizes: set[str] = field(default_factory=set)
    #: parameters annotated as something else than an array (``xs: list[Tensor]``)
    not_arrays: set[str] = field(default_factory=set)
    #: names an enclosing ``if isinstance(x, (list, tuple))`` says are sequences (set by the
    #: linter while it walks that branch)
    narrowed: frozenset[str] = frozenset()
    #: name -> (line, value) of each plain assignment in this scope, in order
    assigns: dict[str, list[tuple[int, ast.AST]]] = field(default_factory=dict)

    def last_value(self, name: str, line: int) -> ast.AST | None:
        """The value last assigned to ``name`` above ``line`` in this scope (flow-insensitive
        facts say what a name may hold; this says what it held just before a loop)."""
        best: ast.AST | None = None
        for ln, value in self.assigns.get(name, ()):
            if ln < line:
                best = value
        return best

    def child(self) -> Facts:
        """Facts for a nested function: it sees the enclosing scope's names (closures)."""
        return Facts(
            namespaces=dict(self.namespaces),
            arrays=set(self.arrays),
            rngs=set(self.rngs),
            float64=set(self.float64),
            explicit64=set(self.explicit64),
            host=set(self.host),
            device=set(self.device),
            jitted=set(self.jitted),
            models=set(self.models),
            functions=set(self.functions),
            strong=set(self.strong),
            sizes=set(self.sizes),
            tensors=set(self.tensors),
            frames=set(self.frames),
            loaders=set(self.loaders),
            large=set(self.large),
            instances=dict(self.instances),
            gpu_fns=set(self.gpu_fns),
            program=self.program,
            cls=self.cls,
        )

    # -- questions ---------------------------------------------------------------------------

    def qual(self, node: ast.AST) -> str | None:
        return qualname(node, self.namespaces)

    def is_namespace(self, qual: str | None) -> bool:
        if self._roots is None:
            self._roots = frozenset(v.split(".", 1)[0] for v in self.namespaces.values())
        return is_namespace_call(qual, self.namespaces, self._roots)

    # -- across function boundaries ------------------------------------------------------------

    def callee(self, node: ast.Call) -> tuple[str, Function | None] | None:
        """What a call reaches: (key, the function of this file) or (qualified name, None) for a
        function of another file of the folder; None when unknown."""
        prog = self.program
        if prog is None:
            return None
        f = node.func
        if isinstance(f, ast.Name):
            if f.id in self.params:
                return None
            if f.id in prog.functions and prog.functions[f.id].cls is None:
                return f.id, prog.functions[f.id]
            if f.id in prog.classes:
                key = prog.method(f.id, "__init__")
                return (key, prog.functions[key]) if key is not None else None
            if f.id in self.instances:
                inst = self.instances[f.id]
                key = prog.method(inst, "forward") or prog.method(inst, "__call__")
                return (key, prog.functions[key]) if key is not None else None
        elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            owner = f.value.id
            cls = self.cls if owner in ("self", "cls") else self.instances.get(owner)
            if owner in prog.classes:
                cls = owner
            if cls is not None:
                key = prog.method(cls, f.attr)
                if key is not None:
                    return key, prog.functions[key]
        q = self.qual(f)
        if q is not None and q in prog.imported:
            return q, None
        if prog.module is not None and q is not None and "." in q:
            root: ast.AST = f
            while isinstance(root, ast.Attribute):
                root = root.value
            if (
                isinstance(root, ast.Name)
                and root.id in self.namespaces
                and q.split(".", 1)[0] not in ARRAY_ROOTS
            ):
                return q, None  # maybe a function of another file of the folder
        return None

    def returned(self, node: ast.Call) -> tuple[int, tuple[int, ...]] | None:
        """The kinds a call to a function of this folder returns (whole, and per element)."""
        found = self.callee(node)
        prog = self.program
        if found is None or prog is None:
            return None
        key, fn = found
        if fn is None:
            prog.askers.setdefault(key, set())
            return prog.imported.get(key)
        if key.endswith(".__init__"):
            return None
        prog.askers.setdefault(key, set()).add(prog.current)
        return prog.returns.get(key, 0), prog.return_elts.get(key, ())

    def kinds(self, node: ast.AST) -> int:
        """What is known of an expression, as bits (ARRAY, HOST, FLOAT64...)."""
        k = 0
        if self.is_array(node, strong=True):
            k |= ARRAY
            if self.is_host(node):
                k |= HOST
            elif self.is_tensor(node) or self._is_accelerator_call(node):
                k |= DEVICE  # (an array of unknown origin is neither)
        if self.is_float64(node) and not self.is_explicit64(node):
            k |= FLOAT64
        if self.is_explicit64(node):
            k |= EXPLICIT64
        if self.is_tensor(node):
            k |= TENSOR
        if self.is_frame(node):
            k |= FRAME
        if k & ARRAY and self.is_large(node):
            k |= LARGE
        q = self.qual(node) if isinstance(node, ast.Name | ast.Attribute) else None
        if q is not None:
            if q in self.models:
                k |= MODEL | GPU_FN
            if q in self.jitted or q in self.gpu_fns:
                k |= GPU_FN
            root = q.split(".", 1)[0]
            if self.is_namespace(q) and root in ("torch", "jax", "cupy"):
                k |= GPU_FN
            if q in self.loaders:
                k |= LOADER
            prog = self.program
            if prog is not None and isinstance(node, ast.Name) and q in prog.gpu_work:
                k |= GPU_FN
        elif isinstance(node, ast.Lambda):
            if any(
                isinstance(n, ast.Call)
                and (self.kinds(n.func) & GPU_FN or (self.is_array(n) and not self.is_host(n)))
                for n in ast.walk(node.body)
            ):
                k |= GPU_FN
        elif isinstance(node, ast.Call) and self.is_instance(node):
            k |= MODEL | GPU_FN
        return k

    def _is_accelerator_call(self, node: ast.AST) -> bool:
        if not isinstance(node, ast.Call):
            return False
        q = self.qual(node.func) or ""
        return (self.is_namespace(q) and q.split(".", 1)[0] in ("jax", "cupy")) or (
            self.jax_result(node)
        )

    def jax_result(self, node: ast.Call) -> bool:
        """A call of a jitted function (``step(params, x)`` after ``step = jax.jit(f)`` or
        ``@jax.jit``) or of a JAX transform's result (``jax.value_and_grad(f)(p, x)``): JAX
        arrays (or pytrees of them) on the device."""
        f = node.func
        if isinstance(f, ast.Name) and f.id in self.jitted:
            return True
        if isinstance(f, ast.Call):
            q = self.qual(f.func) or ""
            return (
                self.is_namespace(q)
                and q.startswith("jax.")
                and q.rsplit(".", 1)[-1] in (JAX_TRANSFORMS)
            )
        return False

    def seed(self, name: str, kinds: int) -> None:
        """Take what call sites (or ``__init__``) say of a name into this scope's facts."""
        if kinds & ARRAY:
            self.arrays.add(name)
            self.strong.add(name)
            if kinds & HOST:
                self.host.add(name)
            if kinds & DEVICE:
                self.device.add(name)
        if kinds & FLOAT64:
            self.float64.add(name)
        if kinds & EXPLICIT64:
            self.explicit64.add(name)
        if kinds & TENSOR:
            self.tensors.add(name)
        if kinds & FRAME:
            self.frames.add(name)
        if kinds & MODEL:
            self.models.add(name)
        if kinds & GPU_FN:
            self.gpu_fns.add(name)
        if kinds & LOADER:
            self.loaders.add(name)
        if kinds & LARGE:
            self.large.add(name)

    def is_large(self, node: ast.AST) -> bool:
        """An array made with a literal size above a few: ``np.random.rand(10**6)``,
        ``torch.randn(n, 3)`` with ``n = 5000`` above, a name bound to one, a parameter every
        caller passes one."""
        if isinstance(node, ast.Name):
            if node.id in self.large:
                return True
            value = self.last_value(node.id, getattr(node, "lineno", 10**9))
            return value is not None and not isinstance(value, ast.Name) and self.is_large(value)
        if isinstance(node, ast.Attribute):
            return qualname(node, {}) in self.large  # self.weights, stored large in __init__
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else ""
            if name == "arange":  # arange(25, 385, step): as many as the range holds
                found = [constant(a, self) for a in node.args[:3]]
                bounds = [b for b in found if b is not None]
                if len(bounds) != len(found) or not bounds:
                    return False
                if len(bounds) == 1:
                    bounds = [0, *bounds]
                if len(bounds) == 2:
                    bounds = [*bounds, 1]
                start, stop, step = bounds
                return bool(step) and (stop - start) // step > FEW_ITEMS
            if name == "linspace":  # linspace(0, 100, 5): num points (50 when not given)
                num = node.args[2] if len(node.args) > 2 else None
                for kw in node.keywords:
                    num = kw.value if kw.arg in ("num", "steps") else num
                c = 50 if num is None else constant(num, self)
                return c is not None and c > FEW_ITEMS
            for a in node.args:
                for p in a.elts if isinstance(a, ast.Tuple | ast.List) else [a]:
                    c = constant(p, self)
                    if c is not None and c > FEW_ITEMS:
                        return True
            if isinstance(node.func, ast.Attribute) and node.func.attr in SAME_SIZE:
                return self.is_large(node.func.value)  # x.clone(), a.ravel(), t.float()
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            return self.is_large(node.value)  # x[1:]
        return False

    def is_loader(self, node: ast.AST) -> bool:
        """A DataLoader: bound to one, passed one by every caller, or named ``*loader``
        (``train_loader``, ``self.val_loader``); ``tqdm(loader)`` and ``enumerate`` wrap one."""
        if isinstance(node, ast.Call):
            fq = self.qual(node.func) or ""
            if fq.rsplit(".", 1)[-1] == "DataLoader":
                return True
            if fq in ("tqdm", "tqdm.tqdm", "tqdm.auto.tqdm", "iter", "enumerate") and node.args:
                return self.is_loader(node.args[0])
            return False
        q = qualname(node, {}) if isinstance(node, ast.Name | ast.Attribute) else None
        return q is not None and (
            q in self.loaders or q.rsplit(".", 1)[-1].lower().endswith("loader")
        )

    def is_instance(self, value: ast.Call) -> bool:
        return _is_instance(value, self)

    def is_tensor(self, node: ast.AST) -> bool:
        """Whether an expression is a torch tensor (not a NumPy array, not unknown)."""
        if isinstance(node, ast.Name):
            return node.id in self.tensors
        if isinstance(node, ast.Attribute):
            q = self.qual(node)
            return (q is not None and q in self.tensors) or (
                node.attr in ARRAY_ATTRS and self.is_tensor(node.value)
            )
        if isinstance(node, ast.Subscript):
            return self.is_tensor(node.value)
        if isinstance(node, ast.BinOp):
            return self.is_tensor(node.left) or self.is_tensor(node.right)
        if isinstance(node, ast.UnaryOp):
            return self.is_tensor(node.operand)
        if isinstance(node, ast.Call):
            q = self.qual(node.func)
            if q is not None and q.startswith("torch.") and self.is_namespace(q):
                return self._call_is_array(node)
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr not in ("numpy", "tolist", "item"):
                return f.attr not in NON_ARRAY_METHODS and self.is_tensor(f.value)
        return False

    def is_frame(self, node: ast.AST) -> bool:
        """Whether an expression is a pandas DataFrame or Series (numeric columns: float64)."""
        if isinstance(node, ast.Name):
            return node.id in self.frames
        if isinstance(node, ast.Subscript):
            base = node.value
            if isinstance(base, ast.Attribute) and base.attr in ("iloc", "loc"):
                base = base.value
            return self.is_frame(base)
        if isinstance(node, ast.Call):
            q = self.qual(node.func) or ""
            if q.startswith("pandas.") and q.rsplit(".", 1)[-1] in PANDAS_MAKERS:
                return True
            f = node.func
            return (
                isinstance(f, ast.Attribute) and f.attr in FRAME_METHODS and self.is_frame(f.value)
            )
        return False

    def is_array(self, node: ast.AST, strong: bool = False) -> bool:
        """Whether an expression evaluates to an array or tensor (as far as the facts tell).

        ``strong``: only from what makes arrays (library calls, annotations, arithmetic and
        methods of such arrays, functions of the folder that return them), not from guesses
        (a name used as an array, a callable applied to one). Only strong facts cross function
        boundaries: a guess spread to every caller and callee multiplies its errors."""
        if isinstance(node, ast.Name):
            return node.id in (self.strong if strong else self.arrays)
        if isinstance(node, ast.Attribute):
            q = self.qual(node)
            if q is not None and q in (self.strong if strong else self.arrays):
                return True
            if node.attr == "values" and self.is_frame(node.value):
                return True
            return node.attr in ARRAY_ATTRS and self.is_array(node.value, strong)
        if isinstance(node, ast.Subscript):
            v = node.value
            if isinstance(v, ast.Call) and self._tuple_of_arrays(v):
                return True  # np.nonzero(x)[0]
            return self.is_array(v, strong)
        if isinstance(node, ast.BinOp):
            if _sequence_arithmetic(node):
                return False  # shape[:-1] + (n,), [0] * k: tuples and lists, not arrays
            return self.is_array(node.left, strong) or self.is_array(node.right, strong)
        if isinstance(node, ast.UnaryOp):
            return self.is_array(node.operand, strong)
        if isinstance(node, ast.Compare):
            return self.is_array(node.left, strong) or any(
                self.is_array(c, strong) for c in node.comparators
            )
        if isinstance(node, ast.IfExp):
            return self.is_array(node.body, strong) or self.is_array(node.orelse, strong)
        if isinstance(node, ast.NamedExpr):
            return self.is_array(node.value, strong)
        if isinstance(node, ast.Call):
            return self._call_is_array(node, strong)
        return False

    def _tuple_of_arrays(self, node: ast.Call) -> bool:
        """A library call that returns a tuple (or list) of arrays: np.nonzero(x),
        torch.sort(x), np.linalg.svd(a), np.unique(x, return_counts=True)."""
        q = self.qual(node.func)
        if q is None or not self.is_namespace(q):
            if isinstance(node.func, ast.Attribute) and node.func.attr in TUPLE_METHODS:
                return bool(node.args or node.keywords) and self.is_tensor(node.func.value)
            return False
        tail = q.split(".", 1)[1]
        tail = tail.removeprefix("numpy.")  # jax.numpy.x
        if tail in TUPLE_FUNCTIONS or (q.startswith("torch.") and tail in TORCH_TUPLE_FUNCTIONS):
            return True
        if tail == "where" and len(node.args) == 1:
            return True
        if tail in ("unique", "unique_consecutive"):
            return any(
                (kw.arg or "").startswith("return_")
                and not (isinstance(kw.value, ast.Constant) and not kw.value.value)
                for kw in node.keywords
            )
        if tail in ("max", "min", "median", "mode") and q.startswith("torch."):
            return len(node.args) >= 2 or any(kw.arg == "dim" for kw in node.keywords)
        return False

    def _call_is_array(self, node: ast.Call, strong: bool = False) -> bool:
        func = node.func
        q = self.qual(func)
        if q is not None and self.is_namespace(q):
            if "._foreach" in q:
                return False  # torch._foreach_mul(xs, ys) returns a list of tensors
            if q in SCALAR_TYPES or any(q.startswith(p) for p in NOT_ARRAY_PREFIXES):
                return q in ("torch.nn.Parameter", "torch.nn.parameter.Parameter") or (
                    q.startswith("torch.nn.functional.")
                )
            if public_data_function(q):
                return not self._tuple_of_arrays(node) and not _object_dtype(node)
            if strong:
                return False  # a library's private helper (scipy.ndimage._ni_support.x): unknown
        ret = self.returned(node)
        if ret is not None and ret[0] & ARRAY:
            return True  # a function of this folder that returns an array
        if self.jax_result(node):
            return True
        if isinstance(func, ast.Attribute):
            if func.attr in NON_ARRAY_METHODS or self._tuple_of_arrays(node):
                return False
            base = func.value
            if isinstance(base, ast.Name) and base.id in self.rngs:
                return True
            if self.is_array(base, strong):
                return True
            if func.attr in ("values", "to_numpy") and self.is_frame(base):
                return True
        if strong:
            return False
        if isinstance(func, ast.Name) and (
            func.id in _SCALAR_BUILTINS or func.id in _CONTAINER_BUILTINS
        ):
            return False
        if q in ("itertools.chain", "itertools.product", "functools.reduce"):
            return False
        # A callable applied to an array (a model, a loss, a user's function) gives an array.
        return any(self.is_array(a) for a in node.args)

    def is_host(self, node: ast.AST) -> bool:
        """Whether an expression is a NumPy array (on the host: converting it syncs nothing)."""
        if isinstance(node, ast.Name):
            return node.id in self.host and node.id not in self.device
        if isinstance(node, ast.Subscript):
            return self.is_host(node.value)
        if isinstance(node, ast.Attribute):
            q = self.qual(node)
            if q is not None and q in self.host and q not in self.device:
                return True
            if node.attr == "values" and self.is_frame(node.value):
                return True
            return node.attr in ARRAY_ATTRS and self.is_host(node.value)
        if isinstance(node, ast.UnaryOp):
            return self.is_host(node.operand)
        if isinstance(node, ast.BinOp):
            sides = (node.left, node.right)
            return any(self.is_host(x) for x in sides) and all(
                self.is_host(x) or not self.is_array(x) for x in sides
            )
        if isinstance(node, ast.Call):
            q = self.qual(node.func)
            if q is not None and self.is_namespace(q):
                return q.split(".", 1)[0] in ("numpy", "scipy")
            if isinstance(node.func, ast.Name) and node.func.id in _HOST_BUILTINS:
                # max(counts), round(x / m): a host value when every array in it is on the host
                arrays = [a for a in node.args if self.is_array(a)]
                return bool(arrays) and all(self.is_host(a) for a in arrays)
            ret = self.returned(node)
            if ret is not None and ret[0] & ARRAY:
                return bool(ret[0] & HOST) and not ret[0] & DEVICE
            if isinstance(node.func, ast.Attribute):
                base = node.func.value
                if node.func.attr in ("numpy", "to_numpy", "cpu") or (
                    isinstance(base, ast.Name) and base.id in self.rngs
                ):
                    return True  # (a tensor on the CPU: reading it syncs nothing either)
                return node.func.attr not in ("cuda", "to") and self.is_host(base)
        return False

    def is_float64(self, node: ast.AST) -> bool:
        """Whether an expression is NumPy data of the default dtype (float64, not asked for)."""
        if isinstance(node, ast.Name):
            return node.id in self.float64
        if isinstance(node, ast.Attribute):
            q = self.qual(node)
            if q is not None and q in self.float64:
                return True
            if node.attr == "values" and self.is_frame(node.value):
                return True  # numeric pandas columns are float64 (or int64) by default
            return node.attr in ("T", "real", "flat") and self.is_float64(node.value)
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.Div) and (
                self.is_integer(node.left) or self.is_integer(node.right)
            ):
                return True  # pixels / 255.0: NumPy's true division of integers is float64
            return self.is_float64(node.left) or self.is_float64(node.right)
        if isinstance(node, ast.UnaryOp):
            return self.is_float64(node.operand)
        if isinstance(node, ast.Subscript):
            return self.is_float64(node.value)
        if isinstance(node, ast.Call):
            if _has_dtype(node):
                return False
            q = self.qual(node.func)
            if q in FLOAT64_DEFAULT:
                return True
            if q in ("numpy.array", "numpy.asarray") and node.args and _float_literal(node.args[0]):
                return True  # np.array([0.485, 0.456, 0.406]): Python floats make float64
            ret = self.returned(node)
            if ret is not None:
                return bool(ret[0] & FLOAT64)
            if q is not None and q.startswith("numpy.") and self.is_namespace(q):
                if q.rsplit(".", 1)[-1] in NOT_SAME_DTYPE or q.startswith("numpy.random."):
                    return False
                return any(
                    self.is_float64(a)
                    or (
                        isinstance(a, ast.List | ast.Tuple)
                        and any(self.is_float64(e) for e in a.elts)
                    )
                    for a in node.args
                )  # np.sin(t), np.stack([a, b]) of float64 data: float64
            if isinstance(node.func, ast.Attribute):
                base = node.func.value
                attr = node.func.attr
                if isinstance(base, ast.Name) and base.id in self.rngs:
                    return attr in FLOAT64_RNG_METHODS
                if attr in SAME_DTYPE_METHODS:
                    return self.is_float64(base)
                if attr == "to_numpy":
                    return self.is_frame(base)
                if attr in ("fit_transform", "transform", "inverse_transform") and node.args:
                    return self.is_float64(node.args[0])  # scikit-learn keeps float64
        return False

    def is_integer(self, node: ast.AST, depth: int = 0) -> bool:
        """Whether an expression is a NumPy array of integers: pixels read from an image file
        (``np.asarray(Image.open(p))``, ``cv2.imread(p)``), or made or cast with an integer
        dtype. Followed through names assigned above and reshaping methods."""
        if depth > 6:
            return False
        if isinstance(node, ast.Name):
            value = self.last_value(node.id, getattr(node, "lineno", 10**9))
            return value is not None and self.is_integer(value, depth + 1)
        if isinstance(node, ast.Subscript):
            return self.is_integer(node.value, depth + 1)
        if not isinstance(node, ast.Call):
            return False
        q = self.qual(node.func) or ""
        dt = _dtype_arg(node)
        if dt is not None:
            return (self.qual(dt) or "").rsplit(".", 1)[-1] in INTEGER_DTYPES
        if q in IMAGE_READERS:
            return not q.startswith("PIL.")  # (a PIL image becomes integers through np.asarray)
        if q in ("numpy.asarray", "numpy.array") and node.args:
            return _pil_image(node.args[0], self, depth) or self.is_integer(node.args[0], depth + 1)
        if q.startswith("numpy.") and q.rsplit(".", 1)[-1] in SHAPE_FUNCTIONS and node.args:
            return self.is_integer(node.args[0], depth + 1)  # np.transpose(img, (2, 0, 1))
        if isinstance(node.func, ast.Attribute):
            if node.func.attr == "astype" and node.args:
                return (self.qual(node.args[0]) or "").rsplit(".", 1)[-1] in INTEGER_DTYPES
            if node.func.attr in SHAPE_METHODS:
                return self.is_integer(node.func.value, depth + 1)
        return False

    def is_explicit64(self, node: ast.AST) -> bool:
        """Whether an expression is float64 because the code says so (deliberate precision)."""
        if isinstance(node, ast.Name):
            return node.id in self.explicit64
        if isinstance(node, ast.Call):
            dt = _dtype_arg(node)
            if dt is not None and self.qual(dt) in FLOAT64_NAMES:
                return True
            if (
                isinstance(node.func, ast.Attribute)
                and node.func.attr == "astype"
                and node.args
                and (
                    self.qual(node.args[0]) in FLOAT64_NAMES
                    or (
                        isinstance(node.args[0], ast.Constant)
                        and node.args[0].value in ("float64", "f8", "double")
                    )
                )
            ):
                return True
        if isinstance(node, ast.BinOp):
            return self.is_explicit64(node.left) or self.is_explicit64(node.right)
        return False


#: Builtins whose result lives where their array arguments live (``max(counts)`` of a NumPy
#: array is a NumPy scalar: converting it syncs nothing).
_HOST_BUILTINS = frozenset({"max", "min", "sum", "abs", "round"})

_SCALAR_BUILTINS = frozenset(
    {"float", "int", "len", "bool", "str", "repr", "print", "range", "isinstance", "type", "list"}
)


#: Builtins that make iterators or containers out of arrays: map(f, x) is no array.
_CONTAINER_BUILTINS = frozenset(
    {"map", "filter", "zip", "enumerate", "tuple", "sorted", "reversed", "iter", "set", "dict"}
)


def _sequence_arithmetic(node: ast.BinOp) -> bool:
    """``a + (b,)``, ``[0] * n``, ``tuple(x) + y``: concatenation or repetition of sequences."""
    if not isinstance(node.op, ast.Add | ast.Mult):
        return False
    for side in (node.left, node.right):
        if isinstance(side, ast.Tuple | ast.List | ast.ListComp):
            return True
        if (
            isinstance(side, ast.Call)
            and isinstance(side.func, ast.Name)
            and side.func.id in ("tuple", "list")
        ):
            return True
        if isinstance(side, ast.BinOp) and _sequence_arithmetic(side):
            return True
    return False


def _object_dtype(node: ast.Call) -> bool:
    """np.array(blocks, dtype=object): a container of Python objects, not numbers."""
    dt = _dtype_arg(node)
    if isinstance(dt, ast.Name):
        return dt.id == "object"
    if isinstance(dt, ast.Constant):
        return dt.value in ("object", "O")
    return isinstance(dt, ast.Attribute) and dt.attr in ("object_", "object")


#: JAX transforms whose result, called, gives arrays (a jitted or differentiated function).
JAX_TRANSFORMS = frozenset({"jit", "grad", "value_and_grad", "vmap", "pmap", "jacfwd", "jacrev"})

#: Integer dtypes, as the last part of their name (np.uint8, torch.int64, "int32" is a string).
INTEGER_DTYPES = frozenset(
    {"uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "int", "intp"}
)
#: Readers of image files: NumPy arrays of uint8 pixels (PIL's images, through np.asarray).
IMAGE_READERS = frozenset(
    {
        "PIL.Image.open",
        "cv2.imread",
        "imageio.imread",
        "imageio.v2.imread",
        "imageio.v3.imread",
        "skimage.io.imread",
    }
)
#: Methods that keep the dtype and rearrange the elements.
SHAPE_METHODS = frozenset(
    {"transpose", "reshape", "copy", "ravel", "flatten", "squeeze", "swapaxes", "view"}
)
#: NumPy functions that keep the dtype of their first argument and rearrange its elements.
SHAPE_FUNCTIONS = frozenset(
    {
        "transpose",
        "reshape",
        "ascontiguousarray",
        "flip",
        "fliplr",
        "flipud",
        "rot90",
        "squeeze",
        "expand_dims",
        "moveaxis",
        "swapaxes",
        "copy",
        "pad",
        "stack",
        "concatenate",
    }
)
#: Methods of a PIL image that give another PIL image.
_PIL_METHODS = frozenset({"convert", "resize", "crop", "rotate", "transpose", "copy", "filter"})


def _pil_image(node: ast.AST, facts: Facts, depth: int = 0) -> bool:
    """``Image.open(p).convert("RGB")`` (or a name assigned one): a PIL image of pixels."""
    if depth > 6:
        return False
    if isinstance(node, ast.Name):
        value = facts.last_value(node.id, getattr(node, "lineno", 10**9))
        return value is not None and _pil_image(value, facts, depth + 1)
    if isinstance(node, ast.Call):
        if facts.qual(node.func) == "PIL.Image.open":
            return True
        if isinstance(node.func, ast.Attribute) and node.func.attr in _PIL_METHODS:
            return _pil_image(node.func.value, facts, depth + 1)
    return False


def _float_literal(node: ast.AST) -> bool:
    """A list or tuple literal (nested or not) with a Python float in it."""
    if isinstance(node, ast.List | ast.Tuple):
        return any(_float_literal(e) for e in node.elts)
    return isinstance(node, ast.Constant) and isinstance(node.value, float)


def _dtype_arg(node: ast.Call) -> ast.AST | None:
    for kw in node.keywords:
        if kw.arg == "dtype":
            return kw.value
    return None


def _has_dtype(node: ast.Call) -> bool:
    return _dtype_arg(node) is not None


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


# -- building the facts of a scope -----------------------------------------------------------------


def module_namespaces(
    tree: ast.Module, module: str | None = None, nodes: list[ast.AST] | None = None
) -> dict[str, str]:
    """Import aliases anywhere in the file (imports inside functions included, as people write
    ``import torch`` inside a function that uses it). With the file's dotted ``module`` name,
    relative imports too: ``from .data import load`` in ``pkg.train`` -> ``pkg.data.load``."""
    ns: dict[str, str] = {}
    package = module.split(".") if module else []
    for node in nodes if nodes is not None else ast.walk(tree):
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
            # A parameter shadows whatever the enclosing scope knew about the name.
            for s in (facts.arrays, facts.float64, facts.explicit64, facts.rngs, facts.models):
                s.discard(p.arg)
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
        if _is_instance(value, facts):
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
        and value.func.attr in _CHAINED_MODULE_METHODS
        and isinstance(value.func.value, ast.Call)
    ):
        value = value.func.value
    return value.func.id if isinstance(value.func, ast.Name) else None


#: Functions and methods that cut an array into pieces: ``q, k, v = t.chunk(3)`` binds arrays.
SPLITTERS = frozenset(
    {"split", "chunk", "unbind", "array_split", "tensor_split", "hsplit", "vsplit"}
)
#: scikit-learn's synthetic data sets: (X, y) with X float64; y float64 for regressions.
SKLEARN_REGRESSIONS = frozenset({"make_regression", "make_friedman1", "make_friedman2"})


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


#: Methods that return their (module) receiver: ``Net().to(device).eval()`` is still the model.
_CHAINED_MODULE_METHODS = frozenset({"to", "cuda", "cpu", "eval", "train", "float", "double"})


def _is_instance(value: ast.Call, facts: Facts) -> bool:
    """Whether a call constructs an object of a class (``Net()``, ``nn.Linear(3, 4)``)."""
    while (
        isinstance(value.func, ast.Attribute)
        and value.func.attr in _CHAINED_MODULE_METHODS
        and isinstance(value.func.value, ast.Call)
    ):
        value = value.func.value
    q = facts.qual(value.func)
    if q is None or facts.is_array(value):
        return False
    return q.rsplit(".", 1)[-1][:1].isupper()


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


#: Constructors whose first arguments are sizes: np.zeros(n), torch.randn(n, d).
SIZED_CONSTRUCTORS = frozenset(
    {
        "zeros",
        "ones",
        "empty",
        "full",
        "rand",
        "randn",
        "random",
        "eye",
        "identity",
        "arange",
        "randint",
        "standard_normal",
        "normal",
        "uniform",
    }
)


def measures_size(value: ast.AST, sizes: set[str] | None = None) -> bool:
    """Whether an expression is a number of elements: len(x), x.shape[0], x.size, x.numel(),
    a literal above a few, or arithmetic on such (n - 1, 2 * n)."""
    for n in ast.walk(value):
        if (
            isinstance(n, ast.Constant)
            and isinstance(n.value, int)
            and not isinstance(n.value, bool)
        ):
            if n.value > FEW_ITEMS:
                return True
        elif (
            (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "len")
            or (isinstance(n, ast.Attribute) and n.attr in ("shape", "size", "numel", "nnz"))
            or (isinstance(n, ast.Name) and sizes is not None and n.id in sizes)
        ):
            return True
    return False


#: A literal count up to this is a few things (axes, layers), not elements (loops.FEW).
FEW_ITEMS = 16

#: Methods that return an array of the same number of elements as the one they are called on.
SAME_SIZE = frozenset(
    {
        "ravel",
        "flatten",
        "reshape",
        "view",
        "clone",
        "copy",
        "float",
        "double",
        "to",
        "cpu",
        "cuda",
        "numpy",
        "detach",
        "contiguous",
        "astype",
        "tolist",
    }
)


def int_op(op: ast.operator, a: int | None, b: int | None) -> int | None:
    """``a op b`` for the integer arithmetic of sizes (``+ - * // / **``), or None."""
    if a is None or b is None:
        return None
    if isinstance(op, ast.Add):
        return a + b
    if isinstance(op, ast.Sub):
        return a - b
    if isinstance(op, ast.Mult):
        return a * b
    if isinstance(op, ast.FloorDiv | ast.Div) and b:
        return a // b
    if isinstance(op, ast.Pow) and 0 <= b <= 64 and abs(a) < 2**16:
        return int(a**b)
    return None


def constant(node: ast.AST, facts: Facts | None = None, depth: int = 0) -> int | None:
    """The integer an expression of literals computes (``10**6``, ``2 * 512``, ``n`` when
    ``n = 1000`` is its last assignment above), or None."""
    if depth > 4:
        return None
    if isinstance(node, ast.Constant):
        v = node.value
        if isinstance(v, bool) or not isinstance(v, int | float):
            return None
        return int(v)
    if isinstance(node, ast.BinOp):
        return int_op(
            node.op, constant(node.left, facts, depth + 1), constant(node.right, facts, depth + 1)
        )
    if isinstance(node, ast.Name) and facts is not None:
        value = facts.last_value(node.id, getattr(node, "lineno", 10**9))
        if value is not None:
            return constant(value, facts, depth + 1)
    return None


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


def public_data_function(q: str) -> bool:
    """A documented array function (np.sum, torch.relu), not a private helper (torch._utils.x,
    torch._foreach_mul) nor a predicate (torch.is_tensor, has_torch_function) whose argument
    may be anything."""
    parts = q.split(".")[1:]
    return (
        not any(p.startswith("_") for p in parts)
        and not parts[-1].startswith(("is_", "has_", "overrides"))
        and "overrides" not in parts
    )


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
    for node in nodes if nodes is not None else ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            for t in node.targets:
                if isinstance(t, ast.Attribute) and probe._call_is_array(node.value):
                    q = qualname(t, {})
                    if q is not None:
                        found.add(q)
    return frozenset(found)
