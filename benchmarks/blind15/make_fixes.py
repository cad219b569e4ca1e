"""Write benchmarks/blind15/programs/fixes/: each labelled site rewritten, nothing else.

Each entry: program, the line that names the site, [(old, new), ...] text replacements.
    python benchmarks/blind15/make_fixes.py   # prints program, line, fix file
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent / "programs"

FIXES = [
    (
        "np_portfolio_paths.py",
        "    return sum(daily)",
        [("    return sum(daily)", "    return daily.sum()")],
    ),
    (
        "np_portfolio_paths.py",
        "    return sum([schedule",
        [
            (
                'return sum([schedule["mgmt"], schedule["perf"], schedule["custody"], '
                'schedule["fx"], schedule["tax"]])',
                'return schedule["mgmt"] + schedule["perf"] + schedule["custody"] + '
                'schedule["fx"] + schedule["tax"]',
            )
        ],
    ),
    (
        "np_spectral_frames.py",
        "    frames = frames * window",
        [("    frames = frames * window", "    frames = frames * window.astype(np.float32)")],
    ),
    (
        "np_spectral_frames.py",
        "    tones = np.sin(",
        [
            (
                "np.sin(2 * np.pi * 440 * t) + 0.5 * np.sin(2 * np.pi * 1250 * t)",
                "np.sin(np.float32(2 * np.pi * 440) * t) + np.float32(0.5) * "
                "np.sin(np.float32(2 * np.pi * 1250) * t)",
            )
        ],
    ),
    (
        "torch_weather_hmm.py",
        "        return torch.tensor([[0.80",
        [
            (
                "    def transition(self):\n        return torch.tensor(",
                "    def _build(self):\n        return torch.tensor(",
            ),
            (
                "    def step(self, alpha, day):",
                "    def transition(self):\n        if not hasattr(self, '_t'):\n"
                "            self._t = self._build()\n        return self._t\n\n"
                "    def step(self, alpha, day):",
            ),
        ],
    ),
    (
        "torch_weather_hmm.py",
        "        checkpoints.append(alpha.max().item())",
        [
            (
                "        checkpoints.append(alpha.max().item())",
                "        checkpoints.append(alpha.max())",
            ),
            (
                "loglik = torch.log(norms).sum()",
                "checkpoints = torch.stack(checkpoints).tolist()\nloglik = torch.log(norms).sum()",
            ),
        ],
    ),
    (
        "np_stream_anomaly.py",
        "    precision = np.linalg.inv(cov)",
        [
            (
                "def mahalanobis(event, mu, cov):\n    precision = np.linalg.inv(cov)\n",
                "def mahalanobis(event, mu, precision):\n",
            ),
            ("scores = []\n", "precision = np.linalg.inv(cov)\nscores = []\n"),
            ("    s = mahalanobis(x, mu, cov)", "    s = mahalanobis(x, mu, precision)"),
        ],
    ),
    (
        "np_stream_anomaly.py",
        "    filled = event.copy()",
        [("    filled = event.copy()", "    filled = event")],
    ),
    (
        "torch_doc_retrieval.py",
        "        bank = self.bank.clone()",
        [("        bank = self.bank.clone()", "        bank = self.bank")],
    ),
    (
        "torch_doc_retrieval.py",
        "    q = batch.clone()",
        [("    q = batch.clone()", "    q = batch")],
    ),
    (
        "np_churn_logreg.py",
        "    logits = np.array([np.dot(row, w) for row in X]) + b",
        [("np.array([np.dot(row, w) for row in X]) + b", "X @ w + b")],
    ),
    (
        "np_churn_logreg.py",
        "        for k in range(3):",
        [
            (
                "        for k in range(3):\n"
                "            checks[k] += (sigmoid(X_val @ w + b) > thresholds[k]).mean()",
                "        probs = sigmoid(X_val @ w + b)\n"
                "        checks += (probs[:, None] > np.array(thresholds)).mean(axis=0)",
            )
        ],
    ),
    (
        "torch_drone_rollout.py",
        "    while t < steps:",
        [
            ("    trajectory = torch.empty(0, 12)\n", "    trajectory = []\n"),
            (
                "        trajectory = torch.cat([trajectory, state[None]])",
                "        trajectory.append(state)",
            ),
            ("    return trajectory, cost", "    return torch.stack(trajectory), cost"),
        ],
    ),
    (
        "torch_drone_rollout.py",
        "for episode in range(",
        [
            ("returns = torch.empty(0)\n", "returns = []\n"),
            ("    returns = torch.cat([returns, -cost[None]])", "    returns.append(-cost)"),
            ('print(f"spread', 'returns = torch.stack(returns)\nprint(f"spread'),
        ],
    ),
    (
        "np_signal_clipper.py",
        "    while i < len(x):",
        [
            (
                "    out = np.empty_like(x)\n    i = 0\n    while i < len(x):\n        v = x[i]\n"
                "        if abs(v) > knee:\n"
                "            out[i] = np.sign(v) * (knee + (abs(v) - knee) / ratio)\n"
                "        else:\n            out[i] = v\n        i += 1\n    return out",
                "    big = np.abs(x) > knee\n"
                "    return np.where(big, np.sign(x) * (knee + (np.abs(x) - knee) / ratio), x)",
            )
        ],
    ),
    (
        "np_signal_clipper.py",
        "recording = np.stack([",
        [
            (
                "recording = np.stack([np.sin(2 * np.pi * f * t) * a for f, a in "
                "((1.0, 1.4), (2.5, 0.9), (0.3, 1.8))])",
                "freqs = np.array([1.0, 2.5, 0.3])[:, None]\n"
                "amps = np.array([1.4, 0.9, 1.8])[:, None]\n"
                "recording = np.sin(2 * np.pi * freqs * t) * amps",
            )
        ],
    ),
    (
        "np_loan_amortize.py",
        "        pv += interest * np.exp(",
        [("        pv += interest * np.exp(", "        pv += interest * math.exp(")],
    ),
    (
        "np_loan_amortize.py",
        "scale = float(np.sqrt(12.0))",
        [("scale = float(np.sqrt(12.0))", "scale = math.sqrt(12.0)")],
    ),
    (
        "torch_batch_scoring.py",
        "    feats = torch.cat([model(",
        [
            (
                "    feats = torch.cat([model(batch[i : i + 1]) for i in range(batch.shape[0])])",
                "    feats = model(batch)",
            )
        ],
    ),
    (
        "torch_batch_scoring.py",
        "    heads = [torch.sigmoid(",
        [
            (
                "    heads = [torch.sigmoid(head(feats)) for head in model.heads]\n"
                "    return torch.stack(heads).mean(dim=0)",
                "    weight = torch.cat([head.weight for head in model.heads])\n"
                "    bias = torch.cat([head.bias for head in model.heads])\n"
                "    probs = torch.sigmoid(torch.nn.functional.linear(feats, weight, bias))\n"
                "    return probs.mean(dim=1, keepdim=True)",
            )
        ],
    ),
]


def main() -> None:
    (HERE / "fixes").mkdir(exist_ok=True)
    for prog, marker, edits in FIXES:
        text = (HERE / prog).read_text()
        lines = [i + 1 for i, ln in enumerate(text.splitlines()) if ln.startswith(marker)]
        if len(lines) != 1:
            raise SystemExit(f"{prog}: marker {marker!r} on lines {lines}")
        for old, new in edits:
            if text.count(old) != 1:
                raise SystemExit(f"{prog}: {old!r} found {text.count(old)} times")
            text = text.replace(old, new)
        out = HERE / "fixes" / f"{prog[:-3]}__L{lines[0]}.py"
        out.write_text(text)
        print(prog, lines[0], out.name)


if __name__ == "__main__":
    main()
