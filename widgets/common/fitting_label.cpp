// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/fitting_label.h"

#include <QFontMetrics>

namespace paraplan::widgets {

FittingLabel::FittingLabel(double largestPointSize, QWidget* parent)
    : QLabel(parent)
    , m_largest(largestPointSize)
{
    setAlignment(Qt::AlignCenter);
    setMinimumWidth(10); // the text shrinks rather than widening the layout
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void FittingLabel::setFittedText(const QString& text)
{
    setText(text);
    fit();
}

void FittingLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    fit();
}

void FittingLabel::fit()
{
    QFont f = font();
    const int available = std::max(10, width() - 4);
    const double smallest = std::max(5.0, m_largest / 4); // small but whole, rather than cut
    double size = m_largest;
    for (; size > smallest; size -= 0.5) {
        f.setPointSizeF(size);
        if (QFontMetrics(f).horizontalAdvance(text()) <= available)
            break;
    }
    f.setPointSizeF(size);
    setFont(f);
}

} // namespace paraplan::widgets
