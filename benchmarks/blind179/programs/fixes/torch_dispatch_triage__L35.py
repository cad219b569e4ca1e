# ruff: noqa
"""Fire station dispatch: a 911 call-taking centre triages incoming calls in small batches as they
arrive. Each call's answers to the structured interview (128 yes/no answers and caller-location flags) are scored
against the determinant table to give a response level (alpha .. echo); the resulting
unit recommendations are tallied and the share of echo-level (full assignment) calls is printed."""
import numpy as np
import torch

torch.set_num_threads(1)

N_QUESTIONS = 128
LEVELS = ["alpha", "bravo", "charlie", "delta", "echo"]
_r = np.random.default_rng(1234)
DETERMINANT_TABLE = np.round(_r.normal(0.0, 0.6, size=(N_QUESTIONS, len(LEVELS))), 3).tolist()
BATCH = 16


class CallTaker:
    def __init__(self, gen):
        self.gen = gen
        self.bias = torch.zeros(len(LEVELS))

    def interview(self, n):
        return (torch.rand(n, N_QUESTIONS, generator=self.gen) > 0.55).float()

    def triage(self, answers):
        table = torch.tensor(DETERMINANT_TABLE, dtype=torch.float32)
        logits = answers @ table + self.bias
        return torch.softmax(logits, dim=1)


def unit_mix(levels):
    tallies = torch.zeros(len(LEVELS))
    per_level = torch.tensor([1.0, 1.0, 2.0, 3.0, 5.0])
    for shift in range(3):
        tallies += per_level * (levels == shift).sum()
    return tallies


def main():
    gen = torch.Generator().manual_seed(9)
    taker = CallTaker(gen)
    counts = torch.zeros(len(LEVELS))
    for minute in range(10000):
        answers = taker.interview(BATCH)
        probs = taker.triage(answers)
        level = probs.argmax(dim=1)
        counts += torch.bincount(level, minlength=len(LEVELS))
        taker.bias = 0.999 * taker.bias + 0.001 * (probs.mean(dim=0) - 0.2)
    share_echo = float(counts[-1] / counts.sum())
    mix = unit_mix(torch.arange(len(LEVELS)))
    print(f"calls {int(counts.sum())}, echo share {share_echo:.4f}, unit mix {mix.tolist()}")
    print(f"result: {share_echo:.10e}")


main()
