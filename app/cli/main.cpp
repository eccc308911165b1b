// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"

#include "core/spec/version.h"

#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr const char* kUsage = R"(usage: paraplan-cli COMMAND [ARGS]

Commands:
  evaluate [SCENARIO.json] [--calibration PROFILE.json] [--json]
                                        price one configuration (the built-in default without a file)
  trace [SCENARIO.json] [-o TRACE.json] [--calibration PROFILE.json]
                                        the same configuration's simulated step as a Chrome trace
                                        for ui.perfetto.dev or chrome://tracing (docs/trace.md);
                                        on stdout without -o or with -o -
  import-trace SCENARIO.json TRACE... [--steps N] [--calibration PROFILE.json] [--json]
                                        hold measured traces (PyTorch profiler JSON or Nsight
                                        Systems' `nsys export --type=sqlite`, one per rank) against
                                        the prediction: per stage and kernel class (GEMM, attention,
                                        norms, elementwise, NCCL by kind, idle) measured vs
                                        predicted, and what stands out (docs/trace.md); --steps: the
                                        steps a trace without ProfilerStep annotations holds
  export [SCENARIO.json] --to FORMAT [-o PATH] [--calibration PROFILE.json]
                                        the configuration as the files that launch it: megatron,
                                        megatron-bridge, nemo-yaml, deepspeed, torchtitan-toml,
                                        torchtitan-py, env (NCCL settings and rank placement),
                                        slurm; headed by what ParaPlan predicted; -o names the
                                        file, or the folder of a format that writes several
                                        (docs/frameworks/)
  import FILE|FOLDER [--format FORMAT] [--base SCENARIO.json]
                                        a Hugging Face config.json (the model object alone), a
                                        Megatron-LM command line or script, a Megatron-Bridge
                                        recipe, a NeMo YAML, a DeepSpeed JSON or a torchtitan
                                        TOML / Python config as a scenario (JSON on stdout; what
                                        the file does not say comes from --base or the built-in
                                        default, named on stderr)
  import-log SCENARIO.json LOG [--format megatron|torchtitan|deepspeed] [--cases-out CASES.json [--id ID]]
             [--calibration PROFILE.json] [--json]
                                        a training log (Megatron-LM, torchtitan, DeepSpeed) held
                                        against the prediction: its steady-state median step
                                        (warm-up skipped, outliers named) over the predicted one;
                                        --cases-out adds it to a case file for `fit`
                                        (docs/frameworks/logs.md)
  advise [SCENARIO.json] [--baseline BEFORE.json] [--symptom CODE ...] [--calibration PROFILE.json] [--json]
                                        what to change and what it gains: findings (bubble, uneven
                                        stages, groups on slow links, overlap, memory, micro-batch,
                                        KV heads, a changed global batch), each change re-evaluated
                                        and given as a JSON merge patch; --symptom ranks the causes
                                        of what the cluster shows: low_gpu_utilization,
                                        loss_spikes_after_dp_change, hang_at_step,
                                        oom_with_free_memory, multi_node_slower,
                                        one_gpu_memory_higher (docs/advisor.md)
  search SCENARIO.json [--top K] [--calibration PROFILE.json] [--json]
                                        rank every valid configuration of the scenario's model,
                                        cluster and batch by throughput among those that fit
  scale [SCENARIO.json] --nodes A..B [--step K] [--batch fixed|per-replica] [--current-only | --unpinned]
        [--calibration PROFILE.json] [--json]
                                        step, tokens/s, MFU and $/Mtoken against the node count for
                                        the configuration held and the best at each count, and where
                                        adding nodes stops paying, explained (docs/scaling.md)
  plan PLAN.json [--calibration PROFILE.json] [--json]
                                        the whole run: for each kind of hardware and node count the
                                        best configuration through failures, checkpoints and
                                        restarts; the fastest plan within the budget, the cheapest
                                        that meets the deadline, the time-cost frontier, and a run
                                        in phases against one configuration throughout (docs/plan.md)
  sensitivity [SCENARIO.json] [--compare B.json] [--calibration PROFILE.json] [--json]
                                        how far the step moves when each uncertain input moves by a
                                        realistic amount (a tornado), and with --compare whether any
                                        such move reverses which configuration is faster
                                        (docs/sensitivity.md)
  report [SCENARIO.json] -o REPORT.pdf|REPORT.html [--compare A.json] [--lang en|zh_CN] [--log TRAINING.log ...]
         [--trace RANK_TRACE ...] [--calibration PROFILE.json] [--plan PLAN.json]
                                        the report for management: a summary page (step, throughput
                                        and MFU with their bands, cost, verdict, top findings, one
                                        chart), the daily efficiency report, memory, timeline,
                                        topology, scaling, sensitivity and the assumptions; vector
                                        charts, fonts embedded (docs/report.md)
  validate CASES.json [...] [--summary] [--json] [--only PREFIX,...] [--set PATH=VALUE ...]
           [--constant NAME=VALUE ...] [--calibration PROFILE.json]
           [--cross-validate [--params a,b] [--evaluations N]]
                                        predicted vs published for measured training runs;
                                        --only keeps cases whose id starts with a prefix,
                                        --set applies a what-if to every scenario;
                                        --calibration replaces the model's GEMM rates and bus
                                        bandwidths by measured ones (docs/calibration.md);
                                        --constant sets an efficiency constant (a what-if);
                                        --cross-validate predicts each group of runs with
                                        constants fitted on the other groups
  fit CASES.json [...] [--params a,b] [--evaluations N] [--only ...] [--set ...]
                                        fit the efficiency constants to measured runs
  presets                               list the built-in GPUs, clusters and models
  topo-import FILE [--nvlink-GBps-per-link X] [--pcie-GBps X] [--nic-GBps X] [--socket-GBps X]
                                        turn the output of `nvidia-smi topo -m` into a node of
                                        cluster.topology (JSON on stdout)
  calibration import-nccl-tests FILE... [--device NAME] [--collective NAME]
                                        turn nccl-tests output (all_reduce_perf, all_gather_perf,
                                        reduce_scatter_perf, alltoall_perf, sendrecv_perf) into a
                                        calibration profile (JSON on stdout)

Exit codes: 0 success, 1 unreadable input or usage, 2 invalid scenario.
)";

} // namespace

int main(int argc, char** argv)
{
    using namespace paraplan::cli;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args.front() == "--help" || args.front() == "-h" || args.front() == "help") {
        (args.empty() ? std::cerr : std::cout) << kUsage;
        return args.empty() ? kExitUnreadable : kExitOk;
    }
    if (args.front() == "--version") {
        std::cout << "paraplan-cli " << paraplan::kVersion << "\n";
        return kExitOk;
    }
    const std::string command = args.front();
    Arguments rest(std::vector<std::string>(args.begin() + 1, args.end()));
    try {
        if (command == "evaluate")
            return runEvaluate(rest, std::cout, std::cerr);
        if (command == "search")
            return runSearch(rest, std::cout, std::cerr);
        if (command == "validate")
            return runValidate(rest, std::cout, std::cerr);
        if (command == "fit")
            return runFit(rest, std::cout, std::cerr);
        if (command == "presets")
            return runPresets(rest, std::cout, std::cerr);
        if (command == "topo-import")
            return runTopoImport(rest, std::cout, std::cerr);
        if (command == "calibration")
            return runCalibration(rest, std::cout, std::cerr);
        if (command == "trace")
            return runTrace(rest, std::cout, std::cerr);
        if (command == "import-trace")
            return runImportTrace(rest, std::cout, std::cerr);
        if (command == "export")
            return runExport(rest, std::cout, std::cerr);
        if (command == "import")
            return runImport(rest, std::cout, std::cerr);
        if (command == "import-log")
            return runImportLog(rest, std::cout, std::cerr);
        if (command == "advise")
            return runAdvise(rest, std::cout, std::cerr);
        if (command == "scale")
            return runScale(rest, std::cout, std::cerr);
        if (command == "plan")
            return runPlan(rest, std::cout, std::cerr);
        if (command == "sensitivity")
            return runSensitivity(rest, std::cout, std::cerr);
        if (command == "report")
            return runReport(rest, std::cout, std::cerr);
    } catch (const std::exception& e) { // a bug, not bad input: say so rather than abort
        std::cerr << "paraplan-cli: internal error: " << e.what() << "\n";
        return kExitUnreadable;
    }
    std::cerr << "paraplan-cli: unknown command \"" << command << "\"\n\n" << kUsage;
    return kExitUnreadable;
}
