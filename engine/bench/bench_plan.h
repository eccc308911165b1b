// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/communicator.h"

#include "core/model/layer_shapes.h"
#include "core/network/collectives.h"
#include "core/spec/efficiency_params.h"
#include "core/spec/rank_layout.h"
#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <optional>
#include <string>
#include <vector>

// What `paraplan-probe bench` measures for a scenario, derived from the cost model's own view of
// it: the GEMMs of one layer's TP shard (and the logits) at the scenario's precision and token
// count, the attention core, every collective the configuration implies at its group sizes and
// message sizes, and compute beside communication; each with the model's prediction beside it.
namespace paraplan::engine {

struct GemmBench {
    GemmShape shape;
    double predictedSeconds = 0;
};

struct AttentionBench {
    int64_t batchHeads = 0; // micro-batch x local heads
    int64_t seq = 0;        // the local sequence
    int64_t headDim = 0;
    double flops = 0;       // QK^T and PV, full (unmasked) scores
    double predictedSeconds = 0;
};

struct CollectiveBench {
    CommGroup group = CommGroup::Tp;
    Collective collective = Collective::AllReduce;
    std::string purpose; // "TP all-reduce after the projection and MLP", ...
    int64_t ranks = 0;
    double bytes = 0; // nccl-tests' S
    bool crossesNodes = false;
    double predictedSeconds = 0;
    double predictedBusGBps = 0;
};

// A copy large enough to stream from memory, not a cache: what memory-bound kernels sustain.
struct MemoryBench {
    double predictedGBps = 0; // the model's achievable HBM bandwidth on the scenario's GPU
};

// A GEMM beside all-reduces: how much slower compute runs while communication overlaps it.
struct OverlapBench {
    double predictedSlowdown = 0; // the model's (EfficiencyParams::overlapSlowdown)
};

struct BenchPlan {
    ParallelDegrees degrees;
    RankPlacement placement;
    DataType type = DataType::Bf16;
    std::vector<GemmBench> gemms;
    AttentionBench attention;
    MemoryBench memory;
    std::vector<CollectiveBench> collectives;
    OverlapBench overlap;
    std::vector<std::string> notes; // what is not measured, and why
};

// `evaluation` is the core's result for the scenario (its parallel block has dp and recompute
// resolved).
[[nodiscard]] BenchPlan planBench(const Scenario& scenario, const Result& evaluation, const EfficiencyParams& params);

[[nodiscard]] DataType dataTypeOf(Precision precision);
// One micro-batch's shard of a layer in the scenario's resolved configuration (a result's
// `parallel`), at the activation size the engine runs: what bench measures and confirm runs.
[[nodiscard]] LayerShard scenarioShard(const Scenario& scenario, const ParallelSpec& resolved);

} // namespace paraplan::engine
