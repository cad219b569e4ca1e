"""Where the float64 tensors of AB401 (float64_from_numpy.py) come from and where they meet the
float32 work, read from the source: a loop's names traced back through assignments, parameters,
the file's functions and closures, loop targets and the hooks a list is given, to a conversion
of NumPy data; and the one line of arithmetic where a conversion's tensors are read."""

from __future__ import annotations

import ast
from functools import lru_cache

from ...read.calls import returned_attributes
from ...read.source import SourceFile, enclosing_function
from ...read.syntax import call_name, parent_map, walk_tree

#: Steps back from the loop's names to a conversion (an assignment, a parameter, a call).
TRACE_DEPTH = 8
#: A list's methods that give it an item (a hook, a table).
GIVEN = frozenset({"append", "extend", "insert"})

Scope = ast.FunctionDef | ast.AsyncFunctionDef | None


def _met_before(sf: SourceFile, at: int, call: ast.Call, reach: list[tuple[int, int]]) -> bool:
    """Whether a conversion's tensors meet the float32 work on one line outside a loop's reach
    and outside any loop: made float64 once, before the loop."""
    meets = _meeting_line(sf, at, call)
    return (
        meets is not None
        and not any(lo <= meets <= hi for lo, hi in reach)
        and not sf.enclosing_loops(meets)
    )


def _meeting_line(sf: SourceFile, at: int, call: ast.Call | None = None) -> int | None:
    """The one line of arithmetic where the tensors a conversion at ``at`` (the call ``call``)
    makes are read: by the name it is bound to, or as the parameter of the file's function it is
    handed to (a call or a ``functools.partial``), a few hand-overs deep; returned by its
    function, where the calls' results are bound; given to a dataclass, where its field is read;
    None where there are several (a dict of data read all over a model) or none."""
    assert sf.tree is not None
    st = next(
        (
            s
            for s in walk_tree(sf.tree)
            if isinstance(s, ast.Assign) and s.lineno == at and len(s.targets) == 1
        ),
        None,
    )
    parents = parent_map(sf.tree)
    if st is None:
        return _unbound_meets(sf, call, parents) if call is not None else None
    meets: set[int] = set()
    target = st.targets[0]
    held = _self_attributes(target)
    if held:
        # (an attribute of the object: ``self.drift = torch.from_numpy(...)``, read in a
        # method's arithmetic, ``self.phase + BLOCK * self.step + self.drift``; or through a
        # property that returns it, ``self.kappa * self.laplacian(f)``: blind58's nowcast;
        # several unpacked, ``self.x, self.y = torch.from_numpy(grid)``: blind64's volcano)
        attrs = held | {name for name, attr in returned_attributes(sf.tree).items() if attr in held}
        for n in walk_tree(sf.tree):
            if (
                isinstance(n, ast.Attribute)
                and n.attr in attrs
                # (its own object's, or another's that holds it: ``self.c.ke * self.central``,
                # blind68's cohort rates read by the simulator)
                and isinstance(n.value, ast.Name | ast.Attribute)
                and isinstance(n.ctx, ast.Load)
            ):
                p = parents.get(id(n))
                if isinstance(p, ast.Return) and n.attr in held and len(attrs) > len(held):
                    continue  # (the property's own return)
                if not isinstance(p, ast.BinOp | ast.UnaryOp):
                    return None  # (read otherwise too: handed on, indexed)
                meets.add(n.lineno)
        return meets.pop() if len(meets) == 1 else None
    if not isinstance(target, ast.Name):
        return None
    return _name_meets(sf, [(enclosing_function(sf, at), target.id, 0)], parents)


def _in_arithmetic(n: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """Read in arithmetic: ``h * sponge``, or indexed there, ``hours * table[gear]``."""
    p = parents.get(id(n))
    return isinstance(p, ast.BinOp | ast.UnaryOp) or (
        isinstance(p, ast.Subscript)
        and p.value is n
        and isinstance(parents.get(id(p)), ast.BinOp | ast.UnaryOp)
    )


def _name_meets(
    sf: SourceFile, todo: list[tuple[Scope, str, int]], parents: dict[int, ast.AST]
) -> int | None:
    """The one line of arithmetic where the names to do (in their scopes) are read, following
    them into the file's functions and dataclasses they are handed to."""
    assert sf.tree is not None
    defs = {n.name: n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
    meets: set[int] = set()
    seen: set[tuple[int, str]] = set()
    while todo:
        scope, name, depth = todo.pop()
        if (id(scope), name) in seen or depth > 3:
            continue
        seen.add((id(scope), name))
        body = scope.body if scope is not None else sf.tree.body
        for n in (n for top in body for n in ast.walk(top)):
            if not (isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)):
                continue
            if _in_arithmetic(n, parents):
                meets.add(n.lineno)
                continue
            p = parents.get(id(n))
            kw = p.arg if isinstance(p, ast.keyword) else None
            if kw is not None:
                p = parents.get(id(p))
            field = _field_of(sf, n, p, kw)
            if field is not None:
                # (a dataclass's field: where the object's field is read in arithmetic,
                # ``t + flux * self.coupling``; blind89's rail corridor)
                got = _field_meets(sf, field, parents)
                if got is None:
                    return None
                meets |= got
                continue
            handed = _handed_to(n, p, kw, defs)
            if handed is not None:
                todo.append((defs[handed[0]], handed[1], depth + 1))
    return meets.pop() if len(meets) == 1 else None


def _field_meets(sf: SourceFile, field: str, parents: dict[int, ast.AST]) -> set[int] | None:
    """The lines of arithmetic where a dataclass's field is read; None where it is read
    otherwise too."""
    assert sf.tree is not None
    meets: set[int] = set()
    for m in walk_tree(sf.tree):
        if isinstance(m, ast.Attribute) and m.attr == field and isinstance(m.ctx, ast.Load):
            if not _in_arithmetic(m, parents):
                return None
            meets.add(m.lineno)
    return meets


def _unbound_meets(sf: SourceFile, call: ast.Call, parents: dict[int, ast.AST]) -> int | None:
    """Where a conversion bound by no assignment meets the work: returned by its function
    (``return torch.from_numpy(np.outer(ramp, ramp)).to(device)``), where the names its calls'
    results are bound to are read (``sponge = sponge_profile(n, 24)``, read in ``lambda h: h *
    sponge``: blind101's ferry wake); or given to a dataclass (``return Calibration(
    torch.tensor(gains), ...)``), where that field is read (``cal.gains[:, None]`` in a hook:
    blind103's icing sensors)."""
    assert sf.tree is not None
    node: ast.expr = call
    # (through a move that keeps the dtype: ``.to(device)``, ``.cpu()``)
    while isinstance(up := parents.get(id(node)), ast.Attribute) and isinstance(
        upper := parents.get(id(up)), ast.Call
    ):
        node = upper
    p = parents.get(id(node))
    if isinstance(p, ast.Return):
        fn = enclosing_function(sf, call.lineno)
        if fn is None:
            return None
        defs = {n.name: n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
        todo: list[tuple[Scope, str, int]] = []
        for c in walk_tree(sf.tree):
            if not (isinstance(c, ast.Call) and call_name(c) == fn.name):
                continue
            # (moved on the way too: ``attach(section, head_gains(n).to(device))``)
            made = c
            while isinstance(up := parents.get(id(made)), ast.Attribute) and isinstance(
                upper := parents.get(id(up)), ast.Call
            ):
                made = upper
            if (
                isinstance(up, ast.Assign)
                and len(up.targets) == 1
                and isinstance(up.targets[0], ast.Name)
            ):
                todo.append((enclosing_function(sf, c.lineno), up.targets[0].id, 0))
                continue
            # (handed to the file's function as it is made, ``functools.partial(diffuse,
            # kappa=conductivity_map(cfg))``: its parameter; blind102's ice rink)
            key = up.arg if isinstance(up, ast.keyword) else None
            handed = _handed_to(made, parents.get(id(up)) if key else up, key, defs)
            if handed is not None:
                todo.append((defs[handed[0]], handed[1], 1))
        return _name_meets(sf, todo, parents) if todo else None
    kw = p.arg if isinstance(p, ast.keyword) else None
    if kw is not None:
        p = parents.get(id(p))
    field = _field_of(sf, node, p, kw)
    if field is None:
        return None
    got = _field_meets(sf, field, parents)
    return got.pop() if got is not None and len(got) == 1 else None


def _self_attributes(target: ast.expr) -> set[str]:
    """The attributes of ``self`` an assignment's target binds: ``self.a`` or ``self.a, self.b``
    (empty where it binds anything else)."""
    parts = target.elts if isinstance(target, ast.Tuple) else [target]
    if all(
        isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
        for t in parts
    ):
        return {t.attr for t in parts if isinstance(t, ast.Attribute)}
    return set()


def _handed_to(
    n: ast.expr, p: ast.AST | None, kw: str | None, defs: dict[str, ast.FunctionDef]
) -> tuple[str, str] | None:
    """The file's function and its parameter that a name is handed to, as a call's or a
    ``functools.partial``'s argument (``kw`` where by keyword)."""
    for call in [p] if isinstance(p, ast.Call) else []:
        partial = call_name(call) == "partial" and bool(call.args)
        func = call.args[0] if partial else call.func
        if not isinstance(func, ast.Name) or func.id not in defs:
            return None
        params = [a.arg for a in defs[func.id].args.args]
        if kw is not None:
            return (func.id, kw) if kw in params else None
        args = call.args[1:] if partial else call.args
        if n in args and args.index(n) < len(params):
            return func.id, params[args.index(n)]
    return None


def _traced(
    sf: SourceFile, names: dict[int, set[str]], conversions: dict[int, ast.Call]
) -> set[int]:
    """The conversion lines the float64 tensors' names lead back to."""
    assert sf.tree is not None
    found: set[int] = set()
    seen: set[tuple[int, str]] = set()
    todo: list[tuple[Scope, str, int]] = []
    for line, ns in names.items():
        scope = enclosing_function(sf, line)
        todo += [(scope, n, 0) for n in ns]
    while todo:
        scope, name, depth = todo.pop()
        key = (id(scope), name)
        if key in seen or depth > TRACE_DEPTH:
            continue
        seen.add(key)
        for where, value in _sources(sf, scope, name):
            found |= _converting(value, conversions)
            todo += [(where, n, depth + 1) for n in _read(value)]
            # (an item of an object of the file's classes, ``ds[i]``: what its
            # ``__getitem__`` returns, ``seg * self.taper``; what a method of theirs called
            # returns, ``sim.step()``: ``self.central / self.c.volume``; what a function of
            # the file returns, or a closure one of them made: ``offset_fn(hours, gear)``, a
            # conversion there too: ``return torch.from_numpy(np.outer(ramp, ramp))``)
            got_fns = _items_of(sf, value) + _methods_called(sf, value)
            got_fns += _functions_called(sf, where, value)
            got_fns += _getters(sf, value)
            for got in got_fns:
                for r in _returns(got):
                    found |= _converting(r, conversions)
                    todo += [(got, n, depth + 1) for n in _read(r)]
    return found


def _converting(value: ast.AST, conversions: dict[int, ast.Call]) -> set[int]:
    """The lines of the conversions an expression makes."""
    return {
        c.lineno
        for c in ast.walk(value)
        if isinstance(c, ast.Call) and c.lineno in conversions and conversions[c.lineno] is c
    }


def _functions_called(sf: SourceFile, scope: Scope, value: ast.AST) -> list[ast.FunctionDef]:
    """The file's functions an expression calls by name: a function of the file's of that
    name, or the closure that a call of one bound to the name returns (``offset_fn =
    make_effort_offset(GEAR_EFFICIENCY)``, whose ``return offset`` is its inner ``def
    offset(hours, gear)``: blind99's trawl fleet, its float64 table met float32 hours there)."""
    assert sf.tree is not None
    defs: dict[str, list[ast.FunctionDef]] = {}
    for n in walk_tree(sf.tree):
        if isinstance(n, ast.FunctionDef):
            defs.setdefault(n.name, []).append(n)
    out: list[ast.FunctionDef] = []
    for c in ast.walk(value):
        if not (isinstance(c, ast.Call) and isinstance(c.func, ast.Name)):
            continue
        name = c.func.id
        if len(defs.get(name, [])) == 1:
            out.append(defs[name][0])
            continue
        for _, made in _sources(sf, scope, name):
            if not (isinstance(made, ast.Call) and isinstance(made.func, ast.Name)):
                continue
            factory = defs.get(made.func.id, [])
            if len(factory) != 1 or not factory[0].body:
                continue
            last = factory[0].body[-1]
            inner = {f.name: f for f in factory[0].body if isinstance(f, ast.FunctionDef)}
            if (
                isinstance(last, ast.Return)
                and isinstance(last.value, ast.Name)
                and last.value.id in inner
            ):
                out.append(inner[last.value.id])
    return out


def _methods_called(sf: SourceFile, value: ast.AST) -> list[ast.FunctionDef]:
    """The methods of the file's classes an expression calls on an object (``sim.step()``), by
    name (not ``self``'s own: its statements are the loop's callees already)."""
    assert sf.tree is not None
    names = {
        n.func.attr
        for n in ast.walk(value)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and not (isinstance(n.func.value, ast.Name) and n.func.value.id == "self")
    }
    if not names:
        return []
    return [
        m
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.ClassDef)
        for m in c.body
        if isinstance(m, ast.FunctionDef) and m.name in names and not m.name.startswith("__")
    ]


def _items_of(sf: SourceFile, value: ast.AST) -> list[ast.FunctionDef]:
    """The ``__getitem__`` methods an expression's subscripts run: ``ds[i]`` of ``ds =
    WindowDataset(...)``, a class of the file's that defines one."""
    assert sf.tree is not None
    classes = {
        c.name: m
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.ClassDef)
        for m in c.body
        if isinstance(m, ast.FunctionDef) and m.name == "__getitem__"
    }
    if not classes:
        return []
    made = {
        t.id: call_name(st.value)
        for st in walk_tree(sf.tree)
        if isinstance(st, ast.Assign) and isinstance(st.value, ast.Call)
        for t in st.targets
        if isinstance(t, ast.Name)
    }
    return [
        classes[made[n.value.id]]
        for n in ast.walk(value)
        if isinstance(n, ast.Subscript)
        and isinstance(n.value, ast.Name)
        and made.get(n.value.id) in classes
    ]


def _getters(sf: SourceFile, value: ast.AST) -> list[ast.FunctionDef]:
    """The file's property getters an expression reads: ``self.crr`` of ``@property def
    crr(self): return torch.from_numpy(ROLLING)[self.tyre]`` (blind166's cargo bikes)."""
    assert sf.tree is not None
    read = {
        n.attr
        for n in ast.walk(value)
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load)
    }
    return [
        fn
        for fn in walk_tree(sf.tree)
        if isinstance(fn, ast.FunctionDef)
        and fn.name in read
        and any(isinstance(d, ast.Name) and d.id == "property" for d in fn.decorator_list)
    ]


def _returns(fn: ast.FunctionDef) -> list[ast.expr]:
    return [r.value for r in ast.walk(fn) if isinstance(r, ast.Return) and r.value is not None]


def _read(value: ast.AST) -> set[str]:
    """The names and ``self.`` attributes an expression reads (comprehensions' own names too:
    their sources are the iterables')."""
    out: set[str] = set()
    called = {id(n.func) for n in ast.walk(value) if isinstance(n, ast.Call)}
    for n in ast.walk(value):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
            out.add(f"self.{n.attr}")
        elif (
            isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Attribute | ast.Name)
            and isinstance(n.ctx, ast.Load)
            and id(n) not in called
        ):
            # (another object's attribute, ``self.c.ke`` or ``chain.friction``: what any class
            # of the file sets as ``self.ke``, blind68's cohort rates, blind72's chain)
            out.add(f"self.{n.attr}")
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id != "self":
            out.add(n.id)
    return out


def _dataclass_fields(sf: SourceFile) -> dict[str, list[str]]:
    """The file's dataclasses, each with its annotated fields in order."""
    assert sf.tree is not None
    return _fields_of(sf.tree)


@lru_cache(maxsize=64)
def _fields_of(tree: ast.Module) -> dict[str, list[str]]:
    """:func:`_dataclass_fields` of a file's tree (read for every name a conversion's value is
    handed on by: once a tree)."""
    return {
        cls.name: [
            st.target.id
            for st in cls.body
            if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)
        ]
        for cls in walk_tree(tree)
        if isinstance(cls, ast.ClassDef)
        and any("dataclass" in ast.unparse(d) for d in cls.decorator_list)
    }


def _field_of(sf: SourceFile, n: ast.expr, call: ast.AST | None, kw: str | None) -> str | None:
    """The field of the file's dataclass that a constructor call passes ``n`` for."""
    if not isinstance(call, ast.Call):
        return None
    fields = _dataclass_fields(sf).get(call_name(call))
    if not fields:
        return None
    if kw is not None:
        return kw if kw in fields else None
    at = next((i for i, x in enumerate(call.args) if x is n), None)
    return fields[at] if at is not None and at < len(fields) else None


def _field_arguments(sf: SourceFile, attr: str) -> list[tuple[Scope, ast.AST]]:
    """The arguments the file's calls of a dataclass pass for its field ``attr`` (by position
    in the order of its annotated fields, or by name), each with the scope of the call."""
    assert sf.tree is not None
    out: list[tuple[Scope, ast.AST]] = []
    for name, fields in _dataclass_fields(sf).items():
        if attr not in fields:
            continue
        at = fields.index(attr)
        for c in walk_tree(sf.tree):
            if not (isinstance(c, ast.Call) and call_name(c) == name):
                continue
            given = [k.value for k in c.keywords if k.arg == attr]
            if not given and at < len(c.args):
                given = [c.args[at]]
            out += [(enclosing_function(sf, c.lineno), g) for g in given]
    return out


def _sources(sf: SourceFile, scope: Scope, name: str) -> list[tuple[Scope, ast.AST]]:
    """What a name (in a function, or the module's code) or an object's attribute is made of:
    the values assigned to it, and for a parameter the arguments its calls pass, each with the
    scope it is read in."""
    assert sf.tree is not None
    out: list[tuple[Scope, ast.AST]] = []
    if name.startswith("self."):
        attr = name[5:]
        for fn in walk_tree(sf.tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for st in ast.walk(fn):
                if isinstance(st, ast.Assign | ast.AnnAssign) and st.value is not None:
                    targets = st.targets if isinstance(st, ast.Assign) else [st.target]
                    if any(_assigns(t, "self", attr) for t in targets):
                        out.append((fn, st.value))
        # (and set on an object from outside, ``chain.v = chain.v + dt * (f - chain.friction
        # * chain.v)`` in a function the loop calls: blind72's Langevin chain)
        out.extend(
            (enclosing_function(sf, st.lineno), st.value)
            for st in walk_tree(sf.tree)
            if isinstance(st, ast.Assign)
            and any(
                isinstance(t, ast.Attribute)
                and t.attr == attr
                and isinstance(t.value, ast.Name)
                and t.value.id != "self"
                for t in st.targets
            )
        )
        # (a dataclass's field, set by the arguments its constructor is called with:
        # ``Corridor(temp, coupling)``, blind89's rail corridor)
        out.extend(_field_arguments(sf, attr))
        # (a list of hooks the object holds, given one: ``self.hooks.append(hook)``,
        # ``cfg.hooks.append(lambda h: h * sponge)``; blind101's ferry wake, blind103's icing
        # sensors, a float64 table NumPy made read in a hook the step calls)
        out.extend(
            (enclosing_function(sf, c.lineno), c.args[-1])
            for c in walk_tree(sf.tree)
            if isinstance(c, ast.Call)
            and isinstance(c.func, ast.Attribute)
            and c.func.attr in GIVEN
            and isinstance(c.func.value, ast.Attribute)
            and c.func.value.attr == attr
            and c.args
        )
        return out
    # (the module's own code: not the bodies of its functions and classes)
    body = (
        list(scope.body)
        if scope is not None
        else [
            s
            for s in sf.tree.body
            if not isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        ]
    )
    for st in (s for top in body for s in ast.walk(top)):
        if isinstance(st, ast.Assign | ast.AnnAssign | ast.AugAssign) and st.value is not None:
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            if any(_binds(t, name) for t in targets):
                out.append((scope, st.value))
        elif isinstance(st, ast.For) and _binds(st.target, name):
            out.append((scope, st.iter))  # (``for hook in self.hooks``: what the list holds)
        elif (
            isinstance(st, ast.Call)
            and isinstance(st.func, ast.Attribute)
            and st.func.attr in GIVEN
            and isinstance(st.func.value, ast.Name)
            and st.func.value.id == name
            and st.args
        ):
            out.append((scope, st.args[-1]))  # (``hooks.append(lambda h: h * sponge)``)
    # (handed to a call that writes into it: ``cb(s)`` of a callback ``apply(state)`` doing
    # ``state["u"] = state["u"] * decay``, blind137's tidal lagoon; any function of the file
    # that writes an item of its parameter at that place)
    out.extend(_written_by_calls(sf, body, name))
    if scope is not None and not out and name not in [p.arg for p in scope.args.args]:
        # (a closure's free name: what the function it is defined in binds it to, ``table =
        # torch.as_tensor(efficiency)`` read by the inner ``def offset(hours, gear)``)
        outer = enclosing_function(sf, scope.lineno)
        if outer is not None:
            return _sources(sf, outer, name)
        # (or the module's: ``daily_step(..., CROP_KC)`` in ``run_season``, blind163's soil)
        return _sources(sf, None, name)
    if scope is not None and name in [p.arg for p in scope.args.args]:
        k = [p.arg for p in scope.args.args].index(name)
        method = bool(scope.args.args) and scope.args.args[0].arg == "self"
        for call, caller in _calls_of(sf, scope):
            # (a method's own ``self`` is not among the call's arguments; a class's
            # ``__init__`` is called by the class's name)
            pos = k - 1 if method else k
            arg = next((kw.value for kw in call.keywords if kw.arg == name), None)
            if arg is None and 0 <= pos < len(call.args):
                arg = call.args[pos]
            if arg is not None:
                out.append((caller, arg))
        if scope.name == "forward" and method and k > 0:
            out.extend(_pre_hooks(sf))
    return out


def _written_by_calls(
    sf: SourceFile, body: list[ast.stmt], name: str
) -> list[tuple[Scope, ast.AST]]:
    """The values the file's functions write into an item of their parameter (``state["u"] =
    ...``), for each call in ``body`` that hands them ``name`` at that parameter's place."""
    assert sf.tree is not None
    places = {
        k
        for top in body
        for c in ast.walk(top)
        if isinstance(c, ast.Call)
        for k, arg in enumerate(c.args)
        if isinstance(arg, ast.Name) and arg.id == name
    }
    out: list[tuple[Scope, ast.AST]] = []
    for fn in walk_tree(sf.tree):
        if not isinstance(fn, ast.FunctionDef) or not places:
            continue
        params = [p.arg for p in fn.args.args]
        for k in places:
            if k >= len(params):
                continue
            out.extend(
                (fn, st.value)
                for st in ast.walk(fn)
                if isinstance(st, ast.Assign)
                for t in st.targets
                if isinstance(t, ast.Subscript)
                and isinstance(t.value, ast.Name)
                and t.value.id == params[k]
            )
    return out


def _pre_hooks(sf: SourceFile) -> list[tuple[Scope, ast.AST]]:
    """What the file's forward pre-hooks return, a module's input in place of the one it was
    called with (``section.register_forward_pre_hook(calibrate)`` with ``return (scan *
    gains,)``: blind121's paper mill), each with the hook's function."""
    assert sf.tree is not None
    defs = {
        f.name: f
        for f in walk_tree(sf.tree)
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    out: list[tuple[Scope, ast.AST]] = []
    for c in walk_tree(sf.tree):
        if (
            isinstance(c, ast.Call)
            and isinstance(c.func, ast.Attribute)
            and c.func.attr == "register_forward_pre_hook"
            and c.args
        ):
            hook = c.args[0]
            if isinstance(hook, ast.Lambda):
                out.append((enclosing_function(sf, c.lineno), hook.body))
            elif isinstance(hook, ast.Name) and isinstance(defs.get(hook.id), ast.FunctionDef):
                fn = defs[hook.id]
                assert isinstance(fn, ast.FunctionDef)
                out.extend((fn, r) for r in _returns(fn))
    return out


def _assigns(target: ast.expr, obj: str, attr: str) -> bool:
    return any(
        isinstance(t, ast.Attribute)
        and t.attr == attr
        and isinstance(t.value, ast.Name)
        and t.value.id == obj
        for t in ast.walk(target)
    )


def _binds(target: ast.expr, name: str) -> bool:
    return any(isinstance(t, ast.Name) and t.id == name for t in ast.walk(target))


def _calls_of(
    sf: SourceFile, fn: ast.FunctionDef | ast.AsyncFunctionDef
) -> list[tuple[ast.Call, Scope]]:
    """The file's calls of a function or method (by name; ``__init__`` by its class's name),
    each with the function it is made in."""
    assert sf.tree is not None
    names = {fn.name}
    classes = {c.name for c in walk_tree(sf.tree) if isinstance(c, ast.ClassDef) and fn in c.body}
    if fn.name == "__init__":
        names = classes
    # (a model's ``forward``, or ``__call__``, called as its object: ``model(t)`` of ``model =
    # LogisticGravity(...)``, blind160's fermentation fit)
    objects = (
        {
            ast.unparse(t)
            for st in walk_tree(sf.tree)
            if isinstance(st, ast.Assign)
            and isinstance(st.value, ast.Call)
            and call_name(st.value) in classes
            for t in st.targets
        }
        if fn.name in ("forward", "__call__")
        else set()
    )
    return [
        (c, enclosing_function(sf, c.lineno))
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.Call)
        and (call_name(c) in names or (objects and ast.unparse(c.func) in objects))
    ]
