from __future__ import annotations

from typing import Annotated

from pydantic import Field
from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings


class NotificationsSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="NOTIFICATIONS_", extra="ignore")

    service_name: str = "notifications"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/notifications"
    # A socket gets a ping this often; one that has not answered the last two is closed. Each ping also
    # looks the session up again (a revocation missed while the change channel was down ends it here).
    heartbeat_seconds: float = 25.0
    # The largest frame a browser may send (its frames are a resume and a pong, both tiny).
    max_client_frame_bytes: int = 1024
    # Messages sent at most on a resume or a catch-up (the oldest first); the inbox list has the rest.
    resume_limit: int = 100
    # Sockets one session (a tab and its duplicates), one account (every session, every replica) and one process
    # hold at most; past a limit the oldest is closed. A process's cap is what its memory holds (an idle socket's
    # share: tests/bench/README.md); a deployment sets it to its pods' memory limit.
    sockets_per_session: Annotated[int, Field(ge=1)] = 3
    sockets_per_account: Annotated[int, Field(ge=1)] = 10
    max_sockets: Annotated[int, Field(ge=1)] = 10_000
