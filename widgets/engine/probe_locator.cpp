// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/probe_locator.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace paraplan::widgets {

namespace {

bool isProgram(const QString& path)
{
    const QFileInfo info(path);
    return info.isFile() && info.isExecutable();
}

} // namespace

ProgramSearch findProbe(const QString& applicationDir)
{
    const QString name = QStringLiteral("paraplan-probe");
    ProgramSearch search;
    const QString fromEnvironment = qEnvironmentVariable("PARAPLAN_PROBE");
    if (!fromEnvironment.isEmpty()) {
        search.places << fromEnvironment;
        if (isProgram(fromEnvironment)) {
            search.path = QFileInfo(fromEnvironment).absoluteFilePath();
            return search;
        }
    }
    const QDir dir(applicationDir);
    for (const QString& candidate : { dir.filePath(name), QDir::cleanPath(dir.filePath(QStringLiteral("../probe/") + name)) }) {
        search.places << QDir::toNativeSeparators(candidate);
        if (isProgram(candidate)) {
            search.path = candidate;
            return search;
        }
    }
    search.places << QStringLiteral("PATH");
    search.path = QStandardPaths::findExecutable(name);
    return search;
}

ProgramSearch findMpirun()
{
    ProgramSearch search;
    search.places << QStringLiteral("PATH");
    search.path = QStandardPaths::findExecutable(QStringLiteral("mpirun"));
    return search;
}

} // namespace paraplan::widgets
