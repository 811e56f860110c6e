"""Prompt compilation done locally, giving exactly what ``POST /v1/prompts/{name}/compile`` answers."""

from __future__ import annotations

import math
import re
from typing import Any, Dict, List, Mapping, Sequence, Union

Message = Dict[str, str]
Variables = Mapping[str, Union[str, int, float, bool]]
Placeholders = Mapping[str, Sequence[Mapping[str, str]]]
Compiled = Union[str, List[Message]]

# JavaScript's \s, not Python's: the service is the reference, and they differ (\ufeff, \x1c-\x1f, \x85).
_JS_SPACE = "[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*"
_VARIABLE = re.compile(r"\{\{" + _JS_SPACE + r"([A-Za-z_][A-Za-z0-9_]*)" + _JS_SPACE + r"\}\}")


def _js_number(x: float) -> str:
    """``String(x)`` as JavaScript prints a double (ECMAScript Number::toString), so 3.0 is "3"."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    # repr gives the shortest digits that round-trip, which is what JavaScript prints too; only the layout differs.
    mantissa, _, exp = repr(abs(x)).partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0")
    n = len(whole) + (int(exp) if exp else 0) - (len(whole + frac) - len((whole + frac).lstrip("0")))
    digits = digits.rstrip("0") or "0"
    k = len(digits)
    if k <= n <= 21:
        out = digits + "0" * (n - k)
    elif 0 < n <= 21:
        out = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        out = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        out = (digits[0] + ("." + digits[1:] if k > 1 else "")) + "e" + ("+" if e >= 0 else "-") + str(abs(e))
    return sign + out


def to_text(value: Any) -> str:
    """A variable's value as the service prints it: JavaScript's ``String(value)``."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) <= 2**53 else _js_number(float(value))
    if isinstance(value, float):
        return _js_number(value)
    if value is None:
        return "null"
    return str(value)


def substitute(text: str, variables: Variables) -> str:
    """Each ``{{name}}`` that ``variables`` holds replaced, others left as written; values are not scanned again."""
    return _VARIABLE.sub(lambda m: to_text(variables[m.group(1)]) if m.group(1) in variables else m.group(0), text)


def compile_prompt(content: Union[str, Sequence[Mapping[str, Any]]], variables: Variables = {}, placeholders: Placeholders = {}) -> Compiled:
    """
    TEXT: the string with variables substituted. CHAT: each placeholder slot replaced by the messages given
    for it (an unfilled slot is removed), then variables substituted in every message, inserted ones too.
    """
    if isinstance(content, str):
        return substitute(content, variables)
    out: List[Message] = []
    for entry in content:
        if "role" in entry:
            messages: Sequence[Mapping[str, str]] = [entry]
        else:
            messages = placeholders.get(entry.get("name", ""), [])
        for m in messages:
            out.append({"role": m["role"], "content": substitute(m["content"], variables)})
    return out
