#!/usr/bin/env bash
# Regenerate docs/report/report.html: the seed papers' experiments on MEDDOCAN (train -> dev).
#
#   bash scripts/make_report.sh [RESULTS_DIR]
#
# Environment: MEDDOCAN (default ../shared/data/meddocan), JOBS (parallel runs, default 2),
# REPORT (default docs/report/report.html). Results (CSV, PNG, SVG, manifests) go to
# RESULTS_DIR (default out/report-results); the report embeds all of them.
# Every run trains on MEDDOCAN train and is scored on dev, except cv (10 folds over train).
# The MEDDOCAN test split is never used. Takes roughly 1-2 hours on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

DATA="${MEDDOCAN:-../shared/data/meddocan}"
RESULTS="${1:-out/report-results}"
JOBS="${JOBS:-2}"
REPORT="${REPORT:-docs/report/report.html}"
DEIDKIT=(.venv/bin/deidkit)
[ -x "${DEIDKIT[0]}" ] || DEIDKIT=(deidkit)

split=(--train "$DATA/train" --test "$DATA/dev" --format brat --jobs "$JOBS" --seed 0
       --set lang=es)
run() { echo "== deidkit experiment $*" >&2; "${DEIDKIT[@]}" experiment "$@"; }

# seed 001 Tables 2-5: every detector on one split, with paired significance tests
run compare "${split[@]}" --detectors rules,svm,crf,tree,ensemble --out "$RESULTS/compare"
# seeds 001 and 003: 10-fold cross-validation (CRF), over the training documents
run cv --train "$DATA/train" --format brat --jobs "$JOBS" --seed 0 --set lang=es \
    --model crf --folds 10 --out "$RESULTS/cv-crf"
# seed 000 Figures 6-7: learning curves (two-class SVM as in seed 000, and the CRF)
run learning-curve "${split[@]}" --model svm --set mode=binary --out "$RESULTS/learning-curve-svm"
run learning-curve "${split[@]}" --model crf --out "$RESULTS/learning-curve-crf"
# seed 000 Figures 2-5: one feature class on / off (two-class SVM)
run ablation "${split[@]}" --model svm --set mode=binary --designs one-on,one-off \
    --out "$RESULTS/ablation-svm"
# seed 003 Figure 4: every subset of regex, affix, context, dictionary (CRF, word kept on)
run ablation "${split[@]}" --model crf --designs subsets \
    --classes regex,affix,context,dictionary --fixed word --out "$RESULTS/ablation-crf-subsets"
# seed 000 Table 3: linear, quadratic, Gaussian two-class SVM on 50 training documents
run kernels "${split[@]}" --model svm --set mode=binary --subset 50 --out "$RESULTS/kernels"
# seed 003 Figures 5-9: random O-sampling and window sampling (CRF)
run sampling "${split[@]}" --model crf --out "$RESULTS/sampling"

mkdir -p "$(dirname "$REPORT")"
"${DEIDKIT[@]}" report "$RESULTS" --out "$REPORT" \
    --title "deidkit: the seed papers' experiments on MEDDOCAN" \
    --note "Data: MEDDOCAN (Spanish Clinical Case Corpus, IberLEF 2019), CC BY 4.0, (c) 2019 Secretaria de Estado para el Avance Digital (SEAD), PlanTL-GOB-ES/SPACCC_MEDDOCAN. Training on the 500 train documents, scoring on the 250 dev documents (cv: 10 folds over train); the test split is not used." \
    --note "Regenerate with: bash scripts/make_report.sh (runs every experiment, then deidkit report)."
