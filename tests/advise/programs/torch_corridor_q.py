# ruff: noqa
"""Tabular Q-learning on a corridor of cells with a reward at either end and a slippery floor,
the agent exploring epsilon-greedily. Random numbers come from torch generators seeded for
reproducibility, as the rest of the project (a torch code base) does; the table itself is a
list of Python lists. After training the greedy policy is read off and evaluated on fresh
episodes. Prints the learned values near the middle, the success rate and a checksum."""
import torch

N_CELLS = 21
ACTIONS = (-1, 1)
explore = torch.Generator().manual_seed(1)
pick = torch.Generator().manual_seed(2)
starts = torch.Generator().manual_seed(3)
slips = torch.Generator().manual_seed(4)
probes = torch.Generator().manual_seed(5)


def greedy(q_row):
    return 0 if q_row[0] > q_row[1] else 1


def run_episode(q, eps, alpha, gamma, learn=True):
    s = int(torch.randint(1, N_CELLS - 1, (1,), generator=starts).item())
    total = 0.0
    for t in range(200):
        if learn and torch.rand(1, generator=explore).item() < eps:
            a = int(torch.randint(0, 2, (1,), generator=pick).item())
        else:
            a = greedy(q[s])
        step = ACTIONS[a]
        if slips_now[t % len(slips_now)] < 0.1:
            step = -step
        s2 = min(max(s + step, 0), N_CELLS - 1)
        r = 1.0 if s2 == N_CELLS - 1 else (0.3 if s2 == 0 else -0.01)
        done = s2 in (0, N_CELLS - 1)
        if learn:
            target = r if done else r + gamma * max(q[s2])
            q[s][a] += alpha * (target - q[s][a])
        total += r
        s = s2
        if done:
            break
    return total, s


slips_now = torch.rand(997, generator=slips).tolist()
q = [[0.0, 0.0] for _ in range(N_CELLS)]
returns = []
monitor = []
for episode in range(60_000):
    total, _ = run_episode(q, 0.1, 0.1, 0.98)
    returns.append(total)
    if episode % 1000 == 999:
        probe = int(torch.randint(1, N_CELLS - 1, (1,), generator=probes).item())
        monitor.append(max(q[probe]))
wins = 0
for episode in range(2_000):
    _, end = run_episode(q, 0.0, 0.0, 0.98, learn=False)
    wins += end == N_CELLS - 1
middle = [round(max(v), 3) for v in q[8:13]]
print("values near the middle:", middle, "success:", wins / 2000)
print(f"result: {sum(returns) + wins + sum(sum(v) for v in q) + sum(monitor):.8f}")
