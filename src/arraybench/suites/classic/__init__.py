"""The classic suite: well-known questions about Python, NumPy, PyTorch and JAX speed, answered
with this machine's numbers. One module per experiment."""
