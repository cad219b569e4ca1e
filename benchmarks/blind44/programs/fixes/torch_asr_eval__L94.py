# ruff: noqa
"""Frame-level phone classifier for a small speech recogniser: a feed-forward acoustic model
over stacked log-mel frames is trained for a few epochs on synthetic utterances, then an
evaluator scores every held-out utterance (greedy decoding with repeat collapsing, phone error
counted against the reference), with a logging callback."""
import torch
import torch.nn as nn
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"
N_PHONES, N_MELS, CONTEXT, T = 24, 24, 3, 16


class SyntheticSpeech(torch.utils.data.Dataset):
    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        self.protos = torch.randn(N_PHONES, N_MELS, generator=torch.Generator().manual_seed(0))
        runs = torch.randint(0, N_PHONES, (n, T // 4), generator=g)
        self.labels = runs.repeat_interleave(4, dim=1)
        self.feats = self.protos[self.labels] + 1.2 * torch.randn(n, T, N_MELS, generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.feats[i], self.labels[i]


def stack_context(x):
    pad = F.pad(x, (0, 0, CONTEXT // 2, CONTEXT // 2))
    return pad.unfold(-2, CONTEXT, 1).flatten(-2)


class AcousticModel(nn.Module):
    def __init__(self, hidden=48):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(N_MELS * CONTEXT, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, N_PHONES),
        )

    def forward(self, x):
        return self.net(stack_context(x))


def collapsed_length(seqs):
    return 1 + (seqs[:, 1:] != seqs[:, :-1]).sum(dim=1)


class Evaluator:
    def __init__(self, model, loader, callbacks=()):
        self.model = model
        self.loader = loader
        self.callbacks = callbacks

    @torch.no_grad()
    def run(self):
        self.model.eval()
        errors = total = 0
        logit_sum = torch.zeros((), device=device)
        for step, (x, y) in enumerate(self.loader):
            x, y = x.to(device), y.to(device)
            logits = torch.stack([self.model(utt) for utt in x])
            logit_sum += logits.sum()
            hyp = logits.argmax(-1)
            frame_err = (hyp != y).sum()
            ref_len = collapsed_length(y)
            errors += (collapsed_length(hyp) - ref_len).abs().sum()
            total += ref_len.sum()
            for cb in self.callbacks:
                cb(step, frame_err)
        return float(errors) / float(total), logit_sum


torch.manual_seed(0)
train = torch.utils.data.DataLoader(SyntheticSpeech(6000, seed=1), batch_size=128, shuffle=True)
test = torch.utils.data.DataLoader(SyntheticSpeech(50000, seed=2), batch_size=1000)
model = AcousticModel().to(device)

def sgd_step(model, loss, lr):
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad


for epoch in range(3):
    model.train()
    for x, y in train:
        x, y = x.to(device), y.to(device)
        sgd_step(model, F.cross_entropy(model(x).flatten(0, 1), y.flatten()), lr=0.3)
frame_errors = []
evaluator = Evaluator(model, test, callbacks=[lambda step, e: frame_errors.append(e)])
per, logit_sum = evaluator.run()
total_frame_errors = int(torch.stack(frame_errors).sum())
print(f"phone-count error {per:.4f}, frame errors {total_frame_errors}")
print(f"result: {per + total_frame_errors + float(logit_sum) * 1e-6:.10e}")
