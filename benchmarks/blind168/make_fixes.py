"""Writes programs/fixes/<stem>__L<line>.py: each a copy of its program with one labelled site
rewritten (exact text replacements; each must match once, and the labelled line must hold the
site's text)."""
from pathlib import Path

HERE = Path(__file__).parent / "programs"

# (program, line, [(old, new), ...]); the first old text must sit on the labelled line
FIXES = [
    ("np_bakery_dayplan.py", 78, [(
        "on_hold = [b.batch_id for b, q in zip(batches, qa.tolist()) if q < QA_PASS]",
        "on_hold = {b.batch_id for b, q in zip(batches, qa.tolist()) if q < QA_PASS}",
    )]),
    ("np_bakery_dayplan.py", 84, [("busiest = max(share)", "busiest = share.max()")]),
    ("np_ride_segments.py", 30, [
        ("        self.fixes = np.vstack([self.fixes, packet])",
         "        self.parts.append(packet)"),
        ("    fixes: np.ndarray = field(default_factory=lambda: np.empty((0, len(COLUMNS))))\n",
         "    parts: list = field(default_factory=list)\n\n"
         "    @cached_property\n"
         "    def fixes(self):\n"
         "        return np.vstack(self.parts)\n"),
        ("from functools import partial", "from functools import cached_property, partial"),
    ]),
    ("np_ride_segments.py", 110, [(
        'seg.name in ["Quarry Climb", "Church Hill", "Beacon Ramp"]',
        'seg.name in {"Quarry Climb", "Church Hill", "Beacon Ramp"}',
    )]),
    ("np_oven_logs.py", 63, [
        ("        coef = np.linalg.pinv(basis) @ log", "        coef = solve @ log"),
        ("    basis = design_matrix(minutes)\n",
         "    basis = design_matrix(minutes)\n    solve = np.linalg.pinv(basis)\n"),
    ]),
    ("np_oven_logs.py", 57, [("bands = SETPOINT_BANDS.copy()", "bands = SETPOINT_BANDS")]),
    ("torch_training_load.py", 64, [(
        "warmup = torch.from_numpy(1.0 + 0.02 * np.exp(-t / 900.0))",
        "warmup = torch.from_numpy(1.0 + 0.02 * np.exp(-t / 900.0)).float()",
    )]),
    ("torch_training_load.py", 83, [
        ("        fitness = torch.cat([fitness, torch.tensor([[ctl, atl, ctl - atl]])])\n",
         "        rows.append([ctl, atl, ctl - atl])\n    fitness = torch.tensor(rows)\n"),
        ("    fitness = torch.zeros(0, 3)         # ctl, atl, form per week\n",
         "    rows = []                           # ctl, atl, form per week\n"),
    ]),
    ("torch_dough_proofing.py", 47, [
        ("    table = torch.as_tensor(ACTIVITY)", "    table = ACTIVITY_TABLE"),
        ("\n\ndef activity(temp, salt):",
         "\nACTIVITY_TABLE = torch.as_tensor(ACTIVITY)\n\n\ndef activity(temp, salt):"),
    ]),
    ("torch_dough_proofing.py", 93, [(
        "done[1] = max(done[1], volume.max().item())",
        "done[1] = torch.maximum(torch.as_tensor(done[1]), volume.max())",
    )]),
    ("jax_segment_times.py", 79, [
        ("            effort_summary(e, rider.mass, rider.cda, rider.crr)",
         "            effort_summary(np.pad(e, ((0, MAX_SAMPLES - len(e)), (0, 0))),\n"
         "                           rider.mass, rider.cda, rider.crr)"),
        ("EFFORTS_PER_SEGMENT = 8\n",
         "EFFORTS_PER_SEGMENT = 8\nMAX_SAMPLES = 1600     # longest segment: 8 km in 5 m steps\n"),
    ]),
    ("jax_segment_times.py", 86, [
        ("        cutoffs = np.array([2.5, 3.2, 4.0, 4.6, 5.3])", "        cutoffs = WKG_CUTOFFS"),
        ("EFFORTS_PER_SEGMENT = 8\n",
         "EFFORTS_PER_SEGMENT = 8\nWKG_CUTOFFS = np.array([2.5, 3.2, 4.0, 4.6, 5.3])\n"),
    ]),
]


def main():
    out = HERE / "fixes"
    out.mkdir(exist_ok=True)
    for prog, line, edits in FIXES:
        text = (HERE / prog).read_text()
        site = text.splitlines()[line - 1]
        assert edits[0][0].strip() in site, (prog, line, site)
        for old, new in edits:
            assert text.count(old) == 1, (prog, line, old)
            text = text.replace(old, new)
        (out / f"{prog[:-3]}__L{line}.py").write_text(text)


if __name__ == "__main__":
    main()
