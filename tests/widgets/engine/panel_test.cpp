// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The engine panel (issue #5): the ladder adapted to what is attached, cluster launch text, results
// files imported (and refused, naming the line), calibration applied to the workbench, and the
// real paraplan-probe driven through the panel on the host backend.
#include "tests/widgets/gui_fixture.h"

#include "widgets/engine/ladder.h"
#include "widgets/engine/launch_scripts.h"
#include "widgets/engine/panel.h"
#include "widgets/engine/rate_plot.h"
#include "widgets/engine/results_view.h"
#include "widgets/engine/session.h"
#include "widgets/engine/stage_plot.h"
#include "widgets/plots/memory_view.h"
#include "widgets/view_deck.h"

#include "core/io/scenario_writer.h"
#include "core/rules/validation.h"

#include <qcustomplot.h>

#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTreeWidget>

using namespace paraplan;
using namespace paraplan::widgets;

namespace {

Scenario builtinScenario() // Llama 3.1 70B on 8 DGX H100, as the GuiTest fixture opens
{
    return io::readScenarioText(io::builtinDefaultScenarioText(), io::builtinCatalog());
}

QString engineData(const char* name)
{
    return QStringLiteral(PARAPLAN_SOURCE_DIR "/tests/data/engine/") + QLatin1String(name);
}

std::vector<LadderStepId> enabledSteps(const std::vector<LadderStep>& ladder)
{
    std::vector<LadderStepId> ids;
    for (const LadderStep& step : ladder)
        if (step.enabled)
            ids.push_back(step.id);
    return ids;
}

const LadderStep& stepOf(const std::vector<LadderStep>& ladder, LadderStepId id)
{
    return *std::find_if(ladder.begin(), ladder.end(), [id](const LadderStep& s) { return s.id == id; });
}

// Waits (bounded) until the session is idle again.
bool waitUntilIdle(EngineSession* session, int timeoutMs)
{
    QSignalSpy idle(session, &EngineSession::busyChanged);
    while (session->isBusy())
        if (!idle.wait(timeoutMs))
            return false;
    return true;
}

// mpirun refuses root unless told it may (CI containers run as root).
void allowMpirunAsRoot()
{
    qputenv("OMPI_ALLOW_RUN_AS_ROOT", "1");
    qputenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
}

} // namespace

TEST(EngineLadder, StepsNeedingMoreDevicesThanAttachedAreDisabledWithTheReason)
{
    const Scenario scenario = builtinScenario();
    using enum LadderStepId;
    EXPECT_EQ(enabledSteps(buildLadder(scenario, 1, false)), (std::vector{ SingleDevice, Stability }));
    const std::vector<LadderStep> two = buildLadder(scenario, 2, false);
    EXPECT_EQ(enabledSteps(two), (std::vector{ SingleDevice, TensorParallel, CommStress, Stability }));
    EXPECT_EQ(ladderStepBlocker(stepOf(two, DataParallel), false), QStringLiteral("needs 8 GPUs, 2 attached"));
    EXPECT_EQ(ladderStepBlocker(stepOf(two, PipelineParallel), true), QStringLiteral("needs 4 CPU ranks, 2 attached"));
    EXPECT_TRUE(ladderStepBlocker(stepOf(two, TensorParallel), false).isEmpty());
    // A dense model has no expert-parallel step; every other one runs on 8.
    EXPECT_EQ(enabledSteps(buildLadder(scenario, 8, false)).size(), kLadderSteps.size() - 1);
}

TEST(EngineLadder, AMoeModelClimbsAnExpertParallelStep)
{
    const Scenario moe = io::readScenarioText(R"({ "model": { "preset": "deepseek-v3" },
        "training": { "seq_len": 4096, "global_batch": 1024, "precision": "fp8", "fp8_recipe": "blockwise" },
        "cluster": { "preset": "dgx-h100", "nodes": 32 }, "parallel": { "pp": 16, "ep": 64, "moe_dispatcher": "flex" } })",
                                              io::builtinCatalog());
    for (bool cpu : { false, true }) {
        const std::vector<LadderStep> ladder = buildLadder(moe, 8, cpu);
        ASSERT_EQ(ladder.size(), kLadderSteps.size());
        const LadderStep& ep = stepOf(ladder, LadderStepId::ExpertParallel);
        EXPECT_TRUE(ep.enabled) << ladderStepBlocker(ep, cpu).toStdString();
        EXPECT_EQ(ep.scenario.parallel.degrees.ep, 8);
        EXPECT_EQ(ep.scenario.cluster.gpuCount(), 8);
        EXPECT_EQ(ep.scenario.parallel.moeDispatcher, MoeDispatcher::Flex);
        EXPECT_EQ(ep.scenario.model.moeLayers(), 2); // both layers MoE, not the dense first ones
        EXPECT_TRUE(ladderStepConfiguration(ep).contains(QStringLiteral("EP=8")));
        if (cpu) { // the stand-in keeps experts to move tokens between
            EXPECT_EQ(ep.scenario.model.moe.experts, 8);
        }
    }
}

TEST(EngineLadder, DerivedScenariosAreValidRunInSecondsAndHaveTheStepsDegrees)
{
    const Scenario scenario = builtinScenario();
    for (bool cpu : { false, true }) {
        for (const LadderStep& step : buildLadder(scenario, 8, cpu)) {
            const Scenario& s = step.scenario;
            SCOPED_TRACE(ladderStepName(step.id).toStdString());
            EXPECT_FALSE(hasErrors(validateScenario(s)));
            EXPECT_EQ(s.parallel.degrees.tp, step.degrees.tp);
            EXPECT_EQ(s.parallel.degrees.pp, step.degrees.pp);
            EXPECT_EQ(s.parallel.degrees.dp, step.degrees.dp);
            EXPECT_EQ(s.cluster.gpuCount(), step.degrees.ranks()); // one rank per GPU, as the probe requires
            EXPECT_EQ(s.model.layers, 2 * step.degrees.pp);
            EXPECT_GE(s.training.globalBatch / (s.training.microBatch * step.degrees.dp), 4); // a handful of micro-batches
            if (!cpu) { // the real layer shapes on GPUs
                EXPECT_EQ(s.model.hidden, scenario.model.hidden);
                EXPECT_EQ(s.training.seqLen, scenario.training.seqLen);
                EXPECT_EQ(s.training.precision, scenario.training.precision);
            }
            // What the probe reads back is the same scenario.
            const Scenario reread = io::readScenarioText(io::toJson(s).dump(), io::builtinCatalog());
            EXPECT_EQ(reread.parallel.degrees.tp, step.degrees.tp);
            EXPECT_EQ(reread.cluster.gpuCount(), step.degrees.ranks());
        }
    }
    const LadderStep& mixed = stepOf(buildLadder(scenario, 8, false), LadderStepId::Mixed3d);
    EXPECT_EQ(ladderProbeArguments(mixed, QStringLiteral("s.json"), QStringLiteral("r.jsonl"), QStringLiteral("cuda")),
              (QStringList{ QStringLiteral("confirm"), QStringLiteral("--scenario"), QStringLiteral("s.json"),
                            QStringLiteral("--steps"), QStringLiteral("10"), QStringLiteral("--backend"),
                            QStringLiteral("cuda"), QStringLiteral("--output"), QStringLiteral("r.jsonl") }));
    const LadderStep& stress = stepOf(buildLadder(scenario, 8, false), LadderStepId::CommStress);
    EXPECT_EQ(ladderProbeArguments(stress, QStringLiteral("s.json"), QStringLiteral("r.jsonl"), {}).first(),
              QStringLiteral("bench"));
}

TEST(LaunchScripts, MpirunAndSlurmStartOneRankPerGpuOfTheScenario)
{
    const Scenario scenario = builtinScenario(); // 8 nodes of 8 H100
    ASSERT_EQ(scenario.cluster.gpuCount(), 64);
    EXPECT_EQ(mpirunCommand(scenario, LaunchSpec{}),
              QStringLiteral("mpirun -np 64 --map-by ppr:8:node paraplan-probe confirm --scenario scenario.json "
                             "--output results.jsonl"));
    const QString script = slurmScript(scenario, LaunchSpec{});
    EXPECT_TRUE(script.startsWith(QStringLiteral("#!/bin/bash\n")));
    for (const char* line : { "#SBATCH --nodes=8\n", "#SBATCH --ntasks-per-node=8\n", "#SBATCH --gpus-per-node=8\n",
                              "\nsrun paraplan-probe confirm --scenario scenario.json --output results.jsonl\n" })
        EXPECT_TRUE(script.contains(QLatin1String(line))) << line << "\n" << script.toStdString();
}

// The words bash makes of `script`, with `launcher` (mpirun, srun) a function that prints them.
QStringList wordsBashSees(const QString& script, const QString& launcher)
{
    QProcess bash;
    bash.start(QStringLiteral("bash"), { QStringLiteral("-c"), launcher + QStringLiteral("() { printf '%s\\0' \"$@\"; }\n") + script });
    EXPECT_TRUE(bash.waitForFinished(10000));
    return QString::fromUtf8(bash.readAllStandardOutput()).split(QChar(0), Qt::SkipEmptyParts);
}

TEST(LaunchScripts, HostilePathsAndNamesReachTheProbeAsOneWordEach)
{
    Scenario scenario = builtinScenario();
    scenario.model.name = "evil\nprintf MODEL_NAME_RAN\n%2 $(printf MODEL_NAME_RAN)";
    LaunchSpec spec;
    spec.scenarioFile = QStringLiteral("/data/my runs/it's \"$(printf INJECTED)\"\n`id`;*.json");
    spec.resultsFile = QStringLiteral("out dir/r'1'.jsonl");
    spec.probe = QStringLiteral("/opt/para plan/bin/paraplan-probe");
    const QStringList expected = { spec.probe, QStringLiteral("confirm"), QStringLiteral("--scenario"), spec.scenarioFile,
                                   QStringLiteral("--output"), spec.resultsFile };

    const QStringList mpirun = wordsBashSees(mpirunCommand(scenario, spec), QStringLiteral("mpirun"));
    ASSERT_EQ(mpirun.size(), 4 + expected.size()) << mpirun.join(QLatin1Char('|')).toStdString();
    EXPECT_EQ(mpirun.mid(4), expected);

    const QString script = slurmScript(scenario, spec);
    const QStringList srun = wordsBashSees(script, QStringLiteral("srun"));
    EXPECT_EQ(srun, expected) << script.toStdString(); // the model's name stayed in its comment
    EXPECT_FALSE(srun.join(QString()).contains(QStringLiteral("MODEL_NAME_RAN")));
}

TEST_F(GuiTest, EngineIsAViewOfItsOwnAfterTheOthers)
{
    EXPECT_EQ(ViewDeck::key(ViewId::Engine), QStringLiteral("engine"));
    EXPECT_EQ(ViewDeck::fromKey(QStringLiteral("engine")), ViewId::Engine);
    EXPECT_EQ(kViewIds[8], ViewId::Engine); // appended after the first eight: Ctrl+0 .. Ctrl+7 keep their views
    window->deck()->showView(ViewId::Engine);
    QApplication::processEvents();
    EXPECT_TRUE(window->deck()->engine()->isVisible());
    EXPECT_FALSE(window->deck()->memory()->isVisible());
}

TEST_F(GuiTest, AnImportedConfirmRunShowsMeasuredNextToPredictedPerStage)
{
    window->deck()->showView(ViewId::Engine);
    EnginePanel* panel = window->deck()->engine();
    QString error;
    ASSERT_TRUE(window->engine()->importResults(engineData("probe_confirm_host.jsonl"), &error)) << error.toStdString();
    QApplication::processEvents();
    QTableWidget* table = panel->results()->table();
    ASSERT_EQ(table->rowCount(), 1);
    const io::ProbeLog& log = window->engine()->runs().front()->log;
    ASSERT_TRUE(log.measured && log.predictedWithoutFramework);
    EXPECT_TRUE(table->item(0, 0)->text().contains(QStringLiteral("CPU")));
    EXPECT_EQ(table->item(0, 1)->text(), QStringLiteral("2"));
    // Against the model of the step the probe ran (its kernels, no framework), not the scenario's.
    const double ratio = log.measured->stepS / log.predictedWithoutFramework->stepS;
    EXPECT_EQ(table->item(0, 5)->text(), QStringLiteral("%1×").arg(ratio, 0, 'f', 2));
    // Busy, idle and send, measured and predicted, for both stages.
    EngineStagePlot* stages = panel->results()->stagePlot();
    EXPECT_TRUE(stages->isVisible());
    EXPECT_EQ(stages->plot()->plottableCount(), 6);
    int bars = 0;
    for (int i = 0; i < stages->plot()->plottableCount(); ++i)
        bars += qobject_cast<QCPBars*>(stages->plot()->plottable(i))->data()->size();
    EXPECT_EQ(bars, 3 * 2 * 2);
    EXPECT_FALSE(panel->applyButton()->isEnabled()); // no bench measurements to calibrate from
}

TEST_F(GuiTest, ACorruptResultsFileIsRefusedNamingTheLine)
{
    QFile source(engineData("probe_confirm_host.jsonl"));
    ASSERT_TRUE(source.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = source.readAll().split('\n');
    const QString path = directory.filePath(QStringLiteral("corrupt.jsonl"));
    QFile corrupt(path);
    ASSERT_TRUE(corrupt.open(QIODevice::WriteOnly));
    corrupt.write(lines[0] + '\n' + lines[1] + "\n{\"event\": \"measurement\", \"kind\": \n" + lines[2] + '\n');
    corrupt.close();
    QString error;
    EXPECT_FALSE(window->engine()->importResults(path, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("corrupt.jsonl"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("line 3"))) << error.toStdString();
    EXPECT_TRUE(window->engine()->runs().empty());
}

TEST_F(GuiTest, ApplyingABenchRunsCalibrationRepricesTheWorkbench)
{
    window->deck()->showView(ViewId::Engine);
    EnginePanel* panel = window->deck()->engine();
    Workbench* workbench = window->workbench();
    const double modelStep = workbench->evaluation()->result.time.step;
    ASSERT_TRUE(window->engine()->importResults(engineData("probe_bench_host.jsonl")));
    QApplication::processEvents();
    EXPECT_FALSE(panel->results()->computePlot()->rows().empty());
    EXPECT_FALSE(panel->results()->collectivePlot()->rows().empty());
    EXPECT_TRUE(panel->results()->computePlot()->isVisible());
    EXPECT_FALSE(panel->results()->stagePlot()->isVisible());
    ASSERT_TRUE(panel->applyButton()->isEnabled());

    QSignalSpy changed(workbench, &Workbench::calibrationChanged);
    QSignalSpy evaluated(workbench, &Workbench::evaluationAvailable);
    panel->applyButton()->click();
    ASSERT_EQ(changed.size(), 1);
    ASSERT_TRUE(workbench->calibration());
    EXPECT_TRUE(workbench->calibration()->profile().cpu);
    EXPECT_GE(evaluated.size(), 1);
    // CPU GEMM rates are orders of magnitude below an H100's: the step must take longer.
    EXPECT_GT(workbench->evaluation()->result.time.step, modelStep * 1.5);
    EXPECT_TRUE(panel->calibrationLabel()->text().startsWith(QStringLiteral("Calibrated: ")));
    EXPECT_TRUE(panel->calibrationLabel()->text().contains(QStringLiteral("CPU measurements")));
    EXPECT_TRUE(panel->calibrationLabel()->text().contains(QStringLiteral("Overlapped compute runs")));

    const QString profile = directory.filePath(QStringLiteral("profile.json"));
    ASSERT_TRUE(window->engine()->saveProfile(profile));
    workbench->setCalibration(nullptr);
    EXPECT_DOUBLE_EQ(workbench->evaluation()->result.time.step, modelStep);
    EXPECT_TRUE(panel->calibrationLabel()->text().startsWith(QStringLiteral("Not calibrated")));
    ASSERT_TRUE(window->engine()->loadProfile(profile));
    EXPECT_GT(workbench->evaluation()->result.time.step, modelStep * 1.5);
}

TEST_F(GuiTest, AMissingProbeIsReportedInThePanelNotACrash)
{
    EngineSession* session = window->engine();
    session->setProbeProgram(directory.filePath(QStringLiteral("no-such-probe")));
    session->discover();
    ASSERT_TRUE(waitUntilIdle(session, 10000));
    EXPECT_FALSE(session->discovery());
    EXPECT_FALSE(session->devicesMessage().isEmpty());
    EXPECT_TRUE(window->deck()->engine()->messageLabel()->text().contains(QStringLiteral("no-such-probe")));
}

#ifdef PARAPLAN_PROBE_PATH
TEST_F(GuiTest, DiscoveringAndRunningTheFirstStepOnTheHostBackendThroughThePanel)
{
    allowMpirunAsRoot();
    EngineSession* session = window->engine();
    session->setProbeProgram(QStringLiteral(PARAPLAN_PROBE_PATH));
    session->setBackend(ProbeBackend::Host);
    window->deck()->showView(ViewId::Engine);
    EnginePanel* panel = window->deck()->engine();
    session->discover();
    ASSERT_TRUE(waitUntilIdle(session, 60000));
    ASSERT_TRUE(session->discovery()) << session->devicesMessage().toStdString();
    EXPECT_TRUE(session->cpu());
    EXPECT_GE(session->attachedDevices(), 1);
    EXPECT_EQ(panel->devices()->topLevelItemCount(), int(session->attachedDevices()));
    EXPECT_FALSE(panel->ladder()->topLevelItem(0)->isDisabled());

    session->runSteps({ LadderStepId::SingleDevice });
    ASSERT_TRUE(waitUntilIdle(session, 60000));
    ASSERT_EQ(session->runs().size(), 1u);
    const EngineRun& run = *session->runs().front();
    EXPECT_EQ(run.state, EngineRun::State::Succeeded) << run.failure.toStdString();
    EXPECT_TRUE(run.log.measured);
    EXPECT_TRUE(run.log.cpu);
    EXPECT_NE(panel->results()->table()->item(0, 3)->text(), QStringLiteral("—"));
    EXPECT_TRUE(panel->log()->toPlainText().contains(QStringLiteral("confirm finished")));
}

TEST_F(GuiTest, CancellingALongRunEndsItPromptly)
{
    allowMpirunAsRoot();
    EngineSession* session = window->engine();
    session->setProbeProgram(QStringLiteral(PARAPLAN_PROBE_PATH));
    session->setBackend(ProbeBackend::Host);
    session->discover();
    ASSERT_TRUE(waitUntilIdle(session, 60000));
    ASSERT_TRUE(session->discovery());
    QSignalSpy progress(session, &EngineSession::progress);
    session->runSteps({ LadderStepId::Stability }); // 20 steps: far longer than the wait below
    ASSERT_TRUE(progress.wait(30000));
    session->cancel();
    ASSERT_TRUE(waitUntilIdle(session, 15000)); // SIGTERM, then SIGKILL after the grace period
    ASSERT_EQ(session->runs().size(), 1u);
    EXPECT_EQ(session->runs().front()->state, EngineRun::State::Cancelled);
}
#endif
