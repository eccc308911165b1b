// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The band table in JSON (issue #10): it round-trips, refuses what a lookup could not use with the
// JSON path, and reads or refuses cut, corrupted and hostile text, never anything worse.
#include "tests/fuzz/mutator.h"

#include "core/io/bands_json.h"
#include "core/io/json_reader.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace paraplan;

namespace {

UncertaintyBands sample()
{
    UncertaintyBands table;
    table.bands.push_back({ BandRegime{}, 1590, 0.62, 0.75, 1.07 });
    table.bands.push_back({ { PrecisionRegime::Fp8, ScaleRegime::Beyond512Gpus, PipelineRegime::Beyond8Stages, true }, 2,
                            1.1, 1.2, 1.3 });
    table.bands.push_back({ { PrecisionRegime::SixteenBit, ScaleRegime::OneNode, PipelineRegime::NoPipeline, false }, 723,
                            0.63, 0.72, 0.97 });
    table.bands.push_back({ { PrecisionRegime::Any, ScaleRegime::UpTo512Gpus, PipelineRegime::UpTo8Stages, false }, 55,
                            0.99, 1.02, 1.21 });
    return table;
}

std::string bandsErrorPathOf(const std::string& text)
{
    try {
        (void)io::readUncertaintyBands(text);
    } catch (const io::ReadError& e) {
        return e.path();
    }
    return "";
}

// Reads `text` if it can; a table that reads must hold only bands a lookup can use, and anything
// else must be a ReadError with a message, never another exception or a crash.
void bandsReadOrRefused(const std::string& text)
{
    try {
        for (const UncertaintyBand& b : io::readUncertaintyBands(text).bands) {
            EXPECT_GE(b.runs, 1) << text;
            EXPECT_TRUE(std::isfinite(b.p10) && std::isfinite(b.p90)) << text;
            EXPECT_GT(b.p10, 0) << text;
            EXPECT_LE(b.p10, b.p50) << text;
            EXPECT_LE(b.p50, b.p90) << text;
        }
    } catch (const io::ReadError& e) {
        EXPECT_FALSE(std::string(e.what()).empty());
    } catch (const std::exception& e) {
        ADD_FAILURE() << "threw " << e.what() << " for: " << text;
    }
}

} // namespace

TEST(BandsJson, RoundTripsEveryRegimeAndQuantile)
{
    const UncertaintyBands written = sample();
    const UncertaintyBands read = io::readUncertaintyBands(io::toJson(written).dump());
    ASSERT_EQ(read.bands.size(), written.bands.size());
    for (size_t i = 0; i < read.bands.size(); ++i) {
        EXPECT_EQ(read.bands[i].regime, written.bands[i].regime);
        EXPECT_EQ(read.bands[i].runs, written.bands[i].runs);
        EXPECT_DOUBLE_EQ(read.bands[i].p10, written.bands[i].p10);
        EXPECT_DOUBLE_EQ(read.bands[i].p50, written.bands[i].p50);
        EXPECT_DOUBLE_EQ(read.bands[i].p90, written.bands[i].p90);
    }
    const nlohmann::json j = io::toJson(written);
    EXPECT_EQ(j["bands"][1]["precision"], "fp8");
    EXPECT_EQ(j["bands"][1]["scale"], "beyond_512_gpus");
    EXPECT_EQ(j["bands"][1]["pipeline"], "beyond_8");
    EXPECT_EQ(j["bands"][2]["description"], "bf16/fp16, one node, pp 1, uncalibrated");
}

TEST(BandsJson, RefusesDisorderedQuantilesUnknownRegimesAndMissingFields)
{
    const std::string good = R"({"bands": [{"precision": "any", "scale": "any", "pipeline": "any", "calibrated": false,
                                 "runs": 12, "p10": 0.9, "p50": 1.0, "p90": 1.2}]})";
    EXPECT_EQ(bandsErrorPathOf(good), "");
    auto with = [&](const std::string& from, const std::string& to) {
        std::string text = good;
        text.replace(text.find(from), from.size(), to);
        return text;
    };
    EXPECT_EQ(bandsErrorPathOf(with("\"p90\": 1.2", "\"p90\": 0.95")), "bands[0].p90");
    EXPECT_EQ(bandsErrorPathOf(with("\"p10\": 0.9", "\"p10\": 0")), "bands[0].p10");
    // Issue #12 (fuzz corpus crash-quantile-1e308): a step times this was infinite.
    EXPECT_EQ(bandsErrorPathOf(with("\"p90\": 1.2", "\"p90\": 1e308")), "bands[0].p90");
    EXPECT_EQ(bandsErrorPathOf(with("\"scale\": \"any\"", "\"scale\": \"huge\"")), "bands[0].scale");
    EXPECT_EQ(bandsErrorPathOf(with("\"runs\": 12", "\"runs\": 0")), "bands[0].runs");
    EXPECT_EQ(bandsErrorPathOf(with("\"runs\": 12,", "")), "bands[0].runs");
    EXPECT_EQ(bandsErrorPathOf(with("\"runs\": 12", "\"runs\": 12, \"extra\": 1")), "bands[0].extra");
    EXPECT_EQ(bandsErrorPathOf(with("\"p90\": 1.2", "\"p90\": 1e999")), "line 2, column 77");
    EXPECT_EQ(bandsErrorPathOf("[]"), "(document)");
}

TEST(BandsJson, ARegimeGivenTwiceIsRefused)
{
    const nlohmann::json band = io::toJson(sample())["bands"][0];
    const nlohmann::json twice = { { "bands", { band, band } } };
    EXPECT_EQ(bandsErrorPathOf(twice.dump()), "bands[1].precision");
}

TEST(BandsJson, TruncatedTextIsRefusedAtEveryLength)
{
    const std::string text = io::toJson(sample()).dump();
    for (size_t length = 0; length + 1 < text.size(); ++length)
        EXPECT_THROW((void)io::readUncertaintyBands(text.substr(0, length)), io::ReadError) << length;
}

TEST(BandsJson, MutatedTextReadsOrIsRefused)
{
    fuzz::Mutator mutator({ io::toJson(sample()).dump() }, 10); // fixed seed: a failure reproduces
    for (int round = 0; round < 4000; ++round)
        bandsReadOrRefused(mutator.next());
}

TEST(BandsJson, HostileValuesInEveryFieldReadOrAreRefused)
{
    for (const std::string& text : fuzz::everyHostileVariant(io::toJson(sample())))
        bandsReadOrRefused(text);
}

TEST(BandsJson, TheBuiltInTableReads)
{
    const UncertaintyBands& table = io::builtinUncertaintyBands();
    EXPECT_GE(table.bands.size(), 8u);
    const auto everyRun = std::find_if(table.bands.begin(), table.bands.end(),
                                       [](const UncertaintyBand& b) { return b.regime == BandRegime{}; });
    ASSERT_NE(everyRun, table.bands.end());
    EXPECT_GT(everyRun->runs, 1000); // all three case files
}
