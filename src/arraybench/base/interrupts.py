"""Stopping a long command: Ctrl-C (SIGINT) and SIGTERM alike, each raised as
:class:`Interrupted` (a KeyboardInterrupt) in the main thread, and held back for the moment in
which something finished is being kept.

    with catching():                 the command: SIGINT and SIGTERM raise Interrupted
        with held():                 a process's part of a case came back: keep it first
            with waiting():          ... but a wait for it is stopped at once
                reply = read()
            store(reply)
        <- a signal that came while held is raised here, once the part is stored

A second signal while one is held is raised at once: pressing Ctrl-C twice means "now".
Outside :func:`catching` (arraybench used as a library) :func:`held` and :func:`waiting` change
nothing: Python's own Ctrl-C handler raises KeyboardInterrupt wherever it lands.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

#: The signals that stop a command, each as Ctrl-C does: SIGTERM is what ``kill``, a CI
#: runner's timeout, a batch scheduler and systemd send, and its default (to die at once)
#: would leave the run marked as running and its last parts unsaid.
SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupted(KeyboardInterrupt):
    """The command was asked to stop by ``signum`` (SIGINT or SIGTERM).

    Attributes:
        signum: the signal's number.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        """What a shell reports for a process the signal ended: 128 + its number (130 for
        SIGINT, 143 for SIGTERM)."""
        return 128 + self.signum


def exit_code(e: KeyboardInterrupt) -> int:
    """The exit status for ``e``: its signal's (:class:`Interrupted`), else Ctrl-C's 130."""
    return e.exit_code if isinstance(e, Interrupted) else 128 + signal.SIGINT


class _State:
    """Where the main thread stands: how deep in :func:`held` and :func:`waiting`, whether
    handlers are installed, and the signal held back, if one came."""

    def __init__(self) -> None:
        self.catching = 0
        self.held = 0
        self.waiting = 0
        self.pending: int | None = None


_STATE = _State()


def _handle(signum: int, frame: FrameType | None) -> None:
    s = _STATE
    if s.held and not s.waiting and s.pending is None:
        s.pending = signum  # raised when the hold ends
        return
    s.pending = None
    raise Interrupted(signum)


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def catching() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` in the block (in the main thread; the
    previous handlers are restored after it). A signal ignored when the block starts stays
    ignored: whoever started this process (``nohup``, a shell's background job) chose that."""
    if not _main_thread():
        yield
        return
    old = {}
    for sig in SIGNALS:
        if signal.getsignal(sig) is not signal.SIG_IGN:
            old[sig] = signal.signal(sig, _handle)
    _STATE.catching += 1
    try:
        yield
    finally:
        _STATE.catching -= 1
        for sig, handler in old.items():
            signal.signal(sig, handler)
        if not _STATE.catching:
            _STATE.pending = None


@contextlib.contextmanager
def held() -> Iterator[None]:
    """A signal that comes in the block is raised at its end (at once if a second comes, or
    inside :func:`waiting`), so that what the block keeps is kept whole."""
    if not (_STATE.catching and _main_thread()):
        yield
        return
    s = _STATE
    s.held += 1
    try:
        yield
    finally:
        s.held -= 1
        if not s.held and s.pending is not None:
            signum, s.pending = s.pending, None
            raise Interrupted(signum)  # in place of any other error: the user asked to stop


@contextlib.contextmanager
def waiting() -> Iterator[None]:
    """Inside :func:`held`, a wait that a signal stops at once (nothing has arrived yet that a
    hold would keep); a signal held before the wait starts is raised now."""
    if not (_STATE.catching and _main_thread()):
        yield
        return
    s = _STATE
    if s.pending is not None:
        signum, s.pending = s.pending, None
        raise Interrupted(signum)
    s.waiting += 1
    try:
        yield
    finally:
        s.waiting -= 1
