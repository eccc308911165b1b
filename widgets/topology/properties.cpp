// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/properties.h"

#include "widgets/common/link_text.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace paraplan::widgets {

namespace {

QLabel* wrappedLabel(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    return label;
}

} // namespace

TopologyProperties::TopologyProperties(QWidget* parent)
    : QWidget(parent)
    , m_pages(new QStackedWidget(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages);

    m_nothing = wrappedLabel(tr("Click a device or a link to edit it. Ctrl+click adds to the selection; Shift+drag "
                                "from one device to another links them; Delete removes."),
                             m_pages);
    m_nothing->setForegroundRole(QPalette::PlaceholderText);
    m_pages->addWidget(m_nothing);

    auto* device = new QWidget(m_pages);
    auto* deviceForm = new QFormLayout(device);
    deviceForm->setContentsMargins(0, 0, 0, 0);
    m_deviceKind = new QLabel(device);
    m_deviceId = new QLineEdit(device);
    // Ids travel in JSON and in messages: no spaces or quotes.
    m_deviceId->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9_.:-]+")), m_deviceId));
    connect(m_deviceId, &QLineEdit::editingFinished, this, [this] {
        if (!m_refreshing && m_deviceId->isModified()) {
            m_deviceId->setModified(false);
            Q_EMIT deviceRenamed(m_deviceId->text());
        }
    });
    m_nicGBps = numberField(1e5, tr(" GB/s"), 1);
    connect(m_nicGBps, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (!m_refreshing)
            Q_EMIT nicBandwidthEdited(v);
    });
    m_nicLabel = new QLabel(tr("Port"), device);
    deviceForm->addRow(tr("Kind"), m_deviceKind);
    deviceForm->addRow(tr("Id"), m_deviceId);
    deviceForm->addRow(m_nicLabel, m_nicGBps);
    m_pages->addWidget(device);

    auto* link = new QWidget(m_pages);
    auto* linkForm = new QFormLayout(link);
    linkForm->setContentsMargins(0, 0, 0, 0);
    m_linkEnds = new QLabel(link);
    m_linkKind = new QComboBox(link);
    for (NodeLinkKind kind : { NodeLinkKind::NvLink, NodeLinkKind::Pcie, NodeLinkKind::SocketLink })
        m_linkKind->addItem(linkKindText(kind), int(kind));
    connect(m_linkKind, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_refreshing)
            Q_EMIT linkKindEdited(NodeLinkKind(m_linkKind->currentData().toInt()));
    });
    m_linkGBps = numberField(1e5, tr(" GB/s"), 1);
    connect(m_linkGBps, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (!m_refreshing)
            Q_EMIT linkBandwidthEdited(v);
    });
    m_linkLatency = numberField(1e6, tr(" µs"), 2);
    m_linkLatency->setMinimum(0);
    connect(m_linkLatency, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (!m_refreshing)
            Q_EMIT linkLatencyEdited(v);
    });
    linkForm->addRow(tr("Joins"), m_linkEnds);
    linkForm->addRow(tr("Kind"), m_linkKind);
    linkForm->addRow(tr("Bandwidth"), m_linkGBps);
    linkForm->addRow(tr("Latency"), m_linkLatency);
    m_linkGBps->setToolTip(tr("Per direction, 1e9 bytes per second (NVLink: all bonded links together)"));
    m_pages->addWidget(link);

    m_several = wrappedLabel(QString(), m_pages);
    m_pages->addWidget(m_several);
    showNothing();
}

QDoubleSpinBox* TopologyProperties::numberField(double maximum, const QString& suffix, int decimals)
{
    auto* box = new QDoubleSpinBox(this);
    box->setRange(0.1, maximum);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setKeyboardTracking(false); // one change when the number is complete, not one per digit
    return box;
}

void TopologyProperties::showNothing() { m_pages->setCurrentWidget(m_nothing); }

void TopologyProperties::showDevice(const NodeSpec& node, int64_t device)
{
    const DeviceSpec& spec = node.devices[size_t(device)];
    m_refreshing = true;
    m_deviceKind->setText(deviceKindText(spec.kind));
    m_deviceId->setText(QString::fromStdString(spec.id));
    m_deviceId->setModified(false);
    const bool nic = spec.kind == DeviceKind::Nic;
    m_nicLabel->setVisible(nic);
    m_nicGBps->setVisible(nic);
    if (nic)
        m_nicGBps->setValue(spec.nicGBps);
    m_refreshing = false;
    m_pages->setCurrentIndex(1);
}

void TopologyProperties::showLink(const NodeSpec& node, int64_t link)
{
    const NodeLinkSpec& spec = node.links[size_t(link)];
    m_refreshing = true;
    m_linkEnds->setText(QStringLiteral("%1 – %2").arg(QString::fromStdString(spec.from), QString::fromStdString(spec.to)));
    m_linkKind->setCurrentIndex(m_linkKind->findData(int(spec.kind)));
    m_linkGBps->setValue(spec.GBps);
    m_linkLatency->setValue(spec.latencyUs);
    m_refreshing = false;
    m_pages->setCurrentIndex(2);
}

void TopologyProperties::showSeveral(int devices, int links)
{
    m_several->setText(tr("%1 devices and %2 links selected. Delete removes them; with two GPUs selected, "
                          "“Swap ranks” trades their ranks.")
                           .arg(devices)
                           .arg(links));
    m_pages->setCurrentWidget(m_several);
}

} // namespace paraplan::widgets
