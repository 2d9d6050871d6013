"""What detecting one note with the default model (``deidkit.models.load_model``) imports
(issue 20, item 5: start-up).

scipy.sparse (~0.25 CPU s with numpy's array API layer) is imported only once a process has
decoded ``crf_decode.NUMPY_PRODUCT_TOKENS`` tokens, and detection imports no redaction code (the
age rule reads an age's years from ``deidkit.text.ages``), no surrogate code (the
redaction engine imports it when a ``Deidentifier`` is made) and no corpus format
(``deidkit.io``). A one-note ``deidkit detect`` imports no pydantic (typer below 0.29) and no
redaction code (the batch runner turns to ``deidkit.batch.redaction`` in deidentify runs only)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

_SCRIPT = """
import json, sys
from deidkit.models import crf_decode, load_model
from deidkit.types import Document
model = load_model("en")
note = "Seen by Dr. Alice Wong (age 93) on 3/14/2012 at Mercy Hospital; call 555-201-3344."
found = model.predict([Document("n1", note)])[0].spans
loaded = {name: name in sys.modules for name in ("scipy.sparse", "deidkit.redact", "deidkit.io")}
model.predict([Document(str(n), note * 60) for n in range(crf_decode.NUMPY_PRODUCT_TOKENS // 500)])
loaded["scipy.sparse after many notes"] = "scipy.sparse" in sys.modules
again = model.predict([Document("n1", note)])[0].spans
import deidkit.api  # the API imports no surrogate code
loaded["deidkit.redact.surrogates"] = "deidkit.redact.surrogates" in sys.modules
print(json.dumps({"loaded": loaded, "same": found == again, "spans": len(found)}))
"""


def _python(script: str) -> str:
    """What ``script`` prints, run in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    )
    return done.stdout


def _one_note(folder: Path) -> Path:
    """A JSON Lines corpus of one synthetic note."""
    source = folder / "one.jsonl"
    source.write_text(json.dumps({"id": "n1", "text": "Seen 3/14/2012."}) + "\n", encoding="utf-8")
    return source


def test_one_note_imports_neither_scipy_sparse_nor_redaction() -> None:
    out = _python(_SCRIPT)
    result = json.loads(out.strip().splitlines()[-1])
    assert result["loaded"] == {
        "scipy.sparse": False,
        "deidkit.redact": False,
        "deidkit.io": False,  # the corpus formats: the features import no reader or writer
        "scipy.sparse after many notes": True,  # a long run multiplies with scipy
        "deidkit.redact.surrogates": False,
    }
    # the note's spans are the same from either product
    assert result["same"] and result["spans"] >= 4


def test_the_apis_load_imports_no_passes_formats_or_redaction() -> None:
    """``deidkit.load_model`` through the API (``import deidkit.api``) loads neither the
    passes after detection (``deidkit.models.adjust``), the corpus formats nor the redaction
    engine (~0.026 CPU s): ``deidkit.detect`` and ``deidkit.deidentify`` import them when
    called, and still work."""
    script = (
        "import json, sys\n"
        "import deidkit.api\n"
        "model = deidkit.api.load_model()\n"
        "names = ('deidkit.models.adjust', 'deidkit.io', 'deidkit.redact')\n"
        "loaded = [name for name in names if name in sys.modules]\n"
        "found = deidkit.api.detect('Seen by Dr. Alice Wong on 3/14/2012.')\n"
        "tagged = deidkit.api.deidentify('Seen by Dr. Alice Wong on 3/14/2012.', mode='tag')\n"
        "print(json.dumps([loaded, len(found.spans), tagged.text]))\n"
    )
    loaded, spans, text = json.loads(_python(script).strip().splitlines()[-1])
    assert loaded == []
    assert spans == 2 and text == "Seen by Dr. [**DOCTOR**] on [**DATE**]."


def test_importing_the_patterns_compiles_none_of_their_helper_expressions() -> None:
    script = (
        "import deidkit.patterns\n"
        "from deidkit.patterns import cues, spec\n"
        "print(spec._compile_helper.cache_info().currsize)\n"
        "cues._ID_VALUE.compiled.match('MRN 12345')\n"
        "print(spec._compile_helper.cache_info().currsize)\n"
    )
    out = _python(script)
    assert out.split() == ["0", "1"]  # compiled at its first use


def test_a_one_note_command_imports_no_pydantic(tmp_path: Path) -> None:
    """typer 0.29 builds a pydantic TypeAdapter for each option of the command it runs
    (~0.2 CPU s: pydantic and importlib.metadata); pyproject.toml keeps typer below it."""
    source = _one_note(tmp_path)
    script = (
        "import sys\n"
        "from deidkit.cli.main import main\n"
        f"code = main(['detect', {str(source)!r}, {str(tmp_path / 'out.jsonl')!r}])\n"
        "print(code, 'pydantic' in sys.modules, 'importlib.metadata' in sys.modules)\n"
    )
    out = _python(script)
    assert out.split()[-3:] == ["0", "False", "False"]
    assert (tmp_path / "out.jsonl").exists()


def test_a_one_note_detect_imports_no_redaction_engine(tmp_path: Path) -> None:
    """Detection's steps live in ``deidkit.detector`` and the batch runner's redaction in
    ``deidkit.batch.redaction``: ``deidkit detect`` loads none of ``deidkit.redact``
    (~0.02 CPU s), ``deidkit deidentify`` does."""
    source = _one_note(tmp_path)
    loaded = {}
    for command in ("detect", "deidentify"):
        script = (
            "import sys\n"
            "from deidkit.cli.main import main\n"
            f"code = main([{command!r}, {str(source)!r}, {str(tmp_path / command)!r} + '.jsonl'])\n"
            "print(code, sorted(m for m in sys.modules if m.startswith('deidkit.redact')))\n"
        )
        out = _python(script)
        code, _, modules = out.strip().splitlines()[-1].partition(" ")
        assert code == "0" and (tmp_path / f"{command}.jsonl").exists()
        loaded[command] = modules
    assert loaded["detect"] == "[]"
    assert "'deidkit.redact.engine'" in loaded["deidentify"]


def test_a_one_note_detect_of_a_text_file_reads_no_toml(tmp_path: Path) -> None:
    """``tomllib`` (~3 ms) loads only when a ``--config`` file is read (training)."""
    source = tmp_path / "one.txt"
    source.write_text("Seen 3/14/2012.\n", encoding="utf-8")
    script = (
        "import sys\n"
        "from deidkit.cli.main import main\n"
        f"code = main(['detect', {str(source)!r}, {str(tmp_path / 'out.jsonl')!r}])\n"
        "print(code, 'tomllib' in sys.modules)\n"
        "from deidkit.cli.models import read_config_file\n"
        "from pathlib import Path\n"
        f"config = Path({str(tmp_path / 'c.toml')!r})\n"
        "config.write_text('c2 = 0.5', encoding='utf-8')\n"
        "print(read_config_file(config))\n"
    )
    out = _python(script)
    lines = out.strip().splitlines()
    assert lines[-2].split() == ["0", "False"]
    assert lines[-1] == "{'c2': 0.5}"  # a TOML config is still read
