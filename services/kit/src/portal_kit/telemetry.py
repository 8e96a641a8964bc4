"""OpenTelemetry set-up. The exporter is chosen by the standard ``OTEL_*`` variables:
``OTEL_TRACES_EXPORTER`` = ``otlp`` (endpoint from ``OTEL_EXPORTER_OTLP_ENDPOINT``), ``console`` or ``none``
(the default, so a developer's machine exports nothing)."""

from __future__ import annotations

import os
from collections.abc import Mapping, MutableMapping

from opentelemetry import propagate, trace
from opentelemetry.context import Context
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SpanExporter
from opentelemetry.sdk.trace.sampling import ALWAYS_OFF

_configured = False
_exporting = False


def _exporter() -> SpanExporter | None:
    kind = os.environ.get("OTEL_TRACES_EXPORTER", "none").strip().lower()
    if kind == "otlp":
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        return OTLPSpanExporter()
    if kind == "console":
        return ConsoleSpanExporter()
    return None


def setup_telemetry(service: str) -> None:
    """Install a tracer provider once per process. When nothing exports spans they are not recorded (the
    sampler drops them), but each still has its trace id: ids reach the logs and propagate across HTTP and
    NATS at no cost to the hot paths."""
    global _configured, _exporting
    if _configured:
        return
    exporter = _exporter()
    _exporting = exporter is not None
    provider = TracerProvider(
        resource=Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", service)}),
        sampler=None if exporter is not None else ALWAYS_OFF,  # None: the OTEL_TRACES_SAMPLER default
    )
    if exporter is not None:
        provider.add_span_processor(BatchSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    _configured = True


def exporting() -> bool:
    """Whether this process exports spans (``setup_telemetry`` found an exporter)."""
    return _exporting


def tracer(name: str) -> trace.Tracer:
    return trace.get_tracer(name)


def inject_headers(headers: MutableMapping[str, str]) -> MutableMapping[str, str]:
    """Write the current trace context (``traceparent``) into message or HTTP headers."""
    propagate.inject(headers)
    return headers


def extract_context(headers: Mapping[str, str] | None) -> Context:
    return propagate.extract(dict(headers or {}))
