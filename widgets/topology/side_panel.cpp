// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/side_panel.h"

#include "widgets/common/link_text.h"
#include "widgets/topology/edits.h"
#include "widgets/topology/properties.h"

#include "core/io/catalog_reader.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <array>

namespace paraplan::widgets {

namespace {

// Undo merge key, apart from ScenarioPanel's and the editor's: a node count typed in is one step.
constexpr int kNodesMergeKey = 101;

// The preset combo's entries that are not catalog ids.
const QString kSummary = QStringLiteral(":summary");
const QString kEdited = QStringLiteral(":edited");

// Rank orders worth offering (the 120 permutations are too many): Megatron's default, pipeline
// stages inside a node before replicas, and data parallelism on neighbouring GPUs.
constexpr std::array<const char*, 3> kOrders{ "tp-cp-ep-dp-pp", "tp-cp-ep-pp-dp", "dp-tp-cp-ep-pp" };

QString colourName(const QColor& c) { return c.name(QColor::HexRgb); }

} // namespace

TopologySidePanel::TopologySidePanel(QWidget* parent)
    : QScrollArea(parent)
    , m_properties(new TopologyProperties)
{
    auto* panel = new QWidget;
    auto* column = new QVBoxLayout(panel);
    column->addWidget(buildCluster());
    column->addWidget(buildPlacement());
    auto* selection = new QGroupBox(tr("Selection"), panel);
    (new QVBoxLayout(selection))->addWidget(m_properties);
    column->addWidget(selection);
    auto* legend = new QGroupBox(tr("Legend"), panel);
    m_legend = new QLabel(legend);
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    (new QVBoxLayout(legend))->addWidget(m_legend);
    column->addWidget(legend);
    column->addStretch(1);
    setWidget(panel);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFixedWidth(std::max(260, panel->sizeHint().width() + 16));
}

QWidget* TopologySidePanel::buildCluster()
{
    auto* group = new QGroupBox(tr("Cluster"));
    auto* form = new QFormLayout(group);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_preset = new QComboBox(group);
    for (const TopologyPreset& preset : io::builtinCatalog().topologies)
        m_preset->addItem(QString::fromStdString(preset.name), QString::fromStdString(preset.spec->preset));
    m_preset->addItem(tr("From the cluster summary"), kSummary);
    m_preset->addItem(tr("Edited"), kEdited);
    m_preset->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_preset->setMinimumContentsLength(12);
    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
        const QString id = m_preset->currentData().toString();
        if (id == kSummary) {
            edit(tr("topology from the cluster summary"), -1, [](Scenario& s) { s.cluster.topology.reset(); });
            return;
        }
        const TopologyPreset* preset = io::builtinCatalog().findTopology(id.toStdString());
        if (!preset)
            return; // "Edited" is what the topology is, not a choice
        edit(tr("topology %1").arg(m_preset->currentText()), -1, [&](Scenario& s) {
            s.cluster.topology = preset->spec;
            s.cluster.gpusPerNode = preset->spec->nodes.front().gpuCount();
            if (preset->spec->nodes.size() > 1)
                s.cluster.nodes = preset->spec->nodeCount();
            if (const auto& table = s.parallel.placement.table; table && int64_t(table->gpuOfRank.size()) != s.cluster.gpuCount())
                s.parallel.placement.table.reset(); // it placed ranks on GPUs that are no longer there
        });
    });
    m_nodes = new QSpinBox(group);
    m_nodes->setRange(1, 1000000);
    m_nodes->setKeyboardTracking(false); // one edit when the number is complete, not one per digit
    m_nodes->setGroupSeparatorShown(true);
    connect(m_nodes, &QSpinBox::valueChanged, this, [this](int nodes) {
        const int64_t kind = m_kind;
        edit(tr("nodes %1").arg(nodes), kNodesMergeKey, [&](Scenario& s) {
            if (!s.cluster.topology || s.cluster.topology->nodes.size() <= 1) {
                s.cluster.nodes = nodes; // one kind repeats over the nodes
                return;
            }
            TopologySpec topology = *s.cluster.topology;
            topology.nodes[size_t(kind)].count = nodes;
            s = withTopology(std::move(s), std::move(topology));
            s.cluster.nodes = s.cluster.topology->nodeCount(); // the kinds' counts make the cluster
        });
    });
    m_nodesLabel = new QLabel(tr("Nodes"), group);
    m_clusterInfo = new QLabel(group);
    m_clusterInfo->setWordWrap(true);
    form->addRow(tr("Preset"), m_preset);
    form->addRow(m_nodesLabel, m_nodes);
    form->addRow(m_clusterInfo);
    return group;
}

QWidget* TopologySidePanel::buildPlacement()
{
    auto* group = new QGroupBox(tr("Placement"));
    auto* column = new QVBoxLayout(group);
    auto* form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapAllRows); // the combos get the panel's width
    form->setContentsMargins(0, 0, 0, 0);
    m_colouring = new QComboBox(group);
    connect(m_colouring, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_refreshing)
            Q_EMIT colouringChanged();
    });
    m_order = new QComboBox(group);
    m_order->setToolTip(tr("How ranks are numbered along the parallel dimensions, fastest first"));
    connect(m_order, &QComboBox::currentIndexChanged, this, [this] {
        const QString text = m_order->currentData().toString();
        const std::optional<RankOrder> order = parseRankOrder(text.toStdString());
        if (order)
            edit(tr("rank order %1").arg(text), -1, [&](Scenario& s) { s.parallel.placement.order = *order; });
    });
    m_swap = new QPushButton(tr("Swap ranks of the two selected GPUs"), group);
    m_swap->setToolTip(tr("Ctrl+click two GPUs, then trade their ranks in the rank table"));
    m_swap->setEnabled(false);
    connect(m_swap, &QPushButton::clicked, this, &TopologySidePanel::swapRequested);
    m_reset = new QPushButton(tr("Reset placement"), group);
    m_reset->setToolTip(tr("Megatron's rank order and no rank table"));
    connect(m_reset, &QPushButton::clicked, this, &TopologySidePanel::resetRequested);
    m_groupInfo = new QLabel(group);
    m_groupInfo->setWordWrap(true);
    m_groupInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_groupInfo->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    form->addRow(tr("Colour GPUs by"), m_colouring);
    form->addRow(tr("Rank order"), m_order);
    // Outside the form, where the wrapped text gets the height it needs.
    column->addLayout(form);
    column->addWidget(m_swap);
    column->addWidget(m_reset);
    column->addWidget(m_groupInfo);
    return group;
}

void TopologySidePanel::edit(const QString& what, int mergeKey, const std::function<void(Scenario&)>& change)
{
    if (m_refreshing)
        return;
    Scenario next = m_scenario;
    change(next);
    Q_EMIT scenarioEdited(next, what, mergeKey);
}

void TopologySidePanel::showScenario(const Scenario& scenario, int64_t kind)
{
    m_scenario = scenario;
    m_kind = kind;
    m_refreshing = true;
    const ClusterSpec& cluster = scenario.cluster;
    QString preset = kEdited;
    if (!cluster.topology)
        preset = kSummary;
    else if (!cluster.topology->preset.empty() && m_preset->findData(QString::fromStdString(cluster.topology->preset)) >= 0)
        preset = QString::fromStdString(cluster.topology->preset);
    m_preset->setCurrentIndex(m_preset->findData(preset));

    if (cluster.topology && cluster.topology->nodes.size() > 1 && kind < int64_t(cluster.topology->nodes.size())) {
        const NodeSpec& node = cluster.topology->nodes[size_t(kind)];
        m_nodesLabel->setText(tr("Nodes of %1").arg(QString::fromStdString(node.name)));
        m_nodes->setValue(int(std::min<int64_t>(node.count, m_nodes->maximum())));
    } else {
        m_nodesLabel->setText(tr("Nodes"));
        m_nodes->setValue(int(std::min<int64_t>(cluster.nodes, m_nodes->maximum())));
    }
    m_clusterInfo->setText(tr("%1 GPUs per node, %2 GPUs in all").arg(cluster.gpusPerNode).arg(cluster.gpuCount()));

    const QString order = QString::fromStdString(toString(scenario.parallel.placement.order));
    m_order->clear();
    for (const char* o : kOrders)
        m_order->addItem(o == kOrders[0] ? tr("%1 (Megatron)").arg(QLatin1String(o)) : QLatin1String(o), QLatin1String(o));
    if (m_order->findData(order) < 0)
        m_order->addItem(order, order);
    m_order->setCurrentIndex(m_order->findData(order));

    // CP and EP groups only when there are some.
    const GpuColouring current = colouring();
    m_colouring->clear();
    m_colouring->addItem(tr("TP group"), int(GpuColouring::TpGroup));
    m_colouring->addItem(tr("PP stage"), int(GpuColouring::PpStage));
    m_colouring->addItem(tr("DP replica"), int(GpuColouring::DpReplica));
    if (scenario.parallel.degrees.cp > 1)
        m_colouring->addItem(tr("CP group"), int(GpuColouring::CpGroup));
    if (scenario.parallel.degrees.ep > 1)
        m_colouring->addItem(tr("EP group"), int(GpuColouring::EpGroup));
    m_colouring->setCurrentIndex(std::max(m_colouring->findData(int(current)), 0));
    m_reset->setEnabled(!scenario.parallel.placement.isDefault());
    m_refreshing = false;
}

GpuColouring TopologySidePanel::colouring() const
{
    return m_colouring->currentIndex() < 0 ? GpuColouring::TpGroup : GpuColouring(m_colouring->currentData().toInt());
}

void TopologySidePanel::setColouring(GpuColouring colouring)
{
    if (const int index = m_colouring->findData(int(colouring)); index >= 0)
        m_colouring->setCurrentIndex(index);
}

void TopologySidePanel::setSwapEnabled(bool enabled) { m_swap->setEnabled(enabled); }

void TopologySidePanel::setGroupSummary(const QString& text) { m_groupInfo->setText(text); }

QString TopologySidePanel::groupSummary() const { return m_groupInfo->text(); }

void TopologySidePanel::showLegend(const TopologyPalette& p)
{
    auto line = [](const QColor& colour, const QString& name) {
        return QStringLiteral("<span style=\"color:%1\">━━━</span>&nbsp;%2").arg(colourName(colour), name.toHtmlEscaped());
    };
    auto box = [&p](DeviceKind kind) {
        return QStringLiteral("<span style=\"background:%1; color:%2\">&nbsp;■&nbsp;</span>&nbsp;%3")
            .arg(colourName(p.deviceFill(kind)), colourName(p.deviceEdge(kind)), deviceKindText(kind).toHtmlEscaped());
    };
    const QStringList rows{ line(p.link(NodeLinkKind::NvLink), linkKindText(NodeLinkKind::NvLink)),
                            line(p.link(NodeLinkKind::Pcie), linkKindText(NodeLinkKind::Pcie)),
                            line(p.link(NodeLinkKind::SocketLink), linkKindText(NodeLinkKind::SocketLink)),
                            line(p.network(), tr("network port")),
                            tr("Wider lines: more GB/s."),
                            box(DeviceKind::NvSwitch), box(DeviceKind::PcieSwitch), box(DeviceKind::Cpu), box(DeviceKind::Nic),
                            tr("GPUs take their group's colour and show their rank.") };
    m_legend->setText(rows.join(QStringLiteral("<br>")));
}

} // namespace paraplan::widgets
