// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

// Where the GUI finds the programs the engine panel starts: paraplan-probe (installed beside
// paraplan; in a build tree it sits in ../probe) and the MPI launcher.
namespace paraplan::widgets {

struct ProgramSearch {
    QString path;       // empty: not found
    QStringList places; // where it was looked for, for the message that says so
};

// $PARAPLAN_PROBE, then beside `applicationDir`, then `applicationDir`/../probe, then PATH.
[[nodiscard]] ProgramSearch findProbe(const QString& applicationDir);
// mpirun on PATH.
[[nodiscard]] ProgramSearch findMpirun();

} // namespace paraplan::widgets
