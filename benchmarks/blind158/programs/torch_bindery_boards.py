"""Board-cutting quotes for the bindery: the workshop's stock of binder's board is kept as a
table of sheet measurements (thickness, warp, density at 32 points); for every customer order
the quote picks candidate sheets, checks them against the order's cover size and works out the
waste. Prints the mean waste per order and a checksum."""

from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class Order:
    customer: str
    dims: list
    copies: int


class BoardStock:
    def __init__(self, sheets: int, points: int, gen: torch.Generator):
        self._boards = 2.0 + 0.1 * torch.randn(sheets, points, generator=gen)
        self.sheet_area = torch.rand(sheets, generator=gen) * 0.5 + 0.5

    @property
    def boards(self) -> torch.Tensor:
        return self._boards.clone()

    def candidates(self, order_id: int, count: int) -> torch.Tensor:
        start = (order_id * 7919) % (len(self.sheet_area) - count)
        return torch.arange(start, start + count)


def quote(stock: BoardStock, order: Order, order_id: int) -> torch.Tensor:
    idx = stock.candidates(order_id, 64)
    sheets = stock.boards[idx]
    dims = torch.tensor(order.dims, dtype=torch.float32)
    cover_area = dims[0] * dims[1] / 1e4
    flatness = sheets.std(dim=1)
    waste = stock.sheet_area[idx] - cover_area * order.copies / 64.0
    return (waste.clamp(min=0.0) * (1.0 + flatness)).mean()


def make_orders(n: int, gen: torch.Generator) -> list:
    sizes = torch.randint(12, 40, (n, 2), generator=gen).tolist()
    copies = torch.randint(1, 50, (n,), generator=gen).tolist()
    return [Order(f"customer {i}", sizes[i], copies[i]) for i in range(n)]


def main() -> None:
    gen = torch.Generator().manual_seed(158)
    stock = BoardStock(120_000, 32, gen)
    orders = make_orders(500, gen)
    wastes = torch.stack([quote(stock, order, i) for i, order in enumerate(orders)])
    print(f"mean waste per order: {wastes.mean().item():.5f}")
    print(f"result: {wastes.sum().item():.6f}")


if __name__ == "__main__":
    main()
