"""The example notebook (docs/examples/notebook.ipynb) run top to bottom under a real Jupyter
kernel (nbclient, ipykernel), its outputs read; then exported to HTML (nbconvert) and drawn in
headless Chromium at a laptop's width and a phone's."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat", reason="the notebook tests need nbformat (dev extras)")
nbclient = pytest.importorskip("nbclient", reason="the notebook tests need nbclient (dev extras)")
pytest.importorskip("ipykernel", reason="the notebook tests need ipykernel (dev extras)")
pytest.importorskip("matplotlib", reason="the notebook's plots need matplotlib")

NOTEBOOK = Path(__file__).parents[2] / "docs" / "examples" / "notebook.ipynb"
#: The kernel spec the tests run the notebook with: this interpreter's ipykernel.
KERNEL = "arraybench-tests"
#: Seconds a cell may take: a magic's run is a few seconds, slower on a loaded 2-core machine.
CELL_TIMEOUT_S = 240


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The notebook, its outputs cleared, executed in a fresh kernel in a folder of its own: a
    kernel of this interpreter (a kernel spec of its own, not whatever "python3" names here),
    with a cache folder of its own."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    folder = tmp_path_factory.mktemp("notebook")
    spec = folder / "jupyter" / "kernels" / KERNEL
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    spec.joinpath("kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": KERNEL, "language": "python"})
    )
    env = {"JUPYTER_PATH": str(folder / "jupyter"), "ARRAYBENCH_CACHE": str(folder / "cache")}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        client = nbclient.NotebookClient(
            nb,
            timeout=CELL_TIMEOUT_S,
            kernel_name=KERNEL,
            resources={"metadata": {"path": str(folder)}},
        )
        client.execute()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return nb


def _cell(nb: Any, starts: str) -> Any:
    return next(c for c in nb.cells if c.cell_type == "code" and c.source.startswith(starts))


def _html(cell: Any) -> str:
    (out,) = [o for o in cell.outputs if "text/html" in o.get("data", {})]
    return str(out["data"]["text/html"])


def test_the_cell_magic_answers_tabulates_plots_and_fails_the_wrong_expression(
    executed: Any,
) -> None:
    cell = _cell(executed, "%%arraybench")
    # One output, the result in place of its progress bar: nothing printed, nothing twice.
    assert [o.output_type for o in cell.outputs] == ["display_data"], cell.outputs
    page = _html(cell)
    answer = re.search(r'<p class="answer"><b>cell</b>: (Fastest: [^<]*)</p>', page)
    assert answer is not None, page[:2000]
    # At the largest size the fastest is a NumPy impl (the loop is ~100x slower there).
    largest = re.search(r"At n=1e5 (\w+) \(numpy float64\) takes", answer.group(1))
    assert largest is not None and largest.group(1) in ("numpy", "sin2"), answer.group(1)
    table = page.split('<table class="compact">')[1].split("</table>")[0]
    impls = re.findall(r'<tr><td class="k">([^<]*)</td>', table)
    assert sorted(impls) == ["loop", "numpy", "sin2", "wrong"]
    assert '<img src="data:image/svg+xml;base64,' in page
    assert re.search(r"✗ wrong \(numpy float64\) at n=10–1e5: wrong numbers", page)
    wrong = page.split('<td class="k">wrong</td>')[1].split("</tr>")[0]
    assert "★" not in wrong and wrong.count("✗") == 3


def test_the_failed_cases_are_in_the_result_kept_with_o(executed: Any) -> None:
    out = _cell(executed, "[(c.impl").outputs[0]["data"]["text/plain"]
    assert out.count("'wrong'") == 3 and "'failed'" in out and "'loop'" not in out


def test_a_notebook_workload_runs_by_the_line_magic_and_by_ab_run(executed: Any) -> None:
    for starts in ("%arraybench clip", "ab.run(clip"):
        page = _html(_cell(executed, starts))
        assert re.search(r"<b>clip</b>: Fastest: vectorized \(numpy float64\)", page), page[:1500]
        assert "measured in 4 worker processes (forked)" in page
    text = _cell(executed, "ab.run(clip").outputs[0]["data"]["text/plain"]
    assert text.startswith("<RunResult: 4 cases of clip")


CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None
)


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (make browser)")
@pytest.mark.parametrize("width", [1400, 390])
def test_the_exported_notebook_draws_in_a_browser(
    executed: Any, width: int, tmp_path: Path
) -> None:
    """nbconvert's HTML of the run notebook, drawn at ``width``: no page error, the plots are
    images, the result's text is there; the screenshot is kept in $ARRAYBENCH_ARTIFACTS when set."""
    from nbconvert import HTMLExporter
    from PIL import Image

    from ..report.test_browser import MIN_COLOURS, chromium

    body, _ = HTMLExporter(template_name="lab").from_notebook_node(copy.deepcopy(executed))
    page = tmp_path / "notebook.html"
    page.write_text(body, encoding="utf-8")
    shot = Path(os.environ.get("ARRAYBENCH_ARTIFACTS") or tmp_path) / f"notebook-{width}.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    rc, _, err = chromium(
        f"--screenshot={shot}",
        f"--window-size={width},3000",
        "--enable-logging=stderr",
        "--v=0",
        page.as_uri(),
        profile=tmp_path / "profile1",
    )
    assert rc == 0, err[-2000:]
    problems = [line for line in err.splitlines() if "Uncaught" in line or "Refused to" in line]
    assert not problems, "\n".join(problems)
    with Image.open(shot) as im:
        colours = im.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) >= MIN_COLOURS
    if width != 1400:
        return  # the page's content is the same at every width: read once
    rc, dom, err = chromium("--dump-dom", page.as_uri(), profile=tmp_path / "profile2")
    assert rc == 0, err[-2000:]
    # nbconvert writes the attributes in its own order
    assert len(re.findall(r'<img [^>]*src="data:image/svg\+xml;base64,', dom)) == 3
    assert "Fastest: vectorized (numpy float64)" in dom


def test_the_profile_magic_finds_the_builtin_sum_per_step_on_its_cell_line(executed: Any) -> None:
    defined = _cell(executed, "import torch")
    line = 1 + defined.source.splitlines().index("        losses.append(float(sum(w)))")
    where = f"In [{defined.execution_count}], line {line}"
    (out,) = _cell(executed, "%arraybench_profile").outputs
    page, text = out["data"]["text/html"], out["data"]["text/plain"]
    assert f"1. {where} AB409" in text and "builtin-reduction" in text, text
    assert "prepare(globals())" not in text  # arraybench's own line of the statement's script
    assert f"<b>{where}</b> <code>AB409</code>" in page
    assert "<script" not in page and "<body" not in page  # a fragment, its style scoped
