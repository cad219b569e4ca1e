"""AB410: a float64 value promoting float32 work, so that the loop runs in float64.

``u_next = (2.0 * u - u_prev + c2 * lap) * damping`` with ``damping = np.exp(-g * dt)``, a
``numpy.float64``: NumPy 2 promotes the float32 field to float64, and from that step on every
operation of the loop moves twice the bytes and runs the slower float64 arithmetic. The same in
torch with a float64 tensor (``torch.tensor(np.linspace(...))``) in an elementwise operation with
float32 tensors. A Python float keeps float32 in both; a 0-d torch tensor does too, and so does a
NumPy float64 scalar before NumPy 2.

    candidates  assignments in a loop
    evidence    at the line, the run saw a float32 array or tensor (SIZE_MIN elements or more),
                a float64 one (or a NumPy float64 scalar) that the loop never stores (the root:
                made before the loop), and a float64 array result (of any size: the float32
                operand is the large one) that is not only reduced (a float64 accumulator of a
                sum is meant)
    price       the line's expression timed after the run with its float64 values, then all in
                float32, on inputs of the shapes seen (an elementwise multiply-add where it
                cannot be evaluated again); that ratio taken on the loop's float64 work (the
                time of its lines where float64 arrays of the loop were seen)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.calls import called_bodies
from ...read.libraries import NEW_VALUE_METHODS
from ...read.purity import attribute_changed
from ...read.recurrence import carried_from
from ...read.source import SourceFile, stored_in
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.models import float32_ratio
from ...run.values import SCALAR, is_array
from .base import Analysis
from .expressions import facts_around, held_names
from .float64_operands import (
    calls_own,
    drifted,
    float64_result,
    promoted_before,
    returned_float64,
)
from .float64_sources import (
    _alias_of,
    _as_float32,
    _attributes_of,
    _called_from_loop,
    _carried_in,
    _cast_float32,
    _float64_call,
    _made_at,
    _made_float32,
    _made_in_init,
    _only_reduced,
    _rewrite,
    operand,
    passed_in,
)
from .float64_values import (
    _big,
    _imports,
    _passed_float32,
    _property_fact,
    _returned_fact,
    _returns_of,
    _same_each_call,
    _stored_as_attribute,
    _through_local,
    _unpacked_from,
    closure_fact,
    held_property_fact,
    looks_at,
    made_as_view,
    promoted_state,
    promotes,
    property_return,
)
from .float64_work import (
    _its_backward,
    _timeable,
    backward_share,
    costliest,
    fold_same_value,
    statement_expr,
    with_costliest,
    work_spans,
)

#: A float64 asked for on the line into a result this many times smaller than its float32
#: operand is an accumulator kept in double precision (meant).
ACCUMULATOR_RATIO = 8
#: Runs of the line below which it is not the loop's work (a batch loop of 4 batches of 4
#: frames, each through a whole float64 Harris pipeline, is: blind40's corners, 42%; the price
#: says whether it matters).
RUNS_MIN = 3
#: Text of a float64 made on the line itself.
INLINE_FLOAT64 = ("float64", "torch.double", ".double(")


class Float64Promotion:
    rule = register(
        Rule(
            "AB410",
            "float64-promotion",
            WARNING,
            "a float64 value in float32 work: the result is float64 and so is all the loop's "
            "later work on it, which moves twice the bytes and runs slower arithmetic",
            "make the float64 constant or array float32 once, before the loop: np.float32(x), "
            "dtype=np.float32, a.astype(np.float32) (torch: dtype=torch.float32, t.float()); a "
            "Python float keeps float32 work float32",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        done: set[int] = set()
        self._origins: set[tuple[str, int]] = set()
        #: each finding's fix, by line (one finding a fix: :meth:`_one_per_fix`)
        self._fixes: dict[int, str] = {}
        # (one finding a region: its float64 work is one, whichever statement promotes it
        # first; told again at each later statement that reads the promoted state, blind50's
        # campaign had three findings of 29-37% for one float64 property, 98% of the run
        # together, one of them blaming the state it had promoted)
        told: set[tuple[int, int]] = set()
        statements = sorted(
            (
                n
                for n in walk_tree(sf.tree)
                if isinstance(n, (ast.Assign, ast.AugAssign, ast.Return)) and n.value is not None
            ),
            key=lambda n: (n.lineno, n.col_offset),
        )
        for node in statements:
            first, last = sf.span(node.lineno)
            if first in done or (sf.path, first) in a.found:
                continue
            loops = sf.enclosing_loops(first)
            if loops and not isinstance(node, ast.Return):
                region = (loops[0].line, loops[0].end)
                if region in told:
                    continue
                done.add(first)
                f = self._check(a, sf, node, first, last, *region)
            else:
                # a function the loop calls, one or more calls down (``return (frame - DARK)
                # * FLAT`` in ``correct(frame)``, called by ``process_frame(frame)`` per
                # frame): its body is the region, and its callers' float64 work the loop's
                chain = _called_from_loop(sf, first, a)
                if chain is None:
                    continue
                region = chain[0]
                if region in told:
                    continue
                done.add(first)
                f = self._check(a, sf, node, first, last, *region, chain[1])
            if f is not None:
                told.add(region)
                f = self._one_per_fix(a, sf, f)
                if f is not None:
                    yield f

    def _one_per_fix(self, a: Analysis, sf: SourceFile, f: Finding) -> Finding | None:
        """One finding for one float64 value: where it meets the float32 work in two regions
        (a force law and the integrator's step that calls it; a model's forward and the loss
        closure that calls the model), the fix is the same, and the line run inside the
        other's calls is told (where the value first meets the float32 work), priced with
        the costlier of the two, and the other dropped (blind160's fermentation fit: 26% and
        12% listed for one conversion, 31% measured)."""
        fix = self._fixes.get(f.line, "")
        twin = next(
            (
                g
                for g in a.found.values()
                if g.path == sf.path and g.code == f.code and self._fixes.get(g.line) == fix
            ),
            None,
        )
        if not fix or twin is None:
            return f
        told = fold_same_value(a, sf.path, f, twin)
        if told.line == twin.line:
            a.found[(twin.path, twin.line)] = told
            return None
        del a.found[(twin.path, twin.line)]
        return told

    def _check(
        self,
        a: Analysis,
        sf: SourceFile,
        node: ast.Assign | ast.AugAssign | ast.Return,
        first: int,
        last: int,
        lo: int,
        hi: int,
        callers: list[tuple[int, int]] | None = None,
    ) -> Finding | None:
        """``callers``: for a statement of a function a loop calls, the regions its value goes
        through (the calling functions' bodies and the loop), where its float64 work is."""
        assert node.value is not None and sf.tree is not None
        tree = sf.tree
        path = sf.path
        count = a.led.count((path, first))
        if count.n < RUNS_MIN:
            return None
        own = a.led.span(path, first, last, own=True)
        operators = not any(isinstance(n, ast.Call) for n in ast.walk(node.value))
        if own / a.total < LIST_SHARE / 4 and not operators and callers is None:
            # (a line of operators only, ``coeffs = frames @ basis``, has its time handled at the
            # next check: its own time says little; the loop's float64 work is priced below)
            return None
        looks = looks_at(a, path, first, last)
        if callers is not None:
            # a function's last line of operators is never looked at: its parameters are the
            # arguments seen where the file calls it, its globals those its callers' frames saw
            for name, fact in facts_around(a, sf, first, last).items():
                looks.setdefault(name, [fact])
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AugAssign)
            else []
        )
        stored = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        # an attribute of the object a method works on (``self.u = u + dt * ...``,
        # ``self.feed``): an input, or the state, of its own
        stored |= {
            f"self.{t.attr}"
            for t in targets
            if isinstance(t, ast.Attribute)
            and isinstance(t.value, ast.Name)
            and t.value.id == "self"
        }
        called = {id(c.func) for c in ast.walk(node.value) if isinstance(c, ast.Call)}
        held = held_names(node.value)
        # (a name whose method is called is read as the method's operand, ``r2`` of
        # ``r2.pow(-1.5)``; an attribute of ``self`` called is a method of the object's)
        read = [
            held.get(id(n), n.id)
            for n in ast.walk(node.value)
            if isinstance(n, ast.Name)
            and not (
                id(n) in held and any(id(a_) in called for a_ in _attributes_of(node.value, n))
            )
        ]
        # an attribute of a local object, ``p.profile`` of ``p = self.p`` (its value recorded)
        read += [
            f"{n.value.id}.{n.attr}"
            for n in ast.walk(node.value)
            if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id != "self"
            and id(n) not in called
            and f"{n.value.id}.{n.attr}" in looks
        ]
        # an attribute of an object the object holds, ``self.c.mass`` (its value recorded)
        read += [
            f"self.{n.value.attr}.{n.attr}"
            for n in ast.walk(node.value)
            if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Attribute)
            and isinstance(n.value.value, ast.Name)
            and n.value.value.id == "self"
            and id(n) not in called
        ]
        # a property of the object, one formula of its attributes, that the run cannot read
        # (``self.retention`` of ``np.exp(-self.cfg.cooling * self.cfg.dt)``): its value made
        # after the run from the attributes seen at its getter (a ``numpy.float64``)
        # (or of another object of the file's classes the line reads, ``self.scenario.overlay``
        # of a ``MacroScenario`` whose getter is ``torch.from_numpy(self._curve)``)
        read += [
            dotted
            for n in ast.walk(node.value)
            if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id != "self"
            and id(n) not in called
            and (dotted := f"{n.value.id}.{n.attr}") not in looks
            and n.value.id in looks
        ]
        for n in dict.fromkeys(read):
            if n.startswith("self.") and n not in looks:
                value = _property_fact(a, sf, n[5:])
                if value is None and n.count(".") >= 2:
                    value = held_property_fact(a, sf, n, looks)
                if value is not None:
                    looks[n] = [value]
            elif "." in n and n not in looks:
                value = held_property_fact(a, sf, n, looks)
                if value is not None:
                    looks[n] = [value]
            elif n not in looks and "." not in n and callers is not None:
                # (a variable of the function that made the closure holding the line)
                value = closure_fact(a, sf, first, n)
                if value is not None:
                    looks[n] = [value]
        if isinstance(node, ast.AugAssign):
            read += list(stored)
        f32 = [n for n in dict.fromkeys(read) if any(_big(x, "float32") for x in looks.get(n, []))]
        if callers is not None and not f32:
            # (a parameter whose looks here all fell after the promotion: the argument its
            # callers pass, seen float32 there, ``u`` of ``u = model.update(u, it)``)
            plain = [x for x in dict.fromkeys(read) if "." not in x]
            for n, fact in _passed_float32(a, sf, first, plain):
                f32.append(n)
                looks = {**looks, n: [fact, *looks.get(n, [])]}
        # the loop's state made float32 before it, and float64 at every look in it: promoted at
        # its first step (``field = field * taper`` with ``field`` made ``.astype(np.float32)``)
        made32 = {
            n: made
            for n in dict.fromkeys(read)
            if n in stored
            and n not in f32
            and any(_big(x, "float64") for x in looks.get(n, []))
            and (made := _made_at(sf, n, lo)) is not None
            and _made_float32(made[1])
        }
        # (the object's state read on the line, that ``__init__`` makes float32 and the method
        # changes, seen float64 in it: ``self.u`` of ``u_new = 1.99 * self.u + r2 * lap``
        # before ``self.u_prev, self.u = self.u, u_new``, the looks at its first, float32
        # call missed)
        for n in dict.fromkeys(read):
            if (
                callers is not None
                and n.startswith("self.")
                and n not in f32
                and n not in made32
                and attribute_changed(sf, n[5:], lo, hi)
                and any(_big(x, "float64") for x in looks.get(n, []))
                and (made := _made_in_init(sf, n)) is not None
                and _made_float32(_through_local(sf, made)[1])
            ):
                made32[n] = _through_local(sf, made)
        # (a local name for the state the method stores, ``u = self.u`` above ``self.u = u +
        # ...``, made float32 in ``__init__``: ``self.u = torch.ones(n, n)``)
        for n in dict.fromkeys(read):
            attr = _alias_of(sf, n, lo, first)
            if (
                attr in stored
                and n not in f32
                and n not in made32
                and any(_big(x, "float64") for x in looks.get(n, []))
                and (made := _made_in_init(sf, attr)) is not None
                and _made_float32(made[1])
            ):
                made32[n] = made
        # (or made in this call from a float32 array by a view or a reshape, its looks here
        # all after this line promoted it)
        fresh = set()
        for n in dict.fromkeys(read):
            view = (
                None
                if n in f32 or n in made32 or n not in stored
                else (made_as_view(a, sf, n, lo, first))
            )
            if view is not None and any(_big(x, "float64") for x in looks.get(n, [])):
                made32[n] = view
                fresh.add(n)
        f32 += list(made32)
        # (no float32 operand seen on the line, its operands a method's result and the
        # object's state, never looked at: ``acc = self.forces(drag, pull) * self.inv_mass``;
        # the object's state that ``__init__`` makes float32 and the loop changes, seen
        # float64 in the loop's methods, is the float32 work this line's float64 promotes)
        # (only where an operand is a call of the file's functions, whose float32 result the
        # run never sees: a line whose operands were all seen is float64 by its own inputs)
        state = (
            promoted_state(a, sf, lo, hi, callers)
            if not f32
            and callers is not None
            and not isinstance(node, ast.Return)
            and calls_own(tree, node.value)
            else None
        )
        if state is not None:
            f32 = [state[0]]
            made32[state[0]] = state[1]
            looks = {**looks, state[0]: state[2]}
        if not f32:
            return None  # float64 throughout, or no float32 work here
        torch32 = any(
            x.type == "torch.Tensor" and x.dtype == "float32" for n in f32 for x in looks.get(n, [])
        )
        roots = [
            n
            for n in dict.fromkeys(read)
            if n not in stored
            and n not in f32  # (seen float32 too: the operand, at another call)
            # (a NumPy float64 scalar promotes NumPy's float32 arrays only: torch takes it as
            # a Python number, ``h * temp_factor`` stays float32; blind139's mycelium trays)
            and any(promotes(x) and (is_array(x) or not torch32) for x in looks.get(n, []))
            and (not stored_in(sf, n, lo, hi) or _same_each_call(sf, n, first, lo, hi, callers))
            and not (callers is not None and _carried_in(sf, first, n, callers))
            and not _cast_float32(node.value, n)
            # (the object's state that the method, or a method the loop calls, sets again:
            # ``self.phase`` of ``advance()``, float64 by what that method adds, not a root;
            # or another object's, ``corridor.temp`` that ``corridor.step()`` sets: blind89's
            # rail corridor, told "not changed in the loop")
            and not (
                n.count(".") == 1
                and any(
                    attribute_changed(sf, n.split(".")[1], r_lo, r_hi, NEW_VALUE_METHODS)
                    for r_lo, r_hi in [(lo, hi), *(callers or [])]
                )
            )
        ]
        if not roots:
            # (a call of the file's method or function that returns a NumPy float64, one
            # formula of numbers: ``self.step_size(it)`` with ``return self.base_step *
            # np.exp(-it / self.decay)``, its value made again after the run from those seen)
            for c in ast.walk(node.value):
                if isinstance(c, ast.Call) and not _cast_float32(node.value, ast.unparse(c)):
                    returned = _returned_fact(a, sf, c)
                    if returned is not None and returned.kind == SCALAR and promotes(returned):
                        roots = [ast.unparse(c)]
                        looks = {**looks, roots[0]: [returned]}
                        break
        text = "\n".join(sf.lines[first - 1 : last])
        inline = not roots and any(w in text for w in INLINE_FLOAT64)
        where, via = first, ""
        # (or a call of the file's that returns a tensor made from NumPy's float64:
        # ``self.noise()`` with ``return torch.from_numpy(self.rng.standard_normal(shape))``)
        made_call = _float64_call(sf, node.value) if not roots and not inline else None
        if not roots and not inline and made_call is None:
            # the float64 operand is the loop's state, made float64 earlier in the iteration by
            # a float64 value the loop does not change (``frames = frames * window`` then
            # ``coeffs = frames @ basis`` with a float32 basis): a line of operators records its
            # values at the next check, when its result is already float64, so the promotion is
            # seen here, and reported where it is made
            promo = promoted_before(a, sf, read, looks, lo, hi, first, callers)
            if promo is None:
                return None  # the float64 operands are the loop's own state: promoted elsewhere
            where, via, root, rfacts = promo
            if (path, where) in a.found:
                return None
            roots = [root]
            looks = {**looks, root: rfacts}
        if isinstance(node, ast.Return):
            # (a float32 array and a float64 root in one expression: NumPy's result is float64)
            if not roots and made_call is None:
                return None
            results = ["the value returned"]
        else:
            # (the state an attribute holds, seen through its local name: ``u`` of ``u =
            # self.u``, float64 at its later looks)
            aliases = {_alias_of(sf, n, lo, first): n for n in dict.fromkeys(read)}
            # (the state the loop hands to a function of the file under the same name,
            # ``target.score(x)``, seen float64 there: blind28's Langevin sampler, whose looks
            # at its own line all fell in the first step)
            passed = {
                arg.id
                for c in ast.walk(node.value)
                if isinstance(c, ast.Call)
                for arg in c.args
                if isinstance(arg, ast.Name)
            }
            results = [
                n
                for n in stored
                if float64_result(a, path, n, looks, lo, hi)
                or (n in aliases and float64_result(a, path, aliases[n], looks, lo, hi))
                or (callers is not None and returned_float64(a, sf, first, n))
                # (a local the method then stores as the object's state, ``self.u_prev,
                # self.u = self.u, u_new``: that attribute seen float64 in the method)
                or any(
                    float64_result(a, path, held, {}, lo, hi)
                    for held in _stored_as_attribute(sf, n, first, hi)
                )
                # (an attribute the object holds, seen float64 in the methods the loop's
                # statements call: ``self.noise()`` reading ``self.x.shape``)
                or (
                    (n.startswith("self.") or n in passed)
                    and any(
                        float64_result(a, path, n, {}, c_lo, c_hi)
                        for c_lo, c_hi in called_bodies(sf, [(lo, hi), *(callers or [])])
                    )
                )
            ]
            if not results and state is not None:
                results = [state[0]]  # (what the line makes goes on into that state)
            if not results and callers is not None and roots:
                # (a float32 operand of the line seen float64 at its later looks: the state the
                # loop hands back to the function, promoted by what the line makes, its result
                # never seen: ``new_e = s * self.susceptibility * ...`` returned in a tuple that
                # comes back as ``s, e, i, r = state``)
                results = [n for n in f32 if n in read and drifted(looks.get(n, []))][:1]
            if not results:
                return None
            biggest = max(
                (x.size for n in f32 for x in looks.get(n, []) if _big(x, "float32")), default=0
            )
            # (the loop's state, read on its own line to make its next value, ``x = x + step *
            # precond * score(x)``, as large as the float32 work: not a sum's accumulator)
            carried = any(
                n in read
                and any(
                    x.size * ACCUMULATOR_RATIO > biggest for x in looks.get(n, []) if is_array(x)
                )
                for n in results
            )
            if not carried and all(_only_reduced(sf, n, lo, hi, first) for n in results):
                return None  # a float64 value that only feeds a sum: meant, and cheap
            if inline and all(
                # (added into: ``energy += ...``; or a fresh value seen, ``values =
                # np.fromiter(map(score, self.bank[children]), np.float64, 40)`` of 40 scores
                # of 30,000 x 384 float32 rows: blind96's chess engine, told AB410)
                (n in read or any(is_array(x) for x in looks.get(n, [])))
                and all(
                    x.size * ACCUMULATOR_RATIO <= biggest for x in looks.get(n, []) if is_array(x)
                )
                for n in results
            ):
                # ``energy += np.square(coeffs, dtype=np.float64)``: a float64 asked for on the
                # line, into a result far smaller than the float32 work: an accumulator in double
                # precision, meant, and cheap
                return None
        spans, inferred = work_spans(a, sf, node, first, lo, hi, roots, callers, f32, looks)
        work = a.led.union(spans) if spans else own
        work = max(work, own)
        # (and the backward pass over it, float64 too where autograd records the work)
        # (of the loop: for a function's statement, the last of the regions its value goes
        # through)
        loop = callers[-1] if callers else (lo, hi)
        backward = backward_share(a, sf, *loop, spans or [(path, first, last)], work)
        work += backward
        inputs = {}
        for n in dict.fromkeys(read):
            got = looks.get(n, [])
            if got:
                inputs[n] = max(got, key=lambda x: (x.dtype == "float64" or promotes(x), x.size))
        if state is not None:
            inputs.setdefault(state[0], state[2][0])  # (its size: the work promoted)
        float64 = {n for n, x in inputs.items() if x.dtype == "float64" or promotes(x)}
        # (the loop's state made from what the line makes, ``u_prev, u = u, u_next``: float64
        # at every step after the first, whatever the first looks saw; timed float32 it read
        # 1.65x where the whole step runs 10x slower in float64, np_float64_wave)
        float64 |= {
            n
            for n in carried_from(sf.tree, lo, hi, results)
            if n in inputs and is_array(inputs[n]) and inputs[n].dtype == "float32"
        }
        expr = statement_expr(node)
        fast = _as_float32(expr) if inline and expr else ""
        if expr and not fast:
            # (the object's attributes as names, ``self.soc`` -> ``self_soc``: the line is
            # timed as it is, not by a stand-in on its largest array; its float64 ones as the
            # loop runs them)
            marked = {
                n: replace(x, dtype="float64") if n in float64 and is_array(x) else x
                for n, x in inputs.items()
            }
            expr, inputs, float64 = _timeable(expr, marked, _imports(sf))
        priced = (
            float32_ratio(expr, inputs, float64, _imports(sf), a.budget(), fast) if expr else None
        )
        if priced is None:
            return None
        (mid, low_r, high_r), how = priced
        least = max((x.size for n in f32 for x in looks.get(n, []) if is_array(x)), default=0)
        top = costliest(a, sf, spans, first, inferred, least)
        if top is not None:
            # the costliest float64 statement downstream (a product with a float32 matrix made
            # float64 at every call) timed in float64 and float32 too: its ratio on its time
            low_s, saving, high_s, mid = with_costliest(work, (mid, low_r, high_r), top)
            how = f"{how}, and {top[2]} downstream,"
        else:
            saving = work * (1 - 1 / max(mid, 1.0))
            low_s = own * (1 - 1 / max(low_r, 1.0))
            high_s = work * (1 - 1 / max(high_r, 1.0))
        if mid <= 1.0 or saving / a.total < LIST_SHARE:
            return None
        f, _ = a.finding(sf, where, self.rule.code)
        # the float32 operands that stay float32 first (the others are the loop's state, seen
        # float32 before the promotion)
        f32.sort(
            key=lambda n: (
                n in made32 or not all(x.dtype == "float32" for x in looks[n] if is_array(x))
            )
        )
        # (the float32 operand's fact as first seen: ``looks`` may since hold a root's
        # float64 facts under the same name, the state promoted earlier in the iteration)
        seen32 = {
            n: next((x for x in looks.get(n, []) if _big(x, "float32")), None) for n in f32[:2]
        }
        f32_facts = ", ".join(
            f"{n} (made float32 at line {made32[n][0]}: {n} = {made32[n][1]}; float64 "
            + (
                "after this line, each time"
                if n in fresh
                else "at every look in the loop, from its first step on"
            )
            + ")"
            if n in made32
            else f"{n} ({seen32[n] or 'float32'})"
            for n in f32[:2]
        )
        if roots:
            root = roots[0]
            rfact = next((x for x in looks[root] if promotes(x)), looks[root][0])
            # (a local the called function makes at every call from values that stay: its
            # line in the function)
            local = callers is not None and stored_in(sf, root, lo, hi)
            made = _made_at(sf, root, first if local else lo)
            at = f", made at line {made[0]}: {root} = {made[1]}" if made else ""
            init = _made_in_init(sf, root) if not made and root.startswith("self.") else None
            if init is not None:
                at = f", made at line {init[0]}: {root} = {init[1][:70]}"
            given = passed_in(sf, root, first) if not made and init is None else None
            if given is not None:
                # (a parameter: where its caller made it, ``t = torch.as_tensor(...)`` in main)
                at = f", passed in: made at line {given[0]}: {given[1][:70]}"
            source = f"{root} ({rfact}{at}; not changed in the loop)"
            rewrite = _rewrite(root, rfact, made[0] if made else None, made[1] if made else "")
            unpacked = _unpacked_from(sf, root, first) if local and made is None else None
            if unpacked is not None:
                # (one of a tuple a property returns: ``ru, rv, f = self.rates``)
                at_line, text, getter_line = unpacked
                source = f"{root} ({rfact}, made at line {at_line}: {text}; the same at every call)"
                rewrite = (
                    f"make {root} a float32 where it is made, line {getter_line or at_line}: "
                    "np.float32(...) for each float64 value"
                    + (" the property returns" if getter_line else "")
                    + " (or a Python float)"
                )
                if (path, at_line) in self._origins:
                    return None  # (another of its values: told at the line first made float64)
                self._origins.add((path, at_line))
            getter = property_return(sf, root, looks) if "." in root else None
            gives = _returns_of(sf, root) if "(" in root else None
            if gives is not None:
                # (a call of the file's that returns a NumPy float64: its return is the fix)
                source = (
                    f"{root} ({rfact}: line {gives[0]} returns {gives[1]}, a NumPy float64 "
                    "at every call)"
                )
                rewrite = (
                    f"make it return a float32 or a Python float, line {gives[0]}: return "
                    f"float({gives[1]}) (np.float32(...) to keep a NumPy scalar)"
                )
            if getter is not None:
                # (a property's value: its getter returns the float32)
                source = (
                    f"{root} ({rfact}, the property's `return {getter[1]}` at line {getter[0]})"
                )
                atom = isinstance(
                    ast.parse(getter[1], mode="eval").body,
                    (ast.Call, ast.Name, ast.Attribute, ast.Subscript),
                )
                formula = getter[1] if atom else f"({getter[1]})"
                cast = (
                    f"{formula}.float()"
                    if rfact.type == "torch.Tensor"
                    else f"{formula}.astype(np.float32)"
                    if is_array(rfact)
                    else f"np.float32({getter[1]})"
                )
                rewrite = f"make the property return float32 (line {getter[0]}): return {cast}" + (
                    " (or keep the float32 array it reads)"
                    if is_array(rfact)
                    else " (or a Python float)"
                )
        elif made_call is not None:
            call_text, at_line, ret_text = made_call
            source = (
                f"{call_text} (a float64 tensor: line {at_line} returns {ret_text}, NumPy's "
                "default dtype)"
            )
            rewrite = (
                f"make it float32 where it is made, line {at_line}: {operand(ret_text)}.float() "
                "(or dtype=np.float32 in the NumPy call, where it takes one)"
            )
        else:
            source, rewrite = "a float64 made on this line", _rewrite("", None, None)
        if len(roots) > 1:
            # (each float64 operand promotes on its own: ``(x - self.mean) / self.std``)
            rewrite += f"; the same for {', '.join(roots[1:3])}, float64 too"
        res = results[0]
        rres = next(
            (x for x in looks.get(res, []) if is_array(x) and x.dtype == "float64" and x.shape),
            None,
        )
        became = f"{res} ({rres})" if rres else f"{res} (float64)"
        if via:
            source = f"{via} (float64 since line {where}: {sf.text(where).strip()}; {source})"
            became = f"{became} at line {first}"
        evidence = (
            f"{f.evidence}; {f32_facts} with {source} gives {became}, and the loop carries "
            f"it on: its float64 work takes {format_time(work)} ({work / a.total:.0%} of the "
            f"run{_its_backward(backward)}); {how} ran {mid:.2f}x as fast in float32 (timed "
            f"after the run on inputs of the seen shapes); {rewrite}"
        )
        self._fixes[f.line] = rewrite
        return replace(
            f,
            seconds=saving,
            share=saving / a.total,
            evidence=evidence,
            gain=(min(low_s, saving), max(high_s, saving)),
        )


PATTERN = Float64Promotion()
