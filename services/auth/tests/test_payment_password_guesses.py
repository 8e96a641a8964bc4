"""The payment password's guess counter on a real Valkey, under every interleaving Hypothesis finds of its two
atomic steps (a guess admitted before it is compared, its result recorded after): parallel requests can only
interleave those steps, so what holds here holds for any burst."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from auth_service.accounts.payment_password_guesses import LIMIT, PaymentPasswordGuesses, digest, guesses_key
from portal_kit.testing.plugin import PortalServers
from portal_kit.valkey_link import ValkeyLink

RIGHT = 0  # guess 0 is the payment password; 1..7 are wrong
Step = tuple[str, int]  # ("start", guess) or ("finish", which of the guesses being compared)

steps = st.lists(st.tuples(st.sampled_from(["start", "finish"]), st.integers(0, 7)), max_size=60)


@dataclass
class Rule:
    """What the counter promises, written plainly: a guess is compared while the wrong answers counted plus the
    different guesses being compared stay under ``LIMIT`` (a copy of one being compared takes no other place);
    a wrong one counts once when it stops being compared, however many copies were compared."""

    wrong: int = 0
    comparing: set[int] = field(default_factory=set)

    def admits(self, guess: int) -> bool:
        if self.wrong >= LIMIT:
            return False
        if guess in self.comparing:
            return True
        if self.wrong + len(self.comparing) >= LIMIT:
            return False
        self.comparing.add(guess)
        return True

    def settled(self, guess: int) -> None:
        if guess in self.comparing:
            self.comparing.discard(guess)
            self.wrong += guess != RIGHT


async def play(redis_url: str, script: list[Step]) -> None:
    valkey = ValkeyLink(redis_url)
    guesses = PaymentPasswordGuesses(valkey)
    key = guesses_key("turkeyf2", str(uuid.uuid4()))
    rule = Rule()
    comparing: list[int] = []  # every copy admitted and not yet settled
    try:
        for action, number in script:
            if action == "start":
                admitted = await guesses.admit(key, digest("stored-hash", f"guess-{number}"))
                # The right answer passes exactly while the rule lets it, and so does each wrong one.
                assert admitted == rule.admits(number), (action, number, rule)
                if admitted:
                    comparing.append(number)
            elif comparing:
                guess = comparing.pop(number % len(comparing))
                wrong = await guesses.settle(key, digest("stored-hash", f"guess-{guess}"), right=guess == RIGHT)
                rule.settled(guess)
                assert wrong == rule.wrong
            # Never more than LIMIT wrong guesses compared (copies of one at once count as one).
            assert rule.wrong + len(rule.comparing - {RIGHT}) <= LIMIT
    finally:
        await valkey.delete(key)
        await valkey.aclose()


@settings(max_examples=150, deadline=None)
@given(script=steps)
def test_any_interleaving_compares_at_most_five_wrong_guesses_and_lets_the_right_one_through_while_it_may(
    portal_servers: PortalServers, script: list[Step]
) -> None:
    asyncio.run(play(portal_servers.redis_url, script))


def test_copies_of_the_right_answer_at_once_are_one_guess(portal_servers: PortalServers) -> None:
    """Four wrong answers leave one place: ten copies of the right one, compared at once, all take it."""

    async def run() -> None:
        valkey = ValkeyLink(portal_servers.redis_url)
        guesses = PaymentPasswordGuesses(valkey)
        key = guesses_key("turkeyf2", str(uuid.uuid4()))
        right = digest("stored-hash", "guess-0")
        try:
            for n in range(1, LIMIT):
                wrong = digest("stored-hash", f"guess-{n}")
                assert await guesses.admit(key, wrong)
                assert await guesses.settle(key, wrong, right=False) == n
            assert [await guesses.admit(key, right) for _ in range(10)] == [True] * 10
            assert [await guesses.settle(key, right, right=True) for _ in range(10)] == [LIMIT - 1] * 10
            other = digest("stored-hash", "guess-7")
            assert await guesses.admit(key, other)
            assert not await guesses.admit(key, right)  # the last place is being compared
            assert await guesses.settle(key, other, right=False) == LIMIT
            assert not await guesses.admit(key, right)  # locked for the window
        finally:
            await valkey.aclose()

    asyncio.run(run())
