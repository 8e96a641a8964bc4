"""Publishing on the fan-out subjects (``push.notifications`` in ``proto/registry.yaml``): a member's, and their
brand's. The subjects and the push of a stored message are the inbox's (``inbox/domain.py``, below this slice, so the
inbox's writers name them without reaching up into push); the hub and the bench read them here."""

from __future__ import annotations

from nats.aio.client import Client as NATS

from notifications_service.inbox.domain import brand_subject, brand_subjects, encoded, member_subject, subject_of
from portal_events import NotificationsPush

__all__ = ["brand_subject", "brand_subjects", "encoded", "member_subject", "publish"]


async def publish(nc: NATS, push: NotificationsPush) -> None:
    """Tell whichever processes hold the sockets concerned (none, often: the member is offline)."""
    await nc.publish(subject_of(push), encoded(push))
