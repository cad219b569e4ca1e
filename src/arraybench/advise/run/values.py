"""What a value is at run time, in the terms the advisor's rules need.

A static reader cannot tell a tensor from a shape tuple, a float64 array from a float32 one, a
GPU tensor from a CPU one, or three items from a million when the value comes from another
library. A run can: :func:`describe` turns a value into a :class:`Fact` (its type, dtype,
device, shape, contiguity, length) without importing any library the program has not imported
and without touching the data (no sync, no copy).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

#: Kinds of value, as the rules speak of them.
#: a torch.nn.Module (its dtype and device are its first parameter's)
MODEL = "model"
TENSOR, ARRAY, JAX, SCALAR, SEQUENCE, OTHER = (
    "tensor",
    "array",
    "jax",
    "scalar",
    "sequence",
    "other",
)


@dataclass(frozen=True)
class Fact:
    """One value seen at run time.

    Attributes:
        kind: ``tensor`` (torch), ``array`` (NumPy, CuPy), ``jax``, ``scalar`` (Python or NumPy
            number, 0-d), ``sequence`` (list, tuple), ``other``.
        type: the qualified type name (``torch.Tensor``, ``numpy.ndarray``, ``list``).
        dtype: the element type where there is one (``float32``), else "".
        device: ``cpu``, ``cuda:0``, ... for arrays and tensors, else "".
        shape: the shape (arrays), ``(len,)`` for a sequence, ``()`` for a scalar.
        contiguous: C-contiguous (arrays and tensors), else None.
        item: for a sequence, the fact of its first item's kind (``tensor``, ``scalar``...).
        grad: a tensor that autograd records (``requires_grad``); a model whose parameters
            require grad; None where it does not apply.
    """

    kind: str
    type: str
    dtype: str = ""
    device: str = ""
    shape: tuple[int, ...] = ()
    contiguous: bool | None = None
    item: str = ""
    grad: bool | None = None
    #: a Python int's value (a loop bound, a size)
    value: int | None = None
    #: for a list or tuple whose first item is an array or tensor: that item's dtype and
    #: number of elements (``state`` of ``(S, E, I, R)`` float64 tensors, handed to a step);
    #: whose first item is a tuple or list: that item's length in ``item_size`` (a list of
    #: ``(badge, day)`` pairs, whose ``in`` compares tuples)
    item_dtype: str = ""
    item_size: int = 0
    #: for a list or tuple, a fingerprint of the object and a few of its items (see
    #: :func:`fingerprint`): equal at two looks when the same unchanged list was there both
    #: times (a table passed again and again), different for a fresh batch
    ident: int | None = field(default=None, compare=False)
    #: a float's value (Python or NumPy), as first seen: a linear filter's factor tells
    #: whether its NumPy closed form stays finite
    number: float | None = field(default=None, compare=False)

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    def __str__(self) -> str:
        if self.kind in (TENSOR, ARRAY, JAX):
            shape = "x".join(str(d) for d in self.shape) or "0-d"
            where = f" on {self.device}" if self.device else ""
            layout = "" if self.contiguous in (None, True) else ", not contiguous"
            grad = ", requires grad" if self.grad else ""
            return f"{self.type} {self.dtype} {shape}{where}{layout}{grad}"
        if self.kind == MODEL:
            return f"{self.type} ({self.dtype} on {self.device})" if self.dtype else self.type
        if self.kind == SEQUENCE:
            of = f" of {self.item}" if self.item else ""
            return f"{self.type} of {self.shape[0] if self.shape else 0}{of}"
        if self.kind == SCALAR:
            return self.type
        if is_sparse(self):
            shape = "x".join(str(d) for d in self.shape)
            return f"{self.type} {self.dtype} {shape}, {self.value:,} stored"
        return self.type

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "type": self.type}
        if self.dtype:
            out["dtype"] = self.dtype
        if self.device:
            out["device"] = self.device
        if self.kind != OTHER:
            out["shape"] = list(self.shape)
        if self.contiguous is not None:
            out["contiguous"] = self.contiguous
        if self.item:
            out["item"] = self.item
        if self.grad is not None:
            out["requires_grad"] = self.grad
        return out


def _typename(value: Any) -> str:
    t = type(value)
    mod = t.__module__
    if mod == "builtins":
        return t.__qualname__
    root = mod.split(".")[0]
    if root == "torch" and t.__name__ == "Tensor":
        return "torch.Tensor"
    return f"{root}.{t.__qualname__}"


def describe(value: Any) -> Fact:
    """The fact of one value; never raises, never syncs or copies."""
    try:
        return _describe(value)
    except Exception:
        return Fact(OTHER, _typename(value))


def _describe(value: Any) -> Fact:
    name = _typename(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Fact(SCALAR, name, value=value)
    if isinstance(value, float):
        return Fact(SCALAR, name, number=value)
    if isinstance(value, (bool, complex)):
        return Fact(SCALAR, name)
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        kind = SCALAR if value.dim() == 0 else TENSOR
        return Fact(
            kind,
            "torch.Tensor",
            str(value.dtype).removeprefix("torch."),
            str(value.device),
            tuple(value.shape),
            bool(value.is_contiguous()) if value.layout == torch.strided else None,
            grad=bool(value.requires_grad),
        )
    if torch is not None and isinstance(value, torch.nn.Module):
        p = next(iter(value.parameters()), None)
        if p is None:
            return Fact(MODEL, name)
        return Fact(
            MODEL,
            name,
            str(p.dtype).removeprefix("torch."),
            str(p.device),
            grad=bool(p.requires_grad),
        )
    np = sys.modules.get("numpy")
    if np is not None:
        if isinstance(value, np.ndarray):
            return Fact(
                SCALAR if value.ndim == 0 else ARRAY,
                "numpy.ndarray",
                str(value.dtype),
                "cpu",
                tuple(value.shape),
                bool(value.flags.c_contiguous),
            )
        if isinstance(value, np.floating):
            return Fact(SCALAR, name, str(value.dtype), number=float(value))
        if isinstance(value, np.generic):
            return Fact(SCALAR, name, str(value.dtype))
    jax = sys.modules.get("jax")
    jax_array: Any = getattr(jax, "Array", ()) if jax is not None else ()
    if jax_array and isinstance(value, jax_array):
        arr: Any = value
        try:
            devices = sorted(str(d) for d in arr.devices())
        except Exception:  # a tracer inside jit has no devices
            devices = []
        return Fact(
            SCALAR if arr.ndim == 0 else JAX,
            "jax.Array",
            str(arr.dtype),
            ",".join(devices).lower(),
            tuple(arr.shape),
        )
    cupy = sys.modules.get("cupy")
    if cupy is not None and isinstance(value, cupy.ndarray):
        return Fact(
            ARRAY,
            "cupy.ndarray",
            str(value.dtype),
            f"cuda:{value.device.id}",
            tuple(value.shape),
            bool(value.flags.c_contiguous),
        )
    sparse = sys.modules.get("scipy.sparse")
    if sparse is not None and sparse.issparse(value):
        # (an object, not an array a loop indexes: its stored values, ``value``, say what it
        # costs to factor or multiply; ``splu((self.C + dt * self.K).tocsc())`` per step)
        return Fact(
            OTHER,
            f"scipy.{type(value).__name__}",
            str(value.dtype),
            "cpu",
            tuple(value.shape),
            value=int(value.nnz),
        )
    if isinstance(value, (list, tuple)):
        head = _describe(value[0]) if value else None
        array = head is not None and is_array(head)
        return Fact(
            SEQUENCE,
            name,
            shape=(len(value),),
            item=head.kind if head is not None else "",
            ident=fingerprint(value),
            item_dtype=head.dtype if head is not None and array else "",
            item_size=(
                head.size
                if head is not None and array
                else head.shape[0]
                if head is not None and head.kind == SEQUENCE and head.shape
                else 0
            ),
        )
    if isinstance(value, dict):  # parameters, optimizer states: what their values are
        first = _describe(next(iter(value.values()))).kind if value else ""
        return Fact(SEQUENCE, name, shape=(len(value),), item=first)
    return Fact(OTHER, name)


def _peek(item: Any) -> Any:
    """A cheap stand-in for an item's content: a number or string itself, a list's length and
    first item, else the object's identity."""
    if isinstance(item, (int, float, str, bool)):
        return item
    if isinstance(item, (list, tuple)):
        return (len(item), _peek(item[0]) if item and not isinstance(item[0], (list, tuple)) else 0)
    return id(item)


def fingerprint(seq: list[Any] | tuple[Any, ...]) -> int:
    """The identity of a list or tuple and of a few of its items (first two, last), in O(1):
    a list object freed and another made at the same address with other content (a batch per
    iteration) tells itself apart by its items."""
    items = (seq[0], seq[1], seq[-1]) if len(seq) > 2 else tuple(seq)
    return hash((id(seq), len(seq), tuple(_peek(x) for x in items)))


def is_sparse(fact: Fact) -> bool:
    """A SciPy sparse matrix (its stored values in ``value``)."""
    return fact.kind == OTHER and fact.type.startswith("scipy.") and fact.value is not None


def is_array(fact: Fact) -> bool:
    """An array or tensor of any size (what an element loop indexes)."""
    return fact.kind in (TENSOR, ARRAY, JAX)


def on_device(fact: Fact) -> bool:
    """On an accelerator: what a sync or a copy to the host waits for."""
    return bool(fact.device) and not fact.device.startswith("cpu") and fact.device != "tfrt_cpu_0"


def shown(facts: dict[str, Fact]) -> dict[str, str]:
    return {
        n: str(f)
        for n, f in facts.items()
        if f.kind != "other"
        or f.type not in ("module", "function", "type", "builtin_function_or_method")
    }


def array_scalar(f: Fact) -> bool:
    """An element taken out of an array: a NumPy scalar, a 0-d tensor or JAX array."""
    return f.kind == SCALAR and (
        f.type.startswith("numpy.") or f.type in ("torch.Tensor", "jax.Array")
    )


def torchish(f: Fact) -> bool:
    """A torch tensor or JAX array, 0-d included: what ``.item()`` syncs on."""
    return f.kind in (TENSOR, JAX) or (f.kind == SCALAR and f.type in ("torch.Tensor", "jax.Array"))
