// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/slurm_script.h"

#include "core/frameworks/launch_environment.h"
#include "core/frameworks/megatron_args.h"

#include <cmath>
#include <cstdio>

// The batch script (docs/frameworks/slurm.md): Slurm's options from src/common/slurm_opt.c of
// SchedMD/slurm, torchrun's from torch/distributed/run.py, the environment and placement of
// launch_environment.cpp, Megatron-LM's arguments of megatron_args.cpp.
//
// - Each node runs one torchrun, which starts one process per GPU: the per-node placement of the
//   environment maps torchrun's local ranks to the GPUs ParaPlan priced. Where the rank table
//   scatters a node's ranks over several nodes, srun starts one process per GPU instead, placed by
//   SLURM_HOSTFILE (--distribution=arbitrary) and pinned to its GPU.
// - The per-node work is a shell function exported to srun's tasks: srun passes the environment,
//   exported functions included, but not bash arrays, so Megatron's arguments are written out.
namespace paraplan::frameworks {

namespace {

// torchrun's default --master-port (torch/distributed/run.py), as Megatron-LM's examples use it
// (examples/gpt3/train_gpt3_175b_distributed.sh @ d98e8a64).
constexpr int kMasterPort = 29500;

bool megatronFamily(Framework f)
{
    return f == Framework::MegatronCore || f == Framework::MegatronLm || f == Framework::Nemo;
}

// Slurm's --time, days-hours:minutes:seconds: the predicted time to train at the slow end of the
// step's band (its 90th percentile over the prediction), rounded up to whole minutes.
std::optional<std::string> timeLimit(const LaunchContext& context, std::string& basis)
{
    const Result& prediction = context.prediction;
    if (!prediction.timeToTrainS || prediction.time.step <= 0)
        return std::nullopt;
    const double slowEnd = prediction.uncertainty ? std::max(1.0, prediction.uncertainty->p90 / prediction.time.step) : 1.0;
    const double minutes = std::ceil(*prediction.timeToTrainS * slowEnd / 60);
    if (!std::isfinite(minutes) || minutes > 1e9)
        return std::nullopt;
    const auto total = int64_t(minutes);
    char text[64];
    std::snprintf(text, sizeof text, "%lld-%02lld:%02lld:00", (long long)(total / 1440), (long long)(total / 60 % 24),
                  (long long)(total % 60));
    char why[160];
    std::snprintf(why, sizeof why, "the predicted %.1f h to train%s", *prediction.timeToTrainS / 3600,
                  slowEnd > 1 ? ", at the slow end of the step's 80 % band" : "");
    basis = why;
    return std::string(text);
}

std::string indented(const std::string& text, int spaces)
{
    std::string out;
    size_t start = 0;
    while (start < text.size()) {
        const size_t end = text.find('\n', start);
        const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        out += (line.empty() ? "" : std::string(size_t(spaces), ' ') + line) + "\n";
        start = end == std::string::npos ? text.size() : end + 1;
    }
    return out;
}

// The launcher, the program and Megatron-LM's arguments, one word or flag per continued line.
std::string commandLines(std::vector<std::string> words, const std::vector<std::string>& arguments)
{
    words.insert(words.end(), arguments.begin(), arguments.end());
    std::string text = "    exec " + words.front();
    for (size_t i = 1; i < words.size(); ++i)
        text += " \\\n        " + words[i];
    return text + "\n";
}

std::string joined(const std::vector<int64_t>& numbers)
{
    std::string text;
    for (int64_t n : numbers)
        text += (text.empty() ? "" : " ") + std::to_string(n);
    return text;
}

} // namespace

LaunchBundle exportSlurm(const LaunchContext& context)
{
    LaunchBundle bundle;
    std::vector<std::string>& notes = bundle.notes;
    const Scenario& s = context.scenario;
    // The script runs Megatron-LM: its arguments and environment are Megatron's, the rank table
    // is the script's own to place (Megatron-LM has no flag for it).
    Scenario launched = s;
    if (!megatronFamily(s.framework.name)) {
        notes.push_back(std::string("framework: the prediction was for ") + toString(s.framework.name)
                        + "; the script runs Megatron-LM, whose defaults differ");
        launched.framework.name = Framework::MegatronCore;
    }
    Scenario untabled = launched;
    untabled.parallel.placement.table.reset();
    Result untabledPrediction = context.prediction;
    untabledPrediction.parallel.placement.table.reset();
    const std::vector<std::string> arguments
        = megatronArguments({ untabled, untabledPrediction, context.header }, notes);
    const std::string environment = environmentShell({ launched, context.prediction, context.header }, notes);

    const int64_t nodes = s.cluster.nodes;
    const int64_t perNode = s.cluster.gpusPerNode;
    const std::optional<std::vector<NodeLaunch>> launches = nodeLaunches(s);
    const bool perGpu = !launches;

    std::string text = "#!/bin/bash\n#SBATCH --job-name=paraplan\n";
    text += "#SBATCH --nodes=" + std::to_string(nodes) + "\n";
    text += "#SBATCH --ntasks-per-node=" + std::to_string(perGpu ? perNode : 1) + "\n";
    text += "#SBATCH --gpus-per-node=" + std::to_string(perNode) + "\n";
    text += "#SBATCH --exclusive\n";
    std::string basis;
    if (const std::optional<std::string> limit = timeLimit(context, basis))
        text += "#SBATCH --time=" + *limit + "\n";
    else
        notes.push_back("--time: the scenario has no training.train_tokens, so no time to train to ask for; the "
                        "partition's default limit applies");
    text += commentBlock(context.header, "# ");
    if (!basis.empty())
        text += "# --time: " + basis + ".\n";
    text += "# Megatron-LM's pretrain_gpt.py on " + std::to_string(nodes) + " x " + std::to_string(perNode)
          + " GPUs: sbatch paraplan_job.sbatch from Megatron-LM's directory (docs/frameworks/slurm.md).\n";
    if (!notes.empty())
        text += "# What the script does not set as ParaPlan planned it:\n" + commentBlock(notes, "#   ");
    text += "set -euo pipefail\n\n";

    // The node hosting rank 0 rendezvous everyone (torchrun's --master-addr, MASTER_ADDR for
    // torch.distributed).
    int64_t masterNode = 0;
    if (launches) {
        for (const NodeLaunch& node : *launches)
            if (node.nodeRank == 0)
                masterNode = node.node;
    } else {
        masterNode = rankTargets(s).node.front();
    }
    text += "mapfile -t paraplan_hosts < <(scontrol show hostnames \"$SLURM_JOB_NODELIST\")\n";
    text += "export MASTER_ADDR=\"${paraplan_hosts[" + std::to_string(masterNode) + "]}\"\n";
    text += "export MASTER_PORT=" + std::to_string(kMasterPort) + "\n";

    if (!perGpu) {
        text += "\n# One torchrun per node, under the environment and placement the plan calls for.\n"
                "paraplan_launch_node() {\n";
        text += indented(environment, 4);
        text += commandLines({ "torchrun", "--nnodes " + std::to_string(nodes), "--nproc-per-node " + std::to_string(perNode),
                               "--node-rank \"$PARAPLAN_NODE_RANK\"", "--master-addr \"$MASTER_ADDR\"",
                               "--master-port \"$MASTER_PORT\"", "pretrain_gpt.py" },
                             arguments);
        text += "}\nexport -f paraplan_launch_node\n"
                "srun --ntasks-per-node=1 --kill-on-bad-exit=1 bash -c paraplan_launch_node\n";
    } else {
        const RankTargets targets = rankTargets(s);
        text += "\n# The rank table moves ranks across nodes: srun starts rank r on the node SLURM_HOSTFILE's line r\n"
                "# names (--distribution=arbitrary), and each process sees only its GPU.\n"
                "paraplan_hostfile=\"paraplan_hosts.$SLURM_JOB_ID\"\n"
                "for paraplan_n in " + joined(targets.node) + "; do\n"
                "    echo \"${paraplan_hosts[$paraplan_n]}\"\n"
                "done > \"$paraplan_hostfile\"\n"
                "export SLURM_HOSTFILE=\"$PWD/$paraplan_hostfile\"\n"
                "\n# Each rank's environment and its GPU; Megatron-LM reads RANK, LOCAL_RANK and WORLD_SIZE.\n"
                "paraplan_launch_rank() {\n";
        text += indented(environment, 4);
        text += "    read -ra paraplan_gpus <<< \"$PARAPLAN_GPU_OF_RANK\"\n"
                "    export CUDA_VISIBLE_DEVICES=\"${paraplan_gpus[$SLURM_PROCID]}\" RANK=\"$SLURM_PROCID\" LOCAL_RANK=0 "
                "WORLD_SIZE=\"$SLURM_NTASKS\"\n";
        text += commandLines({ "python", "pretrain_gpt.py" }, arguments);
        text += "}\nexport -f paraplan_launch_rank\n"
                "srun --ntasks=" + std::to_string(nodes * perNode)
              + " --distribution=arbitrary --kill-on-bad-exit=1 bash -c paraplan_launch_rank\n";
    }
    bundle.files.push_back({ "paraplan_job.sbatch", text });
    return bundle;
}

} // namespace paraplan::frameworks
