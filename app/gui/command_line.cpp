// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/command_line.h"

#include "core/explore/symptoms.h"
#include "core/frameworks/launch_export.h"
#include "widgets/view_deck.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstring>

namespace paraplan::app {

bool wantsOffscreen(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        for (const char* option : { "--screenshot", "--benchmark-interaction", "--report" })
            if (std::strncmp(argv[i], option, std::strlen(option)) == 0)
                return true;
    return false;
}

CommandLine parseCommandLine(const QCoreApplication& app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("CommandLine", "Interactive 3D-parallelism design for LLM training."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("project"), QCoreApplication::translate("CommandLine", "A project or scenario to open."));
    const QCommandLineOption scenario(QStringLiteral("scenario"), QCoreApplication::translate("CommandLine", "Open this scenario or project."),
                                      QStringLiteral("file"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QCoreApplication::translate("CommandLine", "Render offscreen to this PNG and exit."),
                                        QStringLiteral("out.png"));
    const QCommandLineOption view(QStringLiteral("view"),
                                  QCoreApplication::translate("CommandLine",
                                                              "View to render: overview, memory, breakdown, timeline, "
                                                              "bubble, landscape, topology, compare, engine, scaling, "
                                                              "sensitivity, plan, or all."),
                                  QStringLiteral("view"), QStringLiteral("overview"));
    const QCommandLineOption language(QStringLiteral("lang"), QCoreApplication::translate("CommandLine", "Interface language: en or zh_CN."),
                                      QStringLiteral("language"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QCoreApplication::translate("CommandLine", "Window size for rendering (offscreen 1920x1080 "
                                                                             "unless given; in a real window, the size it "
                                                                             "opens at)."),
                                  QStringLiteral("WxH"));
    const QCommandLineOption dark(QStringLiteral("dark"), QCoreApplication::translate("CommandLine", "Use the dark palette."));
    const QCommandLineOption benchmark(QStringLiteral("benchmark-interaction"),
                                       QCoreApplication::translate("CommandLine",
                                                                   "Move the sliders N times offscreen and print the "
                                                                   "change-to-replot times."),
                                       QStringLiteral("N"));
    const QCommandLineOption report(QStringLiteral("report"),
                                    QCoreApplication::translate("CommandLine",
                                                                "Print the evaluation and write the report images into "
                                                                "this folder (what runs when there is no display)."),
                                    QStringLiteral("folder"));
    const QCommandLineOption probeResults(QStringLiteral("probe-results"),
                                          QCoreApplication::translate("CommandLine",
                                                                      "Import a paraplan-probe results file into the "
                                                                      "engine panel (may be given several times)."),
                                          QStringLiteral("file"));
    const QCommandLineOption calibration(QStringLiteral("calibration"),
                                         QCoreApplication::translate("CommandLine",
                                                                     "Price everything with this calibration profile."),
                                         QStringLiteral("profile"));
    const QCommandLineOption measuredTrace(QStringLiteral("measured-trace"),
                                           QCoreApplication::translate("CommandLine",
                                                                       "Draw a measured trace (PyTorch profiler JSON or Nsight "
                                                                       "Systems SQLite, one per rank) under the predicted "
                                                                       "timeline (may be given several times)."),
                                           QStringLiteral("file"));
    const QCommandLineOption import(QStringLiteral("import"),
                                    QCoreApplication::translate("CommandLine",
                                                                "Read a Hugging Face config.json (the model) or a "
                                                                "framework's launch file or config (the scenario) into "
                                                                "the scenario (may be given several times)."),
                                    QStringLiteral("file"));
    const QCommandLineOption launchFiles(QStringLiteral("launch-files"),
                                         QCoreApplication::translate("CommandLine",
                                                                     "With --screenshot: render the Export launch files "
                                                                     "dialog for this format (megatron, megatron-bridge, "
                                                                     "nemo-yaml, deepspeed, torchtitan-toml, torchtitan-py, "
                                                                     "env, slurm)."),
                                         QStringLiteral("format"));
    const QCommandLineOption finding(QStringLiteral("finding"),
                                     QCoreApplication::translate("CommandLine",
                                                                 "Choose the advisor's N-th finding (1 = the first), as a "
                                                                 "click would: its evidence is marked in its view."),
                                     QStringLiteral("N"));
    const QCommandLineOption symptom(QStringLiteral("symptom"),
                                     QCoreApplication::translate("CommandLine",
                                                                 "Choose what the cluster shows in the advisor "
                                                                 "(low_gpu_utilization, loss_spikes_after_dp_change, "
                                                                 "hang_at_step, oom_with_free_memory, multi_node_slower, "
                                                                 "one_gpu_memory_higher)."),
                                     QStringLiteral("code"));
    const QCommandLineOption plan(QStringLiteral("plan"),
                                  QCoreApplication::translate("CommandLine",
                                                              "Open this plan file (docs/plan.md) in the Plan view: its "
                                                              "scenario, hardware, deadline, budget and phases."),
                                  QStringLiteral("file"));
    parser.addOptions({ scenario, screenshot, view, language, size, dark, benchmark, report, probeResults, calibration,
                        measuredTrace, import, launchFiles, finding, symptom, plan });
    parser.process(app);

    CommandLine c;
    c.input = parser.value(scenario);
    if (c.input.isEmpty() && !parser.positionalArguments().isEmpty())
        c.input = parser.positionalArguments().constFirst();
    c.screenshot = parser.value(screenshot);
    c.view = parser.value(view);
    c.language = parser.value(language);
    c.dark = parser.isSet(dark);
    c.reportDirectory = parser.value(report);
    c.probeResults = parser.values(probeResults);
    c.calibration = parser.value(calibration);
    c.measuredTraces = parser.values(measuredTrace);
    c.imports = parser.values(import);
    c.launchFiles = parser.value(launchFiles);
    c.symptom = parser.value(symptom);
    c.plan = parser.value(plan);
    if (!c.symptom.isEmpty() && !parseSymptom(c.symptom.toStdString()))
        c.error = QCoreApplication::translate("CommandLine", "Unknown --symptom \"%1\"; use low_gpu_utilization, "
                                                             "loss_spikes_after_dp_change, hang_at_step, oom_with_free_memory, "
                                                             "multi_node_slower or one_gpu_memory_higher.")
                      .arg(c.symptom);
    if (parser.isSet(finding)) {
        bool ok = false;
        c.finding = parser.value(finding).toInt(&ok);
        if (!ok || c.finding < 1)
            c.error = QCoreApplication::translate("CommandLine", "--finding takes a finding's number, 1 or more.");
    }
    if (!c.launchFiles.isEmpty() && !frameworks::exportFormatNamed(c.launchFiles.toStdString()))
        c.error = QCoreApplication::translate("CommandLine", "Unknown --launch-files format \"%1\"; use megatron, "
                                                             "megatron-bridge, nemo-yaml, deepspeed, torchtitan-toml, "
                                                             "torchtitan-py, env or slurm.")
                      .arg(c.launchFiles);
    if (c.view != QLatin1String("all") && !widgets::ViewDeck::fromKey(c.view))
        c.error = QCoreApplication::translate("CommandLine", "Unknown view \"%1\"; use overview, memory, breakdown, timeline, "
                                                             "bubble, landscape, topology, compare, engine, scaling, "
                                                             "sensitivity, plan or all.")
                      .arg(c.view);
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        bool okW = false, okH = false;
        const QSize given = wh.size() == 2 ? QSize(wh[0].toInt(&okW), wh[1].toInt(&okH)) : QSize();
        if (!okW || !okH || given.width() < 320 || given.height() < 240 || given.width() > 8000 || given.height() > 8000)
            c.error = QCoreApplication::translate("CommandLine", "--size takes WIDTHxHEIGHT between 320x240 and 8000x8000, "
                                                                 "e.g. 1920x1080.");
        else
            c.size = given;
    }
    if (parser.isSet(benchmark)) {
        bool ok = false;
        c.benchmarkMoves = parser.value(benchmark).toInt(&ok);
        if (!ok || c.benchmarkMoves < 1 || c.benchmarkMoves > 1000000)
            c.error = QCoreApplication::translate("CommandLine", "--benchmark-interaction takes a number of moves, e.g. 200.");
    }
    if (!c.language.isEmpty() && c.language != QLatin1String("en") && c.language != QLatin1String("zh_CN"))
        c.error = QCoreApplication::translate("CommandLine", "--lang takes en or zh_CN.");
    return c;
}

} // namespace paraplan::app
