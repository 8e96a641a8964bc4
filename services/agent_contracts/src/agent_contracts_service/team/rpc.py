"""Whether an account is in an agent's team tree, answered to the wallet over NATS (``rpc.agent-contracts.team_member``,
typed by ``TeamMemberRequest`` / ``TeamMemberReply`` from ``proto/``; callers: the wallet alone, by the NATS
permissions). The wallet asks it before an agent's transfer to a downline: the tree is known only here (ops move
members; the wallet keeps only the upline of the registration). ``inTeam`` is true for an account below the agent at
any depth, with its username and account type; false (both null) for the agent itself, an upline, another team's
member, another brand's or an unknown account."""

from __future__ import annotations

from collections.abc import Callable

from agent_contracts_service.team import repository
from portal_events import TeamMember, TeamMemberReply, TeamMemberRequest
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder, accepted

TEAM_MEMBER = "rpc.agent-contracts.team_member"
QUEUE = "agent-contracts"


def team_member_answers(responders: int) -> Callable[[Responder, Database], None]:
    def register(responder: Responder, db: Database) -> None:
        async def work(request: TeamMemberRequest) -> TeamMemberReply:
            async with db.reader() as session:
                found = await repository.downline(session, request.merchant, request.agentId, request.accountId)
            if found is None:
                return accepted(TeamMemberReply, TeamMember(inTeam=False, username=None, accountType=None))
            member = TeamMember(inTeam=True, username=found.username, accountType=found.account_type)
            return accepted(TeamMemberReply, member)

        responder.answer(TEAM_MEMBER, TeamMemberRequest, TeamMemberReply, work, queue=QUEUE, responders=responders)

    return register
