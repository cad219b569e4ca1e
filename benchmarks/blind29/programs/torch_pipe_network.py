# ruff: noqa
"""Steady-state pressures in a water distribution network: nodes on a ring with random
cross-links, relaxed by damped Jacobi sweeps until the pressures stop changing, for a few
demand scenarios; reports total leakage and the worst-served node."""
import torch


class PipeNetwork:
    def __init__(self, n_nodes, n_links, seed):
        g = torch.Generator().manual_seed(seed)
        src = torch.arange(n_nodes)
        a = torch.cat([src, torch.randint(0, n_nodes, (n_links,), generator=g)])
        b = torch.cat([(src + 1) % n_nodes, torch.randint(0, n_nodes, (n_links,), generator=g)])
        self.a, self.b = a, b
        self.conductance = torch.rand(len(a), generator=g, dtype=torch.float64) + 0.2
        deg = torch.zeros(n_nodes, dtype=torch.float64)
        deg.index_add_(0, a, self.conductance)
        deg.index_add_(0, b, self.conductance)
        self.degree = deg
        self.n = n_nodes


class JacobiSolver:
    def __init__(self, net, damping=0.8, tol=1e-8, max_sweeps=4000):
        self.net = net
        self.damping = damping
        self.tol = tol
        self.max_sweeps = max_sweeps
        self.delta = torch.full((net.n,), float("inf"), dtype=torch.float64)

    @property
    def max_change(self):
        return max(self.delta.abs())

    def sweep(self, p, supply):
        net = self.net
        flow = torch.zeros_like(p)
        flow.index_add_(0, net.a, net.conductance * p[net.b])
        flow.index_add_(0, net.b, net.conductance * p[net.a])
        target = (flow + supply) / (net.degree + 0.04)
        new = (1 - self.damping) * p + self.damping * target
        self.delta = new - p
        return new

    def solve(self, supply):
        p = torch.zeros(self.net.n, dtype=torch.float64)
        sweeps = 0
        while self.max_change > self.tol and sweeps < self.max_sweeps:
            p = self.sweep(p, supply)
            sweeps += 1
        return p, sweeps


net = PipeNetwork(240, 120, seed=11)
g = torch.Generator().manual_seed(5)
inflows = [1.0, 0.8, 1.3, 0.6]
results = {}
for k, scale in enumerate(inflows):
    supply = torch.rand(net.n, generator=g, dtype=torch.float64) * scale
    solver = JacobiSolver(net)
    p, sweeps = solver.solve(supply)
    leakage = (0.01 * p).sum().item()
    results[k] = (p, sweeps, leakage)
    print(f"scenario {k}: {sweeps} sweeps, leakage {leakage:.4f}")
total_inflow = sum(inflows)
worst = min(results.values(), key=lambda r: r[0].min().item())
checksum = sum(r[0].sum().item() + r[1] for r in results.values()) + total_inflow
print(f"worst-served pressure {worst[0].min().item():.5f}")
print("result:", f"{checksum:.10e}")
