from __future__ import annotations

from pydantic import model_validator
from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings

# The in-house games' server seeds are derived under this key (bgs/fair.py); production refuses it.
DEVELOPMENT_SEED_KEY = "development-only-seed-key"


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
    public_url: str = "http://127.0.0.1:8080"
    # The key every player's in-house server seeds are derived under (HMAC-SHA256 of the pair's label): held
    # outside the database, so a copy of it predicts no round. Changing it changes every seed not yet revealed:
    # the rounds of a pair whose commitment no longer matches are refused until the player rotates.
    seed_key: str = DEVELOPMENT_SEED_KEY

    @model_validator(mode="after")
    def _refuse_the_development_seed_key_in_production(self) -> GamesSettings:
        if self.is_production and self.seed_key == DEVELOPMENT_SEED_KEY:
            raise ValueError("GAMES_SEED_KEY must be set in production (the development default is refused)")
        return self

    @model_validator(mode="after")
    def _hub88_defaults(self) -> GamesSettings:
        if self.hub88_simulator_enabled is None:
            self.hub88_simulator_enabled = not self.is_production
        if not self.hub88_url:
            self.hub88_url = self.public_url.rstrip("/") + "/wps/games/hub88-sim"
        return self
