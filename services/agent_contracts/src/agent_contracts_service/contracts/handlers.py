"""The contract fields of the consolidated info, answered to the wallet over NATS (``rpc.agent-contracts.contract_info``,
typed by ``ContractInfoRequest`` / ``ContractInfoReply`` from ``proto/``)."""

from __future__ import annotations

from collections.abc import Callable

from agent_contracts_service.contracts import service
from agent_contracts_service.contracts.domain import INFO_FIELDS, info_code
from portal_events import ContractInfo, ContractInfoReply, ContractInfoRequest
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder, accepted

CONTRACT_INFO = "rpc.agent-contracts.contract_info"


def contract_info_answers(responders: int) -> Callable[[Responder, Database], None]:
    def register(responder: Responder, db: Database) -> None:
        async def work(request: ContractInfoRequest) -> ContractInfoReply:
            held, waiting = await service.states(db, request.merchant, request.accountId)
            info = ContractInfo.model_validate(
                {name: info_code(kind, held, waiting) for kind, name in INFO_FIELDS.items()}
            )
            return accepted(ContractInfoReply, info)

        responder.answer(
            CONTRACT_INFO, ContractInfoRequest, ContractInfoReply, work, queue="agent-contracts", responders=responders
        )

    return register
