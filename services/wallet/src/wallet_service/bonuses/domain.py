"""Pure rules of bonuses: a promotion's bonus waits in the member's bonus wallet (held: neither spendable nor
withdrawable) until the points service, which counts its wagering, releases it into the main wallet or forfeits it
back to the house. A held bonus ends one way only."""

from __future__ import annotations

from enum import StrEnum

from wallet_service.ledger.domain import BONUS as BONUS_WALLET  # the money API's ``checked_wallet`` refuses it

__all__ = ["BONUS_WALLET", "BonusAction", "HoldStatus"]


class BonusAction(StrEnum):
    GRANT = "GRANT"
    RELEASE = "RELEASE"
    FORFEIT = "FORFEIT"


class HoldStatus(StrEnum):
    HELD = "HELD"
    RELEASED = "RELEASED"
    FORFEITED = "FORFEITED"


# The money transaction kind of each movement (its journal lines show in the account record as ``bonus``).
KIND = {BonusAction.GRANT: "bonus_grant", BonusAction.RELEASE: "bonus_release", BonusAction.FORFEIT: "bonus_forfeit"}
SETTLED = {BonusAction.RELEASE: HoldStatus.RELEASED, BonusAction.FORFEIT: HoldStatus.FORFEITED}


def key(action: BonusAction, grant_id: str) -> str:
    """The idempotency key of a grant's movement: one of each per grant."""
    return f"bonus-{action.value.lower()}:{grant_id}"
