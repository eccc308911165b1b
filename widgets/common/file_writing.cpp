// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/file_writing.h"

#include "core/io/atomic_file.h"

#include <QFile>


namespace paraplan::widgets {

namespace {

std::filesystem::path pathOf(const QString& path) { return std::filesystem::path(QFile::encodeName(path).toStdString()); }

} // namespace

bool writeWholeFileWith(const QString& path, const std::function<bool(const QString& partial)>& write, QString* error)
{
    std::string why;
    const bool written = io::replaceFileWith(
        pathOf(path), [&](const std::filesystem::path& partial) { return write(QFile::decodeName(partial.c_str())); },
        &why);
    if (!written && error)
        *error = QString::fromStdString(why);
    return written;
}

bool writeWholeFile(const QString& path, const QByteArray& bytes, QString* error)
{
    std::string why;
    const bool written = io::replaceFile(pathOf(path), std::string_view(bytes.constData(), size_t(bytes.size())), &why);
    if (!written && error)
        *error = QString::fromStdString(why);
    return written;
}

} // namespace paraplan::widgets
