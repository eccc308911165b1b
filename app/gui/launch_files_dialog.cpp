// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/launch_files_dialog.h"

#include "widgets/common/file_writing.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace paraplan::app {

using namespace paraplan::frameworks;

namespace {

// What each format is, for the person choosing: the framework and the files it writes.
QString formatTitle(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Megatron: return LaunchFilesDialog::tr("Megatron-LM: pretrain_gpt.py arguments and torchrun line");
    case ExportFormat::MegatronBridge: return LaunchFilesDialog::tr("Megatron-Bridge / NeMo 2.0: recipe overrides (Python)");
    case ExportFormat::NemoYaml: return LaunchFilesDialog::tr("NeMo 1.x: megatron_gpt_config YAML");
    case ExportFormat::DeepSpeed: return LaunchFilesDialog::tr("DeepSpeed: ds_config.json and Megatron-DeepSpeed flags");
    case ExportFormat::TorchtitanToml: return LaunchFilesDialog::tr("torchtitan: job TOML (releases with TOML configs)");
    case ExportFormat::TorchtitanPy: return LaunchFilesDialog::tr("torchtitan: Python config (newer releases)");
    case ExportFormat::Env: return LaunchFilesDialog::tr("Environment: NCCL settings and rank placement");
    case ExportFormat::Slurm: return LaunchFilesDialog::tr("Slurm: batch script with environment, placement and launch");
    }
    return {};
}

} // namespace

LaunchFilesDialog::LaunchFilesDialog(widgets::EvaluationPtr evaluation, QString lastDirectory, QWidget* parent)
    : QDialog(parent)
    , m_evaluation(std::move(evaluation))
    , m_lastDirectory(std::move(lastDirectory))
{
    setWindowTitle(tr("Export launch files"));
    m_format = new QComboBox(this);
    for (size_t i = 0; i < kExportFormatNames.size(); ++i)
        m_format->addItem(formatTitle(ExportFormat(i)), int(i));
    m_notes = new QLabel(this);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_files = new QTabWidget(this);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    QPushButton* save = buttons->addButton(tr("&Save…"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, &LaunchFilesDialog::copyShownFile);
    connect(save, &QPushButton::clicked, this, &LaunchFilesDialog::chooseWhereToSave);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_format, &QComboBox::currentIndexChanged, this, &LaunchFilesDialog::showExport);

    auto* chooser = new QHBoxLayout;
    chooser->addWidget(new QLabel(tr("Format:"), this));
    chooser->addWidget(m_format, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(chooser);
    layout->addWidget(m_notes);
    layout->addWidget(m_files, 1);
    layout->addWidget(buttons);
    resize(1000, 720);
    showExport();
}

void LaunchFilesDialog::setFormat(ExportFormat format) { m_format->setCurrentIndex(int(format)); }

void LaunchFilesDialog::showExport()
{
    m_files->clear();
    m_bundle = {};
    const auto format = ExportFormat(m_format->currentData().toInt());
    QString problem;
    if (!m_evaluation)
        problem = tr("Nothing to export: no configuration of this scenario has been valid.");
    else {
        try {
            m_bundle = exportLaunch(m_evaluation->scenario, m_evaluation->result, format);
        } catch (const std::exception& e) { // a format that cannot write this scenario says why
            problem = tr("This format cannot be written for the scenario: %1").arg(QString::fromUtf8(e.what()));
        }
    }
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (const LaunchFile& file : m_bundle.files) {
        auto* text = new QPlainTextEdit(QString::fromStdString(file.text), m_files);
        text->setReadOnly(true);
        text->setLineWrapMode(QPlainTextEdit::NoWrap);
        text->setFont(fixed);
        m_files->addTab(text, QString::fromStdString(file.name));
    }
    QStringList notes;
    for (const std::string& note : m_bundle.notes)
        notes << QStringLiteral("• ") + QString::fromStdString(note).toHtmlEscaped();
    if (!problem.isEmpty())
        m_notes->setText(QStringLiteral("<b>%1</b>").arg(problem.toHtmlEscaped()));
    else if (notes.isEmpty())
        m_notes->setText(tr("Every setting of the configuration is in these files."));
    else
        m_notes->setText(tr("<b>Where the launch differs from the plan:</b>") + QStringLiteral("<br>")
                         + notes.join(QStringLiteral("<br>")));
}

void LaunchFilesDialog::copyShownFile()
{
    const int shown = m_files->currentIndex();
    if (shown >= 0 && size_t(shown) < m_bundle.files.size())
        QApplication::clipboard()->setText(QString::fromStdString(m_bundle.files[size_t(shown)].text));
}

void LaunchFilesDialog::chooseWhereToSave()
{
    if (m_bundle.files.empty())
        return;
    const QString path = m_bundle.files.size() == 1
        ? QFileDialog::getSaveFileName(this, tr("Save launch file"),
                                       m_lastDirectory + QLatin1Char('/') + QString::fromStdString(m_bundle.files.front().name))
        : QFileDialog::getExistingDirectory(this, tr("Save launch files into folder"), m_lastDirectory);
    if (path.isEmpty())
        return;
    QString error;
    if (!saveTo(path, &error))
        m_notes->setText(QStringLiteral("<b>%1</b>").arg(error.toHtmlEscaped()));
}

bool LaunchFilesDialog::saveTo(const QString& path, QString* error)
{
    const bool folder = m_bundle.files.size() > 1;
    if (folder && !QDir().mkpath(path)) {
        if (error)
            *error = tr("Cannot make the folder %1").arg(path);
        return false;
    }
    for (const LaunchFile& file : m_bundle.files) {
        const QString target = folder ? QDir(path).filePath(QString::fromStdString(file.name)) : path;
        QString why;
        if (!widgets::writeWholeFile(target, QByteArray::fromStdString(file.text), &why)) {
            if (error)
                *error = tr("Cannot write %1: %2").arg(target, why);
            return false;
        }
    }
    m_lastDirectory = folder ? path : QFileInfo(path).absolutePath();
    return true;
}

} // namespace paraplan::app
