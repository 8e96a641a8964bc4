"""The commit-msg hook (.githooks/commit-msg): a subject past 72 characters, or a body without a blank line
before it, is refused with the reason; a message as the project writes them passes. No I/O beyond running the
hook on a file of its own."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

HOOK = Path(__file__).resolve().parents[3] / ".githooks" / "commit-msg"
GOOD = "stack: the commit-msg hook holds subjects to 72 characters\n\nWhy, in the body.\n"


def hook(tmp_path: Path, message: str, *, editor: bool = False) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text(message)
    # git sets GIT_EDITOR=: for the hook when no editor was opened (git commit -m / -F)
    env = {key: value for key, value in os.environ.items() if key != "GIT_EDITOR"}
    if not editor:
        env["GIT_EDITOR"] = ":"
    return subprocess.run([str(HOOK), str(path)], capture_output=True, text=True, env=env, check=False)


def test_a_subject_of_72_characters_with_its_body_after_a_blank_line_passes(tmp_path: Path) -> None:
    assert hook(tmp_path, GOOD).returncode == 0
    assert hook(tmp_path, "x" * 72 + "\n").returncode == 0


def test_a_subject_past_72_characters_is_refused_with_its_length(tmp_path: Path) -> None:
    refused = hook(tmp_path, "x" * 73 + "\n\nThe body.\n")
    assert refused.returncode == 1
    assert "the subject is 73 characters; at most 72" in refused.stderr


def test_a_body_right_under_the_subject_is_refused(tmp_path: Path) -> None:
    refused = hook(tmp_path, "a short subject\nthe body at once\n")
    assert refused.returncode == 1
    assert "no blank line between the subject and the body" in refused.stderr


@pytest.mark.parametrize(
    "message",
    [
        "\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored.\n" + GOOD,
        GOOD + "# ------------------------ >8 ------------------------\n" + "+" + "y" * 100 + "\n",
    ],
)
def test_in_an_editor_git_s_comments_and_the_verbose_diff_are_not_the_message(tmp_path: Path, message: str) -> None:
    assert hook(tmp_path, message, editor=True).returncode == 0


def test_without_an_editor_a_line_starting_with_a_hash_is_the_subject(tmp_path: Path) -> None:
    assert hook(tmp_path, "#" + "x" * 80 + "\n").returncode == 1
