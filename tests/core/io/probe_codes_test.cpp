// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The probe's error and warning codes (issue #9): the table in core/io and the lists in
// docs/engine-protocol.md name the same codes, each of the same kind, and every code has a title.
#include "core/io/probe_codes.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace paraplan;

namespace {

std::string protocolDoc()
{
    std::ifstream in(std::filesystem::path(PARAPLAN_SOURCE_DIR) / "docs" / "engine-protocol.md");
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_FALSE(text.str().empty()) << "docs/engine-protocol.md was not found under " << PARAPLAN_SOURCE_DIR;
    return text.str();
}

// The text of the list item that starts with `lead` ("- `error`:"), up to the next item.
std::string itemOf(const std::string& doc, const std::string& lead)
{
    const size_t start = doc.find("\n" + lead);
    if (start == std::string::npos)
        return "";
    const size_t end = doc.find("\n- ", start + 1);
    return doc.substr(start + 1, end == std::string::npos ? std::string::npos : end - start - 1);
}

std::set<std::string> codesIn(const std::string& text)
{
    static const std::regex code("`([a-z0-9_]+)`");
    std::set<std::string> codes;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), code); it != std::sregex_iterator(); ++it)
        codes.insert((*it)[1]);
    return codes;
}

// The error codes: every code after "Codes:" in the `error` item.
std::set<std::string> documentedErrors()
{
    const std::string item = itemOf(protocolDoc(), "- `error`:");
    const size_t codes = item.find("Codes:");
    EXPECT_NE(codes, std::string::npos) << item;
    return codes == std::string::npos ? std::set<std::string>{} : codesIn(item.substr(codes));
}

// The warning codes: those in parentheses in the `warning` item.
std::set<std::string> documentedWarnings()
{
    const std::string item = itemOf(protocolDoc(), "- `warning`:");
    const size_t open = item.find('('), close = item.find(')', open);
    EXPECT_NE(close, std::string::npos) << item;
    return close == std::string::npos ? std::set<std::string>{} : codesIn(item.substr(open, close - open));
}

std::set<std::string> tableCodes(io::ProbeCodeKind kind)
{
    std::set<std::string> codes;
    for (const io::ProbeCodeEntry& entry : io::probeCodes())
        if (entry.kind == kind)
            codes.insert(entry.name);
    return codes;
}

} // namespace

TEST(ProbeCodes, TheTableAndTheProtocolDocumentNameTheSameErrors)
{
    const std::set<std::string> documented = documentedErrors();
    EXPECT_GE(documented.size(), 22u); // 17 the doc always listed, and the five the engine also throws
    EXPECT_EQ(tableCodes(io::ProbeCodeKind::Error), documented);
}

TEST(ProbeCodes, TheTableAndTheProtocolDocumentNameTheSameWarnings)
{
    const std::set<std::string> documented = documentedWarnings();
    EXPECT_EQ(documented,
              (std::set<std::string>{ "cpu_measurements", "discovery_note", "bench_note", "group_does_not_fit" }));
    EXPECT_EQ(tableCodes(io::ProbeCodeKind::Warning), documented);
}

TEST(ProbeCodes, EveryCodeHasATitleAndIsFoundByItsName)
{
    for (const io::ProbeCodeEntry& entry : io::probeCodes()) {
        EXPECT_STRNE(entry.title, "") << entry.name;
        EXPECT_EQ(io::probeCodeNamed(entry.name), entry.code) << entry.name;
        EXPECT_STREQ(io::toString(entry.code), entry.name);
    }
    EXPECT_EQ(io::probeCodeNamed("a_newer_probes_code"), std::nullopt);
}
