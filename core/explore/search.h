// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/efficiency_params.h"
#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

// Exhaustive search over every rule-abiding (tp, pp, dp, cp, ep, vpp, micro-batch, ZeRO stage,
// recompute, SP, MoE dispatcher, pipeline schedule, lighter end stages) for the scenario's model,
// cluster and global batch, ranked by throughput among the configurations that fit in memory. Fields the scenario pins
// in `parallel` are held fixed.
namespace paraplan {

class Calibration;

struct SearchOptions {
    int64_t topK = 10;
    EfficiencyParams params;
    std::shared_ptr<const Calibration> calibration; // as EvaluateOptions::calibration
    unsigned threads = 0; // 0 = one per hardware thread
};

// What put a configuration below the one ranked just above it among those tied within the band.
enum class TieRule { None, FrameworkSchedule, ExposedCommunication, TpWithinNodes, MemoryHeadroom, PredictedStep, SearchOrder };

struct SearchEntry {
    int64_t microBatch = 1;
    Result result; // result.parallel is the configuration
    // Set by rankTiesByRobustness (core/explore/search_ties.h), once the results carry their bands.
    bool tiedWithBest = false;         // the fastest and it lie within each other's band
    int64_t robustRank = 0;            // among the tied, 1 = the most robust; 0 when not tied
    TieRule decidedBy = TieRule::None; // why it ranks below robust rank - 1
};

struct SearchResult {
    int64_t gridPoints = 0;   // every point of the grid, the rules' integer tests included
    int64_t ruleAbiding = 0;  // of which abide by the rules
    int64_t memoryPriced = 0; // of which had their memory priced
    int64_t fits = 0;         // of which fit in memory (each given a floor on its step, stepWorkFloor)
    int64_t bounded = 0;      // of which given the full lower bound (the floor did not rule them out)
    int64_t simulated = 0;    // of which simulated in full (the bound did not rule them out)
    double elapsedS = 0;
    std::vector<SearchEntry> best; // fastest first
};

// One point of the search space, as the search enumerates it.
struct Candidate {
    ParallelDegrees degrees; // dp resolved
    int64_t microBatch = 1;
    int zeroStage = 1;
    Recompute recompute = Recompute::None;
    RecomputeModules recomputeModules; // what selective replays
    bool sequenceParallel = false;
    MoeDispatcher moeDispatcher = MoeDispatcher::AllToAll;
    std::optional<PipelineSchedule> schedule; // none: what vpp implies
    // The first and the last virtual stage this many layers lighter than the even split's fuller
    // stages, the middle ones taking them (trimmedEndsSplit); 0: the even split; none: the
    // scenario's own split, untouched.
    std::optional<int64_t> endTrim;
};

// What must be sound before a scenario's configurations can be explored: the errors of its model,
// cluster, batch and rank table (the rules about the split itself are what the search explores)
// and a pinned degree no split can have. The search and the landscape explore nothing while there
// is one: their prices would be meaningless, and sizes beyond validation's maxima take minutes to walk.
[[nodiscard]] Diagnostics problemsBeforeSearch(const Scenario& scenario);

// Every rule-abiding candidate, in the grid's order; none while problemsBeforeSearch() names a
// problem. An absurd model (a hundred thousand layers: as many interleaving depths) has billions:
// past `maxCandidates` an even sample of them is kept, and `total` (when given) says how many there
// were. With `cancel` set the walk stops early and returns nothing.
[[nodiscard]] std::vector<Candidate> enumerateCandidates(const Scenario& scenario, const std::atomic<bool>* cancel = nullptr,
                                                         size_t maxCandidates = SIZE_MAX, int64_t* total = nullptr);
[[nodiscard]] SearchResult searchConfigurations(const Scenario& scenario, const SearchOptions& options = {});

// The scenario with a candidate applied (training.micro_batch and the parallel block).
void applyCandidate(Scenario& scenario, const Candidate& candidate);

} // namespace paraplan
