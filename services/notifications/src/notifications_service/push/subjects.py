"""The fan-out subjects (``push.notifications`` in ``proto/registry.yaml``): a member's, and their brand's."""

from __future__ import annotations

from nats.aio.client import Client as NATS

from portal_events import NotificationsPush

PREFIX = "push.notifications"


def member_subject(merchant: str, account_id: str) -> str:
    return f"{PREFIX}.{merchant}.member.{account_id}"


def brand_subject(merchant: str) -> str:
    return f"{PREFIX}.{merchant}.all"


def subject_of(push: NotificationsPush) -> str:
    if push.accountId is None:
        return brand_subject(push.merchant)
    return member_subject(push.merchant, push.accountId)


def encoded(push: NotificationsPush) -> bytes:
    return push.model_dump_json(exclude_none=True).encode()


async def publish(nc: NATS, push: NotificationsPush) -> None:
    """Tell whichever processes hold the sockets concerned (none, often: the member is offline)."""
    await nc.publish(subject_of(push), encoded(push))
