// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <QString>
#include <QStringList>

#include <optional>

// File ▸ Import model or launch file…, and files dropped on the window: a Hugging Face config.json
// (or a folder holding one) becomes the scenario's model; a Megatron-LM script, Megatron-Bridge
// recipe, NeMo YAML, DeepSpeed JSON or torchtitan config becomes the scenario, with the current
// one standing in for what the file does not say (core/frameworks/launch_import.h).
namespace paraplan::app {

struct FrameworkImport {
    std::optional<Scenario> scenario; // absent when the file could not be read: `error` says why
    QString format;                   // the format read, as the CLI's --format names it
    QStringList notes;                // what the user must know: settings kept, fields ignored, the parameter count
    QString error;
};

[[nodiscard]] FrameworkImport importFrameworkFile(const QString& path, const Scenario& current);

// Whether `path` looks like a file importFrameworkFile reads rather than a ParaPlan project or
// scenario (for files dropped on the window).
[[nodiscard]] bool isFrameworkFile(const QString& path);

} // namespace paraplan::app
