// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/rank_layout.h"

#include <algorithm>

namespace paraplan {

namespace {

constexpr std::array<const char*, 5> kDimNames{ "tp", "cp", "ep", "dp", "pp" };

// The sizes one rank generator sees, indexed by ParallelDim.
using DimSizes = std::array<int64_t, 5>;

DimSizes denseSizes(const ParallelDegrees& d) { return { d.tp, d.cp, 1, d.dp, d.pp }; }

// Megatron-Core's expert generator (parallel_state.py, expert_decoder_rank_generator): the same
// ranks as etp x ep x expert-dp x pp (no cp axis).
DimSizes expertSizes(const ParallelDegrees& d)
{
    return { d.expertTp(), 1, std::max<int64_t>(d.ep, 1), d.expertDataRanks(), d.pp };
}

int64_t strideOf(ParallelDim dim, const DimSizes& sizes, const RankOrder& order)
{
    int64_t stride = 1;
    for (ParallelDim d : order) {
        if (d == dim)
            break;
        stride *= sizes[size_t(d)];
    }
    return stride;
}

using Axis = GroupShape::Axis;

int64_t firstOfGroup(int64_t member, const std::array<Axis, 2>& axes)
{
    int64_t base = member;
    for (const Axis& a : axes)
        base -= ((member / a.stride) % a.size) * a.stride;
    return base;
}

// The group holding `member`: the ranks that differ from it only along `axes`.
std::vector<int64_t> groupOf(int64_t member, const std::array<Axis, 2>& axes, int64_t groupSize)
{
    const int64_t base = firstOfGroup(member, axes);
    std::vector<int64_t> members;
    members.reserve(size_t(groupSize));
    for (int64_t k = 0; k < groupSize; ++k) {
        int64_t rank = base, rest = k;
        for (const Axis& a : axes) {
            rank += (rest % a.size) * a.stride;
            rest /= a.size;
        }
        members.push_back(rank);
    }
    return members;
}

bool isFirstOfItsGroup(int64_t rank, const std::array<Axis, 2>& axes)
{
    for (const Axis& a : axes)
        if ((rank / a.stride) % a.size != 0)
            return false;
    return true;
}

// Groups of the ranks that differ only along `axes`, those holding a rank of [first, end).
std::vector<std::vector<int64_t>> groupsAlong(const std::array<Axis, 2>& axes, int64_t ranks, int64_t first, int64_t end)
{
    const int64_t groupSize = axes[0].size * axes[1].size;
    std::vector<std::vector<int64_t>> groups;
    if (groupSize < 2)
        return groups;
    if (first == 0 && end >= ranks) { // all of them: walk the first members in order
        for (int64_t base = 0; base < ranks; ++base)
            if (isFirstOfItsGroup(base, axes))
                groups.push_back(groupOf(base, axes, groupSize));
        return groups;
    }
    for (int64_t rank = std::max<int64_t>(first, 0); rank < std::min(end, ranks); ++rank) {
        std::vector<int64_t> group = groupOf(rank, axes, groupSize);
        // Each group once: the first of its members inside the range stands for it.
        if (*std::find_if(group.begin(), group.end(), [&](int64_t r) { return r >= first && r < end; }) == rank)
            groups.push_back(std::move(group));
    }
    return groups;
}

} // namespace

std::optional<RankOrder> parseRankOrder(std::string_view text)
{
    RankOrder order{};
    std::array<bool, 5> seen{};
    for (size_t count = 0; count < order.size(); ++count) {
        const size_t dash = text.find('-');
        const bool last = count + 1 == order.size();
        if ((dash == std::string_view::npos) != last)
            return std::nullopt; // too few names, or something after the fifth
        const auto it = std::find(kDimNames.begin(), kDimNames.end(), text.substr(0, dash));
        if (it == kDimNames.end() || seen[size_t(it - kDimNames.begin())])
            return std::nullopt;
        seen[size_t(it - kDimNames.begin())] = true;
        order[count] = ParallelDim(it - kDimNames.begin());
        if (!last)
            text.remove_prefix(dash + 1);
    }
    return order;
}

std::string toString(const RankOrder& order)
{
    std::string text;
    for (ParallelDim d : order) {
        if (!text.empty())
            text += '-';
        text += toString(d);
    }
    return text;
}

const char* toString(ParallelDim dim) { return kDimNames[size_t(dim)]; }

std::shared_ptr<const RankTable> makeRankTable(std::vector<int64_t> gpuOfRank)
{
    uint64_t hash = 1469598103934665603ull; // FNV-1a over the entries
    for (int64_t gpu : gpuOfRank) {
        hash ^= uint64_t(gpu);
        hash *= 1099511628211ull;
    }
    return std::make_shared<const RankTable>(RankTable{ std::move(gpuOfRank), hash });
}

const char* toString(CommGroup group)
{
    switch (group) {
    case CommGroup::Tp:
        return "TP";
    case CommGroup::Cp:
        return "CP";
    case CommGroup::Ep:
        return "EP";
    case CommGroup::ExpertTp:
        return "ETP";
    case CommGroup::DataParallel:
        return "DP";
    case CommGroup::ExpertDataParallel:
        return "expert DP";
    case CommGroup::PipelineHop:
        return "PP";
    case CommGroup::EmbeddingSync:
        return "embedding";
    }
    return "TP";
}

TrafficPattern patternOf(CommGroup group)
{
    switch (group) {
    case CommGroup::Ep:
        return TrafficPattern::AllToAll;
    case CommGroup::PipelineHop:
        return TrafficPattern::PointToPoint;
    default:
        return TrafficPattern::Ring;
    }
}

GroupShape groupShape(CommGroup group, const ParallelDegrees& degrees, const RankOrder& order)
{
    const DimSizes dense = denseSizes(degrees);
    const DimSizes expert = expertSizes(degrees);
    auto along = [&](ParallelDim dim, const DimSizes& sizes) {
        return Axis{ sizes[size_t(dim)], strideOf(dim, sizes, order) };
    };
    GroupShape shape;
    shape.pattern = patternOf(group);
    shape.ranks = degrees.ranks();
    switch (group) {
    case CommGroup::Tp:
        shape.axes[0] = along(ParallelDim::Tp, dense);
        break;
    case CommGroup::Cp:
        shape.axes[0] = along(ParallelDim::Cp, dense);
        break;
    case CommGroup::Ep:
        shape.axes[0] = along(ParallelDim::Ep, expert);
        break;
    case CommGroup::ExpertTp:
        shape.axes[0] = along(ParallelDim::Tp, expert);
        break;
    case CommGroup::DataParallel:
        shape.axes = { along(ParallelDim::Cp, dense), along(ParallelDim::Dp, dense) };
        break;
    case CommGroup::ExpertDataParallel:
        shape.axes[0] = along(ParallelDim::Dp, expert);
        break;
    case CommGroup::PipelineHop:
    case CommGroup::EmbeddingSync:
        shape.form = group == CommGroup::PipelineHop ? GroupShape::Form::Neighbours : GroupShape::Form::Ends;
        shape.axes[0] = along(ParallelDim::Pp, dense);
        break;
    }
    // An axis of size 1 adds nothing: cleared and moved last, so that equal groups have equal shapes
    // (dense DP without CP is expert DP without EP).
    for (Axis& axis : shape.axes)
        if (axis.size <= 1)
            axis = Axis{};
    if (shape.axes[0].size <= 1)
        std::swap(shape.axes[0], shape.axes[1]);
    return shape;
}

std::vector<std::vector<int64_t>> rankGroups(const GroupShape& shape) { return rankGroups(shape, 0, shape.ranks); }

std::vector<std::vector<int64_t>> rankGroups(const GroupShape& shape, int64_t firstRank, int64_t endRank)
{
    std::vector<std::vector<int64_t>> groups = groupsAlong(shape.axes, shape.ranks, firstRank, endRank);
    if (shape.form == GroupShape::Form::Axes)
        return groups;
    auto touches = [&](int64_t a, int64_t b) {
        return (a >= firstRank && a < endRank) || (b >= firstRank && b < endRank);
    };
    std::vector<std::vector<int64_t>> ends;
    for (const std::vector<int64_t>& stages : groups) {
        if (shape.form == GroupShape::Form::Ends)
            ends.push_back({ stages.front(), stages.back() });
        else
            for (size_t k = 0; k + 1 < stages.size(); ++k)
                if (touches(stages[k], stages[k + 1]))
                    ends.push_back({ stages[k], stages[k + 1] });
    }
    if (shape.form == GroupShape::Form::Ends)
        std::erase_if(ends, [&](const std::vector<int64_t>& pair) { return !touches(pair[0], pair[1]); });
    return ends;
}

int64_t denseCoordinate(int64_t rank, ParallelDim dim, const ParallelDegrees& degrees, const RankOrder& order)
{
    const DimSizes sizes = denseSizes(degrees);
    return (rank / strideOf(dim, sizes, order)) % std::max<int64_t>(sizes[size_t(dim)], 1);
}

int64_t firstRankOfGroup(int64_t rank, const GroupShape& shape) { return firstOfGroup(rank, shape.axes); }

int64_t groupCount(const GroupShape& shape)
{
    const int64_t size = shape.members();
    if (size < 2)
        return 0;
    const int64_t lines = shape.ranks / size;
    return shape.form == GroupShape::Form::Neighbours ? lines * (size - 1) : lines;
}

bool isNodeAligned(const GroupShape& shape, int64_t gpusPerNode)
{
    if (gpusPerNode <= 0 || shape.ranks % gpusPerNode != 0)
        return false;
    for (const Axis& a : shape.axes) {
        if (a.size <= 1)
            continue;
        // An axis that starts inside a node and runs on across nodes splits into the two.
        const int64_t span = a.size * a.stride;
        const bool overNodes = a.stride % gpusPerNode == 0;
        const bool fromInside = gpusPerNode % a.stride == 0
            && (span <= gpusPerNode ? gpusPerNode % span == 0 : span % gpusPerNode == 0);
        if (!overNodes && !fromInside)
            return false;
    }
    return true;
}

int64_t membersOnFirstNode(const GroupShape& shape, int64_t gpusPerNode)
{
    if (shape.form != GroupShape::Form::Axes)
        return 1;
    const auto& [outer, inner] = shape.axes;
    int64_t members = 0;
    for (int64_t i = 0; i < outer.size && i * outer.stride < gpusPerNode; ++i)
        for (int64_t j = 0; j < inner.size && i * outer.stride + j * inner.stride < gpusPerNode; ++j)
            ++members;
    return members;
}

} // namespace paraplan
