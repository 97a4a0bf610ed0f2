"""Benchmarks (not shipped with the bot): ``python -m bench.table_speed``."""
