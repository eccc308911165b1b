// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>

// Settings kept between runs, typed, with every key in one place. GUI thread only.
namespace paraplan::app {

class Settings {
public:
    // `organization`/`application` select the store; tests pass their own to stay isolated.
    explicit Settings(const QString& organization = QStringLiteral("ParaPlan"),
                      const QString& application = QStringLiteral("ParaPlan"));

    [[nodiscard]] QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);

    // "" = follow the system locale; else "en" or "zh_CN".
    [[nodiscard]] QString language() const;
    void setLanguage(const QString& language);

    [[nodiscard]] bool darkTheme() const;
    void setDarkTheme(bool dark);

    [[nodiscard]] QByteArray windowGeometry() const;
    [[nodiscard]] QByteArray windowState() const;
    void setWindow(const QByteArray& geometry, const QByteArray& state);

    [[nodiscard]] QString lastDirectory() const;
    void setLastDirectory(const QString& directory);

    // Where unsaved work is kept while the user edits (recovery_copy.h): beside this store.
    [[nodiscard]] QString recoveryPath() const;

    static constexpr int kMaxRecentFiles = 8;
    // Bumped when the saved window layout changes shape, so an old one is not restored.
    static constexpr int kWindowStateVersion = 1;

private:
    QSettings m_store;
};

} // namespace paraplan::app
