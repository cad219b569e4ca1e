"""Generates a stream of noisy float32 video frames with torch, keeps an exponential moving
background, and counts, tile by tile, the pixels of each frame that differ from the
background; prints the total count of moving pixels."""
import torch

H, W = 480, 640
TILE = 80
N_FRAMES = 200


def tile_moving(frame, background, r, c, thresh):
    tile = frame[r : r + TILE, c : c + TILE]
    diff = (tile - background[r : r + TILE, c : c + TILE]).abs()
    return int((diff > thresh).sum())


torch.manual_seed(1)
scene = torch.rand(H, W)
background = scene.clone()
counts = []
for k in range(N_FRAMES):
    frame = scene + 0.05 * torch.randn(H, W)
    frame[100 + k % 50 : 150 + k % 50, 200:260] += 0.5
    n = 0
    for r in range(0, H, TILE):
        for c in range(0, W, TILE):
            n += tile_moving(frame, background, r, c, 0.2)
    counts.append(n)
    blend = frame.clone()
    blend.mul_(0.05)
    background.mul_(0.95).add_(blend)
print(f"moving pixels per frame {sum(counts) / N_FRAMES:.1f}")
print(f"result: {sum(counts)}")
