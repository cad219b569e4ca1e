# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Full fine-tuning loop that only converts the loss to a Python float inside the log-every-N-steps block."""

# Source: https://github.com/meta-pytorch/torchtune/pull/661 (PR "Move loss sync for full finetune single device recipe": keep loss.item() inside the log_every_n_steps block)

import torch
import torch.nn.functional as F
from tqdm import tqdm


def train(model, dataloader, optimizer, epochs=3, log_every_n_steps=50, device="cuda"):
    global_step = 0
    for epoch in range(epochs):
        pbar = tqdm(dataloader, desc=f"epoch {epoch}")
        for tokens, labels in pbar:
            tokens, labels = tokens.to(device), labels.to(device)
            logits = model(tokens)
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), labels.view(-1), ignore_index=-100)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            global_step += 1
            if global_step % log_every_n_steps == 0:
                pbar.set_description(f"{epoch + 1}|{global_step}|Loss: {loss.item():.4f}")
