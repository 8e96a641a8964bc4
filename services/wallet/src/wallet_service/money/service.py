"""The money API other services call (over NATS request/reply): debit, credit, a round's settlement (its stake and
win in one transaction), rollback, balance, and the transfer between a member's own wallets. Each is idempotent by
the caller's transaction id."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from portal_events import WalletMovementRequest, WalletRewardRequest, WalletSalaryRequest, WalletSettleRequest
from portal_kit.db import Database
from wallet_service.accounts import service as accounts
from wallet_service.ledger.domain import (
    HOUSE,
    MAIN,
    REWARDS,
    SALARIES,
    Leg,
    MoneyError,
    checked_amount,
    checked_vendor,
    checked_wallet,
    fingerprint,
    house_shard,
    house_shard_number,
)
from wallet_service.ledger.service import answer, claim, main_wallet, member_account, open_account, post
from wallet_service.money import repository


@dataclass(frozen=True)
class Movement:
    merchant: str
    account_id: str
    currency: str
    amount: int
    transaction_id: str
    wallet: str = MAIN
    vendor: str | None = None  # a game vendor's movement: its own wallet in a transfer-mode brand (wallet_of)

    @classmethod
    def parse(cls, body: dict[str, Any]) -> Movement:
        try:
            merchant, account_id = str(body["merchant"]), str(body["accountId"])
            currency, transaction_id = str(body["currency"]), str(body["transactionId"])
        except KeyError as missing:
            raise MoneyError("request.invalid", field=str(missing)) from None
        if not (1 <= len(transaction_id) <= 100) or len(currency) != 3:
            raise MoneyError("request.invalid")
        return cls(
            merchant,
            account_id,
            currency,
            checked_amount(body.get("amount")),
            transaction_id,
            checked_wallet(body.get("wallet", MAIN)),
            checked_vendor(body.get("vendor")),
        )

    @classmethod
    def of(cls, request: WalletMovementRequest) -> Movement:
        """From a request its contract already checked; the wallet's own rules still apply."""
        return cls(
            request.merchant,
            request.accountId,
            request.currency,
            checked_amount(request.amount),
            request.transactionId,
            checked_wallet(request.wallet or MAIN),
            checked_vendor(request.vendor),
        )

    def content(self) -> dict[str, Any]:
        """What a replay must repeat: the request as sent (the vendor, not the wallet it resolved to, so a replay
        after the brand changed its wallet mode still answers the original)."""
        content = {
            "accountId": self.account_id,
            "currency": self.currency,
            "amount": self.amount,
            "wallet": self.wallet,
        }
        return content if self.vendor is None else {**content, "vendor": self.vendor}


@dataclass(frozen=True)
class Settlement:
    """A game round's stake and win, settled together under the round's key ``settle:<transaction_id>``: the debit
    ``<transaction_id>:bet`` and, when ``win``, the credit ``<transaction_id>:win`` (in-house rounds play from main,
    or a trial account's free-play wallet)."""

    merchant: str
    account_id: str
    currency: str
    stake: int
    win: int
    transaction_id: str
    wallet: str = MAIN

    @classmethod
    def of(cls, request: WalletSettleRequest) -> Settlement:
        win = 0 if request.win == 0 else checked_amount(request.win)
        return cls(
            request.merchant, request.accountId, request.currency, checked_amount(request.stake), win,
            request.transactionId, checked_wallet(request.wallet or MAIN),
        )  # fmt: skip

    def legs(self) -> tuple[Movement, Movement]:
        """The debit and the credit it is made of, with the ids and content each would have alone (so a round whose
        stake went through ``rpc.wallet.debit`` before settles on as that debit's replay)."""
        bet = Movement(
            self.merchant, self.account_id, self.currency, self.stake, f"{self.transaction_id}:bet", self.wallet
        )
        win = Movement(
            self.merchant, self.account_id, self.currency, self.win, f"{self.transaction_id}:win", self.wallet
        )
        return bet, win


@dataclass(frozen=True)
class Salary:
    """An agent's pay for one settlement line of agent-contracts: ``amount`` into its main wallet from its shard of
    the brand's ``house:salaries``, once per ``transaction_id`` (the line's key)."""

    merchant: str
    account_id: str
    currency: str
    amount: int
    transaction_id: str
    contract_kind: str
    period_start: datetime
    period_end: datetime

    @classmethod
    def of(cls, request: WalletSalaryRequest) -> Salary:
        """From a request its contract already checked; a period must name its zone and end after it starts."""
        start, end = request.periodStart, request.periodEnd
        if start.tzinfo is None or end.tzinfo is None or end <= start:
            raise MoneyError("request.invalid")
        return cls(
            request.merchant, request.accountId, request.currency, checked_amount(request.amount),
            request.transactionId, request.contractKind, start.astimezone(UTC), end.astimezone(UTC),
        )  # fmt: skip

    def content(self) -> dict[str, Any]:
        """What a replay must repeat (the period as the same instants, whatever zone it was written in)."""
        return {
            "accountId": self.account_id, "currency": self.currency, "amount": self.amount,
            "contractKind": self.contract_kind, "periodStart": self.period_start.isoformat(),
            "periodEnd": self.period_end.isoformat(),
        }  # fmt: skip


async def wallet_of(db: Database, merchant: str, owner_id: str, wallet: str, vendor: str | None) -> str:
    """The wallet a movement or balance of ``wallet`` for ``vendor`` uses (an explicit wallet is kept)."""
    if vendor is None or wallet != MAIN:
        return wallet
    return await repository.vendor_wallet(db, merchant, owner_id, vendor)


async def _move(db: Database, movement: Movement, kind: str) -> dict[str, Any]:
    """Debit or credit a member's wallet against its shard of the games house account (or of the free-play
    house for a free-play wallet)."""
    wallet = await wallet_of(db, movement.merchant, movement.account_id, movement.wallet, movement.vendor)
    return await repository.move(
        db,
        movement.merchant,
        kind,
        movement.transaction_id,
        fingerprint(kind, movement.content()),
        movement.account_id,
        wallet,
        movement.currency,
        movement.amount,
        house_shard_number(movement.account_id),
    )


async def debit(db: Database, movement: Movement) -> dict[str, Any]:
    return await _move(db, movement, "debit")


async def credit(db: Database, movement: Movement) -> dict[str, Any]:
    return await _move(db, movement, "credit")


async def salary(db: Database, pay: Salary) -> dict[str, Any]:
    """Credit an agent's pay, once per transaction id (``salary:<id>``, kind ``salary``): the key is claimed first (a
    concurrent twin waits on it and then answers the stored original; another content under it is
    ``idempotency.mismatch``), then the account must be an agent (``account.not_agent``, nothing written) with a main
    wallet in the currency (``account.not_found``, ``currency.unknown``), then both legs, the pay's record and the
    stored answer are written in one transaction. The wallet is locked first (its held funds stay as read for the
    answer); only salaries take ``house:salaries``, so no other command waits on the two rows in the other order."""
    async with db.transaction() as session:
        row, new = await claim(
            session, pay.merchant, f"salary:{pay.transaction_id}", "salary", fingerprint("salary", pay.content())
        )
        if not new:
            return row.result
        if not await accounts.is_agent(session, pay.merchant, pay.account_id):
            raise MoneyError("account.not_agent")
        wallet = await main_wallet(session, pay.merchant, pay.account_id, lock=True)
        if wallet.currency != pay.currency:
            raise MoneyError("currency.unknown")
        house = await open_account(session, pay.merchant, pay.currency, HOUSE, house_shard(SALARIES, pay.account_id))
        after = await post(session, row, [Leg(wallet.id, pay.amount), Leg(house.id, -pay.amount)])
        await repository.keep_salary(
            session, row.id, pay.merchant, pay.account_id, pay.contract_kind, pay.period_start, pay.period_end,
            pay.amount, pay.currency,
        )  # fmt: skip
        row.status = "done"
        spendable = after[wallet.id] - wallet.held
        row.result = answer({"transactionId": pay.transaction_id, "balance": spendable, "currency": pay.currency})
        return row.result


@dataclass(frozen=True)
class Reward:
    """A member's reward (points converted to cash): ``amount`` into its main wallet from its shard of the brand's
    ``house:rewards``, once per ``transaction_id`` (the caller's key)."""

    merchant: str
    account_id: str
    amount: int
    transaction_id: str
    reason: str

    @classmethod
    def of(cls, request: WalletRewardRequest) -> Reward:
        return cls(request.merchant, request.accountId, checked_amount(request.amount), request.transactionId,
                   request.reason)  # fmt: skip

    def content(self) -> dict[str, Any]:
        return {"accountId": self.account_id, "amount": self.amount, "reason": self.reason}


async def reward(db: Database, pay: Reward) -> dict[str, Any]:
    """Credit a member's reward, once per transaction id (``reward:<id>``, kind ``reward``, a bonus in the account
    record): the key is claimed first (a concurrent twin waits on it and answers the stored original; another content
    under it is ``idempotency.mismatch``), then the account's main wallet, in its currency (a trial account has none:
    ``account.not_found``, nothing written), then both legs and the stored answer in one transaction. The wallet is
    locked first; only rewards take ``house:rewards``, so no other command waits on the two rows in the other order."""
    async with db.transaction() as session:
        row, new = await claim(
            session, pay.merchant, f"reward:{pay.transaction_id}", "reward", fingerprint("reward", pay.content())
        )
        if not new:
            return row.result
        wallet = await main_wallet(session, pay.merchant, pay.account_id, lock=True)
        house = await open_account(session, pay.merchant, wallet.currency, HOUSE, house_shard(REWARDS, pay.account_id))
        after = await post(session, row, [Leg(wallet.id, pay.amount), Leg(house.id, -pay.amount)])
        row.status = "done"
        spendable = after[wallet.id] - wallet.held
        row.result = answer({"transactionId": pay.transaction_id, "balance": spendable, "currency": wallet.currency})
        return row.result


async def settle(db: Database, settlement: Settlement) -> dict[str, Any]:
    """A round's stake and win in one transaction, one round trip (``money_settle``, migrations 0007 and 0008):
    the round's own key first (its fingerprint, made by the database, covers the account, wallet, currency, stake
    and win, so the same id with another win is ``idempotency.mismatch``), then both legs or neither; a stake the
    balance cannot cover is the stored refusal of every replay."""
    bet, win = settlement.legs()
    return await repository.settle(
        db,
        settlement.merchant,
        settlement.transaction_id,
        fingerprint("debit", bet.content()),
        fingerprint("credit", win.content()),
        settlement.account_id,
        settlement.wallet,
        settlement.currency,
        settlement.stake,
        settlement.win,
        house_shard_number(settlement.account_id),
    )


async def rollback(db: Database, merchant: str, transaction_id: str) -> dict[str, Any]:
    """Undo a debit. A debit not seen yet leaves a tombstone, so that debit is refused when it arrives; a leg of a
    round settled through ``settle`` is never undone alone (``rollback.round_settled``, migration 0008)."""
    if not (1 <= len(transaction_id) <= 100):
        raise MoneyError("request.invalid")
    content = fingerprint("rollback", {"transactionId": transaction_id})
    return await repository.rollback(db, merchant, transaction_id, content)


async def balance(
    db: Database, merchant: str, account_id: str, wallet: str = MAIN, vendor: str | None = None
) -> dict[str, Any]:
    kind = await wallet_of(db, merchant, account_id, checked_wallet(wallet), vendor)
    row = await repository.balance(db, merchant, account_id, kind)
    if row is None:
        raise MoneyError("account.not_found")
    spendable, held, currency = row
    return answer({"balance": spendable, "held": held, "currency": currency})


async def transfer(
    db: Database, merchant: str, owner_id: str, source: str, target: str, amount: int, key: str
) -> dict[str, Any]:
    """Move money between two wallets of one member (main ↔ a vendor wallet), idempotent by ``key``."""
    amount = checked_amount(amount)
    content = {"owner": owner_id, "from": checked_wallet(source), "to": checked_wallet(target), "amount": amount}
    if source == target:
        raise MoneyError("request.invalid")
    async with db.transaction() as session:
        row, new = await claim(session, merchant, f"transfer:{key}", "transfer", fingerprint("transfer", content))
        if not new:
            return row.result
        source_account = await member_account(session, merchant, owner_id, source)
        if source_account is None:
            raise MoneyError("account.not_found")
        target_account = await open_account(
            session, merchant, source_account.currency, owner_id, target, trial=source_account.trial
        )
        try:
            after = await post(session, row, [Leg(source_account.id, -amount), Leg(target_account.id, amount)])
        except MoneyError as refusal:
            row.status, row.result = "refused", answer(code=refusal.code)
            return row.result
        row.status = "done"
        row.result = answer({source: after[source_account.id], target: after[target_account.id]})
        return row.result
