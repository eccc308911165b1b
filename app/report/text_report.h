// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/band_estimation.h"
#include "core/explore/cross_validation.h"
#include "core/explore/search.h"
#include "core/explore/validation_cases.h"
#include "core/io/probe_records.h"
#include "core/network/calibration.h"
#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <string>
#include <vector>

// The evaluation, a search, a validation run, a calibration and what bench measured of overlap in
// plain text, as paraplan-cli prints them and the workbench's headless report repeats them.
namespace paraplan::report {

[[nodiscard]] std::string describeParallel(const ParallelSpec& parallel, int64_t microBatch);
[[nodiscard]] std::string renderEvaluation(const Scenario& scenario, const Result& result);
[[nodiscard]] std::string renderDiagnostics(const Result& result);
[[nodiscard]] std::string renderSearch(const Scenario& scenario, const SearchResult& search);
[[nodiscard]] std::string renderValidation(const std::vector<CaseOutcome>& outcomes, bool summaryOnly);
// Per left-out group: the cross-validated errors and the in-sample MAPE beside them; then how many
// published figures lie inside their 80 % band, with the bands written to `bandsPath` (empty: the
// shipped bands) and with each group's bands from the other groups (`heldOut`).
[[nodiscard]] std::string renderCrossValidation(const CrossValidation& cv, const std::vector<CaseOutcome>& inSample,
                                                const BandCoverage& coverage, const BandCoverage& heldOut,
                                                const std::string& bandsPath);
// One line saying which measurements replace the model's: "(calibrated: DEVICE, 12 GEMM shapes, ...)".
[[nodiscard]] std::string renderCalibrationNote(const CalibrationProfile& profile);
// Bench's overlap measurement in one sentence: "GEMM 1.45 ms alone, 1.63 ms beside 2 x 256 MiB
// all-reduce over 8 ranks: compute 12 % slower while overlapped (...)", without a newline.
[[nodiscard]] std::string describeOverlap(const io::ProbeOverlap& overlap);

} // namespace paraplan::report
