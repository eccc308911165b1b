// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/search_ties.h"

#include "core/explore/uncertainty.h"

#include <algorithm>
#include <array>

namespace paraplan {

namespace {

// A schedule the framework's release lacks needs a fork or a library (validation's warning).
double scheduleOutsideFramework(const Result& r)
{
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                       [](const Diagnostic& d) { return d.code == "schedule_outside_framework"; })
        ? 1
        : 0;
}

double exposedCommunication(const Result& r) { return r.time.exposedCommunication(); }

double tpAcrossNodes(const Result& r)
{
    const GroupReport* tp = findGroup(r.groups, CommGroup::Tp);
    return tp && tp->crossesNodes ? 1 : 0;
}

double lackOfHeadroom(const Result& r) { return r.memory.total() - r.capacityBytes; }

double predictedStep(const Result& r) { return r.time.step; }

struct Rule {
    TieRule rule;
    double (*score)(const Result&); // lower is more robust
    double alike;                   // scores within this of the best are alike
};

// What puts each entry below the one before it in robust order (None for the first).
using RobustRanking = std::vector<std::pair<size_t, TieRule>>;

class RobustOrder {
public:
    RobustOrder(const std::vector<SearchEntry>& entries, double fastestStep, double capacityBytes)
        : m_entries(entries)
        , m_rules{ { { TieRule::FrameworkSchedule, scheduleOutsideFramework, 0.5 },
                     { TieRule::ExposedCommunication, exposedCommunication, kAlikeCommunicationShare * fastestStep },
                     { TieRule::TpWithinNodes, tpAcrossNodes, 0.5 },
                     { TieRule::MemoryHeadroom, lackOfHeadroom, kAlikeHeadroomShare * capacityBytes },
                     { TieRule::PredictedStep, predictedStep, kAlikeStepShare * fastestStep } } }
    {
    }

    // The entries of `group` (indices) in robust order from rule `ruleIndex` on.
    [[nodiscard]] RobustRanking rank(std::vector<size_t> group, size_t ruleIndex) const
    {
        if (ruleIndex == m_rules.size()) // no rule tells them apart: the search's order stands
            return inSearchOrder(std::move(group));
        const Rule& rule = m_rules[ruleIndex];
        auto score = [&](size_t i) { return rule.score(m_entries[i].result); };
        std::stable_sort(group.begin(), group.end(), [&](size_t a, size_t b) { return score(a) < score(b); });
        const auto split = std::find_if(group.begin(), group.end(),
                                        [&](size_t i) { return score(i) > score(group.front()) + rule.alike; });
        const std::vector<size_t> alike(group.begin(), split), others(split, group.end());
        RobustRanking ranked
            = alike.size() > 1 ? rank(alike, ruleIndex + 1) : RobustRanking { { alike.front(), TieRule::None } };
        if (!others.empty()) {
            RobustRanking below = rank(others, ruleIndex);
            below.front().second = rule.rule;
            ranked.insert(ranked.end(), below.begin(), below.end());
        }
        return ranked;
    }

private:
    [[nodiscard]] static RobustRanking inSearchOrder(std::vector<size_t> group)
    {
        std::sort(group.begin(), group.end());
        RobustRanking ranked;
        for (size_t i : group)
            ranked.push_back({ i, ranked.empty() ? TieRule::None : TieRule::SearchOrder });
        return ranked;
    }

    const std::vector<SearchEntry>& m_entries;
    std::array<Rule, 5> m_rules;
};

} // namespace

void rankTiesByRobustness(SearchResult& search, const Scenario& scenario, const UncertaintyBands& bands, bool calibrated)
{
    std::vector<SearchEntry>& entries = search.best;
    for (SearchEntry& e : entries)
        e.result.uncertainty = uncertaintyOf(scenario, e.result, bands, calibrated);
    if (entries.empty() || !entries.front().result.uncertainty)
        return;
    std::vector<size_t> tied;
    for (size_t i = 0; i < entries.size(); ++i) {
        const auto& band = entries[i].result.uncertainty;
        if (band && withinEachOthersBand(*entries.front().result.uncertainty, *band))
            tied.push_back(i);
    }
    if (tied.size() < 2)
        return;
    const Result& fastest = entries.front().result;
    const RobustRanking ranked = RobustOrder(entries, fastest.time.step, fastest.capacityBytes).rank(tied, 0);
    for (size_t k = 0; k < ranked.size(); ++k) {
        SearchEntry& e = entries[ranked[k].first];
        e.tiedWithBest = true;
        e.robustRank = int64_t(k) + 1;
        e.decidedBy = ranked[k].second;
    }
}

const char* toString(TieRule rule)
{
    switch (rule) {
    case TieRule::None:
        return "";
    case TieRule::FrameworkSchedule:
        return "framework_schedule";
    case TieRule::ExposedCommunication:
        return "exposed_communication";
    case TieRule::TpWithinNodes:
        return "tp_within_nodes";
    case TieRule::MemoryHeadroom:
        return "memory_headroom";
    case TieRule::PredictedStep:
        return "predicted_step";
    case TieRule::SearchOrder:
        return "search_order";
    }
    return "";
}

} // namespace paraplan
