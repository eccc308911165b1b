// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/scenario_command.h"

#include "widgets/state/workbench.h"

namespace paraplan::app {

ScenarioCommand::ScenarioCommand(widgets::Workbench* workbench, Scenario before, Scenario after, const QString& text,
                                 int mergeKey)
    : m_workbench(workbench)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_mergeKey(mergeKey)
{
    setText(text);
}

void ScenarioCommand::undo() { m_workbench->setScenario(m_before); }
void ScenarioCommand::redo() { m_workbench->setScenario(m_after); }

bool ScenarioCommand::mergeWith(const QUndoCommand* other)
{
    if (other->id() != id() || id() < 0)
        return false;
    m_after = static_cast<const ScenarioCommand*>(other)->m_after;
    setText(other->text());
    return true;
}

} // namespace paraplan::app
