// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/scaling_json.h"

#include "core/io/result_json.h"

#include <cmath>

// Unity builds merge the anonymous namespaces of a batch's files: the helpers live in one of their own.
namespace paraplan::io::scaling_parts {

namespace {

// The contract forbids NaN and infinities: a figure that is not finite is written as absent.
nlohmann::json finiteOrNull(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

// A sample's result object with what a curve adds to it: the batch it ran and its price per token.
nlohmann::json sampleJson(const ScalingSample& sample)
{
    nlohmann::json j = toJson(sample.result);
    j["global_batch"] = sample.scenario.training.globalBatch;
    j["micro_batch"] = sample.scenario.training.microBatch;
    j["cost_per_mtoken_usd"] = sample.costPerMillionTokensUsd ? finiteOrNull(*sample.costPerMillionTokensUsd) : nlohmann::json();
    return j;
}

nlohmann::json pointJson(const ScalingPoint& p)
{
    return { { "nodes", p.nodes },
             { "gpus", p.gpus },
             { "dp", p.dp > 0 ? nlohmann::json(p.dp) : nlohmann::json() },
             { "current", sampleJson(p.current) },
             { "best", p.best ? sampleJson(*p.best) : nlohmann::json() } };
}

// The keys of a result's `groups` entries (result_json.cpp).
nlohmann::json groupJson(const std::optional<GroupReport>& g)
{
    if (!g)
        return nullptr;
    return { { "kind", toString(g->group) },       { "size", g->size },
             { "count", g->count },                { "nodes_spanned", g->nodesSpanned },
             { "bus_GBps", finiteOrNull(g->busGBps) }, { "latency_us", finiteOrNull(g->latencyUs) },
             { "bound_by", g->boundBy },           { "sharing", g->sharing },
             { "slowdown", finiteOrNull(g->slowdown) } };
}

nlohmann::json fromTo(double from, double to) { return { { "from", finiteOrNull(from) }, { "to", finiteOrNull(to) } }; }

nlohmann::json causeJson(const ScalingCause& c)
{
    nlohmann::json group;
    if (c.groupBefore || c.groupAfter)
        group = { { "kind", toString((c.groupAfter ? c.groupAfter : c.groupBefore)->group) },
                  { "from", groupJson(c.groupBefore) },
                  { "to", groupJson(c.groupAfter) } };
    return { { "component", componentKey(c.component) },
             { "step_s", fromTo(c.comparison.stepA, c.comparison.stepB) },
             { "exposed_s", { { "from", finiteOrNull(c.secondsBefore) },
                              { "to", finiteOrNull(c.secondsAfter) },
                              { "perfect", finiteOrNull(c.secondsPerfect) } } },
             { "hidden_s", fromTo(c.hiddenBefore, c.hiddenAfter) },
             { "group", group },
             { "within_band", c.comparison.noRealDifference } };
}

nlohmann::json markJson(const std::optional<ScalingMark>& mark, const std::vector<ScalingPoint>& points)
{
    if (!mark)
        return nullptr;
    return { { "nodes", points[mark->point].nodes },
             { "from_nodes", points[mark->from].nodes },
             { "to_nodes", points[mark->to].nodes },
             { "marginal_efficiency", finiteOrNull(mark->marginalEfficiency) },
             { "summary", mark->summary.text },
             { "explanation", mark->explanation.text },
             { "cause", causeJson(mark->cause) } };
}

} // namespace

} // namespace paraplan::io::scaling_parts

namespace paraplan::io {

nlohmann::json toJson(const ScalingCurve& curve)
{
    using namespace scaling_parts;
    nlohmann::json points = nlohmann::json::array();
    for (const ScalingPoint& p : curve.points)
        points.push_back(pointJson(p));
    nlohmann::json notes = nlohmann::json::array();
    for (const Sentence& note : curve.notes)
        notes.push_back(note.text);
    return { { "batch_mode", toString(curve.batch) },
             { "scenario_nodes", curve.scenarioNodes },
             { "notes", notes },
             { "problem", curve.problem ? nlohmann::json(curve.problem->text) : nlohmann::json() },
             { "points", points },
             { "stops_paying", { { "current", markJson(curve.current.stopsPaying, curve.points) },
                                 { "best", markJson(curve.best.stopsPaying, curve.points) } } },
             { "peak", { { "current", markJson(curve.current.peak, curve.points) },
                         { "best", markJson(curve.best.peak, curve.points) } } } };
}

} // namespace paraplan::io
