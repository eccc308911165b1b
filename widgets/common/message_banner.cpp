// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/message_banner.h"

#include "widgets/common/diagnostic_text.h"

#include <QHBoxLayout>
#include <QLabel>

namespace paraplan::widgets {

MessageBanner::MessageBanner(QWidget* parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    layout->addWidget(m_text, 1);
    hide();
}

QString MessageBanner::text() const { return m_text->text(); }

void MessageBanner::style(Severity severity)
{
    const bool error = severity == Severity::Error;
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QString background = error ? (dark ? QStringLiteral("#5c1f1f") : QStringLiteral("#fdecea"))
                                     : (dark ? QStringLiteral("#5a4a12") : QStringLiteral("#fff4e5"));
    const QString border = error ? QStringLiteral("#c62828") : QStringLiteral("#ef8f00");
    setStyleSheet(QStringLiteral("MessageBanner, paraplan--widgets--MessageBanner { background: %1; border: 1px solid %2; "
                                 "border-radius: 4px; }")
                      .arg(background, border));
}

void MessageBanner::showMessage(const QString& message)
{
    m_text->setText(message.toHtmlEscaped());
    style(Severity::Error);
    show();
}

void MessageBanner::showDiagnostics(const Diagnostics& diagnostics, bool plotsAreStale)
{
    const bool errors = hasErrors(diagnostics);
    QStringList lines;
    for (const Diagnostic& d : diagnostics)
        if ((d.severity == Severity::Error) == errors)
            lines << diagnosticText(d);
    if (lines.isEmpty()) {
        hide();
        return;
    }
    QString text = lines.join(QStringLiteral("<br>"));
    if (errors && plotsAreStale)
        text += QStringLiteral("<br><i>") + tr("The plots still show the last valid configuration.") + QStringLiteral("</i>");
    m_text->setText(text);
    style(errors ? Severity::Error : Severity::Warning);
    show();
}

} // namespace paraplan::widgets
