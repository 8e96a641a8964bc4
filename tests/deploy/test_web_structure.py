"""The web's house rules, read from its sources: code by feature, every answer typed by the generated client,
one form-action helper, small components."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
APPS = [REPO / "web-shell" / "src", REPO / "web-remotes" / "member-centre" / "src"]
SOURCES = sorted(path for app in APPS for path in app.rglob("*.ts*") if ".test." not in path.name)
COMPONENT = re.compile(r"^(export )?function [A-Z]\w*\(")
MAX_COMPONENT_LINES = 120


def components(path: Path) -> list[tuple[str, int]]:
    lines = path.read_text().split("\n")
    found = []
    for start, line in enumerate(lines):
        if COMPONENT.match(line):
            end = next(index for index in range(start + 1, len(lines)) if lines[index] == "}")
            found.append((line.split("(")[0], end - start + 1))
    return found


@pytest.mark.parametrize("path", [p for p in SOURCES if p.suffix == ".tsx"], ids=lambda p: str(p.relative_to(REPO)))
def test_no_component_is_over_120_lines(path: Path) -> None:
    for name, length in components(path):
        assert length <= MAX_COMPONENT_LINES, f"{name} has {length} lines: split it"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(REPO)))
def test_answers_are_typed_by_the_generated_client_and_forms_use_the_action_helper(path: Path) -> None:
    text = path.read_text()
    assert not re.search(r"\bapi<", text), "api() is typed by its operation id; give it no type argument"
    assert "errorText(" not in text, "show a refusal through the kit's useAction / OutcomeLine / LoadFailure"
    assert not re.search(r"interface \w+(Read|View|Answer|Page|Response)\b", text), "answers come from api.gen.ts"


@pytest.mark.parametrize("app", APPS, ids=lambda p: str(p.relative_to(REPO)))
def test_code_is_organised_by_feature(app: Path) -> None:
    features = [path for path in (app / "features").iterdir() if path.is_dir()]
    assert features
    for feature in features:
        assert (feature / "api.ts").is_file(), f"{feature.name} keeps its calls and query hooks in api.ts"
        assert (feature / "components").is_dir()
