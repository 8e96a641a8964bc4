"""The pure rules, without I/O: how an event becomes a message, which browser frames the socket accepts, which
chat addresses ops may configure."""

from __future__ import annotations

import pytest
from notifications_helpers import Member, Notifications
from notifications_service.inbox.handlers import message_of
from notifications_service.push.router import FrameRefused, client_frame
from notifications_service.push.schemas import SocketResumeFrame
from notifications_service.support.domain import checked_chat_url

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
