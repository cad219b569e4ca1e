# ruff: noqa
"""Skill-based call routing replay for a contact center: each day's calls carry a feature vector
(language, product, customer tier, intent scores), agents carry learned skill embeddings, every
call is scored against all agents and sent to the best free one, and the day's handle times and
first-contact resolution are estimated."""
import functools

import torch

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
N_AGENTS, N_FEAT = 240, 96


class SkillModel:
    def __init__(self, gen):
        self.layers = []
        for width in (N_FEAT, 128, N_FEAT):
            self.layers.append(torch.randn(width, N_FEAT if not self.layers else self.layers[-1].shape[0], generator=gen) * 0.1)
        self.agent_skills = torch.randn(N_AGENTS, N_FEAT, generator=gen)

    def embed_agents(self):
        h = self.agent_skills
        for w in self.layers:
            h = torch.tanh(h @ w.T)
        return h


def score_call(agent_emb, call):
    return torch.mv(agent_emb, call)


def route_day(model, calls, busy_until, clock):
    agent_emb = model.embed_agents()
    scorer = functools.partial(score_call, agent_emb)
    scores = torch.stack(list(map(scorer, calls)))
    penalty = (busy_until > clock[:, None]).float() * 1e3
    choice = torch.argmax(scores - penalty, dim=1)
    handle = 180.0 + 60.0 * torch.sigmoid(-scores.gather(1, choice[:, None]).squeeze(1))
    resolved = torch.sigmoid(scores.max(dim=1).values / 4.0)
    return choice, handle, resolved


gen = torch.Generator().manual_seed(1)
model = SkillModel(gen)
totals = []
for day in range(36):
    n_calls = 4000
    calls = torch.randn(n_calls, N_FEAT, generator=gen).to(device)
    clock = torch.sort(torch.rand(n_calls, generator=gen) * 36000.0).values
    busy_until = torch.rand(n_calls, N_AGENTS, generator=gen) * 36000.0
    choice, handle, resolved = route_day(model, calls, busy_until, clock)
    load = torch.bincount(choice, minlength=N_AGENTS).float()
    totals.append(torch.stack([handle.mean(), resolved.mean(), load.std()]))
    if day % 6 == 0:
        print(f"day {day}: mean handle {handle.mean().item():.2f} s, FCR {resolved.mean().item():.4f}")
totals = torch.stack(totals)
print(f"result: {float(totals.double().sum()):.10e}")
