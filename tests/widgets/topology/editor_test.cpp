// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/widgets/gui_fixture.h"

#include "widgets/common/message_banner.h"
#include "widgets/common/value_slider.h"
#include "widgets/scenario_panel.h"
#include "widgets/topology/canvas.h"
#include "widgets/topology/device_item.h"
#include "widgets/topology/editor.h"
#include "widgets/topology/link_item.h"
#include "widgets/topology/network_item.h"
#include "widgets/topology/scene.h"
#include "widgets/view_deck.h"

#include "core/network/cluster_topology.h"
#include "core/network/placement.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>
#include <QSpinBox>
#include <QTest>
#include <QWheelEvent>

#include <map>
#include <set>

using namespace paraplan;
using namespace paraplan::widgets;

namespace {

// An 8 × H100 PCIe server (no NVLink): TP pairs on one PCIe switch, or across two through the CPU.
Scenario pcieServer(const char* rankToGpu = nullptr)
{
    std::string text = R"({ "model": { "preset": "llama3.1-8b" }, "training": { "seq_len": 4096, "global_batch": 64 },
        "cluster": { "preset": "pcie-8x-h100", "nodes": 1 }, "parallel": { "tp": 2, "pp": 1, "recompute": "auto")";
    if (rankToGpu)
        text += std::string(R"(, "placement": { "rank_to_gpu": )") + rankToGpu + " }";
    text += " } }";
    return io::readScenarioText(text, io::builtinCatalog());
}

std::map<DeviceKind, int> countDevices(const TopologyScene* scene)
{
    std::map<DeviceKind, int> counts;
    for (int n = 0; n < scene->drawnNodes(); ++n)
        for (const DeviceItem* device : scene->devicesOf(n))
            ++counts[device->kind()];
    return counts;
}

DeviceItem* deviceNamed(const TopologyScene* scene, int node, const char* id)
{
    for (DeviceItem* device : scene->devicesOf(node))
        if (device->id() == QLatin1String(id))
            return device;
    return nullptr;
}

int64_t linkIndex(const NodeSpec& node, const std::string& a, const std::string& b)
{
    for (size_t l = 0; l < node.links.size(); ++l)
        if ((node.links[l].from == a && node.links[l].to == b) || (node.links[l].from == b && node.links[l].to == a))
            return int64_t(l);
    return -1;
}

void sendMouse(QWidget* widget, QEvent::Type type, const QPoint& at, Qt::MouseButtons buttons,
               Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QMouseEvent event(type, QPointF(at), QPointF(widget->mapToGlobal(at)), Qt::LeftButton, buttons, modifiers);
    QApplication::sendEvent(widget, &event);
}

// Drags from one point of the canvas to another as a user would, in a few steps.
void drag(TopologyCanvas* canvas, const QPoint& from, const QPoint& to, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget* viewport = canvas->viewport();
    sendMouse(viewport, QEvent::MouseButtonPress, from, Qt::LeftButton, modifiers);
    for (int step = 1; step <= 4; ++step)
        sendMouse(viewport, QEvent::MouseMove, from + (to - from) * step / 4, Qt::LeftButton, modifiers);
    sendMouse(viewport, QEvent::MouseButtonRelease, to, Qt::NoButton, modifiers);
}

class TopologyEditorTest : public GuiTest {
protected:
    void SetUp() override
    {
        GuiTest::SetUp();
        window->deck()->showView(ViewId::Topology);
        QApplication::processEvents();
        editor = window->deck()->topology();
        QObject::connect(editor, &TopologyEditor::scenarioEdited, editor,
                         [this](const Scenario& s, const QString&, int) { edits.push_back(s); });
    }
    void open(const Scenario& scenario)
    {
        window->newDocument(scenario);
        QApplication::processEvents();
    }
    [[nodiscard]] const Scenario& current() const { return window->workbench()->scenario(); }
    [[nodiscard]] TopologyScene* scene() const { return editor->scene(); }
    [[nodiscard]] QPoint onCanvas(const QGraphicsItem* item) const { return editor->canvas()->mapFromScene(item->scenePos()); }

    TopologyEditor* editor = nullptr;
    std::vector<Scenario> edits;
};

} // namespace

TEST_F(TopologyEditorTest, DrawsEveryDeviceOfTheEightDgxH100Nodes)
{
    ASSERT_EQ(current().cluster.topology->preset, "dgx-h100");
    ASSERT_EQ(scene()->drawnNodes(), 8);
    std::map<DeviceKind, int> counts = countDevices(scene());
    EXPECT_EQ(counts[DeviceKind::Gpu], 64);
    EXPECT_EQ(counts[DeviceKind::Nic], 64);
    EXPECT_EQ(counts[DeviceKind::NvSwitch], 8);
    EXPECT_EQ(counts[DeviceKind::PcieSwitch], 64);
    EXPECT_EQ(counts[DeviceKind::Cpu], 16);
    const NodeSpec& kind = current().cluster.topology->nodes.front();
    for (size_t l = 0; l < kind.links.size(); ++l)
        EXPECT_NE(scene()->link(7, int64_t(l)), nullptr) << l;
    ASSERT_NE(scene()->network(), nullptr);
    EXPECT_NE(scene()->port(7, 7), nullptr); // every NIC drops onto the network
    EXPECT_EQ(scene()->moreNodesNote(), nullptr);
}

TEST_F(TopologyEditorTest, DrawsASummaryClusterThroughTheTopologyItStandsFor)
{
    Scenario summary = defaultScenario();
    summary.cluster.topology.reset();
    summary.cluster.nodes = 12;
    summary.parallel.degrees.pp = 6;
    summary.parallel.degrees.vpp = 1;
    open(summary);
    EXPECT_EQ(scene()->drawnNodes(), 8);
    std::map<DeviceKind, int> counts = countDevices(scene());
    EXPECT_EQ(counts[DeviceKind::Gpu], 64);
    EXPECT_EQ(counts[DeviceKind::Nic], 64);
    EXPECT_EQ(counts[DeviceKind::NvSwitch], 8);
    EXPECT_EQ(counts[DeviceKind::PcieSwitch], 0);
    ASSERT_NE(scene()->moreNodesNote(), nullptr);
    EXPECT_TRUE(scene()->moreNodesNote()->text().contains(QStringLiteral("4 more nodes")));
}

// A large cluster's network says what lies above its pods: the default core over zones of 2,048
// NIC ports (256 eight-NIC nodes), and an ECMP fabric's flows per connection where stated.
TEST_F(TopologyEditorTest, TheNetworksCaptionNamesTheCoreAndTheHashing)
{
    Scenario large = defaultScenario();
    ASSERT_TRUE(large.cluster.topology);
    auto topology = std::make_shared<TopologySpec>(*large.cluster.topology);
    topology->network.uplinkBalancing = UplinkBalancing::Ecmp;
    topology->network.flowsPerConnection = 16;
    large.cluster.topology = topology;
    large.cluster.nodes = 512;
    open(large);
    ASSERT_NE(scene()->network(), nullptr);
    const QString caption = scene()->network()->caption();
    EXPECT_TRUE(caption.contains(QStringLiteral("zones of 256 nodes under a core"))) << caption.toStdString();
    EXPECT_TRUE(caption.contains(QStringLiteral("ECMP, 16 flows a connection"))) << caption.toStdString();
    // Eight nodes need no core.
    open(defaultScenario());
    EXPECT_FALSE(scene()->network()->caption().contains(QStringLiteral("core")));
}

TEST_F(TopologyEditorTest, AddingADeviceTurnsTheSummaryIntoAnEditedTopology)
{
    Scenario summary = defaultScenario();
    summary.cluster.topology.reset();
    open(summary);
    editor->addDevice(DeviceKind::Gpu);
    ASSERT_EQ(edits.size(), 1u);
    const auto& topology = edits.back().cluster.topology;
    ASSERT_TRUE(topology);
    EXPECT_EQ(topology->preset, "");
    EXPECT_EQ(topology->nodes.front().gpuCount(), 9);
    EXPECT_EQ(edits.back().cluster.gpusPerNode, 9);
    EXPECT_GE(topology->nodes.front().deviceIndex("gpu8"), 0);
    // The window took it, the drawing shows it, and the new GPU is selected for its properties.
    EXPECT_EQ(current().cluster.topology, topology);
    EXPECT_EQ(countDevices(scene())[DeviceKind::Gpu], 9 * 8);
    ASSERT_EQ(scene()->selectedItems().size(), 1);
    EXPECT_EQ(static_cast<DeviceItem*>(scene()->selectedItems().front())->id(), QStringLiteral("gpu8"));
}

TEST_F(TopologyEditorTest, ShiftDraggingFromOneGpuToAnotherLinksThemByNvLink)
{
    DeviceItem* gpu0 = deviceNamed(scene(), 0, "gpu0");
    DeviceItem* gpu1 = deviceNamed(scene(), 0, "gpu1");
    ASSERT_TRUE(gpu0 && gpu1);
    drag(editor->canvas(), onCanvas(gpu0), onCanvas(gpu1), Qt::ShiftModifier);
    ASSERT_EQ(edits.size(), 1u);
    const NodeSpec& node = edits.back().cluster.topology->nodes.front();
    const int64_t link = linkIndex(node, "gpu0", "gpu1");
    ASSERT_GE(link, 0);
    EXPECT_EQ(node.links[size_t(link)].kind, NodeLinkKind::NvLink);
    EXPECT_EQ(node.links[size_t(link)].GBps, 450);
    EXPECT_EQ(node.devices.size(), defaultScenario().cluster.topology->nodes.front().devices.size()); // nothing moved or added
}

TEST_F(TopologyEditorTest, ConnectingANewNicCopiesTheNodesNicLinks)
{
    editor->addDevice(DeviceKind::Nic);
    const int64_t nic = current().cluster.topology->nodes.front().deviceIndex("nic8");
    const int64_t pcie = current().cluster.topology->nodes.front().deviceIndex("pcie0");
    ASSERT_GE(nic, 0);
    editor->connectDevices(0, nic, pcie);
    const NodeSpec& node = current().cluster.topology->nodes.front();
    const int64_t link = linkIndex(node, "nic8", "pcie0");
    ASSERT_GE(link, 0);
    EXPECT_EQ(node.links[size_t(link)].kind, NodeLinkKind::Pcie);
    EXPECT_EQ(node.links[size_t(link)].GBps, 64);
    EXPECT_EQ(node.devices[size_t(nic)].nicGBps, 50); // as the node's other NICs
}

TEST_F(TopologyEditorTest, RemovingADeviceTakesItsLinksWithIt)
{
    const NodeSpec before = current().cluster.topology->nodes.front();
    DeviceItem* pcie0 = deviceNamed(scene(), 3, "pcie0");
    ASSERT_NE(pcie0, nullptr);
    pcie0->setSelected(true);
    editor->canvas()->setFocus();
    QTest::keyClick(editor->canvas(), Qt::Key_Delete);
    ASSERT_EQ(edits.size(), 1u);
    const NodeSpec& after = edits.back().cluster.topology->nodes.front();
    EXPECT_LT(after.deviceIndex("pcie0"), 0);
    EXPECT_EQ(after.devices.size(), before.devices.size() - 1);
    EXPECT_EQ(after.links.size(), before.links.size() - 3); // to gpu0, nic0 and cpu0
    for (const NodeLinkSpec& link : after.links)
        EXPECT_TRUE(link.from != "pcie0" && link.to != "pcie0");
}

TEST_F(TopologyEditorTest, DraggingADeviceStoresItsPositionAsOneUndoStep)
{
    const int steps = window->undoStack()->count();
    DeviceItem* cpu1 = deviceNamed(scene(), 0, "cpu1");
    ASSERT_NE(cpu1, nullptr);
    const QPoint from = onCanvas(cpu1);
    drag(editor->canvas(), from, from + QPoint(40, 25));
    ASSERT_EQ(edits.size(), 1u);
    const NodeSpec& node = current().cluster.topology->nodes.front();
    const auto& position = node.devices[size_t(node.deviceIndex("cpu1"))].position;
    ASSERT_TRUE(position.has_value());
    const QPointF drawn = deviceNamed(scene(), 0, "cpu1")->scenePos() - scene()->nodeOrigin(0);
    EXPECT_NEAR((*position)[0], drawn.x(), 1.0);
    EXPECT_NEAR((*position)[1], drawn.y(), 1.0);
    EXPECT_EQ(window->undoStack()->count(), steps + 1);
    // Every node of the kind follows; another node's cpu1 sits at the same place in its frame.
    const QPointF inNode5 = deviceNamed(scene(), 5, "cpu1")->scenePos() - scene()->nodeOrigin(5);
    EXPECT_NEAR(inNode5.x(), drawn.x(), 1e-6);
}

TEST_F(TopologyEditorTest, TheWheelZoomsAroundTheCursorAndFitShowsEverythingAgain)
{
    TopologyCanvas* canvas = editor->canvas();
    const DeviceItem* gpu = scene()->gpu(5, 3);
    const QPoint at = onCanvas(gpu);
    const double before = canvas->transform().m11();
    QWheelEvent wheel(QPointF(at), QPointF(canvas->viewport()->mapToGlobal(at)), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(canvas->viewport(), &wheel);
    EXPECT_GT(canvas->transform().m11(), before * 1.2);
    EXPECT_LT(QLineF(onCanvas(gpu), at).length(), 3.0); // what was under the cursor stays there
    editor->fit();
    EXPECT_NEAR(canvas->transform().m11(), before, 1e-9);
}

TEST_F(TopologyEditorTest, UndoInTheWindowRestoresThePreviousTopology)
{
    const auto original = current().cluster.topology;
    editor->addDevice(DeviceKind::PcieSwitch);
    ASSERT_NE(current().cluster.topology, original);
    EXPECT_EQ(countDevices(scene())[DeviceKind::PcieSwitch], 9 * 8);
    window->undoStack()->undo();
    EXPECT_EQ(current().cluster.topology, original);
    EXPECT_EQ(countDevices(scene())[DeviceKind::PcieSwitch], 8 * 8);
    window->undoStack()->redo();
    EXPECT_EQ(current().cluster.topology->nodes.front().devices.size(), original->nodes.front().devices.size() + 1);
}

TEST_F(TopologyEditorTest, ColouringByTpGivesEachGroupItsOwnColour)
{
    open(pcieServer("[0, 2, 1, 3, 4, 6, 5, 7]"));
    editor->setColouring(GpuColouring::TpGroup);
    const EvaluationPtr evaluation = window->workbench()->evaluation();
    const auto fabric = fabricOf(evaluation->scenario.cluster);
    const auto groups = fabric->gpuGroups(groupShape(CommGroup::Tp, evaluation->result.parallel.degrees, kMegatronOrder),
                                          evaluation->scenario.parallel.placement);
    ASSERT_EQ(groups.size(), 4u);
    std::set<QRgb> colours;
    for (const auto& group : groups) {
        const QColor colour = scene()->gpu(0, group.front())->fill();
        for (int64_t gpu : group)
            EXPECT_EQ(scene()->gpu(0, gpu)->fill(), colour) << gpu;
        colours.insert(colour.rgb());
    }
    EXPECT_EQ(colours.size(), groups.size());
    EXPECT_EQ(scene()->gpu(0, 2)->rankText(), QStringLiteral("1")); // rank 1 runs on GPU 2
}

TEST_F(TopologyEditorTest, ColouringByStageAndReplicaFollowsTheRankOrder)
{
    // tp 8 · dp 2 · pp 4 in Megatron's order: a node per TP group, replicas alternate, stages pair nodes.
    editor->setColouring(GpuColouring::DpReplica);
    EXPECT_EQ(scene()->gpu(0, 0)->fill(), scene()->gpu(2, 5)->fill());
    EXPECT_NE(scene()->gpu(0, 0)->fill(), scene()->gpu(1, 0)->fill());
    editor->setColouring(GpuColouring::PpStage);
    EXPECT_EQ(scene()->gpu(0, 0)->fill(), scene()->gpu(1, 7)->fill());
    EXPECT_NE(scene()->gpu(0, 0)->fill(), scene()->gpu(2, 0)->fill());
    EXPECT_NE(scene()->gpu(2, 0)->fill(), scene()->gpu(7, 0)->fill());
}

TEST_F(TopologyEditorTest, AnEvaluationAloneRecoloursWithoutRedrawing)
{
    const DeviceItem* first = scene()->gpu(0, 0);
    const QColor before = scene()->gpu(0, 4)->fill();
    const auto& values = window->panel()->slider(ScenarioPanel::Degree::Tp)->values();
    window->panel()->slider(ScenarioPanel::Degree::Tp)->moveToIndex(int(std::find(values.begin(), values.end(), 4) - values.begin()));
    ASSERT_EQ(current().parallel.degrees.tp, 4);
    EXPECT_EQ(scene()->gpu(0, 0), first); // the same items
    EXPECT_NE(scene()->gpu(0, 4)->fill(), before); // GPUs 0-3 and 4-7 are now two TP groups
    EXPECT_NE(scene()->gpu(0, 4)->fill(), scene()->gpu(0, 0)->fill());
}

TEST_F(TopologyEditorTest, PickingAGpuLightsEveryLinkItsGroupCrossesWithTheLoad)
{
    open(pcieServer("[0, 2, 1, 3, 4, 6, 5, 7]"));
    editor->setColouring(GpuColouring::TpGroup);
    editor->pickGpu(0, 0);
    const NodeSpec& node = current().cluster.topology->nodes.front();
    const LinkItem* up = scene()->link(0, linkIndex(node, "pcie0", "cpu0"));
    ASSERT_NE(up, nullptr);
    EXPECT_TRUE(up->isHighlighted());
    EXPECT_TRUE(up->highlightText().contains(QStringLiteral("×2"))) << up->highlightText().toStdString();
    EXPECT_TRUE(up->highlightText().contains(QStringLiteral("2 groups"))) << up->highlightText().toStdString();
    EXPECT_TRUE(scene()->link(0, linkIndex(node, "pcie1", "cpu0"))->isHighlighted());
    EXPECT_FALSE(scene()->link(0, linkIndex(node, "pcie2", "cpu1"))->isHighlighted());
    EXPECT_TRUE(scene()->gpu(0, 0)->isGroupMember());
    EXPECT_TRUE(scene()->gpu(0, 2)->isGroupMember());
    EXPECT_FALSE(scene()->gpu(0, 1)->isGroupMember());
    EXPECT_TRUE(editor->groupSummary().contains(QStringLiteral("GPUs 0, 2"))) << editor->groupSummary().toStdString();
    EXPECT_TRUE(editor->groupSummary().contains(QStringLiteral("pcie"))) << editor->groupSummary().toStdString();
}

TEST_F(TopologyEditorTest, SwappingTheRanksOfTwoGpusEditsTheRankTable)
{
    open(pcieServer());
    ASSERT_FALSE(current().parallel.placement.table);
    const QColor pairBefore = scene()->gpu(0, 1)->fill();
    scene()->gpu(0, 1)->setSelected(true);
    scene()->gpu(0, 2)->setSelected(true);
    editor->swapSelectedRanks();
    ASSERT_TRUE(current().parallel.placement.table);
    EXPECT_EQ(current().parallel.placement.table->gpuOfRank, (std::vector<int64_t>{ 0, 2, 1, 3, 4, 5, 6, 7 }));
    EXPECT_NE(scene()->gpu(0, 1)->fill(), pairBefore); // GPU 1 now holds rank 2, of the second pair
    EXPECT_TRUE(window->banner()->text().contains(QStringLiteral("slow_group_link"))
                || window->banner()->text().contains(QStringLiteral("slower")))
        << window->banner()->text().toStdString();
    editor->resetPlacement();
    EXPECT_TRUE(current().parallel.placement.isDefault());
}

TEST_F(TopologyEditorTest, ChoosingATopologyPresetSetsItAndItsGpuCount)
{
    auto* preset = editor->findChildren<QComboBox*>().front();
    for (QComboBox* box : editor->findChildren<QComboBox*>())
        if (box->findData(QStringLiteral("gb200-nvl72")) >= 0)
            preset = box;
    preset->setCurrentIndex(preset->findData(QStringLiteral("workstation-4x-rtx4090")));
    EXPECT_EQ(current().cluster.topology->preset, "workstation-4x-rtx4090");
    EXPECT_EQ(current().cluster.gpusPerNode, 4);
    EXPECT_EQ(countDevices(scene())[DeviceKind::Gpu], 4 * 8);
}

TEST_F(TopologyEditorTest, EditingALinksBandwidthInThePanelAppliesAtOnce)
{
    const NodeSpec& node = current().cluster.topology->nodes.front();
    const int64_t link = linkIndex(node, "pcie4", "cpu1");
    scene()->link(2, link)->setSelected(true);
    QDoubleSpinBox* bandwidth = nullptr;
    for (QDoubleSpinBox* box : editor->findChildren<QDoubleSpinBox*>())
        if (box->isVisibleTo(editor) && box->value() == 64)
            bandwidth = box;
    ASSERT_NE(bandwidth, nullptr);
    bandwidth->setValue(32);
    EXPECT_EQ(current().cluster.topology->nodes.front().links[size_t(link)].GBps, 32);
    EXPECT_EQ(current().cluster.topology->preset, "");
    EXPECT_TRUE(scene()->link(2, link)->isSelected()); // still selected in the new drawing
}

TEST_F(TopologyEditorTest, TheNodeCountIsTheClustersOrTheClickedKinds)
{
    QSpinBox* nodes = nullptr;
    for (QSpinBox* box : editor->findChildren<QSpinBox*>())
        if (box->value() == 8)
            nodes = box;
    ASSERT_NE(nodes, nullptr);
    nodes->setValue(2);
    EXPECT_EQ(current().cluster.nodes, 2);
    EXPECT_EQ(current().cluster.topology->preset, "dgx-h100"); // a count is no edit of the topology

    // Two kinds: the count edited is the kind of the node last clicked, and the cluster follows.
    Scenario mixed = current();
    TopologySpec two = *mixed.cluster.topology;
    two.nodes.push_back(two.nodes.front());
    two.nodes.back().name = "DGX H100 spare";
    mixed.cluster.topology = std::make_shared<const TopologySpec>(two);
    mixed.cluster.nodes = 2;
    mixed.parallel.degrees.pp = 2;
    mixed.parallel.degrees.vpp = 1;
    open(mixed);
    editor->pickGpu(1, 0);
    nodes->setValue(3);
    ASSERT_EQ(current().cluster.topology->nodes.size(), 2u);
    EXPECT_EQ(current().cluster.topology->nodes[1].count, 3);
    EXPECT_EQ(current().cluster.topology->nodes[0].count, 1);
    EXPECT_EQ(current().cluster.nodes, 4);
}

TEST_F(TopologyEditorTest, ChoosingARankOrderSetsThePlacement)
{
    for (QComboBox* box : editor->findChildren<QComboBox*>())
        if (const int index = box->findData(QStringLiteral("tp-cp-ep-pp-dp")); index >= 0)
            box->setCurrentIndex(index);
    EXPECT_EQ(toString(current().parallel.placement.order), "tp-cp-ep-pp-dp");
    editor->setColouring(GpuColouring::PpStage); // stages now step fastest after TP: node n holds stage n % 4
    EXPECT_EQ(scene()->gpu(0, 0)->fill(), scene()->gpu(4, 0)->fill());
    EXPECT_NE(scene()->gpu(0, 0)->fill(), scene()->gpu(1, 0)->fill());
}

TEST_F(TopologyEditorTest, ImportingNvidiaSmiOutputMakesTheNodeOfTheCluster)
{
    const int steps = window->undoStack()->count();
    QString error;
    ASSERT_TRUE(window->importTopology(QStringLiteral(PARAPLAN_SOURCE_DIR "/tests/data/topo/dgx_h100.txt"), &error))
        << error.toStdString();
    const auto& topology = current().cluster.topology;
    ASSERT_EQ(topology->nodes.size(), 1u);
    EXPECT_EQ(topology->nodes.front().gpuCount(), 8);
    EXPECT_EQ(current().cluster.gpusPerNode, 8);
    EXPECT_EQ(window->undoStack()->count(), steps + 1);
    EXPECT_EQ(window->deck()->current(), ViewId::Topology);
    EXPECT_EQ(countDevices(scene())[DeviceKind::Gpu], 64);
}

TEST_F(TopologyEditorTest, ABrokenNvidiaSmiFileLeavesTheWorkAndNamesTheLine)
{
    const QString path = directory.filePath(QStringLiteral("broken.txt"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("\tGPU0\tGPU1\nGPU0\t X \tNV18\nGPU1\tNV18\t X \tPIX\n");
    file.close();
    const auto before = current().cluster.topology;
    const int steps = window->undoStack()->count();
    QString error;
    EXPECT_FALSE(window->importTopology(path, &error));
    EXPECT_EQ(current().cluster.topology, before);
    EXPECT_EQ(window->undoStack()->count(), steps);
    EXPECT_TRUE(error.startsWith(QStringLiteral("broken.txt: line "))) << error.toStdString();
    EXPECT_TRUE(window->banner()->isVisible());
    EXPECT_TRUE(window->banner()->text().contains(QStringLiteral("broken.txt: line "))) << window->banner()->text().toStdString();
}


