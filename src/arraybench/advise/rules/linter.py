"""The linter: the rule families joined into one walk, and which check runs at which node."""

from __future__ import annotations

import ast
import re

from ..read.libraries import TENSOR_BUILDERS, TO_TORCH
from ..read.syntax import qualname
from .building import BuildRules
from .copies import CopyRules
from .device import DeviceRules, to_cpu
from .elements import ElementRules
from .settings import SettingRules
from .timing import TimingRules
from .walk import tested_names


class Linter(ElementRules, BuildRules, DeviceRules, CopyRules, TimingRules, SettingRules):
    """One walk of a module, with every family's checks (see advise/lint.py)."""

    def visit_Assign(self, node: ast.Assign) -> None:
        if self.loops and len(node.targets) == 1:
            self._grow(node.targets[0], node.value)
        if len(node.targets) == 1:
            self._copy(node.targets[0], node.value)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        q = self._qual(node.func)
        self._comprehension_argument(node, q)  # AB101-AB106
        self._note_casts(node)  # (for AB401)
        self._python_iteration(node)  # AB103, AB104
        if q in TO_TORCH:
            self._float64(node)  # AB401
        self._inference(node, q)  # AB402
        if q in TENSOR_BUILDERS and node.args:
            self._tensor_of_arrays(node)  # AB108
        if self.loops or (self.scopes and self.scopes[-1].per_batch):
            self._note_callee(node)
        if self.loops:
            self._sync(node)  # AB201
            self._transfer(node, q)  # AB202
            self._to_host(node)  # AB202
            self._build(node, q)  # AB108
            self._jit(node, q)  # AB403
        elif self.scopes and self.scopes[-1].per_batch and not self.comprehensions:
            self.per_call = True
            try:
                self._per_batch_host(node, q)  # AB201, AB202, AB403
            finally:
                self.per_call = False
        self._compiled_per_call(node)  # AB403
        self.generic_visit(node)

    def _per_batch_host(self, node: ast.Call, q: str | None) -> None:
        """What costs once per call in ``forward``, a Lightning ``training_step`` /
        ``validation_step``, or a function this file calls on every iteration of a loop: the
        framework (or the loop) calls it once per batch, so each of these comes once per batch:
        ``x.cpu().numpy()``, ``.cpu()`` handed to host code (AB202), ``loss.item()``,
        ``.tolist()``, ``float(t)`` (AB201), ``torch.zeros(n).to(device)`` (AB202),
        ``jax.device_get`` (AB202), ``jax.jit(lambda ...)`` (AB403)."""
        if self.error_path:
            return
        if self._fresh_jit(node) and not (
            isinstance(self.stmt, ast.Return) and self.stmt.value is node
        ):
            # jit(lambda ...) made per call (and called, not handed back): a compile per call
            self.report("AB403", node)
            return
        f = node.func
        if q == "jax.device_get" and node.args:
            self.report("AB202", node)  # to the host, and a wait, on every call
            return
        if not self.file.device_file:
            return
        stmt = self.stmt
        if isinstance(stmt, ast.Assert) or (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and re.search(r"check|assert|valid", qualname(stmt.value.func, {}) or "", re.I)
        ):
            return  # KORNIA_CHECK(x.all().item(), ...): a check of the arguments
        tested = tested_names(self.scopes[-1].nodes)
        if (
            isinstance(f, ast.Name)
            and f.id in ("float", "int")
            and len(node.args) == 1
            and self.facts.is_tensor(node.args[0])
            and not self._cpu_expr(node.args[0])
        ):
            self.report("AB201", node, *self._decides(tested))
            return
        if not isinstance(f, ast.Attribute):
            return
        if f.attr == "numpy" and not node.args and self._moved_to_host(f.value):
            self.report("AB202", f.value)
        elif f.attr in ("item", "tolist") and not node.args and self._per_call_sync(f):
            self.report("AB201", node, *self._decides(tested))
        elif (
            f.attr in ("to", "cuda")
            and (f.attr == "cuda" or self._device_like(node))
            and self._made_of_factories(f.value, None)
        ):
            self.report("AB202", node)  # torch.zeros(n).to(device): pass device= instead
        elif to_cpu(node) and self._moved_to_host(node) and self._handed_to_host(node):
            self.report("AB202", node)  # accuracy_score(y.cpu(), p.cpu()): once per batch
