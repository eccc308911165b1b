// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/settings.h"

#include <QFileInfo>

namespace paraplan::app {

namespace Keys {
const QString recentFiles = QStringLiteral("files/recent");
const QString lastDirectory = QStringLiteral("files/lastDirectory");
const QString language = QStringLiteral("interface/language");
const QString darkTheme = QStringLiteral("interface/darkTheme");
const QString geometry = QStringLiteral("window/geometry");
const QString state = QStringLiteral("window/state");
} // namespace Keys

Settings::Settings(const QString& organization, const QString& application)
    : m_store(organization, application)
{
}

QString Settings::recoveryPath() const
{
    const QFileInfo store(m_store.fileName());
    return store.absolutePath() + QLatin1Char('/') + store.completeBaseName() + QStringLiteral(".recovery.paraplan.json");
}

QStringList Settings::recentFiles() const { return m_store.value(Keys::recentFiles).toStringList(); }

void Settings::addRecentFile(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    m_store.setValue(Keys::recentFiles, files);
}

void Settings::removeRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(QFileInfo(path).absoluteFilePath());
    m_store.setValue(Keys::recentFiles, files);
}

QString Settings::language() const { return m_store.value(Keys::language).toString(); }
void Settings::setLanguage(const QString& language) { m_store.setValue(Keys::language, language); }

bool Settings::darkTheme() const { return m_store.value(Keys::darkTheme, false).toBool(); }
void Settings::setDarkTheme(bool dark) { m_store.setValue(Keys::darkTheme, dark); }

QByteArray Settings::windowGeometry() const { return m_store.value(Keys::geometry).toByteArray(); }
QByteArray Settings::windowState() const { return m_store.value(Keys::state).toByteArray(); }

void Settings::setWindow(const QByteArray& geometry, const QByteArray& state)
{
    m_store.setValue(Keys::geometry, geometry);
    m_store.setValue(Keys::state, state);
}

QString Settings::lastDirectory() const { return m_store.value(Keys::lastDirectory).toString(); }
void Settings::setLastDirectory(const QString& directory) { m_store.setValue(Keys::lastDirectory, directory); }

} // namespace paraplan::app
