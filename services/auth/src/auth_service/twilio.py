"""SMS through an external provider, Twilio's Messages API (``AUTH_SMS_PROVIDER=twilio``), as Twilio documents it:
``POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json``, HTTP Basic authentication with the account
SID and auth token, a form body ``To``, ``Body`` and either ``From`` (a sender number) or
``MessagingServiceSid``; ``201 Created`` with the message resource (``sid``, ``status``) on success, a JSON
error ``{code, message, more_info, status}`` otherwise. The credentials come from a Kubernetes Secret."""

from __future__ import annotations

import logging

import httpx

log = logging.getLogger("auth.twilio")


class SmsRefused(Exception):
    """The provider did not accept the message (its error code and text, never the message body)."""


class TwilioSmsProvider:
    def __init__(
        self,
        account_sid: str,
        auth_token: str,
        *,
        sender: str = "",
        messaging_service_sid: str = "",
        base_url: str = "https://api.twilio.com",
        timeout: float = 10.0,
    ) -> None:
        if not account_sid or not auth_token or not (sender or messaging_service_sid):
            raise ValueError("Twilio needs the account SID, the auth token and a sender or a messaging service")
        self.account_sid = account_sid
        self.sender = sender
        self.messaging_service_sid = messaging_service_sid
        self.http = httpx.AsyncClient(base_url=base_url, auth=(account_sid, auth_token), timeout=timeout)

    async def send(self, to: str, text: str) -> None:
        form = {"To": to, "Body": text}
        if self.messaging_service_sid:
            form["MessagingServiceSid"] = self.messaging_service_sid
        else:
            form["From"] = self.sender
        response = await self.http.post(f"/2010-04-01/Accounts/{self.account_sid}/Messages.json", data=form)
        if response.status_code != 201:
            try:
                error = response.json()
            except ValueError:
                error = {}
            log.warning("Twilio refused an SMS: HTTP %s, code %s", response.status_code, error.get("code"))
            raise SmsRefused(f"{response.status_code} {error.get('code')} {error.get('message')}")
        log.info("SMS accepted by Twilio: %s (%s)", response.json().get("sid"), response.json().get("status"))

    async def close(self) -> None:
        await self.http.aclose()
