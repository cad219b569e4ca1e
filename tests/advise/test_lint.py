"""The lint command and library: ignore comments, selection, files and folders, output formats."""

from __future__ import annotations

import ast
import json
import re
import textwrap
from pathlib import Path

import pytest

from arraybench.advise import RULES, lint_paths, lint_source, to_sarif
from arraybench.advise.lint import iter_python_files
from arraybench.advise.read.bind import module_namespaces, scope_facts
from arraybench.advise.read.facts import Facts

from . import cli_helper

SLOW = textwrap.dedent(
    """\
    import numpy as np


    def add(x, y):
        out = np.empty_like(x)
        for i in range(len(x)):{comment}
            out[i] = x[i] + y[i]
        return out
    """
)


def slow(comment: str = "") -> str:
    return SLOW.format(comment=comment)


def codes(source: str, **kw: object) -> list[tuple[int, str]]:
    return [(d.line, d.code) for d in lint_source(source, **kw)]  # type: ignore[arg-type]


# -- the library --------------------------------------------------------------------------------


def test_a_diagnostic_carries_line_code_message_and_rewrite() -> None:
    [d] = lint_source(slow(), "add.py")
    assert (d.path, d.line, d.col, d.code) == ("add.py", 6, 5, "AB101")
    assert d.message == RULES["AB101"].message
    assert "one operation on whole arrays" in d.rewrite
    assert d.severity == "warning"
    assert d.snippet == "for i in range(len(x)):"


@pytest.mark.parametrize(
    ("comment", "silenced"),
    [
        ("  # arraybench: ignore[AB101]", True),
        ("  # arraybench: ignore[AB201, AB101]", True),
        ("  # arraybench: ignore", True),
        ("  #arraybench:ignore[ab101]", True),
        ("  # arraybench: ignore[AB201]", False),
        ("  # noqa", False),
    ],
)
def test_ignore_comments_silence_their_own_line_and_codes(comment: str, silenced: bool) -> None:
    assert (codes(slow(comment)) == []) is silenced


def test_an_ignore_comment_on_another_line_does_not_silence() -> None:
    source = slow().replace(
        "out = np.empty_like(x)", "out = np.empty_like(x)  # arraybench: ignore"
    )
    assert codes(source) == [(6, "AB101")]


def test_select_and_ignore_take_codes_and_prefixes() -> None:
    assert codes(slow(), select=["AB1"]) == [(6, "AB101")]
    assert codes(slow(), select=["AB2"]) == []
    assert codes(slow(), ignore=["AB101"]) == []


def test_a_file_that_uses_no_array_library_is_not_analysed() -> None:
    source = "def add(x, y):\n    out = []\n    for i in range(len(x)):\n        out.append(x[i])\n"
    assert codes(source) == []


def test_folders_are_searched_for_py_files_skipping_environments(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "sub" / "a.py").write_text(slow())
    (tmp_path / "pkg" / "notes.txt").write_text(slow())
    for skipped in (".venv", ".git", "__pycache__", "build"):
        (tmp_path / skipped).mkdir()
        (tmp_path / skipped / "b.py").write_text(slow())
    found = [p.relative_to(tmp_path).as_posix() for p in iter_python_files([tmp_path])]
    assert found == ["pkg/sub/a.py"]


def test_a_missing_path_is_an_error_that_names_it(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"nope\.py: no such file"):
        lint_paths([tmp_path / "nope.py"])


def test_invalid_and_unreadable_files_are_reported_not_raised(tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(slow())
    (tmp_path / "broken.py").write_text("import numpy as np\ndef f(:\n    pass\n")
    (tmp_path / "binary.py").write_bytes(b"import numpy\n\xff\xfe\x00bad")
    report = lint_paths([tmp_path])
    assert [(Path(d.path).name, d.code) for d in report.diagnostics] == [("good.py", "AB101")]
    errors = {Path(e.path).name: e for e in report.errors}
    assert set(errors) == {"broken.py", "binary.py"}
    assert errors["broken.py"].line == 2
    assert "syntax error" in errors["broken.py"].message
    assert "not UTF-8" in errors["binary.py"].message
    assert not report.clean


def test_json_report_has_every_field(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(slow())
    d = lint_paths([tmp_path]).to_dict()
    assert d["version"] == 2 and d["files"] == 1 and d["counts"] == {"AB101": 1}
    assert d["possible_left_out"] == 0
    [diag] = d["diagnostics"]
    assert set(diag) >= {"path", "line", "col", "code", "severity", "message", "rewrite"}
    assert diag["confidence"] == "sure"


POSSIBLE_LOOP = """import numpy as np

def shrink(coefs, lam):
    out = np.empty_like(coefs)
    for i in range(len(coefs)):
        out[i] = coefs[i] * lam
    return out
"""


def test_a_loop_of_no_known_count_is_a_possible_finding_left_out_by_default(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.py").write_text(POSSIBLE_LOOP)
    report = lint_paths([tmp_path])
    assert report.diagnostics == () and report.possible_left_out == 1 and report.clean
    every = lint_paths([tmp_path], possible=True)
    [d] = every.diagnostics
    assert (d.code, d.confidence, every.possible_left_out) == ("AB101", "possible", 0)
    assert lint_source(POSSIBLE_LOOP) == []
    assert [x.confidence for x in lint_source(POSSIBLE_LOOP, possible=True)] == ["possible"]
    # the same loop over data the file makes large, or passes in large, is sure
    made = POSSIBLE_LOOP + "w = shrink(np.random.randn(10_000), 0.1)\n"
    assert [(x.code, x.confidence) for x in lint_source(made)] == [("AB101", "sure")]


def test_sarif_marks_a_possible_finding_as_a_note(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(POSSIBLE_LOOP)
    log = to_sarif(lint_paths([tmp_path], possible=True), root=tmp_path)
    [result] = log["runs"][0]["results"]
    assert result["level"] == "note" and result["properties"]["confidence"] == "possible"
    assert "possible" in result["message"]["text"]


def test_sarif_log_follows_the_2_1_0_layout(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(slow())
    (tmp_path / "bad.py").write_text("import numpy\nif\n")
    log = to_sarif(lint_paths([tmp_path]), root=tmp_path)
    assert log["version"] == "2.1.0" and "sarif" in log["$schema"]
    [run] = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(RULES)
    assert all(r["defaultConfiguration"]["level"] in ("error", "warning", "note") for r in rules)
    [result] = run["results"]
    assert result["ruleId"] == "AB101"
    assert rules[result["ruleIndex"]]["id"] == "AB101"
    loc = result["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == "a.py"
    assert loc["region"] == {"startLine": 6, "startColumn": 5}
    [note] = run["invocations"][0]["toolExecutionNotifications"]
    assert "syntax error" in note["message"]["text"]
    assert run["invocations"][0]["executionSuccessful"] is False


# -- rules that the corpus alone would not pin ------------------------------------------------


def test_gpu_timing_rule_needs_gpu_or_jax_code() -> None:
    timed = textwrap.dedent(
        """\
        import time
        import torch
        x = torch.randn(1000, 1000{device})
        t0 = time.perf_counter()
        y = x @ x
        t1 = time.perf_counter()
        """
    )
    assert codes(timed.format(device="")) == []  # torch on the CPU: nothing to wait for
    assert codes(timed.format(device=', device="cuda"')) == [(6, "AB301")]


def test_item_in_a_loop_is_fine_when_guarded_by_a_modulo_or_a_break() -> None:
    source = textwrap.dedent(
        """\
        import torch
        def train(model, loader, opt):
            for step, (x, y) in enumerate(loader):
                loss = model(x, y)
                loss.backward()
                opt.step()
                if step % 50 == 0:
                    print(loss.item())
                if loss.item() < 1e-3:
                    break
        """
    )
    assert codes(source) == []


def test_a_local_variable_named_like_a_module_is_not_the_module() -> None:
    source = textwrap.dedent(
        """\
        import torch
        def table(torch: dict):
            return [str(v) + "!" for n, v in torch.items()]
        """
    )
    assert codes(source) == []


# -- the command --------------------------------------------------------------------------------


def test_cli_prints_file_line_message_and_fix_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "a.py"
    f.write_text(slow())
    assert cli_helper.run(["lint", str(f)]) == 1
    out = capsys.readouterr().out
    assert f"{f}:6:5: AB101 [warning] Python loop over the elements" in out
    assert "    fix: write the body as one operation" in out
    assert "1 finding in 1 file (AB101 x1); 1 file checked" in out


def test_cli_exits_0_on_clean_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.py").write_text("import numpy as np\n\nx = np.arange(3) * 2\n")
    assert cli_helper.run(["lint", str(tmp_path)]) == 0
    assert "no findings; 1 file checked" in capsys.readouterr().out


def test_cli_counts_possible_findings_and_lists_them_with_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "a.py"
    f.write_text(POSSIBLE_LOOP)
    assert cli_helper.run(["lint", str(f)]) == 0  # nothing sure: clean
    out = capsys.readouterr().out
    assert "no findings; 1 file checked" in out
    assert "1 possible finding not listed" in out and "arraybench lint --all" in out
    assert cli_helper.run(["lint", str(f), "--all"]) == 1
    out = capsys.readouterr().out
    assert f"{f}:5:5: AB101 [warning, possible]" in out
    assert "possible: slow only if the loops around it run many times" in out


def test_cli_usage_errors_exit_2(tmp_path: Path) -> None:
    assert cli_helper.run(["lint"]) == 2
    assert cli_helper.run(["lint", str(tmp_path / "missing")]) == 2
    assert cli_helper.run(["lint", str(tmp_path), "--select", "XY9"]) == 2
    assert cli_helper.run(["lint", str(tmp_path), "--format", "xml"]) == 2


def test_cli_json_and_sarif_formats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "a.py"
    f.write_text(slow())
    assert cli_helper.run(["lint", str(f), "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["diagnostics"][0]["code"] == "AB101"
    out = tmp_path / "lint.sarif"
    assert cli_helper.run(["lint", str(f), "--format", "sarif", "-o", str(out)]) == 1
    assert json.loads(out.read_text())["runs"][0]["results"][0]["ruleId"] == "AB101"


def test_cli_lists_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_helper.run(["lint", "--rules"]) == 0
    out = capsys.readouterr().out
    for code, r in RULES.items():
        assert f"{code} {r.name} [{r.severity}]" in out


def test_profile_lists_lints_rules_and_those_only_a_run_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the codes a profile report names (AB404-AB414) were listed nowhere: lint --rules stops at
    # lint's own
    from arraybench.advise.codes import RUN_RULES

    assert cli_helper.run(["profile", "--rules"]) == 0
    out = capsys.readouterr().out
    assert RUN_RULES and "only a run shows" in out
    for code, r in [*RULES.items(), *RUN_RULES.items()]:
        assert f"{code} {r.name} [{r.severity}]" in out


@pytest.mark.skipif(
    not cli_helper.registered(), reason="lint and verify are not yet in cli/main.py COMMANDS"
)
def test_the_real_entry_point_runs_lint(tmp_path: Path) -> None:
    import subprocess
    import sys

    f = tmp_path / "a.py"
    f.write_text(slow())
    p = subprocess.run(
        [sys.executable, "-m", "arraybench", "lint", str(f)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 1, p.stderr
    assert "AB101" in p.stdout


# -- facts across files --------------------------------------------------------------------------

DATA = """\
import numpy as np


def load(path):
    return np.loadtxt(path, delimiter=",")
"""

TRAIN = """\
import torch
import torch.nn as nn
from {imp} import load

model = nn.Linear(4, 1)
x = torch.from_numpy(load("a.csv"))
"""


def test_facts_cross_the_files_of_a_folder(tmp_path: Path) -> None:
    (tmp_path / "data.py").write_text(DATA, encoding="utf-8")
    (tmp_path / "train.py").write_text(TRAIN.format(imp="data"), encoding="utf-8")
    folder = lint_paths([tmp_path])
    assert [(Path(d.path).name, d.line, d.code) for d in folder.diagnostics] == [
        ("train.py", 6, "AB401")
    ]
    alone = lint_paths([tmp_path / "train.py"])
    assert alone.diagnostics == ()  # one file: what load() returns is not known


def test_relative_imports_in_a_package_are_followed(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "data.py").write_text(DATA, encoding="utf-8")
    (pkg / "train.py").write_text(TRAIN.format(imp=".data"), encoding="utf-8")
    report = lint_paths([tmp_path])
    assert [(Path(d.path).name, d.code) for d in report.diagnostics] == [("train.py", "AB401")]


def test_call_sites_carry_facts_into_parameters() -> None:
    source = textwrap.dedent(
        """\
        import numpy as np


        def scale(arr, factor):
            for i in range(len(arr)):
                arr[i] = arr[i] * factor


        scale(np.random.rand(100), 2.0)
        """
    )
    assert codes(source) == [(5, "AB101")]
    # the same helper called only with a list is not an element loop over an array
    assert codes(source.replace("np.random.rand(100)", "[1.0, 2.0]")) == []


def test_numbers_and_short_zips_are_not_arrays_or_many() -> None:
    # torch.tensor of a Python number is no copy of a tensor
    number = (
        "import torch\n\ndef as_tensor(value, like):\n"
        "    if isinstance(value, (int, float)):\n"
        "        return torch.tensor(value, dtype=like.dtype)\n    return value\n"
    )
    assert lint_source(number, possible=True) == []
    # zip with a literal of three: three iterations, whatever the other side holds
    short = (
        "import torch\n\ndef check(size: torch.Tensor, d, h, w):\n"
        "    return any(c > s for c, s in zip(size, (d, h, w)))\n"
    )
    assert lint_source(short, possible=True) == []
    # max() and round() of host arrays are host values: int() of them syncs nothing
    host = (
        "import numpy as np\nimport jax.numpy as jnp\n\n"
        "def show(probs, counts):\n    top = max(counts)\n"
        "    for p, c in zip(probs, counts):\n        print(int(round(50 * c / top)))\n\n"
        "def run(x):\n    show(jnp.ones(10), np.bincount(x, minlength=10))\n"
    )
    assert lint_source(host, possible=True) == []


def test_per_batch_methods_and_host_made_masks() -> None:
    forward = (
        "import numpy as np\nimport torch\nfrom torch import nn\n\nclass Spec(nn.Module):\n"
        "    def forward(self, wav):\n"
        "        spec = np.abs(np.fft.rfft(wav.cpu().numpy()))\n"
        "        return torch.from_numpy(spec).to(wav.device)\n"
    )
    assert [(d.code, d.line) for d in lint_source(forward)] == [("AB202", 7)]
    step = (
        "import torch\n\nclass Lit:\n    def validation_step(self, batch, batch_idx):\n"
        "        x, y = batch\n        loss = self.loss(self(x), y)\n"
        "        assert loss.isfinite().item()\n"
        "        self.log('val_loss', loss.item())\n        return loss.cuda()\n"
    )
    assert [(d.code, d.line) for d in lint_source(step)] == [("AB201", 8)]
    mask = (
        "import torch\n\ndef train(model, loader, block: int):\n"
        "    for idx, tgt in loader:\n"
        "        mask = torch.tril(torch.ones(block, block)).cuda()\n"
        "        model(idx.cuda(), mask=mask)\n"
    )
    assert [(d.code, d.line) for d in lint_source(mask)] == [("AB202", 5)]
    # made from this batch's shape: a new tensor each time, but still built on the host
    per_batch = mask.replace("torch.ones(block, block)", "torch.ones(len(idx), len(idx))")
    assert lint_source(per_batch, possible=True) == []


def test_the_readme_lint_sample_is_what_the_linter_prints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = Path(__file__).parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    block = re.search(
        r"\$ cd docs/examples && arraybench lint smooth\.py.*?\n(.*?)\n```", readme, re.S
    )
    assert block is not None, "the README has no lint sample on docs/examples/smooth.py"
    monkeypatch.chdir(root / "docs" / "examples")
    cli_helper.run(["lint", "smooth.py"])
    assert capsys.readouterr().out.strip() == block.group(1).strip()


# -- functions a loop calls (issue 15, round 3) ---------------------------------------------------

HELPER = """import torch

DEVICE = "cuda"


def read(scores):
    return scores.argmax(1).cpu().tolist()


def run(model, xs):
    out = []
    for {loop}:
        out.append(read(model(xs)))
    return out
"""


def test_a_helper_called_on_every_iteration_is_checked_as_a_per_batch_scope() -> None:
    sure = lint_source(HELPER.format(loop="i in range(10_000)"), possible=True)
    assert [(d.line, d.code, d.confidence, d.why) for d in sure] == [(7, "AB201", "sure", "")]
    # the loop's count is not shown: possible, and the note says why
    [d] = lint_source(HELPER.format(loop="i in range(n_rounds)"), possible=True)
    assert (d.line, d.code, d.confidence) == (7, "AB201", "possible")
    assert "called from a loop" in d.note
    # over a few named things (a dict's items) the helper runs a few times: nothing to say
    assert lint_source(HELPER.format(loop="name, m in models.items()"), possible=True) == []


def test_a_helper_of_a_helper_is_followed_and_once_per_call_is_not_a_loop() -> None:
    source = (
        "import torch\n\ndef inner(t):\n    return t.item()\n\n"
        "def outer(t):\n    return inner(t) + 1\n\n"
        "def run(xs):\n    return [outer(x) for x in xs]\n\n"
        "def main(model, loader):\n    for batch in loader:\n        outer(model(batch.cuda()))\n"
    )
    assert codes(source) == [(4, "AB201")]
    # called only outside loops: nothing per call to report
    once = (
        "import torch\n\ndef read(t):\n    return t.item()\n\nprint(read(torch.ones(1).cuda()))\n"
    )
    assert codes(once, possible=True) == []


def test_a_training_loop_without_imports_is_read_as_torch_code() -> None:
    source = (
        "def train(model, loader, opt, loss_fn):\n"
        "    for x, y in loader:\n"
        "        loss = loss_fn(model(x.cuda()), y.cuda())\n"
        "        loss.backward()\n        opt.step()\n"
        "        print(loss.item())\n"
    )
    assert codes(source) == [(6, "AB201")]
    # a NumPy file's .item() waits for nothing
    host = (
        "import numpy as np\n\ndef f(xs):\n    for x in xs:\n        x.backward()\n"
        "        print(np.float64(x).item())\n"
    )
    assert codes(host, possible=True) == []


def test_a_parameter_that_shadows_an_outer_tensor_keeps_none_of_its_facts() -> None:
    tree = ast.parse(
        textwrap.dedent(
            """\
            import torch
            t = torch.zeros(3, device="cuda")
            def f(t):
                return t
            """
        )
    )
    outer = scope_facts(tree.body, Facts(namespaces=module_namespaces(tree)))
    assert "t" in outer.strong & outer.tensors & outer.device
    fn = tree.body[2]
    assert isinstance(fn, ast.FunctionDef)
    inner = scope_facts(fn.body, outer, fn.args)
    assert not {"t"} & (inner.arrays | inner.strong | inner.tensors | inner.device | inner.host)


def test_a_loss_summed_per_step_is_told_to_detach_it() -> None:
    # total += loss without .detach() keeps every step's autograd graph alive
    source = textwrap.dedent(
        """\
        import torch

        model = torch.nn.Linear(4, 1)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        total = 0.0
        for xb in torch.randn(100, 8, 4):
            loss = model(xb).pow(2).mean()
            loss.backward()
            opt.step()
            total += loss.item()
        """
    )
    [d] = [d for d in lint_source(source, "train.py") if d.code == "AB201"]
    assert "loss.detach()" in d.rewrite
    assert "accumulate with +=" not in d.rewrite


def test_apply_along_axis_is_a_python_loop_over_rows() -> None:
    source = textwrap.dedent(
        """\
        import numpy as np

        X = np.zeros((100_000, 64))
        w = np.ones(64)
        proj = np.apply_along_axis(lambda r: r @ w, 1, X)
        """
    )
    assert (5, "AB103") in codes(source)
    # an unrelated function of the same name is not NumPy's
    assert (
        codes("def apply_along_axis(f, a, x):\n    return x\n\ny = apply_along_axis(abs, 0, 3)\n")
        == []
    )
