# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Training driver for an image-to-image GAN that collects every named loss as a Python float after each iteration."""

# Source: https://github.com/jolibrain/joliGEN/pull/374 (PR "sync loss only when printing": converting losses every iteration halved training speed)

from collections import OrderedDict, defaultdict


class GANTrainer:
    def __init__(self, model, loss_names, print_freq=100):
        self.model = model
        self.loss_names = loss_names  # e.g. ["G_GAN", "G_NCE", "D_real", "D_fake"]
        self.print_freq = print_freq
        self.running = defaultdict(float)

    def get_current_losses(self):
        errors = OrderedDict()
        for name in self.loss_names:
            errors[name] = float(getattr(self.model, "loss_" + name))  # expect: AB201
        return errors

    def train_epoch(self, loader, epoch):
        for i, data in enumerate(loader):
            self.model.set_input(data)
            self.model.optimize_parameters()
            losses = self.get_current_losses()
            for k, v in losses.items():
                self.running[k] += v
            if i % self.print_freq == 0:
                msg = " ".join(f"{k}: {v / (i + 1):.4f}" for k, v in self.running.items())
                print(f"epoch {epoch} iter {i} {msg}")
