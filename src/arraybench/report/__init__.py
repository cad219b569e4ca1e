"""Rendering results for people: the terminal now; plots and HTML build on the same data."""
