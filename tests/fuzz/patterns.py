"""Every compiled regular expression of the package, found by walking its modules."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from typing import Any

import regex

import deidkit

SKIPPED_MODULES = ("deidkit.__main__",)


def _modules() -> Iterator[Any]:
    for info in pkgutil.walk_packages(deidkit.__path__, "deidkit."):
        if info.name in SKIPPED_MODULES:
            continue
        try:
            yield importlib.import_module(info.name)
        except ImportError:  # an optional extra that is not installed
            continue


def _walk(value: object, depth: int = 0) -> Iterator[re.Pattern[str] | regex.Pattern[str]]:
    if isinstance(value, (re.Pattern, regex.Pattern)):
        yield value
        return
    if depth > 3 or isinstance(value, (str, bytes, type)):
        return
    if isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _walk(item, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk(item, depth + 1)
    elif type(value).__module__.startswith("deidkit"):
        compiled = getattr(value, "compiled", None)  # deidkit.patterns' Pattern specs
        if isinstance(compiled, (re.Pattern, regex.Pattern)):
            yield compiled
        for name in getattr(type(value), "__slots__", ()):
            yield from _walk(getattr(value, name, None), depth + 1)
        for item in getattr(value, "__dict__", {}).values():
            yield from _walk(item, depth + 1)


def package_patterns() -> dict[str, re.Pattern[str] | regex.Pattern[str]]:
    """``module.NAME[#i]`` -> compiled pattern, one entry per distinct expression."""
    found: dict[str, re.Pattern[str] | regex.Pattern[str]] = {}
    seen: set[tuple[str, str, int]] = set()
    for module in _modules():
        for attribute, value in sorted(vars(module).items()):
            if attribute.startswith("__"):
                continue
            for index, pattern in enumerate(_walk(value)):
                key = (type(pattern).__module__, str(pattern.pattern), pattern.flags)
                if key in seen or not isinstance(pattern.pattern, str):
                    continue
                seen.add(key)
                found[f"{module.__name__}.{attribute}#{index}"] = pattern
    return found
