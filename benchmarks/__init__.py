"""Benchmarks and sweeps, run by hand or by ``make bench`` (never timed tests).

A package so that ``python -m benchmarks.sweep`` runs from the repository's root.
"""
