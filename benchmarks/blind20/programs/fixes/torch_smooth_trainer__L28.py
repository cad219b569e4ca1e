"""Fitting a smooth spectral response model: a small Trainer fits a linear map from 96 input
bands to 128 output bands on synthetic spectra, with callbacks run after every step: one adds a
roughness penalty from a fixed second-difference kernel, one records the loss, one adjusts the
learning rate at each epoch from a schedule."""
import numpy as np
import torch


def second_difference(n):
    rows = []
    for i in range(n):
        row = [0.0] * n
        row[i] = -2.0
        if i > 0:
            row[i - 1] = 1.0
        if i + 1 < n:
            row[i + 1] = 1.0
        rows.append(row)
    return rows


class RoughnessPenalty:
    def __init__(self, n_out, weight):
        self.kernel_rows = second_difference(n_out)
        self.weight = weight
        self.kernel = torch.tensor(self.kernel_rows)

    def __call__(self, trainer):
        return self.weight * (self.kernel @ trainer.W).pow(2).mean()


class LossLog:
    def __init__(self):
        self.history = []

    def __call__(self, trainer):
        self.history.append(trainer.last_loss)
        return None


class Trainer:
    def __init__(self, n_in, n_out, lr, callbacks):
        self.W = torch.zeros(n_out, n_in, requires_grad=True)
        self.opt = torch.optim.SGD([self.W], lr=lr, momentum=0.9)
        self.callbacks = callbacks
        self.last_loss = torch.tensor(0.0)

    def step(self, x, y):
        pred = x @ self.W.T
        loss = (pred - y).pow(2).mean()
        for cb in self.callbacks:
            extra = cb(self)
            if extra is not None:
                loss = loss + extra
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.last_loss = loss.detach()


def batches(rng, true_w, n_batches, size):
    for _ in range(n_batches):
        x = rng.standard_normal((size, true_w.shape[1])).astype(np.float32)
        y = x @ true_w.T + 0.05 * rng.standard_normal((size, true_w.shape[0])).astype(np.float32)
        yield torch.from_numpy(x), torch.from_numpy(y)


def main():
    rng = np.random.default_rng(8)
    torch.manual_seed(8)
    true_w = np.cumsum(rng.standard_normal((128, 96)), axis=0).astype(np.float32) * 0.05
    log = LossLog()
    trainer = Trainer(96, 128, lr=0.05, callbacks=[RoughnessPenalty(128, 0.1), log])
    schedule = [1.0, 0.7, 0.5, 0.35, 0.25, 0.18, 0.12, 0.08]
    for epoch in range(8):
        scale = torch.tensor(schedule)[epoch].item()
        for group in trainer.opt.param_groups:
            group["lr"] = 0.05 * scale
        for x, y in batches(rng, true_w, 120, 64):
            trainer.step(x, y)
    final = torch.stack(log.history)
    print(f"loss: first {final[0].item():.4f}, last {final[-1].item():.6f}")
    print(f"result: {float(final.sum()) + float(trainer.W.detach().abs().sum()):.10e}")


main()
