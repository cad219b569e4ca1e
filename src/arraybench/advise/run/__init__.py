"""Reading the program as it runs (``profile``): running it (launch), its counts and time by line
(linetime, sampler, ledger), the values at its lines (values), what the run showed (observe), and
the models priced after it (models)."""
