// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QLabel>

// A one-line label whose font is as large as its width allows, up to a ceiling: key figures that
// read across a room on a wide screen and still fit in a narrow window.
namespace paraplan::widgets {

class FittingLabel : public QLabel {
    Q_OBJECT
public:
    FittingLabel(double largestPointSize, QWidget* parent = nullptr);
    void setFittedText(const QString& text);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fit();
    double m_largest;
};

} // namespace paraplan::widgets
