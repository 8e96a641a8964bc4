"""Texts of the points service's error codes (TR, EN, CN)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "points.type_unknown": {
        "TR": "Bilinmeyen puan türü: {pointType}.",
        "EN": "Unknown point type: {pointType}.",
        "CN": "未知的积分类型：{pointType}。",
    },
    "mall.item_not_found": {"TR": "Ürün bulunamadı.", "EN": "Item not found.", "CN": "未找到该商品。"},
    "mall.out_of_stock": {
        "TR": "Bu üründen yeterli stok yok (kalan: {left}).",
        "EN": "Not enough of this item left (left: {left}).",
        "CN": "该商品库存不足（剩余：{left}）。",
    },
    "points.not_enough": {
        "TR": "Puanınız yetmiyor: {needed} puan gerekli, bakiyeniz {balance}.",
        "EN": "Not enough points: {needed} needed, your balance is {balance}.",
        "CN": "积分不足：需要 {needed} 积分，您的余额为 {balance}。",
    },
    "mall.redemption_not_found": {"TR": "Talep bulunamadı.", "EN": "Redemption not found.", "CN": "未找到该兑换。"},
    "mall.already_decided": {
        "TR": "Bu talep için zaten karar verildi ({current}).",
        "EN": "This redemption was decided already ({current}).",
        "CN": "该兑换已处理（{current}）。",
    },
    "mall.stock_negative": {
        "TR": "Stok sıfırın altına düşemez.",
        "EN": "The stock cannot go below zero.",
        "CN": "库存不能低于零。",
    },
    "points.conversion_off": {
        "TR": "Puanlar şu anda nakde çevrilemiyor.",
        "EN": "Points cannot be converted to cash at the moment.",
        "CN": "目前无法将积分兑换为现金。",
    },
    "points.conversion_units": {
        "TR": "Puanlar {unit} puanlık katlar halinde ve en az {least} puan olarak çevrilir.",
        "EN": "Points convert in multiples of {unit}, at least {least} at once.",
        "CN": "积分须按 {unit} 的倍数兑换，每次至少 {least} 积分。",
    },
    "points.conversion_too_large": {
        "TR": "Bir seferde bu kadar puan çevrilemez; daha az puan deneyin.",
        "EN": "That many points cannot be converted at once; try fewer.",
        "CN": "一次不能兑换这么多积分，请减少数量。",
    },
}
