from __future__ import annotations

from typing import Literal

from pydantic import model_validator
from pydantic_settings import SettingsConfigDict

from portal_kit.settings import ServiceSettings, local_address_problem


class AuthSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="AUTH_", extra="ignore")

    service_name: str = "auth"
    database_url: str = "postgresql+psycopg://postgres@127.0.0.1:55432/auth"
    # Brand data (flags, registration rules) is cached here, dropped on site.config.changed.v1; this bounds
    # how long a copy lives should a drop be missed.
    site_cache_seconds: float = 60.0
    session_ttl_seconds: int = 12 * 3600
    ops_session_ttl_seconds: int = 30 * 60  # ops sessions are short: sign in again after half an hour
    # Hours after a change to a way into an account (password, mobile, authenticator, payment password) during
    # which no money may leave it (the payment password check refuses security.cooling_off).
    security_cooling_off_hours: int = 24
    captcha_after_failures: int = 3
    login_free_tries: int = 3  # tries of a username from one address before each further one waits
    login_max_delay_seconds: int = 900  # the wait doubles per try up to this
    failure_window_seconds: int = 1800
    ip_login_limit: int = 30
    ip_login_window_seconds: int = 300
    ip_register_limit: int = 10
    downline_register_limit: int = 60  # accounts an agent may register under itself an hour
    ip_freeplay_limit: int = 5
    password_max_age_days: int = 90
    bot_check_bits: int = 16
    sms_provider: Literal["dev", "twilio"] = "dev"
    # Twilio's Messages API (sms_provider "twilio"): credentials from the Secret, never from the repository.
    twilio_account_sid: str = ""
    twilio_auth_token: str = ""
    twilio_from: str = ""
    twilio_messaging_service_sid: str = ""
    twilio_base_url: str = "https://api.twilio.com"
    dev_messages_file: str = ".data/dev-messages.jsonl"
    sms_code_minutes: int = 5
    sms_per_number_per_day: int = 10
    sms_per_ip_per_hour: int = 20
    sms_per_brand_per_hour: int = 2000  # every code a brand sends in an hour: the ceiling of what pumping costs
    sms_reset_per_ip_per_hour: int = 10  # forgotten-password codes asked from one address, known numbers or not
    # The mail server password-reset and invitation mail goes through, and the portal's address in their links:
    # production refuses this machine and deploy/base's placeholders (AUTH_SMTP_HOST, AUTH_PUBLIC_URL there).
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 8025
    mail_sender: str = "no-reply@portal.example"
    public_url: str = "http://127.0.0.1:8080"  # the portal's address, for the e-mailed reset link
    reset_token_minutes: int = 30

    @model_validator(mode="after")
    def _refuse_local_addresses_in_production(self) -> AuthSettings:
        if self.is_production:
            for name, value in (("AUTH_PUBLIC_URL", self.public_url), ("AUTH_SMTP_HOST", self.smtp_host)):
                problem = local_address_problem(name, value)
                if problem:
                    raise ValueError(problem)
        return self
