"""SIGINT and SIGTERM stop a command alike; a signal that lands while a finished part is being
kept waits for it, unless it is the second, or the command is only waiting."""

from __future__ import annotations

import os
import signal

import pytest

from arraybench.base import interrupts
from arraybench.base.interrupts import Interrupted, catching, exit_code, held, waiting


def _send(sig: int) -> None:
    """Deliver ``sig`` to this process now (its handler runs before the next line)."""
    os.kill(os.getpid(), sig)


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_both_signals_raise_a_keyboard_interrupt_with_their_exit_code(sig: int, code: int) -> None:
    with catching(), pytest.raises(Interrupted) as e:
        _send(sig)
    assert isinstance(e.value, KeyboardInterrupt) and exit_code(e.value) == code
    assert exit_code(KeyboardInterrupt()) == 130
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # restored after the block


def test_a_signal_while_held_is_raised_once_the_hold_ends() -> None:
    kept = []
    with catching(), pytest.raises(Interrupted) as e:
        with held():
            _send(signal.SIGTERM)
            kept.append("the part")  # the part is kept before the command stops
        kept.append("never")
    assert kept == ["the part"] and e.value.signum == signal.SIGTERM


def test_a_second_signal_while_held_stops_at_once() -> None:
    kept = []
    with catching(), pytest.raises(Interrupted) as e, held():
        _send(signal.SIGINT)
        kept.append("first held")
        _send(signal.SIGINT)
        kept.append("never")
    assert kept == ["first held"] and e.value.signum == signal.SIGINT
    assert interrupts._STATE.pending is None and interrupts._STATE.held == 0


def test_a_wait_inside_a_hold_is_stopped_at_once_and_a_held_signal_stops_the_next_wait() -> None:
    with catching():
        with pytest.raises(Interrupted), held(), waiting():
            _send(signal.SIGINT)
            pytest.fail("a wait must stop at once")
        with pytest.raises(Interrupted) as e, held():
            _send(signal.SIGTERM)  # held: the part being stored is kept ...
            with waiting():  # ... but the next wait does not begin
                pytest.fail("a wait must not begin once a stop is asked")
        assert e.value.signum == signal.SIGTERM


def test_outside_catching_nothing_is_held_and_an_ignored_signal_stays_ignored() -> None:
    with held(), waiting():
        pass  # no handlers of ours: no-ops
    old = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        with catching():
            assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGINT) is interrupts._handle
    finally:
        signal.signal(signal.SIGTERM, old)
