# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A float parameter turned into a tensor on the right device: a conversion, not a copy."""

import torch


def noisy_ratio(signal: torch.Tensor, noise_var: float = 2.0) -> torch.Tensor:
    noise_var = torch.tensor(noise_var, dtype=signal.dtype, device=signal.device)
    return torch.log10(1.0 + signal.var(dim=-1) / noise_var)
