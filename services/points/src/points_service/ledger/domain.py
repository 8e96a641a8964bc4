"""What moves points."""

from __future__ import annotations

from enum import StrEnum


class EntryKind(StrEnum):
    EARN = "EARN"  # from a settled bet or a credited deposit, by the brand's rule
    REDEEM = "REDEEM"  # spent on a mall item
    REFUND = "REFUND"  # points given back: a rejected redemption's, a conversion the wallet refused
    CONVERT = "CONVERT"  # points converted to cash
    MISSION = "MISSION"  # a completed mission's reward, once (source ``mission:<id>:<account>``)
