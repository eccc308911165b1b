// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/pipeline_split.h"

#include <cstddef>

namespace paraplan {

namespace {

std::vector<int64_t> evenSplit(int64_t layers, int64_t count)
{
    std::vector<int64_t> split(size_t(count), layers / count);
    for (int64_t i = 0; i < layers % count; ++i)
        ++split[size_t(i)];
    return split;
}

// Layers per pipeline rank under Megatron's uneven split, before its chunks divide them; empty
// where Megatron refuses (its problem in `problem`).
std::vector<int64_t> megatronRankLayers(int64_t layers, const ParallelDegrees& d, const ParallelSpec& p, std::string& problem)
{
    const int64_t pp = d.pp;
    if (p.firstStageLayers || p.lastStageLayers) {
        if (p.embeddingAsLayer || p.lossAsLayer) {
            problem = "Megatron takes either the first/last stage layers or the embedding/loss as layers, not both";
            return {};
        }
        int64_t rest = layers, stagesLeft = pp;
        for (const std::optional<int64_t>& given : { p.firstStageLayers, p.lastStageLayers })
            if (given) {
                rest -= *given;
                --stagesLeft;
            }
        if (stagesLeft < 0 || rest < 0 || (stagesLeft > 0 && rest % stagesLeft != 0) || (stagesLeft == 0 && rest != 0)) {
            problem = "the layers left after the first and last stages (" + std::to_string(rest)
                + ") must split evenly over the other " + std::to_string(std::max<int64_t>(stagesLeft, 0)) + " stages";
            return {};
        }
        std::vector<int64_t> ranks(size_t(pp), stagesLeft > 0 ? rest / stagesLeft : 0);
        if (p.firstStageLayers)
            ranks.front() = *p.firstStageLayers;
        if (p.lastStageLayers)
            ranks.back() = *p.lastStageLayers;
        return ranks;
    }
    const int64_t counted = layers + (p.embeddingAsLayer ? 1 : 0) + (p.lossAsLayer ? 1 : 0);
    if (counted % pp != 0) {
        problem = "the layers with the embedding and loss counted (" + std::to_string(counted)
            + ") must split evenly over pp = " + std::to_string(pp);
        return {};
    }
    return std::vector<int64_t>(size_t(pp), counted / pp);
}

std::vector<int64_t> megatronSplit(int64_t layers, const ParallelDegrees& d, const ParallelSpec& p, std::string& problem)
{
    const std::vector<int64_t> ranks = megatronRankLayers(layers, d, p, problem);
    if (ranks.empty())
        return {};
    std::vector<int64_t> split(size_t(d.virtualStages()));
    for (int64_t stage = 0; stage < d.pp; ++stage) {
        if (ranks[size_t(stage)] % d.vpp != 0) {
            problem = "stage " + std::to_string(stage) + "'s " + std::to_string(ranks[size_t(stage)])
                + " layers must split evenly over its vpp = " + std::to_string(d.vpp) + " chunks";
            return {};
        }
        for (int64_t chunk = 0; chunk < d.vpp; ++chunk)
            split[size_t(chunk * d.pp + stage)] = ranks[size_t(stage)] / d.vpp;
    }
    if (p.embeddingAsLayer)
        --split.front();
    if (p.lossAsLayer)
        --split.back();
    if (split.front() < 0 || split.back() < 0) {
        problem = "the first or last virtual stage is left without room for the embedding or the loss";
        return {};
    }
    return split;
}

} // namespace

bool usesMegatronSplit(const ParallelSpec& p)
{
    return p.firstStageLayers || p.lastStageLayers || p.embeddingAsLayer || p.lossAsLayer;
}

std::string megatronSplitProblem(int64_t layers, const ParallelDegrees& d, const ParallelSpec& p)
{
    std::string problem;
    if (usesMegatronSplit(p))
        (void)megatronSplit(layers, d, p, problem);
    return problem;
}

std::vector<int64_t> virtualStageLayers(int64_t layers, const ParallelDegrees& d, const ParallelSpec& p)
{
    const int64_t count = d.virtualStages();
    if (int64_t(p.layersPerStage.size()) == count)
        return p.layersPerStage;
    if (usesMegatronSplit(p)) {
        std::string problem;
        std::vector<int64_t> split = megatronSplit(layers, d, p, problem);
        if (!split.empty())
            return split;
    }
    return evenSplit(layers, count);
}

std::vector<int64_t> trimmedEndsSplit(int64_t layers, int64_t virtualStages, int64_t trim)
{
    if (virtualStages < 3)
        return {};
    const int64_t ends = (layers + virtualStages - 1) / virtualStages - trim; // from the even split's fuller stages
    const int64_t middle = layers - 2 * ends;
    if (ends < 1 || middle < virtualStages - 2)
        return {};
    std::vector<int64_t> split = evenSplit(middle, virtualStages - 2);
    split.insert(split.begin(), ends);
    split.push_back(ends);
    return split;
}

} // namespace paraplan
