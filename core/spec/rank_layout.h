// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/parallel_degrees.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Which GPU each rank runs on, and which ranks talk to each other. Ranks are numbered along the
// parallel dimensions in a chosen order, fastest first (Megatron-Core's RankGenerator; its
// default "tp-cp-ep-dp-pp" keeps TP groups on neighbouring GPUs). Dense layers see the dimensions
// tp, cp, dp, pp; expert layers re-split the same ranks as etp, ep, expert-dp (= tp·cp·dp / (etp·ep)), pp.
// A rank table may then send rank r to any GPU (node * gpus_per_node + local GPU).
namespace paraplan {

enum class ParallelDim { Tp, Cp, Ep, Dp, Pp };
using RankOrder = std::array<ParallelDim, 5>;
inline constexpr RankOrder kMegatronOrder{ ParallelDim::Tp, ParallelDim::Cp, ParallelDim::Ep, ParallelDim::Dp,
                                           ParallelDim::Pp };

// "tp-cp-ep-dp-pp" and its permutations; nullopt for anything else.
[[nodiscard]] std::optional<RankOrder> parseRankOrder(std::string_view text);
[[nodiscard]] std::string toString(const RankOrder& order);
[[nodiscard]] const char* toString(ParallelDim dim);

// rank -> GPU, immutable and shared (scenarios are copied often); the fingerprint tells tables apart
// in caches without comparing them.
struct RankTable {
    std::vector<int64_t> gpuOfRank;
    uint64_t fingerprint = 0;
};
[[nodiscard]] std::shared_ptr<const RankTable> makeRankTable(std::vector<int64_t> gpuOfRank);

struct RankPlacement {
    RankOrder order = kMegatronOrder;
    std::shared_ptr<const RankTable> table; // null = rank r on GPU r

    [[nodiscard]] int64_t gpuOf(int64_t rank) const { return table ? table->gpuOfRank[size_t(rank)] : rank; }
    [[nodiscard]] bool isDefault() const { return order == kMegatronOrder && !table; }
    // Tables compare by identity: an edit makes a new one.
    bool operator==(const RankPlacement&) const = default;
};

// The groups that communicate, one kind at a time; all groups of a kind run at the same moment.
enum class CommGroup {
    Tp,                 // all-reduce / all-gather / reduce-scatter of every layer
    Cp,                 // ring exchange of keys and values
    Ep,                 // all-to-all dispatch and combine
    ExpertTp,           // the expert layers' tensor split (etp): gathers the dispatched tokens, scatters the outputs
    DataParallel,       // dense gradients over dp·cp
    ExpertDataParallel, // expert gradients over tp·cp·dp / (etp·ep)
    PipelineHop,        // each stage to the next
    EmbeddingSync,      // the first and last stage's tied embeddings
};
inline constexpr std::array<CommGroup, 8> kCommGroups{ CommGroup::Tp,
                                                       CommGroup::Cp,
                                                       CommGroup::Ep,
                                                       CommGroup::ExpertTp,
                                                       CommGroup::DataParallel,
                                                       CommGroup::ExpertDataParallel,
                                                       CommGroup::PipelineHop,
                                                       CommGroup::EmbeddingSync };
[[nodiscard]] const char* toString(CommGroup group);

enum class TrafficPattern {
    Ring,         // each member sends to the next (NCCL ring collectives, CP's ring exchange)
    AllToAll,     // each member sends to every other
    PointToPoint, // each group is one sender and one receiver
};
[[nodiscard]] TrafficPattern patternOf(CommGroup group);

// Which ranks form the groups of one kind: those that differ only along `axes` (each axis a
// dimension's size and rank stride), or for the pipeline the neighbours / the two ends along
// axes[0]. Two kinds with equal shapes have the same groups, whatever the other degrees are.
struct GroupShape {
    enum class Form { Axes, Neighbours, Ends };
    struct Axis {
        int64_t size = 1;
        int64_t stride = 1;
        auto operator<=>(const Axis&) const = default;
    };
    Form form = Form::Axes;
    TrafficPattern pattern = TrafficPattern::Ring;
    std::array<Axis, 2> axes{}; // unused axes have size 1
    int64_t ranks = 1;
    auto operator<=>(const GroupShape&) const = default;

    // The ranks of one group (Axes form; for the pipeline, the ranks along its axis).
    [[nodiscard]] int64_t members() const { return axes[0].size * axes[1].size; }
};
[[nodiscard]] GroupShape groupShape(CommGroup group, const ParallelDegrees& degrees, const RankOrder& order);

// Every group of the shape: members in rank order (for Neighbours, sender then receiver). Empty
// when nothing is sent (a degree of 1). With a range, only the groups holding a rank in
// [firstRank, endRank).
[[nodiscard]] std::vector<std::vector<int64_t>> rankGroups(const GroupShape& shape);
[[nodiscard]] std::vector<std::vector<int64_t>> rankGroups(const GroupShape& shape, int64_t firstRank, int64_t endRank);

// A rank's index along a dimension of the dense layers (tp, cp, dp, pp; 0 along ep, which only
// re-splits dp·cp for the expert layers): its pipeline stage, its data-parallel replica, ...
[[nodiscard]] int64_t denseCoordinate(int64_t rank, ParallelDim dim, const ParallelDegrees& degrees, const RankOrder& order);

// The lowest rank of the group of `shape` (Axes form) that holds `rank`: the same for every
// member, different between groups.
[[nodiscard]] int64_t firstRankOfGroup(int64_t rank, const GroupShape& shape);

// How many groups the shape has over all its ranks.
[[nodiscard]] int64_t groupCount(const GroupShape& shape);

// Whether every axis of the shape either stays inside aligned blocks of `gpusPerNode` ranks or
// steps over whole nodes: then, with ranks on GPUs in order, every node plays the same part and
// one node's links tell the whole story.
[[nodiscard]] bool isNodeAligned(const GroupShape& shape, int64_t gpusPerNode);

// The members of the group of `shape` (Axes form; 1 otherwise) holding rank 0 that share its node
// of `gpusPerNode` ranks: with ranks on GPUs in order, as many as every group keeps on each node.
[[nodiscard]] int64_t membersOnFirstNode(const GroupShape& shape, int64_t gpusPerNode);

} // namespace paraplan
