"""Which model a line's call reaches and on what (rules/patterns/batch_of_one.py's AB106): a
model called by name, as an object's attribute, through a lambda bound above, a
``functools.partial`` (made above or written in the ``map``), a method of the object's or a
static method; the row of a tensor made a batch of one; the rows a ``map`` or a comprehension
runs over (an array, a generator of the file's, a dataset's items)."""

from __future__ import annotations

import ast
from dataclasses import replace

from ...read.calls import partial_of
from ...read.source import SourceFile, call_name, enclosing_function
from ...read.syntax import walk_tree
from ...run.values import MODEL, Fact, is_array
from .base import Analysis


def mapped_model(fn: ast.expr, lambdas: dict[str, ast.Lambda] | None = None) -> str | None:
    """The model a ``map`` calls on each item: ``model`` of ``map(model, X)``, or of
    ``map(lambda row: model(row.unsqueeze(0)).softmax(-1), X)`` (the item made a batch of one,
    blind22's evaluation callback), ``self.model`` for an object's; through a lambda the
    function made above (``lambdas``: ``score = lambda u: vecs @ self.model.users(u.view(1))
    [0]``, then ``map(lambda u: score(u).topk(k).indices, users)``, blind47's recall)."""
    if isinstance(fn, ast.Name):
        return fn.id
    if isinstance(fn, ast.Attribute) and isinstance(fn.value, ast.Name):
        return ast.unparse(fn)  # (``map(self.critic, feats)``)
    if (
        isinstance(fn, ast.Call)
        and call_name(fn) == "partial"
        and fn.args
        and (
            isinstance(fn.args[0], ast.Name)
            or (
                isinstance(fn.args[0], ast.Attribute)
                and isinstance(fn.args[0].value, ast.Name)
                and fn.args[0].value.id == "self"
            )
        )
    ):
        # (``map(partial(forecast_one, model), history)``, ``map(partial(self._score,
        # self.model), batch)`` of a static method)
        return ast.unparse(fn)
    if isinstance(fn, ast.Call) and isinstance(fn.func, ast.Name) and fn.func.id != "partial":
        # (a function of the file that returns a closure: ``map(make_scorer(model), X)``,
        # blind146's mildew scorer; :func:`factory_model` reads it)
        return ast.unparse(fn)
    if not isinstance(fn, ast.Lambda) or len(fn.args.args) != 1:
        return None
    item = fn.args.args[0].arg
    for c in ast.walk(fn.body):
        if not (
            isinstance(c, ast.Call)
            and len(c.args) == 1
            and isinstance(c.func, ast.Name | ast.Attribute)
        ):
            continue
        if row_of_one(c.args[0], {item}) == item:
            return ast.unparse(c.func)
        # (or the item itself, one row with no batch axis: ``map(lambda o: self.policy(o),
        # obs)``, blind116's drone gates; a model's only where the run saw one there)
        if (
            (isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Name))
            # (or a model the closure holds, ``lambda f: model(f)``: blind129's fish farm)
            or (isinstance(c.func, ast.Name) and c.func.id not in (lambdas or {}))
        ) and (
            (isinstance(c.args[0], ast.Name) and c.args[0].id == item)
            # (or an attribute of it: ``self.model(bus.features)``, blind130's depot)
            or item_attribute(c.args[0], item) is not None
        ):
            return ast.unparse(c.func)
        inner = (lambdas or {}).get(c.func.id) if isinstance(c.func, ast.Name) else None
        if (
            isinstance(c.func, ast.Name)
            and inner is not None
            and inner is not fn
            and isinstance(c.args[0], ast.Name)
            and c.args[0].id == item
        ):
            got = mapped_model(inner, {})
            if got is not None and got != c.func.id:  # (not the lambda's own name)
                return got
    return None


def item_attribute(arg: ast.expr, item: str) -> str | None:
    """``item.attr`` where ``arg`` reads that attribute of the item (``bus.features``)."""
    if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name) and arg.value.id == item:
        return f"{item}.{arg.attr}"
    return None


def submodule(
    models: dict[tuple[tuple[str, int], str], object],
    path: str,
    lambdas: dict[str, ast.Lambda],
    name: str,
) -> object | None:
    """The model ``name`` (``self.model.users``) as the run saw it on a lambda's line: the
    model recorded under a prefix of the name (``self.model``), then its attributes."""
    parts = name.split(".")
    for fn in lambdas.values():
        for k in range(len(parts), 0, -1):
            model = models.get(((path, fn.lineno), ".".join(parts[:k])))
            if model is None:
                continue
            for attr in parts[k:]:
                model = getattr(model, attr, None)
            if model is not None:
                return model
    return None


def lambdas_at(sf: SourceFile, line: int) -> dict[str, ast.Lambda]:
    """The lambdas of one parameter bound to names in the function holding ``line`` (or the
    module's code), above it."""
    if sf.tree is None:
        return {}
    fn = enclosing_function(sf, line)
    return {
        st.targets[0].id: st.value
        for st in (ast.walk(fn) if fn is not None else sf.tree.body)
        if isinstance(st, ast.Assign)
        and len(st.targets) == 1
        and isinstance(st.targets[0], ast.Name)
        and isinstance(st.value, ast.Lambda)
        and len(st.value.args.args) == 1
        and st.lineno < line
    }


def lambda_model(
    sf: SourceFile, models: dict[tuple[tuple[str, int], str], object], name: str, line: int
) -> tuple[object, str] | None:
    """The model a lambda bound to ``name`` above ``line`` calls on its item made a batch of
    one (``predict = lambda clip: model(clip.unsqueeze(0)).argmax(1)``), where the run saw it
    at the lambda's line, and its name there; None otherwise."""
    lam = lambdas_at(sf, line).get(name)
    inner = mapped_model(lam, {}) if lam is not None else None
    if lam is None or inner is None or inner == name:
        return None
    model = models.get(((sf.path, lam.lineno), inner))
    return (model, inner) if model is not None else None


def partial_model(sf: SourceFile, name: str, line: int) -> tuple[int, str] | None:
    """Where ``name``, a ``functools.partial`` of the file's function made in the same function
    above ``line`` with a first argument (``act = partial(greedy, policy)``), calls that
    argument on its last parameter (``policy(obs)`` in ``greedy(policy, obs)``): the line of
    that call and the parameter's name, where the run records the model."""
    got = partial_of(sf, name, line) or _inline_partial(sf, name)
    if got is None:
        return None
    value, fn = got
    if len(value.args) < 2 or len(fn.args.args) < 2:
        return None
    model, item = fn.args.args[0].arg, fn.args.args[-1].arg
    # (the item, or what the function makes of it: ``x = torch.cat([history / scale, ...])``
    # then ``model(x.to(device))``, blind53's per-SKU forecast; or a call that reads it,
    # ``model(standardise(fleece, mean, std).unsqueeze(0))``, blind147's fleece grader)
    made = _made_from(fn, item)
    for c in ast.walk(fn):
        if (
            isinstance(c, ast.Call)
            and isinstance(c.func, ast.Name)
            and c.func.id == model
            and len(c.args) == 1
            and (
                _root(c.args[0]) in made
                or any(isinstance(n, ast.Name) and n.id in made for n in ast.walk(c.args[0]))
            )
        ):
            return c.lineno, model
    return None


def factory_model(sf: SourceFile, text: str) -> tuple[int, str] | None:
    """Where ``text``, a call of the file's module-level function that returns a function it
    defines of one parameter (``make_scorer(model)`` with ``def score(plant): return
    torch.sigmoid(model(plant.unsqueeze(0)))[0]`` then ``return score``), calls a model on that
    parameter made a batch of one or on what it makes of it: the line of that call and the
    model's name, where the run records the model."""
    if sf.tree is None:
        return None
    try:
        value = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
        return None
    name = value.func.id
    outer = next(
        (n for n in sf.tree.body if isinstance(n, ast.FunctionDef) and n.name == name), None
    )
    if outer is None:
        return None
    returned = {
        st.value.id
        for st in outer.body
        if isinstance(st, ast.Return) and isinstance(st.value, ast.Name)
    }
    for inner in outer.body:
        if not (
            isinstance(inner, ast.FunctionDef)
            and inner.name in returned
            and len(inner.args.args) == 1
        ):
            continue
        item = inner.args.args[0].arg
        made = _made_from(inner, item)
        for c in ast.walk(inner):
            if (
                isinstance(c, ast.Call)
                and isinstance(c.func, ast.Name | ast.Attribute)
                and len(c.args) == 1
                and (
                    row_of_one(c.args[0], {item}) == item
                    or (one_of(c.args[0]) is not None and _root(c.args[0]) in made)
                )
            ):
                return c.lineno, ast.unparse(c.func)
    return None


def model_input(a: Analysis, sf: SourceFile, held: tuple[int, str]) -> Fact | None:
    """What the run saw given to the model at its call in a partial's function, where that is
    another value than the item (``model(x.to(device))`` of ``x`` made from the row): its
    look at that line; None where it is the item itself or was not seen."""
    if sf.tree is None:
        return None
    call = next(
        (
            c
            for c in walk_tree(sf.tree)
            if isinstance(c, ast.Call)
            and c.lineno == held[0]
            and isinstance(c.func, ast.Name)
            and c.func.id == held[1]
            and len(c.args) == 1
        ),
        None,
    )
    fn = enclosing_function(sf, held[0])
    root = _root(call.args[0]) if call is not None else None
    if root is None or fn is None or root == fn.args.args[-1].arg:
        return None
    seen = a.ev.facts_at((sf.path, held[0])).get(root)
    return seen if seen is not None and is_array(seen) else None


def _inline_partial(sf: SourceFile, text: str) -> tuple[ast.Call, ast.FunctionDef] | None:
    """``partial(forecast_one, model)`` written in the ``map`` itself: that call and the
    file's module-level function it binds."""
    if sf.tree is None or not text.startswith(("partial(", "functools.partial(")):
        return None
    value = ast.parse(text, mode="eval").body
    if not isinstance(value, ast.Call) or not value.args:
        return None
    head = value.args[0]
    if isinstance(head, ast.Name):
        fn = next(
            (n for n in sf.tree.body if isinstance(n, ast.FunctionDef) and n.name == head.id),
            None,
        )
    elif isinstance(head, ast.Attribute):
        # (a static method of the file's classes, its one definition of that name)
        found = [
            m
            for c in walk_tree(sf.tree)
            if isinstance(c, ast.ClassDef)
            for m in c.body
            if isinstance(m, ast.FunctionDef)
            and m.name == head.attr
            and any(ast.unparse(d) == "staticmethod" for d in m.decorator_list)
        ]
        fn = found[0] if len(found) == 1 else None
    else:
        return None
    return (value, fn) if fn is not None else None


def _made_from(fn: ast.FunctionDef, item: str) -> set[str]:
    """``item`` and the function's names assigned from it, directly or through each other."""
    made = {item}
    grew = True
    while grew:
        grew = False
        for st in ast.walk(fn):
            if not (
                isinstance(st, ast.Assign)
                and len(st.targets) == 1
                and any(isinstance(n, ast.Name) and n.id in made for n in ast.walk(st.value))
            ):
                continue
            # (a name, or the names an item is unpacked into: ``x, _ = item``, a dataset's
            # (input, label) pair, blind70's tile classifier)
            t = st.targets[0]
            names = [t] if isinstance(t, ast.Name) else t.elts if isinstance(t, ast.Tuple) else []
            for n in names:
                if isinstance(n, ast.Name) and n.id not in made:
                    made.add(n.id)
                    grew = True
    return made


def _root(node: ast.expr) -> str | None:
    """The name an expression's method chain starts from (``x`` of ``x.to(device)``)."""
    while isinstance(node, ast.Call | ast.Attribute | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def method_model(sf: SourceFile, name: str) -> tuple[int, str, str, int] | None:
    """Where ``self.<m>``, a method of the file's of one parameter besides ``self``, calls a
    model on that parameter made a batch of one (``return self.model(window.unsqueeze(0))[0]``):
    the line of that call, the model's name there, the name of the parameter (or of its part)
    and which part of it that is (-1: all of it; ``clip, _ = item``: 0)."""
    if sf.tree is None or not name.startswith("self.") or name.count(".") != 1:
        return None
    fn = next(
        (
            f
            for c in walk_tree(sf.tree)
            if isinstance(c, ast.ClassDef)
            for f in c.body
            if isinstance(f, ast.FunctionDef) and f.name == name[5:]
        ),
        None,
    )
    if fn is None or [p.arg for p in fn.args.args][:1] != ["self"] or len(fn.args.args) != 2:
        return None
    item = fn.args.args[1].arg
    parts = {item: -1, **_unpacked(fn, item)}
    for c in ast.walk(fn):
        if not (
            isinstance(c, ast.Call)
            and len(c.args) == 1
            and isinstance(c.func, ast.Name | ast.Attribute)
        ):
            continue
        arg = c.args[0]
        # (moved or cast on the way: ``window.unsqueeze(0).to(device)``)
        while (
            isinstance(arg, ast.Call)
            and isinstance(arg.func, ast.Attribute)
            and arg.func.attr in ("to", "cuda", "float", "double", "contiguous")
        ):
            arg = arg.func.value
        got = row_of_one(arg, set(parts))
        if got in parts:
            return c.lineno, ast.unparse(c.func), got, parts[got]
        # (an attribute of the item made a batch of one: ``return self.judge(
        # jump.telemetry.unsqueeze(0))[0]``, blind131's ski jumps)
        held = one_of(arg)
        if held is not None and item_attribute(held, item) is not None:
            return c.lineno, ast.unparse(c.func), ast.unparse(held), -1
    return None


def one_of(arg: ast.expr) -> ast.expr | None:
    """``x`` of ``x.unsqueeze(0)``, ``x[None]`` or ``x[None, :]``: what a batch of one is made
    of, or None."""
    if (
        isinstance(arg, ast.Call)
        and isinstance(arg.func, ast.Attribute)
        and arg.func.attr == "unsqueeze"
        and len(arg.args) == 1
        and isinstance(arg.args[0], ast.Constant)
        and arg.args[0].value == 0
    ):
        return arg.func.value
    if isinstance(arg, ast.Subscript) and (
        (isinstance(arg.slice, ast.Constant) and arg.slice.value is None)
        or (
            isinstance(arg.slice, ast.Tuple)
            and arg.slice.elts
            and isinstance(arg.slice.elts[0], ast.Constant)
            and arg.slice.elts[0].value is None
            and all(isinstance(e, ast.Slice) for e in arg.slice.elts[1:])
        )
    ):
        return arg.value
    return None


def _unpacked(fn: ast.FunctionDef, item: str) -> dict[str, int]:
    """The names a function takes from the parts of its parameter ``item`` (``clip, _ = item``,
    ``clip = item[0]``), by the part's position: a dataset's item of an array's row and a
    label, mapped to a method that calls its model on the row."""
    out: dict[str, int] = {}
    for st in ast.walk(fn):
        if not (
            isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.value, ast.Name | ast.Subscript)
        ):
            continue
        target, value = st.targets[0], st.value
        if isinstance(value, ast.Name) and value.id == item and isinstance(target, ast.Tuple):
            for k, t in enumerate(target.elts):
                if isinstance(t, ast.Name):
                    out[t.id] = k
        elif (
            isinstance(value, ast.Subscript)
            and isinstance(value.value, ast.Name)
            and value.value.id == item
            and isinstance(value.slice, ast.Constant)
            and isinstance(value.slice.value, int)
            and isinstance(target, ast.Name)
        ):
            out[target.id] = value.slice.value
    return out


def generator_call(sf: SourceFile, it: ast.expr) -> str | None:
    """The name of the file's generator function ``it`` calls (``windows(record)``), else
    None."""
    if sf.tree is None or not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name)):
        return None
    fn = next(
        (n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef) and n.name == it.func.id),
        None,
    )
    if fn is None or not any(isinstance(n, ast.Yield | ast.YieldFrom) for n in ast.walk(fn)):
        return None
    return fn.name


#: Methods that move or cast a tensor, its rows as they were (``x[i].unsqueeze(0).to(device)``).
MOVED = frozenset({"to", "cuda", "cpu", "float", "double", "half", "contiguous"})


def row_of_one(arg: ast.expr, index: set[str]) -> str | None:
    """The tensor whose one row ``arg`` takes as a batch of one, or None."""
    # (moved or cast after: ``row.unsqueeze(0).to(device)``, blind81's ferry demand)
    while (
        isinstance(arg, ast.Call)
        and isinstance(arg.func, ast.Attribute)
        and arg.func.attr in MOVED
        and isinstance(arg.func.value, ast.Call | ast.Subscript)
    ):
        arg = arg.func.value
    # x[i : i + 1], x[i : i + 1, :]
    if isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name):
        first = arg.slice.elts[0] if isinstance(arg.slice, ast.Tuple) else arg.slice
        if (
            isinstance(first, ast.Slice)
            and isinstance(first.lower, ast.Name)
            and first.lower.id in index
            and first.upper is not None
            and ast.unparse(first.upper).replace(" ", "") == f"{first.lower.id}+1"
        ):
            return arg.value.id
        # x[None, i]
        if (
            isinstance(arg.slice, ast.Tuple)
            and len(arg.slice.elts) >= 2
            and isinstance(arg.slice.elts[0], ast.Constant)
            and arg.slice.elts[0].value is None
            and isinstance(arg.slice.elts[1], ast.Name)
            and arg.slice.elts[1].id in index
        ):
            return arg.value.id
    # x[i].unsqueeze(0), x[i][None], x[i].view(1, -1), x[i].reshape(1, -1)
    row = one_of(arg)
    if (
        row is None
        and isinstance(arg, ast.Call)
        and isinstance(arg.func, ast.Attribute)
        and arg.func.attr in ("view", "reshape")
        and arg.args
        and isinstance(arg.args[0], ast.Constant)
        and arg.args[0].value == 1
    ):
        row = arg.func.value
    if (
        isinstance(row, ast.Subscript)
        and isinstance(row.value, ast.Name)
        and isinstance(row.slice, ast.Name)
        and row.slice.id in index
    ):
        return row.value.id
    if isinstance(row, ast.Name) and row.id in index:
        return row.id  # the loop's item (``for x in X: model(x.unsqueeze(0))``)
    # a dataset's (x, y) item: ``item[0].unsqueeze(0)``
    if (
        isinstance(row, ast.Subscript)
        and isinstance(row.value, ast.Name)
        and row.value.id in index
        and isinstance(row.slice, ast.Constant)
        and isinstance(row.slice.value, int)
    ):
        return row.value.id
    return None


def rows_name(it: ast.expr) -> str | None:
    """The name whose rows (or items) a ``map`` runs over: ``X`` of ``X``, ``X.unbind(0)``,
    ``iter(X)``, ``list(X)``, an object's ``envs.state``."""
    if isinstance(it, ast.Name):
        return it.id
    if isinstance(it, ast.Attribute) and isinstance(it.value, ast.Name):
        return f"{it.value.id}.{it.attr}"  # (``envs.state``: an object's tensor)
    if (
        isinstance(it, ast.Call)
        and isinstance(it.func, ast.Attribute)
        and (it.func.attr in MOVED or it.func.attr == "detach")
    ):
        # (the same rows moved or cast first: ``map(lambda r: self.model(r.unsqueeze(0)),
        # x.to(device))``, blind90's ticket demand and blind91's radio denoiser)
        return rows_name(it.func.value)
    if (
        isinstance(it, ast.Call)
        and isinstance(it.func, ast.Attribute)
        and it.func.attr == "unbind"
        and all(isinstance(x, ast.Constant) and x.value == 0 for x in it.args)
        and not it.keywords
    ):
        on = it.func.value
        if isinstance(on, ast.Name):
            return on.id
        if isinstance(on, ast.Attribute) and isinstance(on.value, ast.Name):
            return f"{on.value.id}.{on.attr}"  # (``self.data.unbind(0)``)
    if (
        isinstance(it, ast.Call)
        and isinstance(it.func, ast.Name)
        and it.func.id in ("iter", "list")
        and len(it.args) == 1
        and isinstance(it.args[0], ast.Name)
    ):
        return it.args[0].id
    return None


def item_part(fn: ast.expr) -> int | None:
    """The part of each item a mapped lambda gives the model: ``k`` of ``item[k]``, -1 for the
    whole item, None where it is not one of those."""
    if isinstance(fn, ast.Name):
        return -1
    if not isinstance(fn, ast.Lambda):
        return None
    item = fn.args.args[0].arg
    for n in ast.walk(fn.body):
        if (
            isinstance(n, ast.Subscript)
            and isinstance(n.value, ast.Name)
            and n.value.id == item
            and isinstance(n.slice, ast.Constant)
            and isinstance(n.slice.value, int)
        ):
            return n.slice.value
    return -1


def item_rows(sf: SourceFile, seen: Fact, part: int) -> tuple[str, int] | None:
    """For an object of the file's classes indexed item by item (a dataset whose
    ``__getitem__(i)`` returns ``self.x[i], self.y[i]``): the attribute its items' ``part`` are
    the rows of (``x``; ``part`` -1 for an item that is not a tuple) and the line of that
    ``return``; None for any other class or item."""
    assert sf.tree is not None
    cls = next(
        (
            c
            for c in walk_tree(sf.tree)
            if isinstance(c, ast.ClassDef) and seen.type.rsplit(".", 1)[-1] == c.name
        ),
        None,
    )
    get = next(
        (
            m
            for m in (cls.body if cls is not None else [])
            if isinstance(m, ast.FunctionDef) and m.name == "__getitem__" and len(m.args.args) == 2
        ),
        None,
    )
    if get is None or not get.body or not isinstance(get.body[-1], ast.Return):
        return None
    ret = get.body[-1]
    value = ret.value
    if isinstance(value, ast.Tuple):
        if not 0 <= part < len(value.elts):
            return None
        value = value.elts[part]
    elif part != -1:
        return None
    index = get.args.args[1].arg
    if not (
        isinstance(value, ast.Subscript)
        and isinstance(value.value, ast.Attribute)
        and isinstance(value.value.value, ast.Name)
        and value.value.value.id == "self"
        and isinstance(value.slice, ast.Name)
        and value.slice.id == index
    ):
        return None
    return value.value.attr, ret.lineno


def dataset_rows(
    a: Analysis, sf: SourceFile, over: str, line: int, part: int
) -> tuple[str, Fact] | None:
    """For ``map`` over an object of the file's classes indexed item by item (:func:`item_rows`):
    the array its items' ``part`` are the rows of, as ``dataset.x``, and its value seen."""
    seen = a.ev.facts_at((sf.path, line)).get(over)
    got = item_rows(sf, seen, part) if seen is not None else None
    if got is None:
        return None
    attr, at = got
    # (seen at ``__getitem__``, or where the map reads the object: ``ds.features``)
    data = a.ev.facts_at((sf.path, at)).get(f"self.{attr}") or a.ev.facts_at((sf.path, line)).get(
        f"{over}.{attr}"
    )
    if data is None:
        data = rows_from_forward(a, sf, line)
    if data is None or not is_array(data) or len(data.shape) < 2:
        return None
    return f"{over}.{attr}", data


def rows_from_forward(a: Analysis, sf: SourceFile, line: int) -> Fact | None:
    """The rows a mapped model was called on, where ``__getitem__``'s line was never seen:
    the batch of one its ``forward`` (a class of the file) took, as many rows as the lambda's
    body ran on the line per run of its function."""
    assert sf.tree is not None
    model = next((x for x in a.ev.facts_at((sf.path, line)).values() if x.kind == MODEL), None)
    cls = next(
        (
            c
            for c in walk_tree(sf.tree)
            if isinstance(c, ast.ClassDef)
            and model is not None
            and model.type.rsplit(".", 1)[-1] == c.name
        ),
        None,
    )
    fwd = next(
        (
            m
            for m in (cls.body if cls is not None else [])
            if isinstance(m, ast.FunctionDef) and m.name == "forward" and len(m.args.args) == 2
        ),
        None,
    )
    if fwd is None:
        return None
    x = a.ev.facts_in(sf.path, fwd.lineno, fwd.end_lineno or fwd.lineno).get(fwd.args.args[1].arg)
    # (as many rows as forward ran per call of the function that maps: all its calls, where
    # its count is exact; else as the lambda's body ran on the line)
    func = sf.functions.get(line, "")
    body = min((ln for ln, f in sf.functions.items() if f == func and ln != line), default=0)
    count = a.led.count((sf.path, fwd.body[0].lineno))
    if not count.exact and a.led.count((sf.path, line)).exact:
        count = a.led.count((sf.path, line))
    calls = a.led.count((sf.path, body)).n if func and body else 1
    if x is None or not is_array(x) or not x.shape or x.shape[0] != 1 or count.n < 2:
        return None
    rows = count.n // max(calls, 1)
    return replace(x, shape=(rows, *x.shape[1:]))
