"""How sure the linter is that a loop runs many times.

A finding inside a loop costs what one iteration wastes times the number of iterations. The
code rarely says that number: ``for i in range(len(x))`` runs a million times on a signal and
three times on the hyperparameters of a kernel, and the two read the same. The rules decide
*what* a loop does; this module decides whether the code also shows that it runs many times:

- a literal count above a few (``range(1000)``, ``n = 10**6`` above the loop);
- an array made in the same scope with such a size (``x = np.random.rand(100_000)``);
- a count or a collection whose name says it holds data items (``n_samples``, ``num_points``,
  ``N``, ``len(signal)``, ``for img in images``, ``x.shape[0]``), or a DataLoader.

A finding in a loop with none of these is *possible*: reported by ``lint --all`` with what would
settle it, left out of the default report (docs/lint.md, "Sure and possible findings").
"""

from __future__ import annotations

import ast
import re

from .facts import Facts
from .libraries import SAME_SIZE
from .syntax import FEW_ITEMS, constant, qualname


def short_literal(node: ast.AST) -> bool:
    """A literal tuple, list or set of a few items (``(depth, height, width)``): a zip with
    it runs a few times, whatever its other arguments hold."""
    return (
        isinstance(node, ast.Tuple | ast.List | ast.Set)
        and len(node.elts) <= FEW_ITEMS
        and not any(isinstance(e, ast.Starred) for e in node.elts)
    )


#: Words that name what a loop counts when it goes over groups or axes rather than the
#: elements of data: one iteration does whole-array work on a class, a cluster, a fold, an
#: axis (``n_classes``, ``self.classes_``, ``x.ndim``, ``len(axes)``).
GROUP_WORDS = frozenset(
    {
        "class",
        "classes",
        "cluster",
        "clusters",
        "component",
        "components",
        "estimator",
        "estimators",
        "fold",
        "folds",
        "split",
        "splits",
        "task",
        "tasks",
        "group",
        "groups",
        "ndim",
        "ndims",
        "dims",
        "axis",
        "axes",
        "rank",
        "channel",
        "channels",
        "layer",
        "layers",
        "job",
        "jobs",
        "chunk",
        "chunks",
        "block",
        "blocks",
        "tree",
        "trees",
        "level",
        "levels",
        "dimension",
        "dimensions",
        "degree",
    }
)
#: Words that name groups only as a count (``n_labels``, ``num_outputs``); ``labels`` alone is
#: often the per-sample array.
COUNT_WORDS = frozenset(
    {
        "label",
        "labels",
        "target",
        "targets",
        "output",
        "outputs",
        "feature",
        "features",
        "bin",
        "bins",
        "order",
        "states",
        "params",
        "parameters",
    }
)


def counts_groups(node: ast.AST) -> bool:
    """Whether an expression names groups or axes (``n_classes``, ``len(self.classes_)``,
    ``X.ndim``, ``len(shape)``, ``n_features``) rather than a number of elements."""
    for n in ast.walk(node):
        word = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else ""
        if not word:
            continue
        if word == "shape" and isinstance(n, ast.Name):
            return True  # len(shape): the axes of a shape tuple
        tokens = [t for t in re.split(r"[_\d]+", word.lower()) if t]
        if any(t in GROUP_WORDS for t in tokens):
            return True
        if (
            len(tokens) >= 2
            and tokens[0] in ("n", "num", "number", "nb")
            and tokens[-1] in (COUNT_WORDS)
        ):
            return True
    return False


#: Name tokens that say a count or a collection is of data items: one iteration per sample,
#: point, pixel, time step or batch. ``n`` and ``N`` alone are the size of the data by
#: convention; ``n_classes`` is not (its token ``classes`` names groups: GROUP_WORDS).
ITEM_WORDS = frozenset(
    {
        "sample",
        "samples",
        "point",
        "points",
        "pts",
        "pixel",
        "pixels",
        "element",
        "elements",
        "elems",
        "item",
        "items",
        "row",
        "rows",
        "obs",
        "observation",
        "observations",
        "example",
        "examples",
        "record",
        "records",
        "query",
        "queries",
        "particle",
        "particles",
        "step",
        "steps",
        "timestep",
        "timesteps",
        "iter",
        "iters",
        "iteration",
        "iterations",
        "frame",
        "frames",
        "token",
        "tokens",
        "word",
        "words",
        "trial",
        "trials",
        "draw",
        "draws",
        "simulation",
        "simulations",
        "sim",
        "sims",
        "batch",
        "batches",
        "loader",
        "dataset",
        "data",
        "image",
        "images",
        "img",
        "imgs",
        "signal",
        "signals",
        "audio",
        "waveform",
        "series",
        "seq",
        "seqlen",
        "maxlen",
        "sequence",
        "sequences",
        "vertices",
        "nodes",
        "edges",
        "pairs",
        "pair",
        "walkers",
        "chains",
        "prices",
        "nums",
        "numbers",
        "inputs",
        "preds",
        "predictions",
        "targets",
        "labels",
        "scores",
        "probs",
        "logits",
        "coords",
        "positions",
        "times",
        "length",
        "height",
        "width",
        "size",
        "total",
    }
)

#: Whole names that are the data or its size by convention (``for v in x``, ``range(n)``).
ITEM_NAMES = frozenset(
    {"n", "N", "x", "X", "xs", "y", "ys", "a", "arr", "array", "data", "df", "t", "ts"}
)

#: One-letter names that count what is usually few: the images of a batch (B), channels (C),
#: dimensions (d, D), clusters or components (k, K). A loop over them is possible, not sure.
FEW_LETTERS = frozenset({"b", "B", "c", "C", "d", "D", "k", "K"})

#: The second word of ``X_train``, ``y_pred``: the data of a split, or predictions for it.
SPLIT_WORDS = frozenset({"train", "test", "val", "valid", "eval", "pred", "true", "hat"})

_WRAPPERS = frozenset({"enumerate", "reversed", "sorted", "iter", "list", "tqdm", "tqdm.tqdm"})


def _tokens(word: str) -> list[str]:
    return [t for t in re.split(r"[_\d]+", word.lower()) if t]


def _named_items(node: ast.AST) -> bool:
    """Whether a name or attribute says it holds data items or their number."""
    if isinstance(node, ast.Name):
        word = node.id
    elif isinstance(node, ast.Attribute):
        word = node.attr
    else:
        return False
    if word in ITEM_NAMES or word.lstrip("_") in ITEM_NAMES:
        return True
    if isinstance(node, ast.Name) and len(word) <= 2 and word.isalpha():
        # A, x, xs: data by convention; what is few is named (coefs, l1_ratios) or goes by
        # the letters of batches, channels, dimensions and clusters (range(B), range(d))
        return word not in FEW_LETTERS
    tokens = _tokens(word)
    if len(tokens) >= 2 and tokens[0] in ("x", "y") and tokens[1] in SPLIT_WORDS:
        return True  # X_train, x_test, y_pred
    return any(t in ITEM_WORDS for t in tokens)


def _collection(node: ast.AST, facts: Facts) -> bool:
    """Whether a collection (what ``len()`` measures, what a loop walks) holds many items:
    named as data (or with the one or two letters data goes by: ``x``, ``A``, ``xs``), made
    with a large literal size, or a DataLoader. A transposed array (``X.T``) walks columns
    and an indexed one (``X[i]``) a row of something: neither shows it; a slice of data
    (``x[1:]``) and data flattened (``a.ravel()``) are still data."""
    if counts_groups(node):
        return False  # self.classes_, clusters: groups, named as such
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Slice) and _collection(node.value, facts)
    receiver = _same_size(node)
    if receiver is not None:
        return _collection(receiver, facts)  # a.ravel(), t.clone(): as many as a, t
    if isinstance(node, ast.Attribute) and node.attr in ("T", "mT", "H"):
        return False
    if facts.is_loader(node) or facts.is_large(node):
        return True  # np.arange(1000), x = torch.randn(500, 3), f(np.random.rand(10**4))
    if isinstance(node, ast.Name):
        value = facts.last_value(node.id, getattr(node, "lineno", 10**9))
        receiver = _same_size(value)
        if receiver is not None:
            return _collection(receiver, facts)  # res = t.clone(): as many as t
        if (
            isinstance(value, ast.Call)
            and value.args
            and (facts.qual(value.func) or "") in _WRAPPERS
        ):
            return _collection(value.args[0], facts)  # pbar = tqdm(loader): as many as loader
    return _named_items(node)


def _same_size(node: ast.AST | None) -> ast.AST | None:
    """What ``t.clone()``, ``a.ravel()`` is called on (as many elements), else None."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in SAME_SIZE
    ):
        return node.func.value
    return None


def large_count(node: ast.AST, facts: Facts) -> bool:
    """Whether a count (a ``range`` bound, a ``while`` limit) is shown to be large."""
    if counts_groups(node):
        return False  # n_classes, len(self.layers): groups, named as such
    c = constant(node, facts)
    if c is not None:
        return c > FEW_ITEMS
    if isinstance(node, ast.BinOp):
        return large_count(node.left, facts) or large_count(node.right, facts)
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id == "len" and node.args:
            return _collection(node.args[0], facts)  # len(signal), len(x)
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("size", "numel"):
            first = not node.args or constant(node.args[0]) == 0
            return first and _collection(node.func.value, facts)  # x.size(0), x.numel()
        return False
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
        if node.value.attr == "shape" and constant(node.slice) == 0:
            return _collection(node.value.value, facts)  # X.shape[0]: the rows of X
        return False
    if isinstance(node, ast.Attribute) and node.attr == "size":
        return _collection(node.value, facts)
    if isinstance(node, ast.Name):
        value = facts.last_value(node.id, getattr(node, "lineno", 10**9))
        if _named_items(node):
            return True  # n_samples, N, num_steps
        if value is not None:
            return large_count(value, facts)  # len_t = len(thresholds): as its value says
    return _named_items(node)


def many_iterations(it: ast.AST, facts: Facts) -> bool:
    """Whether a ``for`` over ``it`` (or a comprehension's generator) is shown to run many
    times: over a large ``range``, a large or data-named collection, a DataLoader."""
    while (
        isinstance(it, ast.Call)
        and isinstance(it.func, ast.Name | ast.Attribute)
        and (facts.qual(it.func) or "") in _WRAPPERS
        and it.args
    ):
        it = it.args[0]
    if isinstance(it, ast.Call):
        q = facts.qual(it.func) or ""
        if q == "range" and it.args:
            stop = it.args[1] if len(it.args) >= 2 else it.args[0]
            return large_count(stop, facts)
        if q == "zip" and any(short_literal(a) for a in it.args):
            return False  # zip(size, (d, h, w)): as few as the shortest
        if q in ("zip", "itertools.product", "numpy.ndindex"):
            return any(many_iterations(a, facts) for a in it.args)
        if q in ("numpy.nditer", "numpy.ndenumerate"):
            return bool(it.args) and _collection(it.args[0], facts)
        if q.rsplit(".", 1)[-1] in ("arange", "linspace"):
            return facts.is_large(it)
    return _collection(it, facts)


def steps_loop(loop: ast.For | ast.AsyncFor | ast.While) -> bool:
    """A loop that takes one optimizer step (``loss.backward()``, ``opt.step()``) per
    iteration in its own body, or walks a ``batch`` at a time: a loop over training steps or
    batches, which runs many times (an epoch loop holds its batch loop, so it is not one)."""
    if isinstance(loop, ast.For | ast.AsyncFor):
        target = loop.target.elts[0] if isinstance(loop.target, ast.Tuple) else loop.target
        if isinstance(target, ast.Name) and set(_tokens(target.id)) & {"batch", "minibatch"}:
            return True
    stack: list[ast.AST] = list(loop.body)
    while stack:
        n = stack.pop()
        if isinstance(n, ast.For | ast.AsyncFor | ast.While | ast.FunctionDef | ast.Lambda):
            continue  # an inner loop takes the steps: this one is over epochs
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in ("backward", "step")
            and not n.args
        ):
            return True
        stack.extend(ast.iter_child_nodes(n))
    return False


def while_many(test: ast.AST, facts: Facts) -> bool:
    """Whether a ``while`` loop's test shows a large count (``while t < 10_000``,
    ``while step < num_steps``)."""
    if isinstance(test, ast.Compare):
        return any(large_count(c, facts) for c in [test.left, *test.comparators])
    if isinstance(test, ast.BoolOp):
        return any(while_many(v, facts) for v in test.values)
    return False


#: Words that name a few things a loop goes over (types, metrics, options), not data.
COLD_WORDS = frozenset(
    {
        "type",
        "types",
        "kind",
        "kinds",
        "mode",
        "modes",
        "name",
        "names",
        "key",
        "keys",
        "metric",
        "metrics",
        "option",
        "options",
        "config",
        "configs",
        "setting",
        "settings",
        "stat",
        "stats",
    }
)


def hot(node: ast.AST, facts: Facts) -> bool:
    """Whether a loop may run many times: over steps, batches, elements, an unknown
    iterable; not over a few named things (classes, metrics, keys, types, a literal
    tuple, a dict's items, range(3))."""
    if not isinstance(node, ast.For | ast.AsyncFor):
        return True
    it: ast.AST = node.iter
    while (
        isinstance(it, ast.Call)
        and isinstance(it.func, ast.Name)
        and it.func.id in ("enumerate", "reversed", "sorted", "iter", "zip", "list", "tqdm")
        and it.args
    ):
        if it.func.id == "zip" and any(short_literal(a) for a in it.args):
            return False  # zip(names, (w, b)): as few as the shortest
        it = it.args[0]
    if isinstance(it, ast.Call) and facts.qual(it.func) == "range":
        stop = it.args[1] if len(it.args) >= 2 else (it.args[0] if it.args else None)
        if isinstance(stop, ast.Constant) and isinstance(stop.value, int):
            return stop.value > FEW_ITEMS
        return stop is None or not counts_groups(stop)
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute):
        if it.func.attr in ("items", "keys", "values"):
            return False
        if it.func.attr == "product" or facts.qual(it.func) == "itertools.product":
            return not any(counts_groups(a) for a in it.args)
    if isinstance(it, ast.Tuple | ast.List | ast.Set | ast.Dict):
        return False
    if counts_groups(it):
        return False
    q = qualname(it, {}) or ""
    words = {w for w in re.split(r"[_.\d]+", q.lower()) if w}
    if words & COLD_WORDS:
        return False
    if isinstance(it, ast.Name):
        before = facts.last_value(it.id, it.lineno)
        if isinstance(before, ast.Tuple | ast.List | ast.Dict | ast.Set):
            return False
    return True
