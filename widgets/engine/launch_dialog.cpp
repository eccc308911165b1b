// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/launch_dialog.h"

#include "widgets/common/file_writing.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace paraplan::widgets {

LaunchDialog::LaunchDialog(const QString& title, const QString& explanation, const QString& text,
                           const QString& suggestedFile, const QByteArray& scenarioJson, QWidget* parent)
    : QDialog(parent)
    , m_text(new QPlainTextEdit(text, this))
    , m_suggestedFile(suggestedFile)
    , m_scenarioJson(scenarioJson)
{
    setWindowTitle(title);
    auto* note = new QLabel(explanation, this);
    note->setWordWrap(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    QPushButton* save = buttons->addButton(tr("&Save…"), QDialogButtonBox::ActionRole);
    QPushButton* saveScenario = buttons->addButton(tr("Save s&cenario…"), QDialogButtonBox::ActionRole);
    auto* status = new QLabel(this);
    auto write = [this, status](const QString& path, const QByteArray& data) {
        QString why;
        if (writeWholeFile(path, data, &why))
            status->setText(tr("Saved %1.").arg(path));
        else
            status->setText(tr("Cannot write %1: %2").arg(path, why));
    };
    connect(copy, &QPushButton::clicked, this, [this, status] {
        QApplication::clipboard()->setText(m_text->toPlainText());
        status->setText(tr("Copied to the clipboard."));
    });
    connect(save, &QPushButton::clicked, this, [this, write] {
        const QString path = QFileDialog::getSaveFileName(this, windowTitle(), m_suggestedFile);
        if (!path.isEmpty())
            write(path, m_text->toPlainText().toUtf8());
    });
    connect(saveScenario, &QPushButton::clicked, this, [this, write] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), QStringLiteral("scenario.json"),
                                                          tr("Scenarios (*.json)"));
        if (!path.isEmpty())
            write(path, m_scenarioJson);
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addWidget(m_text, 1);
    layout->addWidget(status);
    layout->addWidget(buttons);
    resize(720, 360);
}

QString LaunchDialog::text() const { return m_text->toPlainText(); }

} // namespace paraplan::widgets
