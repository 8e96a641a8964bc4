"""The Twilio SMS adapter against a local HTTP server that speaks Twilio's Messages API, and auth sending its
codes through it when AUTH_SMS_PROVIDER=twilio."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

import httpx
import pytest
from auth_helpers import AuthClient
from fastapi import FastAPI

from auth_service.main import build_app, sms_provider
from auth_service.settings import AuthSettings
from auth_service.twilio import SmsRefused, TwilioSmsProvider

SID, TOKEN, SENDER = "AC" + "1" * 32, "secret-token", "+15005550006"
REFUSED_NUMBER = "+15005550001"  # Twilio's test number for an invalid 'To'


@dataclass
class FakeTwilio:
    """Twilio's side of the Messages API: checks the account's Basic credentials, records each message."""

    url: str
    received: list[dict[str, Any]] = field(default_factory=list)


@pytest.fixture
def twilio() -> Iterator[FakeTwilio]:
    server_side = FakeTwilio("")

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def answer(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            expected = "Basic " + base64.b64encode(f"{SID}:{TOKEN}".encode()).decode()
            if self.headers.get("Authorization") != expected:
                self.answer(401, {"code": 20003, "message": "Authenticate", "status": 401})
                return
            if self.path != f"/2010-04-01/Accounts/{SID}/Messages.json":
                self.answer(404, {"code": 20404, "message": "not found", "status": 404})
                return
            length = int(self.headers.get("Content-Length") or 0)
            form = {key: values[0] for key, values in parse_qs(self.rfile.read(length).decode()).items()}
            server_side.received.append({"content_type": self.headers.get("Content-Type"), **form})
            if form.get("To") == REFUSED_NUMBER:
                self.answer(400, {"code": 21211, "message": "The 'To' number is not valid.", "status": 400})
                return
            self.answer(
                201, {"sid": "SM" + "0" * 32, "status": "queued", "to": form.get("To"), "body": form.get("Body")}
            )

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server_side.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server_side
    server.shutdown()
    server.server_close()


async def test_a_message_is_posted_as_twilio_documents_it(twilio: FakeTwilio) -> None:
    provider = TwilioSmsProvider(SID, TOKEN, sender=SENDER, base_url=twilio.url)
    try:
        await provider.send("+905321234567", "Your verification code is 123456.")
    finally:
        await provider.close()
    assert twilio.received == [
        {
            "content_type": "application/x-www-form-urlencoded",
            "To": "+905321234567",
            "From": SENDER,
            "Body": "Your verification code is 123456.",
        }
    ]


async def test_a_refusal_or_wrong_credentials_raise(twilio: FakeTwilio) -> None:
    provider = TwilioSmsProvider(SID, TOKEN, messaging_service_sid="MG" + "2" * 32, base_url=twilio.url)
    wrong = TwilioSmsProvider(SID, "not-the-token", sender=SENDER, base_url=twilio.url)
    try:
        with pytest.raises(SmsRefused, match="21211"):
            await provider.send(REFUSED_NUMBER, "x")
        with pytest.raises(SmsRefused, match="20003"):
            await wrong.send("+905321234567", "x")
    finally:
        await provider.close()
        await wrong.close()
    assert twilio.received[0]["MessagingServiceSid"] == "MG" + "2" * 32 and "From" not in twilio.received[0]


def test_production_refuses_the_development_provider_and_twilio_without_credentials() -> None:
    with pytest.raises(RuntimeError, match="AUTH_SMS_PROVIDER=twilio"):
        addresses = {"public_url": "https://portal.example.com", "smtp_host": "smtp.example.com"}
        sms_provider(AuthSettings(environment="production", secret_key="x" * 40, payload_secret="y" * 40, **addresses))
    with pytest.raises(ValueError, match="account SID"):
        sms_provider(AuthSettings(sms_provider="twilio", twilio_account_sid=SID))


@pytest.fixture
async def twilio_auth(
    auth_settings: AuthSettings, clean: None, twilio: FakeTwilio, site_server: str
) -> AsyncIterator[tuple[AuthClient, FastAPI]]:
    settings = auth_settings.model_copy(
        update={
            "sms_provider": "twilio",
            "twilio_account_sid": SID,
            "twilio_auth_token": TOKEN,
            "twilio_from": SENDER,
            "twilio_base_url": twilio.url,
        }
    )
    application = build_app(settings)
    async with application.router.lifespan_context(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://auth") as http:
            yield AuthClient(http, settings.redis_url, site_server, settings.dev_messages_file), application


async def test_auth_sends_its_codes_through_twilio(twilio_auth: tuple[AuthClient, FastAPI], twilio: FakeTwilio) -> None:
    auth, _ = twilio_auth
    sent = await auth.send_sms("register", "5321234567")
    assert sent.status_code == 200, sent.text
    assert [message["To"] for message in twilio.received] == ["+905321234567"]
    assert "verification code" in twilio.received[0]["Body"]
    await auth.site_settings(smsDialingCodes=["90", "1"])  # the brand sends to the US too
    refused = await auth.send_sms("register", "5005550001", countryDialingCode="1")
    assert twilio.received[-1]["To"] == REFUSED_NUMBER
    assert (refused.status_code, refused.json()["errorCode"]) == (502, "sms.failed")
