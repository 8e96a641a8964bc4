"""Texts of the points service's error codes (TR, EN, CN)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "points.type_unknown": {
        "TR": "Bilinmeyen puan türü: {pointType}.",
        "EN": "Unknown point type: {pointType}.",
        "CN": "未知的积分类型：{pointType}。",
    },
}
