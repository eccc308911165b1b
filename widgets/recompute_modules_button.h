// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/recompute_modules.h"

#include <QToolButton>

#include <array>

class QAction;

// The modules selective recomputation replays (Megatron-Core's --recompute-modules), as a button
// whose menu holds one check per module; the button names the ones chosen. Each toggle reports the
// whole new set.
namespace paraplan::widgets {

class RecomputeModulesButton : public QToolButton {
    Q_OBJECT
public:
    explicit RecomputeModulesButton(QWidget* parent = nullptr);
    // The set shown; `applicable` hides the modules the model has no part for (MLA, experts, ...).
    void setModules(RecomputeModules modules, RecomputeModules applicable);

Q_SIGNALS:
    void modulesEdited(paraplan::RecomputeModules modules);

private:
    [[nodiscard]] RecomputeModules checked() const;

    std::array<QAction*, kRecomputeModules.size()> m_actions{};
};

// What a module replays, one line for its menu entry.
[[nodiscard]] QString recomputeModuleText(RecomputeModule module);

} // namespace paraplan::widgets
