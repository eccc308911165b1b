// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Project files (.paraplan.json) through the workbench's own reader, app::parseProject (Qt; built
// where the GUI is). It must answer every input with a project or a message, never an exception;
// a project it accepts, saved as the workbench saves it, must open again as the same project.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "app/gui/project_document.h"

namespace paraplan::fuzz {

namespace {

void requireSameProject(const app::ProjectState& saved, const app::ProjectState& opened)
{
    require(opened.view == saved.view, "the saved view \"" + saved.view.toStdString() + "\" opens as \""
                                           + opened.view.toStdString() + "\"");
    require(opened.pinned.has_value() == saved.pinned.has_value(), "the pinned configuration is lost or appears on saving");
}

} // namespace

int fuzzOne(const uint8_t* data, size_t size)
{
    const app::ProjectLoad load = app::parseProject(QByteArray(reinterpret_cast<const char*>(data), qsizetype(size)));
    if (!load.state) {
        require(!load.error.isEmpty(), "a refused project comes without a message");
        return 0;
    }
    require(load.error.isEmpty(), "an opened project comes with the message \"" + load.error.toStdString() + "\"");
    requireWrittenScenarioReadsBack(load.state->scenario);
    if (load.state->pinned)
        requireWrittenScenarioReadsBack(*load.state->pinned);
    const app::ProjectLoad reopened = app::parseProject(app::projectJson(*load.state));
    require(reopened.state.has_value(), "the project, saved, does not open again: " + reopened.error.toStdString());
    requireSameProject(*load.state, *reopened.state);
    return 0;
}

} // namespace paraplan::fuzz
