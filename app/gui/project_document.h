// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <QByteArray>
#include <QString>

#include <optional>

// A ParaPlan project (.paraplan.json): the scenario, the configuration pinned for comparison and
// the view being shown. Files are written atomically; reading checks everything before anything
// replaces the current work, and names what is wrong and where.
namespace paraplan::app {

struct ProjectState {
    Scenario scenario;
    std::optional<Scenario> pinned;
    QString view = QStringLiteral("overview");
};

struct ProjectLoad {
    std::optional<ProjectState> state; // empty on failure
    QString error;                      // what is wrong and where, for the user
};

inline constexpr int kProjectFormatVersion = 1;

[[nodiscard]] QByteArray projectJson(const ProjectState& state);
[[nodiscard]] ProjectLoad parseProject(const QByteArray& bytes);
[[nodiscard]] ProjectLoad loadProject(const QString& path);
// Writes through a temporary file renamed into place, so a crash never leaves half a project.
[[nodiscard]] bool saveProject(const QString& path, const ProjectState& state, QString* error);

} // namespace paraplan::app
