"""Indented JSON, byte-identical to ``json.dumps(obj, ensure_ascii=False, indent=2)``,
written mostly by the standard library's C encoder.

With ``indent`` the standard library encodes in pure Python (a function call per value:
a third of a second for a 50,000-message reading).  Without ``indent`` it uses its C
encoder, whose item separator may be any string: given ``",\\n" + padding`` it writes a
flat object (or array) already indented, and since a string value never holds a raw
newline (it is escaped), every raw newline in that output is a separator.  So a flat
container is one C call, and an array of flat objects (messages, records) is one C call
plus three ``str.replace``.  The rest of the document is walked here; anything that is not
plain JSON data (another type, a non-string key) falls back to ``json.dumps`` whole.

A ``Rows`` value is an array whose items are not built as dicts at all: its own function
writes them (``read --json``'s messages, straight from the chat lines), and any other
writer sees its plain list.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

_SCALARS = (str, int, float, bool, type(None))
_SCALAR_SET = frozenset(_SCALARS)
_CHUNK = 1000  # objects of an array written in one C call
_STDLIB = {"ensure_ascii": False}


class _Unusual(Exception):
    """The document holds something this encoder leaves to the standard library."""


class Rows:
    """A JSON array written by a function of its own, for an array too long to build as
    dicts first: ``write(indent, depth)`` returns the array's text in pieces (the array at
    ``depth``, as ``json.dumps(plain(), ensure_ascii=False, indent=indent)`` would nest
    it there), or None when an item is not what it writes (then ``plain()`` is written
    the ordinary way).  ``plain()`` is the array as JSON data: what the standard library
    is given when the document falls back to it, and what a test compares with."""

    __slots__ = ("write", "plain")

    def __init__(self, write: Callable[[int, int], list[str] | None],
                 plain: Callable[[], list[Any]]) -> None:
        self.write, self.plain = write, plain


def _default(o: Any) -> Any:
    """``json.dumps``'s ``default``: a ``Rows`` is its plain list; anything else raises
    the standard library's own TypeError."""
    if type(o) is Rows:
        return o.plain()
    raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")


def dumps(obj: Any, indent: int = 2) -> str:
    """``json.dumps(obj, ensure_ascii=False, indent=indent)``, faster on big documents."""
    return "".join(pieces(obj, indent))


def pieces(obj: Any, indent: int = 2) -> list[str]:
    """The text of ``dumps(obj, indent)`` in pieces, to write one after the other (a big
    document is then never copied into one string)."""
    out: list[str] = []
    try:
        _Walk(indent, out).value(obj, 0)
    except _Unusual:
        return [json.dumps(obj, indent=indent, default=_default, **_STDLIB)]  # type: ignore[arg-type]
    return out


class _Walk:
    __slots__ = ("indent", "out", "_flat")

    def __init__(self, indent: int, out: list[str]) -> None:
        self.indent, self.out = indent, out
        self._flat: dict[int, Any] = {}  # depth -> C encoder with that depth's separator

    def _encoder(self, depth: int) -> Any:
        enc = self._flat.get(depth)
        if enc is None:
            sep = ",\n" + " " * (self.indent * depth)
            enc = self._flat[depth] = json.JSONEncoder(
                ensure_ascii=False, separators=(sep, ": "), check_circular=False).encode
        return enc

    def value(self, o: Any, depth: int) -> None:
        t = type(o)
        if t is dict:
            self.obj(o, depth)
        elif t is list or t is tuple:
            self.arr(o, depth)
        elif t in _SCALARS:
            self.out.append(self._encoder(0)(o))
        elif t is Rows:
            written = o.write(self.indent, depth)
            if written is None:
                self.arr(o.plain(), depth)
            else:
                self.out.extend(written)
        else:
            raise _Unusual

    def obj(self, o: dict[Any, Any], depth: int) -> None:
        out = self.out
        if not o:
            out.append("{}")
            return
        for k in o:
            if type(k) is not str:
                raise _Unusual
        inner = " " * (self.indent * (depth + 1))
        outer = " " * (self.indent * depth)
        if all(type(v) in _SCALARS for v in o.values()):
            s = self._encoder(depth + 1)(o)
            out.append("{\n" + inner + s[1:-1] + "\n" + outer + "}")
            return
        key = self._encoder(0)
        out.append("{")
        sep = "\n"
        for k, v in o.items():
            out.append(sep + inner + key(k) + ": ")
            self.value(v, depth + 1)
            sep = ",\n"
        out.append("\n" + outer + "}")

    def arr(self, o: list[Any] | tuple[Any, ...], depth: int) -> None:
        out = self.out
        if not o:
            out.append("[]")
            return
        inner = " " * (self.indent * (depth + 1))
        outer = " " * (self.indent * depth)
        if all(type(v) in _SCALARS for v in o):
            s = self._encoder(depth + 1)(list(o))
            out.append("[\n" + inner + s[1:-1] + "\n" + outer + "]")
            return
        if set(map(type, o)) == {dict} and self._flat_objects(o, depth):
            return
        out.append("[")
        sep = "\n"
        for v in o:
            out.append(sep + inner)
            self.value(v, depth + 1)
            sep = ",\n"
        out.append("\n" + outer + "]")

    def _flat_objects(self, o: list[Any] | tuple[Any, ...], depth: int) -> bool:
        """An array of objects written by the C encoder, a chunk at a time (small strings:
        no copy of the whole array), when every object is flat and not empty; False (and
        nothing written) otherwise.  Inside each object the separator is already right;
        between two objects it reads "},\n<pad>{" (only there: no value of a flat object
        ends in "}"), rewritten to close one object on its own line and open the next."""
        inner = " " * (self.indent * (depth + 1))
        pad = " " * (self.indent * (depth + 2))
        if len(o) >= _CHUNK and self._same_shape(o, depth, inner, pad):
            return True
        enc = self._encoder(depth + 2)
        between = "\n" + inner + "},\n" + inner + "{\n" + pad
        parts: list[str] = []
        for i in range(0, len(o), _CHUNK):
            chunk = list(o[i : i + _CHUNK])
            s = enc(chunk)
            # Flat and non-empty: a nested value would follow a key as ": {" or ": [",
            # an empty object reads "{}" (a key that is no string is written as the
            # standard library writes it).  A string may hold those three too: then the
            # exact check decides.
            if not (": {" not in s and ": [" not in s and "{}" not in s) and not all(
                    v and _SCALAR_SET.issuperset(map(type, v.values())) for v in chunk):
                return False
            parts.append(s.replace("},\n" + pad + "{", between)[2:-2])
        out = self.out
        out.append("[\n" + inner + "{\n" + pad)
        for k, part in enumerate(parts):
            if k:
                out.append(between)
            out.append(part)
        out.append("\n" + inner + "}\n" + " " * (self.indent * depth) + "]")
        return True

    def _same_shape(self, o: list[Any] | tuple[Any, ...], depth: int, inner: str,
                    pad: str) -> bool:
        """A long array of objects with the same keys in the same order (messages, line
        records): each object written by one generated function, a string value by the
        C string encoder the standard library's encoder uses, in the order and with the
        separators it writes; False (nothing written) when an object has other keys, or
        a value is not a string, int, bool or None (a float is left to the C encoder)."""
        first = o[0]
        keys = tuple(first)
        if not keys or any(type(k) is not str for k in keys):
            return False
        row = _row_writer(first, keys, pad, inner)
        between = ",\n" + inner
        parts: list[str] = []  # a piece per _CHUNK objects: no copy of the whole array
        try:
            for i in range(0, len(o), _CHUNK):
                rows: list[str] = []
                add = rows.append
                for v in o[i : i + _CHUNK]:
                    if type(v) is not dict or tuple(v) != keys:
                        return False
                    add(row(v))
                parts.append(between.join(rows))
        except _Unusual:
            return False
        out = self.out
        out.append("[\n" + inner)
        for k, part in enumerate(parts):
            if k:
                out.append(between)
            out.append(part)
        out.append("\n" + " " * (self.indent * depth) + "]")
        return True


def _other(x: Any) -> str:
    """A value that is not a string: as the C encoder writes it (int, bool, None)."""
    if x is None:
        return "null"
    if x is True:
        return "true"
    if x is False:
        return "false"
    if type(x) is int:
        return int.__repr__(x)
    raise _Unusual


_ROWS: dict[tuple[tuple[str, ...], tuple[type, ...], str, str], Any] = {}


def _row_writer(first: dict[str, Any], keys: tuple[str, ...], pad: str, inner: str) -> Any:
    """``row(obj) -> str``: one object of these keys, its members indented by ``pad``, its
    closing brace by ``inner`` (generated once
    per shape: the keys enter the code only as ``repr`` literals)."""
    kinds = tuple(type(first[k]) for k in keys)
    hit = _ROWS.get((keys, kinds, pad, inner))
    if hit is not None:
        return hit
    from json.encoder import encode_basestring  # the C encoder's, for ensure_ascii=False

    scope: dict[str, Any] = {"s": encode_basestring, "o": _other, "r": int.__repr__,
                             "END": "\n" + inner + "}"}
    parts = []
    for i, k in enumerate(keys):
        scope[f"H{i}"] = ("{\n" if i == 0 else ",\n") + pad + encode_basestring(k) + ": "
        kind = type(first[k])  # the likeliest type first, from the array's first object
        if kind is int:
            parts.append(f"{{H{i}}}{{r(x{i}) if type(x{i}) is int else o(x{i})}}")
        elif kind is str or kind not in (bool, type(None)):
            parts.append(f"{{H{i}}}{{s(x{i}) if type(x{i}) is str else o(x{i})}}")
        else:
            parts.append(f"{{H{i}}}{{o(x{i}) if type(x{i}) is not str else s(x{i})}}")
    fetch = "".join(f"    x{i} = v[{k!r}]\n" for i, k in enumerate(keys))
    src = f'def row(v):\n{fetch}    return f"{"".join(parts)}{{END}}"\n'
    exec(src, scope)  # noqa: S102 - keys are repr()-quoted literals, nothing else varies
    row = scope["row"]
    _ROWS[(keys, kinds, pad, inner)] = row
    return row
