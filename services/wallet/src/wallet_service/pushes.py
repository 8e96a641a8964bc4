"""Telling a member's open pages that their money moved: ``WalletBalancePush`` on core NATS
(``push.wallet.<merchant>.member.<accountId>``, ``push.wallet`` in ``proto/registry.yaml``), heard by the
notifications API processes holding the member's sockets, which send them a ``balance`` frame (the header reads
the balance again).

Every movement is told, whoever made it: the money API's one-statement commands (debits, credits, settled rounds,
rollbacks: in-house games, Hub88, the lottery) by ``money/rpc.py`` once answered, and every movement made in a
session (transfers, deposits, withdrawals' holds and payments, ops adjustments, rewards, salaries, purchases,
bonuses) by the ledger's commit hook (``ledger.repository.when_committed``). Nothing is written for it (no outbox
row per bet, the money API being the hot path): a member is noted in a set, and one task publishes after the
commit, at most once per member per ``window`` (the first at once, those that follow within the window together
at its end). A push carries no amount, so one lost (NATS away) costs a stale header until the next movement or
reload, and one repeated costs a read."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

from nats.aio.client import Client as NATS

from portal_events import WalletBalancePush
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats
from portal_kit.worker import Background
from wallet_service.ledger.service import when_committed

log = logging.getLogger("wallet.pushes")
PREFIX = "push.wallet"
WINDOW_SECONDS = 0.25


def member_subject(merchant: str, account_id: str) -> str:
    return f"{PREFIX}.{merchant}.member.{account_id}"


class BalancePushes:
    """The members whose money moved since the last round, published by ``run`` (one task a process)."""

    def __init__(self, window: float = WINDOW_SECONDS) -> None:
        self.window = window
        self._pending: set[tuple[str, str]] = set()
        self._wake = asyncio.Event()

    def moved(self, merchant: str, account_id: str) -> None:
        """``account_id``'s money moved (committed): their pages are told in this round or the next."""
        self._pending.add((merchant, account_id))
        self._wake.set()

    def moved_all(self, members: Iterable[tuple[str, str]]) -> None:
        self._pending.update(members)
        self._wake.set()

    def on_commits(self) -> Callable[[], None]:
        """Tell the members of every committed transaction of this process's sessions; returns the way to stop."""
        return when_committed(self.moved_all)

    async def run(self, nc: NATS) -> None:
        """Publish each round's members, a round at most every ``window``, until cancelled."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            members, self._pending = self._pending, set()
            for merchant, account_id in members:
                try:
                    push = WalletBalancePush(kind="balance", merchant=merchant, accountId=account_id)
                    await nc.publish(member_subject(merchant, account_id), push.model_dump_json().encode())
                except Exception:  # NATS away (the page reads its balance on the next movement or reload), or an
                    # account id the contract refuses: that push alone is lost, never the task
                    log.debug("a balance push was not published", exc_info=True)
            await asyncio.sleep(self.window)

    def background(self, nats_url: str) -> Background:
        """The worker's job (``portal_kit.worker.Background``): its own NATS connection, the commit hook and ``run``."""

        async def job(_db: Database) -> None:
            while True:  # a connection that fails is asked again, said in the log, never silently given up
                try:
                    nc = await connect_nats(nats_url, "wallet-pushes")
                except Exception:
                    log.exception("the balance pushes cannot reach NATS: asking again in 5 s")
                    await asyncio.sleep(5)
                    continue
                break
            stop = self.on_commits()
            try:
                await self.run(nc)
            finally:
                stop()
                await nc.close()

        return job
