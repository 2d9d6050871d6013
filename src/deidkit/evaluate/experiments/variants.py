"""``variants``: detectors trained and tested on each corpus variant (Stat De-id, Tables 2, 7, 11
and 13).

Stat De-id compares its detectors on three corpora: the re-identified notes, a corpus whose PHI
are ambiguous words (also ordinary or medical words, section 6.2) and a corpus whose names,
places and hospitals are in no dictionary (section 6.3). Each detector is trained on a
variant's training notes and tested on the same variant's test notes. Per variant and
detector: precision, recall and F-measure of PHI and non-PHI tokens (Tables 2, 7, 11), and the
recall on the gold name and location tokens that are not in the dictionaries, beside the
recall on those that are (Table 13; ``deidkit.evaluate.dictionary_recall``). The defaults are
the paper's systems: rules (heuristic+dictionary), SVM, CRF, and the global-context ``hmm``
(IdentiFinder) and ``winnow`` (SNoW) baselines.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import replace

from deidkit.errors import ConfigError
from deidkit.evaluate.dictionary_recall import dictionary_recall_row
from deidkit.evaluate.experiments.common import ExperimentInput, write_runs
from deidkit.evaluate.experiments.runner import DetectorSpec, RunResult, RunTask, run_tasks
from deidkit.evaluate.results import ResultsWriter
from deidkit.types import Document

TITLE = "Corpus variants (Stat De-id)"
DEFAULT_DETECTORS: tuple[str, ...] = ("rules", "svm", "crf", "hmm", "winnow")

Variants = Mapping[str, tuple[Sequence[Document], Sequence[Document]]]
"""Variant name -> (training documents, test documents)."""


def run(
    data: ExperimentInput,
    writer: ResultsWriter,
    *,
    detectors: Sequence[DetectorSpec],
    variants: Variants,
    language: str | None = None,
) -> list[RunResult]:
    """``language`` chooses the dictionaries of the Table 13 measure (default: the detectors'
    ``lang`` parameter, else English)."""
    if not detectors:
        raise ConfigError("name at least one detector")
    if not variants:
        raise ConfigError("name at least one corpus variant")
    methods = [spec.display for spec in detectors]
    if len(set(methods)) != len(methods):
        raise ConfigError("the detectors need distinct names")
    for name, (train, test) in variants.items():
        if not train or not test:
            raise ConfigError(f"variant {name!r} needs training and test documents")
    language = language or str(detectors[0].params.get("lang") or "en")
    settings = replace(
        data.settings, measure=functools.partial(dictionary_recall_row, language=language)
    )
    tasks = [
        RunTask(
            f"{variant}/{spec.display}",
            spec,
            list(train),
            list(test),
            {"variant": variant, "method": spec.display},
        )
        for variant, (train, test) in variants.items()
        for spec in detectors
    ]
    results = run_tasks(tasks, settings, "variants")
    writer.parameters.update(
        data.parameters(
            detectors=[spec.to_dict() for spec in detectors],
            variants={
                name: {"train_documents": len(train), "test_documents": len(test)}
                for name, (train, test) in variants.items()
            },
            dictionary_language=language,
        )
    )
    rows = write_runs(writer, results)
    seed_table = [
        {
            "variant": row["variant"],
            "method": row["method"],
            "class": cls,
            "precision": row[f"{prefix}_precision"],
            "recall": row[f"{prefix}_recall"],
            "f1": row[f"{prefix}_f1"],
        }
        for row in rows
        for cls, prefix in (("PHI", "phi"), ("non-PHI", "nonphi"))
    ]
    writer.table(
        "tokens",
        "Token precision, recall and F-measure per variant (Stat De-id, Tables 2, 7 and 11)",
        seed_table,
    )
    writer.table(
        "dictionary",
        "Recall on the gold name and location tokens not in the dictionaries (ood) and in them "
        "(Stat De-id, Table 13)",
        rows,
        (
            "variant",
            "method",
            "ood_tokens",
            "ood_recall",
            "in_dict_tokens",
            "in_dict_recall",
            "phi_recall",
            "strict_f1",
            "leak_rate",
        ),
    )
    writer.note(
        "ood_recall: of the gold PHI tokens of the NAME and LOCATION categories that contain a "
        "letter and that no word list of the dictionary feature class covers, the share "
        "predicted PHI (any label); in_dict_recall: the same for the tokens a list covers."
    )
    # lazy: matplotlib is optional (the report extra)
    from deidkit.evaluate.experiments.plots import bar_plot

    names = list(variants)

    def series(column: str) -> dict[str, list[float | None]]:
        by_key = {(row["variant"], row["method"]): row.get(column) for row in rows}
        return {method: [by_key.get((v, method)) for v in names] for method in methods}

    writer.figure(
        "variants_phi_f1",
        "PHI token F1 of each detector on each variant",
        bar_plot(names, series("phi_f1"), title="PHI tokens, F1", ylabel=""),
    )
    writer.figure(
        "variants_ood_recall",
        "Recall on the name and location tokens not in the dictionaries (Stat De-id, Table 13)",
        bar_plot(
            names,
            series("ood_recall"),
            title="Recall, PHI not in the dictionaries",
            ylabel="",
        ),
    )
    return results
