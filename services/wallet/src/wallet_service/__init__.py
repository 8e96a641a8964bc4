"""The wallet service (ARCHITECTURE §2, §5): the double-entry ledger and the money API."""
