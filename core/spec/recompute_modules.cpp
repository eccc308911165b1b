// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/recompute_modules.h"

namespace paraplan {

const char* toString(RecomputeModule module)
{
    switch (module) {
    case RecomputeModule::CoreAttn:
        return "core_attn";
    case RecomputeModule::MlaUpProj:
        return "mla_up_proj";
    case RecomputeModule::MoeAct:
        return "moe_act";
    case RecomputeModule::Layernorm:
        return "layernorm";
    case RecomputeModule::Mlp:
        return "mlp";
    case RecomputeModule::Moe:
        return "moe";
    case RecomputeModule::SharedExperts:
        return "shared_experts";
    }
    return "core_attn";
}

std::string moduleList(RecomputeModules modules)
{
    std::string list;
    for (RecomputeModule module : kRecomputeModules)
        if (modules.has(module))
            list += (list.empty() ? "" : ", ") + std::string(toString(module));
    return list;
}

} // namespace paraplan
