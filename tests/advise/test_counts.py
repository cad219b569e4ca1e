"""Whether the code shows a loop runs many times (advise/read/counts.py): sure or possible."""

from __future__ import annotations

import pytest

from arraybench.advise import lint_source


def confidence(source: str) -> list[str]:
    return [d.confidence for d in lint_source(source, possible=True)]


HEAD = "import numpy as np\nimport torch\n\n"


@pytest.mark.parametrize(
    "loop",
    [
        "for i in range(1000):\n        y[i] = x[i] * 2",
        "for i in range(len(x)):\n        y[i] = x[i] * 2",  # x: data by convention
        "for i in range(n_samples):\n        y[i] = x[i] * 2",
        "for i in range(N):\n        y[i] = x[i] * 2",
        "for i in range(X_train.shape[0]):\n        y[i] = X_train[i] * 2",
        "for i, v in enumerate(signal):\n        y[i] = v * 2",
        "for v in x[1:]:\n        y[0] += v * 2",
        "for v in a.ravel():\n        y.append(v * 2)",
    ],
)
def test_a_count_the_code_shows_makes_a_sure_finding(loop: str) -> None:
    # (a count named in the parameters is a size once data says so: n_samples = len(x))
    src = HEAD + (
        "def f(x, a, signal, X_train):\n"
        "    x, a = np.asarray(x), np.asarray(a)\n"
        "    signal, X_train = np.asarray(signal), np.asarray(X_train)\n"
        "    n_samples = N = len(x)\n"
        "    y = np.zeros(10)\n    "
    )
    src += loop + "\n    return y\n"
    assert confidence(src) == ["sure"], src


@pytest.mark.parametrize(
    "loop",
    [
        "for i in range(len(coefs)):\n        y[i] = coefs[i] * 2",
        "for i in range(coefs.shape[0]):\n        y[i] = coefs[i] * 2",
        "for i, c in enumerate(coefs.T):\n        y[i] = c * 2",  # columns
        "for i, c in enumerate(np.arange(25, 385, 360.0 / m)):\n        y[i] = c * 2",
        # the letters of a batch, channels, dimensions, clusters: few as often as not
        "for b in range(B):\n        y[b] = coefs[b] * 2",
        "for j in range(d):\n        y[j] = coefs[j] * 2",
        "for j in range(k):\n        y[j] = coefs[j] * 2",
    ],
)
def test_a_count_the_code_does_not_show_makes_a_possible_finding(loop: str) -> None:
    src = (
        HEAD
        + "def f(coefs, m):\n    coefs = np.asarray(coefs)\n    B = d = k = len(coefs)\n"
        + "    y = np.zeros(10)\n    "
        + loop
        + "\n    return y\n"
    )
    assert confidence(src) == ["possible"], src


def test_sizes_made_in_the_file_or_passed_by_callers_count() -> None:
    made = HEAD + (
        "n = 10**6\nvals = np.random.rand(n)\nout = np.empty(n)\n"
        "for i in range(len(vals)):\n    out[i] = vals[i] * 2\n"
    )
    assert confidence(made) == ["sure"]
    small = made.replace("10**6", "8")
    assert confidence(small) == ["possible"]
    passed = HEAD + (
        "class P:\n    def __init__(self, weights):\n        self.weights = weights\n"
        "    def total(self):\n        t = 0.0\n"
        "        for i in range(len(self.weights)):\n            t += self.weights[i] * 2\n"
        "        return t\n\nP(np.full(30, 1 / 30)).total()\n"
    )
    assert confidence(passed) == ["sure"]


def test_call_level_rules_take_the_count_of_the_loops_around_them() -> None:
    src = HEAD + (
        "def fit(model, loader, chunks):\n"
        "    for xb, yb in loader:\n        print(model(xb).sum().item())\n"
        "    out = np.array([])\n"
        "    for c in chunks:\n        out = np.append(out, c)\n"
        "    return out\n"
    )
    found = {d.code: d.confidence for d in lint_source(src, possible=True)}
    assert found == {"AB201": "sure", "AB107": "possible"}


def test_a_compile_of_a_fresh_function_is_sure_in_any_loop_and_code_outside_loops_is_sure() -> None:
    # the same f: the compile cache hits, each iteration pays a wrapper; sure only when many
    src = "import jax\n\ndef sweep(f, lrs):\n    for lr in lrs:\n        g = jax.jit(f)\n"
    assert [(d.code, d.confidence) for d in lint_source(src, possible=True)] == [
        ("AB403", "possible")
    ]
    many = "import jax\n\ndef sweep(f, x):\n    for i in range(1000):\n        x = jax.jit(f)(x)\n"
    assert [(d.code, d.confidence) for d in lint_source(many)] == [("AB403", "sure")]
    # a partial, a grad, a lambda or a def made in the loop: a new function compiles each time
    for fresh in ("partial(f, lr=lr)", "jax.grad(f)", "lambda p: f(p, lr)", "step"):
        src = (
            "import jax\nfrom functools import partial\n\ndef sweep(f, lrs):\n"
            "    for lr in lrs:\n        def step(p):\n            return f(p, lr)\n"
            f"        g = jax.jit({fresh})\n"
        )
        assert [(d.code, d.confidence) for d in lint_source(src)] == [("AB403", "sure")], fresh
    copy = HEAD + "def f(a):\n    b = np.copy(a)\n    return float(b.sum())\n"
    assert [(d.code, d.confidence) for d in lint_source(copy)] == [("AB203", "sure")]


def test_groups_named_as_such_are_never_a_large_count() -> None:
    src = HEAD + (
        "def f(x, n_classes):\n    y = np.zeros(10)\n"
        "    for i in range(1000):\n        for c in range(n_classes):\n"
        "            y[c] += x[i] * 2\n    return y\n"
    )
    # the outer loop shows many iterations: the nest is sure
    assert set(confidence(src)) <= {"sure"}


TRAIN = (
    "import torch\n\ndef fit(model, opt, loader, tol):\n    best = 1e9\n"
    "    for xb, yb in loader:\n        loss = model(xb, yb)\n"
    "        loss.backward()\n        opt.step()\n"
)


@pytest.mark.parametrize(
    "tail",
    [
        "        if loss.item() < tol:\n            print('good enough')\n",
        "        value = loss.item()\n        if value < best:\n            best = value\n",
    ],
)
def test_a_sync_whose_value_decides_a_branch_is_possible_and_says_why(tail: str) -> None:
    found = lint_source(TRAIN + tail, possible=True)
    assert [(d.code, d.confidence) for d in found] == [("AB201", "possible")]
    assert "decides a branch" in found[0].note
    assert found[0].to_dict()["note"] == found[0].note


def test_a_sync_for_the_record_stays_sure_and_so_does_one_per_element() -> None:
    logged = TRAIN + "        total = loss.item()\n        print(total)\n"
    assert [(d.code, d.confidence) for d in lint_source(logged)] == [("AB201", "sure")]
    assert lint_source(logged)[0].note == ""
    per_element = (
        "import torch\n\ndef count(t: torch.Tensor) -> int:\n    c = 0\n"
        "    for i in range(len(t)):\n        if float(t[i]) > 0:\n            c += 1\n"
        "    return c\n"
    )
    found = [(d.code, d.confidence) for d in lint_source(per_element) if d.code == "AB201"]
    assert found == [("AB201", "sure")]  # (and AB104 for the count itself)


def test_a_copy_at_the_top_of_a_module_runs_once_and_is_possible() -> None:
    src = HEAD + "K = np.array([[1, 2], [3, 4]])\nW = np.copy(K.T)\nprint(W.sum())\n"
    found = lint_source(src, possible=True)
    assert [(d.code, d.confidence) for d in found] == [("AB203", "possible")]
    assert "runs once" in found[0].note
    inside = HEAD + "def f(a):\n    b = np.copy(a)\n    return float(b.sum())\n"
    assert [(d.code, d.confidence) for d in lint_source(inside)] == [("AB203", "sure")]


@pytest.mark.parametrize(
    "loop",
    [
        # a progress bar over a loader: as many as the loader
        "    pbar = tqdm(loader)\n    for xb, yb in pbar:\n",
        # one optimizer step per iteration: a loop over training steps, whatever it walks
        "    for xb, yb in things:\n",
        # a batch at a time
        "    for batch in things:\n        xb, yb = batch\n",
    ],
)
def test_loops_over_batches_and_training_steps_are_many(loop: str) -> None:
    src = (
        "import torch\nfrom tqdm import tqdm\n\ndef fit(model, opt, loader, things):\n"
        + loop
        + "        loss = model(xb, yb)\n        loss.backward()\n        opt.step()\n"
        "        print(loss.item())\n"
    )
    assert [(d.code, d.confidence) for d in lint_source(src, possible=True)] == [
        ("AB201", "sure")
    ], src


def test_an_epoch_loop_around_a_batch_loop_is_not_a_step_loop() -> None:
    src = (
        "import torch\n\ndef fit(model, opt, groups, epochs):\n"
        "    for epoch in range(epochs):\n        loss = 0\n"
        "        for g in groups:\n            loss = loss + model(g)\n"
        "        loss.backward()\n        opt.step()\n        print(loss.item())\n"
    )
    assert "sure" not in confidence(src)  # (a loop around another reads once per round)


def test_cpu_then_tolist_in_a_loop_is_a_sync() -> None:
    src = (
        "import torch\n\ndef decode(model, src, max_len):\n"
        "    ys = torch.zeros(1, 1, dtype=torch.long).cuda()\n    out = []\n"
        "    for i in range(1000):\n        top = model(src, ys).topk(4)\n"
        "        out.append(top.values.data.cpu().tolist())\n    return out\n"
    )
    assert [(d.code, d.confidence) for d in lint_source(src)] == [("AB201", "sure")]
    host = src.replace("model(src, ys).topk(4)", "torch.from_numpy(np.ones(4))").replace(
        "top.values.data", "top"
    )
    assert lint_source("import numpy as np\n" + host, possible=True) == []


def test_jit_of_a_fresh_function_called_in_a_function_is_possible() -> None:
    # it compiles on every call of dev(): slow only if dev() is called many times
    src = (
        "import jax\n\ndef loss(w, x):\n    return (w * x).sum()\n\n"
        "def dev(w, x):\n    return jax.jit(jax.grad(loss))(w, x)\n\n"
        "def fine(w, x):\n    return jax.jit(loss)(w, x)\n\n"
        "f = jax.jit(jax.grad(loss))\n"
    )
    assert [(d.code, d.line, d.confidence) for d in lint_source(src, possible=True)] == [
        ("AB403", 7, "possible")
    ]
    assert "every call of the enclosing function" in lint_source(src, possible=True)[0].note
