// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/report/text_report.h"

#include "core/io/calibration_json.h"
#include "core/io/json_reader.h"
#include "core/io/nccl_tests_import.h"
#include "core/io/probe_log.h"

#include <ostream>

namespace paraplan::cli {

namespace {

constexpr const char* kCalibrationUsage
    = "usage: paraplan-cli calibration import-nccl-tests FILE... [--device NAME] [--collective NAME]\n"
      "  FILE: what all_reduce_perf, all_gather_perf, reduce_scatter_perf, alltoall_perf or sendrecv_perf\n"
      "  printed; several files merge into one profile (JSON on stdout). --collective (all_reduce,\n"
      "  all_gather, reduce_scatter, all_to_all, send_recv) is the test of files that do not say which\n"
      "  they ran; --device names what the profile describes (default: the GPU the files name).\n"
      "       paraplan-cli calibration from-probe RESULTS\n"
      "  RESULTS: what `paraplan-probe bench` wrote (its stdout, or its --output file); prints the\n"
      "  profile its measurements make, the same one `bench --profile-out` writes.\n";

// The collectives nccl-tests import can take, by the names of the profile format.
std::optional<Collective> importableCollective(const std::string& name)
{
    const std::optional<Collective> c = collectiveNamed(name);
    const bool importable = c && *c != Collective::Broadcast && *c != Collective::Reduce;
    return importable ? c : std::nullopt;
}

int importNcclTests(Arguments args, std::ostream& out, std::ostream& err)
{
    std::string error;
    const std::optional<std::string> device = args.option("--device", error);
    const std::optional<std::string> collectiveName = args.option("--collective", error);
    const std::vector<std::string> files = args.positional(error);
    std::optional<Collective> unnamed;
    if (collectiveName && error.empty() && !(unnamed = importableCollective(*collectiveName)))
        error = "--collective takes all_reduce, all_gather, reduce_scatter, all_to_all or send_recv, not \""
            + *collectiveName + "\"";
    if (error.empty() && files.empty())
        error = "give at least one file of nccl-tests output";
    if (!error.empty()) {
        err << "paraplan-cli calibration import-nccl-tests: " << error << "\n" << kCalibrationUsage;
        return kExitUnreadable;
    }

    CalibrationProfile profile;
    std::string firstDeviceFile;
    for (const std::string& file : files) {
        const std::optional<std::string> text = readInputFile(file, error);
        if (!text) {
            err << "paraplan-cli: " << error << "\n";
            return kExitUnreadable;
        }
        io::NcclTestsRun run;
        try {
            run = io::importNcclTests(*text, unnamed);
        } catch (const io::ReadError& e) {
            err << "paraplan-cli: " << file << ": " << e.what() << "\n";
            if (!unnamed && std::string(e.what()).find(io::kNameTheCollective) != std::string::npos)
                err << "paraplan-cli: --collective NAME says which test a file ran (all_reduce, all_gather, "
                       "reduce_scatter, all_to_all, send_recv)\n";
            return kExitUnreadable;
        }
        for (const io::SkippedRow& skipped : run.skipped)
            err << "paraplan-cli: " << file << ": line " << skipped.line << ": size " << int64_t(skipped.bytes)
                << " left out: nccl-tests found it wrong (#wrong " << skipped.wrong << ")\n";
        if (!device && !firstDeviceFile.empty() && run.device != profile.device) {
            err << "paraplan-cli: " << file << " measured \"" << run.device << "\" but " << firstDeviceFile
                << " measured \"" << profile.device << "\"; give --device NAME to name what the profile describes\n";
            return kExitUnreadable;
        }
        if (firstDeviceFile.empty()) {
            firstDeviceFile = file;
            profile.device = device.value_or(run.device);
        }
        profile.source += std::string(profile.source.empty() ? "nccl-tests: " : "; ") + file + " ("
            + collectiveTraits(run.collective).name + ", "
            + std::to_string(run.ranks) + " ranks on " + std::to_string(run.hosts)
            + (run.hosts == 1 ? " host)" : " hosts)");
        profile.collectives.insert(profile.collectives.end(), run.measurements.begin(), run.measurements.end());
    }
    out << io::toJson(profile).dump(2) << "\n";
    return kExitOk;
}

int fromProbe(Arguments args, std::ostream& out, std::ostream& err)
{
    std::string error;
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() != 1)
        error = "give one results file of paraplan-probe bench";
    if (!error.empty()) {
        err << "paraplan-cli calibration from-probe: " << error << "\n" << kCalibrationUsage;
        return kExitUnreadable;
    }
    const std::optional<std::string> text = readInputFile(files.front(), error);
    if (!text) {
        err << "paraplan-cli: " << error << "\n";
        return kExitUnreadable;
    }
    try {
        const io::ProbeLog log = io::readProbeLog(*text);
        for (const io::ProbeMessage& e : log.errors)
            err << "paraplan-cli: " << files.front() << ": the run reported " << e.code << " on rank " << e.rank
                << ": " << e.message << "\n";
        const CalibrationProfile profile = io::calibrationFromProbe(log, "paraplan-probe: " + files.front());
        // The one figure that replaces a constant of the model outright: say what it rests on.
        if (profile.overlapSlowdown && log.overlap)
            err << "paraplan-cli: " << files.front() << ": " << report::describeOverlap(*log.overlap)
                << ": the profile's overlap_slowdown\n";
        if (!log.finished())
            err << "paraplan-cli: " << files.front() << ": the run ended before its result; the profile holds the "
                   "measurements it finished\n";
        out << io::toJson(profile).dump(2) << "\n";
    } catch (const io::ReadError& e) {
        err << "paraplan-cli: " << files.front() << ": " << e.what() << "\n";
        return kExitUnreadable;
    }
    return kExitOk;
}

} // namespace

int runCalibration(Arguments args, std::ostream& out, std::ostream& err)
{
    const std::optional<std::string> action = args.action();
    if (action == "import-nccl-tests")
        return importNcclTests(std::move(args), out, err);
    if (action == "from-probe")
        return fromProbe(std::move(args), out, err);
    err << "paraplan-cli calibration: "
        << (action ? "unknown action \"" + *action + "\"" : std::string("name the action")) << "\n"
        << kCalibrationUsage;
    return kExitUnreadable;
}

} // namespace paraplan::cli
