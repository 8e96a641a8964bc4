"""The points records (spec §3): an account's point entries, one page at a time, answered to the wallet over NATS
(``rpc.points.records``), which shows them in the account record beside the money (``ODSFE2_MemTransDet?type=points``)."""
