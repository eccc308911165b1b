// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <QUndoCommand>

namespace paraplan::widgets {
class Workbench;
}

// One change of the scenario, undoable: it stores the scenario before and after. Consecutive
// changes with the same merge key (one slider dragged along) become one step.
namespace paraplan::app {

class ScenarioCommand : public QUndoCommand {
public:
    ScenarioCommand(widgets::Workbench* workbench, Scenario before, Scenario after, const QString& text, int mergeKey);

    void undo() override;
    void redo() override;
    [[nodiscard]] int id() const override { return m_mergeKey; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    widgets::Workbench* m_workbench;
    Scenario m_before;
    Scenario m_after;
    int m_mergeKey;
};

} // namespace paraplan::app
