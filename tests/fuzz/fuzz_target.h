// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/json_reader.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

// The contract of a fuzz target (one per file, tests/fuzz/README.md). Each target defines
// fuzzOne(), which feeds one input to a reader and whatever consumes what it accepts. A reader's
// refusal (io::ReadError) is the right answer to bad input; every other way out is a finding:
// a crash, a hang, any other exception, or a check below that throws FuzzFinding. libFuzzer
// (libfuzzer_entry.cpp) turns an escaped exception into a crash report with the input; the GCC
// runner (corpus_runner.cpp) reports it as a test failure naming the input.
namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size);

// A property an accepted input broke.
class FuzzFinding : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

[[nodiscard]] inline std::string textOf(const uint8_t* data, size_t size)
{
    return std::string(reinterpret_cast<const char*>(data), size);
}

// What `read` returns, or nullopt when it refuses the input as its contract says.
template <typename Read> [[nodiscard]] auto readOrRefuse(Read read) -> std::optional<decltype(read())>
{
    try {
        return read();
    } catch (const io::ReadError&) {
        return std::nullopt;
    }
}

// Throws FuzzFinding naming `what` and the JSON path of the first NaN or infinity in `document`,
// or of a null where the contract has no optional field: the result writer masks a non-finite
// figure as null, and nlohmann writes one as null too.
void requireFinite(const nlohmann::json& document, const std::string& what);

// Throws FuzzFinding unless `condition`: for the properties the targets check beyond finiteness.
void require(bool condition, const std::string& what);

} // namespace paraplan::fuzz
