// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <QString>

// Pipeline schedules named for people, in the interface's language: one name per schedule for every
// view that shows one.
namespace paraplan::widgets {

// "GPipe", "1F1B", "interleaved 1F1B", "ZB-H1", …, "DualPipeV".
[[nodiscard]] QString scheduleText(PipelineSchedule schedule);

} // namespace paraplan::widgets
