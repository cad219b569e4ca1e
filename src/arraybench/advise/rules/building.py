"""AB107 and AB108: arrays grown by copying inside a loop, and arrays or tensors built from
Python data piece by piece (one small tensor per item, the same data converted on every
iteration, ``torch.tensor`` of a list of tensors)."""

from __future__ import annotations

import ast

from ..read.counts import hot
from ..read.loops import LoopBody, scope_walk
from ..read.syntax import qualname
from .walk import LoopState, Walk, collects, loop_body, loop_targets, name_nodes

#: Calls that build an array from Python data.
BUILDERS = frozenset(
    {
        "torch.tensor",
        "torch.as_tensor",
        "torch.Tensor",
        "torch.FloatTensor",
        "torch.LongTensor",
        "numpy.array",
        "numpy.asarray",
        "jax.numpy.array",
        "jax.numpy.asarray",
        "xp.asarray",
        "xp.array",
        "cupy.array",
        "cupy.asarray",
    }
)

#: Libraries whose arrays may live on a device: a small constant tensor built in a loop is a
#: host-to-device copy per iteration there, a few hundred nanoseconds in NumPy.
DEVICE_LIBS = frozenset({"torch", "jax", "cupy"})

#: Calls that grow an array by copying it with something appended.
GROWERS = frozenset(
    f"{lib}.{fn}"
    for lib in ("numpy", "torch", "jax.numpy", "xp", "cupy")
    for fn in (
        "append",
        "concatenate",
        "concat",
        "cat",
        "vstack",
        "hstack",
        "dstack",
        "stack",
        "column_stack",
        "row_stack",
    )
)

#: Names of iterables that hold batches, not items: a conversion per batch is per batch.
_BATCH_WORDS = ("loader", "batch", "dataset", "chunk", "shard", "epoch")


def _batch_like(it: ast.AST) -> bool:
    q = qualname(it.func if isinstance(it, ast.Call) else it, {}) or ""
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.args:
        q = qualname(it.args[0], {}) or q  # enumerate(loader)
    return any(w in q.lower() for w in _BATCH_WORDS)


def _is_scalar_cast(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id in ("float", "int", "bool", "len")


class BuildRules(Walk):
    """AB107 and AB108, checked at assignments and calls in loops."""

    def _grow(self, target: ast.AST, value: ast.AST) -> None:
        if not isinstance(value, ast.Call):
            return
        q = self._qual(value.func)
        if q not in GROWERS or not value.args:
            return
        me = qualname(target, {})
        if me is None:
            return
        first = value.args[0]
        pieces = first.elts if isinstance(first, ast.List | ast.Tuple) else [first]
        if q.endswith(".append"):
            pieces = [first]
        if not any(qualname(p, {}) == me for p in pieces):
            return
        loop = self.loops[-1]
        inside = {id(n) for n in ast.walk(value)}
        for n in scope_walk(loop_body(loop)):
            if (
                id(n) not in inside
                and isinstance(n, ast.Name | ast.Attribute)
                and isinstance(n.ctx, ast.Load)
                and qualname(n, {}) == me
            ):
                return  # tokens = cat([tokens, nxt]) fed back to the model: state, not output
        self.report("AB107", value)

    def _build(self, node: ast.Call, q: str | None) -> None:
        if q not in BUILDERS or not node.args:
            return
        arg = node.args[0]
        loop = self.loops[-1]
        if self.facts.is_array(arg):
            if self._rows_stacked(node, q, loop):
                self.report("AB108", node)  # rows.append(torch.tensor(row)); torch.stack(rows)
            return
        nest = self._element_nest()
        if nest is not None and LoopBody(self.facts, nest, [arg]).is_element_loop():
            self.report("AB108", node)
        elif isinstance(arg, ast.Name) and (
            arg.id in loop.grown or (self._invariant(arg, loop) and hot(loop.node, self.facts))
        ):
            # a list converted whole on every append (quadratic), or the same data every time
            self.report("AB108", node)
        elif (
            isinstance(arg, ast.List | ast.Tuple)
            and q is not None
            and q.split(".", 1)[0] in DEVICE_LIBS
            and arg.elts
            and all(
                self._invariant(n, loop) or n.id in self.namespaces
                for e in arg.elts
                for n in name_nodes(e)
            )
            and hot(loop.node, self.facts)
        ) or self._piece_by_piece(node, q, loop):
            # the same constants every time, or one small tensor per item, stacked later
            self.report("AB108", node)

    def _rows_stacked(self, node: ast.Call, q: str | None, loop: LoopState) -> bool:
        """``for row in frames: rows.append(torch.tensor(row))`` then ``torch.stack(rows)``:
        one tensor per row of an array that one conversion of the whole would replace."""
        arg = node.args[0]
        if q is None or q.split(".", 1)[0] not in DEVICE_LIBS:
            return False
        if loop.coarse or not self._per_iteration(node):
            return False
        if not isinstance(loop.node, ast.For | ast.AsyncFor) or _batch_like(loop.node.iter):
            return False
        if not (isinstance(arg, ast.Name) and arg.id in loop_targets(loop)):
            return False
        it = loop.node.iter
        if isinstance(it, ast.Call) and self._qual(it.func) == "enumerate" and it.args:
            it = it.args[0]
        if not self.facts.is_array(it):
            return False  # for path in files: arr = load(path): arrays of their own
        collected = self._collected_into(node, loop)
        return collected is not None and collected in self._stacked()

    def _piece_by_piece(self, node: ast.Call, q: str | None, loop: LoopState) -> bool:
        """``rows.append(torch.tensor([a, b]))`` item by item, to be stacked later: one tiny
        tensor (a host-to-device copy, on a GPU) per item where one conversion of the list of
        rows would do. Needs a fine-grained loop (no inner loop, not over a loader) and either
        scalars (a literal of names, an unpacked loop variable) or a stack of the list after."""
        if q is None or loop.coarse or not self._per_iteration(node):
            return False
        if not isinstance(loop.node, ast.For | ast.AsyncFor) or _batch_like(loop.node.iter):
            return False
        lib = q.split(".", 1)[0]
        arg = node.args[0]
        targets = loop_targets(loop)
        for outer in self.loops:
            targets |= loop_targets(outer)
        scalars = (
            isinstance(arg, ast.List | ast.Tuple)
            and bool(arg.elts)
            and all(
                isinstance(e, ast.Name | ast.Constant | ast.BinOp | ast.UnaryOp | ast.Subscript)
                or (isinstance(e, ast.Call) and _is_scalar_cast(e))
                for e in arg.elts
            )
            and bool(name_nodes(arg))
        ) or (isinstance(arg, ast.Name) and arg.id in targets)
        collected = self._collected_into(node, loop)
        if collected is None:
            return False
        if lib == "numpy":
            return scalars and collected in self._stacked()
        return scalars or collected in self._stacked()

    def _collected_into(self, node: ast.Call, loop: LoopState) -> str | None:
        """The list a value is appended to in the loop (directly, or through one name)."""
        stmt = self.stmt
        if stmt is None:
            return None
        for c in ast.walk(stmt):
            if isinstance(c, ast.Call) and collects(c) and any(a is node for a in c.args):
                return qualname(c.func.value, {})  # type: ignore[attr-defined]
        if isinstance(stmt, ast.Assign) and stmt.value is node and len(stmt.targets) == 1:
            t = stmt.targets[0]
            if isinstance(t, ast.Name):
                for c in scope_walk(loop_body(loop)):
                    if (
                        isinstance(c, ast.Call)
                        and collects(c)
                        and any(isinstance(a, ast.Name) and a.id == t.id for a in c.args)
                    ):
                        return qualname(c.func.value, {})  # type: ignore[attr-defined]
        return None

    def _stacked(self) -> set[str]:
        """Lists that the scope joins into one array (torch.stack(rows), np.array(rows))."""
        scope = self.scopes[-1]
        if scope.stacked is None:
            scope.stacked = set()
            for n in scope.nodes:
                if isinstance(n, ast.Call) and n.args and isinstance(n.args[0], ast.Name):
                    q = self._qual(n.func) or ""
                    if q in GROWERS or q in BUILDERS:
                        scope.stacked.add(n.args[0].id)
        return scope.stacked

    def _tensor_of_arrays(self, node: ast.Call) -> None:
        """torch.tensor(list_of_tensors) (or of NumPy arrays): element by element, slow (torch
        warns); torch.stack(list) or torch.from_numpy(np.stack(list)) is one copy."""
        arg = node.args[0]
        if not isinstance(arg, ast.Name) or self.facts.is_array(arg):
            return
        for n in self.scopes[-1].nodes:
            if (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Attribute)
                and n.func.attr == "append"
                and isinstance(n.func.value, ast.Name)
                and n.func.value.id == arg.id
                and n.args
                and self.facts.is_array(n.args[0])
            ):
                self.report("AB108", node)
                return
