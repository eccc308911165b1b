// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/widgets/gui_fixture.h"

#include "widgets/common/diagnostic_text.h"
#include "widgets/common/formatting.h"
#include "widgets/plots/scaling_view.h"
#include "widgets/plots/sensitivity_view.h"
#include "widgets/view_deck.h"

#include "core/step/evaluator.h"

#include <qcustomplot.h>

#include <QFile>
#include <QPushButton>
#include <QScopeGuard>
#include <QTableWidget>
#include <QTest>
#include <QToolTip>

using namespace paraplan;
using namespace paraplan::widgets;

namespace {

QCPGraph* analysisGraphNamed(const QCustomPlot* plot, const QString& name)
{
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->graph(i)->name() == name)
            return plot->graph(i);
    return nullptr;
}

// The x of every vertical line drawn across the plot (the scenario's count, the marks, the base step).
std::vector<double> analysisVerticalLines(const QCustomPlot* plot)
{
    std::vector<double> xs;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* line = qobject_cast<QCPItemStraightLine*>(plot->item(i)); line && line->point1->coords().x() == line->point2->coords().x())
            xs.push_back(line->point1->coords().x());
    return xs;
}

size_t analysisUsableCounts(const ScalingCurve& curve, bool best)
{
    return size_t(std::count_if(curve.points.begin(), curve.points.end(), [&](const ScalingPoint& p) {
        return best ? p.best && p.best->usable() : p.current.usable();
    }));
}

// The tooltip the plot shows where the mouse rests at plot coordinates (x, y).
QString analysisToolTipAt(QCustomPlot* plot, double x, double y)
{
    const QPoint at(int(plot->xAxis->coordToPixel(x)), int(plot->yAxis->coordToPixel(y)));
    QHelpEvent event(QEvent::ToolTip, at, plot->mapToGlobal(at));
    QApplication::sendEvent(plot, &event);
    return QToolTip::isVisible() ? QToolTip::text() : QString();
}

bool analysisCurveComputed(const ScalingView* view) { return QTest::qWaitFor([view] { return !view->isComputing(); }, 60000); }

} // namespace

// Seed 000 §1 in one picture: on 25 Gb/s RoCE the data-parallel reduction crosses the NICs from two
// nodes and the step gets slower. Both series are drawn point for point, the mark stands at two
// nodes, and its explanation is written under the plot.
TEST_F(GuiTest, ScalingViewDrawsBothSeriesAndExplainsWhereAddingNodesStopsPaying)
{
    ASSERT_TRUE(window->openDocument(adviceDataFile("scaling_more_nodes_slower.json")));
    window->deck()->showView(ViewId::Scaling);
    ScalingView* view = window->deck()->scaling();
    view->computeNow();
    QApplication::processEvents();
    const ScalingCurve* curve = view->curve();
    ASSERT_NE(curve, nullptr);
    ASSERT_EQ(curve->points.size(), 4u); // 1 to 4 times the scenario's one node
    const QCustomPlot* plot = view->plot();
    const QCPGraph* held = analysisGraphNamed(plot, QStringLiteral("current configuration held"));
    const QCPGraph* best = analysisGraphNamed(plot, QStringLiteral("best configuration at each count"));
    ASSERT_NE(held, nullptr);
    ASSERT_NE(best, nullptr);
    EXPECT_EQ(size_t(held->dataCount()), analysisUsableCounts(*curve, false));
    EXPECT_EQ(size_t(best->dataCount()), analysisUsableCounts(*curve, true));
    EXPECT_GE(held->dataCount(), 3); // 3 nodes break the batch's divisibility: a cross, not a point
    EXPECT_NE(analysisGraphNamed(plot, QStringLiteral("held configuration does not run or fit (hover for why)")), nullptr);

    ASSERT_TRUE(curve->current.stopsPaying);
    const ScalingMark& mark = *curve->current.stopsPaying;
    EXPECT_EQ(curve->points[mark.point].nodes, 2);
    const std::vector<double> lines = analysisVerticalLines(plot);
    EXPECT_NE(std::find(lines.begin(), lines.end(), 2.0), lines.end()); // the mark's line at two nodes
    EXPECT_NE(std::find(lines.begin(), lines.end(), 1.0), lines.end()); // the scenario's own count
    const QString text = view->explanationText();
    EXPECT_TRUE(text.contains(translatedSentence("Scaling", mark.summary).toHtmlEscaped())) << text.toStdString();
    EXPECT_TRUE(text.contains(translatedSentence("Scaling", mark.explanation).toHtmlEscaped())) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("crosses nodes")));

    // Where the mouse rests: a point's configuration and figures; the cross's reason, the validator's.
    const QString atTwo = analysisToolTipAt(view->plot(), 2, held->data()->at(1)->value);
    EXPECT_TRUE(atTwo.contains(QStringLiteral("tp 2 · pp 1 · dp 8"))) << atTwo.toStdString();
    EXPECT_TRUE(atTwo.contains(QStringLiteral("USD per million tokens"))) << atTwo.toStdString();
    const QString atThree = analysisToolTipAt(view->plot(), 3, 0);
    EXPECT_TRUE(atThree.contains(diagnosticMessage(curve->points[2].current.result.diagnostics.front()).toHtmlEscaped()))
        << atThree.toStdString();
}

// Opened, the view prices the curve off the GUI thread; an edit while it is open prices it again,
// and a cancelled curve waits for "Compute again".
TEST_F(GuiTest, ScalingViewComputesOffTheGuiThreadAgainOnEveryEditAndCanBeCancelled)
{
    ScalingView* view = window->deck()->scaling();
    EXPECT_EQ(view->curve(), nullptr); // nothing priced while nobody looks
    window->deck()->showView(ViewId::Scaling);
    ASSERT_TRUE(analysisCurveComputed(view));
    ASSERT_NE(view->curve(), nullptr);
    EXPECT_EQ(view->curve()->points.front().nodes, 1);
    EXPECT_EQ(view->curve()->points.back().nodes, 32); // four times the default's 8 nodes

    Scenario edited = window->workbench()->scenario();
    edited.training.globalBatch *= 2;
    window->workbench()->setScenario(edited);
    ASSERT_TRUE(analysisCurveComputed(view));
    const auto own = std::find_if(view->curve()->points.begin(), view->curve()->points.end(),
                                  [](const ScalingPoint& p) { return p.nodes == 8; });
    ASSERT_NE(own, view->curve()->points.end());
    const double step = window->workbench()->evaluation()->result.time.step;
    EXPECT_NEAR(own->current.result.time.step, step, 1e-9 * step); // the edited scenario's own step, priced again

    view->setNodeRange(2, 40);
    EXPECT_TRUE(view->isComputing());
    view->cancel();
    EXPECT_FALSE(view->isComputing());
    EXPECT_EQ(view->curve(), nullptr);
    auto* again = view->findChild<QPushButton*>(QStringLiteral("scalingProgress"));
    ASSERT_NE(again, nullptr);
    EXPECT_TRUE(again->isVisible());
    again->click();
    ASSERT_TRUE(analysisCurveComputed(view));
    ASSERT_NE(view->curve(), nullptr);
    EXPECT_EQ(view->curve()->points.front().nodes, 2);
    EXPECT_FALSE(again->isVisible());
}

// One bar per input around a line at exactly the step evaluate() gives; every bar's two sides drawn.
TEST_F(GuiTest, SensitivityViewDrawsOneBarPerInputAroundTheEvaluatedStep)
{
    window->deck()->showView(ViewId::Sensitivity);
    QApplication::processEvents();
    SensitivityView* view = window->deck()->sensitivity();
    ASSERT_NE(view->sensitivity(), nullptr);
    EXPECT_EQ(view->sensitivity()->bars.size(), kSensitivityInputs.size());
    EXPECT_EQ(view->barCount(), int(kSensitivityInputs.size()));
    ASSERT_TRUE(view->baseLineStep());
    EXPECT_DOUBLE_EQ(*view->baseLineStep(), evaluate(window->workbench()->scenario()).time.step);
    int sides = 0;
    for (int i = 0; i < view->plot()->itemCount(); ++i)
        sides += qobject_cast<QCPItemRect*>(view->plot()->item(i)) != nullptr;
    EXPECT_EQ(sides, 2 * int(kSensitivityInputs.size())); // absent sides too, as hatched stubs
    EXPECT_TRUE(view->verdictText().contains(QStringLiteral("Pin a configuration"))); // nothing pinned yet

    // A micro-batch of 1 has no half: the row's tooltip gives the reason with the other side's step.
    const auto& bars = view->sensitivity()->bars;
    const auto microBatch = std::find_if(bars.begin(), bars.end(),
                                         [](const SensitivityBar& b) { return b.input == SensitivityInput::MicroBatch; });
    ASSERT_NE(microBatch, bars.end());
    ASSERT_FALSE(microBatch->low.present());
    const QString tip = analysisToolTipAt(view->plot(), *view->baseLineStep(), double(microBatch - bars.begin()));
    EXPECT_TRUE(tip.contains(translatedSentence("Sensitivity", microBatch->low.absent->reason).toHtmlEscaped()))
        << tip.toStdString();
    EXPECT_TRUE(tip.contains(formatSeconds(microBatch->high.result->time.step))) << tip.toStdString();
}

// A pinned (dp over RoCE) against the current B (pp over RoCE): the verdict names the doubled
// sequence as the move that reverses the order, the bands' verdict follows, and the table lists the
// reversing moves (how many beside it depends on the fitted constants: one since issue #10's last refit).
TEST_F(GuiTest, SensitivityViewShowsWhetherThePinnedOrderCanFlip)
{
    window->workbench()->setScenario(adviceScenario("sensitivity_dp_over_roce.json"));
    window->workbench()->pinCurrent();
    window->workbench()->setScenario(adviceScenario("sensitivity_pp_over_roce.json"));
    window->deck()->showView(ViewId::Sensitivity);
    QApplication::processEvents();
    SensitivityView* view = window->deck()->sensitivity();
    const OrderFlips* flips = view->flips();
    ASSERT_NE(flips, nullptr);
    ASSERT_TRUE(flips->valid);
    EXPECT_EQ(flips->faster, Faster::B);
    EXPECT_GE(flips->flips, 1);
    EXPECT_TRUE(view->verdictText().contains(translatedSentence("Sensitivity", flips->verdict)));
    ASSERT_TRUE(flips->bandVerdict);
    EXPECT_TRUE(view->verdictText().contains(translatedSentence("Sensitivity", *flips->bandVerdict)));
    EXPECT_TRUE(view->verdictText().contains(QStringLiteral("sequence length is doubled")));
    auto* table = view->findChild<QTableWidget*>(QStringLiteral("sensitivityFlips"));
    ASSERT_NE(table, nullptr);
    EXPECT_TRUE(table->isVisible());
    EXPECT_EQ(table->rowCount(), flips->flips);

    window->workbench()->clearPin();
    QApplication::processEvents();
    EXPECT_EQ(view->flips(), nullptr);
    EXPECT_FALSE(table->isVisible());
}

// In Chinese the rebuilt views draw as before: the curve, its marks' text, the bars and the verdict.
TEST_F(GuiTest, ScalingAndSensitivityViewsKeepDrawingInChinese)
{
    ASSERT_TRUE(window->openDocument(adviceDataFile("scaling_more_nodes_slower.json")));
    window->workbench()->pinCurrent();
    const auto backToEnglish = qScopeGuard([] { switchLanguage(QStringLiteral("en")); });
    switchLanguage(QStringLiteral("zh_CN"));
    window->deck()->showView(ViewId::Scaling);
    ScalingView* scaling = window->deck()->scaling();
    ASSERT_TRUE(analysisCurveComputed(scaling));
    ASSERT_NE(scaling->curve(), nullptr);
    QApplication::processEvents();
    EXPECT_GE(scaling->plot()->graphCount(), 2);
    EXPECT_GT(scaling->plot()->graph(0)->dataCount(), 0);
    EXPECT_FALSE(scaling->explanationText().isEmpty());

    window->deck()->showView(ViewId::Sensitivity);
    QApplication::processEvents();
    SensitivityView* sensitivity = window->deck()->sensitivity();
    EXPECT_EQ(sensitivity->barCount(), int(kSensitivityInputs.size()));
    ASSERT_NE(sensitivity->flips(), nullptr); // the pin survives the rebuild
    EXPECT_FALSE(sensitivity->verdictText().isEmpty());
}
