# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Serves classification requests, compiling the model inside the per-request inference function."""

# Source: https://github.com/pytorch/pytorch.github.io/pull/1221 (PyTorch 2.0 page snippet: def infer(model, input): model = torch.compile(model); return model(**input))
# Source: https://github.com/pytorch/pytorch/issues/167504 (calling torch.compile in a loop hits the recompile limit: each new wrapper fails the guards and recompiles)

import torch


def infer(model, inputs):
    model = torch.compile(model)  # expect: AB403
    with torch.inference_mode():
        return model(**inputs).softmax(-1)


def serve(model, request_queue, device="cuda"):
    model = model.to(device).eval()
    while True:
        req = request_queue.get()
        if req is None:
            break
        inputs = {"input_ids": req["input_ids"].to(device), "attention_mask": req["attention_mask"].to(device)}
        req["reply"](infer(model, inputs).cpu())
