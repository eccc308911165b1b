// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/model_spec.h"

#include <algorithm>
#include <numeric>

namespace paraplan {

namespace {

// Of the indices 0 .. end - 1, how many are n-1, 2n-1, ... (n >= 1).
int64_t everyNthBelow(int64_t end, int64_t n) { return end <= 0 ? 0 : end / n; }

// Of the layers first .. first + count - 1, how many are n-1, 2n-1, ... counted from `offset`.
int64_t everyNthIn(int64_t first, int64_t count, int64_t offset, int64_t n)
{
    const int64_t from = std::max(first, offset) - offset, to = first + count - offset;
    return to <= from ? 0 : everyNthBelow(to, n) - everyNthBelow(from, n);
}

// The busiest expert's load over the mean over a held-out set, 1 + MaxVio_global, measured by Wang
// et al. 2024 (arXiv:2408.15664, Table 2) on 1B and 3B MoEs (64 experts, top-6): auxiliary-loss
// balancing 1.72 and 1.52 (their mean here), loss-free balancing 1.04 on both.
constexpr double kAuxLossImbalance = 1.62;
constexpr double kAuxFreeImbalance = 1.04;

} // namespace

const char* toString(LoadBalancing b) { return b == LoadBalancing::AuxFree ? "aux_free" : "aux_loss"; }

double MoeSpec::expertImbalance() const
{
    const double measured = imbalance > 0 ? imbalance : loadBalancing == LoadBalancing::AuxFree ? kAuxFreeImbalance
                                                                                                 : kAuxLossImbalance;
    if (capacityFactor <= 0)
        return measured;
    return padToCapacity ? capacityFactor : std::min(measured, capacityFactor);
}

double MoeSpec::rankImbalance(double localExperts) const
{
    const double busiest = expertImbalance();
    if (padToCapacity && capacityFactor > 0)
        return busiest; // every expert is padded to the same count
    return 1 + (busiest - 1) / std::max(localExperts, 1.0);
}

int64_t ModelSpec::headDim() const
{
    if (headDimension > 0)
        return headDimension;
    return heads > 0 ? hidden / heads : 0;
}

LayerKind ModelSpec::layerKind(int64_t i) const
{
    LayerKind kind;
    const int64_t frequency = std::max<int64_t>(1, moe.layerFrequency);
    kind.moe = isMoe() && i >= moe.firstDenseLayers && (i - moe.firstDenseLayers) % frequency == frequency - 1;
    const int64_t every = localAttention.globalEvery;
    kind.local = localAttention.window > 0 && (every <= 0 || i % every != every - 1);
    return kind;
}

std::optional<LayerKind> ModelSpec::uniformLayerKind() const
{
    const bool mixedMlp = isMoe() && (moe.firstDenseLayers > 0 || moe.layerFrequency > 1);
    const bool mixedAttention = localAttention.window > 0 && localAttention.globalEvery > 1;
    if (mixedMlp || mixedAttention)
        return std::nullopt;
    return layerKind(0);
}

LayerMix ModelSpec::layerMix(int64_t first, int64_t count) const
{
    LayerMix mix;
    if (count <= 0)
        return mix;
    const int64_t frequency = std::max<int64_t>(1, moe.layerFrequency);
    const int64_t moeLayers = isMoe() ? everyNthIn(first, count, moe.firstDenseLayers, frequency) : 0;
    const int64_t every = localAttention.globalEvery;
    const bool anyLocal = localAttention.window > 0;
    const int64_t globalLayers = !anyLocal ? count : every > 0 ? everyNthIn(first, count, 0, every) : 0;
    // The MoE layers that attend globally: both patterns repeat every lcm of their periods.
    int64_t moeGlobal = 0;
    if (!anyLocal) {
        moeGlobal = moeLayers;
    } else if (moeLayers > 0 && globalLayers > 0) {
        const int64_t from = std::max(first, moe.firstDenseLayers), to = first + count;
        const int64_t period = std::lcm(frequency, every);
        const auto both = [&](int64_t i) { return layerKind(i).moe && !layerKind(i).local; };
        int64_t perPeriod = 0;
        for (int64_t i = from; i < from + period; ++i)
            perPeriod += both(i) ? 1 : 0;
        const int64_t fullPeriods = (to - from) / period;
        moeGlobal = fullPeriods * perPeriod;
        for (int64_t i = from + fullPeriods * period; i < to; ++i)
            moeGlobal += both(i) ? 1 : 0;
    }
    mix.count[LayerKind{ true, false }.index()] = moeGlobal;
    mix.count[LayerKind{ true, true }.index()] = moeLayers - moeGlobal;
    mix.count[LayerKind{ false, false }.index()] = globalLayers - moeGlobal;
    mix.count[LayerKind{ false, true }.index()] = count - moeLayers - globalLayers + moeGlobal;
    return mix;
}

} // namespace paraplan
