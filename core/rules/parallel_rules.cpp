// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/parallel_rules.h"

#include "core/rules/schedule_rules.h"

#include <limits>

namespace paraplan {

int64_t derivedDataParallel(int64_t gpus, const ParallelDegrees& d)
{
    // Compare by division: each degree may be as large as validation's plausible maximum.
    if (d.tp > gpus || d.pp > gpus / d.tp || d.cp > gpus / (d.tp * d.pp))
        return 0;
    const int64_t perReplica = d.tp * d.pp * d.cp;
    return gpus % perReplica == 0 ? gpus / perReplica : 0;
}

int64_t dataParallelOf(const Scenario& s)
{
    return s.parallel.degrees.dp > 0 ? s.parallel.degrees.dp
                                     : derivedDataParallel(s.cluster.gpuCount(), s.parallel.degrees);
}

int64_t microBatchCount(int64_t globalBatch, int64_t microBatch, int64_t dp)
{
    if (microBatch < 1 || dp < 1 || microBatch > globalBatch || (globalBatch / microBatch) < dp)
        return 0;
    return globalBatch % (microBatch * dp) == 0 ? globalBatch / (microBatch * dp) : 0;
}

bool tpSplitsHeads(const ModelSpec& m, int64_t tp) { return m.heads % tp == 0; }

KvHeadSplit kvHeadSplit(const ModelSpec& m, int64_t tp)
{
    if (m.kvHeads % tp == 0)
        return KvHeadSplit::Divided;
    return tp % m.kvHeads == 0 ? KvHeadSplit::Replicated : KvHeadSplit::Impossible;
}

int64_t ffnWidthTpCannotSplit(const ModelSpec& m, int64_t tp)
{
    const bool hasDenseLayers = !m.isMoe() || m.moeLayers() < m.layers;
    if (hasDenseLayers && (m.ffnHidden <= 0 || m.ffnHidden % tp != 0))
        return m.ffnHidden;
    int64_t shared = 0; // all shared experts side by side; a width no split can take where it overflows
    if (__builtin_mul_overflow(m.moe.sharedExperts, m.moe.sharedExpertFfnHidden, &shared))
        return std::numeric_limits<int64_t>::max();
    return shared % tp != 0 ? shared : 0;
}

bool tpSplitsFfn(const ModelSpec& m, int64_t tp) { return ffnWidthTpCannotSplit(m, tp) == 0; }

bool tpFitsModel(const ModelSpec& m, int64_t tp)
{
    return tpSplitsHeads(m, tp) && kvHeadSplit(m, tp) != KvHeadSplit::Impossible && tpSplitsFfn(m, tp);
}

bool cpSplitsSequence(int64_t seqLen, int64_t cp) { return seqLen % cp == 0; }

bool epNeedsExperts(const ModelSpec& m, int64_t ep) { return ep == 1 || m.isMoe(); }

bool epSplitsExperts(const ModelSpec& m, int64_t ep) { return !m.isMoe() || m.moe.experts % ep == 0; }

bool epSplitsDataRanks(const ParallelDegrees& d) { return d.expertSplit() > 0 && d.stageRanks() % d.expertSplit() == 0; }

bool etpNeedsExperts(const ModelSpec& m, const ParallelDegrees& d) { return d.etp <= 0 || m.isMoe(); }

bool etpSplitsExperts(const ModelSpec& m, int64_t etp) { return !m.isMoe() || m.moe.expertFfnHidden % etp == 0; }

bool moeA2aOverlapRuns(const ParallelSpec& p, Recompute recompute)
{
    const ParallelDegrees& d = p.degrees;
    const bool dispatcherOverlaps = p.moeDispatcher == MoeDispatcher::AllToAll || p.moeDispatcher == MoeDispatcher::Flex;
    return d.ep > 1 && dispatcherOverlaps && (d.pp == 1 || d.vpp > 1)
        && recompute != Recompute::Full && !p.moeSharedExpertOverlap
        && !(recompute == Recompute::Selective && p.recomputeModules.has(RecomputeModule::Moe));
}

RecomputeModules applicableRecomputeModules(const ModelSpec& m)
{
    RecomputeModules modules;
    const LayerMix layers = m.everyLayerMix();
    if (m.mla.enabled())
        modules = modules.with(RecomputeModule::MlaUpProj);
    if (m.separateNorms({ .moe = m.isMoe() }) > 0)
        modules = modules.with(RecomputeModule::Layernorm);
    if (layers.total() > layers.moe())
        modules = modules.with(RecomputeModule::Mlp);
    if (m.isMoe())
        modules = modules.with(RecomputeModule::Moe).with(RecomputeModule::MoeAct);
    if (m.isMoe() && m.moe.sharedExperts > 0)
        modules = modules.with(RecomputeModule::SharedExperts);
    return modules;
}

bool refusesRecomputing(const TrainingSpec& t, RecomputeModule module)
{
    const bool discardsOutput = module == RecomputeModule::MoeAct || module == RecomputeModule::Layernorm;
    return discardsOutput && t.precision == Precision::Fp8 && t.fp8Recipe == Fp8Recipe::Delayed;
}

std::optional<RecomputeModules> selectiveRecomputeModules(const Scenario& s)
{
    // torchtitan's per-operator policy saves memory on every model; the modules play no part there.
    if (s.pins.recomputeModules || checkpointsPerOperator(s.framework.name))
        return s.parallel.recomputeModules;
    const RecomputeModules applicable = applicableRecomputeModules(s.model);
    RecomputeModules modules = s.training.flashAttention ? RecomputeModules::none() : RecomputeModules();
    for (RecomputeModule module : { RecomputeModule::MlaUpProj, RecomputeModule::Layernorm, RecomputeModule::MoeAct })
        if (applicable.has(module) && !refusesRecomputing(s.training, module))
            modules = modules.with(module);
    if (modules.empty())
        return std::nullopt;
    return modules;
}

RecomputeModules autoRecomputeModules(const Scenario& s)
{
    return selectiveRecomputeModules(s).value_or(s.parallel.recomputeModules);
}

bool epFits(const ModelSpec& m, const ParallelDegrees& d)
{
    return epNeedsExperts(m, d.ep) && epSplitsExperts(m, d.ep) && etpNeedsExperts(m, d)
        && etpSplitsExperts(m, d.expertTp()) && epSplitsDataRanks(d);
}

bool stagesFitLayers(int64_t layers, const ParallelDegrees& d) { return d.pp <= layers && d.vpp <= layers / d.pp; }

bool interleavingHasStages(const ParallelDegrees& d) { return d.vpp == 1 || d.pp > 1; }

bool frameworkInterleaves(const FrameworkSpec& framework, const ParallelDegrees& d)
{
    return d.vpp == 1 || frameworkDefaults(framework.name).interleavedSchedule;
}

bool interleavingFillsRounds(const ParallelDegrees& d, int64_t microBatches)
{
    return d.vpp == 1 || microBatches % d.pp == 0;
}

bool scheduleIsSimulable(const ParallelDegrees& d, int64_t microBatches)
{
    return microBatches <= kMaxPipelineOps / d.virtualStages();
}

bool pipelineRuns(int64_t layers, const FrameworkSpec& framework, const ParallelDegrees& d, int64_t microBatches,
                  std::optional<PipelineSchedule> given)
{
    const PipelineSchedule schedule = given ? *given : impliedSchedule(d.vpp);
    return microBatches >= 1 && stagesFitLayers(layers, d) && interleavingHasStages(d) && frameworkInterleaves(framework, d)
        && (schedule != PipelineSchedule::Interleaved1F1B || interleavingFillsRounds(d, microBatches))
        && scheduleIsSimulable(d, microBatches) && scheduleMatchesChunks(schedule, d.vpp)
        && scheduleFitsStages(schedule, d.pp) && scheduleFitsMicroBatches(schedule, d.pp, microBatches)
        && frameworkRunsSchedule(framework, schedule);
}

bool layersPerStageFit(const std::vector<int64_t>& split, int64_t layers, const ParallelDegrees& d)
{
    if (split.empty())
        return true;
    if (int64_t(split.size()) != d.virtualStages())
        return false;
    int64_t sum = 0;
    for (int64_t stageLayers : split) {
        if (stageLayers < 0 || stageLayers > layers) // a stage may hold only the embedding or the loss
            return false;
        sum += stageLayers;
    }
    return sum == layers;
}

std::vector<int64_t> divisorsOf(int64_t n)
{
    std::vector<int64_t> small, large;
    for (int64_t d = 1; d <= n / d; ++d) { // d * d could overflow
        if (n % d != 0)
            continue;
        small.push_back(d);
        if (d != n / d)
            large.push_back(n / d);
    }
    small.insert(small.end(), large.rbegin(), large.rend());
    return small;
}

} // namespace paraplan
