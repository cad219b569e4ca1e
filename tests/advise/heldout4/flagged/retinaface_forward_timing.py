# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Face-detection demo that reports the network forward time for each frame and then decodes boxes on the CPU."""

# Source: http://luxuff.cn/archives/torchcudasynchronize%E4%B8%8Etensorcpunumpy (blog: RetinaFace detect.py timed net(img) with time.time() and blamed boxes.cpu().numpy(); the time was the async forward)

import time

import numpy as np
import torch


def detect(net, frames, device="cuda"):
    net = net.to(device).eval()
    for frame in frames:  # HxWx3 BGR uint8 arrays, 1080x1920
        img = frame.astype(np.float32) - np.array([104, 117, 123], dtype=np.float32)
        img = torch.from_numpy(img.transpose(2, 0, 1)).unsqueeze(0).to(device)
        with torch.no_grad():
            tic = time.time()
            loc, conf, landms = net(img)  # forward pass
            print("net forward time: {:.4f}".format(time.time() - tic))  # expect: AB301
        boxes = loc.squeeze(0).cpu().numpy()
        scores = conf.squeeze(0)[:, 1].cpu().numpy()
        keep = scores > 0.6
        yield boxes[keep], scores[keep]
