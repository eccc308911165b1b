// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/advice_report.h"
#include "app/report/text_report.h"

#include "core/explore/advisor.h"
#include "core/explore/symptoms.h"
#include "core/io/advice_json.h"

#include <ostream>

namespace paraplan::cli {

namespace {

constexpr const char* kAdviseUsage
    = "usage: paraplan-cli advise [SCENARIO.json] [--baseline BEFORE.json] [--symptom CODE ...] "
      "[--calibration PROFILE.json] [--json]\n"
      "symptoms: low_gpu_utilization, loss_spikes_after_dp_change, hang_at_step, oom_with_free_memory, "
      "multi_node_slower, one_gpu_memory_higher\n";

} // namespace

int runAdvise(Arguments args, std::ostream& out, std::ostream& err)
{
    const bool json = args.flag("--json");
    std::string error;
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::optional<std::string> baselinePath = args.option("--baseline", error);
    std::vector<Symptom> symptoms;
    while (error.empty()) {
        const std::optional<std::string> code = args.option("--symptom", error);
        if (!code)
            break;
        if (const std::optional<Symptom> symptom = parseSymptom(*code))
            symptoms.push_back(*symptom);
        else
            error = "unknown symptom \"" + *code + "\"";
    }
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() > 1)
        error = "advise takes one scenario file";
    if (!error.empty()) {
        err << "paraplan-cli advise: " << error << "\n" << kAdviseUsage;
        return kExitUnreadable;
    }
    const std::string path = files.empty() ? std::string() : files.front();
    const std::optional<Scenario> scenario = loadScenario(path, err);
    if (!scenario)
        return kExitUnreadable;
    std::optional<Scenario> baseline;
    if (baselinePath && !(baseline = loadScenario(*baselinePath, err)))
        return kExitUnreadable;
    EvaluateOptions options;
    if (calibrationPath && !(options.calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;

    const Result result = evaluate(*scenario, options);
    if (!result.valid) {
        err << "paraplan-cli advise: the scenario is invalid:\n" << report::renderDiagnostics(result);
        return kExitInvalid;
    }
    const Advice advice = advise(*scenario, options, baseline);
    std::vector<SymptomDiagnosis> diagnoses;
    for (Symptom symptom : symptoms)
        diagnoses.push_back(diagnoseSymptom(symptom, *scenario, options, baseline));
    if (json) {
        nlohmann::json document = io::toJson(advice, *scenario);
        if (!diagnoses.empty()) {
            document["symptoms"] = nlohmann::json::array();
            for (const SymptomDiagnosis& d : diagnoses)
                document["symptoms"].push_back(io::toJson(d));
        }
        out << document.dump(2) << "\n";
        return kExitOk;
    }
    if (path.empty())
        out << "(built-in default scenario; give a SCENARIO.json to advise on your own)\n";
    out << report::renderAdvice(advice);
    for (const SymptomDiagnosis& d : diagnoses)
        out << "\n" << report::renderSymptom(d);
    return kExitOk;
}

} // namespace paraplan::cli
