"""Importing the rules compiles none of their expressions (issue 20, start-up): each is a
``deidkit.patterns.spec.Expression``, compiled at its first use."""

from __future__ import annotations

import json
import subprocess
import sys

_SCRIPT = """
import json, pkgutil, importlib, regex
import deidkit.models.rules as rules
from deidkit.patterns import spec
before = spec._compile_helper.cache_info().currsize
modules = [importlib.import_module(info.name)
           for info in pkgutil.iter_modules(rules.__path__, "deidkit.models.rules.")]
def compiled(value, depth=0):
    if isinstance(value, regex.Pattern):
        return True
    if isinstance(value, tuple) and depth < 2:
        return any(compiled(item, depth + 1) for item in value)
    return False
held = sorted(f"{module.__name__}.{name}" for module in modules
              for name, value in vars(module).items() if compiled(value))
after_import = spec._compile_helper.cache_info().currsize
from deidkit.models.rules import staff
staff.INITIALS.compiled.fullmatch("RB")
used = spec._compile_helper.cache_info().currsize
print(json.dumps([len(modules), held, after_import - before, used - after_import]))
"""


def test_importing_the_rules_compiles_none_of_their_expressions() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT], check=True, capture_output=True, text=True
    )
    count, held, compiled_at_import, compiled_at_use = json.loads(done.stdout)
    assert count > 15  # the walk found the rules' modules
    assert held == []
    assert compiled_at_import == 0
    assert compiled_at_use == 1  # compiled at its first use
