// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/state/evaluation.h"

#include <QString>

#include <memory>

// File ▸ Export timeline trace…: the step the views show, as a Chrome trace (core/io/trace_json.h,
// docs/trace.md) that ui.perfetto.dev and chrome://tracing open.
namespace paraplan::app {

// `calibration`: what `evaluation` was priced with. False when the file cannot be written, with
// `error` saying why (for the user).
[[nodiscard]] bool writeStepTrace(const QString& path, const widgets::Evaluation& evaluation,
                                  const std::shared_ptr<const Calibration>& calibration, QString* error);

} // namespace paraplan::app
