"""AB106 from the run: a model called on one sample at a time, a batch of one, in a loop over
the samples of a tensor it could take whole.

``for i in range(len(xv)): logits = model(xv[i : i + 1])`` (or ``model(x[i].unsqueeze(0))``,
``model(x[i][None])``): every call pays the model's per-call cost (a module's forward, a few
microseconds a layer) for one row of work, where ``model(xv)`` (or chunks of a few thousand
rows) runs every layer once as one matrix product. Lint names such a loop by what it does with
the outputs (a sum: AB104); the run sees the model and the batch of one.

    candidates  a ``for`` loop over an index or the rows of a tensor whose body calls a model
                the run saw (a ``torch.nn.Module``) on a batch of one row of a tensor: the row
                ``x[i : i + 1]``, ``x[i].unsqueeze(0)``, ``x[i][None]``, ``x[None, i]``, with
                ``i`` the loop's index (or the loop's item made a batch of one)
    evidence    the model object, the tensor's shape (N rows); ELEMENT_MIN+ iterations per
                entry of the loop; its time LIST_SHARE of the run or more
    price       the model called after the run on a batch of one and on a batch of the loop's
                rows per entry (random inputs of the seen shape, under no_grad): the loop's
                model calls less one batched call per entry at the low end, the whole loop's
                time less that batched call at the high end (the loss and the counts per
                sample go too, once the outputs are one tensor)
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import RULES
from ...read.source import Loop, SourceFile, enclosing_function
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.models import batch_times
from ...run.values import MODEL, Fact, is_array
from .base import Analysis
from .model_calls import (
    dataset_rows,
    factory_model,
    generator_call,
    item_attribute,
    item_part,
    item_rows,
    lambda_model,
    lambdas_at,
    mapped_model,
    method_model,
    model_input,
    one_of,
    partial_model,
    row_of_one,
    rows_name,
    submodule,
)

#: A loop of fewer iterations per entry is a few calls, not a batch taken one at a time.
ELEMENT_MIN = 32
#: Rows of one batched call timed after the run, at most.
BATCH_MAX = 4096
#: Codes lint gives such a loop (by what it does with the outputs), which this names better.
RENAMED = frozenset({"AB101", "AB102", "AB103", "AB104", "AB105"})


class BatchOfOne:
    rule = RULES["AB106"]

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        models = {
            (key, name): m for (key, name), m in a.ev.samples.models.items() if key[0] == sf.path
        }
        if not models:
            return
        loops: dict[int, ast.AST] = {
            n.lineno: n for n in walk_tree(sf.tree) if isinstance(n, ast.For | ast.AsyncFor)
        }
        # (a comprehension too: ``{doc: encoder(vec[None])[0] for doc, vec in zip(ids, X)}``)
        comprehensions: dict[int, ast.AST] = {
            n.lineno: n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp)
        }
        for lp in sf.loops:
            node = (comprehensions if lp.comprehension else loops).get(lp.line)
            if node is None:
                continue
            old = a.found.get((sf.path, lp.line))
            # (lint's own AB106 too: priced there as the whole loop saved, here with the
            # batched call's time taken off)
            if old is not None and old.code not in RENAMED and old.code != self.rule.code:
                continue
            f = self._loop(a, sf, lp, node, models)
            if f is None:
                continue
            if old is not None:
                del a.found[(sf.path, lp.line)]
                f = replace(f, origin=old.origin, was_possible=old.was_possible)
            yield f
        yield from self._reached(a, sf, models)
        # ``list(map(model, windows))``: a loop over the rows with no line of its own
        for call in walk_tree(sf.tree):
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id == "map"
                and len(call.args) == 2
                and (
                    rows_name(call.args[1]) is not None
                    or generator_call(sf, call.args[1]) is not None
                )
                and (sf.path, call.lineno) not in a.found
            ):
                name = mapped_model(call.args[0], lambdas_at(sf, call.lineno))
                if name is None:
                    continue
                f = self._mapped(a, sf, call, models, name)
                if f is not None:
                    yield f

    def _loop(
        self,
        a: Analysis,
        sf: SourceFile,
        lp: Loop,
        node: ast.AST,
        models: dict[tuple[tuple[str, int], str], object],
    ) -> Finding | None:
        index = set(lp.targets)
        for call in ast.walk(node):
            # (a model the object holds too: ``[self.model(utt) for utt in x]``, blind44's
            # evaluator; lint's AB106 priced it as the whole loop saved)
            if not (
                isinstance(call, ast.Call)
                and (
                    isinstance(call.func, ast.Name)
                    or (
                        isinstance(call.func, ast.Attribute)
                        and isinstance(call.func.value, ast.Name)
                    )
                )
                and len(call.args) == 1
                and not call.keywords
            ):
                continue
            model = models.get(((sf.path, call.lineno), ast.unparse(call.func)))
            through = ""
            if model is None:
                # (a method of the object's that calls its model on the item made a batch of
                # one: ``self.predict_one(w)`` with ``self.model(window.unsqueeze(0))``,
                # blind42's tagger, told an element loop)
                method = method_model(sf, ast.unparse(call.func))
                if method is not None:
                    model = models.get(((sf.path, method[0]), method[1]))
                    through = f"{method[1]}, through {ast.unparse(call.func)}"
                    attr_one = a.ev.facts_at((sf.path, method[0])).get(method[2])
                    if (
                        model is not None
                        and "." in method[2]
                        and isinstance(call.args[0], ast.Name)
                        and call.args[0].id in index
                        and attr_one is not None
                        and is_array(attr_one)
                    ):
                        # (of the item's attribute: ``[self.style_points(j) for j in jumps]``
                        # with ``self.judge(jump.telemetry.unsqueeze(0))``)
                        facts = a.ev.facts_in(sf.path, lp.line, lp.end)
                        return self._priced(
                            a, sf, lp, call, model, attr_one, (1, *attr_one.shape), facts, through
                        )
            if model is None and isinstance(call.func, ast.Name):
                # (a lambda bound above that calls its model on the item made a batch of one:
                # ``predict = lambda clip: model(clip.unsqueeze(0)).argmax(1)``, then
                # ``[predict(clip) for clip in X]``: blind59's sound events)
                bound = lambda_model(sf, models, call.func.id, call.lineno)
                if bound is not None:
                    model, inner = bound
                    through = f"{inner}, through {call.func.id}"
            if model is None and isinstance(call.func, ast.Name):
                # (a partial of the file's function that calls its model on the item made a
                # batch of one: ``risk = partial(cell_risk, model)``, then ``[risk(c) for c in
                # cells]``: blind114's avalanche cells, told an element loop)
                held = partial_model(sf, call.func.id, call.lineno)
                if held is not None:
                    model = models.get(((sf.path, held[0]), held[1]))
                    through = f"{held[1]}, through {call.func.id}"
            if model is None:
                continue
            source = row_of_one(call.args[0], index)
            facts = a.ev.facts_in(sf.path, lp.line, lp.end)
            item: Fact | None = None
            if source is None and isinstance(call.args[0], ast.Name) and call.args[0].id in index:
                # (the item itself, no batch axis made, where the loop runs over the rows of an
                # array: ``self.model(utt)`` for ``utt in x``; timed as a batch of one, then of
                # the rows; not a loader's batches)
                over = facts.get(ast.unparse(lp.over)) if lp.over is not None else None
                # (any look at the item: a comprehension's name may be a global's at the looks
                # of the frame that holds it, ``x`` of ``[model(x) for x in x_val]``)
                looks = [
                    x
                    for ln in range(lp.line, lp.end + 1)
                    for x in a.ev.samples.facts.get((sf.path, ln), {}).get(call.args[0].id, [])
                ]
                item = next(
                    (
                        x
                        for x in looks
                        if over is not None
                        and is_array(x)
                        and tuple(over.shape[1:]) == tuple(x.shape)
                    ),
                    facts.get(call.args[0].id),
                )
                if (
                    over is not None
                    and item is not None
                    and is_array(over)
                    and is_array(item)
                    and tuple(over.shape[1:]) == tuple(item.shape)
                ):
                    source = call.args[0].id
                elif (
                    isinstance(lp.over, ast.Name)
                    and item is not None
                    and is_array(item)
                    and len(lp.targets) > 1
                    and _dataset_rows_item(a, sf, lp, lp.over.id, lp.targets.index(call.args[0].id))
                ):
                    # (a dataset's (input, label) items unpacked by the loop, ``for x, _ in
                    # val_set``, its ``__getitem__`` returning ``self.x[i], self.y[i]``: one
                    # row of self.x an item; blind73's canopy trainer, told an element loop)
                    source = call.args[0].id
            if source is None:
                continue
            data = facts.get(source)
            if item is not None and source == getattr(call.args[0], "id", None):
                data = item  # (the look that matched the rows, not a global of that name)
            if data is None or not is_array(data) or not data.shape:
                continue
            one = (1, *data.shape[1:]) if source not in index else (1, *data.shape)
            if through:
                one = (1, *data.shape)  # (the method makes the item a batch of one)
            return self._priced(a, sf, lp, call, model, data, one, facts, through)
        return None

    def _reached(
        self, a: Analysis, sf: SourceFile, models: dict[tuple[tuple[str, int], str], object]
    ) -> Iterator[Finding]:
        """A model the run saw called on a batch of one, about once an iteration of a loop
        of the file that its sampled stacks put above it, through calls the file does not
        name: a callback the object holds (``self.on_game(w, b)``, a closure that builds one
        game's features and calls the model on them, blind117's chess clubs). A loop whose
        steps carry a value on (a rollout's ``obs``) is no batch."""
        told: set[int] = set()
        for ((path, line), name), model in models.items():
            call = next(
                (
                    c
                    for c in sf.calls_on(line)
                    if ast.unparse(c.func) == name and len(c.args) == 1 and not c.keywords
                ),
                None,
            )
            if call is None:
                continue
            data = _one_made(call.args[0], a.ev.facts_at((path, line)))
            if data is None or not is_array(data) or len(data.shape) < 2 or data.shape[0] != 1:
                continue
            lp = _loop_above(a, sf, (path, line))
            old = a.found.get((sf.path, lp.line)) if lp is not None else None
            if lp is None or lp.line in told or (old is not None and old.code not in RENAMED):
                continue
            if sf.span(lp.line)[0] <= line <= lp.end or _carries(sf, lp):
                continue  # (in the loop's own lines: _loop's, by the rows it indexes)
            count, _ = a.loop_counts(sf.path, lp)
            if a.led.count((path, line)).n < count.n / 2:
                continue  # (not a call an iteration)
            facts = a.ev.facts_in(sf.path, lp.line, lp.end)
            through = f"at line {line}, reached through the calls of line {lp.line}"
            one = tuple(data.shape)
            f = self._priced(a, sf, lp, call, model, data, one, facts, through, reached=True)
            if f is not None:
                told.add(lp.line)
                if old is not None:
                    # (an element loop, as the loop's own lines read: the model is its time)
                    del a.found[(sf.path, lp.line)]
                    f = replace(f, origin=old.origin, was_possible=old.was_possible)
                yield f

    def _mapped(
        self,
        a: Analysis,
        sf: SourceFile,
        call: ast.Call,
        models: dict[tuple[tuple[str, int], str], object],
        name: str,
    ) -> Finding | None:
        """``map(model, X)`` (or ``map(lambda row: model(row.unsqueeze(0)), X)``): the model
        called on each row of X, one call per row."""
        generated = rows_name(call.args[1]) is None
        over = rows_name(call.args[1]) or ast.unparse(call.args[1])
        line = call.lineno
        model = models.get(((sf.path, line), name))
        if model is None and isinstance(call.args[0], ast.Lambda):
            # (through a lambda made above: its model where that lambda's line saw it, a
            # submodule of a model the run recorded read by attribute, ``self.model.users``)
            model = submodule(models, sf.path, lambdas_at(sf, line), name)
        mapped = name
        if model is None and isinstance(call.args[0], ast.Name):
            # (a lambda bound above, ``classify = lambda s: int(model(s.unsqueeze(0))...)``,
            # then ``map(classify, x)``: blind62's Doppler classifier)
            bound = lambda_model(sf, models, call.args[0].id, line)
            if bound is not None:
                model, name = bound
        held: tuple[int, str] | None = None
        item_at: tuple[int, str] | None = None
        part: int | None = item_part(call.args[0])
        lam = (
            lambdas_at(sf, line).get(call.args[0].id)
            if isinstance(call.args[0], ast.Name)
            else None
        )
        if lam is not None:
            # (the part of a dataset's item a lambda bound above gives its model, ``score =
            # lambda sample: self.model(sample[0].unsqueeze(0))``: blind79's wing classifier)
            part = item_part(lam)
        if model is None:
            # (a partial of the file's function that calls its model on the item: ``act =
            # partial(greedy, policy)`` with ``return policy(obs).argmax()``)
            held = partial_model(sf, name, line)
            # (or the closure a function of the file returns: ``map(make_scorer(model),
            # yard_x)``, blind146's mildew scorer)
            held = held or factory_model(sf, name)
            # (or a method of the object's that does, on the item made a batch of one:
            # ``map(self._prob, windows(record))`` with ``return self.model(
            # window.unsqueeze(0))[0]``, blind43's phase picker)
            method = method_model(sf, name) if held is None else None
            if method is not None:
                held, item_at, part = method[:2], (method[0], method[2]), method[3]
            if held is not None:
                model = models.get(((sf.path, held[0]), held[1]))
                name = held[1]
                if part is None:
                    part = _unpacked_part(sf, held[0])
        data = a.ev.facts_at((sf.path, line)).get(over)
        given = model_input(a, sf, held) if model is not None and held is not None else None
        if given is not None and data is not None and is_array(data) and data.shape:
            # (the model's input is what the function makes of each row: its shape as seen)
            data = replace(data, shape=(data.shape[0], *given.shape), dtype=given.dtype)
            maker = sf.functions.get(held[0], "").rsplit(".", 1)[-1] if held else ""
            over = f"the inputs {maker}() makes"
        if generated:
            # (items a generator of the file yields: their shape as the method saw one, their
            # number its calls a run of the map)
            data = None
            runs_map = a.led.count((sf.path, line)).n
            if item_at is not None and runs_map:
                one = a.ev.facts_at((sf.path, item_at[0])).get(item_at[1])
                item_calls = a.led.count((sf.path, item_at[0])).n
                if one is not None and is_array(one) and item_calls >= runs_map:
                    data = replace(one, shape=(round(item_calls / runs_map), *one.shape))
        attr = _item_attribute(call.args[0], name)
        one = a.ev.facts_at((sf.path, line)).get(attr) if attr else None
        if item_at is not None and "." in item_at[1] and data is not None and not is_array(data):
            # (the method makes a batch of one of its item's attribute: ``return self.judge(
            # jump.telemetry.unsqueeze(0))[0]`` mapped over a list of jumps, blind131)
            held_one = a.ev.facts_at((sf.path, item_at[0])).get(item_at[1])
            if held_one is not None and is_array(held_one) and data.kind == "sequence":
                data = replace(held_one, shape=(data.shape[0], *held_one.shape))
                over = f"{item_at[1]} for {item_at[1].split('.')[0]} in {over}"
                generated = True
        if data is not None and data.shape and one is not None and is_array(one):
            # (a list of objects, each holding its row: ``map(lambda bus: self.model(
            # bus.features), buses)``, blind130's bus depot; the rows stacked for one call)
            assert isinstance(call.args[0], ast.Lambda)
            data = replace(one, shape=(data.shape[0], *one.shape))
            over = f"{attr} for {call.args[0].args.args[0].arg} in {over}"
            generated = True
        if data is not None and not is_array(data):
            # a dataset object, its items the rows of an array it holds
            rows_of = dataset_rows(a, sf, over, line, part) if part is not None else None
            over, data = rows_of if rows_of is not None else (over, None)
        if model is None or data is None or not is_array(data) or not data.shape:
            return None
        rows = data.shape[0]
        # (a line of the module run once has no count of its own; a lambda's body runs on the
        # line once an item: its count is the rows, not the map's calls)
        runs = a.led.count((sf.path, line)).n or (0 if sf.enclosing_loops(line) else 1)
        if isinstance(call.args[0], ast.Lambda):
            runs = max(1, round(runs / max(data.shape[0], 1)))
        if rows < ELEMENT_MIN or not runs:
            return None
        first, last = sf.span(line)
        f, _ = a.finding(sf, first, self.rule.code)
        # (the model's own lines too, where its class is the file's: a forward called per row)
        spent = a.led.span(sf.path, first, last)
        if spent > f.seconds:
            f = replace(
                f,
                seconds=spent,
                evidence=f"{format_time(spent)} on the line and in the model's lines it calls",
            )
        if f.seconds / a.total < LIST_SHARE:
            return None
        batch = int(min(BATCH_MAX, rows))
        # (each row is the model's input as it is, without a batch axis: ``one`` its shape)
        timed = batch_times(
            model, (1, *data.shape[1:]), batch, min(1.0, a.budget()), given=data.dtype
        )
        if timed is None:
            return None
        t1, tn = timed
        batched = runs * tn * max(1.0, rows / batch)
        calls = min(f.seconds, runs * rows * t1)
        low = max(0.0, calls - batched)
        high = max(low, f.seconds - batched)
        said = (
            (f"{f.evidence}; " if f.evidence else "")
            + (
                f"map(lambda {call.args[0].args.args[0].arg}: ..., {ast.unparse(call.args[1])}) "
                f"calls the model {name}"
                if isinstance(call.args[0], ast.Lambda)
                else f"map({mapped}, {ast.unparse(call.args[1])}) calls the model"
                + (f" ({name}, through {mapped})" if mapped != name else "")
            )
            + f" once per row of {over} "
            f"({data}), {rows:,} calls a run: one call took {format_time(t1)} on one row and "
            f"{format_time(tn)} on {batch:,} rows (timed after the run on random inputs of "
            f"that shape, under no_grad); call it on the rows together: {name}("
            + (
                f"torch.stack(list({over}))"
                if generated
                else f"<{over}, made for all rows at once>"
                if given is not None
                else over
            )
            + ") (in "
            "chunks of a few thousand rows), then split the output if a list is needed"
        )
        return replace(f, evidence=said, gain=(low, high), seconds=high, share=high / a.total)

    def _priced(
        self,
        a: Analysis,
        sf: SourceFile,
        lp: Loop,
        call: ast.Call,
        model: object,
        data: Fact,
        one: tuple[int, ...],
        facts: dict[str, Fact],
        through: str = "",
        reached: bool = False,
    ) -> Finding | None:
        count, per_entry = a.loop_counts(sf.path, lp)
        if count.n < ELEMENT_MIN or per_entry < ELEMENT_MIN:
            return None
        f, _ = a.finding(sf, lp.line, self.rule.code, lp)
        if f.seconds / a.total < LIST_SHARE:
            return None
        rows = int(min(BATCH_MAX, max(1, round(per_entry))))
        timed = batch_times(model, one, rows, min(1.0, a.budget()), data.dtype)
        if timed is None:
            return None
        t1, tn = timed
        entries = max(1.0, count.n / max(per_entry, 1.0))
        batched = entries * tn * max(1.0, per_entry / rows)
        calls = min(f.seconds, count.n * t1)
        low = max(0.0, calls - batched)
        high = max(low, f.seconds - batched)
        name = ast.unparse(call.func)
        m = next((x for k, x in facts.items() if k == name and x.kind == MODEL), None)
        arg = ast.unparse(call.args[0])
        what = "one" if reached else f"one row of {arg.split('[')[0]}"
        said = (
            f"{f.evidence}; {name}({arg}) is a batch of {what} ({data}) per iteration"
            + (f" ({m})" if m is not None else "")
            + (f" (the model {through})" if through else "")
            + f": one call took {format_time(t1)} on a batch of one and {format_time(tn)} on "
            f"{rows:,} rows (timed after the run on random inputs of that shape, under "
            f"no_grad); stack the rows and call it once per {rows:,} (then the loss and the "
            f"counts on the whole batch: reduction='sum', (logits.argmax(1) == y).sum())"
        )
        # (its share is what the batched rewrite saves, the middle of its range, not the
        # loop's whole time: the loop's other work and the batched calls stay; blind65's bat
        # calls read 30% for a 19% saving, blind69's claims 39% for 20%)
        mid = (low + high) / 2
        return replace(f, evidence=said, gain=(low, high), seconds=mid, share=mid / a.total)


PATTERN = BatchOfOne()


def _unpacked_part(sf: SourceFile, line: int) -> int | None:
    """Which item of its last parameter a function's model call at ``line`` reads, where the
    function unpacks it (``x, _ = item`` then ``model(x.unsqueeze(0))``: a dataset's
    ``(input, label)`` items mapped through a partial, blind70's tile classifier)."""
    fn = enclosing_function(sf, line)
    if fn is None or not fn.args.args:
        return None
    item = fn.args.args[-1].arg
    read = {
        n.id
        for st in fn.body
        if st.lineno == line
        for n in ast.walk(st)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    for st in fn.body:
        if (
            isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Tuple)
            and isinstance(st.value, ast.Name)
            and st.value.id == item
        ):
            for k, t in enumerate(st.targets[0].elts):
                if isinstance(t, ast.Name) and t.id in read:
                    return k
    return None


def _dataset_rows_item(a: Analysis, sf: SourceFile, lp: Loop, name: str, part: int) -> bool:
    """Whether ``name``, seen by a line of the loop's function as an object of the file's
    classes, gives items whose ``part`` is one row of an attribute it indexes
    (``return self.x[i], self.y[i]``: :func:`item_rows`)."""
    if sf.tree is None:
        return False
    fn = enclosing_function(sf, lp.line)
    first, last = (fn.lineno, fn.end_lineno or fn.lineno) if fn is not None else sf.span(lp.line)
    seen = a.ev.facts_in(sf.path, first, last).get(name)
    return seen is not None and item_rows(sf, seen, part) is not None


def _loop_above(a: Analysis, sf: SourceFile, key: tuple[str, int]) -> Loop | None:
    """The loop of the file that most of the sampled stacks through ``key`` stand in first
    above it (a comprehension's own frame, or a line in a ``for``), or None."""
    seen: Counter[Loop] = Counter()
    for stack, _off, _on in a.led.stacks:
        at = next((i for i, fr in enumerate(stack) if (fr[0], abs(fr[1])) == key), None)
        if at is None:
            continue
        for fr in stack[at + 1 :]:
            if fr[0] != sf.path:
                continue
            line = abs(fr[1])
            loops = [lp for lp in sf.loops if lp.comprehension and lp.line <= line <= lp.end]
            loops += [lp for lp in sf.enclosing_loops(line) if lp.line != line]
            if loops:
                seen[loops[0]] += 1
                break
    return seen.most_common(1)[0][0] if seen else None


def _carries(sf: SourceFile, lp: Loop) -> bool:
    """Whether a ``for`` loop's body reads a name before it binds it again: a step that
    needs the one before (``obs = env.step(action)`` after ``policy(obs[None])``)."""
    if lp.comprehension or sf.tree is None:
        return False
    node = next(
        (
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.For | ast.AsyncFor | ast.While) and n.lineno == lp.line
        ),
        None,
    )
    if node is None:
        return True
    names = sorted(
        (
            (n.lineno, n.col_offset, isinstance(n.ctx, ast.Store), n.id)
            for st in node.body
            for n in ast.walk(st)
            if isinstance(n, ast.Name)
        ),
        key=lambda x: (x[0], not x[2], x[1]),
    )
    read: set[str] = set()
    for _, _, store, name in names:
        if store and name in read and name not in lp.targets:
            return True
        if not store:
            read.add(name)
    return False


def _one_made(arg: ast.expr, facts: dict[str, Fact]) -> Fact | None:
    """The batch a model's argument is: the value seen of a name; of a name made a batch of
    one, ``features.unsqueeze(0) * scale`` or ``x[None]`` (blind127's hydrant closure), that
    value with a leading axis of one."""
    if isinstance(arg, ast.Name):
        return facts.get(arg.id)
    for n in ast.walk(arg):
        base = one_of(n) if isinstance(n, ast.expr) else None
        if isinstance(base, ast.Name):
            seen = facts.get(base.id)
            if seen is not None and is_array(seen):
                return replace(seen, shape=(1, *seen.shape))
    return None


def _item_attribute(fn: ast.expr, model: str) -> str | None:
    """``bus.features`` of ``lambda bus: self.model(bus.features)``: the attribute of its item a
    mapped lambda gives the model, or None."""
    if not isinstance(fn, ast.Lambda) or len(fn.args.args) != 1:
        return None
    for c in ast.walk(fn.body):
        if isinstance(c, ast.Call) and ast.unparse(c.func) == model and len(c.args) == 1:
            return item_attribute(c.args[0], fn.args.args[0].arg)
    return None
