// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/framework_import.h"

#include "core/frameworks/launch_formats.h"
#include "core/io/catalog_reader.h"
#include "core/io/input_file.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace paraplan::app {

using namespace paraplan::frameworks;

namespace {

QString tr(const char* text) { return QCoreApplication::translate("FrameworkImport", text); }

} // namespace

FrameworkImport importFrameworkFile(const QString& path, const Scenario& current)
{
    FrameworkImport result;
    const QString file = QString::fromStdString(frameworkFileOf(path.toStdString()));
    const QString name = QFileInfo(file).fileName();
    std::string error;
    const std::optional<std::string> text = io::readInputFile(file.toStdString(), error);
    if (!text) {
        result.error = QString::fromStdString(error);
        return result;
    }
    try {
        const nlohmann::json base = io::toJson(current);
        const ImportFormat format = detectImportFormat(file.toStdString(), *text);
        const Imported imported = importLaunch(*text, format, base);
        if (imported.modelOnly) { // a config.json: the model, trained as the scenario trains it
            nlohmann::json document = base;
            document["model"] = imported.document;
            result.scenario = current;
            result.scenario->model = io::readScenario(document, io::builtinCatalog()).model;
        } else
            result.scenario = io::readScenario(imported.document, io::builtinCatalog());
        result.format = QString::fromLatin1(toString(format));
        for (const std::string& note : imported.notes)
            result.notes << QString::fromStdString(note);
    } catch (const io::ReadError& e) {
        result.error = tr("%1 cannot be imported: %2").arg(name, QString::fromUtf8(e.what()));
    }
    return result;
}

bool isFrameworkFile(const QString& path)
{
    const QString file = QString::fromStdString(frameworkFileOf(path.toStdString()));
    std::string error;
    const std::optional<std::string> text = io::readInputFile(file.toStdString(), error);
    if (!text)
        return false;
    try {
        (void)detectImportFormat(file.toStdString(), *text);
        return true;
    } catch (const io::ReadError&) {
        return false;
    }
}

} // namespace paraplan::app
