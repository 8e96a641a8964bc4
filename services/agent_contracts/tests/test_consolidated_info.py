"""The wallet's consolidated info carries the four contract fields from agent-contracts (over NATS), only for a
brand with ``AGENTPOLICY3`` on and only for signed-in real accounts; without an answer in time the funds still come,
the fields null. The wallet's real app, on its own database; the brand's flags stand in for the site's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from agent_contracts_helpers import MERCHANT, TRIAL_TYPE, AgentContracts
from test_agent_contract_calls import DAILY, GRANT, offer, wage

from portal_kit.site import Brand, BrandCache, StatusInputs
from portal_kit.testing.fixtures import migrated_database
from portal_kit.testing.plugin import PortalServers, reset_database
from wallet_service.main import build_app as build_wallet
from wallet_service.settings import WalletSettings

wallet_for_agent_contracts_url = migrated_database("wallet_for_agent_contracts", "wallet")
CONSOLIDATED = "/wps/member/info/funds/consolidated"
FIELDS = ("dailysalreqtype", "divtypereq", "contracthoursalreq", "realtimesalreqtype")


class Flags(BrandCache):
    """The brand as the site would give it, with the flags a test sets."""

    def __init__(self, nats_url: str) -> None:
        super().__init__(nats_url)
        self.flags: dict[str, bool] = {"AGENTPOLICY3": True}

    async def brand(self, merchant: str) -> Brand:
        return Brand(merchant, dict(self.flags), {}, "TRY", merchant, StatusInputs(False, None, ()))


@pytest.fixture
async def wallet(
    portal_servers: PortalServers, wallet_for_agent_contracts_url: str, ac: AgentContracts
) -> AsyncIterator[tuple[httpx.AsyncClient, Flags]]:
    await reset_database(wallet_for_agent_contracts_url)
    app = build_wallet(WalletSettings(**portal_servers.service_urls(wallet_for_agent_contracts_url)))
    async with app.router.lifespan_context(app):
        await app.state.brands.close()
        flags = app.state.brands = Flags(portal_servers.nats_url)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(
            transport=transport, base_url="http://portal", headers={"Merchant": MERCHANT}
        ) as http:
            yield http, flags


async def funds(http: httpx.AsyncClient, token: str) -> dict[str, Any]:
    answer = await http.get(CONSOLIDATED, headers={"Authorization": token})
    assert answer.status_code == 200, answer.text
    value: dict[str, Any] = answer.json()["value"]
    return value


async def open_wallet(url: str, account: str) -> None:
    from portal_kit.db import Database
    from wallet_service.accounts.handlers import NewAccount, open_wallets

    db = Database(url, pool_size=1)
    try:
        async with db.transaction() as session:
            await open_wallets(session, MERCHANT, NewAccount(account, 1), "TRY", 0)
    finally:
        await db.dispose()


async def test_the_contract_fields_come_with_the_flag_and_an_answer(
    ac: AgentContracts, wallet: tuple[httpx.AsyncClient, Flags], worker: None, wallet_for_agent_contracts_url: str
) -> None:
    http, flags = wallet
    top = await ac.place()
    agent = await ac.place(top)
    for account in (top, agent):
        await open_wallet(wallet_for_agent_contracts_url, account)
    path = GRANT.format(merchant=MERCHANT, account=top, kind="daily-wage")
    assert (await ac.call("PUT", path, await ac.ops_token(), {"terms": wage(50), "reason": "top"})).status_code == 200
    await offer(ac, DAILY, top, agent, wage(40))
    top_funds = await funds(http, await ac.token(top))
    assert {name: top_funds[name] for name in FIELDS} == dict(zip(FIELDS, (1, 0, 0, 0), strict=True))
    agent_funds = await funds(http, await ac.token(agent))
    assert agent_funds["dailysalreqtype"] == 2 and agent_funds["currency"] == "TRY"
    flags.flags = {"AGENTPOLICY3": False}
    assert {name: (await funds(http, await ac.token(top)))[name] for name in FIELDS} == dict.fromkeys(FIELDS)
    trial = await http.get(CONSOLIDATED, headers={"Authorization": await ac.token(agent, TRIAL_TYPE)})
    assert (trial.status_code, trial.json()["errorCode"]) == (403, "in_need_true_account")


async def test_without_agent_contracts_the_funds_come_without_the_fields(
    ac: AgentContracts, wallet: tuple[httpx.AsyncClient, Flags], wallet_for_agent_contracts_url: str
) -> None:
    http, _ = wallet
    agent = await ac.place()
    await open_wallet(wallet_for_agent_contracts_url, agent)
    value = await funds(http, await ac.token(agent))  # no worker: nobody answers the request
    assert {name: value[name] for name in FIELDS} == dict.fromkeys(FIELDS)
    assert value["balance"] == 0
