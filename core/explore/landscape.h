// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/search.h"
#include "core/spec/efficiency_params.h"
#include "core/spec/scenario.h"
#include "core/spec/uncertainty_bands.h"
#include "core/step/evaluator.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

// Every configuration of a scenario's model, cluster and batch that fits in memory, each with its
// exact step time and memory: the landscape a user explores, with its Pareto front (nothing both
// faster and smaller).
namespace paraplan {

struct LandscapePoint {
    Candidate candidate;
    double stepS = 0;
    double memoryBytes = 0; // the fullest stage, per GPU
    bool pareto = false;
    bool tiedWithFastest = false; // it and the fastest point lie within each other's 80 % band
};

// The candidates a landscape prices at most (an even sample beyond): a few seconds of pricing and
// about 100 MB, where an absurd model (a hundred thousand layers) has billions.
inline constexpr size_t kMostLandscapeCandidates = 2'000'000;

struct LandscapeOptions {
    EfficiencyParams params;
    std::shared_ptr<const Calibration> calibration; // as EvaluateOptions::calibration
    std::shared_ptr<const UncertaintyBands> bands;  // null: no point is marked tied with the fastest
    // Above this many fitting configurations an evenly spread sample is priced (marked truncated).
    int64_t maxPoints = 20000;
    unsigned threads = 0;
    const std::atomic<bool>* cancel = nullptr; // checked between configurations
};

struct Landscape {
    std::vector<LandscapePoint> points;
    int64_t fitting = 0; // configurations that fit, priced or not (estimated from the sample past kMostLandscapeCandidates)
    bool truncated = false;
    bool cancelled = false;
    double elapsedS = 0;
};

// Every parallel field is explored (pins are ignored: the landscape shows all choices).
[[nodiscard]] Landscape computeLandscape(const Scenario& scenario, const LandscapeOptions& options = {});

// The scenario as the landscape sees it: the choices it explores (degrees, micro-batch, ZeRO,
// recomputation, SP, the layer split, pins) reset. Two scenarios with equal inputs have the same
// landscape; anything else (model, batch, cluster, overlap switches, placement) changes it.
[[nodiscard]] Scenario landscapeInputs(const Scenario& scenario);

// Marks the points no other point beats on both step time and memory.
void markParetoFront(std::vector<LandscapePoint>& points);

// Marks the points the model cannot tell from the fastest: each one's band (its regime by its
// pipeline depth, core/explore/uncertainty.h) and the fastest's hold each other's median.
void markTiedWithFastest(std::vector<LandscapePoint>& points, const Scenario& scenario, const UncertaintyBands& bands,
                         bool calibrated);

// Bubble fraction of the scenario's configuration for each number of micro-batches in `counts`
// (the global batch adjusted to give it), as evaluate() would report it. Counts the
// configuration cannot run (interleaving needs a multiple of pp) give a negative value. `options`
// give the constants and the calibration (diagnostics and the timeline are never needed here).
// The scenario must be valid (evaluate() says so): each count is priced without the rules.
[[nodiscard]] std::vector<double> bubbleFractionByMicroBatches(const Scenario& scenario,
                                                               const std::vector<int64_t>& counts,
                                                               const EvaluateOptions& options = {});

} // namespace paraplan
