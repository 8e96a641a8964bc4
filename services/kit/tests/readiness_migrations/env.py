"""A two-step schema for the readiness tests (``test_readiness.py``)."""

from sqlalchemy import MetaData

from portal_kit.migrations import run_env

run_env(MetaData())
