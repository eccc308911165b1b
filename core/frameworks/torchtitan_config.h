// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"
#include "core/frameworks/launch_import.h"

#include <string>
#include <vector>

// torchtitan's job TOML (the releases that take one) and its Python Trainer.Config form (the
// releases after; docs/frameworks/torchtitan.md names the boundary).
namespace paraplan::frameworks {

// train.toml: the job config of torchtitan up to v0.2.2 (keys of job_config.py @ 238fa995).
[[nodiscard]] LaunchBundle exportTorchtitanToml(const LaunchContext& context);
// paraplan_run.py: a function returning Trainer.Config (torchtitan after 9810191, written for b5bcd76c).
[[nodiscard]] LaunchBundle exportTorchtitanPy(const LaunchContext& context);
[[nodiscard]] Imported importTorchtitanToml(const std::string& text, const nlohmann::json& base);
// Reads the subset of Python the export writes (docs/frameworks/torchtitan.md): one config function of
// `config.PATH = VALUE` lines; anything else in it is an error naming its line.
[[nodiscard]] Imported importTorchtitanPy(const std::string& text, const nlohmann::json& base);

} // namespace paraplan::frameworks
