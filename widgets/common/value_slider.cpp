// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/value_slider.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>

namespace paraplan::widgets {

ValueSlider::ValueSlider(const QString& name, QWidget* parent)
    : QWidget(parent)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_name(new QLabel(name, this))
    , m_value(new QLabel(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_name->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("micro-batch ")));
    m_value->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("00000")));
    m_value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setPageStep(1);
    layout->addWidget(m_name);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_value);
    connect(m_slider, &QSlider::valueChanged, this, [this](int index) {
        if (index < 0 || index >= int(m_values.size()))
            return;
        m_value->setText(QString::number(m_values[size_t(index)]));
        Q_EMIT valueChosen(m_values[size_t(index)]);
    });
}

void ValueSlider::setValues(std::vector<int64_t> values, int64_t current)
{
    const bool allowed = std::find(values.begin(), values.end(), current) != values.end();
    if (!allowed) { // keep showing what the scenario says, flagged
        values.push_back(current);
        std::sort(values.begin(), values.end());
    }
    m_values = std::move(values);
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, std::max(0, int(m_values.size()) - 1));
    m_slider->setValue(int(std::find(m_values.begin(), m_values.end(), current) - m_values.begin()));
    m_slider->setEnabled(m_values.size() > 1);
    m_value->setText(QString::number(current));
    m_value->setStyleSheet(allowed ? QString() : QStringLiteral("color: #c62828; font-weight: bold;"));
    m_value->setToolTip(allowed ? QString() : tr("Not a valid choice next to the other settings"));
}

int64_t ValueSlider::value() const
{
    const int index = m_slider->value();
    return index >= 0 && index < int(m_values.size()) ? m_values[size_t(index)] : 0;
}

void ValueSlider::moveToIndex(int index) { m_slider->setValue(std::clamp(index, 0, int(m_values.size()) - 1)); }

} // namespace paraplan::widgets
