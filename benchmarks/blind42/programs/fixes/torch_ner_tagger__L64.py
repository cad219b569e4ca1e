# ruff: noqa
"""Token tagger for a synthetic named-entity task: a small convolutional tagger (embeddings,
two 1-D convolutions, a linear head) is trained on fixed-length windows of token ids whose tags
follow a hidden rule, then evaluated on held-out windows; prints token accuracy and entity F1."""
import torch
import torch.nn as nn
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"
N_TAGS = 5


class ConvTagger(nn.Module):
    def __init__(self, vocab, dim=32, hidden=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.conv1 = nn.Conv1d(dim, hidden, 5, padding=2)
        self.conv2 = nn.Conv1d(hidden, hidden, 3, padding=1)
        self.head = nn.Linear(hidden, N_TAGS)

    def forward(self, tokens):
        h = self.emb(tokens).transpose(1, 2)
        h = F.relu(self.conv1(h))
        h = F.relu(self.conv2(h)) + h
        return self.head(h.transpose(1, 2))


def make_windows(n, length, vocab, gen):
    tokens = torch.randint(0, vocab, (n, length), generator=gen)
    tags = torch.zeros(n, length, dtype=torch.long)
    tags[tokens < vocab // 20] = 1
    tags[:, 1:][(tokens[:, :-1] < vocab // 20) & (tokens[:, 1:] % 3 == 0)] = 2
    tags[(tokens >= vocab // 20) & (tokens < vocab // 10)] = 3
    tags[tokens % 97 == 0] = 4
    return tokens, tags


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def fit(self, tokens, tags, epochs, batch_size, gen):
        self.model.train()
        for epoch in range(epochs):
            order = torch.randperm(len(tokens), generator=gen)
            running = torch.zeros(())
            for i in range(0, len(tokens), batch_size):
                idx = order[i : i + batch_size]
                logits = self.model(tokens[idx].to(device))
                loss = F.cross_entropy(logits.reshape(-1, N_TAGS), tags[idx].reshape(-1).to(device))
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                running += loss.detach().cpu()
            print(f"epoch {epoch}: mean loss {running.item() / (len(tokens) / batch_size):.4f}")

    @torch.no_grad()
    def predict_one(self, window):
        return self.model(window.unsqueeze(0).to(device)).argmax(-1).squeeze(0).cpu()

    def evaluate(self, tokens, tags):
        self.model.eval()
        with torch.no_grad():
            preds = self.model(tokens.to(device)).argmax(-1).cpu()
        acc = (preds == tags).float().mean().item()
        ent_p, ent_t = preds > 0, tags > 0
        tp = (ent_p & ent_t & (preds == tags)).sum().item()
        f1 = 2 * tp / max(ent_p.sum().item() + ent_t.sum().item(), 1)
        return acc, f1


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
VOCAB = 3000
train_x, train_y = make_windows(6000, 24, VOCAB, gen)
test_x, test_y = make_windows(24000, 24, VOCAB, gen)
model = ConvTagger(VOCAB).to(device)
trainer = Trainer(model)
trainer.fit(train_x, train_y, epochs=2, batch_size=256, gen=gen)
acc, f1 = trainer.evaluate(test_x, test_y)
print(f"token accuracy {acc:.4f}, entity F1 {f1:.4f}")
print(f"result: {acc + f1:.10e}")
