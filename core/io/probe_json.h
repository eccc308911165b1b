// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/probe_records.h"

#include <optional>
#include <string>
#include <string_view>

// paraplan-probe's records in JSON: each event as the one line the probe writes
// (docs/engine-protocol.md), and the description each rank sends rank 0 in discovery. Events are
// read leniently where the protocol may grow (fields this build does not know are skipped, a
// measurement kind it does not know is named, not refused) and strictly where a figure is used (a
// missing or mistyped one is an error naming the line).
namespace paraplan::io {

// One line of probe output; nullopt for a blank line. Throws ReadError whose path is "line N" for
// a line that is not a probe event (not JSON, no `event`, an unknown event, a figure missing).
[[nodiscard]] std::optional<ProbeLine> parseProbeLine(std::string_view line, int lineNumber);

// The line the probe writes for `line`, without its newline. Text that is not UTF-8 (a device
// name, a path) is replaced rather than thrown on: an event must never break a run halfway.
[[nodiscard]] std::string renderProbeLine(const ProbeLine& line);

[[nodiscard]] std::string writeRankDescription(const RankDescription& rank);
// Throws ReadError when `text` is not a rank description.
[[nodiscard]] RankDescription readRankDescription(std::string_view text);

} // namespace paraplan::io
