"""The seven kernels, each as Python source that every tool and every process builds alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Kernel:
    """One timed callable, described as source so that every process can build it alike.

    Attributes:
        name: short identifier.
        what: one line for the tables.
        backend: the arraybench backend that converts its inputs (and syncs).
        dtype: the inputs' dtype.
        n: the problem size handed to ``make``.
        imports: import lines the kernel needs.
        define: source defining ``kernel`` (and anything it uses).
        args: the names of ``kernel``'s parameters, in order (the keys ``make`` returns).
        make: an expression of ``n`` and ``rng`` (a seeded NumPy Generator): the float64 inputs.
        reference: source defining ``ref``, a NumPy impl that arraybench checks the kernel
            against, for kernels whose backend has no reference of its own.
    """

    name: str
    what: str
    backend: str
    dtype: str
    n: int
    imports: str
    define: str
    args: tuple[str, ...]
    make: str
    reference: str | None = None


_SIN_INPUT = "{'x': rng.uniform(-3.0, 3.0, n)}"
KERNELS: tuple[Kernel, ...] = (
    Kernel(
        "noop", "a no-op call, `kernel()` returning 0", "python", "float64", 1, "",
        "def kernel():\n    return 0\n", (), "{}",
    ),
    Kernel(
        "scalar", "`math.sin(x)` on a Python float", "python", "float64", 1, "import math",
        "def kernel(x):\n    return math.sin(x)\n", ("x",), "{'x': 0.5}",
    ),
    Kernel(
        "numpy_small", "`np.sin(x)`, 100 float64", "numpy", "float64", 100,
        "import numpy as np", "def kernel(x):\n    return np.sin(x)\n", ("x",), _SIN_INPUT,
    ),
    Kernel(
        "torch_op", "`torch.sin(x)`, 1000 float32 (CPU)", "torch", "float32", 1000,
        "import torch", "def kernel(x):\n    return torch.sin(x)\n", ("x",), _SIN_INPUT,
        "import numpy as np\ndef ref(x):\n    return np.sin(x)\n",
    ),
    Kernel(
        "jax_jit", "`jax.jit(sin(x)**2)`, 10^4 float32, `block_until_ready()` each call",
        "jax", "float32", 10_000, "import jax\nimport jax.numpy as jnp",
        "_f = jax.jit(lambda x: jnp.sin(x) ** 2)\n\n"
        "def kernel(x):\n    return _f(x).block_until_ready()\n",
        ("x",), _SIN_INPUT, "import numpy as np\ndef ref(x):\n    return np.sin(x) ** 2\n",
    ),
    Kernel(
        "numpy_large", "`np.sin(x)`, 10^6 float64", "numpy", "float64", 10**6,
        "import numpy as np", "def kernel(x):\n    return np.sin(x)\n", ("x",), _SIN_INPUT,
    ),
    Kernel(
        "matmul", "`a @ b`, 1000x1000 float64 (NumPy's BLAS, one thread)", "numpy", "float64",
        1000, "import numpy as np", "def kernel(a, b):\n    return a @ b\n", ("a", "b"),
        "{'a': rng.standard_normal((n, n)), 'b': rng.standard_normal((n, n))}",
    ),
)  # fmt: skip

#: How each backend's inputs are made for the peers: as arraybench's backends make them.
_CONVERT = {
    "python": "def _convert(v):\n    return v.tolist() if hasattr(v, 'tolist') else v\n",
    "numpy": "def _convert(v):\n    return np.array(v, dtype=DTYPE, copy=True)\n",
    "torch": "import torch\n"
    "def _convert(v):\n    return torch.from_numpy(np.array(v, dtype=DTYPE, copy=True))\n",
    "jax": "import jax\n"
    "def _convert(v):\n    return jax.device_put(np.asarray(v, dtype=DTYPE)).block_until_ready()\n",
}


def by_name(names: str) -> tuple[Kernel, ...]:
    """The kernels named in a comma-separated list, in its order.

    Raises:
        ValueError: naming the unknown kernels and the known ones.
    """
    known = {k.name: k for k in KERNELS}
    wanted = [s.strip() for s in names.split(",") if s.strip()]
    unknown = [n for n in wanted if n not in known]
    if unknown or not wanted:
        raise ValueError(
            f"unknown kernel {', '.join(unknown) or names!r}; choose from {', '.join(known)}"
        )
    return tuple(known[n] for n in wanted)


def setup_source(k: Kernel) -> str:
    """Python source that defines ``kernel`` and its inputs, and calls it once.

    Executed alike in this process (timeit), in torch.utils.benchmark's process, in the
    reference process, in pyperf's workers and in pytest-benchmark's test file. The inputs are
    made as arraybench makes them: float64 from ``numpy.random.default_rng([0, n])``, then
    converted by the backend.

    Args:
        k: the kernel.

    Returns:
        The source; after it runs, ``kernel`` and one global per name in ``k.args`` exist.
    """
    lines = [k.imports, k.define]
    if k.args and k.backend != "python":
        lines += [
            "import numpy as np",
            f"DTYPE = {k.dtype!r}",
            _CONVERT[k.backend],
            f"n = {k.n}",
            "rng = np.random.default_rng([0, n])",
        ]
    elif k.args:
        lines += [_CONVERT["python"], f"n = {k.n}", "rng = None"]
    lines.append(f"_inputs = {k.make}")
    lines += [f"{a} = _convert(_inputs[{a!r}])" for a in k.args]
    # The first call (JIT compilation, allocator and cache warm-up) is made here, outside every
    # tool's timing, as arraybench keeps its first call apart.
    lines.append(statement(k))
    return "\n".join(line for line in lines if line) + "\n"


def workload_source(k: Kernel) -> str:
    """A workload file, as a user of arraybench writes one: the kernel as its only impl.

    arraybench makes the inputs itself from ``make`` (the same seeded float64 values the other
    tools get, converted by the backend), makes the first call apart, and checks the output
    against ``ref`` where the kernel's backend has no reference of its own.

    Args:
        k: the kernel.

    Returns:
        The file's source; it defines one Workload, ``workload``.
    """
    lines = ["import arraybench as ab", k.imports, k.define]
    if k.reference is not None:
        lines.append(k.reference)
    lines += [
        f"workload = ab.Workload({'peers_' + k.name!r}, sizes=({k.n},), dtypes=({k.dtype!r},),"
        f" description={k.what!r})",
        "",
        "",
        "@workload.inputs",
        "def _make(n, rng):",
        f"    return dict({k.make})",
        "",
        "",
        f"workload.impl({k.backend!r}, label={k.name!r}, reference={k.reference is None})(kernel)",
    ]
    if k.reference is not None:
        lines.append("workload.impl('numpy', label='ref')(ref)")
    return "\n".join(lines) + "\n"


def statement(k: Kernel) -> str:
    """The timed statement, ``kernel(x)``: the same call in every tool.

    Args:
        k: the kernel.

    Returns:
        The statement's source.
    """
    return f"kernel({', '.join(k.args)})"


def namespace(k: Kernel) -> dict[str, Any]:
    """Run :func:`setup_source` in a fresh namespace of this process.

    Args:
        k: the kernel.

    Returns:
        The namespace, holding ``kernel`` and its inputs.
    """
    ns: dict[str, Any] = {"__name__": f"peers_{k.name}"}
    exec(compile(setup_source(k), f"<kernel {k.name}>", "exec"), ns)
    return ns
