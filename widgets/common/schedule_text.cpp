// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/schedule_text.h"

#include <QCoreApplication>

namespace paraplan::widgets {

QString scheduleText(PipelineSchedule schedule)
{
    switch (schedule) {
    case PipelineSchedule::GPipe:
        return QCoreApplication::translate("Schedules", "GPipe");
    case PipelineSchedule::OneFOneB:
        return QCoreApplication::translate("Schedules", "1F1B");
    case PipelineSchedule::Interleaved1F1B:
        return QCoreApplication::translate("Schedules", "interleaved 1F1B");
    case PipelineSchedule::ZbH1:
        return QCoreApplication::translate("Schedules", "ZB-H1");
    case PipelineSchedule::ZbH2:
        return QCoreApplication::translate("Schedules", "ZB-H2");
    case PipelineSchedule::ZbV:
        return QCoreApplication::translate("Schedules", "ZB-V");
    case PipelineSchedule::DualPipe:
        return QCoreApplication::translate("Schedules", "DualPipe");
    case PipelineSchedule::DualPipeV:
        return QCoreApplication::translate("Schedules", "DualPipeV");
    }
    return {};
}

} // namespace paraplan::widgets
