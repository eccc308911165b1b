// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/diagnostics.h"
#include "core/spec/parallel_degrees.h"
#include "core/spec/scenario.h"

#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <vector>

// The validation ladder of seed 000 ("七步验证法": one GPU, TP=2, PP=4, DP=8, 3D mixed, a
// communication stress test, a stability run), each step a probe run of a small scenario derived
// from the one being designed, adapted to the devices attached: a step that needs more of them
// than there are is kept but disabled, with the reason. No widgets, no processes: the panel and
// the tests share it.
namespace paraplan::widgets {

enum class LadderStepId {
    SingleDevice, TensorParallel, PipelineParallel, DataParallel, ExpertParallel, Mixed3d, CommStress, Stability
};
// In the order they are climbed; ExpertParallel only for a MoE model.
inline constexpr std::array<LadderStepId, 8> kLadderSteps{
    LadderStepId::SingleDevice,   LadderStepId::TensorParallel, LadderStepId::PipelineParallel, LadderStepId::DataParallel,
    LadderStepId::ExpertParallel, LadderStepId::Mixed3d,        LadderStepId::CommStress,       LadderStepId::Stability,
};

enum class ProbeCommand { Discover, Bench, Confirm };

struct LadderStep {
    LadderStepId id = LadderStepId::SingleDevice;
    ProbeCommand command = ProbeCommand::Confirm;
    ParallelDegrees degrees; // tp, pp, dp and ep; one rank per GPU of tp, pp and dp
    int confirmSteps = 3; // confirm: timed steps after the warm-up one
    Scenario scenario;    // what the probe runs: one rank per GPU of it
    bool enabled = false;
    int64_t attached = 0;      // devices attached when the ladder was built
    Diagnostics problems;      // the derived scenario breaks a rule (the step is disabled)

};

// The ladder for `current` on `attached` devices (`cpu`: the host backend's CPU ranks).
[[nodiscard]] std::vector<LadderStep> buildLadder(const Scenario& current, int64_t attached, bool cpu);

// `current` cut down to a probe run of a few seconds on degrees.ranks() devices of one node: the model's
// layer shapes, precision and sequence, two layers per pipeline stage, micro-batch 1 and 2·pp (at
// least 4) micro-batches per step. On CPUs the model is a small stand-in (with 8 small experts,
// top 2, for a MoE model): a CPU rank needs minutes for one layer of a real model.
[[nodiscard]] Scenario ladderScenario(const Scenario& current, const ParallelDegrees& degrees, bool cpu);

[[nodiscard]] QString ladderStepName(LadderStepId id);
// "TP=2 · PP=1 · DP=1, confirm 5 steps"
[[nodiscard]] QString ladderStepConfiguration(const LadderStep& step);
// Why a disabled step cannot run ("needs 8 GPUs, 2 attached"); empty when it can.
[[nodiscard]] QString ladderStepBlocker(const LadderStep& step, bool cpu);

// paraplan-probe's arguments for the step (without the launcher).
[[nodiscard]] QStringList ladderProbeArguments(const LadderStep& step, const QString& scenarioPath,
                                               const QString& outputPath, const QString& backend);

} // namespace paraplan::widgets
