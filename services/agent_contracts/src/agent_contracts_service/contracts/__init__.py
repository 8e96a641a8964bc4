"""Contracts between an agent and a direct downline (dividend, daily wage, hourly and real-time salary): offers,
agreements, terminations, automatic cancellations and their history."""
