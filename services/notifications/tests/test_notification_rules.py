"""The pure rules, without I/O: how an event becomes a message and how a stored message travels to the sockets,
which browser frames the socket accepts, which chat addresses ops may configure."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from notifications_helpers import Member, Notifications
from notifications_service.inbox.domain import encoded, pushed, subject_of
from notifications_service.inbox.handlers import message_of
from notifications_service.inbox.models import MemberMessage
from notifications_service.push.hub import pushed_read
from notifications_service.push.router import FrameRefused, client_frame
from notifications_service.push.schemas import SocketResumeFrame
from notifications_service.support.domain import checked_chat_url

from portal_events import NotificationsPush

MEMBER = Member("turkeyf2", "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a", "")


@pytest.mark.parametrize(
    ("event", "kind", "amount", "reason"),
    [
        (Notifications.deposit_credited(MEMBER, 150_000), "deposit.credited", 150_000, None),
        (Notifications.deposit_failed(MEMBER, 20_000), "deposit.failed", 20_000, "name differs"),
        (Notifications.withdrawal_rejected(MEMBER, 30_000), "withdrawal.rejected", 30_000, "bank closed"),
        (Notifications.withdrawal_paid(MEMBER, 5_000), "withdrawal.paid", 5_000, None),
    ],
)
def test_a_money_event_becomes_the_members_message_with_its_amount_time_and_reason(
    event: object, kind: str, amount: int, reason: str | None
) -> None:
    message = message_of(event)  # type: ignore[arg-type]
    assert (message.merchant, message.account_id) == ("turkeyf2", MEMBER.account_id)
    assert (message.kind, message.amount, message.currency, message.reason) == (kind, amount, "TRY", reason)
    assert message.occurred_at.tzinfo is not None and message.occurred_at.year == 2026


def test_a_stored_message_is_pushed_to_its_readers_as_their_inbox_shows_it() -> None:
    deposit = message_of(Notifications.deposit_failed(MEMBER, 20_000))
    deposit.id = 41
    push = NotificationsPush.model_validate_json(encoded(pushed(deposit)))  # as the API process hears it
    assert subject_of(push) == f"push.notifications.turkeyf2.member.{MEMBER.account_id}"
    read = pushed_read(push)
    assert read is not None
    assert read.model_dump() == {
        "id": 41, "kind": "deposit.failed", "title": "", "body": "", "amount": 20_000, "currency": "TRY",
        "reference": deposit.reference, "reason": "name differs", "occurredAt": "2026-11-24T10:01:00Z", "read": False,
        "broadcast": False,
    }  # fmt: skip
    broadcast = MemberMessage(id=42, merchant="turkeyf2", account_id=None, kind="broadcast", title="Bakım",
                              body="Yarın", occurred_at=datetime(2026, 11, 24, 18, 30, tzinfo=UTC))  # fmt: skip
    to_brand = NotificationsPush.model_validate_json(encoded(pushed(broadcast)))
    assert subject_of(to_brand) == "push.notifications.turkeyf2.all"
    shown = pushed_read(to_brand)
    assert shown is not None
    assert (shown.title, shown.amount, shown.currency, shown.broadcast) == ("Bakım", None, None, True)
    assert pushed_read(NotificationsPush(kind="inbox", merchant="turkeyf2")) is None  # read it from the inbox


def test_the_socket_accepts_a_resume_and_a_pong_only() -> None:
    assert client_frame({"text": '{"type": "resume", "after": 7}'}, 1024) == SocketResumeFrame(type="resume", after=7)
    assert client_frame({"text": '{"type": "pong"}'}, 1024) is None
    for message, code in (
        ({"bytes": b"{}"}, 1003),
        ({"text": '{"type": "resume", "after": "7"}'}, 1007),
        ({"text": '{"type": "resume", "after": 1.5}'}, 1007),
        ({"text": '{"type": "pong", "extra": 1}'}, 1007),
        ({"text": "[]"}, 1007),
        ({"text": '{"type": "pong"}' + " " * 1100}, 1009),
    ):
        with pytest.raises(FrameRefused) as refused:
            client_frame(message, 1024)
        assert refused.value.code == code, message


@pytest.mark.parametrize(
    "url", ["http://chat.example.com/", "javascript:alert(1)", "https://", "https://u:p@chat.example.com/", "//x.com"]
)
def test_a_chat_address_is_an_absolute_https_page(url: str) -> None:
    with pytest.raises(ValueError, match="https"):
        checked_chat_url(url)


def test_a_chat_address_on_https_is_kept_as_written() -> None:
    assert checked_chat_url("https://t.me/turkeyf2_support?start=1") == "https://t.me/turkeyf2_support?start=1"
