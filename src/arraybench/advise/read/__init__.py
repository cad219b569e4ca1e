"""Reading the program's source, without running it: what its names hold (facts), across
functions and files (program), what its loops walk and how many times (loops, counts), and the
statement and loops of a line (source, for ``profile``)."""
