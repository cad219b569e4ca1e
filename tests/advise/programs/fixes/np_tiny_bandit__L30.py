# ruff: noqa
"""A two-armed contextual bandit trained with a softmax policy gradient (REINFORCE with a
running-average baseline and a decaying step size): each step draws a context of two features
per arm, picks an arm from the policy's probabilities, observes a noisy reward and moves the
preference weights. After training, the policy is evaluated on a large batch of fresh contexts.
Prints the average reward, the greedy accuracy and a checksum."""
import numpy as np


def action_probs(theta, x):
    h = np.exp(theta @ x)
    return h / np.sum(h)


def reward(arm, x, rng):
    mean = 1.0 + x[arm, 0] - 0.5 * x[arm, 1]
    return mean + 0.3 * rng.standard_normal()


rng = np.random.default_rng(3)
theta = np.zeros(2)
baseline = 0.0
steps = 200_000
total = 0.0
summaries = []
for episode in range(40):
    for t in range(steps // 40):
        x = rng.standard_normal((2, 2))
        pi = action_probs(theta, x)
        p0, p1 = pi.tolist()
        arm = int(rng.random() >= p0 / (p0 + p1))
        r = reward(arm, x, rng)
        baseline += 0.01 * (r - baseline)
        alpha = 2.0 / (100 + episode * (steps // 40) + t)
        theta += alpha * (r - baseline) * (x[:, arm] - x @ pi)
        total += r
    summaries.append(np.round(theta / np.linalg.norm(theta), 3))

contexts = rng.standard_normal((200_000, 2, 2))
scores = np.einsum("j,nja->na", theta, contexts)
best = np.argmax(1.0 + contexts[:, :, 0] - 0.5 * contexts[:, :, 1], axis=1)
accuracy = float(np.mean(np.argmax(scores, axis=1) == best))
print(f"average reward: {total / steps:.4f}  greedy accuracy: {accuracy:.4f}")
print(f"result: {total + accuracy + float(np.sum(summaries)):.8f}")
