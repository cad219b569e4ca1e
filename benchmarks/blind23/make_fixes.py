import json, sys
# (program, anchor line text (unique, identifies the site line), [(old, new), ...], kind, hot, what, rtol)
SITES = [
 ("np_bootstrap_ci", "return sum(core) / len(core)", [("return sum(core) / len(core)", "return float(core.sum()) / len(core)")],
  "AB409", True, "builtin sum over the trimmed, sorted bootstrap resample (1,400 float64 items) inside trimmed_mean, a statistic passed as functools.partial and called once per bootstrap draw", 1e-6),
 ("np_bootstrap_ci", "score = sum(w * widths[k]", [("score = sum(w * widths[k] for w, k in zip(weights, STATISTICS)) / sum(weights)", "score = float(np.dot(weights, [widths[k] for k in STATISTICS])) / float(np.sum(weights))")],
  "AB409", False, "builtin sum over 3 weights and 3 widths once at the end", 1e-6),
 ("py_drawdown_report", "for v in values:", [("peaks = np.fromiter(running_peak(equity), dtype=np.float64, count=len(equity))", "peaks = np.maximum.accumulate(equity)")],
  "AB104", True, "running maximum of each equity curve (1.2 M days, for each of 24 funds) computed element by element in a generator (running_peak) consumed by np.fromiter inside RiskReport.drawdown; np.maximum.accumulate replaces it", 1e-6),
 ("py_drawdown_report", "width = max(len(n) for n in names)", [("width = max(len(n) for n in names)", "width = int(np.char.str_len(np.array(names)).max())")],
  "AB409", False, "builtin max over the 24 fund names' lengths, once", 1e-6),
 ("torch_nbody_cluster", "w = r2.pow(-1.5) * self.c.mass[None, :]", [("self.mass = torch.from_numpy(masses / masses.sum())", "self.mass = torch.from_numpy((masses / masses.sum()).astype(np.float32))")],
  "AB410", True, "the masses are a float64 tensor (torch.from_numpy of NumPy's uniform draws, made in Cluster.__init__): multiplying the float32 pair weights by them makes the accelerations float64, and through vel = vel + ... the whole leapfrog runs in float64 from the first step (the fix makes the masses float32 where they are made)", 1e-3),
 ("torch_nbody_cluster", "return 0.5 * float((self.c.mass * (vel.double() ** 2).sum(1)).sum())", [("(vel.double() ** 2)", "(vel ** 2)")],
  "AB410", False, "kinetic energy accumulated in float64 (vel.double()) every 10th step: a deliberate float64 diagnostic on 800x3 values", 1e-3),
 ("torch_har_eval", "logits = list(map(lambda item: self.model(item[0].unsqueeze(0))[0], dataset))", [("logits = list(map(lambda item: self.model(item[0].unsqueeze(0))[0], dataset))\n        return torch.stack(logits)", "return self.model(dataset.x)")],
  "AB106", True, "the MLP called on one window at a time (map with a lambda over the Dataset's items, 20,000 calls) in Evaluator.predict instead of on the whole batch", 1e-4),
 ("torch_har_eval", "for c in range(N_CLASSES):", [("    out = []\n    for c in range(N_CLASSES):\n        mask = y == c\n        out.append((pred[mask] == c).float().mean())\n    return torch.stack(out)", "    hits = torch.bincount(y[pred == y], minlength=N_CLASSES).float()\n    return hits / torch.bincount(y, minlength=N_CLASSES).float()")],
  "AB101", False, "loop over the 6 classes, each recall computed with whole-array masks", 1e-6),
 ("np_momentum_backtest", "self.book.positions = np.vstack([self.book.positions, w])", [
    ("        self.book.positions = np.vstack([self.book.positions, w])\n", "        self._rows.append(w)\n"),
    ("        self.hooks = list(hooks)\n", "        self.hooks = list(hooks)\n        self._rows = []\n"),
    ("                hook(t, self.book)\n        return self.book", "                hook(t, self.book)\n        self.book.positions = np.array(self._rows)\n        return self.book")],
  "AB107", True, "the book's position matrix grown with np.vstack by one 400-asset row per day (4,940 days) in the on_bar method the run loop calls", 1e-6),
 ("np_momentum_backtest", "for y in yearly:", [("annual = np.empty(0)\nfor y in yearly:\n    annual = np.append(annual, y.sum())\n", "annual = np.array([y.sum() for y in yearly])\n")],
  "AB107", False, "np.append of one yearly return per year (20 years)", 1e-6),
 ("np_gp_calibration", "return np.linalg.inv(k)", [("    @property\n    def precision", "    @functools.cached_property\n    def precision"), ("import numpy as np\n", "import functools\n\nimport numpy as np\n")],
  "AB411", True, "the training kernel matrix (600x600) built and inverted again in the precision property, read by predict for every query batch (100 times) though the training data never change", 1e-6),
 ("np_gp_calibration", "clipped = z.copy()", [("    clipped = z.copy()\n    np.clip(clipped, -3.0, 3.0, out=clipped)\n", "    clipped = np.clip(z, -3.0, 3.0)\n")],
  "AB203", False, "copy of the batch's 256 z-scores, then clipped in place (the copy is written into)", 1e-6),
 ("np_thermal_colormap", "lut = np.array(COLORMAP, dtype=np.float32)", [("        lut = np.array(COLORMAP, dtype=np.float32)\n", "        lut = LUT\n"), ("GAMMA_POINTS = [", "LUT = np.array(COLORMAP, dtype=np.float32)\nGAMMA_POINTS = [")],
  "AB108", True, "the constant 1024x3 colour map converted from the nested Python list with np.array in colorize, called for every 32x32 tile (64 tiles x 180 frames)", 1e-6),
 ("np_thermal_colormap", "curve = np.interp(img.mean(axis=(0, 1)), np.array(GAMMA_POINTS), np.array(GAMMA_POINTS) ** 2)", [("curve = np.interp(img.mean(axis=(0, 1)), np.array(GAMMA_POINTS), np.array(GAMMA_POINTS) ** 2)", "curve = np.interp(img.mean(axis=(0, 1)), GP, GP2)"), ("rng = np.random.default_rng(17)\n", "rng = np.random.default_rng(17)\nGP = np.array(GAMMA_POINTS)\nGP2 = GP ** 2\n")],
  "AB108", False, "the 5-point gamma table converted with np.array twice per frame (180 frames)", 1e-6),
 ("torch_ct_patches", "return self._data.clone()", [("return self._data.clone()", "return self._data")],
  "AB203", True, "the data property returns a clone of the whole 128x224x224 volume (26 MB), read by the sampler's generator for every patch (300) and only sliced", 1e-6),
 ("torch_ct_patches", "p = patch.clone()", [("p = patch.clone()", "p = patch")],
  "AB203", False, "clone of a 24^3 patch that normalise then writes into (a needed copy, 14k values)", 1e-6),
 ("jax_soil_model_eval", "preds = jnp.stack([predict_one(params, jnp.asarray(row)) for row in X])", [("preds = jnp.stack([predict_one(params, jnp.asarray(row)) for row in X])", "preds = jnp.tanh(jnp.asarray(X) @ params[\"w1\"].T + params[\"b1\"]) @ params[\"w2\"] + params[\"b2\"]")],
  "AB105", True, "the model evaluated one test record at a time (eager w1 @ x matvec, tanh and w2 @ h per row, 2,500 rows) in a list comprehension instead of one matrix product over the batch", 1e-4),
 ("jax_soil_model_eval", "spread = [float(jnp.mean(jnp.asarray(err) * s) ** 2) for s in scales]", [("spread = [float(jnp.mean(jnp.asarray(err) * s) ** 2) for s in scales]", "spread = [float(v) for v in jnp.mean(jnp.asarray(err)[None, :] * scales[:, None], axis=1) ** 2]")],
  "AB101", False, "comprehension over the 3 elements of a jnp array of scales, one whole-array mean each", 1e-4),
 ("torch_wiener_deblur", "h = centred_otf(psf, frame.shape)", [
    ("    def deconvolve(frame, lam):\n        h = centred_otf(psf, frame.shape)\n        l = centred_otf(LAPLACIAN, frame.shape)\n        g = torch.conj(h) / (h.abs() ** 2 + lam * l.abs() ** 2)\n",
     "    cache = {}\n\n    def deconvolve(frame, lam):\n        if frame.shape not in cache:\n            h = centred_otf(psf, frame.shape)\n            l = centred_otf(LAPLACIAN, frame.shape)\n            cache[frame.shape] = (torch.conj(h), h.abs() ** 2, l.abs() ** 2)\n        hc, h2, l2 = cache[frame.shape]\n        g = hc / (h2 + lam * l2)\n")],
  "AB411", True, "the regularised Wiener filter of the fixed blur kernel (two padded 512x512 OTFs by rfft2 in a helper, abs, conj, divide) rebuilt inside the deconvolve closure at every call (3 regularisation strengths x 110 frames), though the kernels never change (only the cheap final divide depends on the strength); labelled on the first OTF call", 1e-6),
 ("torch_wiener_deblur", "weights = torch.tensor([0.25, 0.5, 0.25])", [("    weights = torch.tensor([0.25, 0.5, 0.25])\n", ""), ("restored = []\n", "restored = []\nweights = torch.tensor([0.25, 0.5, 0.25])\n")],
  "AB108", False, "3-element smoothing weights made with torch.tensor once per frame (110 times)", 1e-6),
]
labels = {"version": 1, "note": "", "programs": {}}
for prog, anchor, reps, kind, hot, what, rtol in SITES:
    src = open(prog + ".py").read()
    lines = src.split("\n")
    hits = [i + 1 for i, l in enumerate(lines) if anchor in l]
    assert len(hits) == 1, (prog, anchor, hits)
    line = hits[0]
    fixed = src
    for old, new in reps:
        assert fixed.count(old) == 1, (prog, old)
        fixed = fixed.replace(old, new)
    fp = f"fixes/{prog}__L{line}.py"
    open(fp, "w").write(fixed)
    e = labels["programs"].setdefault(prog + ".py", {"args": [], "sites": []})
    e["sites"].append({"line": line, "kind": kind, "hot": hot, "what": what, "fix": fp, "rtol": rtol})
    print(prog, line, kind, hot)
json.dump(labels, open("labels.json", "w"), indent=1)
