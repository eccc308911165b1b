// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/parallel_choices.h"

#include "core/rules/parallel_rules.h"
#include "core/rules/validation_checker.h"

namespace paraplan {

namespace {

template <typename Keep>
std::vector<int64_t> filtered(const std::vector<int64_t>& values, Keep keep)
{
    std::vector<int64_t> out;
    for (int64_t v : values)
        if (keep(v))
            out.push_back(v);
    return out;
}

// The degrees with one of them replaced and dp following (0 when the GPUs do not divide), as the
// sliders move them: a dp the scenario fixes is left for validation to hold against the GPUs.
template <typename Set>
ParallelDegrees with(const Scenario& s, Set set)
{
    ParallelDegrees d = s.parallel.degrees;
    set(d);
    d.dp = derivedDataParallel(s.cluster.gpuCount(), d);
    return d;
}

} // namespace

ParallelChoices parallelChoices(const Scenario& s)
{
    ParallelChoices c;
    const ModelSpec& m = s.model;
    const TrainingSpec& t = s.training;
    const ClusterSpec& k = s.cluster;
    const ParallelDegrees& given = s.parallel.degrees;
    // Nothing to offer next to values no rule can judge, nor beyond validation's maxima, whose
    // divisors and layer counts would take minutes to walk (validation names them all).
    using validation::kMaxDimension, validation::kMaxGpus;
    if (k.nodes < 1 || k.gpusPerNode < 1 || k.nodes > kMaxGpus || k.gpusPerNode > kMaxGpus || k.gpuCount() > kMaxGpus
        || m.heads < 1 || m.kvHeads < 1 || m.layers < 1 || m.layers > kMaxDimension || m.moe.experts > kMaxDimension
        || t.seqLen < 1 || t.globalBatch < 1 || t.globalBatch > kMaxDimension || given.tp < 1 || given.pp < 1
        || given.cp < 1 || given.ep < 1 || given.vpp < 1 || given.etp < 0)
        return c;
    const int64_t gpus = k.gpuCount();
    // tp·pp·cp·dp = N for the GPU degrees, with the degree's own rule.
    auto fitsGpus = [](const ParallelDegrees& d) { return d.dp > 0; };
    const std::vector<int64_t> gpuDivisors = divisorsOf(gpus);
    c.tp = filtered(gpuDivisors, [&](int64_t tp) {
        return tpFitsModel(m, tp) && fitsGpus(with(s, [&](ParallelDegrees& d) { d.tp = tp; }));
    });
    c.pp = filtered(gpuDivisors, [&](int64_t pp) {
        const ParallelDegrees d = with(s, [&](ParallelDegrees& d) { d.pp = pp; d.vpp = 1; });
        return stagesFitLayers(m.layers, d) && fitsGpus(d);
    });
    c.cp = filtered(gpuDivisors, [&](int64_t cp) {
        return cpSplitsSequence(t.seqLen, cp) && fitsGpus(with(s, [&](ParallelDegrees& d) { d.cp = cp; }));
    });

    const ParallelDegrees current = with(s, [](ParallelDegrees&) {});
    c.dp = current.dp;
    c.ep = m.isMoe() ? filtered(divisorsOf(m.moe.experts), [&](int64_t ep) {
        return c.dp > 0 && epFits(m, with(s, [&](ParallelDegrees& d) { d.ep = ep; }));
    })
                     : std::vector<int64_t>{ 1 };
    if (m.isMoe())
        c.etp = filtered(gpuDivisors, [&](int64_t etp) {
            return c.dp > 0 && epFits(m, with(s, [&](ParallelDegrees& d) { d.etp = etp; }));
        });
    if (c.dp > 0 && t.globalBatch % c.dp == 0)
        c.microBatch = divisorsOf(t.globalBatch / c.dp);
    // Interleaving with the micro-batches the current micro-batch gives.
    const int64_t microBatches = c.dp > 0 ? microBatchCount(t.globalBatch, t.microBatch, c.dp) : 0;
    for (int64_t v = 1; v <= m.layers / current.pp; ++v) {
        ParallelDegrees d = current;
        d.vpp = v;
        if (interleavingHasStages(d) && frameworkInterleaves(s.framework, d)
            && (microBatches == 0 || interleavingFillsRounds(d, microBatches)))
            c.vpp.push_back(v);
    }
    return c;
}

} // namespace paraplan
