"""Every integer a caller sends is a strict integer (issue #43 item 9): amounts are integer minor units, and a
stake of ``"5000"``, ``true`` (a stake of 1) or ``50.0`` is refused, never coerced. This walks every route of every
service's app, takes the model of each request body (declared, sealed (E), or read by hand and named below), finds
every integer in it (nested models, lists and maps included) and proves pydantic refuses ``"n"``, ``true`` and
``n.0`` there as the wrong type, with ``n`` a value the field's bounds allow. No servers: the models alone decide."""

from __future__ import annotations

import importlib
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

import annotated_types
import pytest
from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError

from portal_kit.encryption import ENCRYPTED_MODEL_ATTRIBUTE
from portal_stack.services import SERVICES as STACK_SERVICES

SERVICES = {service.name: f"{service.package}.main" for service in STACK_SERVICES}
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
# Routes that read their body themselves (a signature over the raw bytes, a form) and the model they read it as.
HAND_READ: dict[str, tuple[str, ...]] = {
    "POST /wps/member/password/email": ("auth_service.accounts.schemas.EmailReset",),
    "POST /vendor/HUB88/user/info": ("games_service.aggregator.schemas.UserInfoRequest",),
    "POST /vendor/HUB88/user/balance": ("games_service.aggregator.schemas.UserBalanceRequest",),
    "POST /vendor/HUB88/transaction/bet": ("games_service.aggregator.schemas.BetRequest",),
    "POST /vendor/HUB88/transaction/win": ("games_service.aggregator.schemas.WinRequest",),
    "POST /vendor/HUB88/transaction/rollback": ("games_service.aggregator.schemas.RollbackRequest",),
    "POST /wps/games/hub88-sim/operator/generic/v2/game/url": ("games_service.aggregator.schemas.GameUrlRequest",),
    "POST /wps/games/hub88-sim/play/{sid}": ("games_service.aggregator.simulator.SpinBody",),
    # The sandbox gateway's callback is checked field by field (its amount with ``type(amount) is int``), and the
    # sandbox's own payment page posts a form of two texts: no model to walk.
    "POST /wps/payment/sandbox/callback": (),
    "POST /wps/payment/sandbox/checkout": (),
}
# Bodies declared without a model, read by nobody: the web's free-play login sends its platform, ignored.
IGNORED_BODY = {"POST /wps/session/login/freeplay"}
# Writes that carry no body at all: the path and the session say everything.
NO_BODY = {
    "DELETE /wps/ops/site/merchants/{code}/banners/{item_id}",
    "DELETE /wps/ops/site/merchants/{code}/announcements/{item_id}",
    "DELETE /wps/ops/site/merchants/{code}/help-topics/{item_id}",
    "DELETE /wps/session/logout",
    "POST /wps/verification/sms/password",
    "POST /wps/member/totp",
    "POST /wps/ops/auth/merchants/{code}/accounts/{account_id}/unlock",
    "POST /wps/ops/auth/logout",
    "POST /wps/ops/auth/people/{person_id}/invitation",
    "POST /wps/ops/auth/requests/{request_id}/approve",
    "POST /wps/ops/auth/requests/{request_id}/reject",
    "DELETE /wps/relay/MCSFE_removeFavoriteGameV2",
    "DELETE /lotto/lgw/bets/{betId}",
    "POST /wps/ops/lottery/void-requests/{requestId}/approve",
    "DELETE /wps/notifications/messages/{messageId}",
    "DELETE /wps/ops/notifications/merchants/{code}/broadcasts/{messageId}",
}
TYPE_ERRORS = {"int_type", "literal_error", "enum"}


@dataclass(frozen=True)
class IntegerAt:
    """An integer inside a request body: the model, where it sits, and a value its bounds allow."""

    model: type[BaseModel]
    path: tuple[str | int, ...]
    allowed: int
    literal: bool = False

    def __str__(self) -> str:
        return f"{self.model.__module__}.{self.model.__qualname__}:{'.'.join(map(str, self.path))}"

    def body(self, value: object) -> object:
        """A body with ``value`` at the integer's place (the other fields may be missing: only errors at this
        place are read)."""
        nested: object = value
        for part in reversed(self.path):
            nested = [nested] if isinstance(part, int) else {part: nested}
        return nested


def _routes(app: FastAPI) -> Iterator[APIRoute]:
    yield from (route for route in app.routes if isinstance(route, APIRoute))


def _body_models(dependant: Dependant) -> list[Any]:
    found = [field.field_info.annotation for field in dependant.body_params]
    for dependency in dependant.dependencies:
        sealed = getattr(dependency.call, ENCRYPTED_MODEL_ATTRIBUTE, None)
        found += [sealed] if sealed is not None else _body_models(dependency)
    return found


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [model for argument in typing.get_args(annotation) for model in _models_in(argument)]


def _import(dotted: str) -> type[BaseModel]:
    module, name = dotted.rsplit(".", 1)
    model = getattr(importlib.import_module(module), name)
    assert isinstance(model, type) and issubclass(model, BaseModel), dotted
    return model


@cache
def request_models() -> dict[str, list[type[BaseModel]]]:
    """Each write route (``"<service> <METHOD> <path>"``) and the models of its body."""
    models: dict[str, list[type[BaseModel]]] = {}
    for service, module in SERVICES.items():
        app: FastAPI = importlib.import_module(module).build_app()
        for route in _routes(app):
            for method in sorted((route.methods or set()) & WRITES):
                name = f"{method} {route.path}"
                declared = [model for annotation in _body_models(route.dependant) for model in _models_in(annotation)]
                if declared:
                    models[f"{service} {name}"] = declared
                elif name in HAND_READ:
                    models[f"{service} {name}"] = [_import(dotted) for dotted in HAND_READ[name]]
                else:
                    known = NO_BODY | IGNORED_BODY
                    assert name in known, f"{service} {name}: a write without a body model; name its model here"
    return models


def _bounds(metadata: list[Any]) -> int:
    """The smallest value the field's constraints allow (1 when none)."""
    low, high = 1, None
    for item in metadata:
        if isinstance(item, annotated_types.Ge):
            low = int(item.ge)  # type: ignore[call-overload]
        elif isinstance(item, annotated_types.Gt):
            low = int(item.gt) + 1  # type: ignore[call-overload]
        elif isinstance(item, annotated_types.Le):
            high = int(item.le)  # type: ignore[call-overload]
        elif isinstance(item, annotated_types.Lt):
            high = int(item.lt) - 1  # type: ignore[call-overload]
    return min(low, high) if high is not None and high < low else low


def _integers(
    model: type[BaseModel], annotation: Any, metadata: list[Any], path: tuple[str | int, ...], seen: frozenset[type]
) -> Iterator[IntegerAt]:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        inner, *extra = typing.get_args(annotation)
        collected = [m for item in extra for m in (getattr(item, "metadata", None) or [item])]
        yield from _integers(model, inner, [*metadata, *collected], path, seen)
    elif annotation is int:
        yield IntegerAt(model, path, _bounds(metadata))
    elif origin is Literal and all(type(value) is int for value in typing.get_args(annotation)):
        yield IntegerAt(model, path, int(typing.get_args(annotation)[0]), literal=True)
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in seen:
            return
        for name, field in annotation.model_fields.items():
            key = field.alias or name
            yield from _integers(model, field.annotation, list(field.metadata), (*path, key), seen | {annotation})
    elif origin in (list, set, frozenset, tuple) or origin is typing.Sequence:
        for argument in typing.get_args(annotation):
            if argument is not Ellipsis:
                yield from _integers(model, argument, [], (*path, 0), seen)
    elif origin is dict:
        _, value = typing.get_args(annotation)
        yield from _integers(model, value, [], (*path, "key"), seen)
    elif origin in (typing.Union, types.UnionType):
        for argument in typing.get_args(annotation):
            yield from _integers(model, argument, metadata, path, seen)


def integers() -> list[IntegerAt]:
    every: dict[str, IntegerAt] = {}
    for models in request_models().values():
        for model in models:
            for found in _integers(model, model, [], (), frozenset()):
                every.setdefault(str(found), found)
    return sorted(every.values(), key=str)


def refusal_at(found: IntegerAt, value: object) -> set[str]:
    """The types of the errors pydantic raises at the integer's place for ``value`` (empty: accepted)."""
    try:
        found.model.model_validate(found.body(value) if found.path else value)
    except ValidationError as error:
        return {e["type"] for e in error.errors() if tuple(e["loc"][: len(found.path)]) == found.path}
    return set()


def _untyped(model: type[BaseModel], seen: frozenset[type] = frozenset()) -> Iterator[str]:
    for name, field in model.model_fields.items():
        if field.annotation is Any:
            yield f"{model.__module__}.{model.__qualname__}.{name}"
        for inner in _models_in(field.annotation):
            if inner not in seen:
                yield from _untyped(inner, seen | {inner})


def test_no_request_body_field_escapes_the_check_untyped() -> None:
    """A field typed ``Any`` (an amount checked later by hand) is invisible to the walk above and to the web's
    generated client: every field of a request body says its type."""
    untyped = {name for models in request_models().values() for model in models for name in _untyped(model)}
    assert untyped == set()


def test_every_write_with_a_body_has_its_model_found() -> None:
    models = request_models()
    assert "wallet POST /wps/v2/wallets/withdrawals" in models  # sealed (E) bodies are walked
    assert "games POST /vendor/HUB88/transaction/bet" in models  # bodies read by hand are named
    assert len(integers()) > 20


@pytest.mark.parametrize("found", integers(), ids=str)
def test_every_integer_in_a_request_body_is_strict(found: IntegerAt) -> None:
    n = found.allowed
    for value in (str(n), True, float(n)):
        errors = refusal_at(found, value)
        assert errors & TYPE_ERRORS, f"{found} accepts {value!r} (errors there: {sorted(errors) or 'none'})"
