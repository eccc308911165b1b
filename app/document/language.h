// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

// The interface language: ParaPlan's own translations (built in under :/i18n) and Qt's for its
// standard dialogs, switched at run time.
namespace paraplan::app {

// The language to use for a setting: the setting itself, or for "" the system locale's if
// ParaPlan has it, else English.
[[nodiscard]] QString resolveLanguage(const QString& setting);
// Replaces the installed translators; Qt then sends every widget a LanguageChange event.
bool installLanguage(const QString& setting);

} // namespace paraplan::app
