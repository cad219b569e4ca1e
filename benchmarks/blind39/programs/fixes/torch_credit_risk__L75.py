"""Probability-of-default model for a retail loan book.

A synthetic loan book (borrower features: income, utilisation, tenor, past delinquencies and
macro sensitivities) with defaults drawn from a latent logistic model. A logistic scorecard is
fitted by minibatch gradient descent; the program reports the training loss, the AUC-like rank
statistic on a hold-out set and the expected loss of the book.
"""
import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class LoanBook:
    def __init__(self, n_loans, n_features, gen):
        x = torch.randn(n_loans, n_features, generator=gen)
        true_w = torch.randn(n_features, generator=gen) / n_features**0.5
        p = torch.sigmoid(x @ true_w - 2.0)
        self._x = x.to(device)
        self._y = (torch.rand(n_loans, generator=gen) < p).float().to(device)
        self.exposure = (1e4 * torch.rand(n_loans, generator=gen)).to(device)

    def __len__(self):
        return self._y.shape[0]

    @property
    def features(self):
        return self._x.clone()

    @property
    def labels(self):
        return self._y

    def batch(self, idx):
        return self.features[idx], self.labels[idx]


class Scorecard(nn.Module):
    def __init__(self, n_features):
        super().__init__()
        self.linear = nn.Linear(n_features, 1)

    def forward(self, x):
        return self.linear(x).squeeze(-1)


def rank_statistic(scores, y):
    order = torch.argsort(scores)
    ranks = torch.empty_like(scores)
    ranks[order] = torch.arange(1, len(scores) + 1, dtype=scores.dtype, device=scores.device)
    n_pos = y.sum()
    n_neg = len(y) - n_pos
    return ((ranks * y).sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(5)
    book = LoanBook(200_000, 48, gen)
    n_train = 160_000
    model = Scorecard(48).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    loss_fn = nn.BCEWithLogitsLoss()
    perm_gen = torch.Generator().manual_seed(9)
    for epoch in range(2):
        perm = torch.randperm(n_train, generator=perm_gen).to(device)
        running = torch.zeros((), device=device)
        for start in range(0, n_train, 4096):
            xb, yb = book.batch(perm[start:start + 4096])
            loss = loss_fn(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.detach()
        print(f"epoch {epoch}: mean loss {running / (n_train // 4096 + 1):.5f}")
    with torch.no_grad():
        hold = torch.arange(n_train, len(book), device=device)
        xh, yh = book.batch(hold)
        scores = model(xh)
        auc = rank_statistic(scores, yh).item()
        el = (torch.sigmoid(model(book.features)) * book.exposure * 0.45).sum().item()
    print(f"hold-out rank statistic {auc:.4f}, expected loss {el:,.0f}")
    print("result:", round(auc + el / 1e7, 6))


if __name__ == "__main__":
    main()
