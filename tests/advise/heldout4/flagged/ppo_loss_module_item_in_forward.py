# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""A clipped PPO loss module that reports the clip fraction as a Python float from inside forward."""

# Source: https://github.com/pytorch/rl/issues/1783 (question: .item() called inside the loss module blocks on the GPU at every optimisation step)

import torch
from torch import nn


class ClipPPOLoss(nn.Module):
    def __init__(self, actor, critic, clip_epsilon=0.2, entropy_coef=0.01):
        super().__init__()
        self.actor = actor
        self.critic = critic
        self.clip_epsilon = clip_epsilon
        self.entropy_coef = entropy_coef

    def forward(self, obs, action, old_log_prob, advantage, value_target):
        dist = self.actor(obs)
        log_prob = dist.log_prob(action)
        ratio = torch.exp(log_prob - old_log_prob)
        clipped = ratio.clamp(1.0 - self.clip_epsilon, 1.0 + self.clip_epsilon)
        gain = torch.minimum(ratio * advantage, clipped * advantage)
        clip_fraction = ((ratio - 1.0).abs() > self.clip_epsilon).float().mean()
        value_loss = (self.critic(obs).squeeze(-1) - value_target).pow(2).mean()
        loss = -gain.mean() + 0.5 * value_loss - self.entropy_coef * dist.entropy().mean()
        return loss, {"clip_fraction": clip_fraction.item()}  # expect: AB201


def update(loss_module, optimizer, replay, num_epochs=10, minibatch=256):
    for _ in range(num_epochs):
        for batch in replay.iter_minibatches(minibatch):
            loss, info = loss_module(*batch)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
