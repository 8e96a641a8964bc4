"""Ops calls of the agent contracts: moving a member under another upline, granting a top agent's contract, the
audit of both."""
