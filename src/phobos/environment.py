"""The environment variables Phobos reads, parsed one way (docs/spec.md, "Environment
variables", lists them all).

A yes-or-no variable takes 1, true, yes, on or 0, false, no, off, in any case and
with spaces around; unset or empty is its default. Any other value is an error that
names the variable and the value, never read as one or the other: a `false` that
turned syncing on, or a typo that quietly kept a feature, is what this rules out.
"""

from __future__ import annotations

import os

from phobos.errors import PhobosError

TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off")


def flag(name: str, default: bool) -> bool:
    """The yes-or-no variable `name`; `default` where it is unset or empty."""
    found = flag_or(name, default, ())
    assert isinstance(found, bool)
    return found


def flag_or(name: str, default: bool, words: tuple[str, ...]) -> bool | str:
    """A yes-or-no variable that also takes `words` (lower case): True or False for a
    yes or a no (`default` where unset or empty), else the word, as written in `words`."""
    raw = os.environ.get(name, "")
    word = raw.strip().lower()
    if not word:
        return default
    if word in TRUE:
        return True
    if word in FALSE:
        return False
    if word in words:
        return word
    others = "".join(f", or {w}" for w in words)
    raise PhobosError(f"{name} is {raw!r}; set it to 1 (or true, yes, on), 0 (or false, no, off){others}, "
                      "or leave it unset")


def word(name: str, words: tuple[str, ...]) -> str | None:
    """The variable `name` that takes one of `words` (lower case, in any case with
    spaces around); None where it is unset or empty, an error for any other value."""
    raw = os.environ.get(name, "")
    found = raw.strip().lower()
    if not found:
        return None
    if found in words:
        return found
    raise PhobosError(f"{name} is {raw!r}; set it to {' or '.join(words)}, or leave it unset")
