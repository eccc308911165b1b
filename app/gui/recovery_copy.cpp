// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/recovery_copy.h"

#include "widgets/common/file_writing.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace paraplan::app {

namespace {

QString foundPath(const QString& path) { return path + QStringLiteral(".found"); }

} // namespace

RecoveryCopy::RecoveryCopy(QString path, std::function<QByteArray()> snapshot, QObject* parent)
    : QObject(parent)
    , m_path(std::move(path))
    , m_snapshot(std::move(snapshot))
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    if (QFile::exists(m_path)) { // an earlier session ended without saving or closing
        QFile::remove(foundPath(m_path));
        QFile::rename(m_path, foundPath(m_path));
    }
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &RecoveryCopy::write);
}

void RecoveryCopy::workChanged(bool unsaved)
{
    m_unsaved = unsaved;
    if (!unsaved) {
        discard();
        return;
    }
    if (!m_timer.isActive()) // not restarted by every edit: a long drag still gets its copy
        m_timer.start();
}

void RecoveryCopy::discard()
{
    m_unsaved = false;
    m_timer.stop();
    QFile::remove(m_path);
}

QString RecoveryCopy::found() const { return QFile::exists(foundPath(m_path)) ? foundPath(m_path) : QString(); }

void RecoveryCopy::dropFound() { QFile::remove(foundPath(m_path)); }

void RecoveryCopy::write()
{
    if (m_unsaved)
        (void)widgets::writeWholeFile(m_path, m_snapshot()); // a failure loses no work: the next edit tries again
}

} // namespace paraplan::app
