// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <QString>

// What a user runs on a cluster to confirm the scenario there: an mpirun command line, or a Slurm
// batch script. One rank per GPU of the scenario; the results file comes back through "Import
// results…". Every path and name becomes one shell word, whatever characters it holds.
namespace paraplan::widgets {

struct LaunchSpec {
    QString scenarioFile = QStringLiteral("scenario.json"); // as the cluster sees it
    QString resultsFile = QStringLiteral("results.jsonl");
    QString command = QStringLiteral("confirm"); // or "bench"
    QString probe = QStringLiteral("paraplan-probe");
};

// mpirun -np N --map-by ppr:G:node paraplan-probe confirm --scenario S --output R
[[nodiscard]] QString mpirunCommand(const Scenario& scenario, const LaunchSpec& spec);
// #SBATCH --nodes, --ntasks-per-node, --gpus-per-node, then srun paraplan-probe ...
[[nodiscard]] QString slurmScript(const Scenario& scenario, const LaunchSpec& spec);

} // namespace paraplan::widgets
