"""One module per tool. Each times ``kernel(*inputs)`` for one round and returns a :class:`Run`
(pytest-benchmark, one pytest process per kernel, hands its runs back at the end)."""
