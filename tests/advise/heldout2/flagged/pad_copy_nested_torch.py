# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Dilating a kernel: copying A into the middle of a zero tensor element by element."""

# Source: https://whosebug.com/question/4307094/What-s-the-fastest-way-to-copy-values-from-one-tensor-to-another-in-PyTorch
# ("for i in range(A.shape[0]): for j in range(A.shape[1]): B[n+i][n+j] = A[i][j]"; answer:
# B[n:-n, n:-n] = A).

import torch


def pad_with_zeros(A: torch.Tensor, n: int) -> torch.Tensor:
    B = torch.zeros(A.shape[0] + 2 * n, A.shape[1] + 2 * n)
    for i in range(A.shape[0]):  # expect: AB101
        for j in range(A.shape[1]):
            B[n + i][n + j] = A[i][j]
    return B
