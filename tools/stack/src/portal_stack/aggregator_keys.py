"""The development key pair of the aggregator simulator (Hub88's side): made at the first start under the
stack's data directory and kept there, like the local passwords. The simulator signs with the private key; the
games service checks ``X-Hub88-Signature`` with the public one. Production takes Hub88's public key from the
``games-aggregators`` Secret and runs no simulator."""

from __future__ import annotations

from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from portal_kit.servers import write_private

PRIVATE, PUBLIC = "hub88-dev-private.pem", "hub88-dev-public.pem"


def hub88_keys(data_dir: Path) -> tuple[str, str]:
    """(private PEM, public PEM) of the stack whose data is in ``data_dir``; made on first use."""
    private_path, public_path = data_dir / "aggregators" / PRIVATE, data_dir / "aggregators" / PUBLIC
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
    return private_path.read_text(), public_path.read_text()
