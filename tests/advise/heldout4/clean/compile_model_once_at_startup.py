# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Inference worker that compiles the model once when the process starts and reuses it for every request."""

# Source: https://github.com/bytedance/LatentSync/pull/295 (PR "torch.compile and profile": compilation takes ~1 minute, so re-use the Python process to serve multiple requests)

import torch


class Worker:
    def __init__(self, model, device="cuda"):
        self.device = device
        self.model = torch.compile(model.to(device).eval())

    @torch.inference_mode()
    def __call__(self, input_ids, attention_mask):
        logits = self.model(input_ids=input_ids.to(self.device), attention_mask=attention_mask.to(self.device))
        return logits.softmax(-1).cpu()


def serve(model, request_queue):
    worker = Worker(model)
    while (req := request_queue.get()) is not None:
        req["reply"](worker(req["input_ids"], req["attention_mask"]))
