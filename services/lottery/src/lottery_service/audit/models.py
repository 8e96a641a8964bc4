"""The ops audit of the lottery (``lottery_audit``) in the kit's one shape (``portal_kit.audit``): who did what to which
issue, why, the state before and after, and when. The ops people's voids (``ops/``) and the worker's issues set
aside (``draws/``) both write it, so it sits below both; ``ops/`` lists it."""

from __future__ import annotations

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Base


class LotteryAudit(OpsAuditRecord, Base):
    """An issue is the same for every brand, so every lottery action is ``ALL_BRANDS``'s (``merchant`` = ``*``)."""

    __tablename__ = "lottery_audit"
