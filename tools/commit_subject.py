"""The commit-msg hook (CONTRIBUTING.md, "Commits"): the subject line is at most 72 characters and is followed by
a blank line when a body follows.

    python3 tools/commit_subject.py .git/COMMIT_EDITMSG
"""

from __future__ import annotations

import sys
from pathlib import Path

LIMIT = 72


def problems(message: str) -> list[str]:
    """What is wrong with a commit message's shape (nothing: []).

    >>> problems("Split the verifier by game\\n\\nWhy it was done.")
    []
    >>> problems("x" * 73)
    ['the subject is 73 characters; at most 72']
    """
    lines = [line for line in message.splitlines() if not line.startswith("#")]
    if not lines or not lines[0].strip():
        return ["the subject line is empty"]
    found = []
    if len(lines[0]) > LIMIT:
        found.append(f"the subject is {len(lines[0])} characters; at most {LIMIT}")
    if len(lines) > 1 and lines[1].strip():
        found.append("the subject must be followed by a blank line before the body")
    return found


def main(argv: list[str]) -> int:
    found = problems(Path(argv[0]).read_text(encoding="utf-8"))
    for line in found:
        print(f"commit message: {line}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
