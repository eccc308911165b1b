// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/launch_scripts.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace paraplan::widgets {

namespace {

// One shell word whatever `text` holds (spaces, quotes, $(...), newlines): as it is where every
// character is one the shell takes literally, else in single quotes, each ' written as '\''.
QString shellWord(const QString& text)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:=+@%,-]+$"));
    if (plain.match(text).hasMatch())
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

// Text for a comment line: a newline or other control character would end the comment and let
// the rest run as a command.
QString commentText(QString text)
{
    for (QChar& c : text)
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            c = QLatin1Char(' ');
    return text;
}

QString probeArguments(const LaunchSpec& spec)
{
    return QStringLiteral("%1 %2 --scenario %3 --output %4")
        .arg(shellWord(spec.probe), shellWord(spec.command), shellWord(spec.scenarioFile), shellWord(spec.resultsFile));
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
    // One pass of arg(): a "%2" in a model's name stays text.
    script += commentText(QStringLiteral("# ParaPlan: %1 of %2 on %3 GPUs (TP=%4, PP=%5); results in %6")
                              .arg(spec.command, model, QString::number(c.gpuCount()),
                                   QString::number(scenario.parallel.degrees.tp),
                                   QString::number(scenario.parallel.degrees.pp), spec.resultsFile))
        + QLatin1Char('\n');
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
