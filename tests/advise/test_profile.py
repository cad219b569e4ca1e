"""``arraybench profile``: the program runs as it would alone, and what the run shows is joined to
the rules. Assertions are on what is found and where, never on times (shares within one run are
ratios of the same clock)."""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from arraybench.advise.output.html import profile_html
from arraybench.advise.output.sarif import profile_sarif
from arraybench.advise.output.text import headline, profile_text, verify_command
from arraybench.advise.profile import analyse, profile, worth_listing
from arraybench.advise.read.reduced import only_reduced
from arraybench.advise.read.source import is_recurrence, read_source, scan_of
from arraybench.advise.records import LIST_SHARE, Finding, ProfileReport
from arraybench.advise.rules.confirm import Analysis
from arraybench.advise.run import linetime
from arraybench.advise.run.launch import Outcome, Target, UserCode
from arraybench.advise.run.ledger import Ledger
from arraybench.advise.run.linetime import HitCost, LineTimes, calibrate
from arraybench.advise.run.observe import Evidence, LibraryEvents
from arraybench.advise.run.sampler import Sampler, Samples
from arraybench.advise.run.split import split_loops
from arraybench.advise.run.values import ARRAY, SCALAR, SEQUENCE, describe
from arraybench.cli.main import main as cli
from arraybench.cli.profile import report_format

from .snippets import write as _write

pytest.importorskip("line_profiler")

ELEMENT_LOOP = """\
import sys
import numpy as np


def add(x, y):
    out = np.empty_like(x)
    for i in range(len(x)):
        out[i] = x[i] + y[i]
    return out


def per_layer(ws, v):
    for w in ws:
        v = np.tanh(w @ v)
    return v


x = np.linspace(0.0, 1.0, 150_000)
z = add(x, x)
v = per_layer([np.eye(4)] * 3, np.ones(4))
print("result:", float(z.sum() + v.sum()), sys.argv[1:])
"""


@pytest.fixture
def element_loop(tmp_path: Path) -> Path:
    return _write(tmp_path, "prog.py", ELEMENT_LOOP)


def test_an_element_loop_is_found_on_its_for_line_with_its_count(
    element_loop: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = profile(Target(script=element_loop, args=("a", "b")))
    out = capsys.readouterr().out
    assert "result:" in out and "['a', 'b']" in out  # the program's argv and stdout
    assert report.outcome.status == 0
    top = report.findings[0]
    assert (top.line, top.code) == (7, "AB101")
    assert top.share > 0.3  # the loop is nearly all of this program
    assert top.count is not None and top.count.n > 10_000
    assert "x" in top.facts and "numpy.ndarray float64" in top.facts["x"]
    assert top.gain is not None and top.gain[1] > 0
    # the loop over three layers is no finding: it runs three times a call
    assert all(f.line != 13 for f in report.findings)


def test_the_exit_status_and_a_crash_are_the_programs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = _write(tmp_path, "exits.py", "import sys\nprint('hi')\nsys.exit(3)\n")
    assert profile(Target(script=p)).outcome.status == 3
    crash = _write(
        tmp_path,
        "crash.py",
        """\
        import numpy as np
        def total(x):
            s = 0.0
            for v in x:
                s += v
            return s
        print(total(np.ones(100_000)))
        raise ValueError("boom")
        """,
    )
    report = profile(Target(script=crash))
    assert report.outcome.status == 1
    assert "ValueError: boom" in report.outcome.error
    assert report.outcome.error_line == (str(crash.resolve()), 8)
    # what ran before the crash is still measured
    assert [f.line for f in report.findings][:1] == [4]
    text = profile_text(report)
    assert "the program failed" in text and "exited with status 1" in text


def test_a_module_runs_with_dash_m(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pkg = tmp_path / "mypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "__main__.py").write_text(textwrap.dedent(ELEMENT_LOOP))
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mypkg", raising=False)
    importlib.invalidate_caches()
    report = profile(Target(module="mypkg", args=("z",)))
    out = capsys.readouterr()
    assert report.outcome.status == 0, (report.outcome.error, out.err[-2000:])
    assert "['z']" in out.out, (out.out[-2000:], out.err[-2000:])
    # (listed or counted: a 27 ms loop's price can fall under 5% on a loaded machine; what is
    # tested here is that the module's own code was run and read)
    found = [*report.findings, *report.unlisted]
    assert found and found[0].code == "AB101", found
    assert found[0].path.endswith("__main__.py")


def test_user_code_is_neither_the_standard_library_nor_site_packages() -> None:
    user = UserCode()
    assert user(__file__)
    assert not user(json.__file__)
    assert not user(pytest.__file__)
    import arraybench

    assert not user(arraybench.__file__)
    assert not user("<string>")


def test_facts_describe_values_without_touching_their_data() -> None:
    import numpy as np

    f = describe(np.ones((3, 4), dtype=np.float32)[:, ::2])
    assert (f.kind, f.dtype, f.shape, f.contiguous) == (ARRAY, "float32", (3, 2), False)
    assert str(f) == "numpy.ndarray float32 3x2 on cpu, not contiguous"
    assert describe(np.float64(1.0)).kind == SCALAR
    s = describe([np.ones(2), np.ones(2)])
    assert (s.kind, s.shape, s.item) == (SEQUENCE, (2,), ARRAY)
    torch = pytest.importorskip("torch")
    t = describe(torch.zeros(2, 3, dtype=torch.float64))
    assert (t.type, t.dtype, t.device, t.shape) == ("torch.Tensor", "float64", "cpu", (2, 3))
    assert describe(torch.tensor(1.0)).kind == SCALAR


def _evidence(path: str) -> Evidence:
    """A run made up: a loop at line 5 with its body at line 6, called from line 10."""
    samples = Samples()
    # (innermost first) [seconds with the timer off, on, and of those in library Python code]
    samples.stacks = {
        ((path, 6), (path, 10)): [0.6, 0.4, 0.0, 0.0],
        ((path, 5), (path, 10)): [0.06, 0.04, 0.0, 0.0],
        ((path, 11),): [0.1, 0.0, 0.0, 0.0],
    }
    samples.seen = 1.2
    samples.traced = 0.44
    samples.count = 1200
    lines = [
        LineTimes(path, 4, "f", {5: 1_002, 6: 1_000}),
        LineTimes(path, 1, "<module>", {10: 1, 11: 1}),
    ]
    return Evidence(
        target=Target(script=Path(path)),
        outcome=Outcome(),
        wall=1.2,
        overhead=0.0,
        cost=HitCost(wall_s=1e-4),
        lines=lines,
        samples=samples,
        events=LibraryEvents(),
        files=[path],
        burst_count=1,
    )


def test_the_ledger_takes_the_timers_cost_out_of_the_traced_samples() -> None:
    led = Ledger(_evidence("/p.py"))
    # f's lines were hit 2,002 times in the bursts at 0.1 ms a hit: 0.2 s of the 0.44 s sampled
    # in f with the timer on was the timer's
    keep = (0.44 - 2_002 * 1e-4) / 0.44
    assert led.own(("/p.py", 6)) == pytest.approx(0.6 + 0.4 * keep)
    assert led.span("/p.py", 5, 6) == pytest.approx(0.66 + 0.44 * keep)
    assert led.span("/p.py", 10, 10, own=True) == 0.0  # line 10 only waits for f
    assert led.seconds(("/p.py", 10)) == pytest.approx(led.span("/p.py", 5, 6))
    # the body ran 1,000 times in the bursts, which held 0.4 x keep of its 0.6 + 0.4 x keep s
    count = led.count(("/p.py", 6))
    assert count.n == round(1_000 / (0.4 * keep / (0.6 + 0.4 * keep)))
    assert not count.exact
    total, per_entry = led.loop_counts("/p.py", 5, 6, comprehension=False)
    assert total == count
    assert per_entry == 1_000  # one entry (2 extra for-hits, one of them the burst's)


def test_calibration_is_the_traced_loops_extra_time_over_its_hits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a clock that makes the plain loop take 1 ms and the traced one 1 ms + 300 ns a hit, with
    # one traced repeat that came out faster than plain (noise): the median ignores it
    n, per_hit = 2_000, 300e-9
    hits = 2 * n + 1
    durations = iter([1e-3, 1e-3 + hits * per_hit, 1e-3, 0.5e-3, 1e-3, 1e-3 + hits * per_hit])
    clock = {"t": 0.0, "start": True}

    def fake() -> float:
        if not clock["start"]:
            clock["t"] += next(durations)
        clock["start"] = not clock["start"]
        return clock["t"]

    monkeypatch.setattr(linetime.time, "perf_counter", fake)
    assert calibrate(repeats=3, n=n).wall_s == pytest.approx(per_hit)
    # traced no slower than plain (a load spike in the plain loop) is no cost, not a negative one
    durations = iter([2e-3, 1e-3] * 3)
    assert calibrate(repeats=3, n=n).wall_s == 0.0


def test_a_lines_values_are_recorded_once_a_name_is_bound(tmp_path: Path) -> None:
    p = _write(tmp_path, "acc.py", "acc = np.zeros(3)\n")
    ticks = iter(range(100))  # (a second between looks: the looks' spacing is no matter here)
    sampler = Sampler(is_user=lambda _: True, threaded=False, clock=lambda: float(next(ticks)))
    code = SimpleNamespace(co_filename=str(p))
    # looked at before ``acc`` was first assigned, then after
    sampler._record_facts(SimpleNamespace(f_lineno=1, f_code=code, f_locals={}, f_globals={}))
    glob = {"acc": np.zeros(3), "np": np}
    for _ in range(2):
        sampler._record_facts(SimpleNamespace(f_lineno=1, f_code=code, f_locals={}, f_globals=glob))
    seen = sampler.samples.facts[(str(p), 1)]
    assert [f.kind for f in seen["acc"]] == [ARRAY, ARRAY]


def test_a_looks_own_time_is_not_charged_to_the_next_look(tmp_path: Path) -> None:
    # the first look at a file reads its source (4-8 ms): that is the profiler's time, and the
    # next look charges only the program's time since this one ended
    p = tmp_path / "prog.py"
    p.write_text("x = 1\ny = 2\n")
    now = [0.0]
    sampler = Sampler(is_user=lambda _: True, threaded=False, clock=lambda: now[0])
    taken = sampler.take

    def slow_take(frame: object, dt: float) -> None:
        taken(frame, dt)  # type: ignore[arg-type]
        now[0] += 0.008  # the look's own work

    sampler.take = slow_take  # type: ignore[method-assign]
    code = SimpleNamespace(co_filename=str(p), co_name="<module>", co_firstlineno=1)
    frame = SimpleNamespace(f_lineno=1, f_code=code, f_locals={}, f_globals={}, f_back=None)
    sampler.tick(None)
    for _ in range(3):
        now[0] += 0.001
        sampler.tick(frame)  # type: ignore[arg-type]
    assert sampler.samples.seen == pytest.approx(0.003)


def test_a_lines_looks_are_spread_over_the_run(tmp_path: Path) -> None:
    # a loop's state promoted to float64 after its first step read float32 at all three looks
    # when they came in the first iteration: the second look waits 20 ms, the third 100 ms
    p = _write(tmp_path, "u.py", "u = u * 2\n")
    now = [0.0]
    sampler = Sampler(is_user=lambda _: True, threaded=False, clock=lambda: now[0])
    code = SimpleNamespace(co_filename=str(p))
    for t, dtype in [
        (0.0, np.float32),
        (0.005, np.float32),
        (0.03, np.float64),
        (0.06, np.float64),
        (0.2, np.float64),
    ]:
        now[0] = t
        glob = {"u": np.zeros(4, dtype=dtype)}
        sampler._record_facts(SimpleNamespace(f_lineno=1, f_code=code, f_locals={}, f_globals=glob))
    seen = sampler.samples.facts[(str(p), 1)]
    assert [f.dtype for f in seen["u"]] == ["float32", "float64", "float64"]


def test_a_rider_looked_at_before_its_name_was_bound_is_looked_at_again(tmp_path: Path) -> None:
    # (blind104's saffron beds, under load: ``return k(t) @ k_inv`` rides on the lines above
    # it, whose frame has no ``k_inv`` yet; those looks filled its other names, and its own
    # frame's look, the only one with ``k_inv`` bound, was skipped as done: AB411 of the line
    # lost its input)
    p = _write(
        tmp_path,
        "w.py",
        "def weights(k, t, s):\n    k_inv = np.linalg.inv(s)\n    return k(t) @ k_inv\n",
    )
    ticks = iter(range(100))  # (a second between looks)
    sampler = Sampler(is_user=lambda _: True, threaded=False, clock=lambda: float(next(ticks)))
    code = SimpleNamespace(co_filename=str(p))
    assert sampler._names.riders(str(p), 2) == (3,)
    local = {"k": len, "t": np.zeros(4), "s": np.eye(4)}
    for _ in range(5):
        sampler._record_facts(
            SimpleNamespace(f_lineno=2, f_code=code, f_locals=local, f_globals={"np": np})
        )
    seen = sampler.samples.facts[(str(p), 3)]
    assert "k_inv" not in seen and len(seen["t"]) == 4
    local = {**local, "k_inv": np.eye(4)}
    sampler._record_facts(SimpleNamespace(f_lineno=3, f_code=code, f_locals=local, f_globals={}))
    assert [f.shape for f in sampler.samples.facts[(str(p), 3)]["k_inv"]] == [(4, 4)]


def test_a_model_finding_whose_call_line_never_ran_traced_has_no_count(tmp_path: Path) -> None:
    p = _write(tmp_path, "m.py", "\n".join(f"x{i} = {i}" for i in range(1, 13)) + "\n")
    analysis = Analysis(_evidence(str(p)))
    sf = read_source(str(p))
    analysis._model_finding(sf, 11, "AB401", 0.1, (2.0, 1.5, 2.5), 12, "priced")
    f = analysis.found[(str(p), 11)]
    assert f.count is None  # line 12 was never hit in the bursts: no ">= 0" count
    analysis._model_finding(sf, 11, "AB401", 0.1, (2.0, 1.5, 2.5), 11, "priced")
    count = analysis.found[(str(p), 11)].count
    assert count is not None and count.n == 1


def _made_up(line: int, seconds: float, gain: tuple[float, float] | None) -> Finding:
    return Finding(
        "/p.py", line, line, "AB101", "lint", seconds, seconds / 10.0, None, "", gain=gain
    )


def test_only_findings_whose_rewrite_saves_five_percent_are_listed() -> None:
    # a 10 s run: 3 s saving 2-2.6 s; 0.8 s saving 0.1-0.3 s (8% of the run, 2% saved); 0.4 s
    # unpriced (4%); 0.6 s unpriced (6%)
    found = [
        _made_up(1, 3.0, (2.0, 2.6)),
        _made_up(2, 0.8, (0.1, 0.3)),
        _made_up(3, 0.4, None),
        _made_up(4, 0.6, None),
    ]
    listed, unlisted = worth_listing(found)
    assert [f.line for f in listed] == [1, 4]
    # counted, --all lists them: by what they save, most first (4% unpriced before 2% saved)
    assert [f.line for f in unlisted] == [3, 2]
    assert found[1].saves == pytest.approx(0.02)
    # a loop that holds the whole run but saves a tenth of it comes after a finding inside it
    # that saves more
    loop, inner = _made_up(5, 9.9, (0.8, 1.2)), _made_up(6, 8.0, (7.8, 8.0))
    assert [f.line for f in worth_listing([loop, inner])[0]] == [6, 5]


def test_reports_json_sarif_and_html(element_loop: Path, tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    html = tmp_path / "p.html"
    sarif = tmp_path / "p.sarif"
    args = [str(element_loop)]
    assert cli(["profile", "--format", "json", "-o", str(out), "--html", str(html), *args]) == 0
    data = json.loads(out.read_text())
    assert data["version"] == 3 and data["exit_status"] == 0
    top = data["findings"][0]
    assert (top["line"], top["code"], top["origin"]) == (7, "AB101", "lint")
    assert top["count_kind"] in ("counted", "scaled", "at least")
    assert all(f["share"] >= LIST_SHARE for f in data["findings"])
    page = html.read_text()
    assert "<script" not in page
    assert "out[i] = x[i] + y[i]" in page
    # -o picks the format from the file's name
    assert cli(["profile", "-o", str(sarif), *args]) == 0
    log = json.loads(sarif.read_text())
    result = log["runs"][0]["results"][0]
    assert result["ruleId"] == "AB101" and result["properties"]["share"] > 0


@pytest.mark.parametrize(
    ("given", "output", "written"),
    [
        (None, "prof.json", "json"),
        (None, "out/prof.SARIF", "sarif"),
        (None, "prof.html", "html"),
        (None, "prof.txt", "text"),
        (None, None, "text"),
        ("text", "prof.json", "text"),  # what --format says wins
        ("json", "prof.out", "json"),
    ],
)
def test_the_output_files_name_picks_its_format(
    given: str | None, output: str | None, written: str
) -> None:
    assert report_format(given, output) == written


def test_html_escapes_the_programs_text(tmp_path: Path) -> None:
    p = _write(
        tmp_path,
        "lt.py",
        """\
        import numpy as np
        x = np.linspace(0, 1, 100_000)
        out = np.empty_like(x)
        for i in range(len(x)):
            out[i] = x[i] if x[i] < 0.5 else 1 - x[i]  # <b>
        print("done")
        """,
    )
    page = profile_html(profile(Target(script=p)))
    assert "x[i] &lt; 0.5" in page and "# &lt;b&gt;" in page and "<b>\n" not in page


def test_usage_errors_name_the_fix(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert cli(["profile", str(tmp_path / "missing.py")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert cli(["profile"]) == 2
    assert "name the program to run" in capsys.readouterr().err
    assert cli(["profile", "-m", "no_such_module_here"]) == 2
    assert "no such module" in capsys.readouterr().err


def test_the_programs_exit_status_is_the_commands(tmp_path: Path) -> None:
    p = _write(tmp_path, "fails.py", "raise SystemExit(4)\n")
    assert cli(["profile", "--format", "json", "-o", str(tmp_path / "o.json"), str(p)]) == 4


def test_sarif_of_an_empty_report(tmp_path: Path) -> None:
    p = _write(tmp_path, "quiet.py", "print(sum(range(10)))\n")
    report = profile(Target(script=p))
    assert report.findings == ()
    assert profile_sarif(report)["runs"][0]["results"] == []
    assert "no known slow pattern" in profile_text(report)
    assert sys.modules["__main__"].__name__ == "__main__"  # pytest's __main__ is back
    assert analyse  # the join is public for callers with their own evidence


def test_a_float64_model_is_priced_on_the_model_and_reported_where_its_input_is_made(
    tmp_path: Path,
) -> None:
    pytest.importorskip("torch")
    p = _write(
        tmp_path,
        "f64.py",
        """\
        import numpy as np
        import torch

        model = torch.nn.Sequential(torch.nn.Linear(64, 512), torch.nn.Linear(512, 1)).double()
        X = np.random.default_rng(0).normal(size=(40_000, 64))


        @torch.no_grad()
        def score(X):
            out = []
            for s in range(0, len(X), 4096):
                xb = torch.from_numpy(X[s : s + 4096])
                out.append(model(xb))
            return torch.cat(out)


        for _ in range(3):
            y = score(X)
        print(float(y.sum()))
        """,
    )
    report = profile(Target(script=p))
    f64 = [f for f in report.findings + report.unlisted if f.code == "AB401"]
    assert f64 and f64[0].line == 12  # the from_numpy line, not the model call
    assert "float32 copy" in f64[0].evidence  # its price, measured on the model after the run


def test_a_python_loop_of_jitted_steps_is_a_dispatch_loop(tmp_path: Path) -> None:
    pytest.importorskip("jax")
    p = _write(
        tmp_path,
        "steps.py",
        """\
        import jax
        import jax.numpy as jnp


        @jax.jit
        def step(x):
            return x * 0.999 + 0.001


        x = jnp.ones(8)
        for i in range(20_000):
            x = step(x)
        print(float(x.sum()))
        """,
    )
    report = profile(Target(script=p))
    loops = [f for f in report.findings if f.code == "AB405"]
    assert [f.line for f in loops] == [11]
    assert "fori_loop" in loops[0].rewrite


def test_the_programs_jax_import_is_its_own_and_its_compiles_are_still_seen(
    tmp_path: Path,
) -> None:
    # in a fresh process: arraybench no longer imports JAX ahead of the program, so the
    # program's ``import jax`` is timed at its line (it is part of the program's wall time),
    # and JAX's compile logs are turned on the moment that import has run
    pytest.importorskip("jax")

    p = _write(
        tmp_path,
        "flux.py",
        """\
        import jax.numpy as jnp


        def flux(u):
            total = 0.0
            for i in range(len(u) - 1):
                total = total + jnp.abs(u[i + 1] - u[i])
            return total


        u = jnp.linspace(0.0, 1.0, 100)
        print(float(sum(flux(u * k) for k in range(4))))
        """,
    )
    out = tmp_path / "out.json"
    done = subprocess.run(
        [sys.executable, "-m", "arraybench", "profile", "-o", str(out), str(p)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    imported = [h for h in report["hot_lines"] if h["line"] == 1]
    assert imported and imported[0]["seconds"] > 0
    assert "importing jax" in imported[0]["hint"]
    loop = [f for f in report["findings"] + report["unlisted"] if f["line"] == 6]
    assert loop and "compilations (jit(" in loop[0]["evidence"]


def test_torch_is_imported_by_the_program_on_a_cuda_machine(tmp_path: Path) -> None:
    """Where a driver is seen, torch is not imported ahead of the program: its import is the
    program's cost (on a lent H200 a CUDA build's import was missing from the run, and every
    share read 2.5-3.3x the saving measured by rewriting the site)."""
    pytest.importorskip("torch")
    p = tmp_path / "prog.py"
    p.write_text(
        "import sys\n"
        "print('ahead', 'torch' in sys.modules)\n"
        "import torch\n"
        "print('total', float(torch.ones(3).sum()))\n"
    )
    out = tmp_path / "report.json"
    env = dict(os.environ, CUDA_VISIBLE_DEVICES="0")
    done = subprocess.run(
        [sys.executable, "-m", "arraybench", "profile", "-o", str(out), str(p)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert "ahead False" in done.stdout and "total 3.0" in done.stdout
    report = json.loads(out.read_text())
    assert [h for h in report["hot_lines"] if h["line"] == 3]  # the import, timed at its line


def test_a_finder_runs_its_hook_once_the_module_is_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arraybench.advise.run.observe import _AfterImport

    (tmp_path / "late_mod.py").write_text("VALUE = 41\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    seen: list[int] = []
    finder = _AfterImport("late_mod", lambda m: seen.append(m.VALUE + 1))
    sys.meta_path.insert(0, finder)
    try:
        module = importlib.import_module("late_mod")
    finally:
        sys.meta_path.remove(finder)
        sys.modules.pop("late_mod", None)
    assert seen == [42] and module.VALUE == 41
    assert "exec_module" not in vars(module.__loader__)  # the loader's own method again


@pytest.mark.parametrize(
    ("body", "recurrence"),
    [
        ("u[n + 1] = step(u[n], f, dt)", True),  # Euler's method on an array
        ("acc[i, j] = c[i, j] + min(acc[i - 1, j], acc[i, j - 1])", True),  # DTW
        ("h = np.tanh(W @ h + x[t])", True),
        ("rhs = np.array([u[1], -u[0]])\nu = u + dt * rhs", True),  # the sum feeds on u
        ("out[i] = x[i] + y[i]", False),
        ("s += x[i]", False),
        ("v = x[i] * 2\ns = s + v", False),
        ("if x[i] > best:\n    best = x[i]", False),  # a max kept under its test
        ("u[i] = un[i] - c * (un[i] - un[i - 1])", False),  # a stencil on a copy
        # round 15's bandits: the counts read whole to choose, then one of them written
        ("a = act(np.true_divide(counts, n))\ncounts[a] += r\nn[a] += 1", True),
        ("out[i] = x[i] * 2\nm = len(out) + out.shape[0]", False),  # its length: no values
        # round 14's weno: weights made anew at each point, then written and read whole
        ("alpha = np.zeros(3)\nalpha[0] = c / b[i]\nw[:, i] = alpha / alpha.sum()", False),
        # round 17's Euler-Cromer, its cells written as a tuple's items
        ("vn = v[i - 1] - x[i - 1] * dt\nv[i], x[i] = vn, x[i - 1] + vn * dt", True),
        ("a[i], b[i] = x[i] * 2, y[i] + 1", False),
    ],
)
def test_recurrences_are_told_from_element_loops(body: str, recurrence: bool) -> None:
    import ast

    from arraybench.advise.read.source import is_recurrence

    loop = ast.parse("for i in range(n):\n" + textwrap.indent(body, "    ") + "\n").body[0]
    assert isinstance(loop, ast.For)
    assert is_recurrence(loop.body) is recurrence


def test_a_solve_with_the_same_matrix_in_a_loop_is_an_invariant_solve(tmp_path: Path) -> None:
    p = _write(
        tmp_path,
        "heat.py",
        """\
        import numpy as np

        n = 300
        A = np.eye(n) * 4 - np.eye(n, k=1) - np.eye(n, k=-1)
        T = np.ones(n)
        for step in range(200):
            T = np.linalg.solve(A, T)
        B = A.copy()
        for step in range(200):
            B[0, 0] += 1.0
            T = np.linalg.solve(B, T)
        print(float(T.sum()))
        """,
    )
    # One BLAS thread: OpenBLAS's threads spin-wait for a core on a busy machine, which made the
    # 400 solves take over a minute instead of a second (the finding needs no threads).
    with threadpool_limits(1):
        report = profile(Target(script=p))
    found = {f.line: f.code for f in (*report.findings, *report.unlisted)}
    assert found.get(7) == "AB407"
    assert 11 not in found  # B changes in its loop: it must be factored every time


GAUSS_SEIDEL = """\
import numpy as np

N = 40
p = np.zeros((N, N))
p[0, :] = 1.0
for sweep in range(12):
    for x in range(1, N - 1):
        for y in range(1, N - 1):
            p[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1])
print("result:", p.sum())
"""


def test_lints_element_loop_that_reads_cells_earlier_steps_wrote_is_a_recurrence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # lint calls the in-place sweep AB101 (its own recurrence test does not follow p[x][y]);
    # a whole-array rewrite of it would compute a Jacobi sweep instead
    p = _write(tmp_path, "gs.py", GAUSS_SEIDEL)
    report = profile(Target(script=p))
    found = {f.line: f for f in report.findings + report.unlisted}
    assert 7 in found and found[7].code == "AB406", found
    assert found[7].origin == "lint"


@pytest.mark.parametrize(
    ("body", "recurrence"),
    [
        ("pos[i] = pos[i - 1] + steps[i]", True),  # a random walk
        ("prev = p[i - 1]\n    p[i] = 0.5 * (prev + p[i])", True),  # read a statement before
        ("p[i][j] = 0.25 * (p[i - 1][j] + p[i + 1][j])", True),  # chained subscripts
        ("if (i + j) % 2 == c:\n        p[i, j] = 0.25 * (p[i - 1, j] + p[i, j + 1])", False),
        ("out[i] = a[i - 1] + a[i + 1]", False),  # Jacobi: reads another array
    ],
)
def test_the_recurrence_test(body: str, recurrence: bool) -> None:
    tree = ast.parse(f"for i in range(n):\n    {body}\n")
    loop = tree.body[0]
    assert isinstance(loop, ast.For)
    assert is_recurrence(loop.body) is recurrence


def _run_printed(cmd: str, cwd: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run the verify command a report printed, as a user would in the report's folder (small
    sizes and budget: what is checked is that it runs and agrees, not its speed)."""
    argv = [*cmd.split()[1:], "--sizes", "10,100", "--budget", "0.01"]
    capsys.readouterr()
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(cwd)
        code = cli(argv)
    return code, capsys.readouterr().out


def test_the_printed_verify_command_runs_a_torch_function_on_tensors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("torch")
    p = _write(
        tmp_path,
        "tloop.py",
        """\
        import torch


        def scaled(x):
            out = torch.empty_like(x)
            for i in range(len(x)):
                out[i] = 2.0 * x[i] + 1.0
            return out


        x = torch.linspace(0.0, 1.0, 20_000)
        print("result:", float(scaled(x).sum()))
        """,
    )
    report = profile(Target(script=p))
    f = next(f for f in report.findings + report.unlisted if f.function == "scaled")
    cmd = verify_command(report, f)
    assert cmd.startswith("arraybench verify tloop.py:scaled tloop_fast.py:scaled")
    assert "--backend torch" in cmd and "--dtype float32" in cmd and "--inputs" not in cmd
    _write(
        tmp_path,
        "tloop_fast.py",
        """\
        import torch


        def scaled(x):
            assert isinstance(x, torch.Tensor), type(x)  # the inputs the run saw: tensors
            return 2.0 * x + 1.0
        """,
    )
    code, out = _run_printed(cmd, tmp_path, capsys)
    assert code == 0, out


def test_the_printed_verify_command_asks_for_the_inputs_the_run_saw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = _write(
        tmp_path,
        "rows.py",
        """\
        import numpy as np


        def row_max(a, scale):
            out = np.empty(len(a))
            for i in range(len(a)):
                out[i] = a[i, 0] * scale + a[i, 1]
            return out


        a = np.random.default_rng(0).normal(size=(60_000, 3))
        print("result:", row_max(a, 2.0).sum())
        """,
    )
    report = profile(Target(script=p))
    f = next(f for f in report.findings + report.unlisted if f.function == "row_max")
    cmd = verify_command(report, f)
    # the default inputs (1-D arrays) would raise on both sides: a builder, and why
    assert cmd.endswith("--inputs rows_fast.py:make"), cmd
    text = profile_text(report, show_all=True)
    assert "a: numpy.ndarray float64 60000x3" in text and "make(n, rng)" in text
    _write(
        tmp_path,
        "rows_fast.py",
        """\
        def row_max(a, scale):
            return a[:, 0] * scale + a[:, 1]


        def make(n, rng):
            return rng.normal(size=(n, 3)), 2.0
        """,
    )
    code, out = _run_printed(cmd, tmp_path, capsys)
    assert code == 0, out


def test_a_prefix_sum_loop_is_told_its_library_scan_not_to_keep_the_loop(tmp_path: Path) -> None:
    p = _write(
        tmp_path,
        "prefix.py",
        """\
        import numpy as np


        def prefix(x):
            c = np.zeros(len(x))
            c[0] = x[0]
            for i in range(1, len(x)):
                c[i] = c[i - 1] + x[i]
            return c


        x = np.random.default_rng(0).normal(size=150_000)
        print("result:", prefix(x)[-1])
        """,
    )
    report = profile(Target(script=p))
    f = next(f for f in report.findings + report.unlisted if f.line == 7)
    assert f.code == "AB408"
    assert "np.cumsum" in f.evidence and "np.cumsum" in f.rewrite
    assert "keep the loop" not in f.rewrite


@pytest.mark.parametrize(
    ("body", "scan"),
    [
        ("c[i] = c[i - 1] + x[i]", "np.cumsum"),
        ("c[i] = x[i] * c[i - 1]", "np.cumprod"),
        ("c[i] = max(c[i - 1], x[i])", "np.maximum.accumulate"),
        ("y[i] = 0.9 * y[i - 1] + 0.1 * x[i]", "scipy.signal.lfilter"),
        ("s = a * s + x[i]\n    y[i] = s", "scipy.signal.lfilter"),
        ("u[i] = u[i - 1] + dt * f(u[i - 1])", ""),  # Euler: no scan computes it
        ("w = w - lr * (X[i] @ w - y[i]) * X[i]", ""),  # online SGD
        # an echo-state reservoir: its step reads the state through pre, and tanh is no
        # linear filter (the blind set's np_echo_state was offered lfilter)
        ("pre = W @ s + u[i]\n    s = 0.7 * s + 0.3 * np.tanh(pre)\n    S[i] = s", ""),
        ("h = 2 * y[i - 1]\n    g = h + 1\n    y[i] = 0.5 * y[i - 1] + g", ""),
    ],
)
def test_the_scan_of_a_recurrence(body: str, scan: str) -> None:
    loop = ast.parse(f"for i in range(n):\n    {body}\n").body[0]
    assert isinstance(loop, ast.For)
    assert scan_of(loop.body).startswith(scan) and bool(scan_of(loop.body)) == bool(scan)


def test_float64_data_that_only_feeds_a_sum_is_no_float64_finding(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    p = _write(
        tmp_path,
        "sums.py",
        """\
        import numpy as np
        import torch

        model = torch.nn.Linear(8, 1)
        data = np.random.rand(200_000, 8)
        t = torch.from_numpy(data)
        total = t.sum(dim=0)
        print("result:", total, float(torch.from_numpy(data).mean()))
        with torch.no_grad():
            y = model(torch.from_numpy(data[:10]).float())
        """,
    )
    report = profile(Target(script=p))
    assert not [f for f in report.findings + report.unlisted if f.code == "AB401"]
    dropped = {f.line: f.dropped for f in report.dropped if f.code == "AB401"}
    assert "only feeds a reduction (line 8)" in dropped[8]
    # (line 6 may run too fast to be seen at all: the name it binds is only summed, line 7)
    assert only_reduced(read_source(str(p)), 6) == 7
    assert only_reduced(read_source(str(p)), 10) is None  # the model's input


def test_a_loops_samples_are_split_among_its_lines_by_the_bursts_times() -> None:
    # the signal was handled at the loop's last line (8) every time; the bursts timed lines 5-8
    # at 0.5, 1.5, 2.5 and 0.5 ms. Line 7 calls the user's code (line 20), sampled there at
    # 0.3 s: its burst time less that at the loop's rate (5 ms of bursts for 1 s sampled) is its
    # own, 1 ms: it shares in the split as that
    stacks = [
        ((("/p.py", 8), ("/p.py", 30)), 0.4, 0.1),
        ((("/p.py", 7), ("/p.py", 30)), 0.2, 0.0),
        ((("/p.py", 20), ("/p.py", 7), ("/p.py", 30)), 0.3, 0.0),
    ]
    hits = {5: 100, 6: 99, 7: 99, 8: 99}
    lines = [LineTimes("/p.py", 4, "f", hits, {5: 5e-4, 6: 1.5e-3, 7: 2.5e-3, 8: 5e-4})]
    split = split_loops(stacks, lines, lambda path: [(5, 8)])
    own: dict[int, float] = {}
    for stack, off, on in split:
        own[stack[0][1]] = own.get(stack[0][1], 0.0) + off + on
        assert stack[1:] in ((("/p.py", 30),), (("/p.py", 7), ("/p.py", 30)))  # callers kept
    assert own == pytest.approx({5: 0.1, 6: 0.3, 8: 0.1, 7: 0.2, 20: 0.3})
    # too little burst time to trust: left as sampled
    thin = [LineTimes("/p.py", 4, "f", {5: 2, 6: 2, 8: 2}, {5: 1e-5, 6: 1e-5, 8: 1e-5})]
    assert split_loops(stacks, thin, lambda path: [(5, 8)]) == stacks


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


def test_a_line_made_only_of_operators_gets_its_own_time(tmp_path: Path) -> None:
    # timed by hand, line 12 is ~15% of the loop; the signal is handled at the next call or the
    # loop's end, so it read 0% (and line 13, the last, ~30% for its 13%)
    p = _write(tmp_path, "gray.py", GRAY_SCOTT)
    with threadpool_limits(1):
        report = profile(Target(script=p))
    own = {ln: t[0] for ln, t in report.line_times[str(p)].items()}
    loop = sum(own.get(ln, 0.0) for ln in range(9, 14))
    assert own.get(12, 0.0) / loop > 0.05, own


def test_findings_one_inside_another_are_not_added_twice() -> None:
    led = Ledger(_evidence("/p.py"))
    loop, body = ("/p.py", 5, 6), ("/p.py", 6, 6)
    assert led.union([loop, body]) == pytest.approx(led.span("/p.py", 5, 6))
    assert led.union([loop, body]) < led.span("/p.py", 5, 6) + led.span("/p.py", 6, 6)
    outer = _made_up(5, 9.0, None)
    inner = _made_up(6, 8.0, None)  # 90% and 80% of a 10 s run, the second inside the first
    report = ProfileReport(
        "p.py", Outcome(), 10.0, 10.0, 0.0, 0.0, (outer, inner), (), (), (), (), 100, together=0.9
    )
    assert report.findings_share == pytest.approx(0.9)
    assert "2 findings cost 90% of it" in headline(report)


def test_a_loop_target_is_not_read_on_its_header_where_it_holds_an_earlier_loops_value(
    tmp_path: Path,
) -> None:
    # the Python-float rewrite of a recurrence was listed again as AB406: at ``for t in
    # range(n)`` the sampler read ``t`` as the numpy.int64 the loop over an array had left
    p = _write(
        tmp_path,
        "relisted.py",
        """\
        import numpy as np

        total = 0.0
        for t in np.arange(0, 400, dtype=np.int64):
            total += 0.5
        n, dt = 200_000, 0.001
        xs = [0.0] * (n + 1)
        xs[0] = 1.0
        pad = np.ones(2_000_000)
        pad = pad * 2.0 + pad  # operators only: the signal is handled at the next call, range(n)
        for t in range(n):
            xs[t + 1] = xs[t] + dt * (-xs[t])
        print("result:", total, xs[-1], pad[0])
        """,
    )
    report = profile(Target(script=p))
    assert not [f for f in report.findings + report.unlisted if f.line == 11]
    assert report.line_times[str(p)]  # it ran, timed


def test_a_perfect_nest_is_one_loop_over_its_innermost_iterations(tmp_path: Path) -> None:
    """``for i: for j: acc[i, j] = ...``: each pass of the outer loop takes a millisecond or
    more (too long for an element's step), but the nest is one loop of cheap iterations,
    reported on its outer line with the innermost count (exact), and not again inside."""
    p = _write(
        tmp_path,
        "nest.py",
        """\
        import numpy as np

        def fill(a, b):
            n, m = a.shape
            out = np.zeros((n, m))
            for i in range(n):
                for j in range(m):
                    out[i, j] = a[i, j] * b[i, j] + 1.0
            return out

        rng = np.random.default_rng(0)
        x, y = rng.random((120, 150)), rng.random((120, 150))
        for _ in range(6):
            z = fill(x, y)
        print(float(z.sum()))
        """,
    )
    report = profile(Target(script=p))
    found = {f.line: f for f in report.findings + report.unlisted}
    assert 6 in found and found[6].code == "AB101", found
    assert 7 not in found
    assert found[6].count is not None and found[6].count.n == 6 * 120 * 150
    assert "iterations of its innermost loop (line 7)" in found[6].evidence


def test_a_loop_over_python_data_keeps_walking_it_in_its_rewrite(tmp_path: Path) -> None:
    """The whole-array rewrite of a loop over Python lists still converts every item once:
    the price counts the items each iteration reads from the data it walks."""
    from arraybench.advise.read.source import read_source
    from arraybench.advise.rules.families.loops import python_items as _python_items
    from arraybench.advise.run.values import SCALAR, SEQUENCE, Fact

    p = _write(
        tmp_path,
        "walk.py",
        """\
        for r, doc in enumerate(docs):
            pass
        for i in range(n):
            pass
        for x in xs:
            pass
        """,
    )
    docs, doc = (
        Fact(SEQUENCE, "list", shape=(64,), item="sequence"),
        Fact(SEQUENCE, "list", shape=(44,)),
    )
    by_line = {lp.line: lp for lp in read_source(str(p)).loops}
    assert _python_items(by_line[1], {"docs": docs, "doc": doc}) == 44
    assert _python_items(by_line[1], {"doc": doc}) == 44  # the list it yields says as much
    assert _python_items(by_line[3], {"i": Fact(SCALAR, "int")}) == 0
    floats = Fact(SEQUENCE, "list", shape=(1000,), item="scalar")
    assert _python_items(by_line[5], {"xs": floats, "x": Fact(SCALAR, "float")}) == 1


def test_lists_walked_again_on_every_pass_of_a_loop_around_are_flattened_once(
    tmp_path: Path,
) -> None:
    """``while True:`` until converged, over the same lists each pass: the rewrite flattens
    them once before it, so the price charges the walk once per entry of that loop; lists the
    loop around changes (``xs.append``) are walked again each pass."""
    from arraybench.advise.read.source import read_source
    from arraybench.advise.rules.families.loops import changed_in as _changed_in
    from arraybench.advise.rules.families.loops import walked_names as _walked

    p = _write(
        tmp_path,
        "batch.py",
        """\
        for ep in range(10):
            trajectories.append(new)
            while True:
                for t, r in zip(trajectories, rewards):
                    pass
        """,
    )
    sf = read_source(str(p))
    by_line = {lp.line: lp for lp in sf.loops}
    assert _walked(by_line[4]) == ["trajectories", "rewards"]
    assert not _changed_in(sf, _walked(by_line[4]), by_line[3])  # the while loop
    assert _changed_in(sf, _walked(by_line[4]), by_line[1])  # appended to in the for loop


@pytest.mark.parametrize(
    ("loop", "carried"),
    [
        ("for t in range(n):\n    a = bandit.act()\n    bandit.step(a)", True),
        ("for i in range(n):\n    p = self.get_pi()\n    self.theta += p", True),
        ("for t in range(n):\n    a = bandit.act()", False),  # reads only
        ("for t in range(n):\n    bandit.tick()", False),  # a counter of its own
        # round 13's Pmf.Set(x, p) per value: it writes a cell and reads nothing back
        ("for x in xs:\n    pmf.Set(x, 2 * x)", False),
        ("for x in xs:\n    pmf.Set(x, 2 * x)\n    pmf.Normalize()", True),
    ],
)
def test_a_loop_whose_steps_share_an_objects_state_is_a_recurrence(
    loop: str, carried: bool
) -> None:
    """Round 8's bandit and policy-gradient loops: the state the next step reads lives in an
    object the loop's method calls write, so no whole-array rewrite exists."""
    import ast

    from arraybench.advise.read.source import carries_state, object_state

    tree = ast.parse(
        textwrap.dedent(
            """\
            class Bandit:
                def act(self):
                    return int(np.argmax(self.q))
                def step(self, a):
                    self.q[a] += 0.1 * (1.0 - self.q[a])
                    self.n += 1
                def tick(self):
                    self.n += 1
                def get_pi(self):
                    return np.exp(self.theta)
                def Set(self, x, y=0):
                    self.d[x] = y
                def Normalize(self):
                    total = sum(self.d.values())
                    for x in self.d:
                        self.d[x] /= total
            """
        )
        + "\n"
        + loop
        + "\n"
    )
    body = tree.body[-1].body  # type: ignore[attr-defined]
    assert carries_state(body, object_state(tree)) is carried


@pytest.mark.parametrize(
    ("body", "recurrence"),
    [
        # a perceptron: the update is made only when a test of w's value says so
        ("    if y[i] * (w @ x[i]) <= 0:\n        w = w + y[i] * x[i]\n", True),
        # a sum kept under a test of the data, not of the sum: still a sum
        ("    if x[i, 0] > 0:\n        w = w + x[i]\n", False),
    ],
)
def test_an_update_steered_by_a_test_of_its_own_value_is_a_recurrence(
    body: str, recurrence: bool
) -> None:
    import ast

    from arraybench.advise.read.source import is_recurrence

    loop = ast.parse("for i in range(n):\n" + body).body[0]
    assert isinstance(loop, ast.For)
    assert is_recurrence(loop.body) is recurrence


ONLINE = """\
import numpy as np

rng = np.random.default_rng(0)
x = rng.standard_normal((3000, 8))
y = np.sign(x @ rng.standard_normal(8))
w = np.zeros(8)
for epoch in range(6):
    for j in range(len(x)):
        wx = np.dot(w, x[j])
        w += 0.01 * (y[j] - np.tanh(wx)) * x[j]
print("result:", float(w.sum()))
"""


def test_a_loop_over_samples_that_carries_a_learner_s_weights_is_no_batch(
    tmp_path: Path,
) -> None:
    # online SGD: whatever lint calls the loops, "one batched call" would be full-batch
    # gradient descent, another algorithm; the run calls them recurrences
    p = _write(tmp_path, "online.py", ONLINE)
    report = profile(Target(script=p))
    codes = {f.line: f.code for f in report.findings + report.unlisted}
    assert codes and all(c in ("AB406", "AB408") for ln, c in codes.items() if ln in (7, 8)), codes


NESTED = """\
import numpy as np

rng = np.random.default_rng(0)
train = rng.standard_normal((1500, 16))
tests = rng.standard_normal((40, 16))


def closest(x):
    dist = np.zeros(len(train))
    for i in range(len(train)):
        dist[i] = np.sqrt(np.sum((train[i] - x) ** 2))
    return int(np.argmin(dist))


hits = 0
for t in range(len(tests)):
    hits += closest(tests[t]) % 2
print("result:", hits)
"""


def test_an_outer_loop_is_not_priced_for_the_loop_finding_it_calls(tmp_path: Path) -> None:
    # the loop over test samples spends its time in closest()'s loop over the training set:
    # rewriting it alone saves none of that, and the inner loop states it
    p = _write(tmp_path, "knn.py", NESTED)
    report = profile(Target(script=p))
    found = {f.line: f for f in report.findings + report.unlisted}
    assert 10 in found and found[10] in report.findings
    if 18 in found:  # lint's reduction loop around it, where lint names one
        outer = found[18]
        assert outer not in report.findings and "of its own" in outer.evidence
    assert report.findings_share <= 1.0 and report.unlisted_share <= 1.0


def test_a_comprehension_that_copies_an_array_out_is_told_tolist(tmp_path: Path) -> None:
    from arraybench.advise.read.source import read_source
    from arraybench.advise.rules.families.loops import copied_out

    p = tmp_path / "c.py"
    p.write_text("s = set([v for v in arr])\nt = [v * 2 for v in arr]\n")
    sf = read_source(str(p))
    assert "arr.tolist()" in copied_out(sf, 1)
    assert copied_out(sf, 2) == ""  # it computes something per element: no copy


INVARIANT_IN_CALLEE = """\
import numpy as np

rng = np.random.default_rng(1)
X = rng.standard_normal((120, 8))
K = X @ X.T + 120 * np.eye(120)
y = rng.standard_normal(120)


def make_scorer(K, y):
    def score(q):
        Kinv = np.linalg.inv(K)
        alpha = Kinv @ y
        return float((X @ q) @ alpha)

    return score


score = make_scorer(K, y)
queries = rng.standard_normal((4000, 8))
total = sum(score(q) for q in queries)
acc = 0.0
for q in queries[:1500]:
    acc += score(q)
print(total + acc)
"""


def test_an_invariant_in_a_closure_called_per_item_is_the_finding_not_the_loop(
    tmp_path: Path,
) -> None:
    # an inverse of the closure's K made again at each call, from a generator (line 21) and a
    # for loop (line 23): the inverse's line holds the finding, and the loops' reductions (lint's
    # AB104) do not claim its time again
    script = tmp_path / "closure.py"
    script.write_text(INVARIANT_IN_CALLEE)
    report = profile(Target(script=script))
    found = {f.line: f for f in report.findings}
    f = found.get(11)
    assert f is not None and f.code == "AB411", found
    assert "score()" in f.evidence
    for line in (21, 23):
        g = found.get(line)
        assert g is None or g.share < 0.5 * f.share, (line, g)
