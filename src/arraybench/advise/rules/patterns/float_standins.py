"""AB412's stand-in on Python floats: a statement on Python numbers with its NumPy calls made
``math``'s or the builtins' (``np.exp`` -> ``math.exp``, ``np.maximum`` -> ``max``) and its NumPy
numbers floats, timed after the run beside the statement as it is: the difference a run is what
the rewrite saves (advise/rules/patterns/tiny_arrays.py)."""

from __future__ import annotations

import ast
import statistics

from ...run.evaluate import expression_times
from ...run.values import SCALAR, Fact

#: Libraries whose calls a statement on numbers makes (the roots of ``np.exp``, ``torch.sin``).
LIBRARIES = ("numpy", "torch", "scipy")


#: NumPy's functions of one or two numbers and the ``math`` function (or builtin, after a
#: ``.``-less name) that does the same on Python floats.
_MATH: dict[str, str] = {
    **{
        f: f
        for f in (
            "exp", "expm1", "log", "log2", "log10", "log1p", "sqrt", "sin", "cos", "tan",
            "sinh", "cosh", "tanh", "floor", "ceil", "hypot", "fabs", "copysign", "degrees",
            "radians", "isnan", "isinf", "isfinite", "trunc",
        )
    },
    "arcsin": "asin", "arccos": "acos", "arctan": "atan", "arctan2": "atan2",
    "arcsinh": "asinh", "arccosh": "acosh", "arctanh": "atanh", "deg2rad": "radians",
    "rad2deg": "degrees", "power": "pow", "float_power": "pow", "abs": ".abs",
    "absolute": ".abs", "maximum": ".max", "minimum": ".min", "fmax": ".max", "fmin": ".min",
    "float64": ".float", "float32": ".float", "int64": ".int", "round": ".round",
}  # fmt: skip


def library_function(node: ast.expr, aliases: dict[str, str]) -> bool:
    """``np.exp``, ``torch.linalg.norm``, ``np.random.choice``: a function of a library."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and aliases.get(node.id, "").split(".")[0] in LIBRARIES


class _ToFloats(ast.NodeTransformer):
    """``np.exp(x)`` as ``math.exp(x)``, ``np.maximum(a, b)`` as ``max(a, b)``: a statement on
    Python numbers with its NumPy calls made Python's. ``failed`` where a library call is left
    that has no such stand-in."""

    def __init__(self, aliases: dict[str, str]) -> None:
        self.aliases = aliases
        self.failed = False

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        fn = node.func
        if not library_function(fn, self.aliases):
            return node  # a builtin, ``math``'s, the user's function: Python's already
        if (
            isinstance(fn, ast.Attribute)
            and isinstance(fn.value, ast.Name)
            and self.aliases.get(fn.value.id) == "numpy"
            and fn.attr in _MATH
            and not node.keywords
        ):
            name = _MATH[fn.attr]
            func: ast.expr = (
                ast.Name(name[1:], ast.Load())
                if name.startswith(".")
                else ast.Attribute(ast.Name("math", ast.Load()), name, ast.Load())
            )
            return ast.copy_location(ast.Call(func, node.args, []), node)
        self.failed = True
        return node


def on_floats(
    expr: str,
    inputs: dict[str, Fact],
    aliases: dict[str, str],
    times: list[float],
    budget: float,
) -> tuple[float, float, float] | None:
    """What a statement on Python numbers saves a run when its NumPy calls become ``math``'s
    and its NumPy numbers Python floats (middle, low, high), both timed after the run on inputs
    like the ones seen; None where a call has no such stand-in or the rewrite cannot be
    timed."""
    change = _ToFloats(aliases)
    tree = change.visit(ast.parse(expr, mode="eval"))
    if change.failed:
        return None
    as_floats = {
        n: (
            Fact(SCALAR, "int" if f.dtype.startswith(("int", "uint")) else "float")
            if f.kind == SCALAR and f.type.startswith("numpy.")
            else f
        )
        for n, f in inputs.items()
    }
    modules = {**aliases, "math": "math"}
    fast = expression_times(
        ast.unparse(ast.fix_missing_locations(tree)), as_floats, modules, budget
    )
    if fast is None or len(times) < 3 or len(fast) < 3:
        return None
    slow_q, fast_q = _quartiles(times), _quartiles(fast)
    middle = max(0.0, statistics.median(times) - statistics.median(fast))
    return middle, max(0.0, slow_q[0] - fast_q[1]), max(middle, slow_q[1] - fast_q[0])


def _quartiles(times: list[float]) -> tuple[float, float]:
    """A sample's lower and upper quartiles (the median's spread without its outliers: a timed
    sample caught by another process is ten times the rest)."""
    q = statistics.quantiles(times, n=4, method="inclusive")
    return q[0], q[2]
