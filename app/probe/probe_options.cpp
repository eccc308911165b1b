// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/probe/probe_options.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace paraplan::probe {

namespace {

double number(const std::string& option, const std::string& text, double low, double high)
{
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value) || value < low || value > high)
        throw std::invalid_argument(option + " expects a number from " + std::to_string(int(low)) + " to "
                                    + std::to_string(int(high)) + ", got \"" + text + "\"");
    return value;
}

int whole(const std::string& option, const std::string& text, int low, int high)
{
    const double value = number(option, text, low, high);
    if (value != std::floor(value))
        throw std::invalid_argument(option + " expects a whole number, got \"" + text + "\"");
    return int(value);
}

} // namespace

ProbeOptions parseProbeOptions(const std::vector<std::string>& args)
{
    if (args.empty())
        throw std::invalid_argument("no command given");
    ProbeOptions o;
    o.command = args.front();
    if (o.command != "discover" && o.command != "bench" && o.command != "confirm")
        throw std::invalid_argument("unknown command \"" + o.command + "\"; use discover, bench or confirm");
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string& option = args[i];
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size())
                throw std::invalid_argument(option + " needs a value");
            return args[++i];
        };
        if (option == "--backend")
            o.backend = value();
        else if (option == "--scenario")
            o.scenario = value();
        else if (option == "--output")
            o.output = value();
        else if (option == "--profile-out")
            o.profileOut = value();
        else if (option == "--calibration")
            o.calibration = value();
        else if (option == "--watchdog-s")
            o.watchdogSeconds = number(option, value(), 1, 86400);
        else if (option == "--warmup")
            o.warmup = whole(option, value(), 0, 1000);
        else if (option == "--iterations")
            o.iterations = whole(option, value(), 1, 100000);
        else if (option == "--steps")
            o.steps = whole(option, value(), 1, 1000);
        else if (option == "--trace-out")
            o.traceOut = value();
        else if (option == "--slow-norms") {
            const std::string text = value();
            const size_t colon = text.find(':');
            if (colon == std::string::npos)
                throw std::invalid_argument("--slow-norms expects STAGE:FACTOR (e.g. 3:2.3), got \"" + text + "\"");
            o.slowNormStage = whole(option + " (stage)", text.substr(0, colon), 0, 1 << 20);
            o.slowNormFactor = number(option + " (factor)", text.substr(colon + 1), 1, 1000);
        } else if (option == "--stall-rank")
            o.stallRank = whole(option, value(), 0, 1 << 20);
        else if (option == "--crash-rank")
            o.crashRank = whole(option, value(), 0, 1 << 20);
        else
            throw std::invalid_argument("unknown option \"" + option + "\"");
    }
    if (o.command != "confirm" && (!o.traceOut.empty() || o.slowNormStage >= 0))
        throw std::invalid_argument("--trace-out and --slow-norms belong to confirm");
    if ((o.command == "bench" || o.command == "confirm") && o.scenario.empty())
        throw std::invalid_argument(o.command + " needs --scenario FILE");
    return o;
}

std::string probeUsage()
{
    return "usage: paraplan-probe COMMAND [OPTIONS]   (under mpirun -np N or srun for several ranks)\n"
           "\n"
           "Commands:\n"
           "  discover                     the devices of every rank and the topology between them\n"
           "  bench --scenario S           the scenario's GEMMs, attention and collectives, measured, and\n"
           "                               (2 ranks or more) a GEMM's slowdown beside all-reduces\n"
           "  confirm --scenario S         a synthetic training step on the real placement and schedule\n"
           "\n"
           "Options:\n"
           "  --backend cuda|host          GPUs (CUDA, cuBLASLt, NCCL; cuda where its plugin loads) or CPUs\n"
           "                               (BLAS, MPI; labelled as CPU)\n"
           "  --output FILE                every event also in FILE, rewritten atomically as they arrive\n"
           "  --profile-out FILE           bench: the calibration profile built from the measurements\n"
           "  --calibration FILE           confirm: predict with this calibration profile\n"
           "  --warmup N --iterations N    bench: untimed and timed repetitions (3, 10)\n"
           "  --steps N                    confirm: timed steps after one warm-up step (3)\n"
           "  --trace-out DIR              confirm: each rank's timed steps kernel by kernel, as a PyTorch\n"
           "                               profiler trace, in DIR/rank<R>.pt.trace.json (docs/trace.md)\n"
           "  --slow-norms STAGE:FACTOR    confirm: that stage's norms move FACTOR times their bytes (a slow\n"
           "                               LayerNorm for an imported trace to reveal)\n"
           "  --watchdog-s S               abort a step that takes longer (300)\n"
           "  --stall-rank R, --crash-rank R   make rank R hang or die (to see the run end cleanly)\n"
           "  --version, --help            the version, this text\n"
           "\n"
           "Output: one JSON event per line on stdout (docs/engine-protocol.md). Exit 0 on success, 1 on an\n"
           "error event, 2 for a scenario that breaks a rule, 3 when the watchdog aborted the run.\n";
}

} // namespace paraplan::probe
