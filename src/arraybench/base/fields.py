"""Reading a versioned JSON record field by field, and writing values JSON cannot hold.

Every reader of arraybench's files (results, probe profiles, the store's JSON) checks each field's
type as it takes it, and says what is wrong in JSON's words ("field 'size' is a string, not an
integer"), so that a damaged or hand-edited file is refused with the field at fault, never
misread.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .errors import ResultsFormatError

#: What reading a damaged record can raise, all turned into one ResultsFormatError.
MALFORMED = (
    ResultsFormatError,
    TypeError,
    ValueError,
    KeyError,
    AttributeError,
    OverflowError,
    RecursionError,
)


DAMAGED = "the file is damaged or was edited by hand: re-run to produce it again"


def optional(d: Mapping[str, Any], key: str, types: type | tuple[type, ...]) -> Any:
    """An optional field: None when absent or null, else it must have one of ``types``."""
    v = d.get(key)
    if v is None:
        return None
    if not isinstance(v, types) or (isinstance(v, bool) and bool not in _tuple(types)):
        raise ResultsFormatError(wrong_type(key, v, types))
    return v


def wrong_type(key: str, v: Any, types: type | tuple[type, ...]) -> str:
    """``"field 'size' is str, not an integer"``, in JSON's words."""
    words = {
        str: "a string",
        int: "an integer",
        float: "a number",
        list: "a list",
        bool: "a boolean",
    }
    wanted = " or ".join(dict.fromkeys(words.get(t, "an object") for t in _tuple(types)))
    return f"field {key!r} is {json_kind(v)}, not {wanted}"


def json_kind(v: Any) -> str:
    """What JSON calls the kind of ``v``: "a string", "an object", "null"..."""
    for t, word in (
        (bool, "a boolean"),
        (str, "a string"),
        (int, "an integer"),
        (float, "a number"),
        (list, "a list"),
        (Mapping, "an object"),
    ):
        if isinstance(v, t):
            return word
    return "null" if v is None else type(v).__name__


def _tuple(types: type | tuple[type, ...]) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)


def numbers(d: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, float]:
    """The fields ``keys`` of ``d``, each a number."""
    return {k: float(required(d, k, (int, float))) for k in keys}


def strings(d: Any, keys: tuple[str, ...]) -> dict[str, str]:
    """The fields ``keys`` of the object ``d``, each a string."""
    if not isinstance(d, Mapping):
        raise ResultsFormatError(f"a skipped entry is {json_kind(d)}, not an object")
    return {k: required(d, k, str) for k in keys}


def required(d: Mapping[str, Any], key: str, types: type | tuple[type, ...]) -> Any:
    """A field that must be there, with one of ``types``."""
    if key not in d:
        raise ResultsFormatError(f"missing field {key!r}")
    v = d[key]
    if not isinstance(v, types) or (isinstance(v, bool) and bool not in _tuple(types)):
        raise ResultsFormatError(wrong_type(key, v, types))
    return v


def json_float(v: float) -> float | str:
    # JSON has no NaN or infinity; keep them readable as strings rather than invalid JSON.
    return v if math.isfinite(v) else str(v)


def float_or_nan(v: Any) -> float:
    """``v`` as a float, NaN where it is none (a field written by :func:`json_float`)."""
    try:
        return float(v)
    except (TypeError, ValueError):
        return math.nan


def json_default(o: Any) -> Any:
    """What ``json.dumps`` writes for a value it does not know: a NumPy scalar as its Python
    value, a tuple or set as a list, anything else as its text."""
    if hasattr(o, "item"):
        return o.item()
    if isinstance(o, tuple | set | frozenset):
        return list(o)
    return str(o)
