// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/parallel_degrees.h"
#include "core/spec/scenario.h"

#include <cstdint>
#include <vector>

// The rules a split of the work must obey (DESIGN.md, "Constraint" and "Divisibility"), one
// predicate each. Validation words their failures; the sliders' choices, the search and the
// landscape filter with the same predicates, so the four never disagree (tested on random
// scenarios in tests/core/rules/rule_agreement_test.cpp). Degrees are at least 1.
namespace paraplan {

// Upper bound on pipeline operations simulated per step (micro-batches × stages × chunks): larger
// steps are rejected instead of being simulated for minutes.
inline constexpr int64_t kMaxPipelineOps = 4'000'000;

// tp·pp·cp·dp = N: the data-parallel degree tp, pp and cp leave on `gpus` GPUs, or 0 when they
// need more GPUs than there are or do not divide them.
[[nodiscard]] int64_t derivedDataParallel(int64_t gpus, const ParallelDegrees& degrees);
// The scenario's data-parallel degree: `parallel.dp` when given, else derived (0: none fits).
[[nodiscard]] int64_t dataParallelOf(const Scenario& scenario);

// m = B / (b·dp): micro-batches each pipeline runs per step, or 0 when that is not a whole number.
[[nodiscard]] int64_t microBatchCount(int64_t globalBatch, int64_t microBatch, int64_t dp);

// Each TP rank needs whole attention heads.
[[nodiscard]] bool tpSplitsHeads(const ModelSpec& model, int64_t tp);
// KV heads divide over TP, or TP is a multiple of them and each is replicated (legal, costly).
enum class KvHeadSplit { Divided, Replicated, Impossible };
[[nodiscard]] KvHeadSplit kvHeadSplit(const ModelSpec& model, int64_t tp);
// The FFN's (or an expert's) hidden width divides over TP.
// The MLP width TP splits but cannot divide (the dense layers', or all shared experts' together;
// the routed experts are ETP's), or 0.
[[nodiscard]] int64_t ffnWidthTpCannotSplit(const ModelSpec& model, int64_t tp);
[[nodiscard]] bool tpSplitsFfn(const ModelSpec& model, int64_t tp);
// All three: a TP degree the model can take.
[[nodiscard]] bool tpFitsModel(const ModelSpec& model, int64_t tp);

// Each CP rank takes an equal slice of the sequence.
[[nodiscard]] bool cpSplitsSequence(int64_t seqLen, int64_t cp);

// Expert parallelism needs experts, an equal share of them per rank, and a group carved out of
// the dp·cp ranks.
[[nodiscard]] bool epNeedsExperts(const ModelSpec& model, int64_t ep);
[[nodiscard]] bool epSplitsExperts(const ModelSpec& model, int64_t ep);
// etp·ep divides a stage's tp·cp·dp ranks (Megatron-Core: etp·ep·pp divides the world).
[[nodiscard]] bool epSplitsDataRanks(const ParallelDegrees& degrees);
// An etp of its own only where there are experts; each expert's FFN whole over ETP.
[[nodiscard]] bool etpNeedsExperts(const ModelSpec& model, const ParallelDegrees& degrees);
[[nodiscard]] bool etpSplitsExperts(const ModelSpec& model, int64_t etp);
// Megatron-Core runs --overlap-moe-expert-parallel-comm only with EP, the alltoall or flex dispatcher,
// interleaving where there is a pipeline, without full recomputation or the MoE layer recomputed
// whole, and without shared-expert overlap (transformer_config.py); `recompute` resolved.
[[nodiscard]] bool moeA2aOverlapRuns(const ParallelSpec& parallel, Recompute recompute);
// The modules that have a part of this model to replay: the attention core always, MLA's up
// projections with MLA, the norms where one is a module of its own (MLA's input norm, a MoE
// layer's pre-MLP norm), mlp where there are dense layers, moe and moe_act with experts,
// shared_experts with shared ones.
[[nodiscard]] RecomputeModules applicableRecomputeModules(const ModelSpec& model);
// The modules selective recomputation replays where the scenario leaves them open (a search, or
// recompute auto): the scenario's own where it names them; else core attention where the attention
// is unfused (its scores are the memory), and for MoE and MLA models the output-discarding modules
// their recipes recompute (Megatron-Bridge: DeepSeek-V3 ['mla_up_proj'], GPT-OSS ['layernorm',
// 'moe_act']): the norms that are modules of their own, the experts' activation, MLA's up
// projections, none that delayed FP8 scaling refuses. Nothing, where selective would save no
// memory (a dense model with fused attention). On a framework whose selective checkpointing is
// per operator (torchtitan) the scenario's modules, which play no part: selective always saves there.
[[nodiscard]] std::optional<RecomputeModules> selectiveRecomputeModules(const Scenario& scenario);
// What selective replays when recompute is auto: selectiveRecomputeModules, else the scenario's.
[[nodiscard]] RecomputeModules autoRecomputeModules(const Scenario& scenario);
// Megatron-Core refuses moe_act and layernorm recomputation with delayed FP8 scaling
// (transformer_config.py @ d98e8a64).
[[nodiscard]] bool refusesRecomputing(const TrainingSpec& training, RecomputeModule module);
[[nodiscard]] bool epFits(const ModelSpec& model, const ParallelDegrees& degrees);

// Every (virtual) stage needs at least one layer: pp·vpp ≤ L.
[[nodiscard]] bool stagesFitLayers(int64_t layers, const ParallelDegrees& degrees);
// Interleaving needs stages to interleave, and micro-batches in whole rounds of pp.
[[nodiscard]] bool interleavingHasStages(const ParallelDegrees& degrees);
[[nodiscard]] bool interleavingFillsRounds(const ParallelDegrees& degrees, int64_t microBatches);
// Only some frameworks have an interleaved schedule (DeepSpeed's pipeline engine has none).
[[nodiscard]] bool frameworkInterleaves(const FrameworkSpec& framework, const ParallelDegrees& degrees);
// The step stays small enough to simulate.
[[nodiscard]] bool scheduleIsSimulable(const ParallelDegrees& degrees, int64_t microBatches);
// All of the above with at least one micro-batch, and the schedule's own rules
// (core/rules/schedule_rules.h): the pipeline schedule, given or implied by vpp, can run on the
// framework.
[[nodiscard]] bool pipelineRuns(int64_t layers, const FrameworkSpec& framework, const ParallelDegrees& degrees,
                                int64_t microBatches, std::optional<PipelineSchedule> schedule = std::nullopt);

// An explicit split of the layers: none, or pp·vpp stages summing to L (a stage may hold none: only
// the embedding or the loss, as Megatron's layouts allow).
[[nodiscard]] bool layersPerStageFit(const std::vector<int64_t>& layersPerStage, int64_t layers,
                                     const ParallelDegrees& degrees);

// Every divisor of n in ascending order.
[[nodiscard]] std::vector<int64_t> divisorsOf(int64_t n);

} // namespace paraplan
