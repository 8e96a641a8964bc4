"""Outgoing SMS and e-mail through provider interfaces.

Development (the default, ``AUTH_SMS_PROVIDER=dev``): each SMS is appended as one JSON line
``{"channel": "sms", "to", "text", "at"}`` to ``AUTH_DEV_MESSAGES_FILE`` (``./portal up`` sets
``.data/dev-messages.jsonl``), where a developer or an end-to-end test reads it. E-mail always goes through
SMTP (``AUTH_SMTP_HOST``/``AUTH_SMTP_PORT``); in development the stack runs a local sink that appends every
message to the same file with ``"channel": "email"``.
"""

from __future__ import annotations

import asyncio
import json
import smtplib
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Protocol


class SmsProvider(Protocol):
    async def send(self, to: str, text: str) -> None: ...


class DevSmsProvider:
    def __init__(self, path: Path) -> None:
        self.path = path

    async def send(self, to: str, text: str) -> None:
        line = json.dumps(
            {"channel": "sms", "to": to, "text": text, "at": datetime.now(UTC).isoformat()}, ensure_ascii=False
        )

        def append() -> None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(line + "\n")

        await asyncio.to_thread(append)


class SmtpMailer:
    def __init__(self, host: str, port: int, sender: str) -> None:
        self.host, self.port, self.sender = host, port, sender

    async def send(self, to: str, subject: str, text: str) -> None:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        message.set_content(text)

        def deliver() -> None:
            with smtplib.SMTP(self.host, self.port, timeout=10) as smtp:
                smtp.send_message(message)

        await asyncio.to_thread(deliver)
