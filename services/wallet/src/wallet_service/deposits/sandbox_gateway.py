"""The sandbox payment gateway: a stand-alone, external-style gateway for development and tests that behaves
like a real one. The wallet sends the member to its checkout page with a signed order; the member pays or declines;
the gateway then calls the wallet's public callback address server to server with a signed body (as a real
gateway would, it knows the wallet only by that address) and sends the browser back to the order's return
address. Turned off with ``WALLET_SANDBOX_ENABLED=false``."""

from __future__ import annotations

import html
import json
import logging
import time
import uuid
from typing import Any
from urllib.parse import parse_qs

import httpx
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from wallet_service.deposits.domain import SIGNATURE_HEADER, open_order, sign
from wallet_service.deps import Settings

log = logging.getLogger("wallet.sandbox_gateway")
router = APIRouter(prefix="/wps/payment/sandbox", tags=["sandbox gateway"])

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox Pay</title>
<style>
body{{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:grid;place-items:center;min-height:100vh;margin:0}}
main{{background:#1e293b;padding:2rem 2.5rem;border-radius:12px;min-width:320px;box-shadow:0 10px 30px #0008}}
h1{{font-size:1.1rem;margin:0 0 1rem;color:#94a3b8}} .amount{{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}}
button{{font-size:1rem;padding:.7rem 1.2rem;border:0;border-radius:8px;cursor:pointer;margin-right:.5rem}}
.pay{{background:#22c55e;color:#052e16}} .decline{{background:#334155;color:#e2e8f0}}
</style></head><body><main>
<h1>Sandbox Pay · order {order_id}</h1>
<div class="amount" data-testid="amount">{amount} {currency}</div>
<form method="post" action="/wps/payment/sandbox/checkout">
<input type="hidden" name="order" value="{sealed}">
<button class="pay" name="action" value="pay" type="submit">Pay</button>
<button class="decline" name="action" value="decline" type="submit">Decline</button>
</form></main></body></html>"""


def _money(minor: int) -> str:
    return f"{minor // 100:,}.{minor % 100:02d}"


def _safe_return(url: Any) -> str:
    """Only a path of this site: never an open redirect."""
    return url if isinstance(url, str) and url.startswith("/") and not url.startswith("//") else "/"


@router.get("/checkout", operation_id="sandboxCheckout", response_class=HTMLResponse)
async def checkout(settings: Settings, order: str = Query(..., max_length=4000)) -> Response:
    opened = open_order(settings.sandbox_secret, order) if settings.sandbox_enabled else None
    if opened is None:
        return HTMLResponse("<h1>Invalid or tampered order</h1>", status_code=400)
    page = _PAGE.format(
        order_id=html.escape(str(opened["orderId"])),
        amount=_money(int(opened["amount"])),
        currency=html.escape(str(opened["currency"])),
        sealed=html.escape(order),
    )
    return HTMLResponse(page)


@router.post(
    "/checkout",
    operation_id="sandboxPay",
    response_class=RedirectResponse,
    responses={303: {"description": "back to the order's return address"}, 400: {"content": {"text/html": {}}}},
)
async def pay(request: Request, settings: Settings) -> Response:
    form = {key: values[0] for key, values in parse_qs((await request.body()).decode("utf-8", "replace")).items()}
    opened = open_order(settings.sandbox_secret, form.get("order", "")) if settings.sandbox_enabled else None
    if opened is None or form.get("action") not in ("pay", "decline"):
        return HTMLResponse("<h1>Invalid or tampered order</h1>", status_code=400)
    callback = {
        "orderId": opened["orderId"],
        "merchant": opened["merchant"],
        "amount": opened["amount"],
        "currency": opened["currency"],
        "status": "SUCCESS" if form["action"] == "pay" else "FAILED",
        "reason": None if form["action"] == "pay" else "declined by the payer",
        "gatewayTxnId": "SBX-" + uuid.uuid4().hex[:16],
        "ts": int(time.time() * 1000),
    }
    await send_callback(request.app.state.gateway_http, settings.sandbox_secret, callback)
    return RedirectResponse(_safe_return(opened.get("returnUrl")), status_code=303)


def gateway_client(public_url: str) -> httpx.AsyncClient:
    """The gateway's own HTTP client: it reaches the wallet only at the portal's public address."""
    return httpx.AsyncClient(base_url=public_url, timeout=10)


async def send_callback(http: httpx.AsyncClient, secret: str, callback: dict[str, Any], attempts: int = 3) -> bool:
    """POST the signed callback, retrying a failed delivery as a gateway does; True once the wallet took it."""
    raw = json.dumps(callback, separators=(",", ":")).encode()
    headers = {SIGNATURE_HEADER: sign(secret, raw), "Content-Type": "application/json"}
    for _ in range(attempts):
        try:
            response = await http.post("/wps/payment/sandbox/callback", content=raw, headers=headers)
        except httpx.HTTPError as error:
            log.warning("callback for %s not delivered: %s", callback["orderId"], error)
            continue
        if response.status_code < 500:
            return response.status_code == 200
    return False
