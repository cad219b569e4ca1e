"""One walk of a module, with the context each rule needs (the rules' common ground).

    scopes     the module, each function (with its facts: advise/read/facts.py), and the
               functions this file calls once per iteration of a loop or per batch, walked again
    loops      a stack of the enclosing loops: what each rebinds, grows and moves, its guards
    context    `with torch.no_grad()` blocks, `if step % N == 0` guards, the tests of the
               enclosing ifs (what they say a name is), branches that end in raise
    report     a finding, with its tier: sure when the code shows it runs many times (or runs
               outside loops), possible else (advise/read/counts.py)

The families of rules are mixins of :class:`Walk` (advise/rules/elements.py, building.py,
device.py, copies.py, timing.py, settings.py); advise/rules/linter.py joins them and says which
check runs at which node.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..read.bind import scope_facts
from ..read.counts import hot, many_iterations, steps_loop, while_many
from ..read.facts import Facts
from ..read.libraries import JITS, MODEL_WORDS, NO_GRAD
from ..read.loops import Nest, scope_walk
from ..read.program import Analysis, analyse, file_flags
from ..read.syntax import qualname, target_names, walk_scope
from ..records import POSSIBLE, SURE, Diagnostic

#: Why a copy at the top of a module is possible: it runs once.
ONCE_NOTE = (
    "possible: it runs once, when the module is imported or the script runs; it costs only if"
    " the array is large"
)

#: Why a finding in a function that a loop calls is possible: that loop's count is not shown.
CALLED_NOTE = (
    "possible: the function is called from a loop whose count the code does not show; slow only"
    " if that loop runs many times"
)

#: Methods a framework calls once per batch: torch's ``forward`` and Lightning's steps.
PER_BATCH_METHODS = frozenset(
    {"forward", "training_step", "validation_step", "test_step", "predict_step"}
)

#: What ``isinstance(x, ...)`` tests for when x is not an array there: a sequence or a number.
NOT_ARRAY_KINDS = frozenset(
    {
        "list",
        "tuple",
        "List",
        "Tuple",
        "Sequence",
        "int",
        "float",
        "complex",
        "bool",
        "Number",
        "Real",
        "Integral",
        "Complex",
    }
)


@dataclass
class LoopState:
    """A loop around the node being walked: what it rebinds, grows and moves, its guards."""

    node: ast.AST
    varying: set[str]
    grown: set[str]
    nest: Nest | None
    coarse: bool
    guards: int
    comprehensions: int = 0
    #: values already brought to the host by a loop or branch test (`if loss.item() > best`)
    synced: set[str] = field(default_factory=set)
    #: names the loop rebinds only to move them (`model = model.to(device)`): the same object
    moved: set[str] = field(default_factory=set)
    #: carried names holding data brought to the host in the loop (computed when first asked)
    round_trip: set[str] | None = None
    #: names read by the tests of the ifs and whiles in the loop (what decides a branch)
    tested: set[str] = field(default_factory=set)


def _self_move(target: ast.AST, value: ast.AST) -> bool:
    """``m = m.to(device)`` / ``m = m.cuda()``: the same object (a module moves in place)."""
    return (
        isinstance(target, ast.Name)
        and isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in ("to", "cuda")
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id == target.id
    )


def _fails(stmt: ast.stmt) -> bool:
    """``raise ...``, ``assert False``, ``torch._assert(False, ...)``: the branch ends in an
    error."""
    if isinstance(stmt, ast.Raise):
        return True
    if isinstance(stmt, ast.Assert):
        return isinstance(stmt.test, ast.Constant) and not stmt.test.value
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        c = stmt.value
        name = qualname(c.func, {}) or ""
        return (
            name.rsplit(".", 1)[-1] == "_assert"
            and bool(c.args)
            and isinstance(c.args[0], ast.Constant)
            and not c.args[0].value
        )
    return False


@dataclass
class ScopeState:
    """A scope being walked (the module or a function): its facts and what the rules keep."""

    facts: Facts
    no_grad: bool = False
    trains: bool = False
    evaluated: dict[str, int] = field(default_factory=dict)
    reported_models: set[str] = field(default_factory=set)
    nodes: list[ast.AST] = field(default_factory=list)  # walk_scope of the body
    #: lists joined into one array somewhere in the scope (computed when first asked)
    stacked: set[str] | None = None
    #: what holds after an ``if`` that returns or raises (``if isinstance(x, Tensor): return
    #: x`` leaves x a list below it), as the negated tests
    after: list[ast.expr] = field(default_factory=list)
    #: a method a framework calls once per batch (``forward``, Lightning's ``training_step``),
    #: or a function this file calls on every iteration of a loop (or from such a method)
    per_batch: bool = False
    #: for a function called from a loop: SURE when that loop shows a large count, POSSIBLE
    #: else; None for the framework's per-batch methods (sure) and other scopes
    call_tier: str | None = None
    #: the parameters of the function, without an annotation
    untyped: frozenset[str] = frozenset()


class Walk(ast.NodeVisitor):
    """The context of one walk of a module; the rule families add the checks."""

    def __init__(
        self, tree: ast.Module, lines: Sequence[str], path: str, analysis: Analysis | None = None
    ) -> None:
        self.tree, self.lines, self.path = tree, lines, path
        self.found: list[Diagnostic] = []
        self.analysis = analysis if analysis is not None else analyse(tree)
        self.namespaces = self.analysis.namespaces
        self.file = file_flags(tree, self.analysis)
        self.self_arrays = self.analysis.self_arrays
        self.scopes: list[ScopeState] = []
        self.loops: list[LoopState] = []
        self.no_grad = 0
        self.guards = 0
        self.exempt_sync = 0
        self.flagged_nest = 0
        self.comprehensions = 0
        self.comp_nodes: list[ast.AST] = []  # the comprehensions being walked
        self.handled: set[int] = set()
        self.cast: set[int] = set()
        self.stmt: ast.stmt | None = None
        self.tests: list[ast.expr] = []  # the tests of the enclosing ifs
        self.error_path = 0  # inside an if-branch that raises
        self.in_test = 0  # inside the test of an if
        # Functions this file calls on every iteration of a loop (or from a per-batch method):
        # each is walked again as a per-batch scope once the first walk has found them.
        #: id(def) -> (the def, SURE or POSSIBLE: the best tier of a call seen)
        self.called: dict[int, tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]] = {}
        self.walked: dict[int, str] = {}  # id(def) -> the tier it was walked again with
        self.enclosing: dict[int, list[ScopeState]] = {}  # id(def) -> the scopes around it
        self.again = False  # walking a called function again: only per-call findings count
        self.per_call = False  # reporting a per-call finding

    # -- infrastructure ----------------------------------------------------------------------

    @property
    def facts(self) -> Facts:
        return self.scopes[-1].facts

    def run(self) -> None:
        self.visit(self.tree)
        # Functions called on every iteration of a loop are per-batch scopes too: walk each
        # again (a callee found on the way is queued in turn), keeping only what the per-batch
        # checks find there; the first walk reported everything else.
        self.again = True
        for _ in range(4):  # helpers of helpers, a few levels deep
            todo = [
                (d, tier)
                for key, (d, tier) in self.called.items()
                if self.walked.get(key) not in (tier, SURE)
            ]
            if not todo:
                break
            for d, tier in todo:
                self.walked[id(d)] = tier
                saved = self.scopes
                self.scopes = list(self.enclosing.get(id(d), saved))
                self.visit_FunctionDef(d, tier)
                self.scopes = saved

    def _note_callee(self, node: ast.Call) -> None:
        """Record a function of this file that ``node`` calls, when the call runs on every
        iteration of a hot loop or once per batch: ``step(x)`` or ``self.helper(x)``."""
        f = node.func
        if isinstance(f, ast.Name):
            defs = self.file.functions.get(f.id, [])
        elif (
            isinstance(f, ast.Attribute)
            and isinstance(f.value, ast.Name)
            and f.value.id
            in (
                "self",
                "cls",
            )
        ):
            defs = self.file.methods.get(f.attr, [])
        else:
            return
        if not defs:
            return
        if self.loops:
            loop = self.loops[-1]
            if not self._per_iteration(node) or not hot(loop.node, self.facts):
                return
            tier = SURE if self._many_times(node) else POSSIBLE
        else:
            scope = self.scopes[-1]
            if not scope.per_batch or self.comprehensions:
                return
            tier = scope.call_tier or SURE
        for d in defs:
            if d.name in PER_BATCH_METHODS or d.name.startswith("__"):
                continue  # walked as per-batch already; __init__ and the like run once
            if self.called.get(id(d), (d, ""))[1] != SURE:
                self.called[id(d)] = (d, tier)

    def report(
        self, code: str, node: ast.AST, confidence: str | None = None, why: str = ""
    ) -> None:
        """Add a finding; ``confidence`` overrides the tier (SURE: the cost does not depend
        on the count; POSSIBLE: the code may need what it does, as a sync that decides a
        branch)."""
        if self.error_path:
            return  # a branch that ends in raise runs once, on the way out
        line = getattr(node, "lineno", 1)
        col = getattr(node, "col_offset", 0) + 1
        text = self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""
        if len(text) > 80:
            text = text[:77] + "..."
        if self.again and not self.per_call:
            return  # walking a called function again: the first walk reported the rest
        if confidence is None and not self.loops and self.scopes and self.scopes[-1].call_tier:
            confidence = self.scopes[-1].call_tier
            why = why or (CALLED_NOTE if confidence == POSSIBLE else "")
        if confidence is None and code == "AB203" and len(self.scopes) <= 1 and not self.loops:
            confidence, why = POSSIBLE, ONCE_NOTE  # W = np.copy(K.T) at import: one copy
        if confidence is None:
            confidence = SURE if self._many_times(node) else POSSIBLE
        self.found.append(Diagnostic(self.path, line, col, code, text, confidence, why))

    def _many_times(self, node: ast.AST) -> bool:
        """Whether the code shows that what is reported at ``node`` runs many times: outside
        any loop it runs as often as its caller says (sure); in loops, one of them (or the
        flagged loop nest itself) must show a large count (advise/read/counts.py)."""
        loops: list[ast.AST] = [*(lp.node for lp in self.loops), *self.comp_nodes]
        if isinstance(node, ast.For | ast.AsyncFor | ast.ListComp | ast.GeneratorExp | ast.SetComp):
            loops.append(node)
            body = node.body if isinstance(node, ast.For | ast.AsyncFor) else [node]
            loops.extend(n for n in scope_walk(body) if isinstance(n, ast.For | ast.AsyncFor))
        if not loops:
            return True
        for lp in loops:
            if isinstance(lp, ast.For | ast.AsyncFor):
                many = many_iterations(lp.iter, self.facts) or steps_loop(lp)
            elif isinstance(lp, ast.While):
                many = while_many(lp.test, self.facts) or steps_loop(lp)
            elif isinstance(lp, ast.ListComp | ast.GeneratorExp | ast.SetComp | ast.DictComp):
                many = any(many_iterations(g.iter, self.facts) for g in lp.generators)
            else:
                many = False
            if many:
                return True
        return False

    def visit(self, node: ast.AST) -> Any:
        if self.file.gpu and not isinstance(
            node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef
        ):  # scopes check their own bodies, once their facts are known
            for name in ("body", "orelse", "finalbody"):
                stmts = getattr(node, name, None)
                if isinstance(stmts, list) and stmts and isinstance(stmts[0], ast.stmt):
                    self._timing(stmts)
        if isinstance(node, ast.stmt):
            saved, self.stmt = self.stmt, node
            try:
                return super().visit(node)
            finally:
                self.stmt = saved
        return super().visit(node)

    def _timing(self, stmts: list[ast.stmt]) -> None:
        """AB301 on a list of statements (advise/rules/timing.py)."""
        raise NotImplementedError

    # -- scopes ------------------------------------------------------------------------------

    def visit_Module(self, node: ast.Module) -> None:
        facts = self.analysis.facts.get(id(node)) or scope_facts(
            node.body, Facts(namespaces=self.namespaces), None, self.self_arrays
        )
        nodes = self.analysis.nodes.get(id(node)) or list(walk_scope(node.body))
        self.scopes.append(ScopeState(facts, trains=trains(nodes), nodes=nodes))
        if self.file.gpu:
            self._timing(node.body)
        self.generic_visit(node)
        self.scopes.pop()

    def visit_FunctionDef(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, called: str | None = None
    ) -> None:
        """``called``: walking again a function that a loop of this file calls (its tier)."""
        if not self.again:
            self.enclosing[id(node)] = list(self.scopes)
        for d in node.decorator_list:
            self.visit(d)
            if self.loops and self._qual(d.func if isinstance(d, ast.Call) else d) in JITS:
                self.report("AB403", d, SURE)  # a new function each iteration: a compile
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        facts = self.analysis.facts.get(id(node)) or scope_facts(
            node.body, self.facts, node.args, self.self_arrays
        )
        no_grad = any(
            self._qual(d.func if isinstance(d, ast.Call) else d) in NO_GRAD
            for d in node.decorator_list
        )
        nodes = self.analysis.nodes.get(id(node)) or list(walk_scope(node.body))
        self.scopes.append(
            ScopeState(
                facts,
                no_grad=no_grad,
                trains=trains(nodes),
                nodes=nodes,
                per_batch=(node.name in PER_BATCH_METHODS and bool(node.args.args))
                or called is not None,
                call_tier=called,
                untyped=frozenset(
                    a.arg
                    for a in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
                    if a.annotation is None
                ),
            )
        )
        if self.file.gpu:
            self._timing(node.body)
        saved = (self.loops, self.no_grad, self.guards, self.exempt_sync, self.flagged_nest)
        saved_comps, self.comp_nodes = self.comp_nodes, []
        self.loops, self.no_grad, self.guards, self.exempt_sync, self.flagged_nest = (
            [],
            0,
            0,
            0,
            0,
        )
        for stmt in node.body:
            self.visit(stmt)
        self.loops, self.no_grad, self.guards, self.exempt_sync, self.flagged_nest = saved
        self.comp_nodes = saved_comps
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        saved, saved_comps = self.loops, self.comp_nodes
        # the body runs when called, not as part of the loop it is written in
        self.loops, self.comp_nodes = [], []
        self.generic_visit(node)
        self.loops, self.comp_nodes = saved, saved_comps

    # -- loops -------------------------------------------------------------------------------

    def visit_While(self, node: ast.While) -> None:
        self._enter(node, None)
        self.exempt_sync += 1  # the test decides whether to go on: it must see the value
        self.visit(node.test)
        self.exempt_sync -= 1
        for s in node.body:
            self.visit(s)
        self.loops.pop()
        for s in node.orelse:
            self.visit(s)

    def _enter(self, node: ast.For | ast.AsyncFor | ast.While, nest: Nest | None) -> None:
        body = [node.target, *node.body] if isinstance(node, ast.For | ast.AsyncFor) else node.body
        varying: set[str] = set()
        grown: set[str] = set()
        walked = list(scope_walk(body))
        for n in walked:
            if isinstance(n, ast.Name | ast.Attribute) and isinstance(n.ctx, ast.Store):
                q = qualname(n, {})
                if q is not None:
                    varying.add(q)
            elif isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
                q = qualname(n.value, {})
                if q is not None:
                    varying.add(q)
            elif isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                varying.add(n.name)
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
                attr = n.func.attr
                q = qualname(n.func.value, {})
                if q is not None and (attr.endswith("_") or attr in ("append", "extend")):
                    varying.add(q)
                    if attr in ("append", "extend", "insert"):
                        grown.add(q)
        moves: dict[str, bool] = {}
        for n in walked:
            if isinstance(n, ast.Assign):
                for t in n.targets:
                    for name in target_names(t):
                        moves[name] = moves.get(name, True) and _self_move(t, n.value)
            elif isinstance(
                n, ast.AugAssign | ast.AnnAssign | ast.NamedExpr | ast.For | ast.comprehension
            ):
                for name in target_names(n.target):
                    moves[name] = False
        if isinstance(node, ast.For | ast.AsyncFor):
            for name in target_names(node.target):
                moves[name] = False
        moved = {name for name, only in moves.items() if only}
        target = node.target if isinstance(node, ast.For | ast.AsyncFor) else None
        coarse = any(
            isinstance(n, ast.For | ast.AsyncFor | ast.While) for n in scope_walk(node.body)
        ) or any("epoch" in t.lower() for t in (target_names(target) if target else []))
        self.loops.append(
            LoopState(
                node,
                varying,
                grown,
                nest,
                coarse,
                self.guards,
                self.comprehensions,
                moved=moved,
                tested=tested_names(walked),
            )
        )

    def _narrowed(self) -> frozenset[str]:
        """Names the enclosing ifs test to be lists, tuples or Python numbers
        (``isinstance(x, (list, tuple))``, ``isinstance(v, (int, float))``), or not arrays."""
        out: set[str] = set()
        conds: list[ast.expr] = []
        for t in [*self.tests, *(self.scopes[-1].after if self.scopes else ())]:
            conds.extend(
                t.values if isinstance(t, ast.BoolOp) and isinstance(t.op, ast.And) else [t]
            )
        for t in conds:
            if (
                isinstance(t, ast.UnaryOp)
                and isinstance(t.op, ast.Not)
                and isinstance(t.operand, ast.Call)
                and isinstance(t.operand.func, ast.Name)
                and t.operand.func.id == "isinstance"
                and len(t.operand.args) == 2
                and isinstance(t.operand.args[0], ast.Name)
                and (qualname(t.operand.args[1], {}) or "").rsplit(".", 1)[-1]
                in ("Tensor", "ndarray", "Array")
            ):
                out.add(t.operand.args[0].id)  # else branch of `if isinstance(x, Tensor):`
                continue
            if (
                isinstance(t, ast.Call)
                and isinstance(t.func, ast.Name)
                and t.func.id == "isinstance"
                and len(t.args) == 2
                and isinstance(t.args[0], ast.Name)
            ):
                kinds = t.args[1].elts if isinstance(t.args[1], ast.Tuple) else [t.args[1]]
                if any(
                    (qualname(k, {}) or "").rsplit(".", 1)[-1] in NOT_ARRAY_KINDS for k in kinds
                ):
                    out.add(t.args[0].id)  # isinstance(x, (int, float)): a number, not a tensor
        return frozenset(out)

    def _outer_vars(self) -> frozenset[str]:
        """The variables of the for-loops around the current node."""
        return frozenset(n for lp in self.loops for n in loop_targets(lp))

    def _element_nest(self) -> Nest | None:
        """The union of the element variables of the enclosing element loops."""
        nests = [lp.nest for lp in self.loops if lp.nest is not None]
        if not nests:
            return None
        out = Nest()
        for n in nests:
            out.index |= n.index
            out.element |= n.element
        return out

    def _invariant(self, node: ast.AST, loop: LoopState, moves: bool = False) -> bool:
        """A name or attribute chain the loop neither rebinds nor modifies (with ``moves``,
        rebinding it to itself moved, ``m = m.to(device)``, does not count)."""
        q = qualname(node, {})
        if q is None:
            return False
        parts = q.split(".")
        return not any(
            (p := ".".join(parts[: k + 1])) in loop.varying and not (moves and p in loop.moved)
            for k in range(len(parts))
        )

    def _per_iteration(self, node: ast.Call) -> bool:
        """Whether a call runs on every iteration of the innermost loop (not every N steps,
        not in a coarse loop, not a test the loop needs now): the conditions of AB201."""
        loop = self.loops[-1]
        if (
            len(self.loops) >= 2
            and loop.guards > self.loops[-2].guards
            and not hot(loop.node, self.facts)
        ):
            return False  # for k, v in metrics.items() under `if step % 100 == 0:`: now and then
        return not (
            self.exempt_sync
            or self.guards > loop.guards
            or loop.coarse
            or self.comprehensions > loop.comprehensions
        )

    # -- conditions and contexts -------------------------------------------------------------

    def visit_If(self, node: ast.If) -> None:
        stops = any(
            isinstance(n, ast.Break | ast.Return | ast.Raise) for n in scope_walk(node.body)
        )
        raises = bool(node.body) and _fails(node.body[-1])
        if stops:
            self.exempt_sync += 1  # early stopping: the branch needs the value now
        self.error_path += raises  # `if not all(...): raise`: a check of the arguments
        self.tests.append(node.test)  # (isinstance(x, list) and all(... for v in x))
        self.in_test += 1
        self.visit(node.test)
        self.in_test -= 1
        self.tests.pop()
        self.error_path -= raises
        if stops:
            self.exempt_sync -= 1
        periodic = any(
            isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) for n in ast.walk(node.test)
        )
        if periodic:
            self.guards += 1  # `if step % 100 == 0:` logs every N steps
        self.tests.append(node.test)
        self.error_path += raises
        for s in node.body:
            self.visit(s)
        self.error_path -= raises
        if periodic:
            self.guards -= 1
        self.tests[-1] = ast.UnaryOp(op=ast.Not(), operand=node.test)  # else: not the test
        for s in node.orelse:
            self.visit(s)
        self.tests.pop()
        if (
            self.scopes
            and not node.orelse
            and node.body
            and isinstance(node.body[-1], ast.Return | ast.Raise)
        ):
            self.scopes[-1].after.append(ast.UnaryOp(op=ast.Not(), operand=node.test))

    def visit_With(self, node: ast.With | ast.AsyncWith) -> None:
        off = 0
        for item in node.items:
            self.visit(item)
            expr = item.context_expr
            q = self._qual(expr.func if isinstance(expr, ast.Call) else expr)
            if q in NO_GRAD or (
                q in ("torch.set_grad_enabled", "torch.autograd.set_grad_enabled")
                and isinstance(expr, ast.Call)
                and expr.args
                and isinstance(expr.args[0], ast.Constant)
                and expr.args[0].value is False
            ):
                off = 1
        self.no_grad += off
        for s in node.body:
            self.visit(s)
        self.no_grad -= off

    visit_AsyncWith = visit_With

    def _qual(self, node: ast.AST) -> str | None:
        return qualname(node, self.facts.namespaces if self.scopes else self.namespaces)

    def _device_like(self, node: ast.Call) -> bool:
        args = [*node.args, *(kw.value for kw in node.keywords if kw.arg == "device")]
        if not args:
            return False
        a = args[0]
        if isinstance(a, ast.Constant):
            return isinstance(a.value, str) and a.value.split(":")[0] in ("cuda", "cpu", "mps")
        q = self._qual(a.func if isinstance(a, ast.Call) else a) or ""
        if q.startswith("torch.") and q != "torch.device":
            return False  # .to(torch.float32): a dtype
        return "dtype" not in q.lower()


def model_named(q: str) -> bool:
    leaf = q.rsplit(".", 1)[-1].lower()
    return any(w in leaf for w in MODEL_WORDS)


def name_nodes(node: ast.AST) -> list[ast.Name]:
    return [n for n in ast.walk(node) if isinstance(n, ast.Name)]


def loop_targets(loop: LoopState) -> set[str]:
    node = loop.node
    if isinstance(node, ast.For | ast.AsyncFor):
        return set(target_names(node.target))
    return set()


def loop_body(loop: LoopState) -> list[ast.AST]:
    node = loop.node
    return list(node.body) if isinstance(node, ast.For | ast.AsyncFor | ast.While) else []


def tested_names(nodes: Iterable[ast.AST]) -> set[str]:
    """The names read by the tests of the ifs, whiles and conditional expressions among
    ``nodes``: what decides a branch."""
    return {
        name.id
        for n in nodes
        if isinstance(n, ast.If | ast.While | ast.IfExp)
        for name in name_nodes(n.test)
    }


def trains(nodes: list[ast.AST]) -> bool:
    """Whether a scope computes gradients (.backward(), an optimizer step): not inference."""
    for n in nodes:
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in ("backward", "step")
        ):
            return True
    return False


def collects(call: ast.Call) -> bool:
    """``outs.append(v)``, ``outs.extend(v)``: gathering results to join once."""
    return isinstance(call.func, ast.Attribute) and call.func.attr in ("append", "extend")
