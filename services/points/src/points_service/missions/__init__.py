"""Missions: ops-defined goals (bet, deposit, play days) with each member's progress and a reward paid once."""
