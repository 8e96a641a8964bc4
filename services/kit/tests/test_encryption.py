"""Encrypted bodies (ARCHITECTURE §3) against real Valkey: round trip, tampering, staleness, replay, rotation."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated

import httpx
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from fastapi import APIRouter, Depends, FastAPI, Request
from pydantic import BaseModel, Field
from redis.asyncio import Redis

from portal_kit.app import create_app
from portal_kit.encryption import PayloadKeys, binding, encrypt, encrypted_body
from portal_kit.envelope import Envelope, ok
from portal_kit.settings import ServiceSettings
from portal_kit.testing.plugin import PortalServers


class Login(BaseModel):
    username: str = Field(min_length=3)
    password: str


router = APIRouter()


@router.get("/key")
async def key(request: Request) -> Envelope[dict[str, str]]:
    key_id, public = await request.app.state.payload_keys.current()
    return ok({"keyId": key_id, "publicKey": public})


@router.post("/login")
async def login(body: Annotated[Login, Depends(encrypted_body(Login))]) -> Envelope[str]:
    return ok(body.username)


@asynccontextmanager
async def replica(portal_servers: PortalServers, database_url: str) -> AsyncIterator[httpx.AsyncClient]:
    """One process of a service that reads sealed bodies, with its own (cold) cache of unsealed keys."""
    settings = ServiceSettings(service_name="enc-test", database_url=database_url, redis_url=portal_servers.redis_url)

    async def start(app: FastAPI) -> None:
        app.state.payload_keys = PayloadKeys(app.state.valkey, settings.payload_secret, settings.service_name)

    app = create_app(settings, routers=[router], on_startup=[start])
    transport = httpx.ASGITransport(app=app)
    async with app.router.lifespan_context(app), httpx.AsyncClient(transport=transport, base_url="http://t") as http:
        yield http


@pytest.fixture
async def client(portal_servers: PortalServers, kit_database_url: str) -> AsyncIterator[httpx.AsyncClient]:
    async with replica(portal_servers, kit_database_url) as http:
        yield http


async def public_key(client: httpx.AsyncClient) -> tuple[str, str]:
    value = (await client.get("/key")).json()["value"]
    return value["keyId"], value["publicKey"]


async def test_round_trip_and_validation(client: httpx.AsyncClient) -> None:
    key_id, pem = await public_key(client)
    body, headers = encrypt(pem, key_id, {"username": "  ayse  ", "password": "s3cret!"}, method="POST", path="/login")
    assert (await client.post("/login", json=body, headers=headers)).json()["value"] == "  ayse  "
    body, headers = encrypt(pem, key_id, {"username": "ay", "password": "x"}, method="POST", path="/login")
    refused = await client.post("/login", json=body, headers={**headers, "Language": "EN"})
    assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed")
    assert "username" in refused.json()["message"]


async def test_tampered_foreign_and_plain_bodies_are_refused(client: httpx.AsyncClient) -> None:
    key_id, pem = await public_key(client)
    body, headers = encrypt(pem, key_id, {"username": "ayse", "password": "x"}, method="POST", path="/login")
    flipped = body["value"][:-4] + ("AAAA" if body["value"][-4:] != "AAAA" else "BBBB")
    cases = [
        ({"value": flipped}, headers),
        (body, {**headers, "Encryption-Key-Id": "unknown"}),
        ({"username": "ayse", "password": "x"}, {}),
        ({"value": "not base64!"}, headers),
    ]
    for case_body, case_headers in cases:
        response = await client.post("/login", json=case_body, headers=case_headers)
        assert (response.status_code, response.json()["errorCode"]) == (400, "payload.invalid")


async def test_stale_and_replayed_payloads_are_refused(client: httpx.AsyncClient) -> None:
    key_id, pem = await public_key(client)
    stale_body, stale_headers = encrypt(
        pem,
        key_id,
        {"username": "ayse", "password": "x"},
        method="POST",
        path="/login",
        ts=int(time.time() * 1000) - 61_000,
    )
    stale = await client.post("/login", json=stale_body, headers=stale_headers)
    assert (stale.status_code, stale.json()["errorCode"]) == (400, "payload.stale")
    body, headers = encrypt(pem, key_id, {"username": "ayse", "password": "x"}, method="POST", path="/login")
    assert (await client.post("/login", json=body, headers=headers)).status_code == 200
    replay = await client.post("/login", json=body, headers=headers)
    assert (replay.status_code, replay.json()["errorCode"]) == (400, "payload.replayed")


async def test_a_body_sent_many_times_at_once_is_taken_once(client: httpx.AsyncClient) -> None:
    key_id, pem = await public_key(client)
    body, headers = encrypt(pem, key_id, {"username": "ayse", "password": "x"}, method="POST", path="/login")
    answers = await asyncio.gather(*(client.post("/login", json=body, headers=headers) for _ in range(12)))
    codes = sorted(answer.json()["errorCode"] or "taken" for answer in answers)
    assert codes == ["payload.replayed"] * 11 + ["taken"]


async def test_previous_key_works_after_rotation_until_it_expires(
    client: httpx.AsyncClient, portal_servers: PortalServers
) -> None:
    old_id, old_pem = await public_key(client)
    redis = Redis.from_url(portal_servers.redis_url, decode_responses=True)
    try:
        await redis.delete("rsa:current")  # the rotation period is over
        new_id, _ = await public_key(client)
        assert new_id != old_id
        body, headers = encrypt(old_pem, old_id, {"username": "ayse", "password": "x"}, method="POST", path="/login")
        assert (await client.post("/login", json=body, headers=headers)).status_code == 200
        await redis.delete(f"rsa:key:{old_id}")  # the grace period is over
        body, headers = encrypt(old_pem, old_id, {"username": "ayse", "password": "x"}, method="POST", path="/login")
        assert (await client.post("/login", json=body, headers=headers)).json()["errorCode"] == "payload.invalid"
    finally:
        await redis.aclose()


async def test_openapi_shows_the_sealed_body_and_its_inner_model(client: httpx.AsyncClient) -> None:
    spec = (await client.get("/openapi.json")).json()
    operation = spec["paths"]["/login"]["post"]
    body_ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert body_ref == "#/components/schemas/SealedBody"
    assert operation["x-encrypted-payload"] == {"$ref": "#/components/schemas/Login"}
    assert spec["components"]["schemas"]["Login"]["required"] == ["username", "password"]
    answer = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert spec["components"]["schemas"][answer.rsplit("/", 1)[-1]]["properties"]["value"] == {
        "title": "Value",
        "type": "string",
    }


async def test_a_sealed_body_is_bound_to_its_call(client: httpx.AsyncClient) -> None:
    """The method and path are the AEAD's additional data: a body sealed for one call fails at another."""
    key_id, pem = await public_key(client)
    body, headers = encrypt(pem, key_id, {"username": "ayse", "password": "x"}, method="POST", path="/elsewhere")
    moved = await client.post("/login", json=body, headers=headers)
    assert (moved.status_code, moved.json()["errorCode"]) == (400, "payload.invalid")
    body, headers = encrypt(pem, key_id, {"username": "ayse", "password": "x"}, method="PUT", path="/login")
    assert (await client.post("/login", json=body, headers=headers)).json()["errorCode"] == "payload.invalid"


async def test_only_an_aes_256_key_is_accepted(client: httpx.AsyncClient) -> None:
    key_id, pem = await public_key(client)
    public = serialization.load_pem_public_key(pem.encode())
    assert isinstance(public, rsa.RSAPublicKey)
    short_key, nonce = os.urandom(16), os.urandom(12)
    plaintext = json.dumps({"username": "ayse", "password": "x", "ts": int(time.time() * 1000), "nonce": "n" * 20})
    sealed = nonce + AESGCM(short_key).encrypt(nonce, plaintext.encode(), binding("POST", "/login"))
    oaep = padding.OAEP(mgf=padding.MGF1(algorithm=hashes.SHA256()), algorithm=hashes.SHA256(), label=None)
    headers = {"Encryption": base64.b64encode(public.encrypt(short_key, oaep)).decode(), "Encryption-Key-Id": key_id}
    answer = await client.post("/login", json={"value": base64.b64encode(sealed).decode()}, headers=headers)
    assert (answer.status_code, answer.json()["errorCode"]) == (400, "payload.invalid")


async def test_private_keys_are_sealed_in_valkey(client: httpx.AsyncClient, portal_servers: PortalServers) -> None:
    key_id, _ = await public_key(client)
    redis = Redis.from_url(portal_servers.redis_url, decode_responses=True)
    try:
        stored = await redis.get(f"rsa:key:{key_id}")
    finally:
        await redis.aclose()
    assert stored is not None and "ENCRYPTED PRIVATE KEY" in stored
    with pytest.raises(TypeError):  # whoever reads Valkey cannot use it without the payload secret
        serialization.load_pem_private_key(stored.encode(), password=None)


async def test_a_burst_of_sealed_calls_on_a_fresh_process_unseals_the_key_once(
    client: httpx.AsyncClient, portal_servers: PortalServers, kit_database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    key_id, pem = await public_key(client)
    unsealed: list[str] = []
    real_load = serialization.load_pem_private_key

    def counted_load(data: bytes, password: bytes | None) -> object:
        unsealed.append(key_id)
        return real_load(data, password=password)

    monkeypatch.setattr(serialization, "load_pem_private_key", counted_load)
    async with replica(portal_servers, kit_database_url) as fresh:
        sealed = [
            encrypt(pem, key_id, {"username": f"user{n}", "password": "x"}, method="POST", path="/login")
            for n in range(20)
        ]
        answers = await asyncio.gather(*(fresh.post("/login", json=body, headers=headers) for body, headers in sealed))
    assert [answer.json()["value"] for answer in answers] == [f"user{n}" for n in range(20)]
    assert len(unsealed) == 1  # each of the 20 used to unseal it again: a slow key derivation each


async def test_a_service_claims_its_nonces_under_its_own_prefix(
    client: httpx.AsyncClient, portal_servers: PortalServers
) -> None:
    """Each service keeps the nonces it saw under its own key prefix (its Valkey user may write nothing else): a
    sealed body is bound to its call, which one service serves, so a set per service refuses every replay."""
    key_id, pem = await public_key(client)
    body, headers = encrypt(pem, key_id, {"username": "ayse", "password": "x"}, method="POST", path="/login")
    assert (await client.post("/login", json=body, headers=headers)).status_code == 200
    redis = Redis.from_url(portal_servers.redis_url, decode_responses=True)
    try:
        claimed = [key async for key in redis.scan_iter(match="*payload-nonce:*")]
    finally:
        await redis.aclose()
    assert len(claimed) == 1
    assert claimed[0].startswith("enc-test:payload-nonce:")
