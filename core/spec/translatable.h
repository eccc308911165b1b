// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// Marks an English sentence template that front ends translate (Qt's lupdate reads core's
// validation and evaluator sources for this macro and files the strings under the context given).
// In core it is only a marker: it expands to the text itself. Qt defines the same macro with the
// same meaning, so a file that sees both is unaffected.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif
