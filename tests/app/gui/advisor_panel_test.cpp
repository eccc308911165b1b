// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/widgets/gui_fixture.h"

#include "widgets/advice/advisor_panel.h"
#include "widgets/advice/finding_text.h"
#include "widgets/plots/memory_view.h"
#include "widgets/view_deck.h"

#include "core/step/evaluator.h"

#include <qcustomplot.h>

#include <QTextBrowser>

using namespace paraplan;
using namespace paraplan::widgets;

namespace {

int indexOf(const Advice& advice, const std::string& code)
{
    for (size_t i = 0; i < advice.findings.size(); ++i)
        if (advice.findings[i].code == code)
            return int(i);
    return -1;
}

// The dashed band the advisor's mark draws across a plot.
int highlightBands(const QCustomPlot* plot)
{
    int bands = 0;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* rect = qobject_cast<QCPItemRect*>(plot->item(i)); rect && rect->pen().style() == Qt::DashLine)
            ++bands;
    return bands;
}

} // namespace

// The seed's swapped ranks: the advisor names the shared uplink, shows it on the topology, and
// Apply swaps the ranks back in one undo step, to the step the finding promised.
TEST_F(GuiTest, TheAdvisorAppliesTheSwapBackAsOneUndoStep)
{
    ASSERT_TRUE(window->openDocument(adviceDataFile("seed_pcie_swapped_ranks.json")));
    AdvisorPanel* panel = window->advisor();
    const int shared = indexOf(panel->advice(), "tp_group_on_shared_link");
    ASSERT_GE(shared, 0);
    const Finding finding = panel->advice().findings[size_t(shared)];
    EXPECT_NE(findingTitle(finding.code), QString::fromStdString(finding.code)); // titled, not its code
    panel->chooseFinding(shared);
    EXPECT_EQ(window->deck()->current(), ViewId::Topology);
    const int undoBefore = window->undoStack()->index();
    panel->applyChosen();
    EXPECT_EQ(window->undoStack()->index(), undoBefore + 1);
    EXPECT_FALSE(window->workbench()->scenario().parallel.placement.table);
    EXPECT_DOUBLE_EQ(window->workbench()->evaluation()->result.time.step, finding.stepAfter);
    EXPECT_EQ(indexOf(panel->advice(), "tp_group_on_shared_link"), -1); // fixed: advised again, gone
    window->undoStack()->undo();
    EXPECT_TRUE(window->workbench()->scenario().parallel.placement.table);
    EXPECT_GE(indexOf(panel->advice(), "tp_group_on_shared_link"), 0);
}

TEST_F(GuiTest, ChoosingAFindingMarksItsStageInItsView)
{
    ASSERT_TRUE(window->openDocument(adviceDataFile("seed_pcie_swapped_ranks.json")));
    AdvisorPanel* panel = window->advisor();
    const int unused = indexOf(panel->advice(), "memory_unused");
    ASSERT_GE(unused, 0);
    panel->chooseFinding(unused);
    EXPECT_EQ(window->deck()->current(), ViewId::Memory);
    EXPECT_EQ(highlightBands(window->deck()->memory()->plot()), 1);
    panel->chooseFinding(-1);
    EXPECT_EQ(highlightBands(window->deck()->memory()->plot()), 0);
}

TEST_F(GuiTest, ASymptomListsItsCausesWithTheCommandsThatCheckThem)
{
    ASSERT_TRUE(window->openDocument(adviceDataFile("seed_pcie_swapped_ranks.json")));
    window->advisor()->chooseSymptom(Symptom::MultiNodeSlower);
    const QTextBrowser* causes = window->advisor()->findChild<QTextBrowser*>();
    ASSERT_NE(causes, nullptr);
    EXPECT_TRUE(causes->toPlainText().contains(QStringLiteral("ib_write_bw"))) << causes->toPlainText().toStdString();
    EXPECT_TRUE(causes->toPlainText().contains(causeTitle("stragglers")));
}
