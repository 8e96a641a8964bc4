"""Team figures: per-member, per-hour sums of settled bets, deposits and withdrawals, summed into periods."""
