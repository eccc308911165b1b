// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/recompute_modules_button.h"

#include <QAction>
#include <QMenu>

namespace paraplan::widgets {

QString recomputeModuleText(RecomputeModule module)
{
    switch (module) {
    case RecomputeModule::CoreAttn:
        return RecomputeModulesButton::tr("core_attn — the attention core");
    case RecomputeModule::MlaUpProj:
        return RecomputeModulesButton::tr("mla_up_proj — MLA's up projections");
    case RecomputeModule::MoeAct:
        return RecomputeModulesButton::tr("moe_act — the experts' activation");
    case RecomputeModule::Layernorm:
        return RecomputeModulesButton::tr("layernorm — the norms outside the linear layers");
    case RecomputeModule::Mlp:
        return RecomputeModulesButton::tr("mlp — dense layers' whole MLP");
    case RecomputeModule::Moe:
        return RecomputeModulesButton::tr("moe — the whole MoE layer, tokens moved again");
    case RecomputeModule::SharedExperts:
        return RecomputeModulesButton::tr("shared_experts — the shared experts");
    }
    return {};
}

RecomputeModulesButton::RecomputeModulesButton(QWidget* parent)
    : QToolButton(parent)
{
    setObjectName(QStringLiteral("recomputeModules"));
    setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(this);
    for (size_t i = 0; i < kRecomputeModules.size(); ++i) {
        QAction* action = m_actions[i] = menu->addAction(recomputeModuleText(kRecomputeModules[i]));
        action->setCheckable(true);
        connect(action, &QAction::triggered, this, [this, action] {
            const RecomputeModules modules = checked();
            if (modules.empty()) { // Megatron-Core needs one: keep the last
                action->setChecked(true);
                return;
            }
            Q_EMIT modulesEdited(modules);
        });
    }
    setMenu(menu);
}

void RecomputeModulesButton::setModules(RecomputeModules modules, RecomputeModules applicable)
{
    for (size_t i = 0; i < kRecomputeModules.size(); ++i) {
        const RecomputeModule module = kRecomputeModules[i];
        m_actions[i]->setChecked(modules.has(module));
        m_actions[i]->setVisible(applicable.has(module) || modules.has(module));
    }
    setText(QString::fromStdString(moduleList(modules)));
    // The panel may be too narrow for every name: the tip shows them whole.
    setToolTip(tr("Replayed before each backward (Megatron-Core's --recompute-modules): %1").arg(text()));
}

RecomputeModules RecomputeModulesButton::checked() const
{
    RecomputeModules modules = RecomputeModules::none();
    for (size_t i = 0; i < kRecomputeModules.size(); ++i)
        if (m_actions[i]->isChecked())
            modules = modules.with(kRecomputeModules[i]);
    return modules;
}

} // namespace paraplan::widgets
