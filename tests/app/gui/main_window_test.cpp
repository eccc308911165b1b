// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/widgets/gui_fixture.h"

#include "app/gui/headless.h"
#include "app/gui/launch_files_dialog.h"
#include "app/gui/trace_export.h"
#include "widgets/common/message_banner.h"
#include "widgets/engine/results_view.h"
#include "widgets/engine/session.h"
#include "widgets/common/value_slider.h"
#include "widgets/plots/breakdown_view.h"
#include "widgets/plots/compare_view.h"
#include "widgets/plots/landscape_view.h"
#include "widgets/plots/memory_view.h"
#include "widgets/plots/timeline_view.h"
#include "widgets/recompute_modules_button.h"
#include "widgets/scenario_panel.h"
#include "widgets/view_deck.h"

#include "core/frameworks/launch_formats.h"
#include "core/io/input_file.h"
#include "core/rules/parallel_choices.h"
#include "core/spec/units.h"
#include "core/step/evaluator.h"

#include <nlohmann/json.hpp>
#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFormLayout>
#include <QLabel>
#include <QMenu>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

using namespace paraplan;
using namespace paraplan::widgets;

namespace {

// The values of the memory plot's bars named `name` (one per stage).
std::vector<double> plottedMemory(MemoryView* view, const QString& name)
{
    std::vector<double> values;
    for (int i = 0; i < view->plot()->plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPBars*>(view->plot()->plottable(i)); bars && bars->name() == name)
            for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
                values.push_back(it->value);
    return values;
}

// Qwen3 30B-A3B (128 experts, no shared ones, no MLA) on 16 GPUs: tp 2, ep 4.
Scenario moeScenario()
{
    return io::readScenarioText(R"({"model": {"preset": "qwen3-30b-a3b"},
                                    "training": {"seq_len": 4096, "global_batch": 256},
                                    "cluster": {"preset": "dgx-h100", "nodes": 2},
                                    "parallel": {"tp": 2, "ep": 4, "sequence_parallel": true}})",
                                io::builtinCatalog());
}

// Opens the panel's model details, so that visibility tests see the rows the model shows.
void openModelDetails(ScenarioPanel* panel)
{
    for (QToolButton* button : panel->findChildren<QToolButton*>())
        if (button->isCheckable())
            button->setChecked(true);
}

// Whether the model details show `field`'s row, its label included.
bool rowShown(ScenarioPanel* panel, QWidget* field)
{
    auto* form = qobject_cast<QFormLayout*>(field->parentWidget()->layout());
    const bool labelShown = !form || !form->labelForField(field) || form->labelForField(field)->isVisibleTo(panel);
    return field->isVisibleTo(panel) && labelShown;
}

int shownSpinBoxes(ScenarioPanel* panel)
{
    int shown = 0;
    for (QSpinBox* box : panel->findChildren<QSpinBox*>())
        shown += box->isVisibleTo(panel);
    return shown;
}

} // namespace

TEST_F(GuiTest, MovingTheTpSliderRedrawsMemoryAsTheCoreComputesIt)
{
    ScenarioPanel* panel = window->panel();
    moveTo(panel->slider(ScenarioPanel::Degree::Tp), 4);
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.tp, 4);

    const Result expected = evaluate(window->workbench()->scenario());
    ASSERT_TRUE(expected.valid);
    const std::vector<double> weights = plottedMemory(window->deck()->memory(), QStringLiteral("weights"));
    ASSERT_EQ(weights.size(), expected.stages.size());
    for (size_t i = 0; i < weights.size(); ++i)
        EXPECT_NEAR(weights[i], bytesToGib(expected.stages[i].memory.weights), 1e-9);
    const std::vector<double> activations = plottedMemory(window->deck()->memory(), QStringLiteral("activations"));
    EXPECT_NEAR(activations[0], bytesToGib(expected.stages[0].memory.activations), 1e-9);
}

TEST_F(GuiTest, SlidersOfferOnlyValuesThatCanBeValid)
{
    for (int64_t tp : window->panel()->slider(ScenarioPanel::Degree::Tp)->values()) {
        Scenario s = window->workbench()->scenario();
        s.parallel.degrees.tp = tp;
        s.parallel.degrees.vpp = 1;
        EXPECT_TRUE(evaluate(s).valid) << "tp " << tp;
    }
}

TEST_F(GuiTest, AnInvalidCombinationShowsTheBannerAndKeepsTheLastValidPlots)
{
    const std::vector<double> before = plottedMemory(window->deck()->memory(), QStringLiteral("activations"));
    ASSERT_FALSE(window->banner()->isVisible());
    Scenario broken = window->workbench()->scenario();
    broken.training.globalBatch = 255; // not a multiple of micro-batch x dp = 2
    window->undoStack()->push(new QUndoCommand); // unrelated history must not matter
    window->workbench()->setScenario(broken);
    QApplication::processEvents();
    EXPECT_TRUE(window->banner()->isVisible());
    EXPECT_TRUE(window->banner()->text().contains(QStringLiteral("255")));
    EXPECT_TRUE(window->banner()->text().contains(QStringLiteral("last valid")));
    EXPECT_EQ(plottedMemory(window->deck()->memory(), QStringLiteral("activations")), before);
    EXPECT_FALSE(window->workbench()->isCurrentValid());
}

TEST_F(GuiTest, EditsAreUndoableAndRedoable)
{
    moveTo(window->panel()->slider(ScenarioPanel::Degree::Pp), 2);
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.pp, 2);
    window->undoStack()->undo();
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.pp, 4);
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.vpp, 5); // the whole scenario comes back
    window->undoStack()->redo();
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.pp, 2);
    // The panel follows undo too.
    EXPECT_EQ(window->panel()->slider(ScenarioPanel::Degree::Pp)->value(), 2);
}

TEST_F(GuiTest, DraggingOneSliderIsOneUndoStep)
{
    const int before = window->undoStack()->count();
    ValueSlider* tp = window->panel()->slider(ScenarioPanel::Degree::Tp);
    moveTo(tp, 4);
    moveTo(tp, 2);
    moveTo(tp, 1);
    EXPECT_EQ(window->undoStack()->count(), before + 1);
    window->undoStack()->undo();
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.tp, 8);
}

TEST_F(GuiTest, ClickingALandscapePointAppliesThatConfiguration)
{
    window->deck()->showView(ViewId::Landscape);
    app::waitForLandscape(*window);
    QApplication::processEvents();
    LandscapeView* view = window->deck()->landscape();
    ASSERT_TRUE(window->workbench()->landscape());
    // A Pareto point other than the current configuration.
    const Scenario current = window->workbench()->scenario();
    const LandscapePoint* target = nullptr;
    for (const LandscapePoint& p : window->workbench()->landscape()->points)
        if (p.pareto && p.candidate.degrees.tp != current.parallel.degrees.tp) {
            target = &p;
            break;
        }
    ASSERT_NE(target, nullptr);
    QCustomPlot* plot = view->plot();
    const QPoint pixel(int(std::lround(plot->xAxis->coordToPixel(bytesToGib(target->memoryBytes)))),
                       int(std::lround(plot->yAxis->coordToPixel(target->stepS))));
    const LandscapePoint* under = view->pointAt(pixel);
    ASSERT_NE(under, nullptr);
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, pixel);
    const Scenario& applied = window->workbench()->scenario();
    EXPECT_EQ(applied.parallel.degrees.tp, under->candidate.degrees.tp);
    EXPECT_EQ(applied.parallel.degrees.pp, under->candidate.degrees.pp);
    EXPECT_EQ(applied.training.microBatch, under->candidate.microBatch);
    EXPECT_NEAR(window->workbench()->evaluation()->result.time.step, under->stepS, 1e-9 * under->stepS);
    window->undoStack()->undo();
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.tp, current.parallel.degrees.tp);
}

TEST_F(GuiTest, CompareNamesTheLargestCauseInOneSentence)
{
    window->workbench()->pinCurrent();
    moveTo(window->panel()->slider(ScenarioPanel::Degree::Tp), 16); // beyond one 8-GPU node
    window->deck()->showView(ViewId::Compare);
    QApplication::processEvents();
    const QString verdict = window->deck()->compare()->verdict();
    EXPECT_TRUE(verdict.contains(QStringLiteral("spans nodes"))) << verdict.toStdString();
    EXPECT_TRUE(verdict.contains(QStringLiteral("GB/s"))) << verdict.toStdString();
    EXPECT_FALSE(verdict.startsWith(QStringLiteral("No real difference"))) << verdict.toStdString(); // a real one
}

TEST_F(GuiTest, StepTimeViewShowsTheBandAndTheHiddenCommunication)
{
    // Issue #10: the key figures carry their band, the step a whisker, each comm bar its hidden part.
    window->deck()->showView(ViewId::Breakdown);
    QApplication::processEvents();
    BreakdownView* view = window->deck()->breakdown();
    const Result& r = window->workbench()->evaluation()->result;
    ASSERT_TRUE(r.uncertainty);
    int bandCards = 0;
    for (QLabel* label : view->findChildren<QLabel*>())
        bandCards += label->text().startsWith(QStringLiteral("80 % band\n"));
    EXPECT_EQ(bandCards, 5); // step, MFU, TFLOP/s, throughput, and the time to train through failures
    QCPErrorBars* whisker = nullptr;
    int hatched = 0;
    for (int i = 0; i < view->plot()->plottableCount(); ++i) {
        if (auto* bars = qobject_cast<QCPErrorBars*>(view->plot()->plottable(i)))
            whisker = bars;
        if (auto* bars = qobject_cast<QCPBars*>(view->plot()->plottable(i)); bars && bars->brush().style() == Qt::BDiagPattern)
            ++hatched;
    }
    ASSERT_NE(whisker, nullptr);
    ASSERT_EQ(whisker->dataCount(), 1);
    // The whisker spans the band and nothing else, wherever the prediction lies.
    const double middle = whisker->dataMainValue(0);
    EXPECT_NEAR(middle - whisker->data()->at(0).errorMinus, r.uncertainty->p10, 1e-9 * r.time.step);
    EXPECT_NEAR(middle + whisker->data()->at(0).errorPlus, r.uncertainty->p90, 1e-9 * r.time.step);
    int hiddenKinds = 0;
    for (TimeComponent c : kTimeComponents)
        hiddenKinds += hiddenSeconds(r.time, c) > 0;
    EXPECT_GT(hiddenKinds, 0);
    EXPECT_EQ(hatched, hiddenKinds);
}

TEST_F(GuiTest, LandscapeShadesWhatTheModelCannotTellFromTheFastest)
{
    window->deck()->showView(ViewId::Landscape);
    app::waitForLandscape(*window);
    QApplication::processEvents();
    QCustomPlot* plot = window->deck()->landscape()->plot();
    int64_t tied = 0;
    for (const LandscapePoint& p : window->workbench()->landscape()->points)
        tied += p.tiedWithFastest;
    ASSERT_GT(tied, 0);
    bool shaded = false;
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->graph(i)->name().contains(QStringLiteral("80 % band"))) {
            shaded = true;
            EXPECT_EQ(plot->graph(i)->dataCount(), int(tied));
        }
    EXPECT_TRUE(shaded);
}

TEST_F(GuiTest, CompareSaysWhenThereIsNoRealDifferenceAndShowsHiddenCommunication)
{
    window->workbench()->pinCurrent();
    Scenario b = window->workbench()->scenario();
    b.parallel.degrees.vpp = 4; // a few percent of bubble: well inside the band
    window->workbench()->setScenario(b);
    window->deck()->showView(ViewId::Compare);
    QApplication::processEvents();
    const QString verdict = window->deck()->compare()->verdict();
    EXPECT_TRUE(verdict.startsWith(QStringLiteral("No real difference"))) << verdict.toStdString();
    // A's and B's totals carry their bands as whiskers, A's first.
    std::vector<QCPItemLine*> whiskers;
    QCustomPlot* plot = window->deck()->compare()->plot();
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* line = qobject_cast<QCPItemLine*>(plot->item(i)))
            whiskers.push_back(line);
    ASSERT_EQ(whiskers.size(), 2u);
    const Result& ra = window->workbench()->pinned()->result;
    const Result& rb = window->workbench()->evaluation()->result;
    ASSERT_TRUE(ra.uncertainty && rb.uncertainty);
    EXPECT_DOUBLE_EQ(whiskers[0]->start->coords().y(), ra.uncertainty->p10);
    EXPECT_DOUBLE_EQ(whiskers[0]->end->coords().y(), ra.uncertainty->p90);
    EXPECT_DOUBLE_EQ(whiskers[1]->start->coords().y(), rb.uncertainty->p10);
    EXPECT_DOUBLE_EQ(whiskers[1]->end->coords().y(), rb.uncertainty->p90);
    auto* table = window->deck()->compare()->findChild<QTableWidget*>();
    ASSERT_NE(table, nullptr);
    bool hiddenRow = false;
    for (int row = 0; row < table->rowCount(); ++row)
        hiddenRow |= table->verticalHeaderItem(row)->text().endsWith(QStringLiteral("hidden under compute"));
    EXPECT_TRUE(hiddenRow);
}

TEST_F(GuiTest, EditingAFieldInThePanelChangesTheScenario)
{
    const QList<QSpinBox*> boxes = window->panel()->findChildren<QSpinBox*>();
    QSpinBox* nodes = nullptr;
    for (QSpinBox* box : boxes)
        if (box->value() == 8 && box->maximum() == 1000000)
            nodes = box;
    ASSERT_NE(nodes, nullptr);
    nodes->setValue(16);
    EXPECT_EQ(window->workbench()->scenario().cluster.nodes, 16);
    EXPECT_EQ(window->workbench()->evaluation()->result.gpus, 128);
}

TEST_F(GuiTest, TheEtpSliderOffersTheExpertSplitsOfAMoeModelAndUndoes)
{
    window->newDocument(moeScenario());
    QApplication::processEvents();
    ScenarioPanel* panel = window->panel();
    const Scenario before = window->workbench()->scenario();
    ASSERT_EQ(before.parallel.degrees.etp, 0); // not set: the experts follow tp
    ValueSlider* etp = panel->slider(ScenarioPanel::Degree::Etp);
    EXPECT_TRUE(etp->isVisibleTo(panel));
    const std::vector<int64_t> offered = parallelChoices(before).etp;
    ASSERT_GT(offered.size(), 1u);
    EXPECT_EQ(etp->values(), offered);
    EXPECT_EQ(etp->value(), 2);

    const int64_t other = offered.front() != 2 ? offered.front() : offered.back();
    moveTo(etp, other);
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.etp, other);
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.tp, 2);
    window->undoStack()->undo();
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.etp, 0);
    EXPECT_EQ(etp->value(), 2);

    auto* dispatcher = panel->findChild<QComboBox*>(QStringLiteral("moeDispatcher"));
    ASSERT_NE(dispatcher, nullptr);
    EXPECT_TRUE(dispatcher->isVisibleTo(panel));
    dispatcher->setCurrentIndex(1);
    EXPECT_EQ(window->workbench()->scenario().parallel.moeDispatcher, MoeDispatcher::AllGather);
}

TEST_F(GuiTest, RecomputedModulesAndOptimizerStatesAreChosenAndUndone)
{
    window->newDocument(moeScenario()); // recompute auto
    QApplication::processEvents();
    ScenarioPanel* panel = window->panel();
    auto* modules = panel->findChild<RecomputeModulesButton*>(QStringLiteral("recomputeModules"));
    auto* states = panel->findChild<QComboBox*>(QStringLiteral("optimizerStates"));
    ASSERT_TRUE(modules && states);
    // Under auto the button names what auto replays for a MoE model: the output-discarding modules.
    EXPECT_TRUE(modules->isVisibleTo(panel));
    EXPECT_EQ(modules->text(), QStringLiteral("moe_act, layernorm"));

    auto actionOf = [&](RecomputeModule module) {
        for (QAction* action : modules->menu()->actions())
            if (action->text().startsWith(QString::fromLatin1(toString(module)) + QLatin1Char(' ')))
                return action;
        return static_cast<QAction*>(nullptr);
    };
    ASSERT_NE(actionOf(RecomputeModule::MoeAct), nullptr);
    EXPECT_FALSE(actionOf(RecomputeModule::MlaUpProj)->isVisible()); // Qwen3 has no MLA
    EXPECT_FALSE(actionOf(RecomputeModule::SharedExperts)->isVisible());
    actionOf(RecomputeModule::Moe)->trigger();
    Scenario edited = window->workbench()->scenario();
    EXPECT_TRUE(edited.parallel.recomputeModules.has(RecomputeModule::Moe));
    EXPECT_TRUE(edited.pins.recomputeModules);
    window->undoStack()->undo();
    EXPECT_FALSE(window->workbench()->scenario().parallel.recomputeModules.has(RecomputeModule::Moe));

    // The last module stays: Megatron-Core needs one.
    QComboBox* recompute = nullptr;
    for (QComboBox* box : panel->findChildren<QComboBox*>())
        if (box->findData(QStringLiteral("selective")) >= 0)
            recompute = box;
    ASSERT_NE(recompute, nullptr);
    recompute->setCurrentIndex(recompute->findData(QStringLiteral("selective")));
    EXPECT_EQ(modules->text(), QStringLiteral("core_attn"));
    actionOf(RecomputeModule::CoreAttn)->trigger();
    EXPECT_TRUE(actionOf(RecomputeModule::CoreAttn)->isChecked());
    EXPECT_EQ(window->workbench()->scenario().parallel.recomputeModules, RecomputeModules());

    ASSERT_EQ(states->currentIndex(), 0);
    states->setCurrentIndex(2);
    const std::optional<PrecisionAwareOptimizer> chosen = window->workbench()->scenario().training.precisionAwareOptimizer;
    ASSERT_TRUE(chosen.has_value());
    EXPECT_EQ(chosen->expAvg, StatePrecision::Bf16);
    EXPECT_EQ(chosen->mainParams, StatePrecision::Fp32);
    window->undoStack()->undo();
    EXPECT_FALSE(window->workbench()->scenario().training.precisionAwareOptimizer.has_value());
    EXPECT_EQ(states->currentIndex(), 0);
}

// The precision box carries the gradients: fp16 ones for fp16, as Megatron-LM keeps them.
TEST_F(GuiTest, ThePrecisionBoxCarriesTheGradients)
{
    ScenarioPanel* panel = window->panel();
    QComboBox* precision = nullptr;
    for (QComboBox* box : panel->findChildren<QComboBox*>())
        if (box->findData(QStringLiteral("fp16")) >= 0 && box->findData(QStringLiteral("fp4")) >= 0)
            precision = box;
    ASSERT_NE(precision, nullptr);
    ASSERT_EQ(window->workbench()->scenario().training.gradPrecision, GradPrecision::Fp32);
    precision->setCurrentIndex(precision->findData(QStringLiteral("fp16")));
    EXPECT_EQ(window->workbench()->scenario().training.precision, Precision::Fp16);
    EXPECT_EQ(window->workbench()->scenario().training.gradPrecision, GradPrecision::Fp16);
    window->undoStack()->undo();
    EXPECT_EQ(window->workbench()->scenario().training.gradPrecision, GradPrecision::Fp32);
}

TEST_F(GuiTest, ADenseModelShowsNoExpertControls)
{
    ScenarioPanel* panel = window->panel();
    ASSERT_FALSE(window->workbench()->scenario().model.isMoe()); // the default: Llama 3.1 70B
    openModelDetails(panel);
    auto* dispatcher = panel->findChild<QComboBox*>(QStringLiteral("moeDispatcher"));
    auto* overlap = panel->findChild<QCheckBox*>(QStringLiteral("sharedExpertOverlap"));
    auto* sharedExperts = panel->findChild<QSpinBox*>(QStringLiteral("sharedExperts"));
    auto* capacity = panel->findChild<QDoubleSpinBox*>(QStringLiteral("capacityFactor"));
    ASSERT_TRUE(dispatcher && overlap && sharedExperts && capacity);
    EXPECT_FALSE(panel->slider(ScenarioPanel::Degree::Etp)->isVisibleTo(panel));
    EXPECT_FALSE(panel->slider(ScenarioPanel::Degree::Ep)->isVisibleTo(panel));
    EXPECT_FALSE(dispatcher->isVisibleTo(panel));
    EXPECT_FALSE(overlap->isVisibleTo(panel));
    EXPECT_FALSE(rowShown(panel, sharedExperts));
    EXPECT_FALSE(rowShown(panel, capacity));

    // The same controls come back with a MoE model.
    window->newDocument(moeScenario());
    QApplication::processEvents();
    EXPECT_TRUE(panel->slider(ScenarioPanel::Degree::Etp)->isVisibleTo(panel));
    EXPECT_TRUE(dispatcher->isVisibleTo(panel));
    EXPECT_TRUE(rowShown(panel, sharedExperts));
    EXPECT_TRUE(rowShown(panel, capacity));
    EXPECT_FALSE(overlap->isVisibleTo(panel)); // Qwen3 has no shared experts
}

TEST_F(GuiTest, EditingSharedExpertsAndTheMlaRankChangesTheModel)
{
    window->newDocument(moeScenario());
    QApplication::processEvents();
    ScenarioPanel* panel = window->panel();
    openModelDetails(panel);
    auto* sharedExperts = panel->findChild<QSpinBox*>(QStringLiteral("sharedExperts"));
    auto* kvLoraRank = panel->findChild<QSpinBox*>(QStringLiteral("kvLoraRank"));
    auto* overlap = panel->findChild<QCheckBox*>(QStringLiteral("sharedExpertOverlap"));
    ASSERT_TRUE(sharedExperts && kvLoraRank && overlap);

    sharedExperts->setValue(2);
    EXPECT_EQ(window->workbench()->scenario().model.moe.sharedExperts, 2);
    EXPECT_TRUE(overlap->isVisibleTo(panel)); // now there is something to overlap

    const int shownBefore = shownSpinBoxes(panel);
    kvLoraRank->setValue(512);
    const ModelSpec& edited = window->workbench()->scenario().model;
    EXPECT_EQ(edited.mla.kvLoraRank, 512);
    EXPECT_EQ(edited.moe.sharedExperts, 2);
    EXPECT_EQ(shownSpinBoxes(panel), shownBefore + 4); // MLA's query rank and head dimensions

    window->undoStack()->undo(); // one step per field
    EXPECT_EQ(window->workbench()->scenario().model.mla.kvLoraRank, 0);
    EXPECT_EQ(window->workbench()->scenario().model.moe.sharedExperts, 2);
    EXPECT_EQ(kvLoraRank->value(), 0);
    EXPECT_EQ(shownSpinBoxes(panel), shownBefore);
}

TEST_F(GuiTest, TokensToTrainAndAsynchronousCheckpointsPriceTheWholeRun)
{
    ScenarioPanel* panel = window->panel();
    auto* tokens = panel->findChild<QDoubleSpinBox*>(QStringLiteral("trainTokens"));
    auto* async = panel->findChild<QCheckBox*>(QStringLiteral("asyncCheckpoint"));
    ASSERT_TRUE(tokens && async);

    tokens->setValue(1000); // billions
    QApplication::processEvents();
    EXPECT_EQ(window->workbench()->scenario().training.trainTokens, 1e12);
    const auto goodputNow = [&] { return window->workbench()->evaluation()->result.goodput; };
    ASSERT_TRUE(goodputNow() && goodputNow()->timeToTrainS);
    const double syncFraction = goodputNow()->fraction;

    async->setChecked(true);
    QApplication::processEvents();
    EXPECT_TRUE(window->workbench()->scenario().training.checkpoint.async);
    ASSERT_TRUE(goodputNow());
    EXPECT_TRUE(goodputNow()->asyncCheckpoint);
    EXPECT_NE(goodputNow()->fraction, syncFraction);

    window->undoStack()->undo(); // one step per field
    EXPECT_FALSE(window->workbench()->scenario().training.checkpoint.async);
    EXPECT_FALSE(async->isChecked());
    tokens->setValue(0); // "none": no budget, no time to train
    QApplication::processEvents();
    EXPECT_FALSE(window->workbench()->scenario().training.trainTokens);
    ASSERT_TRUE(goodputNow());
    EXPECT_FALSE(goodputNow()->timeToTrainS);
}

TEST_F(GuiTest, TheSwitchesReductionsAreTheClustersToSwitch)
{
    ScenarioPanel* panel = window->panel();
    auto* nvls = panel->findChild<QCheckBox*>(QStringLiteral("nvls"));
    auto* sharp = panel->findChild<QCheckBox*>(QStringLiteral("sharp"));
    ASSERT_TRUE(nvls && sharp);
    // The built-in default runs on DGX H100: a third-generation NVSwitch reduces in the switch.
    EXPECT_TRUE(nvls->isEnabled());
    EXPECT_TRUE(nvls->isChecked());
    EXPECT_FALSE(sharp->isChecked());

    nvls->setChecked(false);
    sharp->setChecked(true);
    QApplication::processEvents();
    EXPECT_FALSE(window->workbench()->scenario().cluster.intraNode.nvls);
    EXPECT_TRUE(window->workbench()->scenario().cluster.interNode.sharp);
    window->undoStack()->undo(); // one step per switch
    EXPECT_FALSE(window->workbench()->scenario().cluster.interNode.sharp);
    EXPECT_FALSE(sharp->isChecked());
    window->undoStack()->undo();
    EXPECT_TRUE(window->workbench()->scenario().cluster.intraNode.nvls);
    EXPECT_TRUE(nvls->isChecked());

    // An A100 node's second-generation NVSwitch cannot reduce: the box says so and stays off.
    Scenario a100 = window->workbench()->scenario();
    a100.cluster = io::builtinCatalog().findCluster("dgx-a100-80gb")->spec;
    window->workbench()->setScenario(a100);
    QApplication::processEvents();
    EXPECT_FALSE(nvls->isEnabled());
    EXPECT_FALSE(nvls->isChecked());
}

TEST_F(GuiTest, SettingsKeepRecentFilesAndTheWindow)
{
    settings->addRecentFile(directory.filePath(QStringLiteral("a.paraplan.json")));
    settings->addRecentFile(directory.filePath(QStringLiteral("b.paraplan.json")));
    settings->addRecentFile(directory.filePath(QStringLiteral("a.paraplan.json")));
    const QStringList recent = settings->recentFiles();
    ASSERT_EQ(recent.size(), 2);
    EXPECT_TRUE(recent.front().endsWith(QStringLiteral("a.paraplan.json")));
    window->close();
    EXPECT_FALSE(settings->windowGeometry().isEmpty());
}

TEST_F(GuiTest, FileExportsTheStepAsATimelineTrace)
{
    const QString path = directory.filePath(QStringLiteral("step.json"));
    QString error;
    ASSERT_TRUE(window->exportTimelineTrace(path, &error)) << error.toStdString();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const nlohmann::json trace = nlohmann::json::parse(file.readAll().toStdString());
    EXPECT_FALSE(trace["traceEvents"].empty());
    EXPECT_DOUBLE_EQ(trace["otherData"]["step_s"].get<double>(), window->workbench()->evaluation()->result.time.step);
    // Where it cannot be written, the banner says so and says where.
    EXPECT_FALSE(window->exportTimelineTrace(directory.filePath(QStringLiteral("missing/step.json")), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("missing/step.json"))) << error.toStdString();
    EXPECT_TRUE(window->banner()->isVisible());
}

// Issue #14: a measured trace, one file per rank, drawn under the prediction with its findings;
// a broken file changes nothing and says which file and why.
TEST_F(GuiTest, AMeasuredTraceIsDrawnUnderThePredictionAndABrokenOneRefused)
{
    const QString traces = QStringLiteral(PARAPLAN_SOURCE_DIR "/tests/data/traces/");
    QString error;
    ASSERT_TRUE(window->openDocument(traces + QStringLiteral("tiny_pp4.json"), &error)) << error.toStdString();
    QStringList ranks;
    for (int r = 0; r < 4; ++r)
        ranks << traces + QStringLiteral("pp4_slow_norms/rank%1.pt.trace.json").arg(r);
    ASSERT_TRUE(window->importMeasuredTraces(ranks, &error)) << error.toStdString();
    TimelineView* timeline = window->deck()->timeline();
    ASSERT_TRUE(timeline->measuredTrace());
    EXPECT_EQ(timeline->measuredTrace()->size(), 4u);
    EXPECT_EQ(window->deck()->current(), ViewId::Timeline);
    timeline->resize(1200, 800);
    timeline->show();
    QApplication::processEvents();
    const QLabel* findings = timeline->findChild<QLabel*>();
    ASSERT_NE(findings, nullptr);
    EXPECT_TRUE(findings->text().contains(QStringLiteral("Stage 3"))) << findings->text().toStdString();

    const QString broken = directory.filePath(QStringLiteral("rank0.json"));
    QFile file(broken);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{\"traceEvents\": [");
    file.close();
    EXPECT_FALSE(window->importMeasuredTraces({ broken }, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("rank0.json"))) << error.toStdString();
    EXPECT_EQ(timeline->measuredTrace()->size(), 4u); // what was shown stays
}

TEST_F(GuiTest, ATimelineTraceHoldsEveryPassOfAStepWhoseTimelineTheViewsDidNotKeep)
{
    Evaluation e;
    e.scenario = window->workbench()->scenario();
    e.result = evaluate(e.scenario); // what the views keep of a step above kMostDrawnTimelineOperations
    ASSERT_TRUE(e.result.timeline.empty());
    const QString path = directory.filePath(QStringLiteral("long-step.json"));
    QString error;
    ASSERT_TRUE(app::writeStepTrace(path, e, nullptr, &error)) << error.toStdString();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const nlohmann::json trace = nlohmann::json::parse(file.readAll().toStdString());
    int64_t forwards = 0;
    for (const nlohmann::json& event : trace["traceEvents"])
        forwards += event.value("cat", "") == "forward";
    EXPECT_EQ(2 * forwards, timelineOperations(e.result));
}

// Issue #15: File ▸ Export launch files… shows each format's files with what it could not say, and
// writes one file or a folder of them; File ▸ Import reads a config.json as the model and a launch
// file as the scenario, each one undo step, and a broken file changes nothing and says why.
TEST_F(GuiTest, TheLaunchFilesDialogShowsAndSavesEveryFormat)
{
    std::unique_ptr<app::LaunchFilesDialog> dialog(window->makeLaunchFilesDialog());
    for (size_t i = 0; i < frameworks::kExportFormatNames.size(); ++i) {
        dialog->setFormat(frameworks::ExportFormat(i));
        const auto* tabs = dialog->findChild<QTabWidget*>();
        ASSERT_NE(tabs, nullptr);
        EXPECT_EQ(size_t(tabs->count()), dialog->bundle().files.size()) << frameworks::kExportFormatNames[i];
        ASSERT_GE(tabs->count(), 1) << frameworks::kExportFormatNames[i];
    }
    dialog->setFormat(frameworks::ExportFormat::Megatron);
    QString error;
    const QString script = directory.filePath(QStringLiteral("pretrain_gpt.sh"));
    ASSERT_TRUE(dialog->saveTo(script, &error)) << error.toStdString();
    QFile written(script);
    ASSERT_TRUE(written.open(QIODevice::ReadOnly));
    EXPECT_EQ(written.readAll().toStdString(), dialog->bundle().files.front().text);
    dialog->setFormat(frameworks::ExportFormat::DeepSpeed);
    const QString folder = directory.filePath(QStringLiteral("deepspeed"));
    ASSERT_TRUE(dialog->saveTo(folder, &error)) << error.toStdString();
    EXPECT_TRUE(QFile::exists(folder + QStringLiteral("/ds_config.json")));
}

TEST_F(GuiTest, ImportingAConfigJsonReplacesTheModelInOneUndoStep)
{
    const Scenario before = window->workbench()->scenario();
    QString error;
    ASSERT_TRUE(window->importFrameworkFile(QStringLiteral(PARAPLAN_SOURCE_DIR "/tests/data/frameworks/hf/llama3.1-8b-instruct.json"),
                                            &error))
        << error.toStdString();
    const Scenario after = window->workbench()->scenario();
    EXPECT_EQ(after.model.layers, 32);
    EXPECT_EQ(after.model.hidden, 4096);
    EXPECT_EQ(after.cluster, before.cluster); // only the model came from the file
    EXPECT_EQ(after.parallel.degrees.tp, before.parallel.degrees.tp);
    window->undoStack()->undo();
    EXPECT_EQ(window->workbench()->scenario(), before);
}

TEST_F(GuiTest, ALaunchFileBecomesTheScenarioAndABrokenOneChangesNothing)
{
    std::string error;
    const Scenario moe = io::readScenarioText(
        *io::readInputFile(PARAPLAN_SOURCE_DIR "/tests/data/frameworks/scenarios/moe_mixtral.json", error),
        io::builtinCatalog());
    const QString script = directory.filePath(QStringLiteral("mixtral.sh"));
    QFile file(script);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(
        frameworks::exportLaunch(moe, evaluate(moe), frameworks::ExportFormat::Megatron).files.front().text));
    file.close();
    QString problem;
    ASSERT_TRUE(window->importFrameworkFile(script, &problem)) << problem.toStdString();
    EXPECT_EQ(window->workbench()->scenario().parallel.degrees.ep, 8);
    EXPECT_EQ(window->workbench()->scenario().model.moe.experts, 8);

    const Scenario kept = window->workbench()->scenario();
    const QString broken = directory.filePath(QStringLiteral("broken.sh"));
    QFile brokenFile(broken);
    ASSERT_TRUE(brokenFile.open(QIODevice::WriteOnly));
    brokenFile.write("torchrun pretrain_gpt.py --tensor-model-parallel-size two\n");
    brokenFile.close();
    EXPECT_FALSE(window->importFrameworkFile(broken, &problem));
    EXPECT_TRUE(problem.contains(QStringLiteral("broken.sh"))) << problem.toStdString();
    EXPECT_TRUE(problem.contains(QStringLiteral("--tensor-model-parallel-size"))) << problem.toStdString();
    EXPECT_EQ(window->workbench()->scenario(), kept);
    EXPECT_TRUE(window->banner()->isVisible());
}

// Issue #15: a training log is a measured run of the current scenario in the engine view and in
// compare, its steady-state step beside the prediction; a log too short to measure is refused
// saying why.
TEST_F(GuiTest, ATrainingLogIsAMeasuredRunBesideThePrediction)
{
    const QString logs = QStringLiteral(PARAPLAN_SOURCE_DIR "/tests/data/frameworks/logs/");
    QString error;
    ASSERT_TRUE(window->openDocument(logs + QStringLiteral("mixtral_16xh100.json"), &error)) << error.toStdString();
    ASSERT_TRUE(window->engine()->importResults(logs + QStringLiteral("megatron_lm_756_mixtral_h100.log"), &error))
        << error.toStdString();
    const EngineRun& run = *window->engine()->runs().back();
    ASSERT_TRUE(run.log.measured);
    ASSERT_TRUE(run.log.predicted);
    EXPECT_NEAR(run.log.measured->stepS, 5.5711, 0.02);
    EXPECT_DOUBLE_EQ(run.log.predicted->stepS, window->workbench()->evaluation()->result.time.step);
    const std::optional<RunFigures> figures = runFigures(run.log);
    ASSERT_TRUE(figures);
    EXPECT_GT(figures->predictedS, 0);

    // Compare holds the measurement beside the prediction of the same scenario (B here).
    window->workbench()->pinCurrent();
    Scenario faster = window->workbench()->scenario();
    faster.training.globalBatch = 64;
    window->workbench()->setScenario(faster);
    window->workbench()->setScenario(window->workbench()->pinned()->scenario);
    window->deck()->showView(ViewId::Compare);
    QApplication::processEvents();
    const auto* table = window->deck()->compare()->findChild<QTableWidget*>();
    ASSERT_NE(table, nullptr);
    int ratioRow = -1;
    for (int row = 0; row < table->rowCount(); ++row)
        if (table->verticalHeaderItem(row)->text() == QStringLiteral("measured / predicted"))
            ratioRow = row;
    ASSERT_GE(ratioRow, 0) << "no measured / predicted row";
    EXPECT_EQ(table->item(ratioRow, 1)->text(),
              QStringLiteral("%1×").arg(run.log.measured->stepS / run.log.predicted->stepS, 0, 'f', 2));

    const size_t runs = window->engine()->runs().size();
    EXPECT_FALSE(window->engine()->importResults(logs + QStringLiteral("deepspeed_255_bart.log"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("at least 3"))) << error.toStdString();
    EXPECT_EQ(window->engine()->runs().size(), runs);
}
