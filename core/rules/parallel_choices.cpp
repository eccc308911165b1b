// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/parallel_choices.h"

#include "core/rules/validation.h"

namespace paraplan {

std::vector<int64_t> divisorsOf(int64_t n)
{
    std::vector<int64_t> small, large;
    for (int64_t d = 1; d * d <= n; ++d) {
        if (n % d != 0)
            continue;
        small.push_back(d);
        if (d != n / d)
            large.push_back(n / d);
    }
    small.insert(small.end(), large.rbegin(), large.rend());
    return small;
}

namespace {
template<typename Keep>
std::vector<int64_t> filtered(const std::vector<int64_t>& values, Keep keep)
{
    std::vector<int64_t> out;
    for (int64_t v : values)
        if (keep(v))
            out.push_back(v);
    return out;
}
} // namespace

ParallelChoices parallelChoices(const Scenario& s)
{
    ParallelChoices c;
    const ModelSpec& m = s.model;
    const ParallelSpec& p = s.parallel;
    const int64_t gpus = s.cluster.gpuCount();
    if (gpus < 1 || m.heads < 1 || m.kvHeads < 1 || m.layers < 1 || s.training.seqLen < 1)
        return c;
    const int64_t ffn = m.isMoe() ? m.moe.expertFfnHidden : m.ffnHidden;
    const std::vector<int64_t> gpuDivisors = divisorsOf(gpus);

    c.tp = filtered(gpuDivisors, [&](int64_t tp) {
        return m.heads % tp == 0 && (m.kvHeads % tp == 0 || tp % m.kvHeads == 0) && ffn > 0 && ffn % tp == 0
            && (gpus / tp) % (p.pp * p.cp) == 0;
    });
    c.pp = filtered(gpuDivisors, [&](int64_t pp) { return pp <= m.layers && (gpus / pp) % (p.tp * p.cp) == 0; });
    c.cp = filtered(gpuDivisors, [&](int64_t cp) { return s.training.seqLen % cp == 0 && (gpus / cp) % (p.tp * p.pp) == 0; });

    const int64_t perReplica = p.tp * p.pp * p.cp;
    c.dp = perReplica > 0 && gpus % perReplica == 0 ? gpus / perReplica : 0;
    c.ep = m.isMoe() ? filtered(divisorsOf(m.moe.experts), [&](int64_t ep) { return c.dp > 0 && (c.dp * p.cp) % ep == 0; })
                     : std::vector<int64_t>{ 1 };
    if (c.dp > 0 && s.training.globalBatch % c.dp == 0) {
        c.microBatch = divisorsOf(s.training.globalBatch / c.dp);
        const int64_t microBatches = s.training.globalBatch / (s.training.microBatch * c.dp);
        for (int64_t v = 1; v * p.pp <= m.layers; ++v)
            if (v == 1 || (p.pp > 1 && m.layers % (p.pp * v) == 0 && microBatches % p.pp == 0))
                c.vpp.push_back(v);
    } else {
        c.vpp = { 1 };
    }
    return c;
}

} // namespace paraplan
