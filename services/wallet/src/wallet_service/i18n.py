"""Texts of the wallet's error codes (TR, EN, CN)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "wallet.insufficient_funds": {"TR": "Yetersiz bakiye.", "EN": "Insufficient balance.", "CN": "余额不足。"},
    "account.not_found": {"TR": "Cüzdan bulunamadı.", "EN": "Wallet not found.", "CN": "未找到钱包。"},
}
