"""What tests and benchmarks share: generated papers, PostgreSQL clusters, catalog dumps,
manuscript repositories, reader inputs, and comparisons with citeproc, pandoc and Typst.

Benchmarks import this package (and tests.fakeapi); it imports neither a test nor a benchmark.
"""
