# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""LoRA fine-tuning recipe loop that reads the loss with .item() for the progress bar on every step."""

# Source: https://github.com/meta-pytorch/torchtune/pull/522 (profiling found a 40-50 ms
# cudaStreamSynchronize per step from loss.item(); the PR moves it into the log-every-n-steps block).

from tqdm import tqdm


def train(model, dataloader, optimizer, loss_fn, epochs_run, total_epochs, device):
    for curr_epoch in range(epochs_run, total_epochs):
        pbar = tqdm(total=len(dataloader))
        for idx, batch in enumerate(dataloader):
            input_ids, labels = batch
            input_ids = input_ids.to(device)
            labels = labels.to(device)

            logits = model(input_ids)
            logits = logits.transpose(1, 2)
            loss = loss_fn(logits, labels)

            pbar.update(1)
            pbar.set_description(f"{curr_epoch + 1}|{idx + 1}|Loss: {loss.item()}")  # expect: AB201

            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
