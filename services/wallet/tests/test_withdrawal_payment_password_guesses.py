"""The payment password before money leaves (a withdrawal, a transfer to upline, a bank binding), guessed in
parallel against the real auth responder: every guess is counted before it is compared, so a burst of wrong
guesses sent with the right one gets at most five compared, and once five wrong ones were counted the right one
is refused too, for the rest of the window; the same right answer sent many times at once all passes."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import httpx
from redis.asyncio import Redis
from wallet_http import MERCHANT, PAYMENT_PASSWORD, WalletClient

INVALID, LOCKED = "payment_password.invalid", "payment_password.locked"
LIMIT = 5  # wrong guesses compared in a window; the fifth already answers LOCKED
WRONG_PER_BURST = 20
ROUNDS = 3  # each on a fresh member


@dataclass
class Target:
    """One way money leaves, for one member: ``attempt(password)`` sends one request with that password."""

    token: str
    attempt: Callable[[str], Awaitable[httpx.Response]]
    account: str
    moved: Callable[[], Awaitable[int]]  # how many requests went through: money held or sent, accounts bound


def code_of(response: httpx.Response) -> str:
    return "ok" if response.status_code == 200 else str(response.json()["errorCode"])


async def withdrawal_target(wallet: WalletClient, name: str) -> Target:
    account, token = await wallet.member(name)
    await wallet.ops_credit(account, 500_000, await wallet.ops())
    bound = await wallet.call_sealed(
        "POST",
        "/wps/v2/wallets/bank-accounts",
        token,
        {"bankName": "Ziraat", "holderName": name, "accountNumber": f"TR{uuid.uuid4().int % 10**20:020d}",
         "paymentPassword": PAYMENT_PASSWORD},
    )  # fmt: skip
    assert bound.status_code == 200, bound.text
    bank = bound.json()["value"]["bankAccountId"]

    async def attempt(password: str) -> httpx.Response:
        payload = {"amount": 5_000, "bankAccountId": bank, "paymentPassword": password, "requestId": uuid.uuid4().hex}
        return await wallet.call_sealed("POST", "/wps/v2/wallets/withdrawals", token, payload)

    async def moved() -> int:
        return int((await wallet.balance(token))["wallets"][0]["held"]) // 5_000

    return Target(token, attempt, account, moved)


async def upline_target(wallet: WalletClient, name: str) -> Target:
    agent, _ = await wallet.member(f"{name}-agent", account_type=1)
    account, token = await wallet.member(name, upline=agent)
    await wallet.ops_credit(account, 500_000, await wallet.ops())

    async def attempt(password: str) -> httpx.Response:
        payload = {"amount": 1_000, "paymentPassword": password, "requestId": uuid.uuid4().hex}
        return await wallet.call_sealed("POST", "/wps/v2/wallets/upline/transfer", token, payload)

    async def moved() -> int:
        return (500_000 - await wallet.available(token)) // 1_000

    return Target(token, attempt, account, moved)


async def binding_target(wallet: WalletClient, name: str) -> Target:
    account, token = await wallet.member(name)

    async def attempt(password: str) -> httpx.Response:
        body = {"bankName": "Akbank", "holderName": name, "accountNumber": f"TR{uuid.uuid4().int % 10**20:020d}",
                "paymentPassword": password}  # fmt: skip
        return await wallet.call_sealed("POST", "/wps/v2/wallets/bank-accounts", token, body)

    async def moved() -> int:
        return len((await wallet.call("GET", "/wps/v2/wallets/bank-accounts", token)).json()["value"])

    return Target(token, attempt, account, moved)


async def lift_binding_throttle(wallet: WalletClient, account: str) -> None:
    """Bank bindings are also limited to 10 an hour per member, counted before auth is asked; lifted here so that
    what the test sees is auth's own lock, not the wallet's throttle."""
    redis = Redis.from_url(wallet.redis_url)
    try:
        await redis.delete(f"wallet:bank-bindings:{MERCHANT}:{account}")
    finally:
        await redis.aclose()


async def burst(target: Target, label: str) -> tuple[list[str], str]:
    """20 distinct wrong guesses and the right one, all at once: the wrong ones' codes and the right one's."""
    wrong = [target.attempt(f"{label}-{n:02d}x") for n in range(WRONG_PER_BURST)]
    answers = await asyncio.gather(*wrong, target.attempt(PAYMENT_PASSWORD))
    return [code_of(a) for a in answers[:-1]], code_of(answers[-1])


async def check_bursts(wallet: WalletClient, make: Callable[[WalletClient, str], Awaitable[Target]]) -> None:
    for round_no in range(ROUNDS):
        target = await make(wallet, f"payer{round_no}")
        throttled = make is binding_target
        wrong, right = await burst(target, f"r{round_no}a")
        allowed = {INVALID, LOCKED} | ({"TOO_MANY_REQUESTS"} if throttled else set())
        assert set(wrong) <= allowed, wrong
        # At most LIMIT wrong guesses were compared: the first four answer INVALID, the fifth LOCKED.
        assert wrong.count(INVALID) <= LIMIT - 1, (round_no, wrong, right)
        assert right in {"ok", LOCKED} | ({"TOO_MANY_REQUESTS"} if throttled else set()), right

        if throttled:
            await lift_binding_throttle(wallet, target.account)
        # One more new wrong guess: counted as the fifth, or refused: the limit is crossed either way.
        probe = code_of(await target.attempt(f"r{round_no}-probe"))
        assert probe == LOCKED, (round_no, probe)
        if throttled:
            await lift_binding_throttle(wallet, target.account)
        # Once the limit is crossed the right answer is refused with the wrong ones, in a burst and alone.
        wrong_again, right_again = await burst(target, f"r{round_no}b")
        if throttled:  # past ten bindings in the burst the wallet's throttle answers first
            assert set(wrong_again) <= {LOCKED, "TOO_MANY_REQUESTS"} and LOCKED in wrong_again, wrong_again
            assert right_again in {LOCKED, "TOO_MANY_REQUESTS"}, right_again
        else:
            assert (set(wrong_again), right_again) == ({LOCKED}, LOCKED), (round_no, wrong_again, right_again)
        if throttled:
            await lift_binding_throttle(wallet, target.account)
        alone = await target.attempt(PAYMENT_PASSWORD)
        assert (alone.status_code, code_of(alone)) == (429, LOCKED)
        assert await target.moved() == (1 if right == "ok" else 0)  # only a right answer let through moved money
    assert await wallet.reconciled()


async def test_a_burst_of_wrong_withdrawal_pins_with_the_right_one_is_counted_before_it_is_compared(
    wallet: WalletClient,
) -> None:
    await check_bursts(wallet, withdrawal_target)


async def test_a_burst_of_wrong_upline_transfer_pins_with_the_right_one_is_counted_before_it_is_compared(
    wallet: WalletClient,
) -> None:
    await check_bursts(wallet, upline_target)


async def test_a_burst_of_wrong_bank_binding_pins_with_the_right_one_is_counted_before_it_is_compared(
    wallet: WalletClient,
) -> None:
    await check_bursts(wallet, binding_target)


async def four_wrong_guesses(target: Target) -> None:
    codes = [code_of(await target.attempt(f"typo-{n}")) for n in range(LIMIT - 1)]
    assert codes == [INVALID] * (LIMIT - 1)


async def test_the_right_payment_password_sent_many_times_at_once_always_passes(wallet: WalletClient) -> None:
    """Even with one try left in the window (four wrong ones before), the right answer sent ten times at once is
    one guess: every withdrawal and every transfer to upline passes, and five bank accounts are bound."""
    withdrawing = await withdrawal_target(wallet, "many1")
    await four_wrong_guesses(withdrawing)
    withdrawals = await asyncio.gather(*(withdrawing.attempt(PAYMENT_PASSWORD) for _ in range(10)))
    assert [code_of(a) for a in withdrawals] == ["ok"] * 10
    assert (await wallet.balance(withdrawing.token))["wallets"][0]["held"] == 10 * 5_000

    sending = await upline_target(wallet, "many2")
    await four_wrong_guesses(sending)
    transfers = await asyncio.gather(*(sending.attempt(PAYMENT_PASSWORD) for _ in range(10)))
    assert [code_of(a) for a in transfers] == ["ok"] * 10
    assert await wallet.available(sending.token) == 500_000 - 10 * 1_000

    binding = await binding_target(wallet, "many3")
    await four_wrong_guesses(binding)
    bindings = await asyncio.gather(*(binding.attempt(PAYMENT_PASSWORD) for _ in range(5)))
    assert [code_of(a) for a in bindings] == ["ok"] * 5
    listed = await wallet.call("GET", "/wps/v2/wallets/bank-accounts", binding.token)
    assert len(listed.json()["value"]) == 5
    # The window still holds the four wrong ones: one more new wrong guess locks the check.
    assert code_of(await withdrawing.attempt("typo-last")) == LOCKED
    assert code_of(await withdrawing.attempt(PAYMENT_PASSWORD)) == LOCKED
    assert await wallet.reconciled()
