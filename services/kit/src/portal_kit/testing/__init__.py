"""Test support: real servers for every test run (the pytest plugin) and per-test clean state."""
