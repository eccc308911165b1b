// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// Light or dark palette for the whole application (Fusion style, so both look the same on every
// platform); the plots follow through their PaletteChange handling.
namespace paraplan::app {

void applyTheme(bool dark);

} // namespace paraplan::app
