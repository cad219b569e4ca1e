# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Times a hand-written RNN state update on the GPU with time.time for several numbers of iterations."""

# Source: https://github.com/pytorch/pytorch/issues/1088 ("GPU slower than CPU on a simple RNN test
# code": the loop x = J x with r = tanh(x) timed on CPU and GPU with time.time()).

import time

import torch as tr

N = 1000
J = tr.randn(N, N).cuda()
x = tr.randn(N).cuda()

gputimes = []
for sampl in (100, 1000, 10000, 100000):
    start = time.time()
    for i in range(sampl):
        r = tr.tanh(x)
        x = tr.mv(J, r)
    gputimes.append(time.time() - start)  # expect: AB301
print("gpu:", gputimes)
