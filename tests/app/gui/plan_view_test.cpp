// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/widgets/gui_fixture.h"

#include "app/document/report_document.h"
#include "widgets/plots/plan_view.h"
#include "widgets/view_deck.h"

#include <qcustomplot.h>

#include <QFile>
#include <QLabel>
#include <QTest>
#include <QToolTip>

#include <algorithm>

using namespace paraplan;
using namespace paraplan::widgets;

namespace {

constexpr double kPlanTestDay = 86400;

// Llama 3.1 8B on one DGX H100 with a 100B-token budget: a plan of three kinds of hardware at one to
// four nodes is a dozen small searches.
Scenario planTestScenario(bool withTokens = true)
{
    const std::string tokens = withTokens ? R"(, "train_tokens": 1e11)" : "";
    return io::readScenarioText(R"({ "model": { "preset": "llama3.1-8b" },
        "training": { "seq_len": 4096, "global_batch": 64, "micro_batch": 1)"
                                    + tokens + R"( },
        "cluster": { "preset": "dgx-h100", "nodes": 1 } })",
                                io::builtinCatalog());
}

QString planTestFile(const char* path) { return QStringLiteral(PARAPLAN_SOURCE_DIR "/") + QLatin1String(path); }

const QCPGraph* planGraphNamed(const QCustomPlot* plot, const QString& name)
{
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->graph(i)->name() == name)
            return plot->graph(i);
    return nullptr;
}

// The rings drawn around the optima, at their plot coordinates.
std::vector<QPointF> planRings(const QCustomPlot* plot)
{
    std::vector<QPointF> rings;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* ring = qobject_cast<QCPItemTracer*>(plot->item(i)))
            rings.push_back(ring->position->coords());
    return rings;
}

// The straight lines across the frontier's plot: vertical ones at their x, horizontal ones at their y.
struct PlanLines {
    std::vector<double> vertical, horizontal;
};
PlanLines planLines(const QCustomPlot* plot)
{
    PlanLines lines;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* line = qobject_cast<QCPItemStraightLine*>(plot->item(i))) {
            if (line->point1->coords().x() == line->point2->coords().x())
                lines.vertical.push_back(line->point1->coords().x());
            else if (line->point1->coords().y() == line->point2->coords().y())
                lines.horizontal.push_back(line->point1->coords().y());
        }
    return lines;
}

QStringList planTexts(const QCustomPlot* plot)
{
    QStringList texts;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)))
            texts << text->text();
    return texts;
}

QString planToolTipAt(QCustomPlot* plot, double x, double y)
{
    const QPoint at(int(plot->xAxis->coordToPixel(x)), int(plot->yAxis->coordToPixel(y)));
    QHelpEvent event(QEvent::ToolTip, at, plot->mapToGlobal(at));
    QApplication::sendEvent(plot, &event);
    return QToolTip::isVisible() ? QToolTip::text() : QString();
}

class PlanViewTest : public GuiTest {
protected:
    PlanView* openPlanView(const Scenario& scenario)
    {
        window->newDocument(scenario);
        window->deck()->showView(ViewId::Plan);
        PlanView* view = window->deck()->plan();
        view->cancel(); // the tests plan with computeNow
        return view;
    }
};

} // namespace

// The view is registered as the workbench's last view, "plan" on the command line, and plans the
// workbench's scenario in the background once shown.
TEST_F(PlanViewTest, PlansTheWorkbenchsScenarioInTheBackgroundWhenShown)
{
    EXPECT_EQ(ViewDeck::fromKey(QStringLiteral("plan")), ViewId::Plan);
    EXPECT_EQ(kViewIds.back(), ViewId::Plan);
    window->newDocument(planTestScenario());
    PlanView* view = window->deck()->plan();
    view->setNodeRange(1, 2);
    window->deck()->showView(ViewId::Plan);
    EXPECT_TRUE(view->isComputing());
    ASSERT_TRUE(QTest::qWaitFor([view] { return !view->isComputing(); }, 60000));
    ASSERT_NE(view->plan(), nullptr);
    ASSERT_NE(view->plannedStudy(), nullptr);
    // The scenario's own DGX H100 and the default A100 and B200, at one and two nodes.
    EXPECT_EQ(view->plannedStudy()->request.hardware.size(), 3u);
    EXPECT_EQ(view->plan()->run.points.size(), 6u);
    EXPECT_EQ(view->plannedStudy()->request.scenario.model.name, planTestScenario().model.name);
    // A new plan on its way can be stopped; the view says so instead of a plot.
    view->setNodeRange(1, 3);
    EXPECT_TRUE(view->isComputing());
    view->cancel();
    EXPECT_FALSE(view->isComputing());
    EXPECT_TRUE(planTexts(view->plot()).join(QLatin1Char(' ')).contains(QStringLiteral("Cancelled")));
}

// Llama 3.1 8B on one to four nodes of three GPU types: every priced plan a point of its hardware's
// colour, the frontier through the plans nothing beats, the deadline and the budget as lines, and
// the two optima ringed and labelled with their place, days and cost.
TEST_F(PlanViewTest, DrawsTheFrontierTheLimitsAndTheTwoOptima)
{
    PlanView* view = openPlanView(planTestScenario());
    view->setNodeRange(1, 4);
    view->computeNow();
    ASSERT_NE(view->plan(), nullptr);
    const RunPlan& open = view->plan()->run;
    ASSERT_EQ(open.points.size(), 12u);
    ASSERT_GE(open.frontier.size(), 2u) << "the test needs a trade between time and cost";
    // A deadline the fastest plan meets and the slowest frontier plan does not, a budget the
    // cheapest meets and the fastest does not: both optima inside, and different.
    std::vector<size_t> frontier = open.frontier;
    std::sort(frontier.begin(), frontier.end(), [&](size_t a, size_t b) { return *open.points[a].timeS < *open.points[b].timeS; });
    const PlanPoint& fastest = open.points[frontier.front()];
    const PlanPoint& cheapest = open.points[frontier.back()];
    const double deadlineDays = std::ceil((*fastest.timeS + *cheapest.timeS) / 2 / kPlanTestDay);
    const double budgetUsd = (*fastest.costUsd + *cheapest.costUsd) / 2;
    view->setDeadlineDays(deadlineDays);
    view->setBudgetUsd(budgetUsd);
    view->computeNow();
    QApplication::processEvents();
    const RunPlan& run = view->plan()->run;
    ASSERT_TRUE(run.fastestWithinBudget && run.cheapestMeetingDeadline);

    QCustomPlot* plot = view->plot();
    size_t drawn = 0;
    for (size_t h = 0; h < view->plannedStudy()->request.hardware.size(); ++h) {
        const QString name = QString::fromStdString(view->plannedStudy()->request.hardware[h].cluster.name);
        const auto priced = std::count_if(run.points.begin(), run.points.end(),
                                          [&](const PlanPoint& p) { return p.hardware == h && p.priced(); });
        const QCPGraph* graph = planGraphNamed(plot, priced > 0 ? name : QStringLiteral("%1 (no plan runs and fits)").arg(name));
        ASSERT_NE(graph, nullptr) << name.toStdString();
        EXPECT_EQ(graph->dataCount(), int(priced)) << name.toStdString();
        drawn += size_t(priced);
    }
    EXPECT_GT(drawn, 6u);
    const QCPGraph* line = planGraphNamed(plot, QStringLiteral("time-cost frontier"));
    ASSERT_NE(line, nullptr);
    EXPECT_EQ(line->dataCount(), int(run.frontier.size()));
    EXPECT_EQ(line->lineStyle(), QCPGraph::lsStepLeft);

    const PlanLines lines = planLines(plot);
    ASSERT_EQ(lines.vertical.size(), 1u);
    EXPECT_DOUBLE_EQ(lines.vertical.front(), deadlineDays);
    ASSERT_EQ(lines.horizontal.size(), 1u);
    const double factor = budgetUsd >= 1e6 ? 1e-6 : 1e-3; // the y axis in millions or thousands of USD
    EXPECT_NEAR(lines.horizontal.front(), std::round(budgetUsd) * factor, 1e-9);

    EXPECT_DOUBLE_EQ(*view->plannedStudy()->request.budgetUsd, std::round(budgetUsd)); // whole dollars
    const std::vector<QPointF> rings = planRings(plot);
    const size_t optima = *run.fastestWithinBudget == *run.cheapestMeetingDeadline ? 1 : 2;
    ASSERT_EQ(rings.size(), optima);
    for (size_t index : { *run.fastestWithinBudget, *run.cheapestMeetingDeadline }) {
        const PlanPoint& p = run.points[index];
        EXPECT_TRUE(std::any_of(rings.begin(), rings.end(), [&](const QPointF& r) {
            return std::abs(r.x() - *p.timeS / kPlanTestDay) < 1e-9 && std::abs(r.y() - *p.costUsd * factor) < 1e-9;
        }));
    }
    const QString labels = planTexts(plot).join(QLatin1Char('\n'));
    EXPECT_TRUE(labels.contains(QStringLiteral("fastest within the budget"))) << labels.toStdString();
    EXPECT_TRUE(labels.contains(QStringLiteral("cheapest meeting the deadline"))) << labels.toStdString();
    EXPECT_TRUE(labels.contains(QStringLiteral("deadline: "))) << labels.toStdString();
    EXPECT_TRUE(labels.contains(QStringLiteral("budget: $"))) << labels.toStdString();
    const PlanPoint& best = run.points[*run.fastestWithinBudget];
    EXPECT_TRUE(labels.contains(QStringLiteral("%1 × %2").arg(best.nodes).arg(QString::fromStdString(best.scenario.cluster.preset))));

    const QString summary = view->summaryText();
    EXPECT_TRUE(summary.contains(QStringLiteral("Fastest within the budget:"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("Cheapest meeting the deadline:"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("goodput"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("Chinchilla"))) << summary.toStdString();
    EXPECT_FALSE(summary.contains(QStringLiteral("nan")) || summary.contains(QStringLiteral("inf")));

    const QString tip = planToolTipAt(plot, *best.timeS / kPlanTestDay, *best.costUsd * factor);
    EXPECT_TRUE(tip.contains(QStringLiteral("tp %1").arg(best.result.parallel.degrees.tp))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("goodput"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("%1 nodes").arg(best.nodes))) << tip.toStdString();
}

// A plan file replaces the controls (its deadline, budget, hardware and node counts) and its
// phases are drawn as bars beside the same run in one configuration, switches included.
TEST_F(PlanViewTest, OpensAPlanFileAndDrawsItsPhases)
{
    PlanView* view = openPlanView(planTestScenario());
    ASSERT_TRUE(view->openPlanFile(planTestFile("tests/fuzz/corpus/plan/two_gpus.json")));
    view->computeNow();
    ASSERT_NE(view->plan(), nullptr);
    EXPECT_EQ(view->plannedStudy()->request.hardware.size(), 2u);
    EXPECT_EQ(view->plan()->run.points.size(), 4u);
    EXPECT_EQ(view->plannedStudy()->request.deadlineS, 30 * kPlanTestDay);
    EXPECT_EQ(view->plannedStudy()->request.budgetUsd, 100000.0);
    EXPECT_EQ(planLines(view->plot()).vertical, std::vector<double>{ 30 });
    EXPECT_EQ(view->plot()->axisRectCount(), 1); // no phases

    ASSERT_TRUE(view->openPlanFile(planTestFile("tests/data/plan/seed-three-phases.json")));
    view->computeNow();
    QApplication::processEvents();
    ASSERT_NE(view->plan(), nullptr);
    ASSERT_TRUE(view->plan()->phases.has_value());
    const PhasePlan& phases = *view->plan()->phases;
    ASSERT_EQ(phases.phases.size(), 3u);
    EXPECT_EQ(view->plot()->axisRectCount(), 2);
    const QString texts = planTexts(view->plot()).join(QLatin1Char('\n'));
    EXPECT_TRUE(texts.contains(QStringLiteral("The run in phases:"))) << texts.toStdString();
    EXPECT_TRUE(texts.contains(QStringLiteral("compares no hardware"))) << texts.toStdString();
    // A rectangle per phase of either bar and one per switch between configurations.
    int rects = 0;
    for (int i = 0; i < view->plot()->itemCount(); ++i)
        rects += qobject_cast<QCPItemRect*>(view->plot()->item(i)) ? 1 : 0;
    const auto switches = [](const std::vector<PhaseOutcome>& list) {
        return std::count_if(list.begin(), list.end(), [](const PhaseOutcome& p) { return p.switchS > 0; });
    };
    EXPECT_EQ(rects, int(phases.phases.size() + phases.fixedPhases.size() + switches(phases.phases) + switches(phases.fixedPhases)));
    EXPECT_GT(switches(phases.phases), 0); // the three configurations differ
    EXPECT_TRUE(view->summaryText().contains(QStringLiteral("Phases:")));
    EXPECT_TRUE(view->bannerText().isEmpty()) << view->bannerText().toStdString();
    auto* file = view->findChild<QLabel*>(QStringLiteral("planFile"));
    ASSERT_NE(file, nullptr);
    EXPECT_TRUE(file->text().contains(QStringLiteral("seed-three-phases.json")));
}

// Nothing to plan says what to do, in the banner, and draws no plan: no token budget, no hardware,
// a plan file that cannot be read (its JSON path named).
TEST_F(PlanViewTest, BadInputShowsTheBannerWithWhatToDo)
{
    PlanView* view = openPlanView(planTestScenario(false));
    view->computeNow();
    EXPECT_EQ(view->plan(), nullptr);
    EXPECT_TRUE(view->bannerText().contains(QStringLiteral("no token budget"))) << view->bannerText().toStdString();

    view->setTokenBudget(1e11);
    for (const char* id : { "scenario", "dgx-a100-80gb", "dgx-b200" })
        view->setHardwareChecked(QLatin1String(id), false);
    view->computeNow();
    EXPECT_EQ(view->plan(), nullptr);
    EXPECT_TRUE(view->bannerText().contains(QStringLiteral("no hardware"))) << view->bannerText().toStdString();

    const QString broken = directory.filePath(QStringLiteral("broken-plan.json"));
    QFile file(broken);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({ "scenario": { "model": { "preset": "llama3.1-8b" }, "training": { "seq_len": 4096, "global_batch": 64 },
                                  "cluster": { "preset": "dgx-h100", "nodes": 1 } },
                    "hardware": [ { "cluster": { "preset": "dgx-h100" }, "nodes": [1] } ], "deadline_dayz": 30 })");
    file.close();
    EXPECT_FALSE(view->openPlanFile(broken));
    EXPECT_TRUE(view->bannerText().contains(QStringLiteral("deadline_dayz"))) << view->bannerText().toStdString();
}

// The report carries the Plan view's plan as a section of its own: the frontier, the optima, the
// token budget against Chinchilla's point.
TEST_F(PlanViewTest, TheReportWithAPlanHasItsPlanSection)
{
    PlanView* view = openPlanView(planTestScenario());
    ASSERT_TRUE(view->openPlanFile(planTestFile("tests/fuzz/corpus/plan/two_gpus.json")));
    view->computeNow();
    ASSERT_NE(view->plan(), nullptr);
    app::ReportInputs inputs{ planTestScenario(), std::nullopt, nullptr, {}, {}, {} };
    inputs.plan = app::ReportPlan{ *view->plannedStudy(), *view->plan() };
    const QString path = directory.filePath(QStringLiteral("report.html"));
    QString error;
    ASSERT_TRUE(app::writeReportFile(inputs, path, &error)) << error.toStdString();
    QFile html(path);
    ASSERT_TRUE(html.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(html.readAll());
    for (const QString& expected : { QStringLiteral("Plan: deadline, budget and hardware"), QStringLiteral("Chinchilla"),
                                     QStringLiteral("Goodput"), QStringLiteral("through failures") })
        EXPECT_TRUE(text.contains(expected)) << expected.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Fastest within the budget:")) || text.contains(QStringLiteral("No plan")));

    // Without a plan the report has no such section.
    inputs.plan.reset();
    ASSERT_TRUE(app::writeReportFile(inputs, path, &error)) << error.toStdString();
    QFile again(path);
    ASSERT_TRUE(again.open(QIODevice::ReadOnly));
    EXPECT_FALSE(QString::fromUtf8(again.readAll()).contains(QStringLiteral("Plan: deadline, budget and hardware")));
}
