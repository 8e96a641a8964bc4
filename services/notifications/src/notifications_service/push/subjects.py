"""The fan-out subjects (``push.notifications`` in ``proto/registry.yaml``): a member's, and their brand's."""

from __future__ import annotations

from nats.aio.client import Client as NATS

from notifications_service.inbox.models import MemberMessage
from portal_events import NotificationsPush, PushedMessage

PREFIX = "push.notifications"


def member_subject(merchant: str, account_id: str) -> str:
    return f"{PREFIX}.{merchant}.member.{account_id}"


def brand_subject(merchant: str) -> str:
    return f"{PREFIX}.{merchant}.all"


def brand_subjects(merchant: str) -> str:
    """Every subject of the brand: its members' and its broadcasts."""
    return f"{PREFIX}.{merchant}.>"


def subject_of(push: NotificationsPush) -> str:
    if push.accountId is None:
        return brand_subject(push.merchant)
    return member_subject(push.merchant, push.accountId)


def pushed(message: MemberMessage) -> NotificationsPush:
    """The push of a message just committed (its id given): to its member, or to every member of its brand."""
    carried = PushedMessage(
        id=message.id, kind=message.kind, title=message.title or "", body=message.body or "", amount=message.amount,
        currency=message.currency, reference=message.reference, reason=message.reason, occurredAt=message.occurred_at,
    )  # fmt: skip
    return NotificationsPush(kind="inbox", merchant=message.merchant, accountId=message.account_id, message=carried)


def encoded(push: NotificationsPush) -> bytes:
    return push.model_dump_json(exclude_none=True).encode()


async def publish(nc: NATS, push: NotificationsPush) -> None:
    """Tell whichever processes hold the sockets concerned (none, often: the member is offline)."""
    await nc.publish(subject_of(push), encoded(push))
