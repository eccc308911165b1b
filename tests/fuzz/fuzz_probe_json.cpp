// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// One line of paraplan-probe output, and a rank's description sent to rank 0 in discovery
// (core/io/probe_json): read or refused; what is read, written again, reads back as the same line.
#include "tests/fuzz/fuzz_target.h"

#include "core/io/probe_json.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::string text = textOf(data, size);
    if (const auto line = readOrRefuse([&] { return io::parseProbeLine(text, 1); }); line && *line) {
        const std::string written = io::renderProbeLine(**line);
        const std::optional<io::ProbeLine> back = io::parseProbeLine(written, 1);
        require(
            back && io::renderProbeLine(*back) == written, "the probe line written and read back differs: " + written);
    }
    if (const auto rank = readOrRefuse([&] { return io::readRankDescription(text); })) {
        const std::string written = io::writeRankDescription(*rank);
        require(io::writeRankDescription(io::readRankDescription(written)) == written,
            "the rank description written and read back differs: " + written);
    }
    return 0;
}

} // namespace paraplan::fuzz
