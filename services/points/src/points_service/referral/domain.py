"""Referrals' pure rules: invite codes, an invitation's states, when an invitee qualifies."""

from __future__ import annotations

import re
import secrets
from enum import StrEnum

# 31 letters and digits that cannot be read as one another (no 0/O, 1/I/L): 31^8 ≈ 8.5·10^11 codes a brand.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
CODE_PATTERN = re.compile(r"^[A-Za-z0-9]{4,16}$")
REASON = "referral"
MAX_AMOUNT = 100_000_000_000  # the money API's largest amount
MAX_THRESHOLD = 10**15


class InvitationStatus(StrEnum):
    WAITING = "WAITING"  # registered; not yet deposited and bet enough
    PENDING = "PENDING"  # qualified: the inviter's reward asked of the wallet (again until it answers)
    PAID = "PAID"
    FAILED = "FAILED"  # the wallet refused it and nothing moved


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(raw: str | None) -> str | None:
    """The code as stored (upper case), or ``None`` for what cannot be one."""
    if not raw:
        return None
    code = raw.strip().upper()
    return code if CODE_PATTERN.match(code) else None


def qualifies(deposited: int, valid_bet: int, min_deposit: int, min_valid_bet: int) -> bool:
    """An invitee qualifies once both its credited deposits and its valid bets reach the brand's thresholds."""
    return deposited >= min_deposit and valid_bet >= min_valid_bet


def link(code: str) -> str:
    """The invite link, relative to the brand's site: the shell's ``/register`` opens the registration, which reads
    ``?ref=``."""
    return f"/register?ref={code}"


def transaction_id(merchant: str, invitation_id: int, invitee_id: str) -> str:
    """The wallet's key of an invitation's reward: one credit per invitee, however often asked."""
    return f"referral:{merchant}:{invitee_id}:{invitation_id}"
