"""What a hot line with no finding is closest to: a known kind and the run's evidence for or
against it, or the library call its time is in.

``profile`` shows the three costliest lines that no rule claimed ("where the time goes, no known
pattern"). A line the rules did not claim may still be one of their kinds that the run's
evidence refuted, or that fell under a threshold; or its time may be in a library call that no
rewrite of the user's code makes cheaper. Each hot line says which, from what the run recorded:

    a conversion of a tensor to a Python number     AB201, with the count and the value seen
    an array or tensor built from Python data       AB108, with the list's length and the count
    an array grown by concatenation                 AB107, and whether it adds to itself
    a line in a loop that indexes arrays            AB101, with the loop's iterations per entry,
                                                    its time per iteration, the values seen
    a line of calls on arrays of a few elements     AB412, with its operations and its runs
    anything else                                   the library functions sampled under the
                                                    line (``numpy.linalg.svd``), else the calls
                                                    on the line resolved through the file's
                                                    imports, else its operators and their values
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from ...base.units import format_time
from ..read.source import (
    BUILD_CALLS,
    SYNC_BUILTINS,
    SYNC_METHODS,
    Loop,
    SourceFile,
    call_name,
    held_receiver,
    read_source,
    statement_at,
)
from ..read.syntax import imported_names, seen_name, walk_tree
from ..records import LIST_SHARE, HotLine
from ..run.checks import COMPOUND
from ..run.ledger import Count
from ..run.values import (
    MODEL,
    OTHER,
    SCALAR,
    SEQUENCE,
    Fact,
    array_scalar,
    is_array,
    shown,
    torchish,
)
from .known_fixes import ndimage_laplace, summed_items, wrapped_convolution
from .patterns import tiny_arrays
from .patterns.base import Analysis

Key = tuple[str, int]

#: Calls that grow an array by copying it into a larger one.
GROW_CALLS = frozenset({"append", "concatenate", "cat", "vstack", "hstack", "row_stack"})
#: Library calls named on a line (at most).
NAMED_CALLS = 3
#: The share of a line's time in sampled library frames from which they are "where it is".
SAMPLED_CALLS_MIN = 0.3
#: ... and the share from which they are all of it (less: the line's other calls are named too).
SAMPLED_CALLS_ALL = 0.7
#: Types of names that are no values a call converts or builds from.
_NOT_VALUES = frozenset({"module", "function", "type", "builtin_function_or_method"})


@dataclass(frozen=True)
class Hint:
    """What a hot line is closest to.

    Attributes:
        code: the closest known kind (``AB101``), or "" when none is close.
        text: the kind and the evidence for or against it, or where the time is.
        calls: the library calls the line's time is in (``numpy.linalg.svd``), most first.
    """

    code: str
    text: str
    calls: tuple[str, ...] = ()


def refuted(a: Analysis, key: Key, got: Hint) -> Hint:
    """``got``, or where its kind is a candidate the run refuted at the line, why it was (its
    guess again would read as a finding missed: ``AB201 (sync-in-loop)?`` of a CPU tensor's one
    value a step)."""
    for d in a.dropped:
        if got.code and d.code == got.code and d.path == key[0] and d.line == key[1]:
            return Hint(d.code, f"looks like {d.code} ({d.rule.name}), but {d.dropped}", got.calls)
    return got


def hint(
    a: Analysis,
    sf: SourceFile,
    key: Key,
    seconds: float,
    count: Count | None,
    min_count: int,
    element: tuple[int, float],
) -> Hint:
    """The closest kind for the hot line ``key`` (``seconds`` its own time, ``count`` its runs),
    with ``min_count`` the runs a per-iteration pattern needs and ``element`` the element loop's
    thresholds (iterations per entry, seconds an iteration)."""
    line = key[1]
    facts = a.ev.facts_at(key)
    calls = sf.calls_on(line)
    runs = f"{count} times" if count is not None else "an unknown number of times"
    drawn = _choice_hint(calls, facts, runs)
    if drawn is not None:
        return drawn
    few = count is not None and count.n < min_count
    for c in calls:
        name, r = call_name(c), held_receiver(c, facts)
        fact = facts.get(r)
        if fact is not None and fact.type in _NOT_VALUES:
            fact = None  # ``float(np.mean(x))``: the receiver read is a module, not a value
        builtin = isinstance(c.func, ast.Name) and name in SYNC_BUILTINS
        method = isinstance(c.func, ast.Attribute) and name in SYNC_METHODS
        if (
            builtin
            and fact is not None
            and fact.kind == OTHER
            and c.args
            and isinstance(c.args[0], ast.Call)
        ):
            # ``int(rng.integers(1600, 2600))``: what is converted is what the method returns,
            # not the generator it is called on (blind81's esports season)
            fact = None
        if (builtin or method) and fact is not None:
            what = f"{name}({r})" if builtin else f"{r}.{name}()"
            if fact.type == "str" and builtin:
                # a text file parsed value by value (round 9: three loaders of MNIST CSVs, 10-18%
                # of their runs saved by np.loadtxt)
                return Hint(
                    "",
                    f"text parsed value by value: {what} converts a str, {runs}; a numeric "
                    "file is read in one call by np.loadtxt(f, delimiter=',') (or "
                    "pandas.read_csv), and .tolist() gives the lists back if the code needs them",
                )
            if not torchish(fact):
                return Hint(
                    "AB201",
                    f"looks like AB201 (sync-in-loop) but {what} converts a "
                    f"{fact.type}, not a tensor: no device sync",
                )
            why = f": too few to matter ({min_count:,} needed)" if few else ""
            return Hint("AB201", f"AB201 (sync-in-loop)? {what} converts a {fact}, {runs}{why}")
        if name in BUILD_CALLS and c.args:
            arg = c.args[0]
            got = facts.get(arg.id) if isinstance(arg, ast.Name) else None
            if isinstance(arg, (ast.List, ast.Tuple)):
                size = f"a list of {len(arg.elts)} items written out"
            elif got is not None and got.kind == SEQUENCE:
                of = f" {got.item}s" if got.item else " items"
                size = f"a {got.type} of {got.shape[0] if got.shape else 0:,}{of}"
            elif got is not None and (is_array(got) or torchish(got)):
                return Hint(
                    "AB108",
                    f"looks like AB108 (build-in-loop) but its argument is "
                    f"already an array ({got}): a copy, not a build from Python data",
                )
            else:
                size = "Python data"
            why = f": too few to matter ({min_count:,} needed)" if few else ""
            return Hint("AB108", f"AB108 (build-in-loop)? built from {size}, {runs}{why}")
        if name in GROW_CALLS and sf.enclosing_loops(line) and _grows(sf, line, c):
            return Hint("AB107", f"AB107 (grow-in-loop)? {name} copies its growing result, {runs}")
    pairs = (
        _all_pairs(sf, line, facts)
        or _spectral_radius(sf, line)
        or _row_tiled(sf, line)
        or _times_zero(sf, line, facts)
        or _bernoulli(sf, line)
        or _mixed_product(sf, line, facts)
        or ndimage_laplace(sf, line, facts)
        or wrapped_convolution(sf, line, facts)
        or _plotted_lists(sf, line, facts)
    )
    if pairs:
        return Hint("", pairs)
    loops = sf.enclosing_loops(line)
    numbers = _python_numbers(a, sf, loops[0], facts, element) if loops else None
    if numbers is not None:
        return numbers
    if loops and _element_line(sf, line, loops[0], facts):
        near = _element_hint(a, sf, loops[0], facts, element)
        if near is not None:
            return near
    imported = _imported(sf, line)
    if imported:
        return Hint("", f"no known pattern: the time is in importing {imported}")
    tiny = tiny_arrays.near(a, sf, line)
    if tiny:
        few_runs = count is not None and count.n < tiny_arrays.HITS_MIN
        if few_runs:
            # (an optimizer made once, ``torch.optim.Adam([params])`` of a 4-element tensor,
            # whose time is torch._dynamo's import: blind64's volcano inversion)
            loads = _library_hint(a, sf, key, seconds, facts)
            if loads.calls and loads.calls[0].startswith("importing "):
                return loads
        why = f": too few to matter ({tiny_arrays.HITS_MIN:,} needed)" if few_runs else ""
        return Hint("AB412", f"AB412 (tiny-array-calls)? {tiny}, {runs}{why}")
    return _library_hint(a, sf, key, seconds, facts)


#: Python number types: a loop whose lines hold only these (and lists of them) has no array.
NUMBER_TYPES = frozenset({"float", "int", "complex", "bool"})


def _python_numbers(
    a: Analysis, sf: SourceFile, lp: Loop, facts: dict[str, Fact], element: tuple[int, float]
) -> Hint | None:
    """The line is in a loop of many cheap steps on Python numbers (floats, complex numbers,
    ``random.random()`` draws, lists of them), no array or tensor among its values: no rule
    takes such a loop (rounds 20 and 21 of real code: a 10^8-step ``random.uniform`` loop, a
    stencil on lists of lists, a Julia set over a list of complex numbers, 78-92% saved on
    arrays), but the kind of change that would help can be named. The loop's values, not only
    the line's (a line of operators is seldom looked at)."""
    facts = {**a.ev.facts_in(sf.path, lp.line, lp.end), **facts}
    if not facts or not all(
        (f.kind == SCALAR and f.type in NUMBER_TYPES)
        or (f.kind == SEQUENCE and f.item in (SCALAR, SEQUENCE, ""))
        or f.type in ("function", "builtin_function_or_method", "module", "method")
        for f in facts.values()
    ):
        return None
    if not any(f.kind == SCALAR and f.type in NUMBER_TYPES for f in facts.values()):
        return None
    count, per_entry = a.loop_counts(sf.path, lp)
    min_per_entry, max_each = element
    if not count.n or per_entry < min_per_entry:
        return None
    seconds = a.led.span(sf.path, lp.line, lp.end)
    each = seconds / count.n
    if each > max_each:
        return None
    total = summed_items(sf, lp)
    if total is not None:
        # (``for x in arr: total += x``: round 27's backtest, 81% of its run in a hand-written
        # mean of 100 prices, 49.1% saved by ``sum(arr) / len(arr)``)
        acc, over = total
        return Hint(
            "",
            f"a loop of {count} steps adding the items of {over} to {acc} (line {lp.line}, "
            f"{format_time(each)} a step, {seconds / a.total:.0%} of the run): {acc} = "
            f"sum({over}, {acc}) does the same additions in the same order in C, the same "
            "result",
        )
    return Hint(
        "",
        f"no known pattern: a loop of {count} steps on Python numbers (line {lp.line}, "
        f"{format_time(each)} a step, {seconds / a.total:.0%} of the run), no array in it for "
        "a rule to take; where its steps do not depend on each other, the same work on NumPy "
        "arrays has no Python step per element (draws: rng.random(n) at once; lists of "
        "numbers: np.array once, then whole-array arithmetic, np.where, np.count_nonzero); "
        "where they do, numba.njit compiles the loop as it is",
    )


def _element_line(sf: SourceFile, line: int, lp: Loop, facts: dict[str, Fact]) -> bool:
    """Whether the line works element by element in its loop: it indexes something with the
    loop's names (``x[i]``), or the loop's names hold elements of an array."""
    if any(t in facts and array_scalar(facts[t]) for t in lp.targets):
        return True
    if sf.tree is None or not lp.targets:
        return False
    return any(
        isinstance(n, ast.Subscript)
        and n.lineno == line
        and any(isinstance(m, ast.Name) and m.id in lp.targets for m in ast.walk(n.slice))
        for n in walk_tree(sf.tree)
    )


def _imported(sf: SourceFile, line: int) -> str:
    """The modules an import statement on the line imports, or ""."""
    if sf.tree is None:
        return ""
    for node in walk_tree(sf.tree):
        if isinstance(node, ast.Import) and node.lineno == line:
            return ", ".join(a.name for a in node.names)
        if isinstance(node, ast.ImportFrom) and node.lineno == line and node.module:
            return node.module
    return ""


def _grows(sf: SourceFile, line: int, call: ast.Call) -> bool:
    """Whether the call's result is stored in a name it also reads (``x = np.append(x, v)``)."""
    if sf.tree is None:
        return False
    reads = {n.id for n in ast.walk(call) if isinstance(n, ast.Name)}
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, ast.Assign)
            and node.lineno == line
            and any(isinstance(t, ast.Name) and t.id in reads for t in node.targets)
        ):
            return True
    return False


def _element_hint(
    a: Analysis, sf: SourceFile, lp: Loop, facts: dict[str, Fact], element: tuple[int, float]
) -> Hint | None:
    """The line is in a loop that indexes arrays: what its counts and values say of AB101."""
    count, per_entry = a.loop_counts(sf.path, lp)
    if not count.n:
        return None
    seconds = a.led.span(sf.path, lp.line, lp.end)
    each = seconds / count.n
    min_per_entry, max_each = element
    head = f"looks like AB101 (element loop, line {lp.line}) but"
    if per_entry < min_per_entry:
        return Hint("AB101", f"{head} runs {per_entry:,.0f} iterations per entry ({count} in all)")
    if each > max_each:
        return Hint(
            "AB101", f"{head} each iteration takes {format_time(each)}: batches, not elements"
        )
    if not any(is_array(f) or array_scalar(f) for f in facts.values()):
        seen = ", ".join(f"{n}: {f}" for n, f in list(facts.items())[:2])
        why = f"its values are not arrays ({seen})" if seen else "no array was seen at the line"
        return Hint("AB101", f"{head} {why}")
    kind = "AB406 (element recurrence)" if lp.recurrence else "AB101 (element loop)"
    return Hint(
        "AB406" if lp.recurrence else "AB101",
        f"{kind}? line {lp.line} runs {count} iterations, {per_entry:,.0f} per entry, "
        f"{format_time(each)} each; its loop holds {seconds / a.total:.0%} of the run",
    )


#: NumPy's random-number objects, as the run names them.
RANDOM_STATES = frozenset({"numpy.Generator", "numpy.RandomState"})


def _choice_hint(calls: list[ast.Call], facts: dict[str, Fact], runs: str) -> Hint | None:
    """``np.random.choice(range(n))`` or ``rng.choice(actions)`` of a Python sequence, one
    item: NumPy makes an array of the sequence at every call, and ``randint(n)`` (``integers``)
    draws the same index from the same stream (round 25's Sutton-Barto agents: DynaMaze's
    ``np.random.choice(range(n))`` 40% saved, three more 12-19%; 4.5 us a call against 1.2)."""
    for c in calls:
        func = c.func
        sized = [k.value for k in c.keywords if k.arg == "size"]
        if not (
            isinstance(func, ast.Attribute)
            and func.attr == "choice"
            and 1 <= len(c.args) + len(sized) <= 2
            and len(c.keywords) == len(sized)
        ):
            continue
        owner = ast.unparse(func.value)
        held = facts.get(owner)
        legacy = owner in ("np.random", "numpy.random") or (
            held is not None and held.type == "numpy.RandomState"
        )
        if not legacy and (held is None or held.type not in RANDOM_STATES):
            continue  # (Python's random.choice takes a list as it is)
        draw = f"{owner}.randint" if legacy else f"{owner}.integers"
        arg = c.args[0]
        size = [*c.args[1:], *sized]
        n = facts.get(arg.id) if isinstance(arg, ast.Name) else None
        if (isinstance(arg, ast.Constant) and type(arg.value) is int) or (
            n is not None and n.type == "int"
        ):
            # (an int: ``np.random.choice(n, 2)``, round 26's SIRS sites, 12.7% saved; its
            # checks cost a call twice what the draw does, and randint draws the same numbers)
            bounds = f"0, {ast.unparse(arg)}, {ast.unparse(size[0])}" if size else ast.unparse(arg)
            return Hint(
                "",
                f"{ast.unparse(c)} draws from range({ast.unparse(arg)}) through choice()'s "
                f"checks at every call ({runs}): {draw}({bounds}) draws the same numbers from "
                "the same random stream at about half the cost",
            )
        if size:
            continue  # (several items of a sequence: not one index)
        if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id == "range":
            if len(arg.args) > 2:
                continue  # (a step: no one randint call draws the same)
            fix = f"{draw}({', '.join(ast.unparse(x) for x in arg.args)})"
        elif isinstance(arg, ast.Name | ast.Attribute):
            name = ast.unparse(arg)
            seen = facts.get(name)
            if seen is None or seen.kind != SEQUENCE:
                continue
            fix = f"{name}[{draw}(len({name}))]"
        else:
            continue
        return Hint(
            "",
            f"{ast.unparse(c)} makes an array of a Python sequence at every call ({runs}) to "
            f"draw one item: {fix} draws the same one from the same random stream without it",
        )
    return None


def _library_hint(
    a: Analysis, sf: SourceFile, key: Key, seconds: float, facts: dict[str, Fact]
) -> Hint:
    """No known kind: the library calls the time is in, sampled or read from the line."""
    sampled = a.ev.samples.calls.get(key, {})
    written = _calls_named(sf, key[1], facts)
    # a sampled frame named as the line calls it: ``numpy.mean`` for numpy's
    # ``core.fromnumeric.mean``
    by_last = {w.rsplit(".", 1)[-1]: w for w in written}
    named: list[str] = []
    for frame, spent in sorted(sampled.items(), key=lambda kv: -kv[1]):
        if frame.startswith("arraybench.") or spent < SAMPLED_CALLS_MIN * seconds:
            continue
        n = by_last.get(frame.rsplit(".", 1)[-1], frame)
        if n not in named:
            named.append(n)
    # the calls made in C have no frame: where the sampled frames hold little of the line's
    # time, the line's other calls are named after them (``numpy.cumsum, numpy.exp``)
    if sum(sampled.values()) < SAMPLED_CALLS_ALL * seconds:
        named += [w for w in written if w not in named]
    named = named[:NAMED_CALLS]
    if named and named[0].startswith("importing "):
        # a library loading a module on first use (``torch.optim.SGD(...)`` importing
        # ``torch._dynamo``): paid once a process, nothing of the line's to change
        return Hint(
            "",
            f"no known pattern: the time is in {named[0]}, which a library call on the line "
            "loads on first use (once a process: nothing on the line to change)",
            tuple(named),
        )
    if named:
        return Hint("", f"no known pattern: the time is in {', '.join(named)}", tuple(named))
    arrays = [f for f in facts.values() if is_array(f) or torchish(f)]
    if arrays and _has_operators(sf, key[1]):
        biggest = max(arrays, key=lambda f: f.size)
        return Hint("", f"no known pattern: the time is in the line's operators on {biggest}")
    comp = a.led.site(key[0], key[1], True)
    if not facts and _has_operators(sf, key[1]) and comp is None:
        # no look recorded its values (a line sampled only after its first looks)
        return Hint("", "no known pattern: the time is in the line's operators")
    if comp is not None and comp.iterations:
        # a comprehension of Python values: its items are the work
        return Hint(
            "",
            f"no known pattern: the time is in the line's own Python code, a comprehension of "
            f"{comp.iterations:,} items ({format_time(seconds / comp.iterations)} each)",
        )
    return Hint("", "no known pattern: the time is in the line's own Python code")


def _has_operators(sf: SourceFile, line: int) -> bool:
    if sf.tree is None:
        return False
    return any(
        isinstance(n, (ast.BinOp, ast.AugAssign, ast.UnaryOp, ast.Compare, ast.Subscript))
        and n.lineno == line
        for n in walk_tree(sf.tree)
    )


def _calls_named(sf: SourceFile, line: int, facts: dict[str, Fact]) -> list[str]:
    """The line's library calls, outermost first, as their users name them: ``numpy.roll`` for
    ``np.roll`` under ``import numpy as np``, ``torch.Tensor.sum`` for ``t.sum()`` with ``t`` a
    tensor. Calls of the user's own functions are left out (their lines are measured)."""
    imports = _imports(sf)
    out: list[str] = []
    for c in sf.calls_on(line):
        name = _dotted(c.func, imports, facts)
        if name and name not in out:
            out.append(name)
    return out[:NAMED_CALLS]


def _dotted(func: ast.expr, imports: dict[str, str], facts: dict[str, Fact]) -> str:
    parts: list[str] = []
    node = func
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return ""
    parts.reverse()
    root = node.id
    if root in imports:
        return ".".join([imports[root], *parts])
    fact = facts.get(root)
    if fact is not None and not parts and fact.kind == MODEL:
        return fact.type  # a model called (``net(x)``): its forward

    # a method of a library's object (``rng.normal``: ``numpy.Generator.normal``)
    if fact is not None and parts and "." in fact.type and fact.type not in _NOT_VALUES:
        return ".".join([fact.type, *parts])
    return ""


def _imports(sf: SourceFile) -> dict[str, str]:
    """The file's imported names and what they are (read/syntax.imported_names)."""
    return imported_names(sf.tree) if sf.tree is not None else {}


#: Calls that pick the nearest of a row of distances.
NEAREST_CALLS = frozenset({"argmin", "argsort", "argpartition", "min"})


def _all_pairs(sf: SourceFile, line: int, facts: dict[str, Fact]) -> str:
    """ "" unless the line's statement makes every pair's difference with np.repeat and np.tile
    (``norm(repeat(a, m, 1) - tile(b, (1, n)))``) and a statement after it picks the nearest
    (``argmin``): then what a k-d tree does instead (round 9's icp_matching: 53% saved)."""
    stmt = _statement_at(sf, line)
    if not isinstance(stmt, (ast.Assign, ast.AnnAssign)) or sf.tree is None:
        return ""
    last = sf.span(line)[1]
    calls = [c for c in ast.walk(stmt) if isinstance(c, ast.Call)]
    names = {call_name(c) for c in calls}
    if not {"repeat", "tile"} <= names:
        return ""
    targets = [t.id for t in getattr(stmt, "targets", [getattr(stmt, "target", None)])
               if isinstance(t, ast.Name)]  # fmt: skip
    after = [
        c
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Call) and last < n.lineno <= last + 3
        for c in [n]
        if call_name(c) in NEAREST_CALLS
        and any(isinstance(m, ast.Name) and m.id in targets for m in ast.walk(c))
    ]
    if not after:
        return ""
    sizes = [
        f"{arg.id}: {facts[arg.id]}"
        for c in calls
        if call_name(c) in ("repeat", "tile") and c.args and isinstance(c.args[0], ast.Name)
        for arg in [c.args[0]]
        if arg.id in facts
    ]
    seen = f" ({'; '.join(sizes)})" if sizes else ""
    return (
        f"every pair's difference made with np.repeat and np.tile{seen}, then the nearest "
        f"picked ({call_name(after[0])}, line {after[0].lineno}): a k-d tree finds the nearest "
        "without the pairs, scipy.spatial.cKDTree(points.T).query(queries.T)"
    )


def _statement_at(sf: SourceFile, line: int) -> ast.stmt | None:
    """The simple statement that starts on the line's statement's first line."""
    return statement_at(sf, line, COMPOUND)


#: Reductions that keep the largest of their argument.
_LARGEST = frozenset({"max", "amax", "nanmax"})


def _spectral_radius(sf: SourceFile, line: int) -> str:
    """ "" unless the line computes every eigenvalue only to keep the largest in magnitude
    (``np.max(np.abs(np.linalg.eigvals(W)))``): then what computes that one alone (round 11's
    echo state network: 10% of its run, W the same to 3e-15)."""
    stmt = _statement_at(sf, line)
    if stmt is None:
        return ""
    for big in ast.walk(stmt):
        if not (isinstance(big, ast.Call) and call_name(big) in _LARGEST and big.args):
            continue
        inner = big.args[0]
        if not (isinstance(inner, ast.Call) and call_name(inner) in ("abs", "absolute")):
            continue
        if not inner.args:
            continue
        eig = inner.args[0]
        if isinstance(eig, ast.Call) and call_name(eig) in ("eigvals", "eig") and eig.args:
            m = ast.unparse(eig.args[0])
            return (
                f"every eigenvalue of {m} is computed to keep the largest in magnitude: "
                f"scipy.sparse.linalg.eigs({m}, k=1, which='LM') computes that one alone "
                "(an iterative method: far less work on a large matrix)"
            )
    return ""


def _row_tiled(sf: SourceFile, line: int) -> str:
    """ "" unless the line copies one row down a matrix's rows to subtract them
    (``np.tile(x, (n, 1)) - data``): broadcasting does it without the n copies, and the
    distances of all queries at once come from one matrix product (round 11's kNN: 7% saved by
    broadcasting, 69% with the queries together)."""
    stmt = _statement_at(sf, line)
    if stmt is None:
        return ""
    for node in ast.walk(stmt):
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Sub, ast.Add))):
            continue
        for side, other in ((node.left, node.right), (node.right, node.left)):
            if (
                isinstance(side, ast.Call)
                and call_name(side) == "tile"
                and len(side.args) >= 2
                and isinstance(side.args[1], ast.Tuple)
                and len(side.args[1].elts) == 2
                and isinstance(side.args[1].elts[1], ast.Constant)
                and side.args[1].elts[1].value == 1
            ):
                row, data = ast.unparse(side.args[0]), ast.unparse(other)
                return (
                    f"{row} is copied down every row of {data} to subtract it: {row} - {data} "
                    "broadcasts without the copies; for many queries, the squared distances "
                    "of all of them at once are (Q**2).sum(1)[:, None] + (D**2).sum(1) - "
                    "2 * Q @ D.T, one matrix product"
                )
    return ""


def _times_zero(sf: SourceFile, line: int, facts: dict[str, Fact]) -> str:
    """ "" unless the line multiplies a computation by a number that was 0 at every look
    (``0.5 * self.weight_decay_lambda * np.sum(W**2)`` with no weight decay: round 12's
    batch-norm check spent 44% of its run on it)."""
    stmt = _statement_at(sf, line)
    if stmt is None:
        return ""
    for node in ast.walk(stmt):
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
            continue
        factors = _factors(node)
        for i, side in enumerate(factors):
            name = seen_name(side)
            fact = facts.get(name) if name else None
            others = [f for j, f in enumerate(factors) if j != i]
            if (
                fact is not None
                and fact.kind == SCALAR
                and fact.value == 0
                and any(isinstance(n, ast.Call) for f in others for n in ast.walk(f))
            ):
                work = " * ".join(ast.unparse(f) for f in others)
                return (
                    f"{name} was 0 at every look: what it multiplies ({work}) is computed for "
                    f"nothing; skip it when {name} is 0 (if {name}: ...)"
                )
    return ""


def _factors(node: ast.expr) -> list[ast.expr]:
    """The factors of a product written ``a * b * c`` (nested multiplications flattened)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return [*_factors(node.left), *_factors(node.right)]
    return [node]


def _bernoulli(sf: SourceFile, line: int) -> str:
    """ "" unless the line draws a 0/1 mask with a binomial of one trial
    (``np.random.binomial(1, p, size)``, round 12's dropout: 20% of its run): a uniform draw
    compared with p makes the same kind of mask for a fraction of the time."""
    stmt = _statement_at(sf, line)
    if stmt is None:
        return ""
    for c in ast.walk(stmt):
        if (
            isinstance(c, ast.Call)
            and call_name(c) == "binomial"
            and c.args
            and isinstance(c.args[0], ast.Constant)
            and c.args[0].value == 1
        ):
            keywords = {k.arg: ast.unparse(k.value) for k in c.keywords if k.arg}
            p = ast.unparse(c.args[1]) if len(c.args) > 1 else keywords.get("p", "p")
            size = ast.unparse(c.args[2]) if len(c.args) > 2 else keywords.get("size", "size")
            return (
                f"a 0/1 mask drawn as a binomial of one trial: rng.random({size}) < {p} draws "
                "the same kind of mask (other numbers than binomial's: a seeded run's values "
                "change) for a fraction of the time"
            )
    return ""


def _mixed_product(sf: SourceFile, line: int, facts: dict[str, Fact]) -> str:
    """ "" unless the line's matrix product takes a float32 array and a float64 one (round 12:
    float32 data against float64 weights, converted again at every np.dot: 14-16% of two
    training runs saved by converting the data once where it is loaded)."""
    stmt = _statement_at(sf, line)
    if stmt is None:
        return ""
    for node in ast.walk(stmt):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            operands = [node.left, node.right]
        elif isinstance(node, ast.Call) and call_name(node) in ("dot", "matmul"):
            operands = list(node.args[:2])
        else:
            continue
        seen = [(seen_name(e), facts.get(seen_name(e))) for e in operands]
        kinds = {f.dtype: n for n, f in seen if f is not None and is_array(f)}
        if "float32" in kinds and "float64" in kinds:
            small, big = kinds["float32"], kinds["float64"]
            return (
                f"a product of {small} ({facts[small]}) and {big} ({facts[big]}): {small} is "
                f"converted to float64 on every call; convert it once where it is made "
                f"({small}.astype(np.float64)), or keep both float32"
            )
    return ""


#: Matplotlib's calls that take data to plot.
PLOT_CALLS = frozenset(
    {"scatter", "plot", "hist", "bar", "barh", "fill_between", "step", "errorbar", "stem"}
)
#: Items of a list passed to a plot below which its conversion costs little.
PLOT_ITEMS_MIN = 100_000


def _plotted_lists(sf: SourceFile, line: int, facts: dict[str, Fact]) -> str:
    """ "" unless the line passes Python lists of PLOT_ITEMS_MIN items or more to a matplotlib
    plot (``plt.scatter(XIntegral, YIntegral)`` of 666,785 floats): matplotlib checks and
    converts such a list item by item (round 20's Monte Carlo integration: the same points as
    NumPy arrays saved 64% of the run)."""
    stmt = _statement_at(sf, line)
    if stmt is None:
        return ""
    for node in ast.walk(stmt):
        if not (isinstance(node, ast.Call) and call_name(node) in PLOT_CALLS):
            continue
        lists = [
            (ast.unparse(arg), got)
            for arg in node.args
            if (got := facts.get(ast.unparse(arg))) is not None
            and got.kind == SEQUENCE
            and got.type == "list"
            and got.shape
            and got.shape[0] >= PLOT_ITEMS_MIN
        ]
        if not lists:
            continue
        names = ", ".join(f"{n} ({g.shape[0]:,} items)" for n, g in lists)
        return (
            f"{call_name(node)} is passed Python lists, {names}: matplotlib checks and converts "
            "them item by item; pass np.asarray(...) of each (or build NumPy arrays instead of "
            "appending to lists)"
        )
    return ""


#: Lines shown in "where the time goes" that hold no finding.
HOT_LINES = 3
#: A hint longer than this, the same for two lines shown, is said in full at the first only.
SAID_ONCE = 120


def hot_lines(a: Analysis, min_count: int, element: tuple[int, float]) -> list[HotLine]:
    """The costliest lines no listed finding holds, each with the closest known kind and
    the evidence for or against it, or the library call its time is in: ``min_count`` the runs
    a per-iteration pattern needs, ``element`` the element loop's thresholds (see :func:`hint`)."""
    listed = [f for f in a.found.values() if f.share >= LIST_SHARE]
    # (the lines of the functions a finding's lines call are in its time only where its
    # time is its lines' whole time: blind117's chess clubs, a model called per game
    # under a comprehension that a sync finding of 2.2 s held, its 9.5 s shown nowhere)
    spans = [
        (f.path, f.line, f.end)
        for f in listed
        if f.seconds >= 0.5 * a.led.span(f.path, f.line, f.end)
    ]
    out: list[HotLine] = []
    for key, seconds in sorted(a.led.own_s.items(), key=lambda kv: -kv[1]):
        if len(out) >= HOT_LINES or seconds / a.total < LIST_SHARE:
            break
        path, line = key
        if key in a.held or any(f.path == path and f.line <= line <= f.end for f in listed):
            continue
        # a line of a function that a listed loop calls is in that finding's time already
        if spans and a.led.overlap(path, line, line, spans) >= seconds / 2:
            continue
        sf = read_source(path)
        c = a.led.count(key)
        count = c if c.n else None
        h = refuted(a, key, hint(a, sf, key, seconds, count, min_count, element))
        said = next((o for o in out if o.path == path and o.hint == h.text), None)
        if said is not None and len(h.text) > SAID_ONCE:
            # (three lines of one loop given one long hint: said once, at the first)
            h = replace(h, text=f"{h.text.split(':', 1)[0]}: as line {said.line}")
        out.append(
            HotLine(
                path,
                line,
                seconds,
                seconds / a.total,
                count,
                sf.text(line),
                shown(a.ev.facts_at(key)),
                closest=h.code,
                hint=h.text,
                calls=h.calls,
            )
        )
    return out
