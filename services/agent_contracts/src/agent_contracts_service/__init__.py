"""The agent-contracts service: the agent team tree, team figures and the contracts between agents."""
