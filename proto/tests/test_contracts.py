"""Contract checks: the registry is consistent, schemas are valid, examples validate, generated code is current."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator, FormatChecker

ROOT = Path(__file__).resolve().parents[1]
REPO = ROOT.parent
sys.path.insert(0, str(ROOT / "tools"))

import generate  # noqa: E402

import portal_events  # noqa: E402
from portal_events import MODELS_BY_SUBJECT, PUSH_ROUTES, RPC_BY_SUBJECT  # noqa: E402

REGISTRY_FILE: dict[str, Any] = yaml.safe_load((ROOT / "registry.yaml").read_text())
REGISTRY: dict[str, Any] = REGISTRY_FILE["events"]
RPC: dict[str, Any] = REGISTRY_FILE["rpc"]
PUSHES: dict[str, Any] = REGISTRY_FILE["pushes"]
# Services by their public name (ARCHITECTURE §2): the folder services/agent_contracts is agent-contracts.
KNOWN_SERVICES = {
    path.name.replace("_", "-") for path in (REPO / "services").iterdir() if path.is_dir() and path.name != "kit"
}
FORMATS = FormatChecker()


def load(path: str) -> Any:
    return json.loads((ROOT / path).read_text())


@pytest.mark.parametrize("subject", sorted(REGISTRY))
def test_registry_entry_is_complete_and_named_by_the_convention(subject: str) -> None:
    entry = REGISTRY[subject]
    service, *_middle, version = subject.split(".")
    assert len(subject.split(".")) == 4, "subjects are <service>.<entity>.<event>.v<N>"
    assert version.startswith("v") and version[1:].isdigit()
    assert entry["producer"] == service
    assert entry["producer"] in KNOWN_SERVICES
    assert set(entry["consumers"]) <= KNOWN_SERVICES
    assert entry["examples"], "every event has at least one example"
    assert entry["schema"] == f"schemas/{service}/{subject.split('.', 1)[1]}.json"


def test_every_schema_and_example_file_is_registered() -> None:
    schemas = {str(p.relative_to(ROOT)) for p in (ROOT / "schemas").rglob("*.json")}
    examples = {str(p.relative_to(ROOT)) for p in (ROOT / "examples").rglob("*.json")}
    rpc_schemas = {entry[part] for entry in RPC.values() for part in ("request", "reply")}
    rpc_examples = {
        example for entry in RPC.values() for part in ("request", "reply") for example in entry["examples"][part]
    }
    push_schemas = {entry["schema"] for entry in PUSHES.values()}
    push_examples = {example for entry in PUSHES.values() for example in entry["examples"]}
    assert schemas == {entry["schema"] for entry in REGISTRY.values()} | rpc_schemas | push_schemas
    events = {example for entry in REGISTRY.values() for example in entry["examples"]}
    assert examples == events | rpc_examples | push_examples


@pytest.mark.parametrize("subject", sorted(REGISTRY))
def test_schema_is_valid_json_schema_pinning_its_subject(subject: str) -> None:
    schema = load(REGISTRY[subject]["schema"])
    Draft202012Validator.check_schema(schema)
    assert schema["properties"]["subject"] == {"const": subject}
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize(
    ("subject", "example"),
    [(subject, example) for subject in sorted(REGISTRY) for example in REGISTRY[subject]["examples"]],
)
def test_examples_validate_against_schema_and_generated_model(subject: str, example: str) -> None:
    schema, message = load(REGISTRY[subject]["schema"]), load(example)
    Draft202012Validator(schema, format_checker=FORMATS).validate(message)
    assert message["subject"] == subject
    MODELS_BY_SUBJECT[subject].model_validate(message)


@pytest.mark.parametrize("subject", sorted(REGISTRY))
def test_schema_refuses_a_message_with_an_unknown_field(subject: str) -> None:
    message = load(REGISTRY[subject]["examples"][0])
    message["data"]["surprise"] = 1
    assert list(Draft202012Validator(load(REGISTRY[subject]["schema"])).iter_errors(message))


def test_generated_code_is_up_to_date() -> None:
    for path, text in generate.outputs().items():
        assert path.read_text() == text, f"{path} is stale: run task proto:generate"


@pytest.mark.parametrize("subject", sorted(RPC))
def test_rpc_entry_is_complete_and_outside_every_event_stream(subject: str) -> None:
    entry = RPC[subject]
    _, service, *_ = subject.split(".")
    assert subject.startswith("rpc."), "request/reply subjects live under rpc., never under an event stream"
    assert entry["responder"] == service and service in KNOWN_SERVICES
    assert set(entry["callers"]) <= KNOWN_SERVICES
    assert entry["examples"]["request"] and entry["examples"]["reply"]
    for part in ("request", "reply"):
        schema = load(entry[part])
        Draft202012Validator.check_schema(schema)
        assert schema["additionalProperties"] is False
    assert set(load(entry["reply"])["required"]) == {"success", "value", "errorCode", "message"}


@pytest.mark.parametrize(
    ("subject", "part", "example"),
    [
        (subject, part, example)
        for subject in sorted(RPC)
        for part in ("request", "reply")
        for example in RPC[subject]["examples"][part]
    ],
)
def test_rpc_examples_validate_against_schema_and_generated_model(subject: str, part: str, example: str) -> None:
    message = load(example)
    Draft202012Validator(load(RPC[subject][part]), format_checker=FORMATS).validate(message)
    request, reply = RPC_BY_SUBJECT[subject]
    (request if part == "request" else reply).model_validate(message)


@pytest.mark.parametrize("amount", [1.5, "100", True, 0])
def test_a_money_request_refuses_an_amount_that_is_no_positive_integer(amount: object) -> None:
    request_model, _ = RPC_BY_SUBJECT["rpc.wallet.debit"]
    message = {**load(RPC["rpc.wallet.debit"]["examples"]["request"][0]), "amount": amount}
    with pytest.raises(ValueError, match="amount"):
        request_model.model_validate_json(json.dumps(message))


@pytest.mark.parametrize("prefix", sorted(PUSHES))
def test_push_entry_lives_outside_every_stream_and_its_examples_validate(prefix: str) -> None:
    entry = PUSHES[prefix]
    assert prefix.startswith("push."), "fan-out subjects live under push., never under an event stream"
    assert prefix.split(".")[1] == entry["publisher"] and entry["publisher"] in KNOWN_SERVICES
    assert set(entry["subscribers"]) <= KNOWN_SERVICES
    assert PUSH_ROUTES[prefix] == (entry["publisher"], tuple(entry["subscribers"]))
    schema = load(entry["schema"])
    Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False
    model = getattr(portal_events, schema["title"])
    for example in entry["examples"]:
        Draft202012Validator(schema, format_checker=FORMATS).validate(load(example))
        model.model_validate(load(example))
