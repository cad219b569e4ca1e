"""Where the program's time goes, by the user's lines: a sampler.

A line's *own* time is the time spent at that line of the user's code, in it or in the libraries
it calls, but not in other user functions; its inclusive time holds those too. Every
``interval`` seconds the sampler looks at the main thread's stack (from a timer signal, see
:class:`Sampler`) and charges the time since its last look to the innermost frame of the user's
code (its own time) and to every user line on the stack (their inclusive time), as pyinstrument
and py-spy do. A look is weighted by the time since the last one, so a look held up (by a long
call into a library) is not undercounted.

The same looks record what the values at a line are (advise/run/values.py): the names read on the
sampled line, from the frame's locals and globals, for the first few samples of each line only.
Reading them is the only thing the sampler does to the program's objects, and it never calls
their methods beyond the attributes ``describe`` reads.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import dis
import functools
import re
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType, ModuleType
from typing import Any

from ..read.syntax import bound_names, parameter_names, walk_tree
from .checks import (
    _back_riders,
    _riders,
    _tail_riders,
    for_riders,
    indirect_reads,
    receiver_tails,
    while_riders,
    whole_attributes,
)
from .values import MODEL, Fact, describe

#: Seconds between looks. 1 ms gives 1000 samples a second: a line that costs 1% of a 3-second
#: run is seen ~30 times. The interpreter lock is handed over every SWITCH_INTERVAL while
#: sampling (5 ms by default) so that a look is not held up by a long stretch of bytecode.
INTERVAL = 0.001
SWITCH_INTERVAL = 0.0005

#: Looks at a line that record its values; then the line costs only the time charge.
FACT_SAMPLES = 4
#: Seconds between a line's looks, by the number of looks already taken: the second look 20 ms
#: after the first, the third 100 ms after the second (a loop's state promoted to float64 after
#: its first step read float32 at all three looks when they came in the first iteration), the
#: fourth a second after that (a window that grows over a simulation's first weeks, 9 of its 85
#: days at the first three looks: blind94's reef heat stress, its builtin sum priced at 9 items)
LOOK_GAPS = (0.0, 0.02, 0.1, 1.0)

#: The code names of comprehensions (their own frames up to Python 3.11; inlined from 3.12,
#: PEP 709, where only generator expressions keep a frame).
COMPREHENSIONS = frozenset({"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"})
#: Whether a list, set or dict comprehension runs in a frame of its own.
COMPREHENSION_FRAMES = sys.version_info < (3, 12)

#: Code whose first line is also its body's: never "at its def line, not started".
ENTRY_IS_BODY = COMPREHENSIONS | {"<module>", "<lambda>"}

#: Names of a loop's header recorded at each line of its body (what it iterates over).
LOOP_NAMES = 3

#: User frames of a sample whose lines' values are recorded (innermost first).
FACT_DEPTH = 3

#: Names per line whose values are recorded (the first ones read on the line).
FACT_NAMES = 8

Key = tuple[str, int]


Stack = tuple[Key, ...]


@dataclass
class Samples:
    """What the sampler saw.

    Attributes:
        stacks: per stack of the user's lines (innermost first), the seconds sampled there
            with the line timer off and on, and the part of each spent in a library's Python
            code below the user's line: ``[off, on, off_lib, on_lib]`` (the timer's cost is in
            ``on``; see advise/run/ledger.py). A comprehension's own frame has its line negated.
        facts: per line, per name, the values seen (up to FACT_SAMPLES).
        seen: seconds sampled in all (the program's time, the interpreter's start excluded).
        traced: the part of ``seen`` sampled while the line timer was on.
        outside: seconds sampled with no user frame on the stack (imports, library set-up).
        count: how many looks.
        calls: per user line, the seconds sampled in each library function it called that runs
            Python code (``numpy.linalg.svd``; the outermost library frame below the line, its
            module's private parts left out); a call made in C (``np.dot``) has no frame and is
            not here.
    """

    stacks: dict[Stack, list[float]] = field(default_factory=dict)
    #: models seen at a line, by (line, name), for measurements after the run
    models: dict[tuple[Key, str], Any] = field(default_factory=dict)
    facts: dict[Key, dict[str, list[Fact]]] = field(default_factory=dict)
    seen: float = 0.0
    traced: float = 0.0
    outside: float = 0.0
    count: int = 0
    calls: dict[Key, dict[str, float]] = field(default_factory=dict)

    def own(self) -> dict[Key, list[float]]:
        """Per line, ``[off, on]`` seconds as the innermost user line."""
        out: dict[Key, list[float]] = {}
        for stack, (off, on, *_) in self.stacks.items():
            path, line = stack[0]
            got = out.setdefault((path, abs(line)), [0.0, 0.0])
            got[0] += off
            got[1] += on
        return out


def library_name(frame: FrameType) -> str:
    """The function a library frame runs, as its users name it: ``numpy.linalg.svd`` for
    ``numpy/linalg/_linalg.py``'s ``svd`` (private modules and a module named as its package,
    ``numpy.linalg.linalg``, left out)."""
    module = str(frame.f_globals.get("__name__", "") or "")
    code = frame.f_code
    qual = getattr(code, "co_qualname", code.co_name)
    parts: list[str] = []
    for p in module.split("."):
        if p and not p.startswith("_") and (not parts or parts[-1] != p):
            parts.append(p)
    return ".".join([*parts, qual]) if parts else qual


class _LineNames:
    """The names each line of a file reads (``x``, and ``t`` of ``t.item()``), from its AST."""

    def __init__(self) -> None:
        self._files: dict[str, dict[int, tuple[str, ...]]] = {}
        self._riders: dict[str, dict[int, tuple[int, ...]]] = {}
        #: per file, the globals a function's last lines of operators read, by line
        self._globals: dict[str, dict[int, frozenset[str]]] = {}
        #: per file and line, the function's later lines of operators that ride on it, each
        #: with the names of theirs the line's frame holds as they will be (see _back_riders)
        self._ahead: dict[str, dict[int, dict[int, frozenset[str]]]] = {}
        #: per file, a ``while`` header's lines of operators only (see checks.while_riders)
        self._while: dict[str, dict[int, tuple[int, ...]]] = {}
        #: per file, a ``for`` header's riders and their names (see checks.for_riders)
        self._for: dict[str, dict[int, dict[int, frozenset[str]]]] = {}
        #: per file, a method's last lines' attributes of ``self``, read through the receiver
        #: of the lines that call it (see checks.receiver_tails)
        self._receivers: dict[str, dict[int, tuple[tuple[int, str, str], ...]]] = {}

    def __call__(self, path: str, line: int) -> tuple[str, ...]:
        table = self._files.get(path)
        if table is None:
            (
                table,
                self._riders[path],
                self._globals[path],
                self._ahead[path],
                self._while[path],
                self._for[path],
                self._receivers[path],
            ) = self._read(path)
            self._files[path] = table
        return table.get(line, ())

    def globals_at(self, path: str, line: int) -> frozenset[str]:
        """The module globals a function's last line of operators reads (recorded from a
        frame of the line that calls the function)."""
        return self._globals.get(path, {}).get(line, frozenset())

    def ahead(self, path: str, line: int, rider: int) -> frozenset[str] | None:
        """The names of ``rider``, a later line of operators of ``line``'s function, that are
        recorded from ``line``'s frame; None where ``rider`` rides on ``line`` with all its
        names (a loop's, or a function's line before the next that binds one of them)."""
        return self._ahead.get(path, {}).get(line, {}).get(rider)

    def loop_riders(self, path: str, line: int) -> tuple[int, ...]:
        """A ``while`` header's lines of operators only (:func:`~.checks.while_riders`)."""
        if path not in self._while:
            self(path, line)
        return self._while.get(path, {}).get(line, ())

    def for_riders(self, path: str, line: int) -> dict[int, frozenset[str]]:
        """A ``for`` header's riders, each with the names to record
        (:func:`~.checks.for_riders`)."""
        if path not in self._for:
            self(path, line)
        return self._for.get(path, {}).get(line, {})

    def receivers(self, path: str, line: int) -> tuple[tuple[int, str, str], ...]:
        """(a called method's last line, the receiver's name, an attribute of ``self`` it
        reads) for a line that calls it (:func:`~.checks.receiver_tails`)."""
        if path not in self._receivers:
            self(path, line)
        return self._receivers.get(path, {}).get(line, ())

    def riders(self, path: str, line: int) -> tuple[int, ...]:
        """The lines of operators only in the loops holding ``line`` (see :func:`_riders`),
        whose values are recorded when ``line``'s are."""
        if path not in self._riders:
            self(path, line)
        return self._riders.get(path, {}).get(line, ())

    @staticmethod
    def _read(
        path: str,
    ) -> tuple[
        dict[int, tuple[str, ...]],
        dict[int, tuple[int, ...]],
        dict[int, frozenset[str]],
        dict[int, dict[int, frozenset[str]]],
        dict[int, tuple[int, ...]],
        dict[int, dict[int, frozenset[str]]],
        dict[int, tuple[tuple[int, str, str], ...]],
    ]:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, ValueError, UnicodeDecodeError):
            return {}, {}, {}, {}, {}, {}, {}
        tree = None
        for _ in range(3):
            try:
                tree = ast.parse(text)
                break
            except SystemError:
                # CPython 3.11's AST conversion keeps one depth counter for all threads: the
                # program's imports being parsed at the same moment make it fail; again
                continue
            except (SyntaxError, ValueError):
                return {}, {}, {}, {}, {}, {}, {}
        if tree is None:
            return {}, {}, {}, {}, {}, {}, {}
        names: dict[int, list[str]] = defaultdict(list)
        # (a builtin the file never binds is in no frame's locals or globals: no value to
        # record, and no place of the line's FACT_NAMES to take; ``list`` and ``map`` before
        # the ``states`` of ``list(map(partial(state_prob, model), states.to(device)))``,
        # blind121's lacrosse replay, left the rows a model is mapped over unseen)
        bound = (
            bound_names(tree)
            | {
                n.name
                for n in walk_tree(tree)
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            }
            | {
                (a.asname or a.name).split(".")[0]
                for n in walk_tree(tree)
                if isinstance(n, ast.Import | ast.ImportFrom)
                for a in n.names
            }
        )
        unbound = frozenset(dir(builtins)) - bound
        for node in walk_tree(tree):
            if isinstance(node, ast.Name) and node.id not in unbound:
                got = names[node.lineno]
                if node.id not in got and len(got) < FACT_NAMES:
                    got.append(node.id)
        # a closure's variables of the function that made it, read on its lines of operators
        # (``return -k * speed * vx`` of a ``k`` made by ``make_drag``, never looked at):
        # read at every line of the closure, where its frame holds them too
        for outer in walk_tree(tree):
            if not isinstance(outer, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            made = bound_names(outer) | parameter_names(outer)
            for inner in outer.body:
                if not isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                own = bound_names(inner) | parameter_names(inner)
                free = sorted(
                    {
                        n.id
                        for n in ast.walk(inner)
                        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                    }
                    & made - own
                )[:2]
                for st in inner.body:
                    got = names[st.lineno]
                    for name in free:
                        if name not in got and len(got) < FACT_NAMES + 2:
                            got.append(name)
        # an attribute that is copied or reduced whole (``buf.s.clone()``, ``sum(self.w)``):
        # what is copied is the attribute's value, not its object's
        for node in walk_tree(tree):
            for dotted in whole_attributes(node):
                got = names[getattr(node, "lineno", 0)]
                if dotted not in got:
                    got.append(dotted)
        # the attributes of ``self`` each line reads (not its methods): what a step works on
        # (a SOM's 256x2 codebook updated once a sample, seen as ``data: float64 2`` alone and
        # priced as tiny steps; a layer's float64 weights against float32 data in np.dot)
        # (an attribute called that is no method of the file's, ``self.model(x)``, is a model
        # the object holds: its value is read from the instance's own dict, as any attribute's)
        methods = {
            f.name
            for c in walk_tree(tree)
            if isinstance(c, ast.ClassDef)
            for f in c.body
            if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        }
        called = {
            id(n.func)
            for n in walk_tree(tree)
            if isinstance(n, ast.Call)
            and not (isinstance(n.func, ast.Attribute) and n.func.attr not in methods)
        }
        for node in walk_tree(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "self"
                and id(node) not in called
                and isinstance(node.ctx, ast.Load)
            ):
                got = names[node.lineno]
                dotted = f"{node.value.id}.{node.attr}"
                if dotted not in got and len(got) < FACT_NAMES + 2:
                    got.append(dotted)
        for ln, reads in indirect_reads(tree).items():
            got = names[ln]
            got.extend(r for r in dict.fromkeys(reads) if r not in got)
        # a dataset object a ``map`` runs over (``map(lambda item: model(item[0][None]), ds)``):
        # the arrays its class's ``__getitem__`` indexes (``self.features[i]``), as ``ds.features``
        indexed = {
            n.value.attr
            for c in walk_tree(tree)
            if isinstance(c, ast.ClassDef)
            for f in c.body
            if isinstance(f, ast.FunctionDef) and f.name == "__getitem__"
            for n in ast.walk(f)
            if isinstance(n, ast.Subscript)
            and isinstance(n.value, ast.Attribute)
            and isinstance(n.value.value, ast.Name)
            and n.value.value.id == "self"
        }
        for node in walk_tree(tree):
            if (
                indexed
                and isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "map"
                and len(node.args) == 2
                and isinstance(node.args[1], ast.Name)
            ):
                got = names[node.lineno]
                for attr in sorted(indexed):
                    dotted = f"{node.args[1].id}.{attr}"
                    if dotted not in got and len(got) < FACT_NAMES + 4:
                        got.append(dotted)
        # a property of the file's read on a line (``self.dynamic @ u``): the attributes its
        # getter reads, read there too (the getter's own lines, operators only, are seldom
        # where a signal is handled: ``return self.K / self.masses[:, None]``)
        getters: dict[str, list[str]] = {}
        for c in walk_tree(tree):
            if not isinstance(c, ast.ClassDef):
                continue
            for f in c.body:
                if isinstance(f, ast.FunctionDef) and any(
                    isinstance(d, ast.Name) and d.id == "property" for d in f.decorator_list
                ):
                    getters[f.name] = sorted(
                        {
                            f"self.{n.attr}"
                            for n in ast.walk(f)
                            if isinstance(n, ast.Attribute)
                            and isinstance(n.value, ast.Name)
                            and n.value.id == "self"
                            and n.attr not in methods
                        }
                    )
        for node in walk_tree(tree):
            if (
                getters
                and isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "self"
                and node.attr in getters
                and isinstance(node.ctx, ast.Load)
            ):
                got = names[node.lineno]
                for dotted in getters[node.attr]:
                    if dotted not in got and len(got) < FACT_NAMES + 4:
                        got.append(dotted)
        # an attribute of a local object, not a module's (``p.profile`` of ``p = self.p``, a
        # dataclass of parameters): its own value, as an attribute of ``self``
        modules = {
            a.asname or a.name.split(".")[0]
            for n in walk_tree(tree)
            if isinstance(n, ast.Import | ast.ImportFrom)
            for a in n.names
        }
        for node in walk_tree(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id not in modules
                and node.value.id != "self"
                and id(node) not in called
                and isinstance(node.ctx, ast.Load)
            ):
                got = names[node.lineno]
                dotted = f"{node.value.id}.{node.attr}"
                if dotted not in got and len(got) < FACT_NAMES + 4:
                    got.append(dotted)
        # and one level further, an attribute of an object the object holds (``self.c.mass``
        # of a simulator's cluster): its own value, as the first level's
        for node in walk_tree(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Attribute)
                and isinstance(node.value.value, ast.Name)
                and node.value.value.id == "self"
                and id(node) not in called
                and isinstance(node.ctx, ast.Load)
            ):
                got = names[node.lineno]
                dotted = f"self.{node.value.attr}.{node.attr}"
                if dotted not in got and len(got) < FACT_NAMES + 3:
                    got.append(dotted)
        # the items of a dict a line reads by a constant key (``params["cov"]``): a model's
        # arrays held in a dict are what its steps work on, as an object's attributes are
        for node in walk_tree(tree):
            item = dict_item(node)
            if item is not None:
                got = names[getattr(node, "lineno", 0)]
                if item not in got and len(got) < FACT_NAMES + 2:
                    got.append(item)
        # what a loop runs over, read at each line of its body (its header line is seldom the
        # one sampled): ``frames`` of ``for k in range(len(frames))`` tells the count
        for node in walk_tree(tree):
            if isinstance(node, (ast.For, ast.AsyncFor)):
                # its targets are not read on its header line, where until the first iteration
                # they hold what an earlier loop left (``t: numpy.int64`` of a loop over an
                # array, seen at ``for t in range(n)``): the body's lines record them
                bound = {n.id for n in ast.walk(node.target) if isinstance(n, ast.Name)}
                header = names.get(node.lineno)
                one_line = bool(node.body) and node.body[0].lineno == node.lineno
                if (
                    header
                    and not one_line
                    and not any(
                        isinstance(n, ast.Name) and n.id in bound and isinstance(n.ctx, ast.Load)
                        for n in ast.walk(node.iter)
                    )
                ):
                    names[node.lineno] = [n for n in header if n not in bound]
            if isinstance(node, (ast.For, ast.AsyncFor)) and node.body:
                header = [n.id for n in ast.walk(node.iter) if isinstance(n, ast.Name)]
                for line in range(node.body[0].lineno, (node.end_lineno or node.lineno) + 1):
                    got = names[line]
                    for h in header[:LOOP_NAMES]:
                        if h not in got:
                            got.append(h)
        riders = _riders(tree)
        tail_riders, tail_names = _tail_riders(tree)
        for line, tail in tail_riders.items():
            riders[line] = (*riders.get(line, ()), *(-r for r in tail))
        ahead = _back_riders(tree)
        for line, later in ahead.items():
            got_riders = riders.get(line, ())
            # (a line that rides on this one already, with all its names, stays so)
            for r in [r for r in later if r in got_riders]:
                del later[r]
            riders[line] = (*got_riders, *later)
        out = {line: tuple(v) for line, v in names.items()}
        return (
            out,
            riders,
            tail_names,
            ahead,
            while_riders(tree),
            for_riders(tree),
            receiver_tails(tree),
        )


@functools.lru_cache(maxsize=1024)
def _lineless(code: CodeType) -> dict[int, int]:
    """The line that stands for each instruction of ``code`` that has none (the jump back to a
    loop's header after an ``if`` with no ``else`` at the end of its body, on Python 3.11): a
    backward jump's is its target's (the ``for``/``while`` line), another's the last line
    before it. A signal is often handled there, after a line of operators only: without this
    its time would fall on the function's ``def`` line."""
    out: dict[int, int] = {}
    lines: dict[int, int] = {}
    last = code.co_firstlineno
    instructions = list(dis.get_instructions(code))
    for ins in instructions:
        ln = ins.positions.lineno if ins.positions is not None else None
        if ln is not None:
            last = ln
            lines[ins.offset] = ln
    for ins in instructions:
        if ins.offset in lines:
            continue
        target = ins.argval if "JUMP_BACKWARD" in ins.opname else None
        if isinstance(target, int) and target in lines:
            out[ins.offset] = lines[target]
        else:
            before = [o for o in lines if o < ins.offset]
            out[ins.offset] = lines[max(before)] if before else last
    return out


def frame_line(frame: FrameType) -> int:
    """The frame's current line; for an instruction that has none, the line that stands for it
    (:func:`_lineless`), else the function's first line."""
    line = frame.f_lineno
    if line:
        return line
    code = frame.f_code
    try:
        return _lineless(code).get(frame.f_lasti, code.co_firstlineno)
    except Exception:
        return code.co_firstlineno


#: The constant keys of a recorded dict item's name (``self.config['bands']['taps']``).
_ITEM = re.compile(r"\['([^']*)'\]")


def dict_item(node: ast.AST) -> str | None:
    """``params['cov']`` for a read of a name's item by a constant string key (the name under
    which its value is recorded), else None."""
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.ctx, ast.Load)
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
        and node.slice.value.isidentifier()
    ):
        if isinstance(node.value, ast.Name):
            return f"{node.value.id}[{node.slice.value!r}]"
        # (a dict the object holds: ``self.config['tone_curve']``)
        v = node.value
        if isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name) and v.value.id == "self":
            return f"self.{v.attr}[{node.slice.value!r}]"
        # (an item of such an item: ``self.config['bands']['taps']``)
        inner = dict_item(v)
        if inner is not None and inner.count("[") < 2:
            return f"{inner}[{node.slice.value!r}]"
    return None


class Sampler:
    """Samples one thread's stack; a context manager (``with sampler:``).

    Two ways to be driven. From a timer signal in the main thread (advise/run/observe.py calls
    :meth:`tick` from its SIGALRM handler, which Python runs in the main thread between two
    bytecodes, with the frame it interrupted): the way that sees every line. Or, where no
    signal can be had (not the main thread), from a daemon thread that reads
    ``sys._current_frames()``: that thread needs the interpreter lock to look, and a program
    that releases and retakes the lock often (NumPy fancy indexing in a loop) wins it back every
    time, so the looks land only where the lock was released (measured: a loop whose time was
    mostly in a nested function was charged entirely to its caller's line).
    """

    def __init__(
        self,
        is_user: Callable[[str], bool],
        interval: float = INTERVAL,
        thread_id: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        threaded: bool = True,
    ) -> None:
        self.is_user = is_user
        self.threaded = threaded
        self.interval = interval
        self.thread_id = thread_id if thread_id is not None else threading.get_ident()
        self.clock = clock
        self.samples = Samples()
        self._names = _LineNames()
        #: lines whose values (and their riders') are all recorded, by code object: not looked
        #: at again
        self._recorded: set[tuple[Key, int]] = set()
        #: when each line's values were last looked at (the looks are spread out)
        self._looked: dict[tuple[Key, int], float] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._switch: float | None = None
        self._last = self.clock()
        #: set by whoever turns the line timer on and off (advise/run/observe.py)
        self.tracing = False

    def __enter__(self) -> Sampler:
        self._last = self.clock()
        if not self.threaded:
            return self
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(min(self._switch, SWITCH_INTERVAL))
        self._thread = threading.Thread(target=self._loop, name="arraybench-sampler", daemon=True)
        self._thread.start()
        return self

    def tick(self, frame: FrameType | None, now: float | None = None) -> None:
        """One look, from the thread being sampled (a signal handler): the time since the last
        look is charged to ``frame``'s stack."""
        now = self.clock() if now is None else now
        dt, self._last = now - self._last, now
        if frame is not None:
            self.take(frame, dt)
            # (the look's own time, a file's source read at its first look, values described,
            # is the profiler's: the next look's time starts when this one ends)
            self._last = max(now, self.clock())

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self._switch is not None:
            sys.setswitchinterval(self._switch)

    def _loop(self) -> None:
        last = self.clock()
        while not self._stop.wait(self.interval):
            now = self.clock()
            frame = sys._current_frames().get(self.thread_id)
            if frame is not None:
                self.take(frame, now - last)
                now = max(now, self.clock())  # (the look's own time is not the program's)
            last = now

    def take(self, frame: FrameType, dt: float) -> None:
        """Charge ``dt`` seconds to the stack whose innermost frame is ``frame``."""
        s = self.samples
        s.count += 1
        s.seen += dt
        traced = self.tracing
        if traced:
            s.traced += dt
        innermost: FrameType | None = None
        below: FrameType | None = None  # the library frame the innermost user line called
        importing = ""
        stack: list[Key] = []
        frames: list[FrameType] = []
        f: FrameType | None = frame
        # A frame at its ``def`` line has not started its body: a signal is handled at the
        # entry of a call, so the time before it (evaluating the call's arguments, say) is
        # the caller's line's.
        entered: FrameType | None = None
        if (
            f is not None
            and f.f_back is not None
            and (f.f_lineno or 0) == f.f_code.co_firstlineno
            and f.f_code.co_name not in ENTRY_IS_BODY
        ):
            f = entered = f.f_back
        while f is not None:
            code = f.f_code
            if self.is_user(code.co_filename):
                if len(frames) < FACT_DEPTH:
                    frames.append(f)
                if innermost is None:
                    innermost = f
                # a frame being set up or torn down has no line yet: its def line stands in;
                # a comprehension's own frame is marked by a negative line, so that its time can
                # be told from the statement's that holds it (the same line)
                line = frame_line(f)
                comp = code.co_name in COMPREHENSIONS
                stack.append((code.co_filename, -line if comp else line))
            elif innermost is None:
                below = f
                if code.co_name == "_find_and_load" and "importlib" in code.co_filename:
                    # a library importing a module on first use (``torch.optim.SGD`` loading
                    # ``torch._dynamo``): the outermost such import is what the time is in
                    with contextlib.suppress(Exception):
                        importing = str(f.f_locals.get("name") or "") or importing
            f = f.f_back
        if innermost is None:
            s.outside += dt
            return
        key = tuple(stack)
        got = s.stacks.get(key)
        if got is None:
            got = s.stacks[key] = [0.0, 0.0, 0.0, 0.0]
        got[1 if traced else 0] += dt
        # in a library's Python code, below the user's line (not at the entry of a library's
        # function the user's line calls: that time is the line's own, or the lines' before it
        # whose signal waited for a check, ``state.air_k.mean()`` after a line of operators on
        # 400,000 values; rack cooling's mean read 24% of the run as its own)
        if frame is not innermost and entered is not innermost:
            got[3 if traced else 2] += dt
            if below is not None:
                at = stack[0][0], abs(stack[0][1])
                calls = s.calls.get(at)
                if calls is None:
                    calls = s.calls[at] = {}
                name = f"importing {importing}" if importing else library_name(below)
                calls[name] = calls.get(name, 0.0) + dt
        # the callers' lines too: a model's call line is seldom innermost (its forward is)
        for f in frames:
            self._record_facts(f)
        if frame is innermost:
            # (interrupted at a ``while`` header: its lines of operators' values, an iteration's)
            path = innermost.f_code.co_filename
            line = frame_line(innermost)
            for r in self._names.loop_riders(path, line):
                self._record_at(innermost, (path, r))
            # (at a ``for`` header: its lines' names that the loop never binds)
            for r, only in self._names.for_riders(path, line).items():
                self._record_at(innermost, (path, r), only)

    def _record_facts(self, frame: FrameType) -> None:
        key = (frame.f_code.co_filename, frame_line(frame))
        # (per code object: a lambda's frame and the frame of the function around it share a
        # line, ``np.fromiter(map(lambda row: row @ beta, X), ...)``, and see different names)
        done = (key, id(frame.f_code))
        if done in self._recorded:
            return
        # the loop's lines of operators only are never looked at: their values are the frame's
        # now (the same names, an iteration apart at most)
        # (a negative rider: a function's last lines of operators, never looked at either,
        # whose module globals a line calling it sees as they are: ``FLAT`` of ``return (frame
        # - DARK) * FLAT``)
        # (kept under the line's negative number: the line's own look, in its own frame, is
        # still to come, and Evidence.facts_at adds these for the names it lacks)
        keys = [key, *((key[0], r) for r in self._names.riders(*key))]
        for k in keys:
            ahead = self._names.ahead(key[0], key[1], k[1]) if k != key else None
            self._record_at(frame, k, ahead)
        self._record_receivers(frame, key)
        if all(self._done(k) for k in keys):
            self._recorded.add(done)

    def _record_receivers(self, frame: FrameType, key: Key) -> None:
        """A called method's last lines' attributes of ``self``, read through the receiver
        this frame holds (the instance's own dict only), kept under the method's line's
        negative number as ``self.<attr>``."""
        for tail, recv, attr in self._names.receivers(*key):
            at_tail = (key[0], -tail)
            got = self.samples.facts.get(at_tail, {}).get(f"self.{attr}", [])
            if len(got) >= FACT_SAMPLES:
                continue
            at = (at_tail, id(frame.f_code))
            last = self._looked.get(at)
            now = self.clock()
            gap = LOOK_GAPS[min(len(got), len(LOOK_GAPS) - 1)]
            if got and last is not None and now - last < gap:
                continue
            with contextlib.suppress(Exception):
                own = getattr(frame.f_locals.get(recv), "__dict__", None)
                if isinstance(own, dict) and attr in own:
                    # (kept only where a value is read: an empty entry reads as a line looked
                    # at, and a property, not in the dict, as a value never there)
                    self._looked[at] = now
                    seen = self.samples.facts.setdefault(at_tail, {})
                    seen.setdefault(f"self.{attr}", []).append(describe(own[attr]))

    def _done(self, key: Key) -> bool:
        """Every name seen at the line has its samples. A line where none was bound yet
        (``acc = ...`` looked at before its first assignment) is looked at again."""
        seen = self.samples.facts.get(key)
        return (
            seen is not None and bool(seen) and all(len(v) >= FACT_SAMPLES for v in seen.values())
        )

    def _record_at(self, frame: FrameType, key: Key, only: frozenset[str] | None = None) -> None:
        # (looks spread over the run: the first at once, the later ones LOOK_GAPS apart, so
        # that a state promoted after its first steps, float32 made float64, is seen so; by
        # code object, as a lambda's frame and its function's on one line see other names)
        seen_before = self.samples.facts.get(key)
        only_globals = key[1] < 0
        local = {} if only_globals else frame.f_locals
        glob = frame.f_globals
        mine = [
            v
            for n, v in (seen_before or {}).items()
            if only_globals or (b := n.split(".", 1)[0].split("[", 1)[0]) in local or b in glob
        ]
        line = abs(key[1])
        names = self._names(key[0], line)
        if only_globals:
            names = tuple(n for n in names if n in self._names.globals_at(key[0], line))
        if only is not None:
            names = tuple(n for n in names if n in only)
        # (a plain name unseen so far, bound now, is looked at now: a line first looked at as
        # a rider before the name was bound, ``k_inv`` of ``return k(t) @ k_inv``)
        new = seen_before is not None and any(
            n not in seen_before and n.isidentifier() and (n in local or n in glob) for n in names
        )
        if (
            mine
            and not new
            and all(len(v) >= FACT_SAMPLES for v in mine)
            and len(mine) == len(seen_before or {})
        ):
            return
        looks = 0 if new else max((len(v) for v in mine), default=0)
        now = self.clock()
        at = (key, id(frame.f_code))
        last = self._looked.get(at)
        if looks and last is not None and now - last < LOOK_GAPS[min(looks, len(LOOK_GAPS) - 1)]:
            return
        self._looked[at] = now
        if not names:
            self.samples.facts.setdefault(key, {})
            return
        seen = self.samples.facts.setdefault(key, {})
        with contextlib.suppress(Exception):
            for name in names:
                base, _, attr = name.partition(".")
                items: list[str] = []
                if "[" in base:
                    base, items = base[: base.index("[")], _ITEM.findall(base)
                elif "[" in attr:
                    attr, items = attr[: attr.index("[")], _ITEM.findall(attr)
                if base in local:
                    value = local[base]
                elif base in glob:
                    value = glob[base]
                else:
                    continue
                if attr:
                    # the instance's own attribute only (and its own attribute's, for
                    # ``self.c.mass``): no property or descriptor is run
                    for part in attr.split("."):
                        own = getattr(value, "__dict__", None)
                        if isinstance(own, dict) and part not in own:
                            # (a torch module's buffer or parameter: in its own dicts of them,
                            # read as they are, no ``__getattr__`` run)
                            own = next(
                                (
                                    d
                                    for d in (own.get("_buffers"), own.get("_parameters"))
                                    if type(d) is dict and part in d
                                ),
                                own,
                            )
                        if (
                            isinstance(value, ModuleType)
                            or not isinstance(own, dict)
                            or part not in own
                        ):
                            break
                        value = own[part]
                    else:
                        part = ""
                    if part:
                        continue
                for item in items:
                    if type(value) is not dict or item not in value:
                        break  # (a dict's own item only: no __getitem__ of the user's run)
                    value = value[item]
                else:
                    items = []
                if items:
                    continue
                got = seen.setdefault(name, [])
                if len(got) < FACT_SAMPLES:
                    fact = describe(value)
                    got.append(fact)
                    if fact.kind == MODEL and (key, name) not in self.samples.models:
                        # held until the report is made (the program's own objects are gone
                        # by then), then dropped; ``self.model`` too, a model a method calls
                        self.samples.models[(key, name)] = value
