# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Times a small GPU accept/reject loop with CUDA events and a synchronize before reading them."""

# Source: https://github.com/pytorch/pytorch/issues/38206 ("Loops are very slow compared to tensorflow":
# the benchmark records torch.cuda.Event before and after and calls torch.cuda.synchronize()).

import torch

torch.set_default_tensor_type("torch.cuda.FloatTensor")


def torch_loop_test():
    x = torch.rand(50)
    eps = torch.finfo(x.dtype).eps
    for _ in range(100):
        x_new = torch.rand(50)
        alpha = x / (x_new + eps)
        mask = alpha > torch.rand(1)
        x = torch.where(mask, x_new, x)
    return x


s0 = torch.cuda.Event(enable_timing=True)
s1 = torch.cuda.Event(enable_timing=True)
s0.record()
for _ in range(100):
    torch_loop_test()
s1.record()
torch.cuda.synchronize()
print("Elapsed seconds:", s0.elapsed_time(s1) / 1000)
