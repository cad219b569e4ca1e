"""AB401-AB403: settings that cost time on every call: float64 NumPy data fed to a torch model,
inference with autograd on, a compile (``jax.jit``, ``torch.compile``) inside a loop."""

from __future__ import annotations

import ast

from ..read.libraries import JITS
from ..read.syntax import qualname
from ..records import POSSIBLE, SURE
from .walk import Walk, loop_targets

#: Why a compile of a fresh function inside a function (not in a loop) is possible.
PER_CALL_NOTE = (
    "possible: it compiles again on every call of the enclosing function; slow only if that"
    " function is called many times (in a loop, per step)"
)

#: Function transforms that return a new function object on each call: jit of their result
#: misses the compile cache every time (the cache is keyed on the function's identity).
FRESH = frozenset(
    {
        "partial",
        "grad",
        "value_and_grad",
        "vmap",
        "jacfwd",
        "jacrev",
        "hessian",
        "checkpoint",
        "remat",
        "custom_jvp",
        "custom_vjp",
    }
)

#: Methods that follow a conversion to change its dtype (so the float64 does not reach the model).
CASTS = frozenset({"float", "half", "bfloat16", "to", "type"})


class SettingRules(Walk):
    """AB401-AB403, checked at calls (and at the decorators of functions: advise/rules/walk.py)."""

    def _fresh_jit(self, node: ast.AST) -> bool:
        """``jax.jit(lambda ...)``, ``jax.jit(partial(f, a))``, ``jax.jit(jax.grad(f))``: a
        compile of a function object made right there, which the compile cache never saw."""
        if not (isinstance(node, ast.Call) and node.args and self._qual(node.func) in JITS):
            return False
        fn = node.args[0]
        return isinstance(fn, ast.Lambda) or (
            isinstance(fn, ast.Call) and (self._qual(fn.func) or "").rsplit(".", 1)[-1] in FRESH
        )

    def _note_casts(self, node: ast.Call) -> None:
        """Calls whose result a cast follows (``torch.from_numpy(a).float()``) or that are given
        a dtype: the float64 does not reach the model (AB401)."""
        f = node.func
        if (
            isinstance(f, ast.Attribute)
            and f.attr in CASTS
            and isinstance(f.value, ast.Call)
            and not (  # .to(device) moves the data, it keeps the dtype
                f.attr == "to"
                and len(node.args) == 1
                and self._device_like(node)
                and not any(kw.arg == "dtype" for kw in node.keywords)
            )
        ):
            self.cast.add(id(f.value))
        for kw in node.keywords:
            if kw.arg == "dtype":
                self.cast.add(id(node))

    def _compiled_per_call(self, node: ast.Call) -> None:
        """``jit(grad(f))(x)`` outside a loop: in a comprehension, a compile per element; in a
        function, a compile on every call of the function."""
        if self.comp_nodes and not self.loops and self._fresh_jit(node.func):
            # [jit(grad(f))(x) for x in xs]: a comprehension is a loop, a compile per element
            self.report("AB403", node.func, SURE)
        elif (
            not self.loops
            and len(self.scopes) > 1
            and self._fresh_jit(node.func)
            and not self.scopes[-1].per_batch
        ):
            # jit(grad(f))(x) in a function: every call of the function compiles again, a cost
            # as large as the number of calls, which the function does not show
            self.report("AB403", node.func, POSSIBLE, PER_CALL_NOTE)

    def _jit(self, node: ast.Call, q: str | None) -> None:
        if q not in JITS or not node.args:
            return
        fn = node.args[0]
        loop = self.loops[-1]
        if self._fresh_jit(node):
            # jit(lambda ...), jit(partial(f, a)), jit(grad(loss)): a new function object each
            # iteration misses the compile cache, whatever the count
            self.report("AB403", node, SURE)
        elif (
            isinstance(fn, ast.Name | ast.Attribute)
            and qualname(fn, {}) in loop.varying
            and not (isinstance(fn, ast.Name) and fn.id in loop_targets(loop))
        ):
            self.report("AB403", node, SURE)  # def step(...) or step = partial(...) in the loop
        elif (
            isinstance(fn, ast.Name | ast.Attribute)
            and self._invariant(fn, loop)
            and not (isinstance(fn, ast.Name) and fn.id in loop_targets(loop))
        ):
            # jit(f) of the same f: the compile cache hits, each iteration still builds a
            # wrapper and looks the function up (5.5x a hoisted call of a small step, against
            # 2000x for a fresh function: benchmarks/jit_in_loop.py): a cost only when the loop
            # runs many times
            self.report("AB403", node)

    def _float64(self, node: ast.Call) -> None:
        if (
            not (self.file.torch_nn or self.file.trains_torch)
            or self.file.double
            or id(node) in self.cast
            or not node.args
        ):
            return
        if any(kw.arg == "dtype" for kw in node.keywords):
            return
        arg = node.args[0]
        if self.facts.is_float64(arg) and not self.facts.is_explicit64(arg):
            self.report("AB401", node)

    def _inference(self, node: ast.Call, q: str | None) -> None:
        scope = self.scopes[-1]
        f = node.func
        if isinstance(f, ast.Attribute) and (
            (f.attr == "eval" and not node.args and not node.keywords)
            or (
                f.attr == "train"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value is False
            )
        ):
            model = qualname(f.value, {})
            if model is not None and model not in self.namespaces:
                scope.evaluated.setdefault(model, node.lineno)
            return
        if q is None:
            return
        model = q[: -len(".forward")] if q.endswith(".forward") else q
        if (
            model in scope.evaluated
            and model not in scope.reported_models
            and node.lineno >= scope.evaluated[model]
            and not (self.no_grad or scope.no_grad or scope.trains or self.file.grad_off)
        ):
            scope.reported_models.add(model)
            self.report("AB402", node)
