"""A hand-written recursive-descent parser for native Phobos (the spec's Grammar).

Binary operators are parsed with an explicit operator stack rather than one function
per precedence level, and prefix operators and `else if` chains in loops, so the parser
recurses only into brackets and blocks. A guard on those stops its own recursion; the
tree it builds is then held to the nesting limit every later stage relies on
(`phobos.ast.depth`), which counts the tree, so printed text parses back.
"""

from __future__ import annotations

from dataclasses import replace

from phobos.ast.depth import MAX_NESTING, check_nesting
from phobos.ast.nodes import (
    Aligned,
    AlignedEntry,
    AngleArg,
    Assign,
    Attribute,
    Autotune,
    AutotuneEntry,
    Binary,
    BoolLit,
    Break,
    Call,
    Continue,
    Ctx,
    DoNotSpecialize,
    Expr,
    ExprStmt,
    FloatLit,
    Fn,
    For,
    If,
    IndexItem,
    IntLit,
    Kernel,
    Launch,
    Let,
    Name,
    Occupancy,
    Param,
    Pipeline,
    Program,
    RangeItem,
    Return,
    ScalarType,
    SpanItem,
    Stmt,
    StrLit,
    Subscript,
    SubscriptItem,
    Tensorcore,
    TensorType,
    TileType,
    TypeExpr,
    Unary,
    Var,
    While,
)
from phobos.errors import PhobosError, Source, Span
from phobos.names import ANGLE_KEYS, CTX_FIELDS, KEYWORDS, SCALAR_TYPES
from phobos.syntax.lexer import EOF, FLOAT, INT, NAME, NEWLINE, STRING, Token, tokenize

ANGLE_WORDS = frozenset(key for keys in ANGLE_KEYS.values() for key in keys)  # any call's angle keys

# Binding strength of each binary operator; higher binds tighter. The printer uses
# the same table to decide where parentheses are needed.
BINARY_PRECEDENCE: dict[str, int] = {
    "||": 1,
    "&&": 2,
    "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3,
    "|": 4,
    "^": 5,
    "&": 6,
    "<<": 7, ">>": 7,
    "+": 8, "-": 8,
    "*": 9, "/": 9, "%": 9,
}
COMPARISON_PRECEDENCE = 3
# Angle values and `for<unroll n>` are parsed at this level, so a `>` ends them.
ADDITIVE_PRECEDENCE = 8
UNARY_PRECEDENCE = 10
UNARY_OPS = ("-", "!", "~")

# Assignment operators and the binary operator each applies (`None` for plain `=`).
ASSIGN_OPS: dict[str, str | None] = {
    "=": None, "+=": "+", "-=": "-", "*=": "*", "/=": "/", "%=": "%",
    "&=": "&", "|=": "|", "^=": "^", "<<=": "<<", ">>=": ">>",
}

ATTRIBUTES = ("launch", "autotune", "aligned", "tensorcore", "pipeline", "do_not_specialize", "occupancy")

_KEYWORDS = frozenset(KEYWORDS)
_STATEMENT_ENDS = (NEWLINE, ";", "}")


def parse(text: str, path: str = "<string>") -> Program:
    """The program in `text`; any problem is a `PhobosError` located in it. A byte-order
    mark starting the text is no part of it."""
    source = Source(path, text.removeprefix("\ufeff"))
    parser = _Parser(source, tokenize(source))
    try:
        return parser.program()
    except RecursionError:
        # The depth guard keeps well inside the limit; this covers a caller that was
        # already deep in its own stack when it called us.
        raise parser.too_deep(parser.peek()) from None


def _describe(token: Token) -> str:
    if token.kind == NEWLINE:
        return "a newline"
    if token.kind == EOF:
        return "the end of the file"
    return f"'{token.text}'"


class _Parser:
    def __init__(self, source: Source, tokens: list[Token]) -> None:
        self.source = source
        self.tokens = tokens
        self.pos = 0
        self.depth = 0

    # ------------------------------------------------------------ token helpers

    def peek(self, ahead: int = 0) -> Token:
        return self.tokens[min(self.pos + ahead, len(self.tokens) - 1)]

    def advance(self) -> Token:
        token = self.peek()
        if token.kind != EOF:
            self.pos += 1
        return token

    def at(self, *kinds: str) -> bool:
        return self.peek().kind in kinds

    def expect(self, kind: str, what: str | None = None) -> Token:
        token = self.peek()
        if token.kind != kind:
            expected = what or f"'{kind}'"
            raise PhobosError(f"expected {expected}, found {_describe(token)}", token.span)
        return self.advance()

    def expect_name(self, what: str) -> Token:
        token = self.peek()
        if token.kind in _KEYWORDS:
            message = f"'{token.text}' is a keyword and can't be used as a name"
            raise PhobosError(message, token.span)
        return self.expect(NAME, what)

    def expect_word(self, word: str, message: str) -> Token:
        """A name token with a fixed text, such as `range`, `unroll` or `off`."""
        token = self.peek()
        if token.kind != NAME or token.text != word:
            raise PhobosError(f"{message}, found {_describe(token)}", token.span)
        return self.advance()

    def skip_newlines(self) -> None:
        while self.at(NEWLINE):
            self.advance()

    def too_deep(self, token: Token) -> PhobosError:
        return PhobosError(
            f"nested too deeply: more than {MAX_NESTING} levels of brackets and blocks, and "
            f"the limit is {MAX_NESTING}; split it up with lets",
            token.span,
        )

    def deeper(self, token: Token) -> None:
        """Counts one more level of brackets or blocks, which the parser recurses into.

        Each such level is a level of the tree too, except parentheses that only group,
        which the printer never writes: printed text never trips this guard.
        """
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.too_deep(token)

    # ------------------------------------------------------------ top level

    def program(self) -> Program:
        items: list[Kernel | Fn] = []
        self.skip_newlines()
        while not self.at(EOF):
            if self.at("@", "kernel"):
                items.append(self.kernel())
            elif self.at("fn"):
                items.append(self.function())
            else:
                token = self.peek()
                raise PhobosError(
                    f"expected 'kernel', 'fn' or an attribute at the top level, "
                    f"found {_describe(token)}",
                    token.span,
                )
            check_nesting(items[-1])
            if not self.at(NEWLINE, EOF):
                token = self.peek()
                what = "kernel" if isinstance(items[-1], Kernel) else "fn"
                raise PhobosError(
                    f"expected a newline after the {what}, found {_describe(token)}", token.span
                )
            self.skip_newlines()
        start = Span(self.source, 1, 1, 1, 1)
        return Program(tuple(items), span=start.to(self.peek().span))

    def kernel(self) -> Kernel:
        first = self.peek()
        attrs: list[Attribute] = []
        while self.at("@"):
            attrs.append(self.attribute())
            self.skip_newlines()
        if self.at("fn"):
            raise PhobosError("attributes apply only to kernels, not to fns", self.peek().span)
        self.expect("kernel", "'kernel' after the attributes")
        name = self.expect_name("the kernel's name")
        self.expect("(", "'(' before the kernel's parameters")
        params: list[Param] = []
        while not self.at(")"):
            params.append(self.param())
            if not self.at(")"):
                self.expect(",", "',' or ')' after a parameter")
        self.advance()
        body, close = self.block()
        return Kernel(
            name.text, tuple(attrs), tuple(params), body,
            name_span=name.span, span=first.span.to(close.span),
        )

    def param(self) -> Param:
        name = self.expect_name("a parameter name")
        self.expect(":", "':' and a type after the parameter name")
        kind = self.type()
        return Param(name.text, kind, span=name.span.to(kind.span))

    def function(self) -> Fn:
        keyword = self.advance()
        name = self.expect_name("the fn's name")
        self.expect("(", "'(' before the fn's parameters")
        params: list[Token] = []
        while not self.at(")"):
            params.append(self.expect_name("a parameter name"))
            if not self.at(")"):
                self.expect(",", "',' or ')' after a parameter")
        self.advance()
        body: Expr | tuple[Stmt, ...]
        if self.at("="):
            self.advance()
            body = self.expr()
            end = body.span
        elif self.at("{"):
            body, close = self.block()
            end = close.span
        else:
            token = self.peek()
            raise PhobosError(
                f"expected '=' and an expression, or a '{{' block, after the fn's parameters; "
                f"found {_describe(token)}",
                token.span,
            )
        return Fn(
            name.text, tuple(p.text for p in params), body,
            name_span=name.span, param_spans=tuple(p.span for p in params),
            span=keyword.span.to(end),
        )

    # ------------------------------------------------------------ attributes

    def attribute(self) -> Attribute:
        at = self.advance()
        name = self.peek()
        if name.kind != NAME or name.text not in ATTRIBUTES:
            raise PhobosError(
                f"unknown attribute {_describe(name)}; the attributes are "
                + ", ".join(f"@{a}" for a in ATTRIBUTES),
                name.span,
            )
        self.advance()
        if name.text == "tensorcore":
            return Tensorcore(span=at.span.to(name.span))
        self.expect("(", f"'(' after @{name.text}")
        attr: Attribute
        if name.text == "launch":
            attr = Launch(self.int_or_name("a thread count (a number or a name)"), span=at.span)
        elif name.text == "pipeline":
            if self.peek().kind == NAME and self.peek().text == "off":
                self.advance()
                attr = Pipeline(None, span=at.span)
            else:
                attr = Pipeline(self.int_or_name("'off' or a stage count (a number or a name)"), span=at.span)
        elif name.text == "occupancy":
            attr = Occupancy(self.int_or_name("a count of CTAs (a number or a name)"), span=at.span)
        elif name.text == "do_not_specialize":
            names = [self.expect_name("a scalar parameter's or a dim's name")]
            while self.at(","):
                self.advance()
                names.append(self.expect_name("a scalar parameter's or a dim's name"))
            attr = DoNotSpecialize(tuple(Name(n.text, span=n.span) for n in names), span=at.span)
        elif name.text == "autotune":
            tunes = [self.tune()]
            while self.at(","):
                self.advance()
                tunes.append(self.tune())
            attr = Autotune(tuple(tunes), span=at.span)
        else:
            aligns = [self.align()]
            while self.at(","):
                self.advance()
                aligns.append(self.align())
            attr = Aligned(tuple(aligns), span=at.span)
        close = self.expect(")", f"')' to end @{name.text}")
        return replace(attr, span=at.span.to(close.span))

    def int_or_name(self, what: str) -> IntLit | Name:
        token = self.peek()
        if token.kind == INT:
            self.advance()
            assert isinstance(token.value, int)
            return IntLit(token.value, span=token.span)
        return Name(self.expect_name(what).text, span=token.span)

    def tune(self) -> AutotuneEntry:
        name = self.expect_name("an @autotune name")
        self.expect("in", f"'in [values]' after '{name.text}'")
        self.expect("[", "'[' before the @autotune values")
        values: list[int] = []
        while not self.at("]") or not values:
            token = self.expect(INT, "an integer value")
            assert isinstance(token.value, int)
            values.append(token.value)
            if not self.at("]"):
                self.expect(",", "',' or ']' after a value")
        close = self.advance()
        return AutotuneEntry(name.text, tuple(values), span=name.span.to(close.span))

    def align(self) -> AlignedEntry:
        name = self.expect_name("a dimension name")
        self.expect("=", f"'=' after '{name.text}'")
        multiple = self.int_or_name("a multiple (a number or a name)")
        return AlignedEntry(name.text, multiple, span=name.span.to(multiple.span))

    # ------------------------------------------------------------ types

    def type(self) -> TypeExpr:
        token = self.peek()
        if token.kind == NAME and token.text in SCALAR_TYPES:
            self.advance()
            return ScalarType(token.text, span=token.span)
        if token.kind != NAME or token.text not in ("tensor", "tile"):
            raise PhobosError(
                f"expected a type ({', '.join(SCALAR_TYPES)}, tensor<T>[dims] or "
                f"tile<T>[dims]), found {_describe(token)}",
                token.span,
            )
        self.advance()
        self.expect("<", f"'<' and an element type after '{token.text}'")
        dtype = self.peek()
        if dtype.kind != NAME or dtype.text not in SCALAR_TYPES:
            raise PhobosError(
                f"expected an element type ({', '.join(SCALAR_TYPES)}), found {_describe(dtype)}",
                dtype.span,
            )
        self.advance()
        self.expect(">", "'>' after the element type")
        self.expect("[", f"'[' and the {token.text}'s dimensions")
        dims: list[Expr] = []
        while True:
            if token.text == "tensor":
                dim = self.peek()
                if dim.kind not in (INT, NAME):
                    raise PhobosError(
                        f"a tensor dimension is a number or a name, found {_describe(dim)}",
                        dim.span,
                    )
                dims.append(self.int_or_name("a dimension"))
            else:
                dims.append(self.expr())
            if not self.at(","):
                break
            self.advance()
        close = self.expect("]", "',' or ']' after a dimension")
        node = TensorType if token.text == "tensor" else TileType
        return node(dtype.text, tuple(dims), span=token.span.to(close.span))

    # ------------------------------------------------------------ statements

    def block(self) -> tuple[tuple[Stmt, ...], Token]:
        """The statements of a `{ ... }` block, and its closing brace."""
        self.expect("{", "'{' on the same line" if self.at(NEWLINE) else "'{'")
        self.deeper(self.tokens[self.pos - 1])
        body: list[Stmt] = []
        while True:
            while self.at(NEWLINE, ";"):
                self.advance()
            if self.at("}"):
                break
            body.append(self.statement())
            if not self.at(*_STATEMENT_ENDS):
                token = self.peek()
                raise PhobosError(
                    f"expected a newline or ';' after the statement, found {_describe(token)}",
                    token.span,
                )
        close = self.advance()
        self.depth -= 1
        return tuple(body), close

    def statement(self) -> Stmt:
        token = self.peek()
        kind = token.kind
        if kind == "let":
            return self.let()
        if kind == "var":
            return self.var()
        if kind == "for":
            return self.for_()
        if kind == "while":
            self.advance()
            cond = self.expr()
            body, close = self.block()
            return While(cond, body, span=token.span.to(close.span))
        if kind == "if":
            return self.if_()
        if kind in ("break", "continue", "return"):
            self.advance()
            if kind == "return" and not self.at(*_STATEMENT_ENDS):
                raise PhobosError("'return' takes no value in Phobos", self.peek().span)
            node = {"break": Break, "continue": Continue, "return": Return}[kind]
            return node(span=token.span)
        if kind == "else":
            raise PhobosError(
                "'else' must be on the same line as the '}' that closes its 'if'", token.span
            )
        if kind == NAME:
            return self.assign_or_call()
        raise PhobosError(f"expected a statement, found {_describe(token)}", token.span)

    def let(self) -> Let:
        keyword = self.advance()
        name = self.expect_name("a name after 'let'")
        kind = self.optional_type()
        self.expect("=", "'=' and a value: a let needs an initializer")
        value = self.expr()
        return Let(name.text, kind, value, name_span=name.span, span=keyword.span.to(value.span))

    def var(self) -> Var:
        keyword = self.advance()
        name = self.expect_name("a name after 'var'")
        kind = self.optional_type()
        value = None
        end = kind.span if kind else name.span
        if self.at("="):
            self.advance()
            value = self.expr()
            end = value.span
        return Var(name.text, kind, value, name_span=name.span, span=keyword.span.to(end))

    def optional_type(self) -> TypeExpr | None:
        if not self.at(":"):
            return None
        self.advance()
        return self.type()

    def for_(self) -> For:
        keyword = self.advance()
        unroll = None
        if self.at("<"):
            self.advance()
            self.expect_word("unroll", "expected 'unroll' after 'for<'")
            unroll = self.expr(ADDITIVE_PRECEDENCE)
            self.expect(">", "'>' after the unroll count")
        var = self.expect_name("the loop variable")
        self.expect("in", f"'in' after '{var.text}'")
        header = self.expect_word("range", "a for loop runs over range(lo, hi[, step])")
        self.expect("(", "'(' after 'range'")
        bounds: list[Expr] = []
        if not self.at(")"):
            bounds.append(self.expr())
            while self.at(","):
                self.advance()
                bounds.append(self.expr())
        close = self.expect(")", "',' or ')' in range(...)")
        if len(bounds) not in (2, 3):
            hint = "; write range(0, n) for range(n)" if len(bounds) == 1 else ""
            raise PhobosError(
                f"range takes 2 or 3 arguments in native Phobos, range(lo, hi[, step]), "
                f"not {len(bounds)}{hint}",
                header.span.to(close.span),
            )
        body, end = self.block()
        step = bounds[2] if len(bounds) == 3 else None
        return For(
            var.text, bounds[0], bounds[1], step, unroll, body,
            var_span=var.span, span=keyword.span.to(end.span),
        )

    def if_(self) -> If:
        """An `if` and its `else if` chain, read in a loop and nested from the last."""
        heads: list[tuple[Token, Expr, tuple[Stmt, ...]]] = []
        orelse: tuple[Stmt, ...] | None = None
        while True:
            keyword = self.advance()
            cond = self.expr()
            body, close = self.block()
            heads.append((keyword, cond, body))
            end = close.span
            if not self.at("else"):
                break
            self.advance()
            if not self.at("if"):
                orelse, close = self.block()
                end = close.span
                break
        for keyword, cond, body in reversed(heads):
            node = If(cond, body, orelse, span=keyword.span.to(end))
            orelse = (node,)
        return node

    def assign_or_call(self) -> Stmt:
        target = self.expr()
        token = self.peek()
        if token.kind in ASSIGN_OPS:
            if not isinstance(target, Name | Subscript):
                raise PhobosError(
                    f"can't assign to this; the target of '{token.text}' is a name or a subscript",
                    target.span,
                )
            self.advance()
            value = self.expr()
            return Assign(target, ASSIGN_OPS[token.kind], value, span=target.span.to(value.span))
        if isinstance(target, Call):
            return ExprStmt(target, span=target.span)
        if isinstance(target, Name | Subscript):
            raise PhobosError(
                f"expected '=' or an assignment operator such as '+=', found {_describe(token)}",
                token.span,
            )
        raise PhobosError(
            "this expression is not a statement; only a call can stand alone", target.span
        )

    # ------------------------------------------------------------ expressions
    #
    # Each level of brackets passes through expr, primary and at most one of call or
    # subscript, so the depth guard trips long before Python's recursion limit.

    def expr(self, min_precedence: int = 1) -> Expr:
        """An expression whose operators all bind at least as tightly as `min_precedence`."""
        self.deeper(self.peek())
        base = self.depth
        operands: list[Expr] = []
        operators: list[Token] = []
        while True:
            operands.append(self.unary())
            token = self.peek()
            precedence = BINARY_PRECEDENCE.get(token.kind)
            if precedence is None or precedence < min_precedence:
                break
            while operators and BINARY_PRECEDENCE[operators[-1].kind] >= precedence:
                if precedence == COMPARISON_PRECEDENCE == BINARY_PRECEDENCE[operators[-1].kind]:
                    raise PhobosError(
                        f"comparisons don't chain: write 'a {operators[-1].text} b && "
                        f"b {token.text} c' instead of 'a {operators[-1].text} b {token.text} c'",
                        token.span,
                    )
                self.reduce(operands, operators)
            self.advance()
            operators.append(token)
        while operators:
            self.reduce(operands, operators)
        self.depth = base - 1
        return operands[0]

    @staticmethod
    def reduce(operands: list[Expr], operators: list[Token]) -> None:
        right = operands.pop()
        left = operands.pop()
        op = operators.pop().kind
        operands.append(Binary(op, left, right, span=left.span.to(right.span)))

    def unary(self) -> Expr:
        prefixes: list[Token] = []
        while self.at(*UNARY_OPS):
            prefixes.append(self.advance())
        if self.at("+"):
            hint = ""
            if self.tokens[self.pos - 1].kind == ":":
                hint = "; a span is written 's :+ n', with no space between ':' and '+'"
            raise PhobosError(f"Phobos has no unary '+'{hint}", self.peek().span)
        operand = self.primary()
        for op in reversed(prefixes):
            operand = Unary(op.kind, operand, span=op.span.to(operand.span))
        return operand

    def primary(self) -> Expr:
        token = self.advance()
        node: Expr
        if token.kind == INT:
            assert isinstance(token.value, int)
            node = IntLit(token.value, span=token.span)
        elif token.kind == FLOAT:
            assert isinstance(token.value, float)
            node = FloatLit(token.value, token.text.replace("_", ""), span=token.span)
        elif token.kind in ("true", "false"):
            node = BoolLit(token.kind == "true", span=token.span)
        elif token.kind == STRING:
            assert isinstance(token.value, str)
            node = StrLit(token.value, span=token.span)
        elif token.kind == "(":
            inner = self.expr()
            close = self.expect(")", "')'")
            node = replace(inner, span=token.span.to(close.span))
        elif token.kind == NAME and token.text == "ctx":
            node = self.ctx(token)
        elif token.kind == NAME:
            keys = ANGLE_KEYS.get(token.text, ())
            angled = self.at("<") and self.peek(1).kind == NAME and self.peek(1).text in keys
            if not angled and self.at("<") and self.peek(1).kind == NAME and self.peek(1).text in ANGLE_WORDS \
                    and self.peek(2).kind in (NAME, INT):  # `f<key value>`: angle arguments f does not take
                key = self.peek(1)
                takes = f"takes only {', '.join(keys)}" if keys else "takes no angle-bracket arguments"
                raise PhobosError(f"`{token.text}` {takes}, not `{key.text}`", key.span)
            if self.at("(") or angled:
                node = self.call(token)
            elif self.at("["):
                node = self.subscript(token)
            else:
                node = Name(token.text, span=token.span)
        else:
            raise PhobosError(f"expected an expression, found {_describe(token)}", token.span)
        after = self.peek()
        if after.kind == "[":
            message = (
                "index once with all subscripts, as in A[i, j], not A[i][j]"
                if isinstance(node, Subscript)
                else "only a name can be subscripted"
            )
            raise PhobosError(message, after.span)
        if after.kind == "(":
            raise PhobosError("only a name can be called", after.span)
        if after.kind == ".":
            what = f"'{node.id}' has no fields" if isinstance(node, Name) else "this has no fields"
            raise PhobosError(f"{what}; only 'ctx' is followed by '.'", after.span)
        return node

    def ctx(self, ctx: Token) -> Ctx:
        valid = ", ".join(CTX_FIELDS)
        if not self.at("."):
            raise PhobosError(f"'ctx' needs a field, one of: {valid}", ctx.span)
        parts: list[Token] = []
        while self.at("."):
            self.advance()
            part = self.peek()
            if part.kind != NAME and part.kind not in _KEYWORDS:
                raise PhobosError(
                    f"expected a ctx field after '.', found {_describe(part)}; the fields are: "
                    f"{valid}",
                    part.span,
                )
            parts.append(self.advance())
        field = ".".join(p.text for p in parts)
        if field not in CTX_FIELDS:
            raise PhobosError(
                f"unknown ctx field '{field}'; the fields are: {valid}",
                parts[0].span.to(parts[-1].span),
            )
        return Ctx(field, span=ctx.span.to(parts[-1].span))

    def call(self, name: Token) -> Call:
        angle: list[AngleArg] = []
        if self.at("<"):
            self.advance()
            keys = ANGLE_KEYS[name.text]
            while True:
                key = self.peek()
                if key.kind != NAME or key.text not in keys:
                    raise PhobosError(
                        f"expected a key of {name.text}<...> ({', '.join(keys)}), "
                        f"found {_describe(key)}",
                        key.span,
                    )
                self.advance()
                value = self.expr(ADDITIVE_PRECEDENCE)
                angle.append(AngleArg(key.text, value, span=key.span.to(value.span)))
                if not self.at(","):
                    break
                self.advance()
            self.expect(">", "',' or '>' after an angle argument")
        self.expect("(", f"'(' and the arguments of {name.text}<...>")
        args: list[Expr] = []
        while not self.at(")"):
            args.append(self.expr())
            if not self.at(")"):
                self.expect(",", "',' or ')' after an argument")
        close = self.advance()
        return Call(
            name.text, tuple(args), tuple(angle),
            func_span=name.span, span=name.span.to(close.span),
        )

    def subscript(self, name: Token) -> Subscript:
        self.advance()
        if self.at("]"):
            raise PhobosError("empty subscript: give an index, span or range", self.peek().span)
        items: list[SubscriptItem] = []
        while True:
            token = self.peek()
            if token.kind == ":+":
                raise PhobosError("a span needs a start: write 's :+ n'", token.span)
            start = None if token.kind == ":" else self.expr()
            if start is not None and self.at(":+"):
                self.advance()
                length = self.expr()
                items.append(SpanItem(start, length, span=start.span.to(length.span)))
            elif start is not None and not self.at(":"):
                items.append(IndexItem(start, span=start.span))
            else:
                colon = self.advance()
                end = None if self.at(",", "]") else self.expr()
                last = colon.span if end is None else end.span
                items.append(RangeItem(start, end, span=token.span.to(last)))
            if not self.at(","):
                break
            self.advance()
        close = self.expect("]", "',' or ']' after a subscript")
        return Subscript(
            Name(name.text, span=name.span), tuple(items), span=name.span.to(close.span)
        )
