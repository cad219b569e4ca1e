"""AB101-AB106: loops over the elements of arrays, written (``for``, comprehensions) or not
(``sum(np.arange(n))``, a function made by ``np.vectorize``). Which rewrite a loop nest needs is
advise/rules/shape.py's to say; here is where the walk finds the nests."""

from __future__ import annotations

import ast

from ..read.counts import large_count, many_iterations
from ..read.loops import Nest, nest_of, scope_walk
from ..read.syntax import names_in, target_names
from ..records import POSSIBLE, SURE
from .shape import REDUCING_BUILTINS, classify_comprehension, classify_loop
from .walk import Walk, model_named


class ElementRules(Walk):
    """AB101-AB106 in the walk: ``for`` statements and comprehensions over elements (they
    also enter the loop: advise/rules/walk.py), and the loops no statement writes."""

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.visit(node.iter)
        code: str | None = None
        nest: Nest | None = None
        if not self.flagged_nest:
            outer = self._outer_vars()
            self.facts.narrowed = self._narrowed()
            code, is_element = classify_loop(node, self.facts, outer)
            if is_element:
                nest = nest_of(node, self.facts, outer)
            if code is None and self._batch_of_one(node):
                code = "AB106"
            if code is not None:
                self.report(code, node)
        elif self.loops and self.loops[-1].nest is not None:
            nest = nest_of(node, self.facts)
        self._enter(node, nest)
        if code is not None:
            self.flagged_nest += 1
        self.visit(node.target)
        for s in node.body:
            self.visit(s)
        if code is not None:
            self.flagged_nest -= 1
        self.loops.pop()
        for s in node.orelse:
            self.visit(s)

    visit_AsyncFor = visit_For

    def _batch_of_one(self, node: ast.For | ast.AsyncFor) -> bool:
        """``for img in images: model(transform(img).unsqueeze(0))``: a model called on a batch
        of one item per iteration (``unsqueeze(0)``, ``x[None]``, ``np.expand_dims(x, 0)``)
        made from what the loop walks; one call on the stacked items does the same work."""
        derived = set(target_names(node.target))
        body = list(scope_walk(node.body))
        for _ in range(2):  # names computed from the item (two passes reach chains)
            for n in body:
                if isinstance(n, ast.Assign) and names_in(n.value) & derived:
                    derived.update(nm for t in n.targets for nm in target_names(t))
        ones: set[str] = set()
        for n in body:
            if (
                isinstance(n, ast.Assign)
                and _adds_batch_axis(n.value)
                and (names_in(n.value) & derived)
            ):
                ones.update(nm for t in n.targets for nm in target_names(t))
        for n in body:
            if not isinstance(n, ast.Call) or not n.args:
                continue
            q = self._qual(n.func) or ""
            if not (q in self.facts.models or model_named(q)) or q.startswith(
                ("torch.", "numpy.", "jax.")
            ):
                continue
            a = n.args[0]
            if (isinstance(a, ast.Name) and a.id in ones) or (
                _adds_batch_axis(a) and names_in(a) & derived
            ):
                return True
        return False

    def visit_ListComp(self, node: ast.ListComp | ast.GeneratorExp | ast.SetComp) -> None:
        if id(node) not in self.handled and not self.flagged_nest:
            self.facts.narrowed = self._narrowed()
            code = classify_comprehension(node, self.facts, None, self._outer_vars())
            if code is not None:
                self.report(code, node)
        self.comprehensions += 1
        self.comp_nodes.append(node)
        self.generic_visit(node)
        self.comp_nodes.pop()
        self.comprehensions -= 1

    visit_GeneratorExp = visit_ListComp

    visit_SetComp = visit_ListComp

    def _comprehension_argument(self, node: ast.Call, q: str | None) -> None:
        """A comprehension handed to a call: to a parallel map (``Parallel(n_jobs)(delayed(f)(x)
        for x in parts)``), not a loop to vectorize; to a reducing builtin (``sum(x[i] for i in
        ...)``), a reduction loop to classify with its wrapper."""
        if isinstance(node.func, ast.Call) and node.args:
            # Parallel(n_jobs)(delayed(f)(x) for x in parts): a parallel map, not a loop to
            # vectorize
            self.handled.update(
                id(a) for a in node.args if isinstance(a, ast.ListComp | ast.GeneratorExp)
            )
        if (
            node.args
            and isinstance(node.args[0], ast.ListComp | ast.GeneratorExp)
            and not self.flagged_nest
        ):
            wrapper = q.rsplit(".", 1)[-1] if q else None
            if wrapper in REDUCING_BUILTINS:
                self.handled.add(id(node.args[0]))
                self.facts.narrowed = self._narrowed()
                code = classify_comprehension(node.args[0], self.facts, wrapper, self._outer_vars())
                if code is not None:
                    self.report(code, node.args[0])

    def _python_iteration(self, node: ast.Call) -> None:
        """A loop the code does not write: ``sum(np.arange(n))`` (a Python sum over NumPy
        scalars, AB104) or a function made by ``np.vectorize`` called on an array (AB103). Sure
        when the array is shown large, possible else."""
        f = node.func
        if (
            not self.error_path
            and (self._qual(f) or "").rsplit(".", 1)[-1] == "apply_along_axis"
            and (self._qual(f) or "").startswith("numpy")
            and len(node.args) >= 3
        ):
            # ``np.apply_along_axis(f, 1, X)``: a Python loop over X's rows, calling f on each
            arr = node.args[2]
            many = self.facts.is_array(arr, strong=True) and many_iterations(arr, self.facts)
            self.report("AB103", node, SURE if many else POSSIBLE)
            return
        if len(node.args) != 1 or node.keywords or self.error_path:
            return
        arg = node.args[0]
        if not self.facts.is_array(arg, strong=True) or isinstance(arg, ast.List | ast.Tuple):
            return
        many = many_iterations(arg, self.facts) or (
            isinstance(arg, ast.Call)  # np.arange(N): as many as N
            and (self._qual(arg.func) or "").rsplit(".", 1)[-1] == "arange"
            and len(arg.args) == 1
            and large_count(arg.args[0], self.facts)
        )
        tier = SURE if many else POSSIBLE
        if (
            isinstance(f, ast.Name)
            and f.id in ("sum", "max", "min")
            and f.id not in self.namespaces
            and not self.loops
            and tier == SURE  # max(counts) of a few: not worth a finding
        ):
            self.report("AB104", node, tier)
        elif (isinstance(f, ast.Name) and f.id in self.file.vectorized) or (
            isinstance(f, ast.Call) and self._qual(f.func) == "numpy.vectorize"
        ):
            self.report("AB103", node, tier)


def _adds_batch_axis(node: ast.AST) -> bool:
    """``x.unsqueeze(0)``, ``x[None]``, ``np.expand_dims(x, 0)``, ``x.reshape(1, ...)`` (also
    with ``.to(device)`` or ``.float()`` after it): one item made a batch of one."""
    for n in ast.walk(node):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            first = n.args[0] if n.args else None
            zero = isinstance(first, ast.Constant) and first.value == 0
            one = isinstance(first, ast.Constant) and first.value == 1
            if n.func.attr == "unsqueeze" and zero:
                return True
            if n.func.attr in ("reshape", "view") and one and len(n.args) > 1:
                return True
            if n.func.attr == "expand_dims" and len(n.args) == 2:
                a = n.args[1]
                if isinstance(a, ast.Constant) and a.value == 0:
                    return True
        if isinstance(n, ast.Subscript):
            k = n.slice
            first = k.elts[0] if isinstance(k, ast.Tuple) and k.elts else k
            if isinstance(first, ast.Constant) and first.value is None:
                return True
    return False
