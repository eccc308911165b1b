// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

// The GUI's side of the one writer (core/io/atomic_file.h): projects, recovery copies, exports,
// profiles and launch files replace their target whole, never leaving half a file behind.
namespace paraplan::widgets {

// False when the file could not be written, with `error` saying what (for the user).
[[nodiscard]] bool writeWholeFile(const QString& path, const QByteArray& bytes, QString* error = nullptr);
// `write` fills the partial file at the path it is given (a PDF printer, say).
[[nodiscard]] bool writeWholeFileWith(const QString& path, const std::function<bool(const QString& partial)>& write,
                                      QString* error = nullptr);

} // namespace paraplan::widgets
