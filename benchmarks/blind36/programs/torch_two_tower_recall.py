# ruff: noqa
"""Two-tower retrieval model for a small catalogue: user and item towers are trained with an
in-batch softmax on synthetic interactions, and after each epoch a callback measures recall@20
of every held-out user's next item against the whole catalogue."""
import torch
import torch.nn as nn
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"


class Tower(nn.Module):
    def __init__(self, d_in, d_out=32, hidden=(128, 64)):
        super().__init__()
        layers, d = [], d_in
        for h in hidden:
            layers += [nn.Linear(d, h), nn.ReLU()]
            d = h
        layers.append(nn.Linear(d, d_out))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


class TwoTower(nn.Module):
    def __init__(self, d_user, d_item):
        super().__init__()
        self.user = Tower(d_user)
        self.item = Tower(d_item)


class RecallAtK:
    def __init__(self, users, items, targets, k=20):
        self.users, self.items, self.targets, self.k = users, items, targets, k
        self.history = []

    @torch.no_grad()
    def __call__(self, model, epoch):
        item_emb = model.item(self.items)
        user_emb = torch.cat([model.user(u.unsqueeze(0)) for u in self.users])
        top = (user_emb @ item_emb.T).topk(self.k, dim=1).indices
        recall = (top == self.targets[:, None]).any(1).float().mean()
        self.history.append(recall)
        return recall


class Trainer:
    def __init__(self, model, lr=3e-3, temperature=0.1, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.t = temperature
        self.callbacks = list(callbacks)

    def fit(self, users, items, epochs, batch=1024):
        losses = []
        for epoch in range(epochs):
            perm = torch.randperm(users.shape[0])
            for i in range(0, users.shape[0], batch):
                idx = perm[i:i + batch]
                logits = self.model.user(users[idx]) @ self.model.item(items[idx]).T / self.t
                loss = F.cross_entropy(logits, torch.arange(idx.numel(), device=logits.device))
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                losses.append(loss.detach())
            for cb in self.callbacks:
                cb(self.model, epoch)
        return torch.stack(losses)


torch.manual_seed(0)
n_items, n_users, d_user, d_item = 1500, 16000, 48, 24
item_feats = torch.randn(n_items, d_item, device=device)
taste = torch.randn(d_item, d_user, device=device) / d_item ** 0.5
liked = torch.randint(0, n_items, (n_users,), device=device)
user_feats = item_feats[liked] @ taste + 1.5 * torch.randn(n_users, d_user, device=device)
train_u, test_u = user_feats[:4000], user_feats[4000:]
train_i, test_t = item_feats[liked[:4000]], liked[4000:]
model = TwoTower(d_user, d_item).to(device)
recall = RecallAtK(test_u, item_feats, test_t)
losses = Trainer(model, callbacks=[recall]).fit(train_u, train_i, epochs=4)
for e, r in enumerate(recall.history):
    print(f"epoch {e}: recall@20 {float(r):.4f}")
print(f"result: {float(losses[-20:].mean()) + float(sum(recall.history)):.10e}")
