# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Physics-informed network for the heat equation that deliberately runs in float64 for accurate second derivatives."""

# Source: https://www.codegenes.net/blog/get-double-tensor-pytorch (blog: use torch.float64 where precision matters, e.g. scientific computing)

import numpy as np
import torch
import torch.nn as nn

torch.set_default_dtype(torch.float64)

rng = np.random.default_rng(0)
x_np = rng.random((20_000, 1), dtype=np.float64)
t_np = rng.random((20_000, 1), dtype=np.float64)
x = torch.from_numpy(x_np).requires_grad_(True)
t = torch.from_numpy(t_np).requires_grad_(True)

net = nn.Sequential(nn.Linear(2, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 1))
opt = torch.optim.LBFGS(net.parameters(), max_iter=500, line_search_fn="strong_wolfe")


def closure():
    opt.zero_grad()
    u = net(torch.cat([x, t], dim=1))
    u_t, u_x = torch.autograd.grad(u.sum(), (t, x), create_graph=True)
    u_xx = torch.autograd.grad(u_x.sum(), x, create_graph=True)[0]
    loss = ((u_t - 0.01 * u_xx) ** 2).mean()
    loss.backward()
    return loss


opt.step(closure)
