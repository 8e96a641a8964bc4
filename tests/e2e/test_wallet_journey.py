"""Through the whole stack: a new account's wallet is opened from auth's event (outbox → relay → JetStream →
the wallet's consumer) and its balance is read through Traefik."""

from __future__ import annotations

import time

import httpx

from portal_stack.harness import Stack


def eventually_balance(http: httpx.Client, token: str) -> dict[str, object]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        response = http.get("/wps/v2/wallets/balance", headers={"Authorization": token})
        if response.status_code == 200:
            value: dict[str, object] = response.json()["value"]
            return value
        time.sleep(0.2)
    raise AssertionError(f"no wallet after 30 s: {response.status_code} {response.text}")


def test_free_play_account_gets_its_wallet_and_starting_balance(stack: Stack) -> None:
    transport = httpx.HTTPTransport(local_address="127.0.0.5")
    with httpx.Client(base_url=stack.url, transport=transport, headers={"Language": "EN"}) as http:
        played = http.post("/wps/session/login/freeplay", json={"os": "Linux", "platform": "W"})
        assert played.status_code == 200, played.text
        balance = eventually_balance(http, played.json()["value"]["token"])
    assert balance == {
        "currency": "TRY",
        "scale": 2,
        "sum": 200_000,
        "wallets": [{"wallet": "freeplay", "available": 200_000, "held": 0}],
    }


def test_reconciliation_of_the_stacks_ledger_finds_no_difference(stack: Stack) -> None:
    env_url = f"postgresql://postgres@127.0.0.1:{stack.ports['PORTAL_PG_PORT']}/wallet"
    stack.env["WALLET_DATABASE_URL"] = env_url
    try:
        result = stack.command("wallet_service.reconcile")
    finally:
        stack.env.pop("WALLET_DATABASE_URL")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "reconciliation: 0 difference(s)" in result.stdout
