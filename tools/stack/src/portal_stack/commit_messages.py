"""Commit messages as the project writes them: a subject of at most 72 characters, and a blank line between the
subject and a body. A longer subject is cut in `git log --oneline`, a pull request's title and a mail's subject,
and without the blank line git takes the body's first lines for part of the subject.

    .githooks/commit-msg FILE                        the hook: refuses the commit, saying why
    python -m portal_stack.commit_messages --ci      every commit since the rule began (`./portal lint`)

The standard library only, so the hook runs before `./portal` has made `.venv`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

SUBJECT_LIMIT = 72
# The last commit whose subject ran past the limit: every commit after it keeps the rule, the older ones stay.
RULE_SINCE = "790e3b1c8dc5760047f805e53c6b7d856f6e8412"
# What `git commit --verbose` puts under the message: nothing below it is part of the commit.
SCISSORS = "# ------------------------ >8 ------------------------"


def cleaned(text: str, *, comments: bool) -> list[str]:
    """The message's lines as git stores them: the diff of `--verbose` cut off, comment lines dropped when git will
    drop them (``comments``: the message was edited in an editor), trailing spaces and leading blank lines gone."""
    lines = []
    for line in text.splitlines():
        if line == SCISSORS:
            break
        if comments and line.startswith("#"):
            continue
        lines.append(line.rstrip())
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def problems(lines: Sequence[str]) -> list[str]:
    """What breaks the rule in a message (its lines as ``cleaned`` gives them); none for an empty message."""
    if not lines:
        return []
    found = []
    if len(lines[0]) > SUBJECT_LIMIT:
        found.append(f"the subject is {len(lines[0])} characters; at most {SUBJECT_LIMIT}, the why in the body")
    if len(lines) > 1 and lines[1]:
        found.append("no blank line between the subject and the body")
    return found


def check_file(path: Path) -> int:
    """The commit-msg hook. Git runs it with ``GIT_EDITOR=:`` when no editor was opened (``-m``, ``-F``): the
    message is then kept as written, comment-like lines too."""
    edited = os.environ.get("GIT_EDITOR") != ":"
    lines = cleaned(path.read_text(encoding="utf-8", errors="replace"), comments=edited)
    found = problems(lines)
    if not found:
        return 0
    print("commit refused: " + "; ".join(found) + ".", file=sys.stderr)
    print(f"  {lines[0]}", file=sys.stderr)
    print(f"  {'^' * min(len(lines[0]), SUBJECT_LIMIT)}", file=sys.stderr)
    print(f"Your message is kept in {path}: `git commit -e -F {path}` edits it.", file=sys.stderr)
    return 1


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=False)  # noqa: S603, S607


def check_commits() -> int:
    """Every commit after ``RULE_SINCE`` up to HEAD (all the commits a shallow clone has, when it lacks it)."""
    if _git("rev-parse", "--verify", "--quiet", "HEAD").returncode != 0:
        print("commit messages: no git history here, nothing to check")
        return 0
    known = _git("cat-file", "-e", f"{RULE_SINCE}^{{commit}}").returncode == 0
    listed = _git("log", "--format=%H%x00%B%x00", f"{RULE_SINCE}..HEAD" if known else "HEAD")
    if listed.returncode != 0:
        print(listed.stderr, file=sys.stderr)
        return 1
    fields = listed.stdout.split("\x00")
    broken = 0
    for commit, message in zip(fields[0::2], fields[1::2], strict=False):
        found = problems(cleaned(message, comments=False))
        if found:
            broken += 1
            print(f"{commit.strip()[:10]}: {'; '.join(found)}", file=sys.stderr)
    checked = len(fields) // 2
    if broken:
        print(
            f"commit messages: {broken} of {checked} break the rule (a subject of at most {SUBJECT_LIMIT} characters, "
            "a blank line before the body): reword them before they are pushed (git rebase -i)",
            file=sys.stderr,
        )
        return 1
    print(f"commit messages: {checked} checked, subjects at most {SUBJECT_LIMIT} characters")
    return 0


def main(argv: Sequence[str]) -> int:
    if list(argv) == ["--ci"]:
        return check_commits()
    if len(argv) == 1:
        return check_file(Path(argv[0]))
    print("usage: commit_messages.py MESSAGE_FILE | --ci", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
