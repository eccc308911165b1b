// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/widgets/gui_fixture.h"

#include "app/gui/project_document.h"
#include "widgets/common/value_slider.h"
#include "widgets/scenario_panel.h"
#include "widgets/view_deck.h"

#include <QFile>
#include <QUndoStack>

using namespace paraplan;
using namespace paraplan::app;

namespace {
void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}
} // namespace

TEST_F(GuiTest, SaveThenOpenRoundTripsExactly)
{
    window->workbench()->pinCurrent();
    window->panel()->slider(widgets::ScenarioPanel::Degree::Tp)->moveToIndex(1);
    window->deck()->showView(widgets::ViewId::Timeline);
    const QString path = directory.filePath(QStringLiteral("project.paraplan.json"));
    QString error;
    ASSERT_TRUE(window->saveDocument(path, &error)) << error.toStdString();
    EXPECT_TRUE(window->undoStack()->isClean());

    MainWindow other(*settings);
    ASSERT_TRUE(other.openDocument(path, &error)) << error.toStdString();
    EXPECT_EQ(projectJson(other.projectState()), projectJson(window->projectState()));
    EXPECT_EQ(other.deck()->current(), widgets::ViewId::Timeline);
    ASSERT_TRUE(other.workbench()->pinned());
    EXPECT_EQ(settings->recentFiles().front(), QFileInfo(path).absoluteFilePath());
}

TEST_F(GuiTest, SavingIsAtomic)
{
    const QString path = directory.filePath(QStringLiteral("keep.paraplan.json"));
    ASSERT_TRUE(window->saveDocument(path));
    QFile::setPermissions(directory.path(), QFile::ReadOwner | QFile::ExeOwner); // no new files may appear
    QString error;
    const bool saved = window->saveDocument(path, &error);
    QFile::setPermissions(directory.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    if (!saved) { // (root may write anyway; then there is nothing to check)
        EXPECT_FALSE(error.isEmpty());
        EXPECT_TRUE(loadProject(path).state.has_value()); // the old file is intact
    }
}

class BrokenProject : public GuiTest, public ::testing::WithParamInterface<std::pair<const char*, const char*>> {
};

TEST_P(BrokenProject, OpensWithAMessageAndLeavesTheWorkUntouched)
{
    const auto [content, expected] = GetParam();
    window->panel()->slider(widgets::ScenarioPanel::Degree::Pp)->moveToIndex(0);
    const QByteArray before = projectJson(window->projectState());
    const int history = window->undoStack()->count();
    const QString path = directory.filePath(QStringLiteral("broken.json"));
    writeFile(path, QByteArray(content));
    QString error;
    EXPECT_FALSE(window->openDocument(path, &error));
    EXPECT_TRUE(error.contains(QString::fromLatin1(expected))) << error.toStdString();
    EXPECT_EQ(projectJson(window->projectState()), before);
    EXPECT_EQ(window->undoStack()->count(), history);
}

INSTANTIATE_TEST_SUITE_P(
    Files, BrokenProject,
    ::testing::Values(
        std::pair{ "{\"paraplan_project\": 1, \"scenario\": {\"model\": {\"preset\": \"llama3.1-8b\"", "line 1" },
        std::pair{ "\x89PNG\r\n\x1a\n\x00\x00", "line 1" },
        std::pair{ "[1, 2, 3]", "not a ParaPlan project" },
        std::pair{ "{\"name\": \"somebody else's file\"}", "not a ParaPlan project" },
        std::pair{ "{\"paraplan_project\": 99, \"scenario\": {}}", "newer ParaPlan" },
        std::pair{ "{\"paraplan_project\": 1, \"scenario\": {\"model\": {\"preset\": \"llama3.1-8b\", \"layer\": 3}, "
                   "\"training\": {\"seq_len\": 4096, \"global_batch\": 64}, \"cluster\": {\"preset\": \"dgx-h100\"}}}",
                   "scenario.model.layer" },
        std::pair{ "{\"paraplan_project\": 1}", "no \"scenario\"" }));

TEST_F(GuiTest, MissingFileIsReportedWithItsPath)
{
    QString error;
    EXPECT_FALSE(window->openDocument(QStringLiteral("/nonexistent/x.paraplan.json"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("/nonexistent/x.paraplan.json")));
}

TEST_F(GuiTest, PlainScenarioFilesOpenToo)
{
    const QString path = directory.filePath(QStringLiteral("scenario.json"));
    writeFile(path, R"({"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096, "global_batch": 64},
                        "cluster": {"preset": "dgx-h100", "nodes": 2}, "parallel": {"tp": 2}})");
    QString error;
    ASSERT_TRUE(window->openDocument(path, &error)) << error.toStdString();
    EXPECT_EQ(window->workbench()->scenario().model.preset, "llama3.1-8b");
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.tp, 2);
}
