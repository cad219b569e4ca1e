"""AB108 from the run: a constant array or tensor built again on every iteration.

``F = np.array([[1.0, DT, ...], ...])`` in a function called at every step, or
``t = torch.tensor(table)`` of a table that never changes: every call converts the same Python
data again (tens of nanoseconds an element for ``torch.tensor`` of nested lists), where one
build before the loop gives the same array.

    candidates  ``np.array`` / ``torch.tensor`` / ... of a list display or a list, on a line that
                runs PER_BUILD_MIN times or more; not already a finding (lint's AB108)
    evidence    what it builds does not change: a display of constants and names that the loop
                (or, in a function called per iteration, the function) never stores; a list
                passed in, the same unchanged object at every look of the run (its fingerprint,
                advise/run/values.py); the line's count, time and the built value's shape
    price       the line's own time less one build (the build hoisted before the loop), the
                interval from the sampled time's error
"""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import RULES
from ...read.pure_calls import PURE_CALLS
from ...read.purity import attribute_changed, set_after_init
from ...read.source import SourceFile, call_name, enclosing_function, stored_in
from ...read.syntax import statement_lists, walk_tree
from ...records import LIST_SHARE, Finding
from ...run.ledger import Count
from ...run.sampler import INTERVAL, LOOK_GAPS, dict_item
from ...run.values import SEQUENCE, Fact, is_array
from .base import Analysis

#: Calls that build an array or tensor from Python data (not ``from_numpy``: that shares it).
BUILDERS = frozenset({"tensor", "as_tensor", "array", "asarray", "FloatTensor", "LongTensor"})
#: Builds per run below which one that repeats is not a per-iteration cost (a table built
#: once per sensor, per epoch of five).
PER_BUILD_MIN = 100
#: A list's methods that leave it as it was.
KEEPS_LIST = frozenset({"index", "count", "copy"})
#: Elements of a display below which building it costs next to nothing (``[a, b]``).
DISPLAY_MIN = 4


def _class_of(
    sf: SourceFile, line: int
) -> tuple[ast.ClassDef, ast.FunctionDef, list[ast.Call]] | None:
    """The class of the method holding ``line``, its ``__init__`` and the file's calls that
    make its objects (by the class's name); None where it has no ``__init__``."""
    assert sf.tree is not None
    cls = next(
        (
            c
            for c in walk_tree(sf.tree)
            if isinstance(c, ast.ClassDef) and c.lineno <= line <= (c.end_lineno or c.lineno)
        ),
        None,
    )
    if cls is None:
        return None
    init = next(
        (f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None
    )
    if init is None:
        return None
    made = [
        c
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == cls.name
    ]
    return cls, init, made


def _one_object(sf: SourceFile, line: int, attr: str) -> str | None:
    """The class of the method holding ``line`` where the file makes one object of it, outside
    any loop, and only its ``__init__`` sets or changes ``attr`` (read from the source): its
    ``self.<attr>`` is then the same at every call. None otherwise."""
    held = _class_of(sf, line)
    if held is None:
        return None
    cls, init, made = held
    if len(made) != 1 or sf.enclosing_loops(made[0].lineno):
        return None
    end = len(sf.lines)
    if attribute_changed(sf, attr, 1, init.lineno - 1, KEEPS_LIST) or attribute_changed(
        sf, attr, (init.end_lineno or init.lineno) + 1, end, KEEPS_LIST
    ):
        return None
    return cls.name


#: Builds per object made below which building the list once per object saves little.
BUILDS_PER_OBJECT = 10


def _few_objects(a: Analysis, sf: SourceFile, line: int, attr: str) -> tuple[int, str] | None:
    """How many objects of the class holding ``line`` the run made, and the class, where only
    its ``__init__`` sets ``attr`` (nothing changes it after) and the line ran
    BUILDS_PER_OBJECT times an object or more; None otherwise."""
    held = _class_of(sf, line)
    if held is None or set_after_init(sf, attr):
        return None
    cls, init, calls = held
    if attribute_changed(sf, attr, (init.end_lineno or init.lineno) + 1, len(sf.lines), KEEPS_LIST):
        return None
    made = sum(max(1, a.led.count((sf.path, c.lineno)).n) for c in calls)
    builds = a.led.count((sf.path, line)).n
    if not made or builds < BUILDS_PER_OBJECT * made:
        return None
    return made, cls.name


def _changes(sf: SourceFile, name: str, lo: int, hi: int) -> bool:
    """Whether ``name`` is stored between the lines: assigned or written into, or bound by a
    ``for`` (the loop's own target included), a ``with ... as`` or a ``:=``."""
    if stored_in(sf, name, lo, hi):
        return True
    if sf.tree is None:
        return True
    for node in walk_tree(sf.tree):
        if not lo <= getattr(node, "lineno", 0) <= hi:
            continue
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            bound = node.target
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            bound = node.optional_vars
        elif isinstance(node, ast.NamedExpr):
            bound = node.target
        else:
            continue
        if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(bound)):
            return True
    return False


def _alias_of_held(sf: SourceFile, name: str, lo: int, hi: int, line: int) -> bool:
    """Whether every store of ``name`` between the lines is ``name = self.<attr>`` before
    ``line``, of an attribute only ``__init__`` sets (``net = self.net`` at the top of a
    step): the name is then the same object at every call."""
    assert sf.tree is not None
    stores = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Name)
        and n.id == name
        and isinstance(n.ctx, ast.Store | ast.Del)
        and lo <= n.lineno <= hi
    ]
    if not stores:
        return False
    for st in walk_tree(sf.tree):
        if not (isinstance(st, ast.Assign) and lo <= st.lineno <= hi):
            continue
        if not any(isinstance(t, ast.Name) and t.id == name for t in st.targets):
            continue
        value = st.value
        if not (
            len(st.targets) == 1
            and st.lineno < line
            and isinstance(value, ast.Attribute)
            and isinstance(value.value, ast.Name)
            and value.value.id == "self"
            and not set_after_init(sf, value.attr)
        ):
            return False
    assigned = {
        st.lineno
        for st in walk_tree(sf.tree)
        if isinstance(st, ast.Assign)
        and lo <= st.lineno <= hi
        and any(isinstance(t, ast.Name) and t.id == name for t in st.targets)
    }
    return all(n.lineno in assigned for n in stores)


#: Calls a constant comprehension may make: numbers in, the same number out.
NUMBER_CALLS = frozenset({"round", "abs", "min", "max", "float", "int", "pow"})


def _constant_comprehension(
    sf: SourceFile, comp: ast.ListComp, lo: int, hi: int, params: set[str]
) -> set[str] | None:
    """The names and ``self.`` attributes a list comprehension reads, where it gives the same
    list at every run: its loops over ``range`` of such values, its calls of number builtins
    and ``math``, its names not stored between ``lo`` and ``hi`` (nor parameters), its
    attributes set only in ``__init__``; None otherwise."""
    # (the comprehensions inside it too: rows of a table, ``[[T[a].get(b, 0) for b in S] for
    # a in S]``, blind171's vessel states)
    generators = [n for n in ast.walk(comp) if isinstance(n, ast.comprehension)]
    bound = {t.id for g in generators for t in ast.walk(g.target) if isinstance(t, ast.Name)}
    if any(
        not (
            (
                isinstance(g.iter, ast.Call)
                and isinstance(g.iter.func, ast.Name)
                and g.iter.func.id == "range"
            )
            or (
                isinstance(g.iter, ast.Name)
                and g.iter.id not in params
                and module_table(sf, g.iter.id)
            )
        )
        for g in generators
    ):
        return None
    names: set[str] = set()
    for n in ast.walk(comp):
        if isinstance(n, ast.Call):
            fn = n.func
            if isinstance(fn, ast.Name) and fn.id in NUMBER_CALLS | {"range"}:
                continue
            # (a read of a module's table or of one of its items: ``OBSERVED[a].get(b, 0)``)
            if isinstance(fn, ast.Attribute) and _reads_table(sf, fn, params):
                continue
            if (
                isinstance(fn, ast.Attribute)
                and isinstance(fn.value, ast.Name)
                and fn.value.id == "math"
            ):
                continue
            return None
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
            if n.value.id == "self":
                if set_after_init(sf, n.attr):
                    return None
                names.add(f"self.{n.attr}")
            elif n.value.id != "math" and not _reads_table(sf, n, params):
                return None
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            if n.id in bound or n.id in NUMBER_CALLS or n.id in ("range", "math", "self"):
                continue
            if n.id in params or _changes(sf, n.id, lo, hi):
                return None
            names.add(n.id)
        elif (
            isinstance(n, ast.Subscript)
            and isinstance(n.ctx, ast.Load)
            and isinstance(n.value, ast.Name)
            and not module_table(sf, n.value.id)
        ):
            # (an item of a module's table, ``WARRANTED[r]`` of a dict made once and never
            # changed, is; blind170's power curves, 12 x 101 made a tensor again per record)
            return None
    return names


def _reads_table(sf: SourceFile, method: ast.Attribute, params: set[str]) -> bool:
    """Whether ``method`` is a read (READS_TABLE) of a module's table that nothing changes
    (:func:`module_table`), or of one of its items (``OBSERVED[a].get``)."""
    table = method.value.value if isinstance(method.value, ast.Subscript) else method.value
    return (
        method.attr in READS_TABLE
        and isinstance(table, ast.Name)
        and table.id not in params
        and module_table(sf, table.id)
    )


#: A table's methods that read it and change nothing.
READS_TABLE = KEEPS_LIST | {"get", "keys", "values", "items"}


def module_table(sf: SourceFile, name: str) -> bool:
    """Whether ``name`` is a module-level name assigned once, at module level, and never
    changed anywhere in the file: not stored again (nor bound by a loop), not written into
    (``name[k] = ...``, ``del name[k]``) and no method called on it but those that read."""
    if sf.tree is None:
        return False
    stores = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store | ast.Del)
    ]
    if len(stores) != 1 or sf.functions.get(stores[0].lineno, ""):
        return False
    if any(isinstance(n, ast.Global) and name in n.names for n in walk_tree(sf.tree)):
        return False
    return not written_into(sf.tree, name)


def written_into(node: ast.AST, name: str) -> bool:
    """Whether code under ``node`` writes into the object ``name`` holds (``name[k] = ...``,
    ``del name[k]``) or calls a method on it that is not a read (READS_TABLE)."""
    for n in walk_tree(node):
        if (
            isinstance(n, ast.Subscript)
            and isinstance(n.value, ast.Name)
            and n.value.id == name
            and isinstance(n.ctx, ast.Store | ast.Del)
        ) or (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id == name
            and n.func.attr not in READS_TABLE
        ):
            return True
    return False


def _elements(node: ast.expr) -> int:
    """How many numbers a (nested) list display holds."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return sum(_elements(e) for e in node.elts)
    return 1


def _display_shape(node: ast.expr) -> tuple[int, ...]:
    if isinstance(node, (ast.List, ast.Tuple)) and node.elts:
        return (len(node.elts), *_display_shape(node.elts[0]))
    return ()


class ConstantBuild:
    """A constant built again on every iteration (lint's AB108, confirmed by the run)."""

    rule = RULES["AB108"]

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        seen: set[int] = set()
        for c in [n for n in walk_tree(sf.tree) if isinstance(n, ast.Call)]:
            if call_name(c) not in BUILDERS or not c.args:
                continue
            first, last = sf.span(c.lineno)
            if first in seen or (sf.path, first) in a.found or a.covered(sf.path, first):
                continue
            seen.add(first)
            count = self.count(a, sf.path, first, last)
            if count is None or count.n < PER_BUILD_MIN:
                continue
            seconds = a.led.span(sf.path, first, last, own=True)
            if seconds / a.total < LIST_SHARE:
                continue
            why = self.constant(a, sf, c, first)
            if why is None:
                continue
            yield self._finding(a, sf, c, first, seconds, count, why)

    @staticmethod
    def count(a: Analysis, path: str, first: int, last: int) -> Count | None:
        """How many times the statement ran: its lines' least count (a statement over several
        lines comes back to its first line for the call, which is hit twice a run of it)."""
        counts = [
            a.led.count((path, ln))
            for ln in range(first, last + 1)
            if a.led.traced_hits((path, ln))
        ]
        if counts:
            return min(counts, key=lambda c: c.n)
        # (a line no burst of the line timer hit, each run of it long, a 120,000-item list
        # built in a property, blind24: its count where it is exact, else none)
        exact = a.led.count((path, first))
        return exact if exact.exact and exact.n else None

    def constant(self, a: Analysis, sf: SourceFile, c: ast.Call, line: int) -> str | None:
        """Why what the call builds is the same at every call (in words), or None when the run
        or the source says it may change."""
        arg = c.args[0]
        loops = sf.enclosing_loops(line)
        func = enclosing_function(sf, line)
        if loops:
            lo, hi, where = loops[0].line, loops[0].end, f"the loop at line {loops[0].line}"
        elif func is not None:
            lo, hi, where = func.lineno, func.end_lineno or func.lineno, f"{func.name}()"
        else:
            return None  # at module level and in no loop: it runs once
        params = (
            {p.arg for p in ast.walk(func.args) if isinstance(p, ast.arg)}
            if func is not None and not loops
            else set()
        )
        facts = a.ev.samples.facts.get((sf.path, line), {})
        if isinstance(arg, (ast.List, ast.Tuple)):
            if _elements(arg) < DISPLAY_MIN:
                return None
            leaves = [n for n in ast.walk(arg) if not isinstance(n, (ast.List, ast.Tuple))]
            for n in leaves:
                if isinstance(n, (ast.Call, ast.comprehension, ast.Lambda, ast.NamedExpr)):
                    return None  # a call may give another value each time
            names = {n.id for n in leaves if isinstance(n, ast.Name)}
            for name in names:
                if _changes(sf, name, lo, hi) or (
                    name in params and not self._same(facts.get(name, []))
                ):
                    return None
            return (
                f"a display of {_elements(arg)} numbers"
                + (f" from {', '.join(sorted(names))}" if names else ", all constants")
                + f", none of them stored in {where}"
            )
        if isinstance(arg, ast.ListComp):
            # a table computed by a comprehension over ``range`` of constants and attributes
            # only __init__ sets (blind50's gamma lookup table, 4,096 values made again for
            # every image a transform's ``__call__`` is given)
            read = _constant_comprehension(sf, arg, lo, hi, params)
            if read is None:
                return None
            return (
                "a comprehension over range() or a module's unchanged table, of constants"
                + (f" and {', '.join(sorted(read))}" if read else "")
                + f", none of them stored in {where}"
                + (
                    " (the attributes set only in __init__)"
                    if any(n.startswith("self.") for n in read)
                    else ""
                )
            )
        if (
            isinstance(arg, ast.Attribute)
            and isinstance(arg.value, ast.Name)
            and arg.value.id == "self"
        ):
            # a list the object holds (``torch.tensor(self.levels)`` in a method called per
            # step): the same one at every look, and nothing there or in a method called there
            # stores or changes it
            held = f"self.{arg.attr}"
            looks = [f for f in facts.get(held, []) if f.kind == SEQUENCE]
            if not looks or attribute_changed(sf, arg.attr, lo, hi, KEEPS_LIST):
                return None
            if self._same(looks) and not self._long(a, sf.path, line):
                return (
                    f"{held} ({looks[0]}) was the same unchanged list at each of the "
                    f"{len(looks)} looks of the run, and {where} never stores or changes it"
                )
            # (a long build, looked at within one call: the source must say it) the list set
            # in ``__init__`` only, of the one object the file makes of the class
            one = _one_object(sf, line, arg.attr)
            if one is not None:
                return (
                    f"{held} ({looks[0]}) is set only in __init__ and nothing changes it, and "
                    f"the file makes one {one} (outside any loop)"
                )
            # (or of a few objects, each built again many times: blind61's population fit,
            # a truth model and the fitted one, 1,001 builds of the fitted one's covariates)
            few = _few_objects(a, sf, line, arg.attr)
            if few is None:
                return None
            made, cls = few
            return (
                f"{held} ({looks[0]}) is set only in __init__ and nothing changes it; the run "
                f"made {made} {cls} object{'s' if made > 1 else ''} and built it "
                f"{self.count(a, sf.path, line, line)} times"
            )
        if (
            isinstance(arg, ast.Attribute)
            and isinstance(arg.value, ast.Name)
            and (
                not _changes(sf, arg.value.id, lo, hi)
                or _alias_of_held(sf, arg.value.id, lo, hi, line)
            )
        ):
            # a list another object holds (``torch.tensor(net.ptdf_rows)`` in a penalty given
            # ``net`` by a ``functools.partial`` and called per optimizer step: blind43's
            # dispatch): the same one at every look, and nothing there changes it
            held = ast.unparse(arg)
            looks = [f for f in facts.get(held, []) if f.kind == SEQUENCE]
            if (
                looks
                and not attribute_changed(sf, arg.attr, lo, hi, KEEPS_LIST)
                and self._same(looks)
                and not self._long(a, sf.path, line)
            ):
                return (
                    f"{held} ({looks[0]}) was the same unchanged list at each of the "
                    f"{len(looks)} looks of the run, and {where} never stores or changes it"
                )
            return None
        item = dict_item(arg)
        if item is not None and isinstance(arg, ast.Subscript):
            # a list a dict holds (``np.array(preset["taps"])`` in a function called per block,
            # ``torch.tensor(self.config["tone_curve"])`` in a property read per tile): the
            # same one at every look, and the dict never stored into there
            holder = ast.unparse(arg.value)
            looks = [f for f in facts.get(item, []) if f.kind == SEQUENCE]
            # (the dict that holds it, under any items: ``self.config`` of
            # ``self.config["bands"]["taps"]``)
            root = arg.value
            while isinstance(root, ast.Subscript):
                root = root.value
            if isinstance(root, ast.Name):
                changes = _changes(sf, root.id, lo, hi)
            elif isinstance(root, ast.Attribute):
                changes = attribute_changed(sf, root.attr, lo, hi, KEEPS_LIST)
            else:
                return None
            if not self._same(looks) or changes:
                return None
            if self._long(a, sf.path, line):
                return None
            return (
                f"{item} ({looks[0]}) was the same unchanged list at each of the {len(looks)} "
                f"looks of the run, and {where} never stores into {holder}"
            )
        if not isinstance(arg, ast.Name):
            return None
        looks = [f for f in facts.get(arg.id, []) if f.kind == SEQUENCE]
        if not looks or _changes(sf, arg.id, lo, hi):
            return None
        if arg.id in params or len(looks) > 1:
            # passed in (or looked at more than once): the run must have seen the same list
            if not self._same(looks) or self._long(a, sf.path, line):
                return None
            return (
                f"{arg.id} ({looks[0]}) was the same unchanged list at each of the "
                f"{len(looks)} looks of the run, and {where} never stores it"
            )
        return f"{arg.id} ({looks[0]}) is not stored in {where}"

    def _long(self, a: Analysis, path: str, line: int) -> bool:
        """A build that lasts as long as the gap between a line's first two looks may be looked
        at twice in one run of it: the looks may all be one call's (DecisionTree's
        calcBestFeature, 632 calls on 632 lists, read "the same list at each of the 3 looks").
        A shorter one's looks are of different runs (a 1 ms build, 0.5 ms on a quiet machine,
        was refused on a busy one when the bar was the sampler's 1 ms tick)."""
        count = self.count(a, path, line, line)
        return count is not None and a.led.span(path, line, line, own=True) >= (
            count.n * LOOK_GAPS[1]
        )

    @staticmethod
    def _same(looks: list[Fact]) -> bool:
        """Two or more looks at a list, all with the same fingerprint."""
        idents = {f.ident for f in looks if f.kind == SEQUENCE}
        return len(looks) >= 2 and len(idents) == 1 and None not in idents

    def _finding(
        self,
        a: Analysis,
        sf: SourceFile,
        c: ast.Call,
        line: int,
        seconds: float,
        count: Count,
        why: str,
    ) -> Finding:
        f, _ = a.finding(sf, line, self.rule.code)
        one = seconds / max(count.n, 1)
        target = self._target(sf, line)
        facts = a.ev.facts_at((sf.path, line))
        built = facts.get(target) if target else None
        if built is not None and is_array(built):
            what = f"a {built}"
        elif isinstance(c.args[0], (ast.List, ast.Tuple)):
            shape = "x".join(str(d) for d in _display_shape(c.args[0]))
            what = f"a {shape} array"
        else:
            what = "an array"
        loops = sf.enclosing_loops(line)
        func = enclosing_function(sf, line)
        name = target or "the array"
        arg = c.args[0]
        if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name) and func:
            # (the object's own attribute; another's, ``net.ptdf_rows``, set in its class's
            # ``__init__`` as ``self.ptdf_rows``)
            holder = arg.value.id
            inner = ast.unparse(c).replace(f"{holder}.{arg.attr}", f"self.{arg.attr}")
            built_as = f"self.{target or arg.attr + '_t'} = {inner}"
            used = f"{holder}.{target or arg.attr + '_t'}" if holder != "self" else "that"
            owner = facts.get(holder)
            init = (
                f"{owner.type.rsplit('.', 1)[-1]}.__init__"
                if owner is not None and owner.type.startswith("__main__.") and holder != "self"
                else "__init__"
            )
            hoist = (
                f"build it once where {ast.unparse(arg)} is set ({built_as}, in {init}) and "
                f"use {used} in {func.name}()"
            )
        elif isinstance(arg, ast.ListComp) and func is not None and "(the attributes" in why:
            hoist = (
                f"build it once in __init__ (self.{target or 'table'} = {ast.unparse(c)[:60]}"
                f"...) and use self.{target or 'table'} in {func.name}()"
            )
        elif loops:
            hoist = f"build {name} once before the loop at line {loops[0].line} and use it there"
        elif func is not None:
            hoist = (
                f"build {name} once outside {func.name}() (a module-level constant, or an "
                "argument made before the loop that calls it)"
            )
        else:
            hoist = f"build {name} once"
        # (and the statements right after it that make the same name again from it alone,
        # ``profile = profile / profile.mean()``: as constant, built once with it; blind173's
        # bed demand, its normalisation 11% beside the build's 26%, 42% measured)
        after = remade_from(sf, line, target)
        along = ""
        if after:
            more = sum(a.led.span(sf.path, *sf.span(ln), own=True) for ln in after)
            seconds += more
            said = ", ".join(str(ln) for ln in after)
            many = len(after) > 1
            along = (
                f"; line{'s' if many else ''} {said}, which make{'' if many else 's'} {name} "
                f"again from it alone, {'are' if many else 'is'} as constant "
                f"({format_time(more)} more): move {'them' if many else 'it'} with it"
            )
        # the sampled time's error: one look per INTERVAL, a relative error of 1/sqrt(looks)
        looks = max(1.0, seconds / INTERVAL)
        rel = min(0.5, 2 / math.sqrt(looks))
        saved = max(0.0, seconds - one)
        return replace(
            f,
            seconds=seconds,
            share=seconds / a.total,
            count=count,
            evidence=f"runs {count} times, {format_time(one)} each; builds {what} from the "
            f"same data every time: {why}; "
            f"{hoist} (one build, ~{format_time(one)}){along}",
            gain=(saved * (1 - rel), min(seconds, saved * (1 + rel))),
        )

    @staticmethod
    def _target(sf: SourceFile, line: int) -> str:
        """The name the built value is stored in (``F`` of ``F = np.array(...)``), or ""."""
        if sf.tree is None:
            return ""
        for node in walk_tree(sf.tree):
            if isinstance(node, ast.Assign) and node.lineno == line and len(node.targets) == 1:
                t = node.targets[0]
                if isinstance(t, ast.Name):
                    return t.id
        return ""


def remade_from(sf: SourceFile, line: int, name: str) -> list[int]:
    """The statements right after the one at ``line``, in its statement list, that assign
    ``name`` again from ``name`` alone, numbers and pure calls (``profile = profile /
    profile.mean()``): the value stays as constant as the one built at ``line``."""
    if not name or sf.tree is None:
        return []
    for body in statement_lists(sf.tree):
        at = next((i for i, st in enumerate(body) if st.lineno == line), None)
        if at is None:
            continue
        out: list[int] = []
        for st in body[at + 1 :]:
            if not (
                isinstance(st, ast.Assign)
                and len(st.targets) == 1
                and isinstance(st.targets[0], ast.Name)
                and st.targets[0].id == name
                and _from_alone(st.value, name)
            ):
                break
            out.append(st.lineno)
        return out
    return []


def _from_alone(value: ast.expr, name: str) -> bool:
    """Whether ``value`` reads ``name`` and nothing else but numbers, and calls only pure
    calls (its methods, ``profile.mean()``, or ``np.sqrt(profile)``)."""
    reads = [n.id for n in ast.walk(value) if isinstance(n, ast.Name) and n.id != name]
    calls = [c for c in ast.walk(value) if isinstance(c, ast.Call)]
    modules = {
        c.func.value.id
        for c in calls
        if isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Name)
    } - {name}
    return (
        any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(value))
        and all(call_name(c) in PURE_CALLS for c in calls)
        and set(reads) <= modules
    )


PATTERN = ConstantBuild()
