"""Prepare the tables every process would otherwise build at start (``resources/prepared/``).

For each language with shipped lists: the default dictionary class's and medical class's
phrase matchers, and every shipped frequency table; for each language, the rules detector's
lexicons (``deidkit.models.rules.lexicons``), mention propagation's common words
(``deidkit.models.mentions``) and surrogate pools
(``deidkit.redact.surrogates.pools``), the compiled programs of the PHI patterns'
expressions (``deidkit.patterns.compiled``), and for each shipped model's CRF the context
class's bigram table of its vocabulary (``deidkit.features.context``); built from the
shipped resources exactly as a process builds them, stored as arrays named by their
fingerprint (``deidkit.resources.prepared``). And each shipped CRF's weights as arrays, in
its model folder (``deidkit.models.crf.write_arrays``, which ``save`` calls for any model:
here for a shipped model saved without them or by another version of them), its checksums
listed again. Run it after changing a word list, the tokenizer, the
phrase matcher, a language's rule data, the rules' lexicons code, the surrogate pools' code,
Faker, a PHI pattern (or a language's pattern words), ``regex`` or a shipped model
(``tests/resources/test_prepared.py`` fails until then; meanwhile processes
build the tables themselves, as before, and give the same output)::

    .venv/bin/python -m deidkit.features.prepare [--check]

``--check`` only says whether the stored tables are those this code prepares (exit 1 if not).
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import shutil
import sys
import tempfile
from pathlib import Path

from deidkit import resources
from deidkit.features import dictionary, medical
from deidkit.lang import language_codes
from deidkit.models import SHIPPED_MODELS, crfsuite_file, load_model, mentions, store
from deidkit.models.crf import MODEL_FILE, CRFDetector, write_arrays
from deidkit.models.rules import lexicons
from deidkit.patterns import PATTERNS, compiled
from deidkit.redact.surrogates.pools import pools, prepared_pools
from deidkit.resources import prepared


def prepare(directory: Path) -> list[str]:
    """Build every prepared table into ``directory``; the files written."""
    dictionary._matcher.cache_clear()
    medical._matcher.cache_clear()
    lexicons.lexicons.cache_clear()
    mentions.common_words.cache_clear()
    pools.cache_clear()
    resources.clear_cache()
    try:
        with prepared.recording() as tables:
            for language in sorted({resources.info(name).lang for name in resources.names()}):
                if dictionary.default_dictionaries(language):
                    dictionary.load_matcher(dictionary.default_dictionaries(language))
                vocabularies = medical.default_vocabularies(language)
                if vocabularies:
                    medical._matcher(vocabularies, language)
            for name in resources.names(kind="frequency"):
                resources.frequency_table(name)
            for code in language_codes():
                lexicons.prepared_lexicons(code)
                mentions.prepared_common_words(code)
                prepared_pools(code)
            for model in sorted(SHIPPED_MODELS):  # before the patterns: loading compiles some
                loaded = load_model(model)
                for member in getattr(loaded, "detectors_", None) or [loaded]:
                    if isinstance(member, CRFDetector):
                        member.extractor.prepare_tables(member.columns_)
            compiled.prepare_programs(pattern.expression for pattern in PATTERNS)
        return prepared.write(tables, directory)
    finally:  # nothing built while recording is kept
        compiled.clear_cache()
        dictionary._matcher.cache_clear()
        medical._matcher.cache_clear()
        lexicons.lexicons.cache_clear()
        mentions.common_words.cache_clear()
        pools.cache_clear()
        resources.clear_cache()


def differences(directory: Path = prepared.PREPARED_DIR) -> list[str]:
    """The files of ``directory`` that differ from what ``prepare`` writes (missing, changed
    or not written any more); empty when the stored tables are current."""
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "prepared"
        prepare(fresh)
        wanted = {p.relative_to(fresh).as_posix() for p in fresh.rglob("*") if p.is_file()}
        found = (
            {p.relative_to(directory).as_posix() for p in directory.rglob("*") if p.is_file()}
            if directory.is_dir()
            else set()
        )
        return sorted(
            (wanted ^ found)
            | {name for name in wanted & found
               if not filecmp.cmp(fresh / name, directory / name, shallow=False)}
        )


def model_arrays(*, write: bool = False) -> list[Path]:
    """The shipped CRFs' folders without the arrays of their model file (or with others);
    with ``write``, each is given them (others removed) and its model's checksums are listed
    again (the model verified first)."""
    stale: list[Path] = []
    for model in sorted(SHIPPED_MODELS):
        top = SHIPPED_MODELS[model].path
        changed = False
        for path in sorted(top.rglob(MODEL_FILE)):
            data = path.read_bytes()
            wanted = crfsuite_file.arrays_folder(hashlib.sha256(data).hexdigest())
            present = sorted(found.name for found in path.parent.glob("weights-*"))
            if present == [wanted]:
                continue
            stale.append(path.parent)
            if write:
                if not changed:
                    store.read_model(top)  # nothing added to a folder that fails its checks
                for name in present:
                    shutil.rmtree(path.parent / name)
                write_arrays(path.parent, data)
                changed = True
        if changed:
            store.list_checksums(top)
    return stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="only compare the stored tables with freshly prepared ones")
    args = parser.parse_args(argv)
    if args.check:
        stale = differences()
        print(f"prepared tables: {'current' if not stale else f'{len(stale)} files differ'}")
        folders = model_arrays()
        print(f"shipped CRFs' arrays: {'current' if not folders else f'{len(folders)} stale'}")
        return 1 if stale or folders else 0
    written = prepare(prepared.PREPARED_DIR)
    print(f"prepared tables: {len(written)} files in {prepared.PREPARED_DIR}")
    folders = model_arrays(write=True)
    print(f"shipped CRFs' arrays: {len(folders)} written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
