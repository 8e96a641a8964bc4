"""The development key pairs of the Hub88 link, made at the first start under the stack's data directory and
kept there, like the local passwords. Two pairs, one per direction: the aggregator simulator (Hub88's side)
signs its Wallet API calls with ``hub88-dev`` and the games service checks them with its public half; the
games service (the operator) signs its Games API calls with ``hub88-operator-dev`` and the simulator checks
them with its public half, as Hub88 keeps the operator's registered key. Production takes its own private key
and Hub88's public key from the ``games-aggregators`` Secret and runs no simulator."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from portal_kit.servers import write_private

AGGREGATOR, OPERATOR = "hub88-dev", "hub88-operator-dev"


class KeyPair(NamedTuple):
    private: str  # PEM (PKCS#8), its file readable by the owner only
    public: str  # PEM (SubjectPublicKeyInfo)


def key_pair(data_dir: Path, name: str) -> KeyPair:
    """The pair ``name`` of the stack whose data is in ``data_dir``; made on first use."""
    private_path = data_dir / "aggregators" / f"{name}-private.pem"
    public_path = data_dir / "aggregators" / f"{name}-public.pem"
    if not private_path.exists():
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        private = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        public = key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        private_path.parent.mkdir(parents=True, exist_ok=True)
        write_private(private_path, private.decode())
        public_path.write_text(public.decode())
    return KeyPair(private_path.read_text(), public_path.read_text())


def hub88_env(data_dir: Path) -> dict[str, str]:
    """The games service's settings for both directions of the development link."""
    aggregator, operator = key_pair(data_dir, AGGREGATOR), key_pair(data_dir, OPERATOR)
    return {
        "GAMES_HUB88_PUBLIC_KEY": aggregator.public,
        "GAMES_HUB88_SIMULATOR_PRIVATE_KEY": aggregator.private,
        "GAMES_HUB88_OPERATOR_PRIVATE_KEY": operator.private,
        "GAMES_HUB88_SIMULATOR_OPERATOR_PUBLIC_KEY": operator.public,
    }
