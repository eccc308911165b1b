// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>

// Unsaved work kept beside the settings while the user edits, so that a crash or a kill loses
// nothing: written whole (the one atomic writer) within kDelayMs of an unsaved edit, and at most
// that often while edits go on; removed once the work is saved or the window closes cleanly. A copy
// left by an earlier session is moved aside at start-up ("found"), for the window to offer back
// before this session's edits could overwrite it.
namespace paraplan::app {

class RecoveryCopy : public QObject {
    Q_OBJECT
public:
    static constexpr int kDelayMs = 1000;

    // `path`: where the copy lives; `snapshot`: the project as it stands (a .paraplan.json).
    RecoveryCopy(QString path, std::function<QByteArray()> snapshot, QObject* parent = nullptr);

    // The work changed: unsaved (a copy follows soon) or saved again (the copy goes).
    void workChanged(bool unsaved);
    // The work is safe (saved, or the user closed the window and chose): no copy.
    void discard();

    [[nodiscard]] const QString& path() const { return m_path; }
    // The copy an earlier session left, moved aside at start-up; empty when there was none.
    [[nodiscard]] QString found() const;
    // Forgets the found copy (restored or declined).
    void dropFound();

private:
    void write();

    QString m_path;
    std::function<QByteArray()> m_snapshot;
    QTimer m_timer;
    bool m_unsaved = false;
};

} // namespace paraplan::app
