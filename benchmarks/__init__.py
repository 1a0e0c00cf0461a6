"""Tallybook's benchmarks: `python -m benchmarks` runs them all (see benchmarks/__main__.py)."""
