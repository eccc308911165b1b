// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/project_document.h"

#include "widgets/common/file_writing.h"

#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"
#include "core/spec/units.h"

#include <QCoreApplication>
#include <QFile>

namespace paraplan::app {

namespace {
// The translation context of these free functions (lupdate files their strings under it).
struct ProjectDocument {
    Q_DECLARE_TR_FUNCTIONS(ProjectDocument)
};
constexpr qint64 kMaxProjectBytes = qint64(64 * kBytesPerMiB);
} // namespace

QByteArray projectJson(const ProjectState& state)
{
    nlohmann::json j = { { "paraplan_project", kProjectFormatVersion },
                         { "scenario", io::toJson(state.scenario) },
                         { "view", { { "current", state.view.toStdString() } } } };
    if (state.pinned)
        j["pinned"] = io::toJson(*state.pinned);
    return QByteArray::fromStdString(j.dump(2) + "\n");
}

ProjectLoad parseProject(const QByteArray& bytes)
{
    ProjectLoad load;
    try {
        const nlohmann::json document = io::parseJson(bytes.toStdString());
        if (!document.is_object()) {
            load.error = ProjectDocument::tr("This is not a ParaPlan project: the file holds %1, not an object.")
                             .arg(QString::fromLatin1(io::typeName(document)));
            return load;
        }
        ProjectState state;
        if (!document.contains("paraplan_project")) {
            // A bare scenario (the CLI's input) opens too; anything else is foreign.
            if (!(document.contains("model") && document.contains("training") && document.contains("cluster"))) {
                load.error = ProjectDocument::tr("This is not a ParaPlan project or scenario: it has no \"paraplan_project\" version "
                                "and no model, training and cluster.");
                return load;
            }
            state.scenario = io::readScenario(document, io::builtinCatalog());
            load.state = state;
            return load;
        }
        io::ObjectReader root(document, "");
        const int64_t version = root.integer("paraplan_project").value_or(0);
        if (version > kProjectFormatVersion) {
            load.error = ProjectDocument::tr("This project was written by a newer ParaPlan (format %1; this one reads up to %2).")
                             .arg(version)
                             .arg(kProjectFormatVersion);
            return load;
        }
        const nlohmann::json* scenario = root.raw("scenario");
        if (!scenario) {
            load.error = ProjectDocument::tr("The project has no \"scenario\".");
            return load;
        }
        state.scenario = io::readScenario(*scenario, io::builtinCatalog(), "scenario");
        if (const nlohmann::json* pinned = root.raw("pinned"))
            state.pinned = io::readScenario(*pinned, io::builtinCatalog(), "pinned");
        if (std::optional<io::ObjectReader> view = root.object("view")) {
            if (std::optional<std::string> current = view->string("current"))
                state.view = QString::fromStdString(*current);
            view->rejectUnknownFields();
        }
        root.rejectUnknownFields();
        load.state = state;
    } catch (const io::ReadError& e) {
        // The message without its path, which the sentence names apart.
        load.error = ProjectDocument::tr("The project cannot be read at %1: %2")
                         .arg(QString::fromStdString(e.path()), QString::fromStdString(e.message()));
    }
    return load;
}

ProjectLoad loadProject(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return { std::nullopt, ProjectDocument::tr("Cannot open %1: %2").arg(path, file.errorString()) };
    if (file.size() > kMaxProjectBytes)
        return { std::nullopt, ProjectDocument::tr("%1 is too large to be a ParaPlan project.").arg(path) };
    const QByteArray bytes = file.read(kMaxProjectBytes + 1);
    if (bytes.isEmpty())
        return { std::nullopt, ProjectDocument::tr("%1 is empty.").arg(path) };
    return parseProject(bytes);
}

bool saveProject(const QString& path, const ProjectState& state, QString* error)
{
    QString why;
    if (!widgets::writeWholeFile(path, projectJson(state), &why)) {
        if (error)
            *error = ProjectDocument::tr("Cannot save %1: %2").arg(path, why);
        return false;
    }
    return true;
}

} // namespace paraplan::app
