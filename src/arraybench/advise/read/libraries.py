"""What the names of the array libraries mean: which calls return arrays, which keep float64,
which return tuples, which modify their argument. The vocabulary the facts are read with
(advise/read/facts.py, advise/read/bind.py); nothing here reads code.
"""

from __future__ import annotations

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
#: An array's or tensor's methods that give a new value and leave it as it was
#: (``self.mean.to(x.device)`` does not change ``self.mean``).
NEW_VALUE_METHODS = frozenset(
    {
        "to",
        "view",
        "reshape",
        "float",
        "double",
        "half",
        "cpu",
        "cuda",
        "detach",
        "clone",
        "contiguous",
        "numpy",
        "item",
        "tolist",
        "sum",
        "mean",
        "std",
        "var",
        "abs",
        "max",
        "min",
        "unsqueeze",
        "squeeze",
        "expand",
        "expand_as",
        "repeat",
        "flatten",
        "ravel",
        "astype",
        "copy",
        "t",
        "transpose",
        "permute",
        "exp",
        "log",
        "sqrt",
        "pow",
        "type",
        "size",
    }
)
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

#: Builtins whose result lives where their array arguments live (``max(counts)`` of a NumPy
#: array is a NumPy scalar: converting it syncs nothing).
HOST_BUILTINS = frozenset({"max", "min", "sum", "abs", "round"})

SCALAR_BUILTINS = frozenset(
    {"float", "int", "len", "bool", "str", "repr", "print", "range", "isinstance", "type", "list"}
)


#: Builtins that make iterators or containers out of arrays: map(f, x) is no array.
CONTAINER_BUILTINS = frozenset(
    {"map", "filter", "zip", "enumerate", "tuple", "sorted", "reversed", "iter", "set", "dict"}
)

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
PIL_METHODS = frozenset({"convert", "resize", "crop", "rotate", "transpose", "copy", "filter"})

#: Functions and methods that cut an array into pieces: ``q, k, v = t.chunk(3)`` binds arrays.
SPLITTERS = frozenset(
    {"split", "chunk", "unbind", "array_split", "tensor_split", "hsplit", "vsplit"}
)
#: scikit-learn's synthetic data sets: (X, y) with X float64; y float64 for regressions.
SKLEARN_REGRESSIONS = frozenset({"make_regression", "make_friedman1", "make_friedman2"})

#: Methods that return their (module) receiver: ``Net().to(device).eval()`` is still the model.
CHAINED_MODULE_METHODS = frozenset({"to", "cuda", "cpu", "eval", "train", "float", "double"})

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

#: Words in the name of a callable that says it is a model applied per sample, where nothing else
#: tells (a function parameter ``model``). The last resort; data flow decides first.
MODEL_WORDS = ("model", "net", "layer", "encoder", "decoder", "module", "policy", "classifier")

#: Context managers that turn autograd off.
NO_GRAD = frozenset(
    {
        "torch.no_grad",
        "torch.inference_mode",
        "torch.autograd.no_grad",
        "torch.autograd.inference_mode",
        "torch.autograd.grad_mode.no_grad",
    }
)
#: Compilers: applied inside a loop, each iteration compiles (or at least traces and looks up).
JITS = frozenset(
    {
        "jax.jit",
        "jax.pmap",
        "torch.compile",
        "torch.jit.script",
        "torch.jit.trace",
        "numba.jit",
        "numba.njit",
    }
)
#: Builders that copy a list element by element (torch warns that a list of arrays is slow).
TENSOR_BUILDERS = frozenset(
    {"torch.tensor", "torch.Tensor", "torch.FloatTensor", "torch.LongTensor"}
)
#: Conversions of data to torch tensors.
TO_TORCH = frozenset({"torch.from_numpy", "torch.as_tensor", "torch.tensor", "torch.asarray"})
