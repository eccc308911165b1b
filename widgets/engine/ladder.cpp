// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/ladder.h"

#include "widgets/common/diagnostic_text.h"

#include "core/rules/validation.h"

#include <QCoreApplication>

#include <algorithm>

namespace paraplan::widgets {

namespace {

struct EngineLadder {
    Q_DECLARE_TR_FUNCTIONS(EngineLadder)
};

struct StepShape {
    LadderStepId id;
    ProbeCommand command;
    ParallelDegrees degrees; // dp 0: every attached device
    int confirmSteps;
};

// The seed's seven steps: 3 steps on one GPU, 5 with TP=2, PP=4, DP=8, 10 steps of TP=PP=DP=2;
// the stress test and the stability run use every device attached. A MoE model adds EP=8 over
// the eight data-parallel ranks: its dispatcher's token movement between them.
constexpr StepShape kShapes[] = {
    { LadderStepId::SingleDevice, ProbeCommand::Confirm, {}, 3 },
    { LadderStepId::TensorParallel, ProbeCommand::Confirm, { .tp = 2 }, 5 },
    { LadderStepId::PipelineParallel, ProbeCommand::Confirm, { .pp = 4 }, 3 },
    { LadderStepId::DataParallel, ProbeCommand::Confirm, { .dp = 8 }, 3 },
    { LadderStepId::ExpertParallel, ProbeCommand::Confirm, { .ep = 8, .dp = 8 }, 3 },
    { LadderStepId::Mixed3d, ProbeCommand::Confirm, { .tp = 2, .dp = 2, .pp = 2 }, 10 },
    { LadderStepId::CommStress, ProbeCommand::Bench, { .dp = 0 }, 0 },
    { LadderStepId::Stability, ProbeCommand::Confirm, { .dp = 0 }, 20 },
};

// A transformer a CPU rank runs in about a second per step (tests/data/engine/tiny_*.json).
void useCpuStandIn(Scenario& s)
{
    ModelSpec& m = s.model;
    m.preset.clear();
    m.name = "CPU stand-in for " + (m.name.empty() ? std::string("the model") : m.name);
    m.hidden = 256;
    m.heads = 4;
    m.kvHeads = 4;
    m.ffnHidden = 1024;
    m.vocab = 1024;
    const bool moe = m.isMoe();
    m.moe = {};
    if (moe) // 8 small experts, top 2, on every layer: the EP step's token movement in miniature
        m.moe = { .experts = 8, .topK = 2, .expertFfnHidden = 256 };
    s.training.seqLen = 128;
}

} // namespace

Scenario ladderScenario(const Scenario& current, const ParallelDegrees& degrees, bool cpu)
{
    Scenario s = current;
    if (cpu)
        useCpuStandIn(s);
    ParallelSpec& p = s.parallel;
    p.sequenceParallel = degrees.tp > 1 && current.parallel.sequenceParallel;
    p.degrees = { .tp = degrees.tp, .ep = degrees.ep, .dp = degrees.dp, .pp = degrees.pp };
    p.layersPerStage.clear();
    p.placement = {};
    // Two layers a stage: for a MoE model, two of its MoE layers (the dense first ones are few).
    s.model.moe.firstDenseLayers = 0;
    s.model.moe.layerFrequency = 1;
    s.pins = ParallelPins{ true, true, true, true, true, true, true, true, true, true, true };
    s.model.layers = 2 * degrees.pp;
    s.training.microBatch = 1;
    s.training.globalBatch = std::max<int64_t>(4, 2 * degrees.pp) * degrees.dp;
    s.training.trainTokens.reset();
    s.training.datasetTokens.reset();
    s.training.epochs.reset();
    // The probe runs on the devices of this machine: one node holding exactly the ranks.
    ClusterSpec& c = s.cluster;
    c.preset.clear();
    c.topology.reset();
    c.nodes = 1;
    c.gpusPerNode = degrees.ranks();
    return s;
}

std::vector<LadderStep> buildLadder(const Scenario& current, int64_t attached, bool cpu)
{
    std::vector<LadderStep> ladder;
    for (const StepShape& shape : kShapes) {
        if (shape.id == LadderStepId::ExpertParallel && !current.model.isMoe())
            continue;
        LadderStep step;
        step.id = shape.id;
        step.command = shape.command;
        step.degrees = shape.degrees;
        // Stress needs two ranks to have anything to communicate between.
        const int64_t least = shape.id == LadderStepId::CommStress ? 2 : 1;
        if (step.degrees.dp == 0)
            step.degrees.dp = std::max(attached, least);
        step.confirmSteps = shape.confirmSteps;
        step.attached = attached;
        step.scenario = ladderScenario(current, step.degrees, cpu);
        for (const Diagnostic& d : validateScenario(step.scenario))
            if (d.severity == Severity::Error)
                step.problems.push_back(d);
        step.enabled = attached >= step.degrees.ranks() && step.problems.empty();
        ladder.push_back(std::move(step));
    }
    return ladder;
}

QString ladderStepName(LadderStepId id)
{
    switch (id) {
    case LadderStepId::SingleDevice:
        return EngineLadder::tr("Single device");
    case LadderStepId::TensorParallel:
        return EngineLadder::tr("Tensor parallel (TP=2)");
    case LadderStepId::PipelineParallel:
        return EngineLadder::tr("Pipeline parallel (PP=4)");
    case LadderStepId::DataParallel:
        return EngineLadder::tr("Data parallel (DP=8)");
    case LadderStepId::ExpertParallel:
        return EngineLadder::tr("Expert parallel (EP=8)");
    case LadderStepId::Mixed3d:
        return EngineLadder::tr("3D mixed (TP=PP=DP=2)");
    case LadderStepId::CommStress:
        return EngineLadder::tr("Communication stress");
    case LadderStepId::Stability:
        return EngineLadder::tr("Stability run");
    }
    return {};
}

QString ladderStepConfiguration(const LadderStep& step)
{
    QString split = EngineLadder::tr("TP=%1 · PP=%2 · DP=%3").arg(step.degrees.tp).arg(step.degrees.pp).arg(step.degrees.dp);
    if (step.degrees.ep > 1)
        split += QStringLiteral(" · EP=%1").arg(step.degrees.ep);
    if (step.command == ProbeCommand::Bench)
        return EngineLadder::tr("%1, bench GEMMs and collectives").arg(split);
    return EngineLadder::tr("%1, confirm %n step(s)", nullptr, step.confirmSteps).arg(split);
}

QString ladderStepBlocker(const LadderStep& step, bool cpu)
{
    if (step.enabled)
        return {};
    if (step.attached < step.degrees.ranks())
        return cpu ? EngineLadder::tr("needs %1 CPU ranks, %2 attached").arg(step.degrees.ranks()).arg(step.attached)
                   : EngineLadder::tr("needs %1 GPUs, %2 attached").arg(step.degrees.ranks()).arg(step.attached);
    if (!step.problems.empty())
        return diagnosticText(step.problems.front());
    return {};
}

QStringList ladderProbeArguments(const LadderStep& step, const QString& scenarioPath, const QString& outputPath,
                                 const QString& backend)
{
    QStringList args;
    args << (step.command == ProbeCommand::Bench ? QStringLiteral("bench") : QStringLiteral("confirm"));
    args << QStringLiteral("--scenario") << scenarioPath;
    if (step.command == ProbeCommand::Confirm && step.confirmSteps != 3)
        args << QStringLiteral("--steps") << QString::number(step.confirmSteps);
    if (!backend.isEmpty())
        args << QStringLiteral("--backend") << backend;
    args << QStringLiteral("--output") << outputPath;
    return args;
}

} // namespace paraplan::widgets
