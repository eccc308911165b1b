// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The report command of a build without Qt (PARAPLAN_BUILD_GUI off): the report's charts are the
// workbench's Qt views, so there is no report to write; say so and how to get one.
#include "app/cli/commands.h"

#include <ostream>

namespace paraplan::cli {

int runReport(Arguments, std::ostream&, std::ostream& err)
{
    err << "paraplan-cli report: this paraplan-cli was built without Qt (PARAPLAN_BUILD_GUI=OFF), and the report "
           "draws its charts with Qt; configure with -DPARAPLAN_BUILD_GUI=ON (qt6-base-dev, libqcustomplot-dev)\n";
    return kExitUnreadable;
}

} // namespace paraplan::cli
