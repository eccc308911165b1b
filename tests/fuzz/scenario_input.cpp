// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/fuzz/scenario_input.h"

#include "tests/fuzz/fuzz_target.h"

#include "app/report/text_report.h"

#include "core/explore/uncertainty.h"
#include "core/io/bands_json.h"
#include "core/io/calibration_json.h"
#include "core/io/catalog_reader.h"
#include "core/io/result_json.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"
#include "core/run/goodput.h"
#include "core/step/evaluator.h"

#include <cmath>

namespace paraplan::fuzz {

namespace {
    // Searches of 2 × 8 GPUs and 32 layers take a few milliseconds; the grid grows with both.
    constexpr int64_t kMaxSearchedGpus = 16;
    constexpr int64_t kMaxSearchedLayers = 32;

    // Llama 3.1 8B with TP 2 on two DGX H100 nodes, with `clusterFields` added to its cluster: priced
    // in microseconds, with groups inside a node and across the two.
    std::string smallScenario(const std::string& clusterFields)
    {
        return R"({"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096, "global_batch": 64},
               "cluster": {"preset": "dgx-h100", "nodes": 2)"
            + clusterFields + R"(}, "parallel": {"tp": 2}})";
    }
} // namespace

std::optional<Scenario> readScenarioInput(const uint8_t* data, size_t size)
{
    return readOrRefuse([&] { return io::readScenarioText(textOf(data, size), io::builtinCatalog()); });
}

void requireWrittenScenarioReadsBack(const Scenario& scenario)
{
    const nlohmann::json written = io::toJson(scenario);
    requireFinite(written, "the scenario as written");
    const Scenario back = io::readScenarioText(written.dump(), io::builtinCatalog());
    require(io::toJson(back) == written, "the scenario written and read back differs: " + written.dump());
}

std::string scenarioWithTopology(const std::string& topologyJson)
{
    return smallScenario(R"(, "topology": )" + topologyJson);
}

bool smallEnoughToSearch(const Scenario& scenario)
{
    const ClusterSpec& c = scenario.cluster;
    const bool fewGpus = c.nodes > 0 && c.gpusPerNode > 0 && c.nodes <= kMaxSearchedGpus
        && c.gpusPerNode <= kMaxSearchedGpus && c.gpuCount() <= kMaxSearchedGpus;
    return fewGpus && scenario.model.layers <= kMaxSearchedLayers;
}

Result evaluateAndCheck(const Scenario& scenario, const std::shared_ptr<const Calibration>& calibration)
{
    EvaluateOptions options;
    options.calibration = calibration;
    options.recordTimeline = true;
    Result result = evaluate(scenario, options);
    result.uncertainty = uncertaintyOf(scenario, result, io::builtinUncertaintyBands(), calibration != nullptr);
    if (result.valid)
        result.goodput = goodputOf(scenario, result);
    requireFinite(io::toJson(result), "the result");
    for (const PipelineOp& op : result.timeline)
        require(std::isfinite(op.start) && std::isfinite(op.end) && std::isfinite(op.sendEnd),
            "the timeline holds a non-finite time");
    (void)report::renderEvaluation(scenario, result);
    return result;
}

void requireProfileReadsBackAndPrices(const CalibrationProfile& profile)
{
    const nlohmann::json written = io::toJson(profile);
    requireFinite(written, "the calibration profile as written");
    const CalibrationProfile back = io::readCalibrationProfile(written.dump());
    require(io::toJson(back) == written, "the profile written and read back differs: " + written.dump());
    if (profile.cpu)
        return;
    static const Scenario small = io::readScenarioText(smallScenario(""), io::builtinCatalog());
    (void)evaluateAndCheck(small, std::make_shared<const Calibration>(back));
}

} // namespace paraplan::fuzz
