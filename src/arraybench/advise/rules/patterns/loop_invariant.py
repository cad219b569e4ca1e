"""AB411: the same costly value computed again on every iteration from inputs the loop never
changes (a matrix product, an inverse, a factorization, a normalisation, a transposed copy).

``G = X.T @ X`` or ``L = np.linalg.cholesky(S)`` in a loop that never stores ``X`` or ``S``
computes the same result every time; made once before the loop, it costs one evaluation.

    candidates  an assignment inside a loop (or in a function called from a loop, its inputs
                parameters the loop passes unchanged) whose value holds a costly call
                (COSTLY_CALLS) or a matrix product, and only calls that return the same
                result for the same inputs (PURE_CALLS); every name it reads is neither
                assigned, written into, rebound by a loop or changed in place in the loop
                (``x.add_()``, ``rng.shuffle(x)``, ``out=x``, a function of the file that
                writes its parameter)
    evidence    arrays or tensors of MIN_ELEMENTS or more among its inputs, none a tensor
                that autograd records (a parameter an optimizer updates in place); the
                statement ran INVARIANT_MIN+ times, several per entry of the loop; its own
                time is LIST_SHARE of the run or more
    price       its own time less one evaluation per entry of the loop (the count from the
                ledger; a scaled count widens the interval)
    look-alikes the same call on data that changes each iteration (a name stored in the
                loop), a recurrence (``h = W @ h``), a tiny invariant matrix (3x3: costs
                nothing, under LIST_SHARE), AB407's solves (a solve with an unchanged matrix
                is that rule's)
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.bind import module_namespaces
from ...read.calls import calls_of
from ...read.purity import (
    COSTLY_CALLS,
    PURE_CALLS,
    attribute_changed,
    imported_pure,
    pure_functions,
    pure_getters,
    set_after_init,
)
from ...read.source import Loop, SourceFile, call_name, stored_in
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.evaluate import expression_time
from ...run.values import is_array, is_sparse
from .base import Analysis
from .builtin_reduction import builtin_note
from .call_paths import (
    argument_sets,
    called_from,
    outermost,
    partial_attribute,
    partial_mapped,
    per_item_call,
    through_caller,
)
from .changes import (
    _callers,
    _changed,
    _formula_read_whole,
    _inputs,
    _made_same,
    _read_names,
    _receivers_stay,
    passed_unchanged,
)
from .expressions import as_names, facts_around, statement_time
from .invariant_chains import feeds_one, folded, taken_out
from .invariant_inputs import (
    MIN_ELEMENTS,
    _callables,
    _directly_in,
    _entries,
    _formula_time,
    _inlined,
    _made_once,
    _one_shape,
    _return_time,
    _size,
    _with_read_sites,
    made_from_parameters,
    made_inputs,
    read_off,
    shape_local,
    steady_sizes,
)
from .invariant_wording import wording

#: Reductions of a whole array: a part of a statement worth taking out of its loop when its
#: input does not change (``np.max(h, axis=1)[i]`` per row of a 5,000 x 10 ``h``), priced by
#: timing it.
REDUCING = frozenset({"sum", "mean", "max", "min", "std", "var", "argmax", "argmin"})
#: A statement that only copies or converts (``t = table.astype(np.float64)``) is a needless
#: copy's (AB203) where nothing is computed: not taken as invariant work unless costly.
COPIES = frozenset(
    {"astype", "copy", "clone", "array", "asarray", "tensor", "as_tensor", "from_numpy"}
)
#: Lint's codes at a line that an invariant part of it takes over.
TAKEN_OVER = frozenset({"AB108"})
#: The statement must run this many times (its inputs hold MIN_ELEMENTS or more).
INVARIANT_MIN = 10


#: A statement whose time a run is this many times its value's timed after the run holds
#: another line's time.
LANDED = 20


class LoopInvariant:
    rule = register(
        Rule(
            "AB411",
            "loop-invariant",
            WARNING,
            "the same costly value (a matrix product, an inverse, a factorization, a "
            "normalisation, a transposed copy) computed again on every iteration from inputs "
            "that the loop never changes",
            "compute it once before the loop and reuse it in the loop (for a value made in a "
            "function the loop calls: compute it before the loop and pass it in)",
        )
    )

    def __init__(self) -> None:
        #: by line, the loop whose index alone a statement's inputs change with
        self.per_item: dict[int, Loop] = {}
        #: statements found invariant under LIST_SHARE, each made for one later statement
        #: (:func:`~.invariant_chains.feeds_one`): joined to that one where it is found too
        self.aside: dict[tuple[str, int], Finding] = {}

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        self.per_item.clear()
        self.aside.clear()
        defs = {n.name: n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
        # (and those imported from the user's own module beside it: ``from gaussxw import
        # gaussxw``, round 17's quadrature nodes made again for every integral)
        pure = pure_functions(sf) | imported_pure(sf)
        for node in walk_tree(sf.tree):
            if (
                not isinstance(
                    node, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.Expr | ast.Return
                )
                or node.value is None
            ):
                continue
            line = node.lineno
            old = a.found.get((sf.path, line))
            if old is not None and old.code not in TAKEN_OVER:
                continue
            # (a loop's finding that holds the statement does not take it out of the loop: its
            # rewrite, a whole-array form of the loop, keeps the statement's work)
            f = None
            if isinstance(node, ast.Assign | ast.AnnAssign) and old is None:
                # (a whole array's reduction counts here too: ``P = L / L.sum(axis=0)``, a
                # normalisation of links that never change)
                # (a call of the object's pure method reads like an input: ``self.operator()``)
                held = _callables(a, sf, line)
                names = _inputs(node.value, pure, REDUCING, callables=held)
                cheap = names is None
                if cheap and not (
                    isinstance(node.value, ast.Call) and call_name(node.value) in COPIES
                ):
                    # no inverse, product or reduction in it (``M = W + torch.eye(512)``,
                    # ``grid = np.linspace(0, 1, 2000)``): one only where timing it after the
                    # run shows its runs cost LIST_SHARE of the run or more
                    names = _inputs(node.value, pure, REDUCING, need_costly=False, callables=held)
                # (an array whose shape alone the statement reads, one shape at every look of
                # the run: ``centred_otf(psf, frame.shape)`` of a new frame each time)
                fixed = {m for m in names or () if _one_shape(a, sf, node.value, m)}
                # (or a local made from such a shape: ``n = temps.shape[0]``)
                fixed |= {m for m in names or () if shape_local(a, sf, line, m)}
                # (or none at all: ``psf = gaussian_psf()``, a pure function of its defaults)
                where = (
                    self._invariant_in(a, sf, node, names - fixed, defs)
                    if names is not None and (names - fixed or not names)
                    else None
                )
                if (
                    names is not None
                    and where is not None
                    and (not cheap or self._costs_enough(a, sf, node, where[0]))
                ):
                    own = {
                        c.func.id
                        for c in ast.walk(node.value)
                        if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                    } & pure
                    # (and a kept method of an object handed in: ``panel.stiffness()``)
                    own |= {
                        ast.unparse(c.func)
                        for c in ast.walk(node.value)
                        if isinstance(c, ast.Call) and ast.unparse(c.func) in held
                    }
                    # (a property of the object whose getter is pure, read whole: ``self.kernel``
                    # of a windowed-sinc design; priced by its time too)
                    own |= {
                        m
                        for m in names
                        if m.startswith("self.") and m[5:] in pure_getters(sf, methods_too=True)
                    }
                    f = self._priced(
                        a,
                        sf,
                        line,
                        names,
                        where[0],
                        where[1],
                        sorted(own),
                        self.per_item.pop(line, None),
                        fixed,
                    )
            if f is None:
                f = self._parts(a, sf, node, pure)
            if f is not None:
                if old is not None:
                    # lint's "array built piece by piece" of a line whose time is an
                    # invariant part: that part is what to change
                    del a.found[(sf.path, line)]
                f = folded(a, sf, f, self.aside)
                if f is not None:
                    yield f
        # (a function listed before the chain that computes all its calls once: folded in)
        taken_out(a, sf, self.rule.code)

    def _parts(
        self,
        a: Analysis,
        sf: SourceFile,
        node: ast.Assign | ast.AnnAssign | ast.AugAssign | ast.Expr | ast.Return,
        pure: frozenset[str] = frozenset(),
    ) -> Finding | None:
        """A statement of a loop (or of a function a loop calls) whose value changes, holding
        costly parts that do not (``grad = X.T @ X @ w - X.T @ y``: ``X.T @ X`` and ``X.T @
        y``), priced by timing those parts after the run on values like those seen."""
        line = node.lineno
        loops = [
            lp
            for lp in sf.enclosing_loops(line)
            if sf.functions.get(lp.line, "") == sf.functions.get(line, "")
        ]
        if node.value is None:
            return None
        via = ""
        changed: Callable[[str], bool]
        callables: frozenset[str] = frozenset()
        if loops:
            lp = loops[0]
            changed = lambda m: _changed(sf, m, lp.line, lp.end)  # noqa: E731
        else:
            # a function the loop calls (``return float(d @ np.linalg.inv(params["cov"]) @
            # d)`` in ``distance(p, model)``): its parts' inputs are the arguments the loop
            # passes unchanged, or names the function never stores
            calling = called_from(a, sf, line)
            if calling is None:
                return None
            lp, via, stored = calling
            callables = _callables(a, sf, line)
            # (the object's attributes stay only where the loop reads the method or property
            # of one object: ``c.energy`` of each new cluster, ``for c in clusters``, is a new
            # ``self.cells`` at every read; blind45's calorimeter was told to hoist it)
            new_objects = not _receivers_stay(sf, line, lp)

            def moved(m: str) -> bool:
                return (new_objects and m.startswith("self.")) or stored(m)

            def changed(m: str) -> bool:
                if new_objects and m.startswith("self."):
                    return True
                # (a name the function makes once above the line from inputs that stay:
                # ``k = self.kernel(self.x, self.x) + ...`` before ``return np.linalg.inv(k)``;
                # not from a new object's: ``steps = np.diff(self.pins)`` of each pair's path,
                # blind135's lace pricking)
                return stored(m) and not _made_once(sf, m, line, moved, pure, callables)

        first, last = sf.span(line)
        # its own time, and the time of the file's functions it calls (a part may be one)
        seconds = a.led.span(sf.path, first, last)
        returned = 0.0
        if seconds / a.total < LIST_SHARE and isinstance(node, ast.Return) and via:
            # a getter's or helper's return of operators only on large arrays (``return self.K
            # / self.masses[:, None]``, read once a step): its signal is handled at the
            # caller's next check, so its time is the formula's, timed after the run
            returned = _return_time(a, sf, node, pure)
            seconds = max(seconds, returned)
        if seconds / a.total < LIST_SHARE:
            return None
        defs = (
            {n.name: n for n in sf.tree.body if isinstance(n, ast.FunctionDef)}
            if sf.tree is not None
            else {}
        )
        kept: list[tuple[ast.expr, set[str], ast.expr]] = []
        read_at: list[int] = []
        # (names a comprehension or a lambda of the statement binds change with its items:
        # ``robust_level(w)`` of ``[robust_level(w) for w in windows(x)]`` is no invariant part)
        bound = {
            t.id
            for c in ast.walk(node.value)
            if isinstance(c, ast.comprehension)
            for t in ast.walk(c.target)
            if isinstance(t, ast.Name)
        } | {
            a_.arg for f in ast.walk(node.value) if isinstance(f, ast.Lambda) for a_ in f.args.args
        }
        for n in ast.walk(node.value):
            # (a whole value returned or added in is a part too: ``return np.linalg.inv(
            # self.cov)`` of a property read per step; a whole value assigned is the Assign's)
            entire = n is node.value and not isinstance(node, ast.Return | ast.AugAssign)
            if entire or not isinstance(n, ast.expr):
                continue
            called = isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in pure
            costly = (
                (isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult))
                or (isinstance(n, ast.Call) and call_name(n) in COSTLY_CALLS | REDUCING)
                or called
                or (returned > 0 and n is node.value)
                # (a function's whole value returned, holding a costly part: all of it stays
                # when its inputs do, ``return self.counts / self.counts.sum(axis=2,
                # keepdims=True)`` of a property read per sweep; blind42's value iteration)
                or (
                    n is node.value
                    and isinstance(node, ast.Return)
                    and bool(via)
                    and _formula_read_whole(sf, line, lp)
                    and any(
                        (isinstance(x, ast.Call) and call_name(x) in COSTLY_CALLS | REDUCING)
                        or (isinstance(x, ast.BinOp) and isinstance(x.op, ast.MatMult))
                        for x in ast.walk(n)
                    )
                )
            )
            # (a property of the object read in it, ``self.system`` of a getter that is one
            # ``return`` of a formula: that formula, its inputs the object's attributes)
            full, getters = _inlined(sf, n, line)
            timed_whole = returned > 0 and n is node.value
            # (a call of the object's pure method reads like an input: blind103's canal locks)
            names = (
                _inputs(full, pure, REDUCING, need_costly=not timed_whole, callables=callables)
                if costly
                else None
            )
            if not names or names & bound or any(changed(m) for m in names):
                continue
            if any(n in set(ast.walk(k)) for k, _, _ in kept):
                continue  # inside a part already kept (ast.walk goes outside in)
            kept.append((n, names, full))
            read_at.extend(getters)
        if not kept:
            return None
        kept.sort(key=lambda k: (k[0].lineno, k[0].col_offset))
        facts = {**facts_around(a, sf, lp.line, lp.end), **a.ev.facts_at((sf.path, line))}
        for g in read_at:
            facts = {**a.ev.facts_at((sf.path, g)), **facts}
        facts = _with_read_sites(a, sf, sf.functions.get(line, ""), facts)
        modules = module_namespaces(sf.tree) if sf.tree is not None else {}
        total = 0.0
        texts = []
        from_run = False
        for shown, names, part in kept:
            inputs = {m: facts[m] for m in names if m in facts and m not in modules}
            # (a pure method of the object called in the whole value returned, never seen as a
            # value, ``self.conductance()``: the whole value's time in the run prices it)
            methods = {ast.unparse(c.func) for c in ast.walk(part) if isinstance(c, ast.Call)}
            missing = names - set(modules) - set(inputs)
            entire_value = shown is node.value and not read_at
            if missing and not (entire_value and missing <= callables & methods):
                return None
            # an attribute or a dict's item read whole (``self.A``, ``params["cov"]``) is
            # timed as a name bound to a value like the one seen
            timed, inputs = as_names(part, inputs)
            fn = (
                defs.get(part.func.id)
                if isinstance(part, ast.Call) and isinstance(part.func, ast.Name)
                else None
            )
            arrays = [x for x in inputs.values() if is_array(x)]
            whole_return = isinstance(node, ast.Return) and shown is node.value and not read_at
            if (
                fn is None
                and (not arrays or max(_size(x) for x in arrays) < MIN_ELEMENTS)
                # (a whole value returned whose arrays sit in an object read whole,
                # ``self.net.kirchhoff`` of ``self.net``: its own time in the run says)
                and not (whole_return and not arrays)
            ):
                continue  # (a function of the file: its time says what it costs)
            if any(x.grad for x in inputs.values()):
                return None  # a parameter an optimizer changes in place
            if fn is not None and fn.body and isinstance(part, ast.Call):
                # a function of the file (``true(x)``, the analytic solution): a formula of one
                # ``return`` timed after the run on its arguments' values; else its time a call
                # from the run (short of what lands after its return, for lines of operators)
                t = _formula_time(fn, part, facts, modules, min(0.3, a.budget()))
                if t is None:
                    body = fn.body[0].lineno
                    calls = a.led.count((sf.path, body)).n
                    spent = a.led.span(sf.path, body, fn.end_lineno or body)
                    t = spent / calls if calls else None
            else:
                t = expression_time(ast.unparse(timed), inputs, modules, min(0.3, a.budget()))
            if t is None and shown is node.value and not read_at:
                # (the whole value returned, of inputs that cannot be made again after the run,
                # ``self.p.dt`` of a dataclass: the statement's own time a run, from the run)
                t = seconds / max(a.led.count((sf.path, line)).n, 1)
                from_run = True
            if t is None:
                return None
            total += t
            texts.append(ast.unparse(shown))
        count, _ = a.loop_counts(sf.path, lp)
        used = count if _directly_in(sf, line, lp) and count.n else a.led.count((sf.path, line))
        entries = float(_entries(a, sf, lp))
        if not texts or used.n < INVARIANT_MIN or used.n < 2 * entries:
            return None
        each = total
        whole = statement_time(node.value, facts, modules, min(0.3, a.budget()))
        cap = seconds
        if len(kept) == 1 and kept[0][0] is node.value and not read_at:
            # (the part is the whole value: the statement's own time a run is its time)
            whole, each = None, seconds / max(used.n, 1)
            if isinstance(node, ast.Return) and via and not from_run and total > each:
                # (a return's operators run after its last call: their time lands at the
                # caller's next check and the line reads short; the formula timed after the
                # run, at most the calling loop's time: blind42's ``return self.counts /
                # self.counts.sum(...)``, 1.2 ms a read in the run for 2.5 ms timed so)
                each = total
                cap = max(seconds, a.led.span(sf.path, lp.line, lp.end))
            elif not from_run and 0 < total * LANDED < each:
                # (a line far slower in the run than its value timed after it holds the time of
                # the line before, landed at its first check: ``return t[idx].sum()``, 7 us, after
                # ``t = table.astype(np.float64)``, 9 ms, read as the return's, 57% for nothing)
                each = total
        portion = ""
        if whole is not None and whole >= total / 2:
            portion = (
                f" of the whole statement's {format_time(whole)} timed so "
                f"({min(1.0, total / whole):.0%} of its {format_time(seconds / max(used.n, 1))} "
                "a run in the run)"
            )
            # the parts' share of the whole statement, both timed after the run, times what the
            # statement took a run in the run: the machine's speed then and after (a shared
            # machine's load, BLAS threads waiting on each other) cancels out
            # (the parts are most of a statement timed apart: at most all of it)
            each = seconds / max(used.n, 1) * min(1.0, total / whole)
        high = min(cap, (used.n - entries) * each)
        low = 0.7 * high if used.exact else 0.5 * high
        if high / a.total < LIST_SHARE:
            return None
        f, _ = a.finding(sf, line, self.rule.code)
        seconds = max(seconds, high) if cap > seconds else seconds
        shapes = "; ".join(
            f"{m}: {facts[m]}" for m in sorted({m for _, ns, _ in kept for m in ns}) if m in facts
        )
        said = " and ".join(f"`{t}`" for t in texts)
        inputs_all = {m for _, ns, _ in kept for m in ns}
        held = (
            sorted(inputs_all)
            if all(m.startswith("self.") and not set_after_init(sf, m[5:]) for m in inputs_all)
            else []
        )
        f = replace(
            f,
            # (its own time and its callees': a part may be a call of the file's function)
            seconds=max(f.seconds, seconds),
            share=max(f.seconds, seconds) / a.total,
            count=used,
            evidence=f"runs {used} times, {format_time(seconds / max(used.n, 1))} each; its "
            f"part{'s' if len(texts) > 1 else ''} {said} "
            f"{'take' if len(texts) > 1 else 'takes'} {format_time(total)} a run ("
            + ("its own time in the run; " if from_run else "timed after the run on values like ")
            + f"{'its inputs' if from_run else 'those seen'}: {shapes}){portion}, from inputs "
            f"the loop at line "
            f"{lp.line} never changes{f' (it calls {via}() with the same ones)' if via else ''}; "
            + (
                # (an object's attributes only: where they are set, as an attribute)
                f"compute {'them' if len(texts) > 1 else 'it'} once where "
                f"{', '.join(held)} {'is' if len(held) == 1 else 'are'} set (in __init__, kept "
                f"as an attribute) and use that on line {line}"
                if held
                else f"compute {'them' if len(texts) > 1 else 'it'} once before the loop "
                f"({entries:,.0f} time{'s' if entries != 1 else ''}) and use the "
                f"result{'s' if len(texts) > 1 else ''} on line {line}"
                f"{f', passed to {via}()' if via else ''}"
            ),
            gain=(low, high),
        )
        # (a part that is Python's builtin reduction over an array: said, with its fix)
        return replace(f, evidence=f.evidence + builtin_note([k for k, _, _ in kept], facts))

    @staticmethod
    def _costs_enough(
        a: Analysis, sf: SourceFile, node: ast.Assign | ast.AnnAssign, lp: Loop
    ) -> bool:
        """Whether the statement's runs, its value timed after the run on values like those
        seen, cost LIST_SHARE of the run or more."""
        assert node.value is not None
        first, last = sf.span(node.lineno)
        facts = {
            **facts_around(a, sf, lp.line, lp.end),
            **a.ev.facts_in(sf.path, first, last),
        }
        modules = module_namespaces(sf.tree) if sf.tree is not None else {}
        t = statement_time(node.value, facts, modules, min(0.3, a.budget()))
        runs = a.led.count((sf.path, node.lineno)).n
        return t is not None and runs * t >= LIST_SHARE * a.total

    def _invariant_in(
        self,
        a: Analysis,
        sf: SourceFile,
        node: ast.Assign | ast.AnnAssign,
        names: set[str],
        defs: dict[str, ast.FunctionDef],
        inner: Loop | None = None,
    ) -> tuple[Loop, str] | None:
        """The loop the statement can be taken out of, and how ("" when it is in that loop,
        the function's name when the loop calls the function that holds it). ``inner``: the
        loop around the statement whose index alone its inputs change with (the statement is
        looked at as that loop, from outside it)."""
        line = node.lineno
        func = sf.functions.get(line, "").rsplit(".", 1)[-1]
        loops = [
            lp
            for lp in sf.enclosing_loops(inner.line if inner is not None else line)
            if sf.functions.get(lp.line, "") == sf.functions.get(line, "")
            and (inner is None or lp.line != inner.line)
        ]
        first, last = sf.span(line)
        targets = {
            n.id
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
            for n in ast.walk(t)
            if isinstance(n, ast.Name)
        }
        if loops:
            lp = loops[0]
            # (a name the loop assigns once from inputs it never changes, ``grid =
            # np.linspace(0, 1, 2000)``, is the same at every iteration too)
            varying = {
                n
                for n in names
                if _changed(sf, n, lp.line, lp.end) and not _made_same(sf, n, lp, line)
            }
            if varying:
                # inputs that change with this loop's own index only, over the same items at
                # every entry (``torch.linalg.inv(self.covs[k])`` for ``k in range(K)``, in a
                # method called per batch): the same K values every time the loop runs
                if lp.recurrence or not varying <= set(lp.targets) or lp.over is None:
                    return None
                rest = (names - varying) | _read_names(lp.over)
                outer = self._invariant_in(a, sf, node, rest, defs, lp)
                if outer is None:
                    return None
                self.per_item[line] = lp
                return outer
            # a result the loop then changes in place (``G += lam * I``) must be made anew
            # each time (or copied): taken out, it would carry one iteration's change to the next
            if any(
                _changed(sf, t, lp.line, first - 1) or _changed(sf, t, last + 1, lp.end)
                for t in targets
            ):
                return None
            return lp, ""
        fn = defs.get(func)
        if fn is None or any(_changed(sf, t, last + 1, fn.end_lineno or last) for t in targets):
            return None
        params = [p.arg for p in fn.args.args]
        body_first = fn.body[0].lineno if fn.body else line
        # every input a parameter the function does not change before the statement, or a
        # global the function never assigns
        if any(_changed(sf, n, body_first, line - 1) for n in names & set(params)):
            return None
        end = fn.end_lineno or line

        # (a size the function reads off a parameter, ``n = len(trace)``, one value at every
        # look of the run: the same at every call, whatever the parameter holds; blind176's
        # geophones, a 200x200 smoother inverted again for every 200-sample trace)
        steady = steady_sizes(a, sf, fn)

        def stored(m: str) -> bool:
            if m.startswith("self."):
                return attribute_changed(sf, m[5:], fn.lineno, end, PURE_CALLS)
            return m not in steady and (m in params or stored_in(sf, m, fn.lineno, end))

        # (a local the function makes once above from inputs that stay: ``A = self.K +
        # self.noise ** 2 * np.eye(n)`` before ``A_inv = np.linalg.inv(A)``)
        pure = pure_functions(sf) | imported_pure(sf)
        callables = _callables(a, sf, line)
        # (or from the function's parameters, which must then come unchanged from the callers)
        given = made_from_parameters(sf, names, params, line, stored, pure, callables)
        if given is None or any(_changed(sf, n, body_first, line - 1) for n in given):
            return None
        # (the locals made once above from inputs that stay: their inputs are what the callers
        # must leave as they are)
        names = made_inputs(sf, names, params, line, stored, pure, callables) | given
        # a method (its first parameter ``self``) is called on an object: its arguments
        # start at the second parameter
        method = bool(params) and params[0] == "self"
        callers = _callers(sf, func, method, a)
        if not callers:
            # called from a function with no loop of its own, which a loop calls
            # (``mahalanobis(x, model["mean"], model["cov"])`` in ``score_batch(batch, model)``):
            # what it passes must be that function's parameters passed unchanged, or names it
            # never stores, one level up
            items: list[Loop] = []
            top = through_caller(a, sf, func, params, method, names, defs, 0, items)
            if top is not None and items:
                self.per_item[line] = items[-1]
            # (or a partial the object holds and calls in a loop, its inputs the parameters it
            # binds: ``self.step = partial(implicit_step, system=system)``, blind155's oven)
            held = partial_attribute(sf, fn, line) if top is None else None
            if held is not None and not any(held[2](n) for n in names):
                return held[0], func
            # (or a partial bound to a local and mapped in a loop or comprehension: ``fit =
            # partial(fit_blend, pantry, cfg.ridge)``, ``map(fit, orders)``; blind164's flour)
            mapped = partial_mapped(sf, fn, line) if top is None else None
            if mapped is not None and not any(mapped[2](n) for n in names):
                return mapped[0], func
            return top
        if not passed_unchanged(sf, callers, params, method, names):
            # (one value per item of the calling loop: ``deflect(p, ...)`` for ``p in panels``)
            got = per_item_call(sf, callers, params, method, names)
            if got is None:
                return None
            self.per_item[line] = got[1]
            return got[0], func
        return outermost(sf, callers, params, method, names), func

    @staticmethod
    def _scope(sf: SourceFile, line: int, lp: Loop, via: str) -> tuple[int, int]:
        if not via:
            return lp.line, lp.end
        first = min(
            (ln for ln, fn in sf.functions.items() if fn == sf.functions.get(line)), default=line
        )
        last = max(
            (ln for ln, fn in sf.functions.items() if fn == sf.functions.get(line)), default=line
        )
        return first, last

    def _priced(
        self,
        a: Analysis,
        sf: SourceFile,
        line: int,
        names: set[str],
        lp: Loop,
        via: str,
        own: list[str] | None = None,
        per_item: Loop | None = None,
        layout: set[str] | None = None,
    ) -> Finding | None:
        """``per_item``: the loop whose index alone the inputs change with; its items' values
        are made once each (one list of them, or one batched call). ``layout``: inputs read
        for their shape alone (one shape in the run)."""
        # the values seen at the line, or (a line of operators only is not always sampled)
        # elsewhere in the loop or the function: the inputs do not change there
        facts = {
            **facts_around(a, sf, *self._scope(sf, line, lp, via)),
            **a.ev.facts_at((sf.path, line)),
        }
        seen = [facts[n] for n in sorted(names) if n in facts] + read_off(a, sf, line, names)
        arrays = [x for x in seen if is_array(x)]
        # (a sparse matrix: its stored values; ``splu`` of one that stays, per implicit step)
        stored = [x.value or 0 for x in seen if is_sparse(x)]
        if (
            not own
            and max((_size(x) for x in arrays), default=0) < MIN_ELEMENTS
            and max(stored, default=0) < MIN_ELEMENTS
        ):
            return None  # (a call of the file's function: its time says what it costs)
        if any(x.grad for x in seen) or (via and _passes_grad(a, sf, lp, via)):
            # a parameter that autograd records: an optimizer changes it in place (where the
            # function's own values were seen at a call outside the loop, ``uplift(p0)`` before
            # ``for step ...: uplift(params)``, the loop's arguments tell)
            return None
        first, last = sf.span(line)
        # the statement's own time, and the file's functions it calls where it calls any
        seconds = a.led.span(sf.path, first, last, own=not own)
        # (under LIST_SHARE, a statement made only for one later statement of its function is
        # kept aside: that one, found invariant too, takes it along; blind86's brining matrix
        # ``a = np.eye(n) - dt * self.laplacian()``, 1-2% of the run, before its inverse)
        small = seconds / a.total < LIST_SHARE
        if small and feeds_one(sf, line) is None:
            return None
        count = a.led.count((sf.path, line))
        loop_count, _ = a.loop_counts(sf.path, lp)
        direct = not via and _directly_in(sf, line, lp)
        used = loop_count if direct and loop_count.n else count
        n, estimated = used.n, not used.exact
        entries = float(_entries(a, sf, lp))
        # (a function the loop calls with different arguments at its call sites, ``C(u, x[i],
        # N)`` and ``C(u, x[i], 2 * N)``: one value for each)
        kinds = argument_sets(sf, via, lp, names) if via else []
        entries *= max(1, len(kinds))
        if per_item is not None:
            # one value per item of the loop inside, made once each per entry of this one
            entries *= max(1.0, a.loop_counts(sf.path, per_item)[1])
            used = count
            n, estimated = used.n, not used.exact
        if n < INVARIANT_MIN or n < 2 * entries:
            return None  # not several times per entry of the loop: nothing to save
        each = seconds / n
        high = max(0.0, seconds - entries * each)
        # a scaled or lower-bound count: the statement may have run as few as 2/3 as often,
        # each evaluation costing more
        low = max(0.0, seconds - entries * each * (1.5 if estimated else 1.0))
        f, _ = a.finding(sf, line, self.rule.code)
        shapes = "; ".join(
            f"{k}: {facts[k]}{', its shape alone read' if k in (layout or ()) else ''}"
            for k in sorted(names)
            if k in facts
        )
        where = (
            f"the loop at line {lp.line} calls {via}() with the same inputs every time"
            if via
            else f"none of them is assigned, written or changed in place in the loop at line "
            f"{lp.line}"
        )
        where, hoist, through = wording(
            sf, line, names, lp, via, kinds, facts, own, per_item, entries, where
        )
        priced = replace(
            f,
            seconds=seconds,
            share=seconds / a.total,
            count=loop_count if direct and loop_count.n else f.count,
            evidence=f"runs {n:,} times, {format_time(each)} each, "
            + (f"from the same inputs ({shapes})" if names else "from no inputs but constants")
            + f"{through}: {where}; made once per entry of the loop ({entries:,.0f}) "
            f"it would cost {format_time(entries * each)}; {hoist}",
            gain=(low, high),
        )
        if small:
            self.aside[(sf.path, line)] = priced
            return None
        return priced


def _passes_grad(a: Analysis, sf: SourceFile, lp: Loop, via: str) -> bool:
    """Whether the loop calls ``via`` with a tensor that autograd records among its arguments."""
    if sf.tree is None:
        return False
    facts = a.ev.facts_in(sf.path, lp.line, lp.end)
    for call in calls_of(sf, via, method=True):
        if lp.line <= call.lineno <= lp.end:
            args = [*call.args, *(k.value for k in call.keywords)]
            read = {n.id for x in args for n in ast.walk(x) if isinstance(n, ast.Name)}
            if any(facts[n].grad for n in read if n in facts):
                return True
    return False


PATTERN = LoopInvariant()
