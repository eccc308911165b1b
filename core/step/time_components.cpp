// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/time_components.h"

namespace paraplan {

const char* componentKey(TimeComponent component)
{
    switch (component) {
    case TimeComponent::Compute:
        return "compute";
    case TimeComponent::Recompute:
        return "recompute";
    case TimeComponent::TpComm:
        return "tp_comm";
    case TimeComponent::CpComm:
        return "cp_comm";
    case TimeComponent::EpComm:
        return "ep_comm";
    case TimeComponent::PpComm:
        return "pp_comm";
    case TimeComponent::DpComm:
        return "dp_comm";
    case TimeComponent::Bubble:
        return "bubble";
    case TimeComponent::Optimizer:
        return "optimizer";
    case TimeComponent::Other:
        return "other";
    }
    return "other";
}

double componentSeconds(const TimeBreakdown& t, TimeComponent component)
{
    switch (component) {
    case TimeComponent::Compute:
        return t.compute;
    case TimeComponent::Recompute:
        return t.recompute;
    case TimeComponent::TpComm:
        return t.tpComm;
    case TimeComponent::CpComm:
        return t.cpComm;
    case TimeComponent::EpComm:
        return t.epComm;
    case TimeComponent::PpComm:
        return t.ppComm;
    case TimeComponent::DpComm:
        return t.dpComm;
    case TimeComponent::Bubble:
        return t.bubble;
    case TimeComponent::Optimizer:
        return t.optimizer;
    case TimeComponent::Other:
        return t.other;
    }
    return 0;
}

double hiddenSeconds(const TimeBreakdown& t, TimeComponent component)
{
    switch (component) {
    case TimeComponent::TpComm:
        return t.hidden.tp;
    case TimeComponent::CpComm:
        return t.hidden.cp;
    case TimeComponent::EpComm:
        return t.hidden.ep;
    case TimeComponent::DpComm:
        return t.hidden.dp;
    default:
        return 0;
    }
}

TimeComponent componentOfGroup(CommGroup group)
{
    switch (group) {
    case CommGroup::Tp:
        return TimeComponent::TpComm;
    case CommGroup::Cp:
        return TimeComponent::CpComm;
    case CommGroup::Ep:
    case CommGroup::ExpertTp:
        return TimeComponent::EpComm;
    case CommGroup::PipelineHop:
        return TimeComponent::PpComm;
    case CommGroup::DataParallel:
    case CommGroup::ExpertDataParallel:
    case CommGroup::EmbeddingSync:
        return TimeComponent::DpComm;
    }
    return TimeComponent::DpComm;
}

} // namespace paraplan
