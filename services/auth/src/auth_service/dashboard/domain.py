"""Which kind of account an account type is, as the dashboards count them."""

from __future__ import annotations

from enum import StrEnum

TRIAL_TYPE = 4
MEMBER_TYPE = 0


class AccountKind(StrEnum):
    MEMBER = "member"
    AGENT = "agent"  # types 1, 2, 41, 42
    TRIAL = "trial"


def kind_of(account_type: int) -> AccountKind:
    if account_type == MEMBER_TYPE:
        return AccountKind.MEMBER
    if account_type == TRIAL_TYPE:
        return AccountKind.TRIAL
    return AccountKind.AGENT
