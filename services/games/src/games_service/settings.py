from __future__ import annotations

import re

from pydantic import Field, model_validator
from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings, local_address_problem

# The in-house games' server seeds are derived under this key (bgs/fair.py): anyone may read it here, so production
# refuses it. Make a real one with ``python -c "import secrets; print(secrets.token_hex(32))"``.
DEVELOPMENT_SEED_KEY = "ba" * 32
SEED_KEY_MIN_BYTES = 32
SEED_KEY_ID = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
SIMULATOR_PATH = "/wps/games/hub88-sim"


def _seed_key_problem(text: str, production: bool) -> str | None:
    """Why ``text`` cannot be a seed key: hex digits (decoded to bytes, never used as text), in production at least
    32 bytes and not the development key."""
    try:
        key = bytes.fromhex(text)
    except ValueError:
        return "is not hexadecimal"
    if not key:
        return "is empty"
    if production and len(key) < SEED_KEY_MIN_BYTES:
        return f"is shorter than {SEED_KEY_MIN_BYTES} bytes"
    if production and text.lower() == DEVELOPMENT_SEED_KEY:
        return "is the development key"
    return None


class GamesSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="GAMES_", extra="ignore")

    service_name: str = "games"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/games"
    site_cache_seconds: float = 60.0
    # A round left open (its process stopped between the stake and the win) is settled by the worker after
    # this many seconds.
    recovery_after_seconds: float = 10.0
    recovery_sweep_seconds: float = 5.0
    # The aggregator Hub88: its public key (PEM) checks X-Hub88-Signature (none set: every call is refused);
    # a game session (launch) takes bets this long.
    hub88_public_key: str = ""
    hub88_session_minutes: float = 240.0
    # Hub88's Games API (the operator asks it for a game's address); by default the simulator below. Each call is
    # signed with the operator's private key (PEM; Hub88 checks it with the public key the operator registered
    # under its operator id); without a key, games of Hub88's vendors do not launch.
    hub88_url: str = ""
    hub88_operator_id: int = 1
    hub88_operator_private_key: str = ""
    # The Hub88 simulator (development and tests): plays Hub88's side for the vendors connected through it,
    # calling the wallet API at the portal's public address, signed with this private key (PEM). Off in
    # production unless turned on.
    hub88_simulator_enabled: bool | None = None
    hub88_simulator_private_key: str = ""
    # The operator's public key (PEM) the simulator checks the Games API calls with, as Hub88 keeps it on file.
    hub88_simulator_operator_public_key: str = ""
    # The portal's public address (launch and return links; the simulator's wallet calls): production refuses a
    # loopback or placeholder one (GAMES_PUBLIC_URL in deploy/base/config.yaml).
    public_url: str = "http://127.0.0.1:8080"
    # The key new seed pairs are derived under (HMAC-SHA256 of the pair's label; hex, 32 bytes or more in
    # production), named ``seed_key_id``: held outside the database, so a copy of it predicts no round. Each pair
    # records its key's id, and the database the fingerprint of the key first used under each id, so a process
    # given another key under a recorded id refuses to start. To rotate, move the current key into
    # ``old_seed_keys`` (JSON ``{"<id>": "<hex key>"}``) under its id and set a new key under a new id: pairs made
    # under an old key play on while it is held; once it is dropped, each such pair is retired at its next use (a
    # new pair, shown before any round; the old seed is never revealed) and its open rounds are voided when no
    # money moved for them.
    seed_key: str = DEVELOPMENT_SEED_KEY
    seed_key_id: str = "dev"
    old_seed_keys: dict[str, str] = Field(default_factory=dict)
    # Seed rotations a player may make a minute (each reveals a seed and derives two commitments).
    seed_rotations_per_minute: int = 5

    @model_validator(mode="after")
    def _check_the_seed_keys(self) -> GamesSettings:
        keys = {self.seed_key_id: self.seed_key, **self.old_seed_keys}
        for key_id, key in keys.items():
            if not SEED_KEY_ID.match(key_id):
                raise ValueError(f"the seed key id {key_id!r} must be 1 to 16 letters, digits, '_' or '-'")
            problem = _seed_key_problem(key, self.is_production)
            if problem:
                name = "GAMES_SEED_KEY" if key_id == self.seed_key_id else f"GAMES_OLD_SEED_KEYS[{key_id!r}]"
                raise ValueError(f"{name} {problem}: make one with secrets.token_hex({SEED_KEY_MIN_BYTES})")
        if self.old_seed_keys.get(self.seed_key_id, self.seed_key) != self.seed_key:
            raise ValueError(f"the seed key id {self.seed_key_id!r} names two different keys")
        return self

    @model_validator(mode="after")
    def _hub88_defaults(self) -> GamesSettings:
        if self.hub88_simulator_enabled is None:
            self.hub88_simulator_enabled = not self.is_production
        explicit = bool(self.hub88_url)
        if not explicit:
            self.hub88_url = self.public_url.rstrip("/") + SIMULATOR_PATH
        if self.is_production:
            self._refuse_local_addresses(explicit)
        return self

    def _refuse_local_addresses(self, hub88_url_set: bool) -> None:
        """Production launches go to the addresses set here: never this machine, never deploy/base's placeholder."""
        problem = local_address_problem("GAMES_PUBLIC_URL", self.public_url)
        if hub88_url_set:
            problem = problem or local_address_problem("GAMES_HUB88_URL", self.hub88_url)
        elif self.hub88_operator_private_key and not self.hub88_simulator_enabled:
            problem = "GAMES_HUB88_URL is not set: Hub88's vendors launch through Hub88's Games API, not the simulator"
        if problem:
            raise ValueError(problem)
