"""A member's transfers: between its own wallets (main and the brand's vendor wallets, transfer-mode brands only),
to upline, from its main wallet to the main wallet of its agent (the upline named at registration), and an agent's to
a downline (any account of its team tree, at any depth, as agent-contracts knows the tree now), each with its payment
password (the router asks auth first); each idempotent by the caller's request id."""

from __future__ import annotations

from typing import Any

from nats.aio.client import Client as NATS

from portal_events import TeamMember, TeamMemberReply, TeamMemberRequest
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.messaging.rpc import ask
from portal_kit.sessions import Principal
from wallet_service.accounts import service as accounts
from wallet_service.ledger.domain import MAIN, Leg, MoneyError, checked_amount, fingerprint
from wallet_service.ledger.service import answer, claim, main_wallet, post
from wallet_service.merchants.service import brand_rules
from wallet_service.money import service as money
from wallet_service.transfers.schemas import DownlineTransferRead, UplineRead, UplineTransferRead

TEAM_MEMBER = "rpc.agent-contracts.team_member"


async def between_wallets(
    db: Database, member: Principal, source: str, target: str, amount: int, request_id: str
) -> dict[str, int]:
    """Move money between the member's main and vendor wallets; each wallet's balance after, by its name."""
    rules = await brand_rules(db, member.merchant)
    if rules.is_single:
        raise MoneyError("wallet.single_mode")
    wallets = {MAIN, *rules.vendor_wallets()}
    if source not in wallets or target not in wallets:
        raise MoneyError("wallet.unknown")
    account_id = str(member.account_id)
    result = await money.transfer(db, member.merchant, account_id, source, target, amount, f"{account_id}:{request_id}")
    if not result["success"]:
        raise MoneyError(str(result["errorCode"]))
    moved: dict[str, int] = result["value"]
    return moved


async def upline_of(db: Database, member: Principal) -> UplineRead:
    async with db.reader() as session:
        upline = await accounts.upline_of(session, member.merchant, str(member.account_id))
    if upline is None:
        raise MoneyError("upline.not_found")
    return UplineRead(uplineId=upline.account_id, username=upline.username)


async def to_upline(db: Database, member: Principal, amount: Any, request_id: str) -> UplineTransferRead:
    amount = checked_amount(amount)
    upline_id = (await upline_of(db, member)).uplineId
    account_id = str(member.account_id)
    async with db.transaction() as session:
        row, new = await claim(
            session,
            member.merchant,
            f"upline:{account_id}:{request_id}",
            "upline",
            fingerprint("upline", {"from": account_id, "to": upline_id, "amount": amount}),
        )
        if not new:
            return UplineTransferRead.model_validate(row.result["value"])
        source = await main_wallet(session, member.merchant, account_id)
        target = await main_wallet(session, member.merchant, upline_id)
        after = await post(session, row, [Leg(source.id, -amount), Leg(target.id, amount)])
        row.status = "done"
        moved = UplineTransferRead(uplineId=upline_id, amount=amount, balance=after[source.id] - source.held)
        row.result = answer(moved.model_dump())
        return moved


async def team_member(nc: NATS, merchant: str, agent_id: str, account_id: str, timeout: float) -> TeamMember:
    """agent-contracts' word on whether ``account_id`` is in ``agent_id``'s tree (``rpc.agent-contracts.team_member``);
    ``team.unavailable`` when no answer comes within ``timeout`` seconds (or a refusal does)."""
    request = TeamMemberRequest(merchant=merchant, agentId=agent_id, accountId=account_id)
    try:
        reply = await ask(nc, TEAM_MEMBER, request, TeamMemberReply, timeout=timeout)
    except DomainError:
        raise MoneyError("team.unavailable") from None
    if not reply.success or reply.value is None:
        raise MoneyError("team.unavailable")
    return reply.value


async def to_downline(
    db: Database, nc: NATS, agent: Principal, downline_id: str, amount: Any, request_id: str, timeout: float
) -> DownlineTransferRead:
    """The agent's main wallet to a downline's, once per ``downline:{agent}:{request_id}``. The key is claimed first,
    so a replay (or a twin asked at once, which waits on the key) answers the stored original without asking again;
    a new one asks agent-contracts whether the account is in the agent's tree (never the agent itself), then moves
    both legs in the same transaction: a refusal (not in the tree, no answer in time, not enough money) rolls it all
    back, the key included."""
    amount = checked_amount(amount)
    agent_id = str(agent.account_id)
    if downline_id == agent_id:
        raise MoneyError("downline.not_found")
    async with db.transaction() as session:
        row, new = await claim(
            session,
            agent.merchant,
            f"downline:{agent_id}:{request_id}",
            "downline",
            fingerprint("downline", {"from": agent_id, "to": downline_id, "amount": amount}),
        )
        if not new:
            return DownlineTransferRead.model_validate(row.result["value"])
        member = await team_member(nc, agent.merchant, agent_id, downline_id, timeout)
        if not member.inTeam:
            raise MoneyError("downline.not_found")
        source = await main_wallet(session, agent.merchant, agent_id)
        target = await main_wallet(session, agent.merchant, downline_id)
        after = await post(session, row, [Leg(source.id, -amount), Leg(target.id, amount)])
        row.status = "done"
        moved = DownlineTransferRead(
            downlineId=downline_id, username=member.username, amount=amount, balance=after[source.id] - source.held
        )
        row.result = answer(moved.model_dump())
        return moved
