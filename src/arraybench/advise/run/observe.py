"""Run the user's program once and keep what the run shows: the evidence ``profile`` joins to
lint's findings.

    calibrate        what a traced line costs here (advise/run/linetime.py)
    run              the program as __main__, its own code line-timed (hits and time per line),
                     its stack sampled (own time per line, values at the sampled lines)
    libraries        JAX: compilations with their cause (``jax_log_compiles``,
                     ``jax_explain_cache_misses``), each charged to the user's line that called;
                     CUDA: the syncs torch reports (``torch.cuda.set_sync_debug_mode("warn")``)

A TorchFunctionMode would see every torch call, but it cannot be taken off in the middle of a
run and costs 1-4 µs on every torch call for all of it (a ``t[i].item()`` loop went from 1.7 to
5.5 µs an iteration): it would make the element loops it is meant to find three times slower.
What a line does with tensors is read instead from the line's source, the values the sampler
saw there and the line's hits (advise/profile.py).
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import re
import signal
import sys
import threading
import time
import warnings
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from types import FrameType
from typing import Any

from .launch import Outcome, Target, UserCode, run_program
from .linetime import HitCost, LineTimer, LineTimes, calibrate
from .loopcount import Block, CounterCost, LoopCounter, LoopSite
from .loopcount import calibrate as calibrate_counters
from .sampler import INTERVAL, Sampler, Samples
from .values import Fact

Key = tuple[str, int]

#: The line timer runs in bursts: on for TRACE_SHARE of every TRACE_PERIOD seconds. Its cost
#: (up to 3-5x on a tight Python loop) is then paid on a quarter of the run, which bounds what
#: it does to the program's time (1 + 0.25 x 4 = 2x at worst, ~1.1x on array code) and to the
#: shares the sampler measures; hit counts are scaled from the bursts (advise/run/ledger.py).
#: Bursts are switched by the sampler's timer signal (SIGALRM) in the main thread, the only
#: thread where Python lets a trace function be set; a program that takes SIGALRM for itself
#: stops both from then on (the report says so).
TRACE_SHARE = 0.25
TRACE_PERIOD = 0.02


@dataclass
class LibraryEvents:
    """What the libraries said during the run, by the user's line that caused it.

    Attributes:
        compiles: JAX compilations: line to the functions compiled there, with shapes.
        causes: JAX cache-miss explanations by line (why it compiled again).
        syncs: CUDA syncs torch warned about, by line.
    """

    compiles: dict[Key, list[str]] = field(default_factory=lambda: defaultdict(list))
    #: seconds JAX spent compiling (XLA's backend compile) for each line
    compile_s: dict[Key, float] = field(default_factory=lambda: defaultdict(float))
    causes: dict[Key, list[str]] = field(default_factory=lambda: defaultdict(list))
    syncs: dict[Key, int] = field(default_factory=lambda: defaultdict(int))


@dataclass
class Evidence:
    """Everything one run of the program showed.

    Attributes:
        target: what ran.
        outcome: how it ended (exit status, the crash if any).
        wall: seconds from its first line to its end, under the profiler.
        overhead: seconds of that which the line timer and the loop counters added (hits x
            the measured cost of a hit, and the counters' measured cost).
        cost: what a traced line costs, as calibrated before the run.
        lines: the line timer's records, per code object of the user's files.
        samples: the sampler's records.
        events: what JAX and CUDA reported.
        files: the user's files that ran (their code was timed).
        bursts: whether the line timer ran in bursts (False: on for the whole run).
        burst_count: how many bursts it ran.
        loops: the loops of the user's files with their exact counts (advise/run/loopcount.py);
            empty where the files were not compiled with counters.
        blocks: the functions' bodies, loops' bodies and branches of the user's files with how
            many times each ran (advise/run/loopcount.py); empty as ``loops``.
        counters_s: seconds the counters took, by the line they ran on (their calibrated cost
            times how many times they ran), which the ledger takes out of the samples.
        counter_cost: what one counter cost, as calibrated before the run (None: no counters).
        uncounted: the user's files compiled without counters, and why.
        cpu: seconds of CPU the process took over ``wall``, all its threads (0: not taken);
            on a shared machine's load, a part of the wall time only.
    """

    target: Target
    outcome: Outcome
    wall: float
    overhead: float
    cost: HitCost
    lines: list[LineTimes]
    samples: Samples
    events: LibraryEvents
    files: list[str]
    bursts: bool = True
    burst_count: int = 1
    loops: list[LoopSite] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    counters_s: dict[Key, float] = field(default_factory=dict)
    counter_cost: CounterCost | None = None
    uncounted: dict[str, str] = field(default_factory=dict)
    cpu: float = 0.0

    def facts_at(self, key: Key) -> dict[str, Fact]:
        """The values seen at a line, one per name: of several looks, the largest (a function
        called at several sizes is priced at the largest it was seen at)."""
        got = self.samples.facts.get(key, {})
        out = {name: max(facts, key=lambda f: f.size) for name, facts in got.items() if facts}
        # a function's last line of operators: its module's globals, recorded from the frames
        # of the lines that call it (advise/run/sampler.py ``_tail_riders``)
        for name, facts in self.samples.facts.get((key[0], -key[1]), {}).items():
            if facts and name not in out:
                out[name] = max(facts, key=lambda f: f.size)
        return out

    def facts_in(self, path: str, first: int, last: int) -> dict[str, Fact]:
        """The values seen on the lines between ``first`` and ``last``, the first line's first."""
        out: dict[str, Fact] = {}
        for ln in range(first, last + 1):
            for name, fact in self.facts_at((path, ln)).items():
                out.setdefault(name, fact)
        return out


def _user_line(is_user: Callable[[str], bool], frame: FrameType | None) -> Key | None:
    while frame is not None:
        if is_user(frame.f_code.co_filename):
            return (frame.f_code.co_filename, frame.f_lineno)
        frame = frame.f_back
    return None


#: The cause JAX names when the function itself was never seen (a fresh lambda or closure).
NEW_FUNCTION = "a new function object"

_COMPILING = re.compile(r"^(?:Compiling|Finished tracing \+ transforming) (\S+)")


class _JaxLog(logging.Handler):
    """Takes JAX's compile and cache-miss log records and charges them to the user's line."""

    def __init__(self, is_user: Callable[[str], bool], events: LibraryEvents) -> None:
        super().__init__(logging.DEBUG)
        self.is_user = is_user
        self.events = events

    def emit(self, record: logging.LogRecord) -> None:
        try:
            msg = record.getMessage()
        except Exception:
            return
        key = _user_line(self.is_user, sys._getframe())
        if key is None:
            return
        if msg.startswith("Compiling "):
            m = _COMPILING.match(msg)
            self.events.compiles[key].append(m.group(1) if m else msg[:80])
        elif "TRACING CACHE MISS" in msg:
            # "TRACING CACHE MISS at x.py:9:4 (f):\n  for g defined at x.py:3\n  all previously
            # seen cache keys differ...\n  different input types:\n  * at x, now f32[4] and
            # before f32[3]" or "...\n  never seen function:\n    <lambda> id=... defined at"
            lines = [ln.strip() for ln in msg.splitlines()[1:] if ln.strip()]
            detail = [ln for ln in lines if ln.startswith("* ")]
            reason = (
                detail[0][2:]
                if detail
                else next((ln for ln in lines if not ln.startswith("for ")), "")
            )
            reason = reason.rstrip(":").replace("never seen function", NEW_FUNCTION)
            self.events.causes[key].append(reason[:200])


@contextlib.contextmanager
def _watch_jax(is_user: Callable[[str], bool], events: LibraryEvents) -> Iterator[None]:
    """JAX's own reports of compilations and their causes, while the block runs; nothing when
    JAX is not installed. Where the program has not imported JAX yet, the watch is set up the
    moment its ``import jax`` has run: the import is the program's cost, timed at its own line
    (imported ahead, a 0.4 s import was missing from a 1.5 s program's run)."""
    if "jax" not in sys.modules and importlib.util.find_spec("jax") is None:
        yield
        return
    undo: list[Callable[[], None]] = []
    with contextlib.ExitStack() as stack:
        _when_imported(stack, "jax", lambda jax: undo.append(_jax_hookup(jax, is_user, events)))
        try:
            yield
        finally:
            for step in undo:
                step()


def _when_imported(stack: contextlib.ExitStack, name: str, then: Callable[[Any], None]) -> None:
    """``then(module)`` now where the module is imported already, else the moment the
    program's own import of it has run (a finder on ``sys.meta_path`` until ``stack`` closes)."""
    if name in sys.modules:
        then(sys.modules[name])
        return
    finder = _AfterImport(name, then)
    sys.meta_path.insert(0, finder)

    def remove() -> None:
        with contextlib.suppress(ValueError):
            sys.meta_path.remove(finder)

    stack.callback(remove)


class _AfterImport:
    """A finder that calls ``then(module)`` once the named module has been imported (by the
    program, under the sampler), and otherwise leaves the import to the other finders."""

    def __init__(self, name: str, then: Callable[[Any], None]) -> None:
        self.name = name
        self.then = then
        self.done = False

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname != self.name or self.done:
            return None
        self.done = True  # (the lookup below asks this finder again: it answers None)
        spec = importlib.util.find_spec(fullname)
        if spec is None:
            return None
        loader: Any = spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module
        then = self.then

        def exec_module(module: Any) -> None:
            try:
                run(module)
            finally:
                with contextlib.suppress(AttributeError):
                    del loader.exec_module  # the loader's own method again
            with contextlib.suppress(Exception):
                then(module)

        loader.exec_module = exec_module
        return spec


def _jax_hookup(
    jax: Any, is_user: Callable[[str], bool], events: LibraryEvents
) -> Callable[[], None]:
    """Turn JAX's compile logs and compile-time events on, charged to the user's lines;
    returns what turns them off again."""
    handler = _JaxLog(is_user, events)
    logger = logging.getLogger("jax")
    old = (logger.level, logger.propagate)
    saved: dict[str, Any] = {}
    for flag in ("jax_log_compiles", "jax_explain_cache_misses"):
        with contextlib.suppress(Exception):
            saved[flag] = getattr(jax.config, flag)
            jax.config.update(flag, True)
    logger.addHandler(handler)
    # the records are ours to count: they would otherwise print on the program's stderr
    logger.propagate = False
    # (log_compiles and explain_cache_misses log at WARNING; DEBUG would format every
    # cache-key record of every compilation)
    logger.setLevel(logging.WARNING)
    active = [True]

    def compiled(event: str, seconds: float, **kw: Any) -> None:
        # JAX's monitoring events carry each backend compile's duration (stable since 0.4);
        # a listener cannot be removed in every version, so it goes quiet after the run
        if active[0] and event == "/jax/core/compile/backend_compile_duration":
            key = _user_line(is_user, sys._getframe())
            if key is not None:
                events.compile_s[key] += seconds

    with contextlib.suppress(Exception):
        jax.monitoring.register_event_duration_secs_listener(compiled)

    def undo() -> None:
        active[0] = False
        logger.removeHandler(handler)
        logger.setLevel(old[0])
        logger.propagate = old[1]
        for flag, value in saved.items():
            with contextlib.suppress(Exception):
                jax.config.update(flag, value)

    return undo


@contextlib.contextmanager
def _watch_cuda_syncs(is_user: Callable[[str], bool], events: LibraryEvents) -> Iterator[None]:
    """On a CUDA machine, torch warns on each op that synchronizes with the device
    (``set_sync_debug_mode("warn")``); each warning is counted on the user's line."""
    torch = sys.modules.get("torch")
    if torch is None or not torch.cuda.is_available():
        yield
        return
    old_mode = torch.cuda.get_sync_debug_mode()
    old_show = warnings.showwarning

    def show(message: Any, category: Any, filename: str, lineno: int, *a: Any, **k: Any) -> None:
        text = str(message)
        if "synchroniz" in text:
            key = _user_line(is_user, sys._getframe(1))
            if key is not None:
                events.syncs[key] += 1
                return
        old_show(message, category, filename, lineno, *a, **k)

    with warnings.catch_warnings():
        warnings.filterwarnings("always", message=".*synchroniz.*")
        # torch's note that the mode is a prototype is ours to know, not the program's output
        warnings.filterwarnings("ignore", message="Synchronization debug mode is a prototype")
        warnings.showwarning = show
        torch.cuda.set_sync_debug_mode("warn")
        try:
            yield
        finally:
            torch.cuda.set_sync_debug_mode(old_mode)
            warnings.showwarning = old_show


def _watch_cuda_after_import(
    stack: contextlib.ExitStack, is_user: Callable[[str], bool], events: LibraryEvents
) -> None:
    """The sync watch on from the moment the program's ``import torch`` has run, before its first
    op, until ``stack`` closes. The import is the program's cost, timed at its own line:
    imported ahead on a lent H200, a CUDA build's import left a 9.2 s program's run at 3.9 s,
    and every share was stated 2.4-3.3x the saving measured by rewriting the site."""
    _when_imported(
        stack, "torch", lambda _: stack.enter_context(_watch_cuda_syncs(is_user, events))
    )


def _mentions(target: Target, word: str) -> bool:
    """Whether the script's source names a library (only then is it imported ahead)."""
    if target.script is None or not target.script.is_file():
        return importlib.util.find_spec(word) is not None and target.module != "pytest"
    try:
        return re.search(rf"\b{word}\b", target.script.read_text(encoding="utf-8")) is not None
    except (OSError, UnicodeDecodeError):
        return False


def observe(
    target: Target,
    interval: float | None = None,
    on_start: Callable[[], None] = lambda: None,
) -> Evidence:
    """Run the program once under the line timer and the sampler and return what it showed.

    The program's exit status and crash are in ``outcome``; what was measured up to a crash is
    kept. ``KeyboardInterrupt`` stops the program and is raised again after the evidence so far
    is closed (the caller reports nothing then).
    """
    target.check()
    user = UserCode()
    timer = LineTimer()
    counter = LoopCounter()
    cost = calibrate()
    counter_cost = calibrate_counters()
    events = LibraryEvents()
    files: list[str] = []

    def hook(code: Any) -> Any:
        files.append(code.co_filename)
        return timer.instrument(code)

    threaded = not _Ticker.can_signal()
    sampler = Sampler(user, interval or INTERVAL, threaded=threaded)
    started: list[float] = []

    bursts = _Ticker(timer, sampler)

    def start() -> None:
        started.append(time.perf_counter())
        started.append(time.process_time())
        bursts.start()
        on_start()

    jax_wanted = _mentions(target, "jax")
    with contextlib.ExitStack() as stack:
        if jax_wanted:
            stack.enter_context(_watch_jax(user, events))
        stack.enter_context(sampler)
        if _cuda_present() and importlib.util.find_spec("torch") is not None:
            _watch_cuda_after_import(stack, user, events)
        try:
            outcome = run_program(target, user, hook, on_start=start, compiler=counter.compile)
        finally:
            end, cpu_end = time.perf_counter(), time.process_time()
            bursts.stop()
    wall = end - (started[0] if started else end)
    cpu = cpu_end - started[1] if len(started) > 1 else 0.0
    lines = bursts.paused_out(timer.stats())
    hits = sum(sum(lt.lines.values()) for lt in lines)
    counters_s = counter.spent(counter_cost)
    return Evidence(
        target=target,
        outcome=outcome,
        wall=wall,
        overhead=min(hits * cost.wall_s + sum(counters_s.values()), 0.9 * wall),
        cost=cost,
        lines=lines,
        samples=sampler.samples,
        events=events,
        files=sorted(set(files)),
        bursts=bursts.in_bursts,
        burst_count=bursts.count,
        loops=counter.sites(),
        blocks=counter.blocks(),
        counters_s=counters_s,
        counter_cost=counter_cost,
        uncounted=dict(counter.uncounted),
        cpu=cpu,
    )


#: line_profiler's clock (CLOCK_MONOTONIC in nanoseconds on Linux) for the times of the lines
#: being timed when a burst ends; None where its clock is another (they are then dropped).
_LINE_CLOCK: Callable[[], int] | None = time.monotonic_ns if sys.platform == "linux" else None


class _Ticker:
    """A SIGALRM every ``interval`` seconds in the main thread: each one is a look of the sampler
    at the frame it interrupted, and it turns the line timer on and off (see TRACE_SHARE).
    Where no timer signal can be had (not the main thread, no ``setitimer``), a sampling thread
    looks instead and the line timer stays on for the whole run."""

    def __init__(self, timer: LineTimer, sampler: Sampler) -> None:
        self.timer = timer
        self.sampler = sampler
        self.on = False
        self.in_bursts = False
        #: how many times the timer was turned on (each burst may split a loop's count)
        self.count = 0
        self._old: Any = None
        self._switched = 0.0
        self._busy = False
        #: seconds the handler itself took while the line timer stayed on, by the user's line it
        #: interrupted: line_profiler counts them in that line's time (the first looks read the
        #: files' source, 4-8 ms), and :meth:`paused_out` takes them out
        self.paused: dict[Key, float] = defaultdict(float)

    @staticmethod
    def can_signal() -> bool:
        return threading.current_thread() is threading.main_thread() and hasattr(
            signal, "setitimer"
        )

    def _set(self, on: bool, now_ns: int | None = None) -> None:
        if on and not self.on:
            self.timer.enable()
            self.count += 1
        elif not on and self.on:
            self.timer.disable(now_ns)
        self.on = on
        self.sampler.tracing = on

    def start(self) -> None:
        self._set(True)
        self._switched = time.perf_counter()
        if self.sampler.threaded:
            return
        self._old = signal.signal(signal.SIGALRM, self._tick)
        self.in_bursts = True
        self.sampler.tick(None)  # the clock starts now
        signal.setitimer(signal.ITIMER_REAL, self.sampler.interval, self.sampler.interval)

    def _tick(self, signum: int, frame: Any) -> None:
        # A signal that comes while the last one is handled (reading a file's source the first
        # time) is skipped: its time goes to the next look. Nothing the handler does may raise
        # into the program.
        if not self.in_bursts or self._busy:
            return
        self._busy = True
        try:
            now = time.perf_counter()
            now_ns = _LINE_CLOCK() if _LINE_CLOCK is not None else None
            self.sampler.tick(frame, now)
            held = now - self._switched
            if held >= (TRACE_SHARE if self.on else 1 - TRACE_SHARE) * TRACE_PERIOD:
                # (a burst that ends here keeps the lines being timed their time until now,
                # before this handler's)
                self._set(not self.on, now_ns)
                self._switched = now
            elif self.on:
                key = _user_line(self.sampler.is_user, frame)
                if key is not None:
                    self.paused[key] += time.perf_counter() - now
        except Exception:
            pass
        finally:
            self._busy = False

    def paused_out(self, lines: list[LineTimes]) -> list[LineTimes]:
        """The line timer's records with the handler's own time taken out of the lines it
        interrupted."""
        if not self.paused:
            return lines
        out = []
        for lt in lines:
            times = {
                ln: max(0.0, t - self.paused.get((lt.path, ln), 0.0)) for ln, t in lt.times.items()
            }
            out.append(replace(lt, times=times))
        return out

    def stop(self) -> None:
        if self.in_bursts:
            signal.setitimer(signal.ITIMER_REAL, 0)
            if signal.getsignal(signal.SIGALRM) == self._tick:
                signal.signal(signal.SIGALRM, self._old)
            else:  # the program took the signal: the timer stayed as it was from then on
                self.in_bursts = False
        self._set(False)


def _cuda_present() -> bool:
    """An NVIDIA driver on this machine (without importing torch)."""
    return os.path.exists("/proc/driver/nvidia/version") or bool(
        os.environ.get("CUDA_VISIBLE_DEVICES", "").strip(" -1")
    )
