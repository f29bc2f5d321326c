"""Adapters for the hosts that call graders: verl, TRL, OpenRLHF, NeMo-RL, lighteval,
lm-evaluation-harness, and Ray Data / Spark / Dask. Each imports its host lazily (no runtime
dependency) and is a small module: ``scorespec.integrations.verl`` and so on."""
