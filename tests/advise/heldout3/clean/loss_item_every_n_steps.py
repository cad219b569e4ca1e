# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Fine-tuning loop that only reads the loss back to the host every log_every_n_steps steps."""

# Source: https://github.com/meta-pytorch/torchtune/pull/522 (move loss.item() into the
# log_every_n_steps block to avoid a cudaStreamSynchronize on every step).


def train(model, dataloader, optimizer, loss_fn, total_epochs, device, log_every_n_steps=100, log=print):
    total_training_steps = 0
    for curr_epoch in range(total_epochs):
        for idx, (input_ids, labels) in enumerate(dataloader):
            input_ids = input_ids.to(device)
            labels = labels.to(device)
            logits = model(input_ids).transpose(1, 2)
            loss = loss_fn(logits, labels)
            if total_training_steps % log_every_n_steps == 0:
                log({"loss": loss.item(), "epoch": curr_epoch, "step": total_training_steps})
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            total_training_steps += 1
