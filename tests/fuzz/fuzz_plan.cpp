// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Plan files (core/io/plan_json), as `paraplan-cli plan` reads them (without a file, so a scenario
// path is refused): a plan accepted is planned when every search it asks for is small (few node
// counts of few GPUs, a model of few layers), and its JSON holds no NaN or infinity, nor a null
// outside the fields docs/plan.md lets be null.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "core/explore/phase_plan.h"
#include "core/explore/run_plan.h"
#include "core/io/catalog_reader.h"
#include "core/io/plan_json.h"

#include <nlohmann/json.hpp>


namespace paraplan::fuzz {

namespace {
    // Each count of each hardware, and each phase, runs a search of a few milliseconds at most.
    constexpr size_t kMostPlannedCounts = 4;
    constexpr size_t kMostPlannedPhases = 4;

    bool smallEnoughToPlan(const io::PlanFile& file)
    {
        size_t counts = 0;
        for (const HardwareOption& option : file.request.hardware) {
            counts += option.nodes.size();
            for (int64_t nodes : option.nodes) {
                Scenario s = file.request.scenario;
                s.cluster = option.cluster;
                s.cluster.nodes = nodes;
                if (!smallEnoughToSearch(s))
                    return false;
            }
        }
        if (counts > kMostPlannedCounts || file.phases.size() > kMostPlannedPhases)
            return false;
        for (const PlanPhase& phase : file.phases) {
            Scenario s = file.request.scenario;
            s.cluster.nodes = phase.nodes.value_or(s.cluster.nodes);
            if (!smallEnoughToSearch(s))
                return false;
        }
        return smallEnoughToSearch(file.request.scenario);
    }
} // namespace

int fuzzOne(const uint8_t* data, size_t size)
{
    const auto file = readOrRefuse(
        [&] { return io::readPlan(io::parseJson(textOf(data, size)), io::builtinCatalog(), std::nullopt); });
    if (!file || !smallEnoughToPlan(*file))
        return 0;
    PlanOptions options;
    options.threads = 1; // the fuzzers run one input at a time; sanitizers see one thread
    const RunPlan plan = file->request.hardware.empty() ? RunPlan{} : planRun(file->request, options);
    std::optional<PhasePlan> phases;
    if (!file->phases.empty())
        phases = planPhases(file->request.scenario, file->phases, file->fixedParallel, options);
    for (size_t i : plan.frontier)
        require(i < plan.points.size() && plan.points[i].onFrontier, "a frontier index points at no plan on the frontier");
    requireFinite(io::toJson(*file, plan, phases), "the plan JSON");
    return 0;
}

} // namespace paraplan::fuzz
