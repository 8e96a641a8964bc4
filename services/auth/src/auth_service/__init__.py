"""The auth service (ARCHITECTURE §2): accounts, credentials, sessions, captcha, bot check, passwords."""
