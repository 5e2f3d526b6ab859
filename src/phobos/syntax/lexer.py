"""Turns native Phobos text into tokens.

Newlines end statements, so they are tokens; inside `( )` and `[ ]` a statement
cannot end, so the lexer tracks bracket nesting and drops the newlines there. It also
matches brackets, which lets an unclosed one be reported where it was opened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from phobos.ast.nodes import INT_LITERAL_MAX
from phobos.errors import PhobosError, Source, Span
from phobos.names import KEYWORDS

# Token kinds other than keywords and operators, whose kind is their own text.
NAME = "NAME"
INT = "INT"
FLOAT = "FLOAT"
STRING = "STRING"
NEWLINE = "NEWLINE"
EOF = "EOF"

# Longest first, so that `<<=` wins over `<<` and `<`, and `:+` over `:`.
OPERATORS = (
    "<<=", ">>=",
    ":+", "||", "&&", "==", "!=", "<=", ">=", "<<", ">>",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
    "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "<", ">", "=",
    "(", ")", "[", "]", "{", "}", ",", ":", ";", ".", "@",
)

_CLOSERS = {")": "(", "]": "[", "}": "{"}
_KEYWORDS = frozenset(KEYWORDS)
_DIGITS = {10: frozenset("0123456789"), 16: frozenset("0123456789abcdefABCDEF"), 2: frozenset("01")}
_DECIMAL = _DIGITS[10]
_WORD_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
_WORD = _WORD_START | frozenset("0123456789")
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t"}
_MAX_DIGITS = {10: 19, 16: 16, 2: 64}  # the most digits a value up to 2^63 - 1 can need


@dataclass(frozen=True, slots=True)
class Token:
    """One token; `kind` is NAME, INT, FLOAT, NEWLINE, EOF, or a keyword's or operator's text."""

    kind: str
    text: str
    span: Span
    value: int | float | str | None = None


def tokenize(source: Source) -> list[Token]:
    """All tokens of `source`, ending with one EOF token."""
    return _Lexer(source).run()


class _Lexer:
    def __init__(self, source: Source) -> None:
        self.source = source
        self.text = source.text
        self.pos = 0
        self.line = 1
        self.line_start = 0
        self.tokens: list[Token] = []
        self.open: list[Token] = []  # brackets not yet closed, innermost last

    def span(self, start: int, end: int) -> Span:
        """The span of text[start:end], which lies on the current line."""
        base = self.line_start - 1
        return Span(self.source, self.line, start - base, self.line, end - base)

    def error(self, message: str, start: int, end: int) -> PhobosError:
        return PhobosError(message, self.span(start, end))

    def run(self) -> list[Token]:
        text = self.text
        while self.pos < len(text):
            ch = text[self.pos]
            if ch in " \t\r":
                self.pos += 1
            elif ch == "\n":
                if not self.open or self.open[-1].kind == "{":
                    self.add(NEWLINE, self.pos, self.pos + 1)
                self.pos += 1
                self.line += 1
                self.line_start = self.pos
            elif text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = len(text) if end < 0 else end
            elif ch in _WORD_START:
                self.word()
            elif ch in _DECIMAL or (ch == "." and text[self.pos + 1 : self.pos + 2] in _DECIMAL):
                self.number()
            elif ch == '"':
                self.string()
            else:
                self.operator(ch)
        if self.open:
            opener = self.open[-1]
            raise PhobosError(f"'{opener.text}' is never closed", opener.span)
        self.tokens.append(Token(EOF, "", self.span(self.pos, self.pos)))
        return self.tokens

    def add(self, kind: str, start: int, end: int, value: int | float | str | None = None) -> Token:
        token = Token(kind, self.text[start:end], self.span(start, end), value)
        self.tokens.append(token)
        return token

    def word(self) -> None:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _WORD:
            self.pos += 1
        text = self.text[start : self.pos]
        self.add(text if text in _KEYWORDS else NAME, start, self.pos)

    def string(self) -> None:
        """A string literal: double quotes around one line, with the escapes of `_ESCAPES`
        (only print and assert take one: the checker says so elsewhere)."""
        start = self.pos
        text = self.text
        self.pos += 1
        chars: list[str] = []
        while True:
            if self.pos >= len(text) or text[self.pos] == "\n":
                raise self.error("this string is never closed; a string ends with '\"' on the line it starts",
                                 start, self.pos)
            ch = text[self.pos]
            if ch == '"':
                self.pos += 1
                break
            if ch == "\\":
                escape = text[self.pos + 1 : self.pos + 2]
                if escape not in _ESCAPES:
                    raise self.error(f"unknown escape '\\{escape}' in a string; the escapes are "
                                     "\\\\, \\\", \\n and \\t", self.pos, self.pos + 1 + len(escape))
                chars.append(_ESCAPES[escape])
                self.pos += 2
                continue
            chars.append(ch)
            self.pos += 1
        self.add(STRING, start, self.pos, "".join(chars))

    def digits(self, base: int, start: int) -> str:
        """A run of digits with single `_` separators between them; may be empty."""
        allowed = _DIGITS[base]
        begin = self.pos
        while self.pos < len(self.text) and (
            self.text[self.pos] in allowed or self.text[self.pos] == "_"
        ):
            self.pos += 1
        run = self.text[begin : self.pos]
        if run.startswith("_") or run.endswith("_") or "__" in run:
            self.number_error("a '_' in a number must sit between two digits", start)
        return run.replace("_", "")

    def number_error(self, message: str, start: int) -> NoReturn:
        """Reports the whole malformed literal, up to where a word would end."""
        end = self.pos
        while end < len(self.text) and (self.text[end] in _WORD or self.text[end] == "."):
            end += 1
        raise self.error(f"invalid number '{self.text[start:end]}': {message}", start, end)

    def number(self) -> None:
        start = self.pos
        text = self.text
        prefix = text[start : start + 2].lower()
        if prefix in ("0x", "0b"):
            base = 16 if prefix == "0x" else 2
            self.pos += 2
            digits = self.digits(base, start)
            if not digits:
                self.number_error(f"'{prefix}' must be followed by digits", start)
            self.end_of_number(start)
            self.add(INT, start, self.pos, self.integer(digits, base, start))
            return
        whole = self.digits(10, start)
        is_float = False
        if self.pos < len(text) and text[self.pos] == ".":
            self.pos += 1
            is_float = True
            self.digits(10, start)
        if self.pos < len(text) and text[self.pos] in "eE":
            self.pos += 1
            is_float = True
            if self.pos < len(text) and text[self.pos] in "+-":
                self.pos += 1
            if not self.digits(10, start):
                self.number_error("the exponent needs digits", start)
        self.end_of_number(start)
        if not is_float:
            if len(whole) > 1 and whole.startswith("0"):
                self.number_error("leading zeros are not allowed (Phobos has no octal)", start)
            self.add(INT, start, self.pos, self.integer(whole, 10, start))
            return
        literal = text[start : self.pos]
        value = float(literal.replace("_", ""))
        if value == float("inf"):
            raise self.error(f"float literal '{literal}' is too large", start, self.pos)
        self.add(FLOAT, start, self.pos, value)

    def integer(self, digits: str, base: int, start: int) -> int:
        """The value of an integer literal, at most 2^63 - 1 (spec, Types).

        Past that, the digits are counted before any conversion: Python refuses to
        convert a decimal string of more than 4300 digits.
        """
        significant = digits.lstrip("0")
        if len(significant) <= _MAX_DIGITS[base]:
            value = int(significant or "0", base)
            if value <= INT_LITERAL_MAX:
                return value
        literal = self.text[start : self.pos]
        shown = f"'{literal}' is" if len(literal) <= 40 else f"its {len(significant)} digits are"
        raise self.error(
            f"integer literal too large: {shown} above the largest, 2^63 - 1 = {INT_LITERAL_MAX}",
            start,
            self.pos,
        )

    def end_of_number(self, start: int) -> None:
        if self.pos < len(self.text) and self.text[self.pos] in _WORD:
            self.number_error("a number can't run into letters or digits of another base", start)

    def operator(self, ch: str) -> None:
        start = self.pos
        op = next((op for op in OPERATORS if self.text.startswith(op, start)), None)
        if op is None:
            raise self.error(f"unexpected character {ch!r} (U+{ord(ch):04X})", start, start + 1)
        self.pos += len(op)
        token = self.add(op, start, self.pos)
        if op in ("(", "[", "{"):
            self.open.append(token)
        elif op in _CLOSERS:
            if not self.open:
                raise PhobosError(f"'{op}' has no matching '{_CLOSERS[op]}'", token.span)
            opener = self.open.pop()
            if opener.kind != _CLOSERS[op]:
                where = f"{opener.span.line}:{opener.span.column}"
                raise PhobosError(
                    f"'{op}' does not close the '{opener.text}' opened at {where}", token.span
                )
