// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The workbench's state on its own, without a window: what it evaluates, keeps, pins and computes
// in the background, and the signals the views listen to.
#include "widgets/state/workbench.h"

#include "tests/core/scenario_fixtures.h"

#include "core/model/kernel_costs.h"
#include "core/network/calibration.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QSignalSpy>
#include <QThreadPool>

using namespace paraplan;
using namespace paraplan::widgets;

namespace {

Scenario small() { return test::llama8bOnDgxH100(1); }

Scenario broken()
{
    Scenario s = small();
    s.parallel.degrees.tp = 3; // 32 heads do not split three ways
    return s;
}

// Waits for the landscape the workbench is computing (a thread of its own).
LandscapePtr awaitLandscape(Workbench& workbench, QSignalSpy& available)
{
    if (available.isEmpty()) {
        EXPECT_TRUE(available.wait(60000)) << "no landscape within a minute";
    }
    return workbench.landscape();
}

} // namespace

TEST(Workbench, EvaluatesEveryScenarioItIsGiven)
{
    Workbench workbench;
    QSignalSpy available(&workbench, &Workbench::evaluationAvailable);
    QSignalSpy changed(&workbench, &Workbench::scenarioChanged);
    workbench.setScenario(small());
    ASSERT_EQ(available.count(), 1);
    EXPECT_EQ(changed.count(), 1);
    ASSERT_TRUE(workbench.evaluation());
    EXPECT_TRUE(workbench.isCurrentValid());
    EXPECT_TRUE(workbench.evaluation()->result.valid);
    EXPECT_FALSE(workbench.evaluation()->result.timeline.empty()); // the views draw the timeline
    EXPECT_FALSE(workbench.evaluation()->bubbleFractions.empty());
    EXPECT_FALSE(workbench.evaluation()->result.groups.empty()); // the views explain with them
}

TEST(Workbench, KeepsTheLastValidEvaluationWhileTheCurrentBreaksARule)
{
    Workbench workbench;
    workbench.setScenario(small());
    const EvaluationPtr valid = workbench.evaluation();
    QSignalSpy rejected(&workbench, &Workbench::evaluationRejected);
    workbench.setScenario(broken());
    ASSERT_EQ(rejected.count(), 1);
    const auto evaluation = rejected.front().front().value<EvaluationPtr>();
    EXPECT_FALSE(evaluation->result.valid);
    EXPECT_FALSE(evaluation->result.diagnostics.empty());
    EXPECT_FALSE(workbench.isCurrentValid());
    EXPECT_EQ(workbench.evaluation(), valid);
    EXPECT_EQ(workbench.scenario(), broken()); // the user's work is kept as given
}

TEST(Workbench, PinsTheCurrentConfigurationForComparison)
{
    Workbench workbench;
    workbench.setScenario(small());
    QSignalSpy pinned(&workbench, &Workbench::pinnedChanged);
    workbench.pinCurrent();
    ASSERT_EQ(pinned.count(), 1);
    ASSERT_TRUE(workbench.pinned());
    EXPECT_EQ(workbench.pinned()->scenario, small());
    Scenario next = small();
    next.parallel.degrees.tp = 4;
    workbench.setScenario(next);
    EXPECT_EQ(workbench.pinned()->scenario, small()); // A stays while B moves
    workbench.clearPin();
    EXPECT_EQ(pinned.count(), 2);
    EXPECT_FALSE(workbench.pinned());
}

TEST(Workbench, ComputesTheLandscapeOnceForItsInputs)
{
    Workbench workbench;
    workbench.setScenario(small());
    QSignalSpy started(&workbench, &Workbench::landscapeStarted);
    QSignalSpy available(&workbench, &Workbench::landscapeAvailable);
    workbench.requestLandscape();
    const LandscapePtr landscape = awaitLandscape(workbench, available);
    ASSERT_TRUE(landscape);
    EXPECT_GT(landscape->points.size(), 10u);
    EXPECT_EQ(started.count(), 1);

    // Another split of the same model, batch and cluster: the same landscape, not computed again.
    Scenario moved = small();
    moved.parallel.degrees.tp = 4;
    moved.training.microBatch = 2;
    workbench.setScenario(moved);
    workbench.requestLandscape();
    EXPECT_EQ(workbench.landscape(), landscape);
    EXPECT_EQ(started.count(), 1);
}

TEST(Workbench, DropsTheLandscapeWhenWhatItPricesChanges)
{
    for (auto change : { +[](Scenario& s) { s.training.globalBatch = 128; },
                         +[](Scenario& s) { s.parallel.overlapGradReduce = false; } }) {
        Workbench workbench;
        workbench.setScenario(small());
        QSignalSpy available(&workbench, &Workbench::landscapeAvailable);
        workbench.requestLandscape();
        ASSERT_TRUE(awaitLandscape(workbench, available));
        Scenario changed = small();
        change(changed);
        workbench.setScenario(changed);
        EXPECT_FALSE(workbench.landscape());
        ASSERT_GE(available.count(), 2);
        EXPECT_FALSE(available.back().front().value<LandscapePtr>()); // the views clear it
    }
}

// What a landscape request left running does once it is no longer wanted: it computes on, in
// the pool, but nothing of it may reach the views.
void settleBackgroundWork()
{
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
}

TEST(Workbench, AStoppedLandscapeNeverArrivesAndTheNextRequestStartsAfresh)
{
    Workbench workbench;
    workbench.setScenario(test::llama8bOnDgxH100(16)); // 128 GPUs: long enough to stop on its way
    QSignalSpy started(&workbench, &Workbench::landscapeStarted);
    QSignalSpy available(&workbench, &Workbench::landscapeAvailable);
    QSignalSpy stopped(&workbench, &Workbench::landscapeStopped);
    workbench.requestLandscape();
    ASSERT_TRUE(workbench.isLandscapeComputing());
    workbench.stopLandscape();
    EXPECT_FALSE(workbench.isLandscapeComputing());
    EXPECT_EQ(stopped.count(), 1);
    settleBackgroundWork();
    EXPECT_EQ(available.count(), 0);
    EXPECT_FALSE(workbench.landscape());

    workbench.stopLandscape(); // nothing on its way: nothing to say
    EXPECT_EQ(stopped.count(), 1);
    workbench.requestLandscape();
    EXPECT_EQ(started.count(), 2);
    ASSERT_TRUE(awaitLandscape(workbench, available));
}

TEST(Workbench, AnEditOfWhatTheLandscapePricesStopsTheOneOnItsWay)
{
    Workbench workbench;
    workbench.setScenario(test::llama8bOnDgxH100(16));
    QSignalSpy available(&workbench, &Workbench::landscapeAvailable);
    workbench.requestLandscape();
    Scenario changed = workbench.scenario();
    changed.training.globalBatch *= 2;
    workbench.setScenario(changed);
    EXPECT_FALSE(workbench.isLandscapeComputing());
    ASSERT_EQ(available.count(), 1);
    EXPECT_FALSE(available.front().front().value<LandscapePtr>()); // the views clear what they show
    settleBackgroundWork();
    EXPECT_EQ(available.count(), 1) << "a landscape of the old batch arrived";

    // Asked again, it prices the new batch: once there, it is the landscape of these inputs.
    QSignalSpy started(&workbench, &Workbench::landscapeStarted);
    workbench.requestLandscape();
    ASSERT_TRUE(available.wait(60000));
    ASSERT_TRUE(workbench.landscape());
    workbench.requestLandscape();
    EXPECT_EQ(started.count(), 1);
}

TEST(Workbench, ACalibrationRepricesTheCurrentAndThePinnedConfigurations)
{
    Workbench workbench;
    workbench.setScenario(small());
    workbench.pinCurrent();
    const double modelStep = workbench.evaluation()->result.time.step;
    CalibrationProfile profile;
    profile.device = "a GPU twice as slow at GEMMs";
    const DeviceRates rates = deviceRates(small().cluster.gpu, Precision::Bf16, EfficiencyParams{});
    for (double m : { 1024.0, 8192.0, 65536.0 })
        for (double nk : { 1024.0, 4096.0, 16384.0 })
            profile.gemms.push_back({ m, nk, nk, Precision::Bf16, 2 * gemmSeconds(rates, m, nk, nk) });
    QSignalSpy calibrationChanged(&workbench, &Workbench::calibrationChanged);
    QSignalSpy pinnedChanged(&workbench, &Workbench::pinnedChanged);
    QSignalSpy available(&workbench, &Workbench::evaluationAvailable);
    workbench.setCalibration(std::make_shared<const Calibration>(profile));
    EXPECT_EQ(calibrationChanged.count(), 1);
    EXPECT_EQ(pinnedChanged.count(), 1);
    EXPECT_EQ(available.count(), 1);
    EXPECT_GT(workbench.evaluation()->result.time.step, modelStep);
    EXPECT_DOUBLE_EQ(workbench.pinned()->result.time.step, workbench.evaluation()->result.time.step);
    // Priced with measured rates: the calibrated regime's band.
    ASSERT_TRUE(workbench.evaluation()->result.uncertainty);
    EXPECT_TRUE(workbench.evaluation()->result.uncertainty->regime.calibrated);
    workbench.setCalibration(nullptr);
    EXPECT_DOUBLE_EQ(workbench.evaluation()->result.time.step, modelStep);
    EXPECT_FALSE(workbench.evaluation()->result.uncertainty->regime.calibrated);
}

TEST(Workbench, EveryEvaluationCarriesItsBand)
{
    Workbench workbench;
    workbench.setScenario(small());
    const Result& r = workbench.evaluation()->result;
    ASSERT_TRUE(r.uncertainty);
    EXPECT_LE(r.uncertainty->p10, r.uncertainty->p50);
    EXPECT_LE(r.uncertainty->p50, r.uncertainty->p90);
    EXPECT_EQ(r.uncertainty->own.scale, ScaleRegime::OneNode);
}
