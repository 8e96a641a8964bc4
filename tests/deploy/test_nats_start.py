"""NATS comes up on a first deploy and after a full outage (issue #48): a node is ready only once JetStream has a meta
leader, which needs two of the three, so the StatefulSet must start them together rather than wait for nats-0."""

from __future__ import annotations

from test_rendered_overlays import named, production


def test_the_nats_nodes_start_together_since_one_is_ready_only_with_a_quorum() -> None:
    nats = named(production(), "StatefulSet", "nats")
    assert nats["spec"]["replicas"] == 3
    assert nats["spec"]["podManagementPolicy"] == "Parallel"
