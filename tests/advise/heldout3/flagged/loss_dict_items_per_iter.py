# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Font reconstruction trainer that turns every loss term into a Python float each iteration for logging."""

# Source: https://github.com/thuliu-yt16/dualvector/issues/6 (training extremely slow; the profiler shows
# aten::item / aten::_local_scalar_dense taking 84% of CPU time).


def train_epoch(model, loader, optimizer, loss_fns, logger, epoch):
    model.train()
    for it, batch in enumerate(loader):
        batch = {k: v.cuda(non_blocking=True) for k, v in batch.items()}
        out = model(batch)
        losses = {name: fn(out, batch) for name, fn in loss_fns.items()}
        total = sum(losses.values())
        optimizer.zero_grad()
        total.backward()
        optimizer.step()
        log_vals = {name: l.item() for name, l in losses.items()}  # expect: AB201
        log_vals["total"] = total.item()  # expect: AB201
        logger.add_scalars("train", log_vals, epoch * len(loader) + it)
