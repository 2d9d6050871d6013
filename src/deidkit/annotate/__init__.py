"""The annotation and adjudication web app (``deidkit annotate``; install ``deidkit[annotate]``).

Several annotators highlight PHI independently in the browser (optionally from a model's
suggestions), an adjudicator decides every candidate span with each annotator's and the
model's choice in view, and the project reports each annotator's sensitivity and PPV against
the adjudicated gold and their pairwise agreement (PhysioNet deid). The gold exports in any corpus
format for ``deidkit train`` (HIDE's annotate -> train -> pre-annotate loop).

Modules: ``db`` (SQLite file per project), ``accounts`` (users, roles, sessions),
``project`` (import, assignments, pre-annotation), ``annotator`` (an annotator's spans),
``consensus`` and ``adjudication`` (union/majority, candidates, gold), ``agreement``
(report), ``export``, ``app``/``api``/``web`` (FastAPI). The web modules need the
``annotate`` extra; the others only the standard library and deidkit.
"""
