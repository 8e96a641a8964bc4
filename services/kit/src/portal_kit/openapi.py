"""The service's OpenAPI document, completed with what FastAPI cannot see by itself: an (E) operation's
body is read by a dependency, so its request body is declared here as ``SealedBody`` and its inner model as
``x-encrypted-payload`` (with the model's schema among the components), for the web's generated client; and
every refusal is the envelope with an ``errorCode`` (``4XX``, ``ErrorEnvelope``), never FastAPI's 422."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute, iter_route_contexts
from pydantic import BaseModel

from portal_kit.encryption import ENCRYPTED_MODEL_ATTRIBUTE, SealedBody
from portal_kit.envelope import ErrorEnvelope

REF = "#/components/schemas/{model}"
# A dependency that reads request headers itself (cheaper than FastAPI's Header() parameters on every call) names
# them in this attribute, so the document still lists them as the operation's header parameters.
READS_HEADERS = "__portal_reads_headers__"


def _encrypted_model(dependant: Dependant) -> type[BaseModel] | None:
    for dependency in dependant.dependencies:
        model = getattr(dependency.call, ENCRYPTED_MODEL_ATTRIBUTE, None)
        if model is not None:
            return model  # type: ignore[no-any-return]
        nested = _encrypted_model(dependency)
        if nested is not None:
            return nested
    return None


def _headers_read(dependant: Dependant) -> dict[str, None]:
    names: dict[str, None] = {}
    for dependency in dependant.dependencies:
        names.update(dict.fromkeys(getattr(dependency.call, READS_HEADERS, ())))
        names.update(_headers_read(dependency))
    return names


def _add_schema(schemas: dict[str, Any], model: type[BaseModel]) -> str:
    schema = model.model_json_schema(ref_template=REF, mode="validation")
    for name, definition in schema.pop("$defs", {}).items():
        schemas.setdefault(name, definition)
    name = model.__name__
    schemas.setdefault(name, schema)
    return name


def document(app: FastAPI) -> dict[str, Any]:
    if app.openapi_schema:
        return app.openapi_schema
    spec = get_openapi(title=app.title, version=app.version, routes=app.routes)
    schemas: dict[str, Any] = spec.setdefault("components", {}).setdefault("schemas", {})
    for context in iter_route_contexts(app.routes):
        route = context.original_route
        if not isinstance(route, APIRoute):
            continue
        path = context.path_format or route.path_format  # with the including router's prefix
        documented = spec["paths"].get(path, {})  # a route outside the schema has nothing to complete
        operations = [documented[method.lower()] for method in route.methods or () if method.lower() in documented]
        headers = _headers_read(route.dependant)
        for operation in operations:
            parameters = operation.setdefault("parameters", [])
            known = {(parameter["in"], parameter["name"]) for parameter in parameters}
            parameters += [
                {"name": name, "in": "header", "required": False, "schema": {"type": "string"}}
                for name in headers
                if ("header", name) not in known
            ]
            if not parameters:
                del operation["parameters"]
        model = _encrypted_model(route.dependant)
        if model is None:
            continue
        sealed, inner = _add_schema(schemas, SealedBody), _add_schema(schemas, model)
        for operation in operations:
            operation["requestBody"] = {
                "required": True,
                "content": {"application/json": {"schema": {"$ref": REF.format(model=sealed)}}},
            }
            operation["x-encrypted-payload"] = {"$ref": REF.format(model=inner)}
    for extra in getattr(app.state, "documented_models", ()):  # what travels outside HTTP calls (socket frames)
        _add_schema(schemas, extra)
    error_ref = _add_schema(schemas, ErrorEnvelope)
    for methods in spec["paths"].values():
        for operation in methods.values():
            responses = operation.setdefault("responses", {})
            responses.pop("422", None)
            responses.setdefault(
                "4XX",
                {
                    "description": "Refused: a stable errorCode and a message in the request's language",
                    "content": {"application/json": {"schema": {"$ref": REF.format(model=error_ref)}}},
                },
            )
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)
    app.openapi_schema = spec
    return spec
