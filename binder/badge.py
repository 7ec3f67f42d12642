"""Print the README's Binder badge line for where gardenkit is published.

    python binder/badge.py owner/name      # a GitHub repository (or its URL)
    python binder/badge.py                 # derived from `git remote get-url origin`

(`make binder-badge REPO=owner/name` runs this.) The badge opens the gallery as a Voilà dashboard
on mybinder.org. Without an argument, the repository comes from git's `origin` remote when that is
a GitHub URL (https://github.com/owner/name(.git), git@github.com:owner/name(.git),
ssh://git@github.com/owner/name(.git)); otherwise this says so and exits with status 2.
Standard library only: it runs with any Python 3, before the project's venv exists.
"""

from __future__ import annotations

import re
import subprocess
import sys

#: What the README's badge line looks like until it is pointed at a real repository.
PLACEHOLDER = "OWNER/REPO"
#: The page the badge opens, relative to the repository's root (Binder puts it in $HOME).
URLPATH = "voila/render/notebooks/index.ipynb"

_NAME = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})"  # a GitHub user or organisation
_REPO = r"[A-Za-z0-9._-]{1,100}"
_OWNER_REPO = re.compile(rf"^({_NAME})/({_REPO})$")
_GITHUB_URL = re.compile(
    rf"^(?:https?://(?:[^@/]+@)?github\.com/|git@github\.com:|ssh://git@github\.com(?::\d+)?/)"
    rf"({_NAME})/({_REPO}?)(?:\.git)?/?$"
)


def badge(repo: str) -> str:
    """The Markdown badge line for GitHub repository ``owner/name``.

    >>> badge("octo-cat/gardenkit")
    '[![Binder](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/octo-cat/gardenkit/HEAD?urlpath=voila/render/notebooks/index.ipynb)'
    >>> badge("not a repo")
    Traceback (most recent call last):
    ...
    ValueError: 'not a repo' is not a GitHub repository (owner/name)
    """
    if not _OWNER_REPO.match(repo) or repo.endswith((".git", ".")):
        raise ValueError(f"{repo!r} is not a GitHub repository (owner/name)")
    return (
        "[![Binder](https://mybinder.org/badge_logo.svg)]"
        f"(https://mybinder.org/v2/gh/{repo}/HEAD?urlpath={URLPATH})"
    )


def repo_from_url(url: str) -> str | None:
    """``owner/name`` of a GitHub remote URL, or None for anything else.

    >>> repo_from_url("https://github.com/octo-cat/gardenkit.git")
    'octo-cat/gardenkit'
    >>> repo_from_url("git@github.com:octo-cat/garden.kit.git")
    'octo-cat/garden.kit'
    >>> repo_from_url("ssh://git@github.com/octo-cat/gardenkit")
    'octo-cat/gardenkit'
    >>> repo_from_url("https://gitlab.com/octo-cat/gardenkit.git") is None
    True
    >>> repo_from_url("/srv/git/gardenkit.git") is None
    True
    """
    m = _GITHUB_URL.match(url.strip())
    if not m or m.group(2).endswith("."):
        return None
    return f"{m.group(1)}/{m.group(2)}"


def origin_url() -> str | None:
    """git's ``origin`` URL for the current directory, or None (no git, no origin)."""
    try:
        out = subprocess.run(["git", "remote", "get-url", "origin"], capture_output=True,
                             text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    return out.stdout.strip() or None


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print("usage: badge.py [owner/name]", file=sys.stderr)
        return 2
    if argv and argv[0].strip():
        repo = repo_from_url(argv[0]) or argv[0].strip()  # a GitHub URL works too
    else:
        url = origin_url()
        repo = repo_from_url(url) if url else None
        if repo is None:
            where = f"origin is {url!r}, not a GitHub repository" if url else "git has no origin remote"
            print(f"binder-badge: {where}; name the repository: make binder-badge REPO=owner/name",
                  file=sys.stderr)
            return 2
    try:
        print(badge(repo))
    except ValueError as err:
        print(f"binder-badge: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
