"""Exact loop counts (advise/run/loopcount.py) and the counts the ledger gives from them: the
program's line events are the same with the counters as without, each loop's entries, iterations
and early exits are exact, and a line inside a loop is counted from the loop's count."""

from __future__ import annotations

import sys
import textwrap
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest
from threadpoolctl import threadpool_limits

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Outcome, Target, UserCode, run_program
from arraybench.advise.run.ledger import Count, Ledger
from arraybench.advise.run.linetime import HitCost, LineTimes
from arraybench.advise.run.loopcount import Block, LoopCounter, LoopSite
from arraybench.advise.run.observe import Evidence, LibraryEvents
from arraybench.advise.run.sampler import Samples
from arraybench.advise.run.split import take_out_counters

LOOPS = """\
def helper(v, n):
    s = 0.0
    for i in range(n):
        if i == 7:
            break
        s += v[i]
    return s

def search(xs, t):
    for j, x in enumerate(xs):
        if x > t:
            return j
    return -1

def main():
    a = [float(i) for i in range(50)]
    total = 0
    k = 0
    while k < 30:
        k += 1
        total += helper(a, k)
        if k % 3 == 0:
            continue
        total += search(a, k)
    odd = [x * x for x in range(k) if x % 2]
    pairs = sum(i * j for i in range(5) for j in range(i))
    squares = [x * x for x in range(k)]
    d = {i: i for i in range(4)}
    while True:
        k -= 1
        if k < 20:
            break
    for r in range(3):
        pass
    else:
        total += 1
    return total, len(odd), pairs, len(squares), len(d)

RESULT = main()


def classify(xs):
    out = []
    for x in xs:
        if x % 3 == 0:
            out.append(0)
        elif x % 3 == 1:
            out.append(1)
        else:
            out.append(2)
    return out

LABELS = classify(range(100))
"""


def _line_events(code: CodeType, path: str) -> tuple[Counter[int], dict[str, Any]]:
    """Every line event of ``path``'s frames (what the line timer counts), and the globals."""
    hits: Counter[int] = Counter()

    def local(frame: FrameType, event: str, arg: object) -> Callable[..., Any]:
        if event == "line" and frame.f_code.co_filename == path:
            hits[frame.f_lineno] += 1
        return local

    def tracer(frame: FrameType, event: str, arg: object) -> Callable[..., Any] | None:
        return local if frame.f_code.co_filename == path else None

    env: dict[str, Any] = {"__name__": "prog"}
    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        exec(code, env)
    finally:
        sys.settrace(old)
    return hits, env


def test_the_counters_leave_the_line_events_and_the_names_as_they_were() -> None:
    path = "/loops/prog.py"
    plain, env = _line_events(compile(LOOPS, path, "exec"), path)
    counter = LoopCounter()
    counted, env2 = _line_events(counter.compile(LOOPS.encode(), path), path)
    assert counted == plain
    assert env2["RESULT"] == env["RESULT"]
    assert set(env2) == set(env)  # no name added to the program's globals
    sites = {(s.line, s.comprehension): s for s in counter.sites()}
    # a statement loop's line is hit once per entry and once per iteration that came back to it
    for line in (3, 10, 19, 29, 33):
        assert sites[(line, False)].header_hits == plain[line], line
    helper = sites[(3, False)]
    assert (helper.entries, helper.exits) == (30, 23)  # 23 calls broke out at i == 7
    assert helper.iterations == sum(min(k, 8) for k in range(1, 31))
    assert sites[(10, False)].exits == 20  # ``return`` inside the loop
    assert sites[(29, False)].iterations == 11  # ``while True`` left by ``break``
    # a comprehension's code: once per entry, once per item of each ``for``, conditions too
    assert sites[(25, True)].iterations == 30
    assert sites[(26, True)].iterations == 5 + 10
    assert (sites[(27, True)].entries, sites[(27, True)].iterations) == (1, 30)  # by its length
    assert sites[(28, True)].iterations == 4
    # each block's runs: a function's calls, a loop's iterations, a branch taken
    blocks = {b.first: b for b in counter.blocks()}
    assert blocks[2].runs == 30 and blocks[2].simple  # helper's body
    assert blocks[5].runs == 23  # the ``break`` branch
    assert blocks[4].runs == plain[4] == 212  # the loop's body: its iterations
    assert blocks[23].runs == 10  # ``continue`` on every third k
    assert blocks[10].runs == 20 and not blocks[10].simple  # search's body starts with a loop
    # an ``else`` of an ``if`` run once each time its block runs: counted as the rest, with no
    # counter of its own (the ``elif``'s block, 66 of 100, and its ``else``, 33)
    assert (blocks[46].runs, blocks[47].runs, blocks[48].runs, blocks[50].runs) == (34, 66, 33, 33)
    counted_at = set(counter.files[0].slot_lines.values())
    assert {46, 48} <= counted_at and not {47, 50} & counted_at
    comprehensions = {line for line, comp in sites if comp}  # (their own code hits them too)
    for b in blocks.values():
        if b.simple and b.first not in comprehensions:
            assert b.runs == plain[b.first], b


def test_a_file_that_imports_numba_is_compiled_as_it_is() -> None:
    # numba compiles a function from its bytecode: a counter there is an object it cannot type
    counter = LoopCounter()
    source = "import numba as nb\n\n@nb.njit\ndef f(n):\n    for i in range(n):\n        pass\n"
    code = counter.compile(source.encode(), "/jit.py")
    assert code.co_consts == compile(source, "/jit.py", "exec", dont_inherit=True).co_consts
    assert counter.sites() == [] and counter.blocks() == []
    assert counter.uncounted == {"/jit.py": "it imports numba"}


def test_a_file_that_gets_numba_through_a_star_import_beside_it_is_compiled_as_it_is(
    tmp_path: Path,
) -> None:
    # round 25's Monte Carlo transport: ``from imports import *`` (imports.py: ``from numba
    # import jit``), then ``@jit(nopython=True)`` over a loop: numba failed on the counter
    (tmp_path / "imports.py").write_text("import numpy as np\nfrom numba import jit\n")
    (tmp_path / "other.py").write_text("from plain import *\n")  # (a star import of no file)
    source = (
        "from imports import *\n\n@jit(nopython=True)\ndef f(n):\n"
        "    for i in range(n):\n        pass\n"
    )
    counter = LoopCounter()
    path = str(tmp_path / "walk.py")
    code = counter.compile(source.encode(), path)
    assert code.co_consts == compile(source, path, "exec", dont_inherit=True).co_consts
    assert counter.uncounted == {path: "it imports numba"}
    counted = LoopCounter()
    other = "from other import *\nfor i in range(3):\n    pass\n"
    counted.compile(other.encode(), str(tmp_path / "uses_other.py"))
    assert counted.uncounted == {} and len(counted.sites()) == 1


def test_a_file_the_counters_cannot_compile_raises_as_compile_does() -> None:
    with pytest.raises(SyntaxError):
        LoopCounter().compile(b"for x in :\n    pass\n", "/bad.py")


def test_imported_user_modules_are_counted_and_their_pycache_is_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "helpers.py").write_text(
        "def total(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n"
    )
    main = tmp_path / "main.py"
    main.write_text("import helpers\nprint(sum(helpers.total(k) for k in range(40)))\n")
    counter = LoopCounter()
    got = run_program(Target(script=main), UserCode(), lambda c: c, compiler=counter.compile)
    assert got == Outcome(0)
    assert capsys.readouterr().out.strip() == str(sum(k * (k - 1) // 2 for k in range(40)))
    by_file = {(Path(s.path).name, s.line): s for s in counter.sites()}
    assert by_file[("helpers.py", 3)].iterations == sum(range(40))
    assert by_file[("helpers.py", 3)].entries == 40
    assert by_file[("main.py", 2)].iterations == 40
    assert not (tmp_path / "__pycache__").exists()


def _evidence(path: str, loops: list[LoopSite], blocks: list[Block] | None = None) -> Evidence:
    """A loop at line 5 (body 6-8, line 7 a branch) in f, called from line 10; the bursts saw
    a quarter of its iterations."""
    samples = Samples()
    samples.stacks = {
        ((path, 6), (path, 10)): [0.6, 0.2, 0.0, 0.0],
        ((path, 7), (path, 10)): [0.1, 0.03, 0.0, 0.0],
        ((path, 5), (path, 10)): [0.06, 0.02, 0.0, 0.0],
        ((path, 3), (path, 10)): [0.01, 0.0, 0.0, 0.0],
    }
    samples.seen = 1.0
    samples.count = 1000
    lines = [
        LineTimes(path, 2, "f", {3: 3, 5: 2_503, 6: 2_500, 7: 250, 8: 2_500}),
        LineTimes(path, 1, "<module>", {10: 1}),
    ]
    return Evidence(
        target=Target(script=Path(path)),
        outcome=Outcome(),
        wall=1.0,
        overhead=0.0,
        cost=HitCost(wall_s=1e-8),
        lines=lines,
        samples=samples,
        events=LibraryEvents(),
        files=[path],
        loops=loops,
        blocks=blocks or [],
    )


def test_the_ledger_counts_a_loop_exactly_and_its_lines_from_it() -> None:
    site = LoopSite("/p.py", 5, 8, False, entries=12, iterations=10_000)
    led = Ledger(_evidence("/p.py", [site]))
    assert led.count(("/p.py", 5)) == Count(10_012, exact=True)
    total, per_entry = led.loop_counts("/p.py", 5, 6, comprehension=False, end=8)
    assert total == Count(10_000, exact=True)
    assert per_entry == pytest.approx(10_000 / 12)
    # a line run on every iteration: the loop's count; a branch taken one time in ten: a tenth
    assert led.count(("/p.py", 6)).n == round(10_012 * 2_500 / 2_503)
    assert led.count(("/p.py", 7)).n == round(10_012 * 250 / 2_503)
    assert not led.count(("/p.py", 7)).exact
    # outside the loop: the bursts' count as before (a lower bound for a line hit 3 times)
    assert led.count(("/p.py", 3)) == Count(3, at_least=True)
    # without the loop's counts, the bursts' scaled count as before
    old = Ledger(_evidence("/p.py", []))
    assert not old.count(("/p.py", 5)).exact
    assert old.count(("/p.py", 6)).n != 10_000


def test_a_branch_is_counted_from_its_blocks_count() -> None:
    # the branch at line 7 ran 1,500 times of 10,000 iterations, though the bursts saw it on
    # one iteration in ten (the iterations they timed took it less often)
    site = LoopSite("/p.py", 5, 8, False, entries=12, iterations=10_000)
    blocks = [
        Block("/p.py", 6, 8, 10_000, straight=frozenset({6})),
        Block("/p.py", 7, 7, 1_500, straight=frozenset({7})),
        Block("/p.py", 3, 8, 12, straight=frozenset({3, 5})),
    ]
    led = Ledger(_evidence("/p.py", [site], blocks))
    assert led.count(("/p.py", 7)).n == 1_500
    assert led.count(("/p.py", 6)).n == 10_000
    assert led.count(("/p.py", 3)).n == 12  # the function's body: its calls
    # a line after a branch that may leave the block: its block's count by the bursts' ratio
    assert led.count(("/p.py", 8)).n == 10_000
    assert led.count(("/p.py", 5)) == Count(10_012, exact=True)  # the loop's line


def test_a_loop_the_bursts_never_saw_still_has_its_exact_count() -> None:
    site = LoopSite("/p.py", 20, 22, False, entries=1, iterations=3)
    led = Ledger(_evidence("/p.py", [site]))
    assert led.count(("/p.py", 20)) == Count(4, exact=True)
    assert led.loop_counts("/p.py", 20, 21, comprehension=False)[0] == Count(3, exact=True)


GRAY_SCOTT = """\
import numpy as np

n = 128
u = np.ones((n, n))
v = np.zeros((n, n))
v[50:70, 50:70] = 0.5
Du, Dv, F, k, dt = 0.16, 0.08, 0.035, 0.065, 1.0
for step in range(1200):
    Lu = np.roll(u, 1, 0) + np.roll(u, -1, 0) + np.roll(u, 1, 1) + np.roll(u, -1, 1) - 4 * u
    Lv = np.roll(v, 1, 0) + np.roll(v, -1, 0) + np.roll(v, 1, 1) + np.roll(v, -1, 1) - 4 * v
    uvv = u * v * v
    u += dt * (Du * Lu - uvv + F * (1 - u))
    v += dt * (Dv * Lv + uvv - (F + k) * v)
print("result:", float(v.sum()))
"""


def test_a_loop_of_operator_lines_keeps_its_split_and_gets_exact_counts(tmp_path: Path) -> None:
    # the counters add no call to the loop (a signal is handled at calls and backward jumps):
    # each line keeps its own time, and the loop's lines are counted from its exact count
    p = tmp_path / "gray.py"
    p.write_text(textwrap.dedent(GRAY_SCOTT))

    def split_holds(own: dict[int, float]) -> bool:
        # timed by hand: the two Laplacians ~20% each, the operator-only lines 12-13 ~15% each;
        # the same split as without the counters (16-36%, 16-30%, 20-32% and 3-5% in two runs)
        loop = sum(own.get(ln, 0.0) for ln in range(9, 14))
        return (
            own.get(9, 0.0) / loop > 0.1
            and own.get(10, 0.0) / loop > 0.1
            and own.get(12, 0.0) / loop > 0.05
            and own.get(13, 0.0) / loop < 0.5
        )

    # The split rests on ~150 samples: on a machine shared with other work (the suite's other
    # worker) one run in several can see a line's samples land on its neighbour; it must hold
    # in one of three runs, and the counts, which are exact, in every one.
    seen = []
    for _ in range(3):
        with threadpool_limits(1):
            report = profile(Target(script=p))
        times = report.line_times[str(p)]
        assert times[8][1] == Count(1_201, exact=True)
        seen.append({ln: t[0] for ln, t in times.items()})
        if split_holds(seen[-1]):
            break
    assert split_holds(seen[-1]), seen
    for ln in range(9, 14):
        c = times[ln][1]
        assert c is not None and abs(c.n - 1_200) <= 120, (ln, c)
    assert any("exact at loop headers" in n for n in report.notes)


def test_the_counters_cost_is_taken_out_of_the_lines_they_ran_on() -> None:
    p = "/p.py"
    stacks = [
        (((p, 6), (p, 10)), 0.3, 0.1),  # the loop's first line: 0.4 s, 0.1 s of it counters
        (((p, 7), (p, 10)), 0.4, 0.0),  # a call in the loop: where a signal is handled
        (((p, 20),), 0.2, 0.0),  # elsewhere
    ]
    spent = {(p, 6): 0.1, (p, 5): 0.05}  # the loop's line: its samples went to line 7 and 6
    got = {s[0]: (off, on) for s, off, on in take_out_counters(stacks, spent, lambda _: [(5, 8)])}
    total = sum(off + on for off, on in got.values())
    assert total == pytest.approx(1.0 - 0.15)  # the run loses all the counters' time
    assert sum(got[(p, 6)]) == pytest.approx(0.3 - 0.05 * 0.3 / 0.7)
    assert sum(got[(p, 7)]) == pytest.approx(0.4 - 0.05 * 0.4 / 0.7)
    assert got[(p, 20)] == (0.2, 0.0)  # outside the loop: untouched


def test_the_report_names_a_file_whose_counts_are_the_bursts(tmp_path: Path) -> None:
    p = tmp_path / "jitted.py"
    p.write_text(
        "try:\n    import numba  # noqa: F401\nexcept ImportError:\n    pass\n"
        "total = 0\nfor i in range(2_000_000):\n    total += i % 7\nprint('result:', total)\n"
    )
    report = profile(Target(script=p))
    assert "jitted.py: counts from the line timer's bursts only (it imports numba)" in report.notes
    count = report.line_times[str(p)][6][1]
    assert count is not None and not count.exact
