// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/launch_scripts.h"

#include <QFileInfo>

namespace paraplan::widgets {

namespace {

QString probeArguments(const LaunchSpec& spec)
{
    return QStringLiteral("%1 %2 --scenario %3 --output %4").arg(spec.probe, spec.command, spec.scenarioFile, spec.resultsFile);
}

// A Slurm job name: the scenario file's base name, without characters the shell would see.
QString jobName(const LaunchSpec& spec)
{
    QString name = QStringLiteral("paraplan-") + QFileInfo(spec.scenarioFile).completeBaseName();
    for (QChar& c : name)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_'))
            c = QLatin1Char('_');
    return name;
}

} // namespace

QString mpirunCommand(const Scenario& scenario, const LaunchSpec& spec)
{
    const ClusterSpec& c = scenario.cluster;
    // ppr: G ranks per node, in order, so rank r lands on node r / G as the model places it.
    return QStringLiteral("mpirun -np %1 --map-by ppr:%2:node %3")
        .arg(c.gpuCount())
        .arg(c.gpusPerNode)
        .arg(probeArguments(spec));
}

QString slurmScript(const Scenario& scenario, const LaunchSpec& spec)
{
    const ClusterSpec& c = scenario.cluster;
    const QString model = QString::fromStdString(scenario.model.name.empty() ? scenario.model.preset : scenario.model.name);
    QString script;
    script += QStringLiteral("#!/bin/bash\n");
    script += QStringLiteral("# ParaPlan: %1 of %2 on %3 GPUs (TP=%4, PP=%5); results in %6\n")
                  .arg(spec.command, model)
                  .arg(c.gpuCount())
                  .arg(scenario.parallel.degrees.tp)
                  .arg(scenario.parallel.degrees.pp)
                  .arg(spec.resultsFile);
    script += QStringLiteral("#SBATCH --job-name=%1\n").arg(jobName(spec));
    script += QStringLiteral("#SBATCH --nodes=%1\n").arg(c.nodes);
    script += QStringLiteral("#SBATCH --ntasks-per-node=%1\n").arg(c.gpusPerNode);
    script += QStringLiteral("#SBATCH --gpus-per-node=%1\n").arg(c.gpusPerNode);
    script += QStringLiteral("#SBATCH --exclusive\n");
    script += QStringLiteral("#SBATCH --time=00:30:00\n\n");
    script += QStringLiteral("srun %1\n").arg(probeArguments(spec));
    return script;
}

} // namespace paraplan::widgets
