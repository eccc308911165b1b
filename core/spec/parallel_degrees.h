// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <cstdint>
// operator<=> needs <compare>, which <utility> brings; naming <compare> itself trips Qt 6.4's moc
// (it cannot parse <concepts>) in every widget header that reaches this one.
#include <utility>

// How many ways each parallel dimension splits the work: the one degrees type the scenario, the
// resolved layout, the search, the rank layout and the engine all use. Fields run in Megatron's
// rank order (fastest first: tp-cp-ep-dp-pp), then the interleaved pipeline's chunks and the
// expert layers' own tensor split.
namespace paraplan {

struct ParallelDegrees {
    int64_t tp = 1;  // tensor: each layer's GEMMs split over the group
    int64_t cp = 1;  // context: the sequence split over the group
    int64_t ep = 1;  // expert: the experts split over a group carved out of dp·cp
    int64_t dp = 1;  // data: model replicas (a scenario may leave it 0: derived, N / (tp·pp·cp))
    int64_t pp = 1;  // pipeline stages
    int64_t vpp = 1; // model chunks per stage (interleaved 1F1B)
    // Expert tensor parallelism (Megatron-Core's --expert-tensor-parallel-size): each expert's
    // GEMMs split over this many ranks; 0 = as tp. The expert layers re-split the tp·cp·dp ranks
    // of a stage as etp × ep × expert-dp.
    int64_t etp = 0;

    // GPUs the split occupies; ep re-splits dp·cp, vpp re-splits a stage's layers.
    [[nodiscard]] int64_t ranks() const { return tp * cp * dp * pp; }
    // Model replicas times context slices: the ranks holding the same dense weights.
    [[nodiscard]] int64_t dataRanks() const { return dp * cp; }
    [[nodiscard]] int64_t virtualStages() const { return pp * vpp; }
    [[nodiscard]] int64_t expertTp() const { return etp > 0 ? etp : tp; }
    // A stage's ranks, tp·cp·dp, and how many of them split each expert, etp·ep; 0 where a
    // product overflows (degrees a hostile file gives, before validation rejects them).
    [[nodiscard]] int64_t stageRanks() const { return product(product(tp, cp), dp); }
    [[nodiscard]] int64_t expertSplit() const { return product(expertTp(), ep); }
    // The ranks holding the same experts (Megatron-Core's expert data parallelism): a stage's
    // ranks over etp·ep.
    [[nodiscard]] int64_t expertDataRanks() const
    {
        return expertSplit() > 0 ? std::max<int64_t>(stageRanks() / expertSplit(), 1) : 1;
    }
    auto operator<=>(const ParallelDegrees&) const = default;

private:
    [[nodiscard]] static int64_t product(int64_t a, int64_t b)
    {
        int64_t p = 0;
        return __builtin_mul_overflow(a, b, &p) ? 0 : p;
    }
};

} // namespace paraplan
