"""The command line: one module per verb, each thin: parse, call the library, render."""
