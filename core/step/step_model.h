// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/kernel_costs.h"
#include "core/model/layer_costs.h"
#include "core/model/memory_model.h"
#include "core/network/placement.h"
#include "core/spec/efficiency_params.h"
#include "core/spec/scenario.h"
#include "core/step/pipeline_schedule.h"

#include <array>
#include <vector>

// The pieces evaluate() is built from, exposed so that a search can reuse the expensive ones
// (per-layer costs) across configurations and discard hopeless configurations before simulating.
namespace paraplan {

// Megatron's gradient bucket (--ddp-bucket-size default): DP reduces gradients bucket by bucket,
// and the last bucket cannot overlap the backward.
inline constexpr double kGradientBucketParams = 40e6;

// The scenario's layout (core/rules/parallel_layout.h) and the memory it must fit in.
struct StepPlan {
    ParallelLayout layout;
    double capacityBytes = 0;
};

// The scenario must be rule-abiding (validateScenario without errors). Recompute stays as given;
// resolveRecompute() settles Auto.
[[nodiscard]] StepPlan planStep(const Scenario& scenario);

[[nodiscard]] MemoryBreakdown stageMemoryOf(const Scenario& scenario, const StepPlan& plan, int64_t stage);
[[nodiscard]] std::vector<MemoryBreakdown> memoryPerStage(const Scenario& scenario, const StepPlan& plan);
// The fullest stage's total. Only the stages that hold the embedding or the logits and, with layers
// of one kind, the others that no stage beats on both layers and micro-batches in flight can be the
// fullest: those are priced.
[[nodiscard]] double peakMemoryOf(const Scenario& scenario, const StepPlan& plan);

// recompute: auto takes the least recomputation whose memory fits (full when nothing does).
[[nodiscard]] Recompute resolveRecompute(const Scenario& scenario, StepPlan& plan);

// Per-micro-batch costs of a layer of each kind, the embedding and the output layer: they depend
// on the model, tp, cp, ep, micro-batch, SP and recomputation, not on pp, dp, vpp or ZeRO.
struct LayerCostSet {
    std::array<LayerCosts, kLayerKinds> layer; // by LayerKind::index(), for the kinds the model has
    LayerCosts embedding;
    LayerCosts output;
    LayerCosts mtpHead; // each MTP module beyond its layer: its projection and the output layer again

    // One micro-batch through a run of layers.
    [[nodiscard]] LayerCosts of(const LayerMix& mix) const;
};
// Bytes the optimizer step of one stage moves, reads plus writes: Adam over the parameters the rank
// owns (all of them, or its ZeRO shard), then zeroing every gradient.
struct OptimizerTraffic {
    double update = 0;
    double zeroGradients = 0;
};
[[nodiscard]] OptimizerTraffic optimizerTraffic(const ParallelLayout& layout, const StageParameters& weights,
                                                const StateBytes& bytes);

// `groups`: placeGroups() for the layout's degrees.
[[nodiscard]] LayerCostSet layerCostsFor(const Scenario& scenario, const ParallelLayout& layout,
                                         const DeviceRates& rates, const GroupPlacements& groups);

struct StepTiming {
    std::vector<PassCost> forward;  // per virtual stage, one micro-batch
    std::vector<PassCost> backward; // per virtual stage, one micro-batch
    std::vector<double> tailDp;     // per stage: exposed DP communication after the last backward
    std::vector<double> tailHiddenDp; // per stage: the DP traffic of the tail that hid under compute
    std::vector<double> optimizer;  // per stage
    std::vector<double> weightCast; // per stage: an FP8 run's casts of its linear weights, once a step
    double sendSeconds = 0;         // one pipeline send of a micro-batch's activation or gradient
    double overlapSlowdown = 0;     // compute's slowdown under communication it hides (DeviceRates)
    bool lockstepExchanges = false; // the framework's pipeline exchanges in lockstep (DeepSpeed's)
};
[[nodiscard]] StepTiming stepTiming(const Scenario& scenario, const StepPlan& plan, const DeviceRates& rates,
                                    const LayerCostSet& costs, const GroupPlacements& groups,
                                    const EfficiencyParams& params);

[[nodiscard]] PipelineInput pipelineInput(const StepPlan& plan, const StepTiming& timing);

// A step time no schedule can beat: every stage must at least run its own work and its tail, and
// the slowest rank lags them.
[[nodiscard]] double stepLowerBound(const StepPlan& plan, const StepTiming& timing, const EfficiencyParams& params);
// A floor under stepLowerBound from the layers' own passes alone, without the DP traffic, host
// waits, tails and optimizer step stepTiming adds (each only adds): a few times cheaper, so a search
// can give one to every configuration that fits and price the full bound only where it may matter.
[[nodiscard]] double stepWorkFloor(const Scenario& scenario, const StepPlan& plan, const LayerCostSet& costs,
                                   const EfficiencyParams& params);

} // namespace paraplan
