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
few microseconds per function. Here are the facts and the questions the rules ask of them;
advise/read/bind.py builds them, with the vocabulary of advise/read/libraries.py.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from .kinds import (
    ARRAY,
    DEVICE,
    EXPLICIT64,
    FLOAT64,
    FRAME,
    GPU_FN,
    HOST,
    LARGE,
    LOADER,
    MODEL,
    TENSOR,
    Function,
    Program,
)
from .libraries import (
    ARRAY_ATTRS,
    ARRAY_ROOTS,
    CHAINED_MODULE_METHODS,
    CONTAINER_BUILTINS,
    FLOAT64_DEFAULT,
    FLOAT64_NAMES,
    FLOAT64_RNG_METHODS,
    FRAME_METHODS,
    HOST_BUILTINS,
    IMAGE_READERS,
    INTEGER_DTYPES,
    JAX_TRANSFORMS,
    NON_ARRAY_METHODS,
    NOT_ARRAY_PREFIXES,
    NOT_SAME_DTYPE,
    PANDAS_MAKERS,
    PIL_METHODS,
    SAME_DTYPE_METHODS,
    SAME_SIZE,
    SCALAR_BUILTINS,
    SCALAR_TYPES,
    SHAPE_FUNCTIONS,
    SHAPE_METHODS,
    TORCH_TUPLE_FUNCTIONS,
    TUPLE_FUNCTIONS,
    TUPLE_METHODS,
)
from .syntax import (
    FEW_ITEMS,
    constant,
    dtype_arg,
    float_literal,
    has_dtype,
    is_namespace_call,
    object_dtype,
    public_data_function,
    qualname,
    sequence_arithmetic,
)


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
    #: (``np.random.rand(10**6)``): a loop over them runs many times (advise/read/counts.py)
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
        """Whether a call constructs an object of a class (``Net()``, ``nn.Linear(3, 4)``)."""
        while (
            isinstance(value.func, ast.Attribute)
            and value.func.attr in CHAINED_MODULE_METHODS
            and isinstance(value.func.value, ast.Call)
        ):
            value = value.func.value
        q = self.qual(value.func)
        if q is None or self.is_array(value):
            return False
        return q.rsplit(".", 1)[-1][:1].isupper()

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
            if sequence_arithmetic(node):
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
                return not self._tuple_of_arrays(node) and not object_dtype(node)
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
            func.id in SCALAR_BUILTINS or func.id in CONTAINER_BUILTINS
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
            if isinstance(node.func, ast.Name) and node.func.id in HOST_BUILTINS:
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
            if has_dtype(node):
                return False
            q = self.qual(node.func)
            if q in FLOAT64_DEFAULT:
                return True
            if q in ("numpy.array", "numpy.asarray") and node.args and float_literal(node.args[0]):
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
        dt = dtype_arg(node)
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
            dt = dtype_arg(node)
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
        if isinstance(node.func, ast.Attribute) and node.func.attr in PIL_METHODS:
            return _pil_image(node.func.value, facts, depth + 1)
    return False
