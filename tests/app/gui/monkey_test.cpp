// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The workbench under stress: thousands of seeded random actions as a restless user makes them
// (sliders, every choice box, check box and number field, absurd numbers typed, undo and redo, pin
// and compare, views switched, topology edits (devices added and removed, links drawn, ranks
// swapped), the language switched, the landscape started, cancelled, computed again and left,
// corrupt and foreign files opened).
// After every action: no crash, no Qt warning, and the plots show the evaluation of the scenario on
// screen, or the banner says why it cannot be evaluated. The seed is printed; PARAPLAN_MONKEY_SEED
// and PARAPLAN_MONKEY_ACTIONS replay or lengthen a run.
#include "tests/widgets/gui_fixture.h"

#include "widgets/common/message_banner.h"
#include "widgets/common/value_slider.h"
#include "widgets/plots/memory_view.h"
#include "widgets/plots/landscape_view.h"
#include "widgets/scenario_panel.h"
#include "widgets/topology/device_item.h"
#include "widgets/topology/editor.h"
#include "widgets/topology/link_item.h"
#include "widgets/topology/scene.h"
#include "widgets/view_deck.h"


#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QPushButton>
#include <QElapsedTimer>
#include <QFile>
#include <QSpinBox>
#include <QUndoStack>

#include <cstdlib>
#include <random>

using namespace paraplan;
using namespace paraplan::widgets;

namespace {

constexpr int kDefaultActions = 3000;
// An action slower than this is printed: the workbench must answer within a frame or so.
constexpr qint64 kSlowActionMs = 250;

// Every Qt warning or worse while the monkey runs (invalid use of a widget, a painter, a layout).
QStringList g_warnings;

void collectWarnings(QtMsgType type, const QMessageLogContext&, const QString& message)
{
    if (type != QtDebugMsg && type != QtInfoMsg)
        g_warnings << message;
}

int64_t fromEnvironment(const char* name, int64_t fallback)
{
    const char* value = std::getenv(name);
    return value && *value ? std::strtoll(value, nullptr, 10) : fallback;
}

// The figures that decide how much there is to compute and draw.
std::string describe(const Scenario& s)
{
    const ParallelDegrees& d = s.parallel.degrees;
    return "GPUs " + std::to_string(s.cluster.gpuCount()) + ", layers " + std::to_string(s.model.layers) + ", batch "
        + std::to_string(s.training.globalBatch) + " x " + std::to_string(s.training.microBatch) + ", seq "
        + std::to_string(s.training.seqLen) + ", tp " + std::to_string(d.tp) + " pp " + std::to_string(d.pp) + " vpp "
        + std::to_string(d.vpp) + " dp " + std::to_string(d.dp);
}

class Monkey {
public:
    Monkey(app::MainWindow& window, uint64_t seed, const QString& folder, Scenario start)
        : m_window(window)
        , m_random(seed)
        , m_folder(folder)
        , m_start(std::move(start))
    {
    }

    // One random action; returns what it did, for the failure message.
    QString act()
    {
        ScenarioPanel* panel = m_window.panel();
        switch (pick(13)) {
        case 0:
        case 1: { // the sliders are what users move most
            const auto degree = ScenarioPanel::Degree(pick(6));
            ValueSlider* slider = panel->slider(degree);
            if (!slider || slider->values().empty())
                return QStringLiteral("no slider");
            const int index = pick(int(slider->values().size()));
            slider->moveToIndex(index);
            return QStringLiteral("slider %1 to index %2").arg(int(degree)).arg(index);
        }
        case 2: {
            const QList<QComboBox*> boxes = panel->findChildren<QComboBox*>();
            QComboBox* box = boxes.at(pick(int(boxes.size())));
            const int index = pick(std::max(1, box->count()));
            box->setCurrentIndex(index);
            return QStringLiteral("choice %1 to %2").arg(box->objectName()).arg(index);
        }
        case 3: {
            const QList<QCheckBox*> boxes = panel->findChildren<QCheckBox*>();
            QCheckBox* box = boxes.at(pick(int(boxes.size())));
            box->toggle();
            return QStringLiteral("toggled %1").arg(box->text());
        }
        case 4: { // typed numbers: the field's extremes and anything in between
            const QList<QSpinBox*> fields = panel->findChildren<QSpinBox*>();
            QSpinBox* field = fields.at(pick(int(fields.size())));
            const int choices[] = { field->minimum(), field->maximum(), 0, 1, -1, 7, 1 << 20, int(m_random()) };
            const int value = choices[pick(8)];
            field->setValue(value);
            return QStringLiteral("typed %1 into a number field").arg(value);
        }
        case 5:
            if (pick(2))
                m_window.undoStack()->undo();
            else
                m_window.undoStack()->redo();
            return QStringLiteral("undo or redo");
        case 6:
            if (pick(2))
                m_window.workbench()->pinCurrent();
            else
                m_window.workbench()->clearPin();
            return QStringLiteral("pin or unpin");
        case 7: { // views; the landscape rarely (it is computed on a worker thread, and left at once)
            ViewId id = kViewIds[size_t(pick(int(kViewIds.size())))];
            if (id == ViewId::Landscape && pick(20) != 0)
                id = ViewId::Overview;
            m_window.deck()->showView(id);
            return QStringLiteral("view %1").arg(ViewDeck::key(id));
        }
        case 8:
            return openHostileFile();
        case 9:
        case 10:
            return editTopology();
        case 11:
            return pick(8) == 0 ? switchLanguage() : startAndCancelLandscape();
        default: // File > New now and then, so that the run also explores from valid ground again
            if (pick(3) == 0) {
                m_window.undoStack()->setClean(); // no "save changes?" question
                m_window.newDocument(m_start);
                return QStringLiteral("new document");
            }
            QApplication::processEvents();
            return QStringLiteral("idle");
        }
    }

    // The plots show the evaluation of the scenario on screen, or the banner says why there is none.
    [[nodiscard]] QString inconsistency() const
    {
        const Workbench* workbench = m_window.workbench();
        if (!workbench->isCurrentValid())
            return m_window.banner()->isVisible() ? QString() : QStringLiteral("an invalid scenario without the banner");
        const EvaluationPtr shown = workbench->evaluation();
        if (!shown || !(shown->scenario == workbench->scenario()))
            return QStringLiteral("the plots show another scenario than the one on screen");
        MemoryView* memory = m_window.deck()->memory();
        if (memory->isVisible()) {
            int bars = 0; // every part's bars hold one bar per stage; the first part's say how many
            for (int i = 0; i < memory->plot()->plottableCount() && bars == 0; ++i)
                if (auto* b = qobject_cast<QCPBars*>(memory->plot()->plottable(i)))
                    bars = b->data()->size();
            if (bars != int(shown->result.stages.size()))
                return QStringLiteral("the memory plot shows %1 stages of %2").arg(bars).arg(shown->result.stages.size());
        }
        return {};
    }

private:
    int pick(int n) { return int(m_random() % uint64_t(std::max(n, 1))); }

    // What the topology editor's toolbar, canvas and side panel do: add a device, remove what is
    // selected, draw a link, swap the ranks of two GPUs, go back to the default placement.
    QString editTopology()
    {
        m_window.deck()->showView(ViewId::Topology);
        QApplication::processEvents(); // the editor draws the cluster once shown
        TopologyEditor* editor = m_window.deck()->topology();
        TopologyScene* scene = editor->scene();
        if (scene->drawnNodes() == 0)
            return QStringLiteral("topology: nothing drawn");
        const int node = pick(scene->drawnNodes());
        const int64_t gpusPerNode = std::max<int64_t>(m_window.workbench()->scenario().cluster.gpusPerNode, 1);
        switch (pick(5)) {
        case 0: {
            const DeviceKind kinds[] = { DeviceKind::Gpu, DeviceKind::Nic, DeviceKind::PcieSwitch, DeviceKind::NvSwitch, DeviceKind::Cpu };
            editor->addDevice(kinds[pick(5)]);
            return QStringLiteral("topology: added a device");
        }
        case 1: { // one device or link, picked from the drawing as a click would
            QList<QGraphicsItem*> items;
            for (QGraphicsItem* item : scene->items())
                if (item->type() == DeviceItem::Type || item->type() == LinkItem::Type)
                    items << item;
            if (items.isEmpty())
                return QStringLiteral("topology: nothing to remove");
            scene->clearSelection();
            items.at(pick(int(items.size())))->setSelected(true);
            editor->removeSelection();
            return QStringLiteral("topology: removed the selection");
        }
        case 2: { // indices past the end too, as a stale drag would give
            const int64_t a = pick(24), b = pick(24);
            editor->connectDevices(node, a, b);
            return QStringLiteral("topology: connected devices %1 and %2 of node %3").arg(a).arg(b).arg(node);
        }
        case 3: {
            const int64_t a = pick(int(gpusPerNode)), b = pick(int(gpusPerNode));
            editor->pickGpu(node, a);
            if (DeviceItem* other = scene->gpu(pick(scene->drawnNodes()), b))
                other->setSelected(true);
            editor->swapSelectedRanks();
            return QStringLiteral("topology: swapped the ranks of two GPUs");
        }
        default:
            editor->resetPlacement();
            return QStringLiteral("topology: default placement");
        }
    }

    // The whole interface is rebuilt in the other language, with the work as it was.
    QString switchLanguage()
    {
        static const QString languages[] = { QStringLiteral("zh_CN"), QStringLiteral("en") };
        const QString& language = languages[size_t(pick(2))];
        const Scenario before = m_window.workbench()->scenario();
        GuiTest::switchLanguage(language);
        if (!(m_window.workbench()->scenario() == before))
            return QStringLiteral("FAILED: switching the language changed the work");
        return QStringLiteral("language %1").arg(language);
    }

    // The landscape opened, often cancelled at once, sometimes computed again, then left or kept.
    QString startAndCancelLandscape()
    {
        m_window.deck()->showView(ViewId::Landscape);
        auto* progress = m_window.deck()->landscape()->findChild<QPushButton*>(QStringLiteral("landscapeProgress"));
        if (!progress)
            return QStringLiteral("FAILED: the landscape has no cancel button");
        QString what = QStringLiteral("landscape opened");
        if (m_window.workbench()->isLandscapeComputing() && pick(3) != 0) {
            progress->click();
            if (m_window.workbench()->isLandscapeComputing())
                return QStringLiteral("FAILED: cancel left the landscape computing");
            what += QStringLiteral(", cancelled");
            if (pick(2)) {
                progress->click();
                what += QStringLiteral(", computed again");
            }
        }
        if (pick(2))
            m_window.deck()->showView(ViewId::Overview);
        return what;
    }

    // Corrupt bytes, a truncated project, an image, an empty file: each must be refused with a
    // message, the work on screen left as it was.
    QString openHostileFile()
    {
        const QString path = m_folder + QStringLiteral("/hostile.paraplan.json");
        QByteArray bytes;
        switch (pick(4)) {
        case 0:
            for (int i = 0, n = pick(400); i < n; ++i)
                bytes.append(char(m_random()));
            break;
        case 1:
            bytes = R"({"format": "paraplan-project", "version": 1, "scenario": {"model": {"preset": "llama3.1-70b"}, )";
            break;
        case 2:
            bytes = QByteArray("\x89PNG\r\n\x1a\n", 8) + QByteArray(64, '\0');
            break;
        default:
            break;
        }
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            return QStringLiteral("could not write the hostile file");
        file.close();
        const Scenario before = m_window.workbench()->scenario();
        const bool opened = m_window.openDocument(path);
        if (opened || !(m_window.workbench()->scenario() == before))
            return QStringLiteral("FAILED: a hostile file was opened or changed the work");
        return QStringLiteral("hostile file refused");
    }

    app::MainWindow& m_window;
    std::mt19937_64 m_random;
    QString m_folder;
    Scenario m_start;
};

} // namespace

TEST_F(GuiTest, ThousandsOfRandomActionsNeitherCrashNorWarnNorShowAStalePlot)
{
    const auto seed = uint64_t(fromEnvironment("PARAPLAN_MONKEY_SEED", int64_t(std::random_device{}() & 0xffffff)));
    const int64_t actions = fromEnvironment("PARAPLAN_MONKEY_ACTIONS", kDefaultActions);
    std::printf("monkey: seed %llu, %lld actions (PARAPLAN_MONKEY_SEED=%llu replays it)\n", (unsigned long long)seed,
                (long long)actions, (unsigned long long)seed);
    std::fflush(stdout);
    Monkey monkey(*window, seed, directory.path(), defaultScenario());
    g_warnings.clear();
    const QtMessageHandler previous = qInstallMessageHandler(collectWarnings);
    QStringList recent;
    int invalidSeen = 0, refusedFiles = 0;
    for (int64_t i = 0; i < actions; ++i) {
        QElapsedTimer clock;
        clock.start();
        recent << monkey.act();
        if (clock.elapsed() > kSlowActionMs)
            std::printf("monkey: action %lld took %lld ms: %s (%s)\n", (long long)i, (long long)clock.elapsed(),
                        qPrintable(recent.back()), describe(window->workbench()->scenario()).c_str());
        if (recent.size() > 8)
            recent.removeFirst();
        QApplication::processEvents();
        const QString problem = monkey.inconsistency();
        invalidSeen += window->workbench()->isCurrentValid() ? 0 : 1;
        refusedFiles += recent.back() == QStringLiteral("hostile file refused") ? 1 : 0;
        const bool failed = !problem.isEmpty() || !g_warnings.isEmpty() || recent.back().startsWith(QStringLiteral("FAILED"));
        if (failed) {
            qInstallMessageHandler(previous);
            FAIL() << "seed " << seed << ", action " << i << ": " << problem.toStdString() << " "
                   << g_warnings.join(QStringLiteral("; ")).toStdString() << "\nlast actions: "
                   << recent.join(QStringLiteral(" | ")).toStdString();
        }
    }
    qInstallMessageHandler(previous);
    // The run went where it should: through invalid configurations and refused files too.
    if (actions >= kDefaultActions) {
        EXPECT_GT(invalidSeen, 0) << "seed " << seed;
        EXPECT_GT(refusedFiles, 0) << "seed " << seed;
    }
    std::printf("monkey: %d actions left the scenario invalid, %d hostile files refused\n", invalidSeen, refusedFiles);
    window->deck()->showView(ViewId::Overview); // a landscape still computing is left behind cleanly
}
