"""AB201 and AB202: syncs and host/device transfers on every iteration of a loop.

AB201   .item(), .tolist(), float(t) of a tensor not known to be on the host: a wait for the
        device per iteration (possible when the value decides a branch)
AB202   data or a module that the loop does not change moved again; a tensor made on the
        host then moved; a result brought to the host for a metric; a value carried on the
        host and sent back every iteration
"""

from __future__ import annotations

import ast

from ..read.counts import hot
from ..read.libraries import TENSOR_BUILDERS, TO_TORCH
from ..read.loops import LoopBody, Nest, scope_walk
from ..read.syntax import target_names
from ..records import POSSIBLE
from .walk import LoopState, Walk, collects, loop_body, loop_targets, name_nodes

#: Why a sync whose value decides a branch is possible (DeviceRules._decides).
DECIDES_NOTE = (
    "possible: the value decides a branch, so the code needs it now; slow only if the loop runs"
    " many times and the check could wait (every N steps, or on the device)"
)

#: Conversions of host data whose result a transfer moves: what moves is their argument.
CONVERSIONS = TO_TORCH | {"jax.numpy.asarray", "jax.numpy.array", "numpy.asarray"}

#: jnp.asarray(numpy_array): a host-to-device copy, like jax.device_put.
HOST_TO_JAX = frozenset({"jax.numpy.asarray", "jax.numpy.array"})

#: Builtins of numbers that a list of constants may be computed with.
NUMBER_BUILTINS = frozenset({"float", "int", "len", "abs"})

#: Tensor factories that take device=: made on the host and moved, they cost a copy each.
FACTORIES = frozenset(
    f"torch.{fn}"
    for fn in (
        "zeros",
        "ones",
        "full",
        "empty",
        "arange",
        "linspace",
        "logspace",
        "eye",
        "rand",
        "randn",
        "randint",
        "randperm",
        "normal",
    )
)

TRANSFERS = frozenset({"cpu", "cuda", "numpy", "to"})

#: Methods that keep the data a transfer moves (x.detach().cpu(): the transfer is of x).
TRANSPARENT = frozenset({"detach", "cpu", "cuda", "numpy", "to", "float", "contiguous"})


class DeviceRules(Walk):
    """AB201 and AB202, checked at each call in a loop."""

    def _sync(self, node: ast.Call) -> None:
        loop = self.loops[-1]
        key = ast.dump(node)
        if self.exempt_sync:
            loop.synced.add(key)
            return
        if self.guards > loop.guards or loop.coarse or key in loop.synced:
            return
        if not hot(loop.node, self.facts):
            return  # once per class, per metric, per key: a few syncs
        f = node.func
        if self.comprehensions > loop.comprehensions:
            return  # the comprehension is the loop: AB101-AB106 judge it
        if not self.file.device_lib:
            return  # NumPy only: .item() and float() of a host array wait for nothing
        if isinstance(f, ast.Attribute) and f.attr in ("item", "tolist") and not node.args:
            if (not self.facts.is_host(f.value) and not self._on_cpu(f.value)) or (
                self._moved_to_host(f.value)
            ):
                self.report("AB201", node, *self._loop_decides(loop))
        elif (
            isinstance(f, ast.Name)
            and f.id in ("float", "int", "bool")
            and len(node.args) == 1
            and self.facts.is_array(node.args[0])
            and not self.facts.is_host(node.args[0])
            and not self._cpu_expr(node.args[0])
        ):
            self.report("AB201", node, *self._loop_decides(loop))

    def _per_call_sync(self, f: ast.Attribute) -> bool:
        """``t.item()`` of a tensor not known to be on the host; ``t.tolist()`` of such a
        tensor or of ``t.cpu()`` (the copy waits for the device). ``t.cpu().item()`` is left
        to the loop rules."""
        moved = self._moved_to_host(f.value)
        on_device = not (self.facts.is_host(f.value) or self._on_cpu(f.value) or moved)
        if f.attr == "item":
            return on_device
        return moved or (on_device and self.facts.is_tensor(f.value))

    def _handed_to_host(self, node: ast.Call) -> bool:
        """``x.cpu()`` passed straight to a function that is not torch's, a collector's
        ``append`` or a logger: scikit-learn's metrics, NumPy."""
        stmt = self.stmt
        if stmt is None:
            return False
        for p in ast.walk(stmt):
            if isinstance(p, ast.Call) and node in p.args and p is not node:
                q = self._qual(p.func) or ""
                name = q.rsplit(".", 1)[-1]
                return not (
                    collects(p)
                    or q.startswith("torch.")
                    or name in ("log", "log_dict", "save", "print", "append", "extend")
                    or "log" in name.lower()
                )
        return False

    def _moved_to_host(self, value: ast.AST) -> bool:
        """``x.cpu()`` (``x.detach().cpu()``, ``x.to("cpu")``) of a tensor not known to be on
        the host, in a file that uses a device: the copy waits for the device (a sync)."""
        if not self.file.device_file or not to_cpu(value):
            return False
        assert isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
        base = value.func.value
        while True:
            if (
                isinstance(base, ast.Call)
                and isinstance(base.func, ast.Attribute)
                and base.func.attr in TRANSPARENT
            ):
                base = base.func.value  # x.detach().cpu()
            elif isinstance(base, ast.Attribute) and base.attr == "data":
                base = base.value  # x.data.cpu()
            else:
                break
        return not self.facts.is_host(base) and not self._on_cpu(base)

    def _loop_decides(self, loop: LoopState) -> tuple[str | None, str]:
        """``_decides`` for a sync in a loop; never in a loop over elements: ``if float(t[i])
        > 0:`` per element is the slow part."""
        return (None, "") if loop.nest is not None else self._decides(loop.tested)

    def _decides(self, tested: set[str]) -> tuple[str | None, str]:
        """(tier, why) for a sync: POSSIBLE when the value it brings decides a branch (``if
        loss.item() < best:``, ``k = int(idx)`` then ``if k > ...``, with ``tested`` the names
        the branches read): the code needs it on the host now, and whether it could wait is a
        judgement; None (the count decides) else."""
        if self.in_test:
            return POSSIBLE, DECIDES_NOTE
        stmt = self.stmt
        if isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if any(n in tested for t in targets for n in target_names(t)):
                return POSSIBLE, DECIDES_NOTE
        return None, ""

    def _cpu_expr(self, node: ast.AST) -> bool:
        """Every array in an expression is a tensor made on the CPU right there."""
        if isinstance(node, ast.BinOp):
            sides = [x for x in (node.left, node.right) if self.facts.is_array(x)]
            return bool(sides) and all(self._cpu_expr(x) for x in sides)
        if isinstance(node, ast.UnaryOp):
            return self._cpu_expr(node.operand)
        return self._on_cpu(node)

    def _on_cpu(self, value: ast.AST) -> bool:
        """torch.randint(5, (1,)), torch.empty(1).uniform_(a, b): a tensor made right there,
        on the CPU (no device=): reading it waits for nothing."""
        while (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr.endswith("_")
        ):
            value = value.func.value  # .uniform_(a, b), .normal_()
        while isinstance(value, ast.Subscript):
            value = value.value
        if isinstance(value, ast.Name):
            before = self.facts.last_value(value.id, getattr(value, "lineno", 0))
            if before is not None:
                return self._on_cpu(before)  # r = torch.rand(2); ... r[0]
        if not isinstance(value, ast.Call) or any(kw.arg == "device" for kw in value.keywords):
            return False
        q = self._qual(value.func)
        return (
            q in FACTORIES
            or q == "torch.from_numpy"
            or (  # torch.tensor of a tensor keeps its device
                q in ("torch.tensor", "torch.as_tensor")
                and bool(value.args)
                and not self.facts.is_tensor(value.args[0])
            )
        )

    def _transfer(self, node: ast.Call, q: str | None) -> None:
        loop = self.loops[-1]
        f = node.func
        if q == "jax.device_get" and node.args:
            if self._per_iteration(node):
                self.report("AB202", node)  # to the host, and a wait, on every step
            return
        if q == "jax.device_put" and node.args:
            base: ast.AST = node.args[0]
            where = node.args[1:]
        elif q in HOST_TO_JAX and node.args and self.facts.is_host(node.args[0]):
            base, where = node.args[0], []  # jnp.asarray(numpy_array): a device_put
        elif isinstance(f, ast.Attribute) and f.attr in TRANSFERS:
            if f.attr == "to" and not self._device_like(node):
                return
            base = f.value
            where = list(node.args)
        else:
            return
        where += [kw.value for kw in node.keywords]
        if any(
            not self._invariant(n, loop, moves=True)
            for w in where
            if not _device_of(w)
            for n in name_nodes(w)
        ):
            return  # x.to(device) for each device of a loop: a different move every time
        while isinstance(base, ast.Call):
            bq = self._qual(base.func)
            if isinstance(base.func, ast.Attribute) and base.func.attr in TRANSPARENT:
                base = base.func.value
            elif bq in CONVERSIONS and base.args and not self.facts.is_array(base):
                base = base.args[0]  # torch.from_numpy(X).to(device): X is what moves
            else:
                break
        to_device = isinstance(f, ast.Attribute) and f.attr in ("to", "cuda")
        nest = self._element_nest()
        if (
            nest is not None
            and isinstance(base, ast.Subscript)
            and LoopBody(self.facts, nest, []).is_element(base)
        ):
            self.report("AB202", node)  # x[i].cpu(): one element per transfer
        elif (
            isinstance(base, ast.Name | ast.Attribute)
            and self._invariant(base, loop, moves=True)
            and not (isinstance(base, ast.Name) and base.id in self.namespaces)
        ):
            self.report("AB202", node)
        elif (
            to_device
            and isinstance(base, ast.Call)
            and (
                self._qual(base.func) in FACTORIES
                or self.facts.is_instance(base)
                or self._made_of_factories(base, loop)
            )
        ):
            # torch.zeros(n).to(device), nn.MSELoss().to(device): made on the host, then
            # copied, on every iteration (pass device=, or make it once before the loop)
            self.report("AB202", node)
        elif to_device and isinstance(base, ast.Name) and base.id in self._round_trip(loop):
            self.report("AB202", node)  # carried on the host, sent back every iteration

    def _made_of_factories(self, node: ast.AST, loop: LoopState | None, depth: int = 0) -> bool:
        """``torch.tril(torch.ones(n, n))``, ``torch.stack(torch.meshgrid(torch.arange(h),
        torch.arange(w)))``: a torch expression of factories and values the loop does not
        change, made on the host (no ``device=``); the same tensor every iteration. With no
        ``loop`` (a per-batch scope), whatever the values: ``torch.zeros(n)`` per call."""
        if depth > 6 or not isinstance(node, ast.Call):
            return False
        while isinstance(node.func, ast.Attribute) and node.func.attr in TRANSPARENT:
            node = node.func.value  # .float(), .unsqueeze(0)
            if not isinstance(node, ast.Call):
                return False
        if any(kw.arg == "device" for kw in node.keywords):
            return False  # made where it goes
        q = self._qual(node.func) or ""
        if q in FACTORIES:
            return all(self._invariant_value(a, loop) for a in node.args)
        if loop is not None and q in TENSOR_BUILDERS | TO_TORCH and node.args and depth == 0:
            # torch.tensor([1 / c for c in counts]).to(device): the same numbers each time
            a = node.args[0]
            return isinstance(a, ast.List | ast.Tuple | ast.ListComp) and self._invariant_numbers(
                a, loop
            )
        if not q.startswith("torch."):
            return False
        parts = [*node.args, *(kw.value for kw in node.keywords)]
        made = [a for a in parts if self._made_of_factories(a, loop, depth + 1)]
        return bool(made) and all(
            a in made
            or self._invariant_value(a, loop)
            or (
                isinstance(a, ast.List | ast.Tuple)
                and all(self._made_of_factories(e, loop, depth + 1) for e in a.elts)
            )
            for a in parts
        )

    def _invariant_numbers(self, node: ast.AST, loop: LoopState) -> bool:
        """A list display or comprehension of numbers the loop does not change: every name in
        it is a comprehension variable or invariant, every call a builtin of numbers."""
        local = {
            n
            for g in ast.walk(node)
            if isinstance(g, ast.comprehension)
            for n in target_names(g.target)
        }
        for n in ast.walk(node):
            if isinstance(n, ast.Call) and not (
                isinstance(n.func, ast.Name) and n.func.id in NUMBER_BUILTINS
            ):
                return False
            if (
                isinstance(n, ast.Name)
                and isinstance(n.ctx, ast.Load)
                and n.id not in local | NUMBER_BUILTINS
                and not self._invariant(n, loop)
            ):
                return False
        return True

    def _invariant_value(self, node: ast.AST, loop: LoopState | None) -> bool:
        """Constants and names (or attributes, ``x.shape[0]``) the loop does not change (with
        no loop: anything)."""
        if loop is None:
            return True
        names = name_nodes(node)
        return all(self._invariant(n, loop) for n in names) and not any(
            isinstance(n, ast.Call) for n in ast.walk(node)
        )

    def _round_trip(self, loop: LoopState) -> set[str]:
        """Names the loop carries from one iteration to the next that hold data brought to
        the host in it (``.cpu()``, ``.numpy()``, or made from such data)."""
        if loop.round_trip is not None:
            return loop.round_trip
        body = loop_body(loop)
        host: set[str] = set()
        assigns = [n for n in scope_walk(body) if isinstance(n, ast.Assign) and len(n.targets) == 1]
        for _ in range(3):
            for n in assigns:
                v = n.value
                if any(
                    (
                        isinstance(c, ast.Call)
                        and isinstance(c.func, ast.Attribute)
                        and c.func.attr in ("cpu", "numpy")
                    )
                    or (isinstance(c, ast.Name) and c.id in host)
                    for c in ast.walk(v)
                ):
                    host.update(target_names(n.targets[0]))
        carried = LoopBody(self.facts, Nest(), [s for s in body if isinstance(s, ast.stmt)])
        loop.round_trip = carried.read_before_write(host) if host else set()
        return loop.round_trip

    def _to_host(self, node: ast.Call) -> None:
        """``.cpu()`` of a result computed in the loop, consumed there on the host (a metric,
        NumPy arithmetic): a copy and a wait on every batch (AB202). Collecting the results
        (``outs.append(y.cpu())``) to join them once is left alone."""
        f = node.func
        if not (to_cpu(node) and isinstance(f, ast.Attribute)):
            return
        loop = self.loops[-1]
        if not self.file.device_file or not self._per_iteration(node) or self.stmt is None:
            return
        base = f.value
        while (
            isinstance(base, ast.Call)
            and isinstance(base.func, ast.Attribute)
            and base.func.attr in TRANSPARENT
        ):
            base = base.func.value
        if isinstance(base, ast.Name | ast.Attribute) and self._invariant(base, loop):
            return  # the data does not change: _transfer reports it
        if isinstance(base, ast.Name) and base.id in loop_targets(loop):
            return  # the batch itself, as the loop received it
        if self._consumed_on_host(node, loop):
            self.report("AB202", node)

    def _consumed_on_host(self, node: ast.Call, loop: LoopState) -> bool:
        stmt = self.stmt
        assert stmt is not None
        parents = {id(c): p for p in ast.walk(stmt) for c in ast.iter_child_nodes(p)}
        cur: ast.AST = node
        while True:
            p = parents.get(id(cur))
            if isinstance(p, ast.Attribute) and p.attr in (*TRANSPARENT, "numpy"):
                cur = p
                continue
            if isinstance(p, ast.Call) and p.func is cur:
                cur = p
                continue
            break
        if p is None or isinstance(p, ast.Expr | ast.Return | ast.Yield | ast.YieldFrom):
            return False
        if isinstance(p, ast.Attribute) and p.attr in ("item", "tolist"):
            return False  # AB201 reports the sync
        if isinstance(p, ast.Call) and collects(p):
            return False
        if isinstance(p, ast.Assign):
            names = {n for t in p.targets for n in target_names(t)}
            if not names or any(not isinstance(t, ast.Name) for t in p.targets):
                return False
            uses = [
                n
                for n in scope_walk(loop_body(loop))
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in names
            ]
            collected = {
                id(a)
                for c in scope_walk(loop_body(loop))
                if isinstance(c, ast.Call) and collects(c)
                for a in c.args
            }
            return bool(uses) and any(id(u) not in collected for u in uses)
        return True


def _device_of(node: ast.AST) -> bool:
    """``x.device``: the device of whatever tensor the loop holds, the same every time."""
    return isinstance(node, ast.Attribute) and node.attr == "device"


def to_cpu(node: ast.AST) -> bool:
    """``x.cpu()`` or ``x.to("cpu")``: a copy to the host."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and (
            (node.func.attr == "cpu" and not node.args)
            or (
                node.func.attr == "to"
                and bool(node.args)
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value == "cpu"
            )
        )
    )
