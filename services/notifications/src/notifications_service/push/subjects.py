"""Publishing on the fan-out subjects (``push.notifications`` in ``proto/registry.yaml``): a member's, and their
brand's. The subjects and the push of a stored message are the inbox's (``inbox/domain.py``, below this slice, so the
inbox's writers name them without reaching up into push); the hub and the bench read them here. Also the wallet's
balance pushes (``push.wallet`` in ``proto/registry.yaml``): a member's money moved, heard per brand as ours."""

from __future__ import annotations

from nats.aio.client import Client as NATS

from notifications_service.inbox.domain import brand_subject, brand_subjects, encoded, member_subject, subject_of
from portal_events import NotificationsPush

__all__ = ["brand_subject", "brand_subjects", "encoded", "member_subject", "publish", "wallet_brand_subjects"]

WALLET_PREFIX = "push.wallet."


def wallet_brand_subjects(merchant: str) -> str:
    """Every balance push of the brand's members (``push.wallet.<merchant>.member.<accountId>``)."""
    return f"{WALLET_PREFIX}{merchant}.>"


def member_of_wallet_subject(subject: str) -> str | None:
    """The member's own subject (ours, the hub's key of their sockets) of a wallet's balance push subject."""
    if not subject.startswith(WALLET_PREFIX):
        return None
    merchant, _, rest = subject[len(WALLET_PREFIX) :].partition(".member.")
    return member_subject(merchant, rest) if merchant and rest else None


async def publish(nc: NATS, push: NotificationsPush) -> None:
    """Tell whichever processes hold the sockets concerned (none, often: the member is offline)."""
    await nc.publish(subject_of(push), encoded(push))
