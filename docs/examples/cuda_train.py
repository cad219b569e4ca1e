"""A small regression trained on the GPU: a loss read with .item() every batch and a constant
tensor moved to the device every batch (what `arraybench profile` should count on a GPU)."""

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
torch.manual_seed(0)
X = torch.randn(65_536, 64, device=device)
w_true = torch.randn(64, 1, device=device)
Y = X @ w_true + 0.1 * torch.randn(65_536, 1, device=device)
model = torch.nn.Sequential(
    torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 1)
).to(device)
opt = torch.optim.SGD(model.parameters(), lr=1e-3)
scale = [0.5] * 64


def train(epochs: int, batch: int) -> float:
    total = 0.0
    for _ in range(epochs):
        for start in range(0, X.shape[0], batch):
            xb, yb = X[start : start + batch], Y[start : start + batch]
            weights = torch.tensor(scale).to(device)
            loss = (((model(xb * weights) - yb) ** 2)).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
    return total


print(f"result: {train(4, 128):.6e}")
