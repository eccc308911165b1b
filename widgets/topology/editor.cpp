// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/editor.h"

#include "widgets/common/file_writing.h"
#include "widgets/common/link_text.h"

#include "widgets/topology/device_item.h"
#include "widgets/topology/edits.h"
#include "widgets/topology/export.h"
#include "widgets/topology/groups.h"
#include "widgets/topology/link_item.h"
#include "widgets/topology/properties.h"
#include "widgets/topology/scene.h"
#include "widgets/topology/side_panel.h"

#include "core/network/cluster_topology.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QMenu>
#include <QSignalBlocker>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <map>

namespace paraplan::widgets {

namespace {

// Undo merge keys, apart from ScenarioPanel's and the side panel's: one field edited in a row is one step.
enum MergeKey { kNicGBps = 102, kLinkKind, kLinkGBps, kLinkLatency };

bool sameLink(const LinkSpec& a, const LinkSpec& b)
{
    return a.kind == b.kind && a.GBpsPerGpu == b.GBpsPerGpu && a.latencyUs == b.latencyUs;
}

// Whether two clusters draw the same: the same explicit topology (by identity: topologies are
// immutable and shared) or the same summary, over as many nodes of as many GPUs.
bool sameDrawing(const ClusterSpec& a, const ClusterSpec& b)
{
    if (a.topology != b.topology || a.nodes != b.nodes || a.gpusPerNode != b.gpusPerNode)
        return false;
    return a.topology || (a.name == b.name && sameLink(a.intraNode, b.intraNode) && sameLink(a.interNode, b.interNode));
}

} // namespace

TopologyEditor::TopologyEditor(QWidget* parent)
    : QWidget(parent)
    , m_scene(new TopologyScene(this))
    , m_canvas(new TopologyCanvas(m_scene, this))
    , m_side(new TopologySidePanel(this))
{
    auto* toolbar = new QToolBar(this);
    buildToolbar(toolbar);
    auto* drawing = new QVBoxLayout;
    drawing->setContentsMargins(0, 0, 0, 0);
    drawing->setSpacing(0);
    drawing->addWidget(toolbar);
    drawing->addWidget(m_canvas, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(drawing, 1);
    layout->addWidget(m_side);

    connect(m_canvas, &TopologyCanvas::devicesMoved, this, &TopologyEditor::moveDevices);
    connect(m_canvas, &TopologyCanvas::connectRequested, this,
            [this](const DeviceRef& from, const DeviceRef& to) { connectDevices(from.node, from.device, to.device); });
    connect(m_canvas, &TopologyCanvas::devicePressed, this, [this](const DeviceRef& device) {
        setCurrentKind(device.kind);
        if (device.localGpu >= 0) {
            m_pickedGpu = device.node * m_scenario.cluster.gpusPerNode + device.localGpu;
            updateHighlight();
        }
    });
    connect(m_canvas, &TopologyCanvas::nodePressed, this, [this](int node) { setCurrentKind(m_scene->kindOfNode(node)); });
    connect(m_canvas, &TopologyCanvas::removeRequested, this, &TopologyEditor::removeSelection);
    connect(m_canvas, &TopologyCanvas::resized, this, [this](const QSize& size) {
        if (m_built && m_scene->columnsFor(size) != m_scene->columns()) {
            rebuildScene(); // another grid of nodes shows them larger now
            recolour();
        }
    });
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &TopologyEditor::showSelection);
    connect(m_side, &TopologySidePanel::scenarioEdited, this, &TopologyEditor::scenarioEdited);
    connect(m_side, &TopologySidePanel::colouringChanged, this, &TopologyEditor::recolour);
    connect(m_side, &TopologySidePanel::swapRequested, this, &TopologyEditor::swapSelectedRanks);
    connect(m_side, &TopologySidePanel::resetRequested, this, &TopologyEditor::resetPlacement);
    connectProperties();
}

TopologyEditor::~TopologyEditor()
{
    // The scene (a child) goes after this body: its items must not report their deselection here.
    disconnect(m_scene, nullptr, this, nullptr);
}

QString TopologyEditor::title() const { return tr("Topology"); }

void TopologyEditor::buildToolbar(QToolBar* toolbar)
{
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* add = new QToolButton(toolbar);
    add->setText(tr("Add device"));
    add->setPopupMode(QToolButton::InstantPopup);
    add->setToolTip(tr("Add a device to the node kind last clicked"));
    auto* menu = new QMenu(add);
    for (DeviceKind kind : { DeviceKind::Gpu, DeviceKind::NvSwitch, DeviceKind::PcieSwitch, DeviceKind::Cpu, DeviceKind::Nic })
        menu->addAction(deviceKindText(kind), this, [this, kind] { addDevice(kind); });
    add->setMenu(menu);
    toolbar->addWidget(add);
    QAction* connectMode = toolbar->addAction(tr("Connect"));
    connectMode->setCheckable(true);
    connectMode->setToolTip(tr("Drag from one device to another to link them (or hold Shift while dragging)"));
    connect(connectMode, &QAction::toggled, m_canvas, &TopologyCanvas::setConnectMode);
    toolbar->addAction(tr("Remove"), this, &TopologyEditor::removeSelection)
        ->setToolTip(tr("Remove the selected devices and links, and the links of removed devices (Delete)"));
    toolbar->addSeparator();
    toolbar->addAction(tr("Fit"), this, &TopologyEditor::fit)->setToolTip(tr("Show the whole drawing"));
    toolbar->addSeparator();
    toolbar->addAction(tr("Import nvidia-smi…"), this, [this] { Q_EMIT importRequested(); })
        ->setToolTip(tr("Read a node from a saved output of “nvidia-smi topo -m”"));
}

void TopologyEditor::connectProperties()
{
    TopologyProperties* properties = m_side->properties();
    connect(properties, &TopologyProperties::deviceRenamed, this, [this](const QString& id) {
        std::vector<SelectionKey> keys = selectionKeys();
        bool renamed = false;
        editSelectedDevice(tr("rename to %1").arg(id), -1, [&](DeviceSpec& device, NodeSpec& node) {
            const std::string from = device.id;
            renamed = renameDevice(node, from, id.toStdString());
            for (SelectionKey& key : keys) // the renamed device stays selected
                if (renamed && key.device == from)
                    key.device = id.toStdString();
            m_hasPendingSelection = renamed;
            m_pendingSelection = keys;
        });
        if (!renamed) {
            m_side->setGroupSummary(tr("The id “%1” is empty or taken in this node; choose another.").arg(id));
            showSelection(); // back to the id it has
        }
    });
    connect(properties, &TopologyProperties::nicBandwidthEdited, this, [this](double GBps) {
        editSelectedDevice(tr("NIC bandwidth"), kNicGBps, [&](DeviceSpec& device, NodeSpec&) { device.nicGBps = GBps; });
    });
    connect(properties, &TopologyProperties::linkKindEdited, this, [this](NodeLinkKind kind) {
        editSelectedLink(tr("link kind"), kLinkKind, [&](NodeLinkSpec& link) { link.kind = kind; });
    });
    connect(properties, &TopologyProperties::linkBandwidthEdited, this, [this](double GBps) {
        editSelectedLink(tr("link bandwidth"), kLinkGBps, [&](NodeLinkSpec& link) { link.GBps = GBps; });
    });
    connect(properties, &TopologyProperties::linkLatencyEdited, this, [this](double us) {
        editSelectedLink(tr("link latency"), kLinkLatency, [&](NodeLinkSpec& link) { link.latencyUs = us; });
    });
}

void TopologyEditor::setScenario(const Scenario& scenario)
{
    const bool redraw = !m_built || !sameDrawing(m_scenario.cluster, scenario.cluster);
    m_scenario = scenario;
    if (m_pickedGpu >= m_scenario.cluster.gpuCount())
        m_pickedGpu = -1;
    if (redraw)
        rebuildScene();
    m_side->showScenario(m_scenario, m_currentKind);
    recolour();
}

void TopologyEditor::showEvaluation(const EvaluationPtr& evaluation)
{
    m_evaluation = evaluation;
    if (m_built)
        recolour(); // the drawing stays; only colours, ranks and the lit group change
}

bool TopologyEditor::evaluationFitsDrawing() const
{
    return m_evaluation && sameDrawing(m_evaluation->scenario.cluster, m_scenario.cluster);
}

void TopologyEditor::rebuildScene()
{
    const std::vector<SelectionKey> keep = m_hasPendingSelection ? m_pendingSelection : selectionKeys();
    m_hasPendingSelection = false;
    m_pendingSelection.clear();
    {
        const QSignalBlocker block(m_scene); // no selection news from a half-built scene
        m_scene->build(topologyOf(m_scenario.cluster), m_scenario.cluster.nodes, TopologyPalette::fromPalette(palette()),
                       m_canvas->viewport()->size());
    }
    m_built = true;
    m_currentKind = std::clamp<int64_t>(m_currentKind, 0, std::max<int64_t>(int64_t(m_scene->topology().nodes.size()) - 1, 0));
    m_canvas->sceneRebuilt();
    select(keep);
    showSelection();
    m_side->showLegend(m_scene->palette());
}

void TopologyEditor::setCurrentKind(int64_t kind)
{
    if (kind == m_currentKind)
        return;
    m_currentKind = kind;
    m_side->showScenario(m_scenario, m_currentKind); // its node count
}

GpuColouring TopologyEditor::colouring() const { return m_side->colouring(); }

void TopologyEditor::setColouring(GpuColouring colouring) { m_side->setColouring(colouring); }

QString TopologyEditor::groupSummary() const { return m_side->groupSummary(); }

void TopologyEditor::recolour()
{
    colourGroups(*m_scene, evaluationFitsDrawing() ? m_evaluation.get() : nullptr, colouring());
    updateHighlight();
}

void TopologyEditor::updateHighlight()
{
    if (!evaluationFitsDrawing()) {
        m_scene->clearHighlight();
        m_side->setGroupSummary(tr("GPUs are coloured by group once the cluster has a valid configuration."));
    } else if (m_pickedGpu < 0) {
        m_scene->clearHighlight();
        m_side->setGroupSummary(tr("Click a GPU to ring its group and light the links its traffic crosses."));
    } else {
        m_side->setGroupSummary(lightGroup(*m_scene, *m_evaluation, colouring(), m_pickedGpu));
    }
}

void TopologyEditor::showSelection()
{
    int devices = 0, links = 0, gpus = 0;
    const DeviceItem* device = nullptr;
    const LinkItem* link = nullptr;
    for (QGraphicsItem* item : m_scene->selectedItems()) {
        if (item->type() == DeviceItem::Type) {
            device = static_cast<const DeviceItem*>(item);
            ++devices;
            gpus += device->ref().localGpu >= 0 ? 1 : 0;
        } else if (item->type() == LinkItem::Type) {
            link = static_cast<const LinkItem*>(item);
            ++links;
        }
    }
    m_side->setSwapEnabled(gpus == 2 && devices == 2 && links == 0);
    TopologyProperties* properties = m_side->properties();
    if (devices == 1 && links == 0)
        properties->showDevice(m_scene->topology().nodes[size_t(device->ref().kind)], device->ref().device);
    else if (links == 1 && devices == 0)
        properties->showLink(m_scene->topology().nodes[size_t(link->ref().kind)], link->ref().link);
    else if (devices + links > 0)
        properties->showSeveral(devices, links);
    else
        properties->showNothing();
    if (gpus == 0 && m_pickedGpu >= 0) { // clicked away: the group goes dark
        m_pickedGpu = -1;
        updateHighlight();
    }
}

std::vector<TopologyEditor::SelectionKey> TopologyEditor::selectionKeys() const
{
    std::vector<SelectionKey> keys;
    for (QGraphicsItem* item : m_scene->selectedItems()) {
        if (item->type() == DeviceItem::Type) {
            const auto* device = static_cast<const DeviceItem*>(item);
            keys.push_back({ device->ref().node, device->id().toStdString(), -1 });
        } else if (item->type() == LinkItem::Type) {
            const auto* link = static_cast<const LinkItem*>(item);
            keys.push_back({ link->ref().node, std::string(), link->ref().link });
        }
    }
    return keys;
}

void TopologyEditor::select(const std::vector<SelectionKey>& keys)
{
    m_scene->clearSelection();
    for (const SelectionKey& key : keys) {
        if (key.node >= m_scene->drawnNodes())
            continue;
        if (!key.device.empty()) {
            const QString id = QString::fromStdString(key.device);
            for (DeviceItem* device : m_scene->devicesOf(key.node))
                if (device->id() == id)
                    device->setSelected(true);
        } else if (LinkItem* link = m_scene->link(key.node, key.link)) {
            link->setSelected(true);
        }
    }
}

void TopologyEditor::editScenario(const QString& what, int mergeKey, const std::function<void(Scenario&)>& change)
{
    Scenario next = m_scenario;
    change(next);
    Q_EMIT scenarioEdited(next, what, mergeKey);
}

void TopologyEditor::editTopology(const QString& what, int mergeKey, const std::function<void(TopologySpec&)>& change)
{
    TopologySpec topology = topologyOf(m_scenario.cluster);
    change(topology);
    Scenario next = withTopology(m_scenario, std::move(topology));
    if (next.cluster.topology->nodes.size() > 1)
        next.cluster.nodes = next.cluster.topology->nodeCount(); // the kinds' counts make the cluster
    Q_EMIT scenarioEdited(next, what, mergeKey);
}

void TopologyEditor::editSelectedDevice(const QString& what, int mergeKey,
                                        const std::function<void(DeviceSpec&, NodeSpec&)>& change)
{
    const auto selected = m_scene->selectedItems();
    if (selected.size() != 1 || selected.front()->type() != DeviceItem::Type)
        return;
    const DeviceRef ref = static_cast<const DeviceItem*>(selected.front())->ref();
    editTopology(what, mergeKey, [&](TopologySpec& t) {
        NodeSpec& node = t.nodes[size_t(ref.kind)];
        change(node.devices[size_t(ref.device)], node);
    });
}

void TopologyEditor::editSelectedLink(const QString& what, int mergeKey, const std::function<void(NodeLinkSpec&)>& change)
{
    const auto selected = m_scene->selectedItems();
    if (selected.size() != 1 || selected.front()->type() != LinkItem::Type)
        return;
    const LinkRef ref = static_cast<const LinkItem*>(selected.front())->ref();
    editTopology(what, mergeKey, [&](TopologySpec& t) { change(t.nodes[size_t(ref.kind)].links[size_t(ref.link)]); });
}

void TopologyEditor::addDevice(DeviceKind kind)
{
    const TopologySpec& drawn = m_scene->topology();
    if (drawn.nodes.empty())
        return;
    const int64_t k = std::clamp<int64_t>(m_currentKind, 0, int64_t(drawn.nodes.size()) - 1);
    const std::string id = freeDeviceId(drawn.nodes[size_t(k)], kind);
    m_hasPendingSelection = true; // the new device, selected in the first node of its kind
    m_pendingSelection.clear();
    for (int n = 0; n < m_scene->drawnNodes(); ++n)
        if (m_scene->kindOfNode(n) == k) {
            m_pendingSelection.push_back({ n, id, -1 });
            break;
        }
    editTopology(tr("add %1").arg(QString::fromStdString(id)), -1,
                 [&](TopologySpec& t) { paraplan::widgets::addDevice(t.nodes[size_t(k)], kind); });
}

void TopologyEditor::removeSelection()
{
    std::map<int64_t, std::pair<std::vector<std::string>, std::vector<int64_t>>> byKind; // devices, links
    QStringList names;
    for (QGraphicsItem* item : m_scene->selectedItems()) {
        if (item->type() == DeviceItem::Type) {
            const auto* device = static_cast<const DeviceItem*>(item);
            byKind[device->ref().kind].first.push_back(device->id().toStdString());
            names << device->id();
        } else if (item->type() == LinkItem::Type && static_cast<const LinkItem*>(item)->ref().link >= 0) {
            const LinkRef& ref = static_cast<const LinkItem*>(item)->ref();
            byKind[ref.kind].second.push_back(ref.link);
            const NodeLinkSpec& link = m_scene->topology().nodes[size_t(ref.kind)].links[size_t(ref.link)];
            names << QStringLiteral("%1 – %2").arg(QString::fromStdString(link.from), QString::fromStdString(link.to));
        }
    }
    if (names.isEmpty())
        return;
    m_hasPendingSelection = true;
    m_pendingSelection.clear();
    m_pickedGpu = -1;
    const QString what = names.size() <= 2 ? tr("remove %1").arg(names.join(QStringLiteral(", ")))
                                           : tr("remove %1 items").arg(names.size());
    editTopology(what, -1, [&](TopologySpec& t) {
        for (const auto& [kind, gone] : byKind)
            removeDevices(t.nodes[size_t(kind)], gone.first, gone.second);
    });
}

void TopologyEditor::connectDevices(int node, int64_t fromDevice, int64_t toDevice)
{
    if (node < 0 || node >= m_scene->drawnNodes())
        return;
    const int64_t kind = m_scene->kindOfNode(node);
    const NodeSpec& spec = m_scene->topology().nodes[size_t(kind)];
    const int64_t devices = int64_t(spec.devices.size());
    if (fromDevice == toDevice || fromDevice < 0 || toDevice < 0 || fromDevice >= devices || toDevice >= devices)
        return;
    // Copies: answering the edit redraws the scene, and `spec` with it.
    const std::string a = spec.devices[size_t(fromDevice)].id, b = spec.devices[size_t(toDevice)].id;
    if (const int64_t existing = linkBetween(spec, a, b); existing >= 0) {
        select({ { node, std::string(), existing } }); // already joined: show that link
        return;
    }
    m_hasPendingSelection = true;
    m_pendingSelection = { { node, std::string(), int64_t(spec.links.size()) } };
    editTopology(tr("link %1 – %2").arg(QString::fromStdString(a), QString::fromStdString(b)), -1, [&](TopologySpec& t) {
        NodeSpec& n = t.nodes[size_t(kind)];
        n.links.push_back(defaultLink(n, a, b));
    });
}

void TopologyEditor::moveDevices(const std::vector<MovedDevice>& moved)
{
    const DeviceItem* first = m_scene->device(moved.front().ref.node, moved.front().ref.device);
    const QString what = moved.size() == 1 ? tr("move %1").arg(first->id()) : tr("move %1 devices").arg(moved.size());
    editTopology(what, -1, [&](TopologySpec& t) {
        for (const MovedDevice& m : moved) // whole units keep the saved file tidy
            t.nodes[size_t(m.ref.kind)].devices[size_t(m.ref.device)].position
                = std::array<double, 2>{ std::round(m.position.x()), std::round(m.position.y()) };
    });
}

void TopologyEditor::pickGpu(int node, int64_t localGpu)
{
    DeviceItem* gpu = m_scene->gpu(node, localGpu);
    if (!gpu)
        return;
    m_scene->clearSelection();
    gpu->setSelected(true);
    setCurrentKind(gpu->ref().kind);
    m_pickedGpu = node * m_scenario.cluster.gpusPerNode + localGpu;
    updateHighlight();
}

void TopologyEditor::swapSelectedRanks()
{
    std::vector<int64_t> gpus;
    for (QGraphicsItem* item : m_scene->selectedItems())
        if (item->type() == DeviceItem::Type) {
            const DeviceRef& ref = static_cast<const DeviceItem*>(item)->ref();
            if (ref.localGpu >= 0)
                gpus.push_back(ref.node * m_scenario.cluster.gpusPerNode + ref.localGpu);
        }
    if (gpus.size() != 2 || gpus[0] == gpus[1])
        return;
    std::sort(gpus.begin(), gpus.end());
    editScenario(tr("swap the ranks of GPUs %1 and %2").arg(gpus[0]).arg(gpus[1]), -1, [&](Scenario& s) {
        s.parallel.placement.table = makeRankTable(swapRanks(s.parallel.placement, s.cluster.gpuCount(), gpus[0], gpus[1]));
    });
}

void TopologyEditor::resetPlacement()
{
    editScenario(tr("reset placement"), -1, [](Scenario& s) { s.parallel.placement = RankPlacement{}; });
}

void TopologyEditor::fit() { m_canvas->fitAll(); }

QImage TopologyEditor::image(double scale) const { return renderTopology(*m_scene, scale); }

bool TopologyEditor::exportPng(const QString& path, double scale) const
{
    return writeWholeFileWith(path, [&](const QString& partial) { return image(scale).save(partial, "PNG"); });
}

bool TopologyEditor::exportPdf(const QString& path) const { return writeTopologyPdf(*m_scene, path); }

void TopologyEditor::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange && m_built) {
        rebuildScene(); // every colour of the drawing follows the palette
        recolour();
    }
    QWidget::changeEvent(event);
}

} // namespace paraplan::widgets
