// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// Unsaved work survives a crash or a kill: a copy follows the edits, goes when the work is saved,
// and a session killed mid-edit has its work offered back at the next start.
#include "tests/widgets/gui_fixture.h"

#include "app/gui/recovery_copy.h"
#include "widgets/common/value_slider.h"
#include "widgets/scenario_panel.h"

#include <QFile>
#include <QTest>
#include <QUndoStack>

#include <csignal>

using namespace paraplan;
using namespace paraplan::widgets;

namespace {

// The copy's scenario, once the copy is there.
std::optional<Scenario> copiedScenario(const QString& path)
{
    if (!QTest::qWaitFor([&] { return QFile::exists(path); }, 5 * app::RecoveryCopy::kDelayMs))
        return std::nullopt;
    const app::ProjectLoad load = app::loadProject(path);
    return load.state ? std::optional<Scenario>(load.state->scenario) : std::nullopt;
}

} // namespace

TEST_F(GuiTest, UnsavedWorkIsCopiedSoonAfterAnEditAndTheCopyGoesOnSave)
{
    const QString copy = settings->recoveryPath();
    EXPECT_FALSE(QFile::exists(copy)); // nothing unsaved yet
    moveTo(window->panel()->slider(ScenarioPanel::Degree::Pp), 2);
    const std::optional<Scenario> copied = copiedScenario(copy);
    ASSERT_TRUE(copied);
    EXPECT_EQ(copied->parallel.degrees.pp, 2);
    ASSERT_TRUE(window->saveDocument(directory.filePath(QStringLiteral("saved.paraplan.json"))));
    EXPECT_FALSE(QFile::exists(copy));
    // Undone back to what was saved: nothing unsaved, no copy.
    moveTo(window->panel()->slider(ScenarioPanel::Degree::Pp), 4);
    window->undoStack()->undo();
    QTest::qWait(2 * app::RecoveryCopy::kDelayMs);
    EXPECT_FALSE(QFile::exists(copy));
}

// The session is killed (SIGKILL: no handler, no clean-up) after an edit; the next start finds the
// work, offers it, and restores it as unsaved work.
TEST_F(GuiTest, WorkOfASessionKilledMidEditIsOfferedBackAndRestored)
{
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    const QString copy = settings->recoveryPath();
    EXPECT_EXIT(
        {
            moveTo(window->panel()->slider(ScenarioPanel::Degree::Tp), 4);
            if (copiedScenario(copy))
                std::raise(SIGKILL);
            std::exit(1); // no copy: the parent sees the wrong ending
        },
        ::testing::KilledBySignal(SIGKILL), "");

    // The next start, on the same settings.
    window.reset();
    window = std::make_unique<app::MainWindow>(*settings);
    window->newDocument(defaultScenario());
    ASSERT_FALSE(window->foundRecovery().isEmpty());
    ASSERT_TRUE(window->restoreRecovery());
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.tp, 4);
    EXPECT_FALSE(window->undoStack()->isClean()); // still to be saved
    EXPECT_TRUE(window->isWindowModified());
    EXPECT_TRUE(window->foundRecovery().isEmpty()); // offered once

    // The restored work is kept like any other unsaved work; killed again, and this time declined:
    // gone for good.
    ASSERT_TRUE(copiedScenario(copy));
    window.reset(); // as good as a kill: the window never closed
    window = std::make_unique<app::MainWindow>(*settings);
    ASSERT_FALSE(window->foundRecovery().isEmpty());
    window->declineRecovery();
    EXPECT_TRUE(window->foundRecovery().isEmpty());
    window->newDocument(defaultScenario());
}
