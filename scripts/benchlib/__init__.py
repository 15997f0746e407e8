"""The benchmarks of ``scripts/bench``, one module each, and the writer of docs/benchmarks.md."""
