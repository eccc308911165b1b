// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/efficiency_params.h"
#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <cstdint>
#include <memory>
#include <vector>

// Exhaustive search over every rule-abiding (tp, pp, dp, cp, ep, vpp, micro-batch, ZeRO stage,
// recompute, SP) for the scenario's model, cluster and global batch, ranked by throughput among
// the configurations that fit in memory. Fields the scenario pins in `parallel` are held fixed.
namespace paraplan {

class Calibration;

struct SearchOptions {
    int64_t topK = 10;
    EfficiencyParams params;
    std::shared_ptr<const Calibration> calibration; // as EvaluateOptions::calibration
    unsigned threads = 0; // 0 = one per hardware thread
};

struct SearchEntry {
    int64_t microBatch = 1;
    Result result; // result.parallel is the configuration
};

struct SearchResult {
    int64_t evaluated = 0; // configurations priced (memory at least)
    int64_t valid = 0;     // of which rule-abiding
    int64_t fits = 0;      // of which fit in memory (and were timed)
    double elapsedS = 0;
    std::vector<SearchEntry> best; // fastest first
};

// One point of the search space, as the search enumerates it.
struct Candidate {
    ParallelDegrees degrees; // dp resolved
    int64_t microBatch = 1;
    int zeroStage = 1;
    Recompute recompute = Recompute::None;
    bool sequenceParallel = false;
};

[[nodiscard]] std::vector<Candidate> enumerateCandidates(const Scenario& scenario);
[[nodiscard]] SearchResult searchConfigurations(const Scenario& scenario, const SearchOptions& options = {});

// The scenario with a candidate applied (training.micro_batch and the parallel block).
void applyCandidate(Scenario& scenario, const Candidate& candidate);

} // namespace paraplan
