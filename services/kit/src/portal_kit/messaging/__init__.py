"""Outbox, relay, inbox and the broker factory (ARCHITECTURE §4)."""
