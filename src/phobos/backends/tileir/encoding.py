"""The bytecode's primitives: unsigned and zigzag varints, little-endian integers and
lists, and padding to an alignment. Nothing here knows Tile IR."""

from __future__ import annotations

from collections.abc import Sequence

PADDING_BYTE = 0xCB  # what the format fills alignment gaps with


def uvarint(value: int) -> bytes:
    """7 bits a byte, low bits first; the high bit says another byte follows."""
    if value < 0 or value >= 1 << 64:
        raise ValueError(f"{value} does not fit an unsigned 64-bit varint")
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def svarint(value: int) -> bytes:
    """A signed 64-bit value zigzagged (0, -1, 1, -2, ... → 0, 1, 2, 3, ...) into a varint."""
    if not -(1 << 63) <= value < 1 << 63:
        raise ValueError(f"{value} does not fit a signed 64-bit varint")
    return uvarint(((value << 1) ^ (value >> 63)) & ((1 << 64) - 1))


def read_uvarint(data: bytes, pos: int) -> tuple[int, int]:
    """The varint at `pos` and the position after it."""
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def unzigzag(value: int) -> int:
    return (value >> 1) ^ -(value & 1)


def le(value: int, width: int, signed: bool = False) -> bytes:
    return value.to_bytes(width, "little", signed=signed)


def le_list(values: Sequence[int], width: int) -> bytes:
    """A varint count, then each value as `width` signed little-endian bytes."""
    return uvarint(len(values)) + b"".join(le(v, width, signed=True) for v in values)


def padding(position: int, alignment: int) -> bytes:
    return bytes([PADDING_BYTE]) * ((alignment - position % alignment) % alignment)
