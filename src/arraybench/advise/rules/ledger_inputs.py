"""What the ledger (advise/run/ledger.py) reads of the source for the time split: a file's loops,
its runs of operator lines before a call, its statements over several lines, its checks after a
call of a function that ends in operators, and the time of a loop's line of operators that the
bursts never timed, timed after the run."""

from __future__ import annotations

import ast

from ..read.bind import module_namespaces
from ..read.source import read_source
from ..read.syntax import walk_tree
from ..run.checks import (
    OperatorRun,
    ReturnRun,
    operator_runs,
    quiet_runs,
    return_runs,
    statement_spans,
)
from ..run.evaluate import expression_time
from ..run.observe import Evidence
from .patterns.expressions import as_names


def statement_loops(path: str) -> list[tuple[int, int]]:
    """A file's ``for`` and ``while`` loops, as (first line, last line): the ledger splits their
    time among their lines (advise/run/ledger.py)."""
    return [(lp.line, lp.end) for lp in read_source(path).loops if not lp.comprehension]


def return_runs_of(path: str) -> list[ReturnRun]:
    """A file's statements that check for a signal after a call of its function whose last
    lines are operators only (advise/run/ledger.py gives those lines their share)."""
    tree = read_source(path).tree
    return return_runs(tree) if tree is not None else []


def operator_runs_of(path: str) -> list[OperatorRun]:
    """A file's statements with a call after lines of operators only, and those lines: the
    ledger shares the statement's time with them (advise/run/ledger.py)."""
    tree = read_source(path).tree
    return operator_runs(tree) if tree is not None else []


def quiet_runs_of(path: str) -> list[tuple[int, ...]]:
    """A file's runs of lines of operators only: a sample that lands on one of them is shared
    with those before it (advise/run/split.py)."""
    tree = read_source(path).tree
    return quiet_runs(tree) if tree is not None else []


def statement_spans_of(path: str) -> dict[int, tuple[int, int]]:
    """A file's simple statements over several lines, by line: the ledger counts each as its
    least hit line (advise/run/ledger.py)."""
    tree = read_source(path).tree
    return statement_spans(tree) if tree is not None else {}


#: Seconds that timing a line of operators again after the run may take.
UNSEEN_TIMING_S = 0.1


def operators_time(ev: Evidence, path: str, line: int) -> float | None:
    """Seconds a run of the statement at ``line`` takes, when it is made of operators and
    library calls only (``G = X.T @ X``, ``v += dt * lap``, ``delta = np.abs(new - old).sum()``):
    its expression timed after the run on values like those seen there; None for any other
    statement (a call may run the user's code).

    A line with a call that the bursts never timed is the one where every burst's switch
    lands: the first check after a loop's long lines of operators (a 2200x2200 division and a
    product before ``np.abs(...)``), whose time the samples give it."""
    sf = read_source(path)
    if sf.tree is None:
        return None
    stmt = next(
        (
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, (ast.Assign, ast.AugAssign, ast.Return))
            and n.lineno == line
            and n.value is not None
        ),
        None,
    )
    modules = module_namespaces(sf.tree)
    if (
        stmt is None
        or stmt.value is None
        or any(
            isinstance(n, ast.Lambda) or (isinstance(n, ast.Call) and not _library_call(n, modules))
            for n in ast.walk(stmt.value)
        )
    ):
        return None
    expr: ast.expr = (
        ast.BinOp(left=stmt.target, op=stmt.op, right=stmt.value)
        if isinstance(stmt, ast.AugAssign)
        else stmt.value
    )
    facts = ev.facts_in(path, line, stmt.end_lineno or line)
    # (an object's attributes seen there as names: ``float(state.air_k.mean())`` of a
    # dataclass's array, the line where a loop's signals land after its lines of operators)
    expr, facts = as_names(expr, facts)
    read = {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)} - set(modules)
    read -= {n for n in READING_BUILTINS if n not in facts}
    if not read or not read <= set(facts):
        return None
    inputs = {n: facts[n] for n in read}
    return expression_time(ast.unparse(expr), inputs, modules, UNSEEN_TIMING_S)


#: Libraries whose functions give a value and change nothing the program sees (a generator's
#: draws from one made again are the program's no more).
NUMERIC_ROOTS = frozenset({"numpy", "torch", "scipy", "math", "jax"})
#: Methods of an array that only read it.
READING_METHODS = frozenset(
    {"sum", "mean", "max", "min", "std", "var", "prod", "any", "all", "argmax", "argmin",
     "dot", "copy", "reshape", "ravel", "flatten", "transpose", "astype", "item", "abs",
     "clone", "float", "double", "norm", "cumsum", "squeeze", "unsqueeze", "view", "t"}
)  # fmt: skip


#: Python's functions that only read their arguments (``float(x.mean())``).
READING_BUILTINS = frozenset({"float", "int", "abs", "len", "min", "max", "round", "bool"})


def _library_call(call: ast.Call, modules: dict[str, str]) -> bool:
    """``np.abs(x)``, ``torch.linalg.norm(x)``, ``(a - b).sum()``, ``float(v)``: a function of
    a numeric library, a reading method of a value, or a builtin that reads one; not the user's
    code nor output."""
    fn = call.func
    if isinstance(fn, ast.Name) and fn.id in READING_BUILTINS and fn.id not in modules:
        return True
    if isinstance(fn, ast.Attribute) and fn.attr in READING_METHODS:
        root: ast.expr = fn.value
        while isinstance(root, ast.Attribute):
            root = root.value
        if not (isinstance(root, ast.Name) and root.id in modules):
            return True  # a method of a value (an array: the names read must be seen)
    while isinstance(fn, ast.Attribute):
        fn = fn.value
    return isinstance(fn, ast.Name) and modules.get(fn.id, "").split(".")[0] in NUMERIC_ROOTS
