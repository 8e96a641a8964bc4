"""The development SMTP sink: accepts every message and appends it as one JSON line
``{"channel": "email", "to", "subject", "text", "at"}`` to the development messages file.

    python -m portal_stack.mail_sink --port 8025 --file .data/dev-messages.jsonl
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
from datetime import UTC, datetime
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller


class AppendToFile:
    def __init__(self, path: Path) -> None:
        self.path = path

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        body = message.get_body(preferencelist=("plain",))
        text = body.get_content() if body is not None else ""
        for recipient in envelope.rcpt_tos:
            line = {
                "channel": "email",
                "to": recipient,
                "subject": str(message["Subject"]),
                "text": text,
                "at": datetime.now(UTC).isoformat(),
            }
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(line, ensure_ascii=False) + "\n")
        return "250 Message accepted for delivery"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8025)
    parser.add_argument("--file", type=Path, required=True)
    args = parser.parse_args()
    controller = Controller(AppendToFile(args.file), hostname="127.0.0.1", port=args.port)
    controller.start()
    stop = asyncio.Event()

    async def wait() -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()

    try:
        asyncio.run(wait())
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
