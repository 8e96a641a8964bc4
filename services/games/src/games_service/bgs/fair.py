"""Provably fair numbers for the in-house games (vendor BGS): the kit's one construction
(``portal_kit.fairness``, the lottery's too), applied to a player's seed pairs.

A player's ``n``-th seed pair has the server seed ``derive_seed(GAMES_SEED_KEY, "bgs:<merchant>:<account>:<n>")``:
the key is held outside the database, which keeps only the pair's number and its commitment (the SHA-256 of the
seed's 32 bytes), so a replica or a backup predicts nothing. A round's numbers are the stream of that seed with the
context ``"<client seed>:<nonce>"``; each game reads them in its own order (the games README writes each out)."""

from __future__ import annotations

import secrets

from portal_kit.fairness import FairStream, derive_seed


def label(merchant: str, account_id: str, pair: int) -> str:
    return f"bgs:{merchant}:{account_id}:{pair}"


def server_seed(key: bytes, merchant: str, account_id: str, pair: int) -> bytes:
    """The server seed of a player's ``pair``-th seed pair: the same inputs always give the same seed."""
    return derive_seed(key, label(merchant, account_id, pair))


def stream(seed: bytes, client_seed: str, nonce: int) -> FairStream:
    """The numbers of round ``nonce`` played under ``seed`` and ``client_seed``."""
    return FairStream(seed, f"{client_seed}:{nonce}")


def new_client_seed() -> str:
    """A first client seed until the player picks their own: 16 hex digits."""
    return secrets.token_hex(8)
