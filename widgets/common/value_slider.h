// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

#include <vector>

class QLabel;
class QSlider;

// A slider that stops only at the given values (the divisors that can be valid), with its name
// and current value beside it. A current value outside the list is shown, flagged, until moved.
namespace paraplan::widgets {

class ValueSlider : public QWidget {
    Q_OBJECT
public:
    ValueSlider(const QString& name, QWidget* parent = nullptr);

    void setValues(std::vector<int64_t> values, int64_t current);
    [[nodiscard]] int64_t value() const;
    [[nodiscard]] const std::vector<int64_t>& values() const { return m_values; }
    [[nodiscard]] QSlider* slider() const { return m_slider; }
    // Moves to the allowed value at `index` as a user would (emits valueChosen).
    void moveToIndex(int index);

Q_SIGNALS:
    void valueChosen(int64_t value);

private:
    std::vector<int64_t> m_values;
    QSlider* m_slider;
    QLabel* m_name;
    QLabel* m_value;
};

} // namespace paraplan::widgets
