"""One error catalogue: a code is defined once, in the kit when more than one service answers it, else in the one
service that does; every text is in every supported language and names the same parameters in each."""

from __future__ import annotations

import importlib
from collections import defaultdict
from collections.abc import Mapping
from string import Formatter

from portal_kit.i18n import KIT_MESSAGES, SUPPORTED_LANGUAGES
from portal_stack.services import SERVICES as STACK_SERVICES

SERVICES = tuple(sorted(service.folder for service in STACK_SERVICES))


def catalogues() -> dict[str, Mapping[str, Mapping[str, str]]]:
    found: dict[str, Mapping[str, Mapping[str, str]]] = {"kit": KIT_MESSAGES}
    for service in SERVICES:
        found[service] = importlib.import_module(f"{service}_service.i18n").MESSAGES
    return found


def parameters(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def test_no_error_code_is_defined_in_two_catalogues() -> None:
    where: dict[str, list[str]] = defaultdict(list)
    for name, catalogue in catalogues().items():
        for code in catalogue:
            where[code].append(name)
    twice = {code: names for code, names in where.items() if len(names) > 1}
    assert twice == {}, f"define each once (in the kit when several services answer it): {twice}"


def test_every_text_is_in_every_language_with_the_same_parameters() -> None:
    for name, catalogue in catalogues().items():
        for code, texts in catalogue.items():
            assert set(texts) == set(SUPPORTED_LANGUAGES), f"{name} {code}: {sorted(texts)}"
            names = {language: parameters(text) for language, text in texts.items()}
            assert len({frozenset(found) for found in names.values()}) == 1, f"{name} {code}: {names}"
