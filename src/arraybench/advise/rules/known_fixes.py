"""Hot lines with a known fix that no rule prices, told from the source and an after-run
timing (rules/hints.py reads them): a periodic Laplacian or convolution by a general filter,
the stencil by hand; a loop that adds a list's items, the builtin ``sum``."""

from __future__ import annotations

import ast

from ..read.source import Loop, SourceFile, call_name, statement_at
from ..read.syntax import walk_tree
from ..run.checks import COMPOUND
from ..run.stencils import laplace_ratio, rolled_convolution_ratio
from ..run.values import Fact, is_array


def ndimage_laplace(sf: SourceFile, line: int, facts: dict[str, Fact]) -> str:
    """ "" unless the line takes ``scipy.ndimage.laplace`` of a NumPy grid with periodic edges
    (``mode="wrap"``): the same 5-point stencil written with ``np.roll`` (or slices), timed
    after the run on a grid of the shape seen (round 19's Gray-Scott: 12x as fast, 46.5% of
    the run saved)."""
    stmt = statement_at(sf, line, COMPOUND)
    if stmt is None:
        return ""
    for node in ast.walk(stmt):
        if not (isinstance(node, ast.Call) and call_name(node) == "laplace" and node.args):
            continue
        mode = next((k.value for k in node.keywords if k.arg == "mode"), None)
        if not (isinstance(mode, ast.Constant) and mode.value == "wrap"):
            continue
        arg = ast.unparse(node.args[0])
        x = facts.get(arg)
        if x is None or not is_array(x) or x.type != "numpy.ndarray" or len(x.shape) != 2:
            continue
        ratio = laplace_ratio(x.shape, x.dtype)
        timed = (
            f" ran {ratio:.1f}x as fast on a {x} grid (timed after the run)"
            if ratio is not None
            else ""
        )
        return (
            f"scipy.ndimage.laplace({arg}, mode='wrap') is a general filter; the same periodic "
            f"5-point stencil, np.roll({arg}, 1, 0) + np.roll({arg}, -1, 0) + np.roll({arg}, 1, "
            f"1) + np.roll({arg}, -1, 1) - 4 * {arg},{timed}"
        )
    return ""


def wrapped_convolution(sf: SourceFile, line: int, facts: dict[str, Fact]) -> str:
    """ "" unless the line takes ``convolve2d(x, k, mode="same", boundary="wrap")`` of a NumPy
    grid with a kernel of at most 5x5 seen: the kernel's weighted slices of the grid padded by
    wrapping, timed after the run on a grid of the shape seen (round 26's Game of Life and
    Cahn-Hilliard: a 3x3 neighbour count on a 50x50 or 100x100 lattice, 11.8-20.2% of their runs
    saved by slices of a padded copy)."""
    stmt = statement_at(sf, line, COMPOUND)
    if stmt is None:
        return ""
    for node in ast.walk(stmt):
        if not (
            isinstance(node, ast.Call) and call_name(node) == "convolve2d" and len(node.args) >= 2
        ):
            continue
        boundary = next((k.value for k in node.keywords if k.arg == "boundary"), None)
        mode = next((k.value for k in node.keywords if k.arg == "mode"), None)
        if not (
            isinstance(boundary, ast.Constant)
            and boundary.value in ("wrap", "circular")
            and isinstance(mode, ast.Constant)
            and mode.value == "same"
        ):
            continue
        arg, kern = (ast.unparse(a) for a in node.args[:2])
        x, k = facts.get(arg), facts.get(kern)
        if x is None or x.type != "numpy.ndarray" or len(x.shape) != 2:
            continue
        if k is None or not is_array(k) or len(k.shape) != 2 or max(k.shape) > 5:
            continue
        ratio = rolled_convolution_ratio(x.shape, k.shape, x.dtype)
        timed = (
            f" ran {ratio:.1f}x as fast on a {x} grid (timed after the run)"
            if ratio is not None
            else ""
        )
        return (
            f"convolve2d({arg}, {kern}, mode='same', boundary='wrap') is a general convolution; "
            f"with a {k.shape[0]}x{k.shape[1]} kernel, the sum of its cells' weights times "
            f"slices of p = np.pad({arg}, 1, mode='wrap') (a neighbour count: p[:-2, :-2] + "
            f"p[:-2, 1:-1] + ... , the eight shifted slices added; convolve2d flips the "
            f"kernel){timed}"
        )
    return ""


def summed_items(sf: SourceFile, lp: Loop) -> tuple[str, str] | None:
    """(the accumulator, the sequence) of a ``for x in seq:`` loop whose body is only
    ``acc += x`` (or ``acc = acc + x``); None for any other loop."""
    if sf.tree is None:
        return None
    node = next(
        (n for n in walk_tree(sf.tree) if isinstance(n, ast.For) and n.lineno == lp.line), None
    )
    if node is None or not isinstance(node.target, ast.Name) or len(node.body) != 1:
        return None
    item, st = node.target.id, node.body[0]
    if (
        isinstance(st, ast.AugAssign)
        and isinstance(st.op, ast.Add)
        and isinstance(st.target, ast.Name)
        and isinstance(st.value, ast.Name)
        and st.value.id == item
    ):
        return st.target.id, ast.unparse(node.iter)
    if (
        isinstance(st, ast.Assign)
        and len(st.targets) == 1
        and isinstance(st.targets[0], ast.Name)
        and isinstance(st.value, ast.BinOp)
        and isinstance(st.value.op, ast.Add)
        and {ast.unparse(st.value.left), ast.unparse(st.value.right)} == {st.targets[0].id, item}
    ):
        return st.targets[0].id, ast.unparse(node.iter)
    return None
