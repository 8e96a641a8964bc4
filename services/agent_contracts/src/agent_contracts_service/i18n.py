"""Texts of the agent-contracts' error codes (TR, EN, CN)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "team.member_not_found": {
        "TR": "Bu üye ekibinizde bulunamadı.",
        "EN": "This member is not in your team.",
        "CN": "您的团队中没有该成员。",
    },
    "team.move_cycle": {
        "TR": "Üye kendi altına ya da kendi alt ekibine taşınamaz.",
        "EN": "A member cannot be moved under itself or under its own downlines.",
        "CN": "不能将成员移到其自身或其下级之下。",
    },
    "contract.not_found": {"TR": "Sözleşme bulunamadı.", "EN": "Contract not found.", "CN": "未找到该合约。"},
    "contract.not_direct_downline": {
        "TR": "Sözleşme yalnızca doğrudan alt temsilcinize önerilebilir.",
        "EN": "A contract can be offered only to your direct downline.",
        "CN": "合约只能提供给您的直属下级。",
    },
    "team.move_has_contracts": {
        "TR": "Sözleşmesi ya da yanıt bekleyen bir teklifi olan üye taşınamaz; önce bunlar sonlandırılmalı.",
        "EN": "A member holding a contract or with an offer awaiting its answer cannot be moved; end them first.",
        "CN": "持有合约或有待答复请求的成员不能移动；请先结束它们。",
    },
    "contract.not_top_agent": {
        "TR": "Operasyon yalnızca üst temsilcisi olmayan bir temsilciye sözleşme verebilir.",
        "EN": "Ops grant contracts only to an agent with no upline; the others get theirs from their upline.",
        "CN": "运营只能为没有上级的代理授予合约；其他代理的合约由其上级提供。",
    },
    "contract.downline_not_agent": {
        "TR": "Sözleşme yalnızca bir temsilciyle yapılabilir.",
        "EN": "Only an agent can hold a contract.",
        "CN": "只有代理才能签订合约。",
    },
    "contract.ratio_above_upline": {
        "TR": "Oran, üst temsilcinin kendi sözleşmesindeki orandan yüksek olamaz.",
        "EN": "The ratio cannot be higher than the one in the upline's own contract.",
        "CN": "比例不能高于上级自身合约的比例。",
    },
    "contract.rate_out_of_range": {
        "TR": "Oranlar %0 ile %100 arasında olmalıdır.",
        "EN": "Rates must be between 0 % and 100 %.",
        "CN": "比例必须在 0% 到 100% 之间。",
    },
    "contract.terms_invalid": {
        "TR": "Sözleşme koşulları geçersiz: kademeler artan eşiklerle ve azalmayan oranlarla verilmelidir.",
        "EN": "The contract terms are invalid: tiers need rising thresholds and ratios that do not fall.",
        "CN": "合约条款无效：各档门槛须递增，比例不得递减。",
    },
    "contract.upline_has_none": {
        "TR": "Bu türde kendi sözleşmeniz olmadan alt temsilcinize sözleşme öneremezsiniz.",
        "EN": "You need a contract of this type yourself before offering one to a downline.",
        "CN": "您自己须先有该类型的合约，才能向下级提供。",
    },
    "contract.offer_pending": {
        "TR": "Bu temsilci için yanıt bekleyen bir sözleşme talebi zaten var.",
        "EN": "A contract request is already waiting for this agent's answer.",
        "CN": "该代理已有一个待回复的合约请求。",
    },
    "contract.none_to_terminate": {
        "TR": "Sonlandırılacak, sizinle yapılmış bir sözleşme yok.",
        "EN": "There is no contract with you to terminate.",
        "CN": "没有与您签订的可终止合约。",
    },
    "contract.transition_forbidden": {
        "TR": "Bu talep için bu işlem yapılamaz.",
        "EN": "This action is not possible for this request.",
        "CN": "此请求无法执行该操作。",
    },
}
