"""The run's loop patterns of issue 37's second item: AB411 (loop-invariant work), AB105 from
the run (a product per row that lint does not see), AB107 from the run (growth that lint does
not see); each fires on its slow site and not on its look-alikes."""

from __future__ import annotations

import textwrap
from pathlib import Path

from threadpoolctl import threadpool_limits

from arraybench.advise.profile import profile
from arraybench.advise.read.source import SourceFile, read_source
from arraybench.advise.records import Finding
from arraybench.advise.rules.patterns.changes import _changed
from arraybench.advise.run.launch import Target


def _run(tmp_path: Path, source: str) -> dict[int, Finding]:
    p = tmp_path / "prog.py"
    p.write_text(textwrap.dedent(source))
    # one BLAS thread: spinning threads on a busy machine make the products slow and noisy
    with threadpool_limits(1):
        report = profile(Target(script=p))
    return {f.line: f for f in (*report.findings, *report.unlisted)}


def _source(tmp_path: Path, text: str) -> SourceFile:
    p = tmp_path / "src.py"
    p.write_text(textwrap.dedent(text))
    return read_source(str(p))


def _priced(f: Finding) -> None:
    assert f.gain is not None
    low, high = f.gain
    assert 0 <= low <= high <= f.seconds + 1e-9


INVARIANT = """\
import numpy as np

rng = np.random.default_rng(0)
X = rng.standard_normal((3000, 150))
S = X.T @ X / 3000 + np.eye(150)


def whiten(S, v):
    L = np.linalg.cholesky(S)
    return np.linalg.solve(L, v)


Y = X.copy()
total = 0.0
for it in range(40):
    G = np.dot(X.T, X)
    H = np.dot(Y.T, Y)
    Y *= 0.999
    small = np.linalg.inv(np.eye(3) * 2.0)
    z = whiten(S, X[it])
    total += G[0, 0] + H[0, 0] + small[0, 0] + z[0]
h = np.ones(150)
for it in range(40):
    h = np.tanh(S @ h)
    R = np.dot(X.T, X)
    R += it * np.eye(150)
    total += R[0, 0]
print("result:", total + h.sum())
"""


def test_a_product_of_inputs_the_loop_never_changes_is_loop_invariant(tmp_path: Path) -> None:
    # (np.dot rather than @: an operator's time can land on the next line with a call)
    found = _run(tmp_path, INVARIANT)
    f = found.get(16)
    assert f is not None and f.code == "AB411", found
    assert f.count is not None and f.count.n == 40  # the loop's count: range(40)
    assert "3000x150" in f.evidence and "above the loop at line 15" in f.evidence
    _priced(f)
    # one evaluation is left: the saving is the statement's time less a fortieth of it
    assert f.gain is not None and f.gain[1] <= f.seconds * (1 - 1 / 40) + 1e-9
    # Y changes in the loop (Y *= ...): computed each time on purpose
    assert 17 not in found or found[17].code != "AB411"
    # a 3x3 inverse is invariant but costs nothing; a recurrence needs the last step
    assert 19 not in found and 24 not in found
    # R is made anew on purpose: the loop then changes it in place
    assert 25 not in found


def test_an_invariant_factorization_in_a_function_the_loop_calls(tmp_path: Path) -> None:
    found = _run(tmp_path, INVARIANT)
    f = found.get(9)
    if f is None:  # a 150x150 Cholesky is ~1% of this run: too noisy to require on a busy box
        return
    assert f.code == "AB411"
    assert "calls whiten()" in f.evidence
    _priced(f)


def test_what_changes_an_array_in_a_loop() -> None:
    src = textwrap.dedent(
        """\
        import numpy as np


        def scale(a):
            a *= 2


        def look(a):
            return a.sum()


        def train():
            M[0] += 1.0


        for i in range(3):
            A.add_(1)
            rng.shuffle(B)
            np.copyto(C, D)
            np.multiply(E, 2, out=F)
            scale(G)
            look(H)
            for J in range(2):
                pass
            K.step()
            L.sum()
            train()
        """
    )
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as fh:
        fh.write(src)
    sf = read_source(fh.name)
    changed = {n: _changed(sf, n, 16, 27) for n in "ABCDEFGHJKLM"}
    assert changed == {
        "A": True,
        "B": True,
        "C": True,
        "D": False,
        "E": False,
        "F": True,
        "G": True,
        "H": False,
        "J": True,
        "K": True,  # a method not known to be pure: the object may change
        "L": False,
        "M": True,  # a function the loop calls writes into it
    }


ROWS = """\
import numpy as np

rng = np.random.default_rng(1)
W = rng.standard_normal((16, 16))
X = rng.standard_normal((30000, 16))
layers = [rng.standard_normal((16, 16)) for _ in range(3)]


def project(W, x):
    return W @ x


out = np.empty_like(X)
i = 0
while i < X.shape[0]:
    out[i] = W @ X[i]
    i += 1
rows = []
for j in range(X.shape[0]):
    rows.append(project(W, X[j]))
h = X[:100]
for L in layers:
    h = np.tanh(h @ L)
v = np.ones(16)
for k in range(50):
    v = W @ v / 10.0
print("result:", out.sum() + np.sum(rows) + h.sum() + v.sum())
"""


def test_a_product_per_row_in_a_while_loop_or_a_helper_is_a_matvec_loop(tmp_path: Path) -> None:
    found = _run(tmp_path, ROWS)
    for line in (15, 19):
        f = found.get(line)
        assert f is not None and f.code == "AB105", (line, found)
        assert "one matrix product" in f.evidence and "30,000 rows" in f.evidence
        _priced(f)
    assert "made in project()" in found[19].evidence
    # three layers, one big product each; a recurrence (v needs the last v)
    assert found.get(22) is None or found[22].code != "AB105"
    assert found.get(25) is None or found[25].code != "AB105"


GROWTH = """\
import numpy as np


class Log:
    def __init__(self):
        self.values = np.empty(0)

    def push(self, v):
        self.values = np.append(self.values, v)


def add(buf, v):
    return np.append(buf, v)


log = Log()
buf = np.empty(0)
for i in range(12000):
    log.push(i * 0.5)
    buf = add(buf, i)
chunks = np.empty(0)
for epoch in range(4):
    chunks = np.concatenate([chunks, np.arange(3.0)])
print("result:", log.values.sum() + buf.sum() + chunks.sum())
"""


def test_growth_in_a_method_or_a_helper_called_per_item_is_found(tmp_path: Path) -> None:
    found = _run(tmp_path, GROWTH)
    for line in (9, 13):
        f = found.get(line)
        assert f is not None and f.code == "AB107", (line, found)
        assert "copying all of" in f.evidence
        _priced(f)
    assert "buf = add(buf, i)" in found[13].evidence
    # four small chunks joined once per epoch: no quadratic copy to speak of
    assert not any(
        f.code == "AB107" and f.origin == "run" and f.line in (21, 22) for f in found.values()
    )


METHOD_INVARIANT = """\
import numpy as np

rng = np.random.default_rng(2)


class Smoother:
    def __init__(self, n):
        a = rng.random((n, n))
        self.A = a @ a.T + n * np.eye(n)

    def step(self, b):
        A_inv = np.linalg.inv(self.A)
        return A_inv @ b


class Adaptive(Smoother):
    def update(self, b):
        self.A[0, 0] += 1e-6 * float(b[0])

    def move(self, b):
        B_inv = np.linalg.inv(self.A)
        return B_inv @ b


s = Smoother(200)
b = rng.random(200)
for t in range(60):
    b = s.step(b) + 0.01
d = Adaptive(200)
for t in range(60):
    d.update(b)
    b = d.move(b) + 0.01
print("result:", float(b.sum()))
"""


def test_an_inverse_of_an_objects_matrix_in_a_method_called_per_step_is_invariant(
    tmp_path: Path,
) -> None:
    # a method that inverts ``self.A`` at every call, which nothing the loop calls changes:
    # taken out of the loop (not "where A is set": a subclass's method writes A after
    # __init__); where another method called in the loop writes A, not at all
    found = _run(tmp_path, METHOD_INVARIANT)
    f = found.get(12)
    assert f is not None and f.code == "AB411", found
    assert "self.A: numpy.ndarray float64 200x200" in f.evidence
    assert "the loop at line 27 calls step() with the same inputs" in f.evidence
    assert "compute it before the loop at line 27 and pass it to step()" in f.evidence
    _priced(f)
    assert 21 not in found or found[21].code != "AB411", found  # update() writes self.A


def test_what_changes_an_objects_attribute() -> None:
    from arraybench.advise.read.purity import attribute_changed

    p = Path(__file__).parent / "_attr_prog.py"
    src = textwrap.dedent(
        """\
        class Buf:
            def push(self, x):
                self.items.append(x)
            def peek(self):
                return self.items.index(0)
            def reset(self):
                self.helper()
            def helper(self):
                self.items = []
        b = Buf()
        b.peek()
        b.push(1)
        b.reset()
        b.items[0] = 2
        """
    )
    try:
        p.write_text(src)
        sf = read_source(str(p))
        keeps = frozenset({"index"})
        assert not attribute_changed(sf, "items", 11, 11, keeps)  # peek only reads it
        assert attribute_changed(sf, "items", 12, 12, keeps)  # push appends to it
        assert attribute_changed(sf, "items", 13, 13, keeps)  # reset -> helper assigns it
        assert attribute_changed(sf, "items", 14, 14, keeps)  # written into
        assert not attribute_changed(sf, "other", 10, 14, keeps)
    finally:
        p.unlink()


GRAM = """\
import numpy as np

rng = np.random.default_rng(26)
X = rng.standard_normal((4_000, 120))
y = rng.standard_normal(4_000)
b = rng.standard_normal(120)
w = np.zeros(120)
v = np.zeros(120)
for it in range(40):
    G = X.T @ X
    w = w - 1e-6 * (G @ w - b)
for it in range(40):
    grad = X.T @ X @ v - X.T @ y
    v -= 1e-6 * grad
Z = X.copy()
for it in range(40):
    g2 = Z.T @ Z @ v - b
    Z = Z * 0.999
print("result:", float(w.sum() + v.sum() + g2.sum()))
"""


def test_an_invariant_line_of_operators_and_invariant_parts_of_a_line_are_found(
    tmp_path: Path,
) -> None:
    # ``G = X.T @ X`` is operators only: its samples land on the next line, the loop's last,
    # which the bursts never time; that line is timed after the run, and the split gives G's
    # line its time. ``X.T @ X @ v - X.T @ y`` changes with v, but its parts do not
    found = _run(tmp_path, GRAM)
    f = found.get(10)
    assert f is not None and f.code == "AB411", found
    assert 11 not in found, found
    g = found.get(13)
    assert g is not None and g.code == "AB411", found
    assert "its parts `X.T @ X` and `X.T @ y` take" in g.evidence
    assert "from inputs the loop at line 12 never changes" in g.evidence
    _priced(g)
    assert 17 not in found or found[17].code != "AB411", found  # Z changes every iteration


def test_which_functions_of_the_file_depend_on_their_arguments_only(tmp_path: Path) -> None:
    from arraybench.advise.read.purity import pure_functions

    sf = _source(
        tmp_path,
        """\
        import math

        import numpy as np

        TABLE = [[16, 11], [12, 12]]
        state = []


        def scaled(q):
            s = 5000 / q if q < 50 else 200 - 2 * q
            return [[min(255, max(1, (v * s + 50) // 100)) for v in row] for row in TABLE]


        def twice(q):
            return np.array(scaled(q)) * 2 + math.pi


        def noisy(q):
            return q + np.random.normal()


        def remembers(q):
            state.append(q)
            return len(state)


        def reads_state(q):
            return q + len(state)


        state = [1]
        """,
    )
    assert pure_functions(sf) == {"scaled", "twice"}


CODEC = """\
import numpy as np

TABLE = [[16 + (i * 8 + j) % 40 for j in range(8)] for i in range(8)]


def quant_table(quality):
    s = 5000 / quality if quality < 50 else 200 - 2 * quality
    return [[min(255, max(1, (v * s + 50) // 100)) for v in row] for row in TABLE]


def code_block(block, quality):
    q = np.array(quant_table(quality), dtype=np.float64)
    return np.round(block / q) * q


rng = np.random.default_rng(0)
img = rng.random((256, 256)) * 255
total = 0.0
for quality in (20, 50, 80):
    for by in range(0, 256, 8):
        for bx in range(0, 256, 8):
            total += float(code_block(img[by : by + 8, bx : bx + 8], quality).sum())
print("result:", total)
"""


def test_a_table_made_by_a_function_of_an_unchanged_argument_is_loop_invariant(
    tmp_path: Path,
) -> None:
    # blind14's block codec: the quantisation table of the quality, made again for every block
    found = _run(tmp_path, CODEC)
    f = found.get(12)
    assert f is not None and f.code == "AB411", found
    assert "through quant_table(), a function of its arguments only" in f.evidence
    assert "calls code_block() with the same inputs every time" in f.evidence
    _priced(f)


ANALYTIC = """\
import numpy as np


def true(x):
    return -np.sin(x) + x * np.sin(1.0)


x = np.linspace(0.0, 1.0, 18)
phi = np.zeros(18)
e = []
for i in range(40_000):
    phi = phi * 0.5 + 0.1
    e.append(float(np.sum((phi - true(x)) ** 2)))
print("result:", sum(e))
"""


def test_a_call_of_a_formula_of_unchanged_arguments_inside_a_statement_is_invariant(
    tmp_path: Path,
) -> None:
    # round 14's smooth-badbcs.py:115, e.append(error(..., phi - true(x))): the analytic
    # solution of an unchanged grid, made again at every sweep (7.5% of the run)
    found = _run(tmp_path, ANALYTIC)
    f = found.get(13)
    assert f is not None and f.code == "AB411", found
    assert "its part `true(x)` takes" in f.evidence
    _priced(f)


ROWMAX = """\
import numpy as np

h = np.random.default_rng(0).random((4_000, 10))
p = []
for i in range(1, 4_000):
    t = np.array(np.where(h[i, :] == np.max(h, axis=1)[i]))
    p.append(t)
print("result:", len(p))
"""


def test_an_invariant_reduction_inside_a_line_lint_calls_a_build_is_loop_invariant(
    tmp_path: Path,
) -> None:
    # round 14's OneVsAll.py:129: np.max(h, axis=1) of the whole 5,000 x 10 h for each row (a
    # miss at 7.6%, listed as lint's AB108 "array built piece by piece" after its fixes)
    found = _run(tmp_path, ROWMAX)
    f = found.get(6)
    assert f is not None and f.code == "AB411", found
    assert "its part `np.max(h, axis=1)` takes" in f.evidence
    _priced(f)


CLIPPER = """\
import numpy as np


def soft_clip(x, knee, ratio):
    out = np.empty_like(x)
    i = 0
    while i < len(x):
        v = x[i]
        if abs(v) > knee:
            out[i] = np.sign(v) * (knee + (abs(v) - knee) / ratio)
        else:
            out[i] = v
        i += 1
    return out


x = np.random.default_rng(4).standard_normal(150_000)
print("result:", float(soft_clip(x, 0.8, 4.0).sum()))
"""


def test_a_while_loop_stepping_an_index_over_an_array_is_an_element_loop(tmp_path: Path) -> None:
    # blind15's signal clipper: ``while i < len(x): ... x[i] ...; i += 1`` over 6,000,000 samples
    # was no element loop (a while loop has no target: its index is the counter it steps)
    found = _run(tmp_path, CLIPPER)
    f = found.get(7)
    assert f is not None and f.code == "AB101", found
    _priced(f)
    sf = _source(tmp_path, CLIPPER)
    loop = next(lp for lp in sf.loops if lp.line == 7)
    assert loop.targets == ("i",) and loop.indexes


def test_a_row_of_an_objects_array_mutated_on_its_own_is_no_recurrence(tmp_path: Path) -> None:
    # round 16's scikit-opt mutation: ``self.Chrom[i] = reverse(self.Chrom[i])`` reads the cell
    # it writes, no other row: the rows are independent (told a recurrence, AB406, and priced as
    # steps on floats that saved nothing). A read of another row still carries state.
    sf = _source(
        tmp_path,
        """\
        class GA:
            def mutate(self, reverse):
                for i in range(self.size_pop):
                    self.Chrom[i] = reverse(self.Chrom[i])

            def smooth(self):
                for i in range(1, self.size_pop):
                    self.Chrom[i] = self.Chrom[i - 1] + self.Chrom[i]
        """,
    )
    mutate = next(lp for lp in sf.loops if lp.line == 3)
    smooth = next(lp for lp in sf.loops if lp.line == 7)
    assert not mutate.recurrence
    assert smooth.recurrence


MONEY = """\
import random

import numpy as np

random.seed(3)
agents = 100
wealth = np.ones(agents)
for i in range(1, 30):
    for j in range(1, 8000):
        a = int(agents * random.random())
        b = int(agents * random.random())
        eps = random.random()
        if a != b:
            m1 = eps * (wealth[a] + wealth[b])
            m2 = (1 - eps) * (wealth[a] + wealth[b])
            wealth[a] = m1
            wealth[b] = m2
print(float(np.sort(wealth)[-5:].sum()))
"""


def test_elements_read_at_indices_the_body_draws_make_an_element_loop(tmp_path: Path) -> None:
    # round 16's money.py: a wealth exchange between two agents drawn at each step, on a
    # 100-element array read and written an element at a time (the loop's own name indexes
    # nothing): no pattern was reported where a list saved 41%
    found = _run(tmp_path, MONEY)
    f = found.get(9)
    assert f is not None and f.code == "AB406", found
    _priced(f)


def test_elements_read_at_drawn_sites_by_item_or_a_pair_of_indices(tmp_path: Path) -> None:
    # round 16's ising2dim: ``spins.item(x, y)`` and ``spins[x, y]`` at a site drawn each step
    # (a Metropolis sweep): an element loop, a recurrence (flips read by later steps)
    sf = _source(
        tmp_path,
        """\
        import numpy as np
        spins = np.ones((8, 8))
        for s in range(64):
            x = int(np.random.random() * 8)
            y = int(np.random.random() * 8)
            d = spins.item(x, y) * spins.item((x + 1) % 8, y)
            if d > 0:
                spins[x, y] *= -1
        """,
    )
    from arraybench.advise.rules.families.loops import scalar_reads
    from arraybench.advise.run.values import Fact

    loop = next(lp for lp in sf.loops if lp.line == 3)
    facts = {
        "spins": Fact("array", "numpy.ndarray", "float64", "cpu", (8, 8)),
        "x": Fact("scalar", "int"),
        "y": Fact("scalar", "int"),
    }
    assert scalar_reads(sf, loop, facts) == {"spins"}
    assert loop.recurrence
