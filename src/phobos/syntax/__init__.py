"""The native Phobos front end: text to the shared ast."""

from phobos.syntax.parser import parse

__all__ = ["parse"]
