"""Analysis of saved results: statistics now; fits, crossovers and findings build on it."""
