"""AB411's advice: where to make an invariant value once (in ``__init__``, before the loop, once
per item of an inner loop, once per distinct argument) and through what (a pure function of the
file, a kept method of an object, a property or method of the object's own)."""

from __future__ import annotations

from ...read.calls import properties
from ...read.purity import pure_getters, set_after_init
from ...read.source import Loop, SourceFile
from ...run.values import Fact
from .changes import _changed, _made_line
from .invariant_inputs import takes_arguments


def wording(
    sf: SourceFile,
    line: int,
    names: set[str],
    lp: Loop,
    via: str,
    kinds: list[str],
    facts: dict[str, Fact],
    own: list[str] | None,
    per_item: Loop | None,
    entries: float,
    where: str,
) -> tuple[str, str, str]:
    """Why the value stays (``where``, reworded where its inputs are made above it or change
    with an inner loop's index), what to do (``hoist``) and through what it is computed
    (``through``), for the invariant statement at ``line`` of the loop ``lp``."""
    me = facts.get("self")
    held = sorted(
        n
        for n in names
        if n.startswith("self.")
        # (not a method of the object's given arguments: made where they are known)
        and not (me is not None and takes_arguments(sf, me.type[9:], n[5:]))
    )
    if any(set_after_init(sf, m[5:]) for m in held):
        held = []  # (set or changed outside __init__: made once before the loop instead)
    if per_item is not None:
        index = ", ".join(per_item.targets)
        between = f"between calls of {via}()" if via else f"in the loop at line {lp.line}"
        where = (
            f"they change only with {index}, the index of the loop at line {per_item.line}, "
            f"over the same {entries:,.0f} items at every entry of it, and nothing else "
            f"changes them {between}"
        )
        hoist = (
            f"make the {entries:,.0f} values once, one for each {index} (a list, or one "
            f"batched call over all of them), "
            + (
                f"where {', '.join(held)} {'is' if len(held) == 1 else 'are'} set (in __init__)"
                if held
                else f"before the loop at line {lp.line}"
            )
            + (
                f", and hand the one for each {index} down from the loop at line "
                f"{per_item.line} to {via}() in place of line {line}"
                if via
                else f", and index them by {index} on line {line}"
            )
        )
    elif (
        held
        and sf.tree is not None
        and all(
            m[5:] not in properties(sf.tree) and m[5:] in pure_getters(sf, methods_too=True)
            for m in held
        )
    ):
        # (a method of the object that reads only what __init__ sets: ``self.operator()``)
        hoist = (
            f"compute it once in __init__ ({', '.join(m + '()' for m in held)} read only "
            f"attributes __init__ sets), keep it as an attribute and use that in "
            f"{via + '()' if via else 'the loop'}"
        )
    elif held:
        hoist = (
            f"compute it once where {', '.join(held)} {'is' if len(held) == 1 else 'are'} "
            f"set (kept as an attribute of the object, made in __init__) and use that in "
            f"{via + '()' if via else 'the loop'}"
        )
    elif via and len(kinds) > 1:
        hoist = (
            f"compute it before the loop at line {lp.line} once for each of the "
            f"{len(kinds)} arguments the loop passes ({'; '.join(kinds)}) and pass it to "
            f"{via}()"
        )
    elif via:
        hoist = f"compute it before the loop at line {lp.line} and pass it to {via}()"
    elif not per_item:
        made = sorted(
            {
                _made_line(sf, n, lp, line)
                for n in names
                if not n.startswith("self.") and _changed(sf, n, lp.line, lp.end)
            }
            - {0}
        )
        if made:
            # its inputs made the same way at every iteration, above it: they move too
            where = (
                f"{', '.join(f'line {m} (`{sf.text(m)}`)' for m in made)} makes "
                f"{'them' if len(made) > 1 else 'its input'} the same way at every "
                f"iteration, from values the loop at line {lp.line} never changes"
            )
        moved = ", ".join(str(m) for m in [*made, line])
        hoist = (
            f"move line{'s' if made else ''} {moved} (`{sf.text(line)}`) above the loop at "
            f"line {lp.line}"
        )
    funcs = [o for o in own or [] if "." not in o]
    kept = [o for o in own or [] if "." in o and not o.startswith("self.")]
    props = [o for o in own or [] if o.startswith("self.")]
    through = (
        (
            f" through {', '.join(o + '()' for o in funcs)}, a function of its arguments only "
            "(its time counted here)"
            if funcs
            else ""
        )
        + (
            f" through {', '.join(o + '()' for o in kept)}, reading only what the object's "
            "construction sets (its time counted here)"
            if kept
            else ""
        )
        + (
            f" through {', '.join(_named(sf, p) for p in props)}, made from attributes only "
            "__init__ sets (its time counted here)"
            if props
            else ""
        )
    )
    return where, hoist, through


def _named(sf: SourceFile, held: str) -> str:
    """``the property self.kernel``, or ``the method self.operator()``."""
    if sf.tree is not None and held[5:] in properties(sf.tree):
        return f"the property {held}"
    return f"the method {held}()"
