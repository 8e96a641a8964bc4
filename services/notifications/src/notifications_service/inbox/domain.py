"""What the inbox holds: the kinds of message, the member a reader is, and how a stored message is told to the
processes holding sockets: its push (``NotificationsPush``) on the fan-out subjects (``push.notifications`` in
``proto/registry.yaml``), a member's or their brand's. The inbox's writers (the money handlers, the broadcasts)
publish there and the push slice's hub subscribes; the names live here, below both."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from notifications_service.inbox.models import MemberMessage
from portal_events import NotificationsPush, PushedMessage

PREFIX = "push.notifications"


class MessageKind(StrEnum):
    DEPOSIT_CREDITED = "deposit.credited"
    DEPOSIT_FAILED = "deposit.failed"
    WITHDRAWAL_APPROVED = "withdrawal.approved"
    WITHDRAWAL_REJECTED = "withdrawal.rejected"
    WITHDRAWAL_PAID = "withdrawal.paid"
    BONUS_RELEASED = "bonus.released"  # a promotion's bonus became cash (points.bonus.released.v1)
    POINTS_CONVERTED = "points.converted"  # points became cash (points.conversion.paid.v1)
    MISSION_COMPLETED = "mission.completed"  # a mission's reward is ready to claim (points.mission.completed.v1)
    BROADCAST = "broadcast"  # written by ops for every member of a brand, for one member or for a list of them


# The messages that tell of a reward ready: counted apart in the unread count (the member centre's reward badge).
REWARD_KINDS = (MessageKind.BONUS_RELEASED, MessageKind.POINTS_CONVERTED)


@dataclass(frozen=True)
class Reader:
    """A member reading their inbox: their own messages and their brand's broadcasts."""

    merchant: str
    account_id: str


def stamp(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


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
    return pushed_to(message, message.account_id)


def pushed_to(message: MemberMessage, account_id: str | None) -> NotificationsPush:
    """The push of a message just committed to member ``account_id`` (None: every member of its brand); a targeted
    broadcast has one to each of its members."""
    carried = PushedMessage(
        id=message.id, kind=message.kind, title=message.title or "", body=message.body or "", amount=message.amount,
        currency=message.currency, reference=message.reference, reason=message.reason, occurredAt=message.occurred_at,
    )  # fmt: skip
    return NotificationsPush(kind="inbox", merchant=message.merchant, accountId=account_id, message=carried)


def encoded(push: NotificationsPush) -> bytes:
    return push.model_dump_json(exclude_none=True).encode()
