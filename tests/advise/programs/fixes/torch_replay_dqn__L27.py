# ruff: noqa
"""Deep Q-learning on a toy navigation task with 64 environments stepped together: transitions
go into a fixed-size replay buffer, minibatches are drawn from it for each update, and a target
network is refreshed from the online one every few hundred updates."""
import torch

torch.manual_seed(0)
torch.set_num_threads(1)
N_ENV, DIM, N_ACT, CAP = 64, 24, 4, 100_000


class Buffer:
    def __init__(self):
        self.s = torch.zeros(CAP, DIM)
        self.a = torch.zeros(CAP, dtype=torch.long)
        self.r = torch.zeros(CAP)
        self.s2 = torch.zeros(CAP, DIM)
        self.n = 0

    def add(self, s, a, r, s2):
        i = torch.arange(self.n, self.n + len(s)) % CAP
        self.s[i], self.a[i], self.r[i], self.s2[i] = s, a, r, s2
        self.n += len(s)


def sample(buf, batch, gen):
    states = buf.s
    idx = torch.randint(0, min(buf.n, CAP), (batch,), generator=gen)
    return states[idx], buf.a[idx], buf.r[idx], buf.s2[idx]


def env_step(state, action, goal):
    move = torch.nn.functional.one_hot(action, N_ACT).float() @ goal
    nxt = 0.95 * state + 0.1 * move + 0.02 * torch.randn_like(state)
    reward = -((nxt[:, :4] - 1.0) ** 2).sum(dim=1)
    return nxt, reward


q = torch.nn.Sequential(torch.nn.Linear(DIM, 64), torch.nn.ReLU(), torch.nn.Linear(64, N_ACT))
target = torch.nn.Sequential(torch.nn.Linear(DIM, 64), torch.nn.ReLU(), torch.nn.Linear(64, N_ACT))
target.load_state_dict(q.state_dict())
opt = torch.optim.Adam(q.parameters(), lr=1e-3)
goal = torch.randn(N_ACT, DIM)
buf = Buffer()
gen = torch.Generator().manual_seed(1)
state = torch.randn(N_ENV, DIM)
returns = []
best_w = [p.detach().clone() for p in q.parameters()]
best_ret = -1e9
for step in range(1500):
    with torch.no_grad():
        eps = max(0.05, 1.0 - step / 800)
        greedy = q(state).argmax(dim=1)
        explore = torch.rand(N_ENV) < eps
        action = torch.where(explore, torch.randint(0, N_ACT, (N_ENV,)), greedy)
    nxt, reward = env_step(state, action, goal)
    buf.add(state, action, reward, nxt)
    state = nxt
    returns.append(float(reward.mean()))
    if buf.n >= 1024:
        s, a, r, s2 = sample(buf, 128, gen)
        with torch.no_grad():
            y = r + 0.9 * target(s2).max(dim=1).values
        loss = ((q(s).gather(1, a[:, None]).squeeze(1) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    if step % 250 == 0:
        target.load_state_dict(q.state_dict())
        ret = sum(returns[-50:]) / len(returns[-50:])
        if ret > best_ret:
            best_ret = ret
            best_w = [p.detach().clone() for p in q.parameters()]
print(f"mean return over the last 100 steps: {sum(returns[-100:]) / 100:.4f}, best {best_ret:.4f}")
print(f"result: {sum(returns) + float(sum(w.sum() for w in best_w)):.10e}")
