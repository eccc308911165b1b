// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Issue #16, item 4: `paraplan-cli sensitivity` prints the tornado's table and, with --compare, whether
// the two configurations' order can flip; --json follows docs/sensitivity.md; bad arguments are named.
#include "tests/app/cli/command_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>
#include <stdexcept>
#include <string>

using namespace paraplan::cli;
using namespace paraplan::cli::test;

// The helpers live in a namespace of their own: a unity build compiles this file with the other
// command tests, whose anonymous namespaces would otherwise share these names.
namespace {
namespace tornado {

// Llama 3.1 8B on 4 nodes over RoCE: dp 4 across the network (A) against pp 4 (B). B is faster by
// about 8 %; with sequences twice as long at the same tokens per step, B's pipeline of 8
// micro-batches idles more than A's all-reduce costs, and A overtakes.
const std::string kDpOverRoce = data("advice/sensitivity_dp_over_roce.json");
const std::string kPpOverRoce = data("advice/sensitivity_pp_over_roce.json");

const std::set<std::string> kInputCodes = { "inter_node_bandwidth", "intra_node_bandwidth", "gemm_efficiency",
                                            "attention_efficiency", "hbm_efficiency",       "micro_batch",
                                            "sequence_length",      "straggler_jitter",     "framework_overhead",
                                            "host_overhead" };

// A profile whose one bf16 GEMM ran at a tenth of the H100's peak: every bf16 GEMM then runs at
// that measured rate, whatever the GEMM ceiling.
std::string slowGemmCalibration()
{
    const double seconds = 2.0 * 4096 * 4096 * 4096 / (0.1 * 989.4e12);
    return writeTemporary("sensitivity-slow-gemm-profile.json",
                          R"({"device": "NVIDIA H100 80GB HBM3", "gemms": [{"m": 4096, "n": 4096, "k": 4096, )"
                          R"("precision": "bf16", "seconds": )"
                              + std::to_string(seconds) + "}]}");
}

double swingOf(const nlohmann::json& sensitivity, const std::string& code)
{
    for (const nlohmann::json& input : sensitivity["inputs"])
        if (input["code"] == code)
            return input["swing_s"].get<double>();
    throw std::runtime_error("no input " + code);
}

void expectSide(const nlohmann::json& side, const std::string& where)
{
    if (side.contains("absent")) {
        EXPECT_FALSE(side["absent"]["code"].get<std::string>().empty()) << where;
        EXPECT_FALSE(side["absent"]["reason"].get<std::string>().empty()) << where;
        return;
    }
    EXPECT_TRUE(side["value"].is_number()) << where;
    EXPECT_GT(side["step_s"].get<double>(), 0) << where;
    EXPECT_GT(side["tokens_per_s"].get<double>(), 0) << where;
    EXPECT_GT(side["micro_batches"].get<int>(), 0) << where;
    EXPECT_TRUE(side["recompute"].is_string()) << where;
    EXPECT_TRUE(side["fits"].is_boolean()) << where;
}

} // namespace tornado
} // namespace

TEST(SensitivityCommand, DefaultScenarioPrintsTheTornadoTable)
{
    const CommandRun r = run(runSensitivity, {});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("built-in default scenario"), std::string::npos);
    EXPECT_NE(r.out.find("Base step"), std::string::npos);
    for (const char* label : { "inter-node bandwidth", "GEMM efficiency", "micro-batch", "sequence length",
                               "straggler jitter", "framework overhead per step" })
        EXPECT_NE(r.out.find(label), std::string::npos) << label;
    // The default's micro-batch of one has no half: the side is absent and the reason printed.
    EXPECT_NE(r.out.find("Absent sides:"), std::string::npos);
    EXPECT_NE(r.out.find("micro-batch, low: A micro-batch of 1 cannot be halved"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("|+"), std::string::npos); // a tornado bar
    EXPECT_EQ(r.out.find("nan"), std::string::npos);
    EXPECT_EQ(r.out.find("inf"), std::string::npos);
    EXPECT_TRUE(r.err.empty());
}

TEST(SensitivityCommand, TextRowsFollowTheJsonSwingOrder)
{
    const CommandRun text = run(runSensitivity, {});
    const CommandRun json = run(runSensitivity, { "--json" });
    ASSERT_EQ(text.code, kExitOk);
    ASSERT_EQ(json.code, kExitOk);
    const nlohmann::json j = nlohmann::json::parse(json.out);
    size_t previous = 0;
    for (const nlohmann::json& input : j["inputs"]) {
        const size_t at = text.out.find("\n  " + input["label"].get<std::string>() + " ");
        ASSERT_NE(at, std::string::npos) << input["label"];
        EXPECT_GT(at, previous) << input["label"];
        previous = at;
    }
}

TEST(SensitivityCommand, JsonFollowsTheDocumentedShape)
{
    const CommandRun r = run(runSensitivity, { "--json" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j["valid"].get<bool>());
    EXPECT_FALSE(j.contains("flips"));
    // The base is `evaluate`'s step.
    const nlohmann::json evaluated = nlohmann::json::parse(run(runEvaluate, { "--json" }).out);
    EXPECT_EQ(j["base_step_s"].get<double>(), evaluated["time_s"]["step"].get<double>());
    EXPECT_EQ(j["base_tokens_per_s"].get<double>(), evaluated["tokens_per_s"].get<double>());
    ASSERT_EQ(j["inputs"].size(), tornado::kInputCodes.size());
    std::set<std::string> codes;
    double previousSwing = 1e300;
    for (const nlohmann::json& input : j["inputs"]) {
        const std::string code = input["code"].get<std::string>();
        codes.insert(code);
        EXPECT_FALSE(input["label"].get<std::string>().empty()) << code;
        EXPECT_TRUE(
            std::set<std::string>({ "fraction", "s", "sequences", "tokens" }).count(input["unit"].get<std::string>()))
            << code;
        EXPECT_TRUE(input["base_value"].is_number()) << code;
        tornado::expectSide(input["low"], code + ".low");
        tornado::expectSide(input["high"], code + ".high");
        const double swing = input["swing_s"].get<double>();
        EXPECT_LE(swing, previousSwing) << code;
        previousSwing = swing;
    }
    EXPECT_EQ(codes, tornado::kInputCodes);
    const auto microBatch = std::find_if(j["inputs"].begin(), j["inputs"].end(),
                                         [](const nlohmann::json& i) { return i["code"] == "micro_batch"; });
    EXPECT_EQ((*microBatch)["low"]["absent"]["code"], "no_half_micro_batch");
}

TEST(SensitivityCommand, CompareShowsTheFlipTableAndTheVerdict)
{
    const CommandRun r = run(runSensitivity, { tornado::kDpOverRoce, "--compare", tornado::kPpOverRoce });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("Can the order flip? A = " + tornado::kDpOverRoce), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("B is faster by"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("order flips"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Verdict: A becomes faster than B when the sequence length is doubled"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Bands: The 80 % bands"), std::string::npos) << r.out;
}

TEST(SensitivityCommand, CompareJsonCarriesTheFlips)
{
    const CommandRun r = run(runSensitivity, { tornado::kDpOverRoce, "--compare", tornado::kPpOverRoce, "--json" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    ASSERT_TRUE(j.contains("flips"));
    const nlohmann::json& f = j["flips"];
    EXPECT_TRUE(f["valid"].get<bool>());
    EXPECT_EQ(f["a_step_s"].get<double>(), j["base_step_s"].get<double>());
    EXPECT_GT(f["a_step_s"].get<double>(), f["b_step_s"].get<double>());
    EXPECT_EQ(f["faster"], "b");
    EXPECT_GE(f["flips"].get<int>(), 1);
    EXPECT_FALSE(f["verdict"].get<std::string>().empty());
    for (const char* side : { "a", "b" }) {
        const nlohmann::json& band = f["bands"][side];
        ASSERT_TRUE(band.is_object()) << side;
        EXPECT_LE(band["p10"].get<double>(), band["p90"].get<double>());
    }
    EXPECT_TRUE(f["bands_overlap"].is_boolean());
    EXPECT_TRUE(f["band_verdict"].is_string());
    ASSERT_EQ(f["inputs"].size(), tornado::kInputCodes.size());
    int flipped = 0;
    for (const nlohmann::json& input : f["inputs"]) {
        EXPECT_TRUE(tornado::kInputCodes.count(input["code"].get<std::string>()));
        for (const char* which : { "low", "high" }) {
            const nlohmann::json& side = input[which];
            if (side.contains("absent"))
                continue;
            const double a = side["step_a_s"].get<double>(), b = side["step_b_s"].get<double>();
            EXPECT_DOUBLE_EQ(side["margin_s"].get<double>(), b - a);
            EXPECT_EQ(side["faster"], a < b ? "a" : "b");
            flipped += side["flipped"].get<bool>();
        }
    }
    EXPECT_EQ(flipped, f["flips"].get<int>());
    // The sequence doubled is the move the verdict names, and it reverses the order.
    const auto sequence = std::find_if(f["inputs"].begin(), f["inputs"].end(),
                                       [](const nlohmann::json& i) { return i["code"] == "sequence_length"; });
    EXPECT_TRUE((*sequence)["high"]["flipped"].get<bool>());
}

TEST(SensitivityCommand, BadArgumentsAreNamedWithTheUsage)
{
    const CommandRun unknown = run(runSensitivity, { "--frobnicate" });
    EXPECT_EQ(unknown.code, kExitUnreadable);
    EXPECT_NE(unknown.err.find("unknown option --frobnicate"), std::string::npos) << unknown.err;
    EXPECT_NE(unknown.err.find("usage: paraplan-cli sensitivity"), std::string::npos);

    const CommandRun twoFiles = run(runSensitivity, { tornado::kDpOverRoce, tornado::kPpOverRoce });
    EXPECT_EQ(twoFiles.code, kExitUnreadable);
    EXPECT_NE(twoFiles.err.find("--compare B.json"), std::string::npos) << twoFiles.err;

    const CommandRun noValue = run(runSensitivity, { "--compare" });
    EXPECT_EQ(noValue.code, kExitUnreadable);
    EXPECT_NE(noValue.err.find("--compare needs a value"), std::string::npos) << noValue.err;

    const CommandRun missing
        = run(runSensitivity, { tornado::kDpOverRoce, "--compare", data("advice/no_such_file.json") });
    EXPECT_EQ(missing.code, kExitUnreadable);
    EXPECT_NE(missing.err.find("no_such_file.json"), std::string::npos) << missing.err;
    EXPECT_TRUE(missing.out.empty());
}

TEST(SensitivityCommand, AnInvalidScenarioExitsTwoNamingIt)
{
    const CommandRun a = run(runSensitivity, { data("invalid_tp.json") });
    EXPECT_EQ(a.code, kExitInvalid);
    EXPECT_NE(a.err.find("invalid_tp.json is invalid"), std::string::npos) << a.err;
    EXPECT_NE(a.err.find("heads_not_divisible_by_tp"), std::string::npos) << a.err;
    EXPECT_TRUE(a.out.empty());

    const CommandRun b = run(runSensitivity, { tornado::kDpOverRoce, "--compare", data("invalid_tp.json") });
    EXPECT_EQ(b.code, kExitInvalid);
    EXPECT_NE(b.err.find("invalid_tp.json is invalid"), std::string::npos) << b.err;
}

TEST(SensitivityCommand, MeasuredGemmsTakeMostOfTheGemmEfficiencyBarAway)
{
    const CommandRun model = run(runSensitivity, { "--json" });
    const CommandRun calibrated = run(runSensitivity, { "--calibration", tornado::slowGemmCalibration(), "--json" });
    ASSERT_EQ(model.code, kExitOk);
    ASSERT_EQ(calibrated.code, kExitOk) << calibrated.err;
    // The measured rate replaces the ceiling for the bf16 GEMMs; what is left moves through the
    // kernels priced against it (attention).
    const nlohmann::json m = nlohmann::json::parse(model.out), c = nlohmann::json::parse(calibrated.out);
    EXPECT_LT(tornado::swingOf(c, "gemm_efficiency"), 0.5 * tornado::swingOf(m, "gemm_efficiency"));
    EXPECT_GT(c["base_step_s"].get<double>(), m["base_step_s"].get<double>()); // a tenth of the peak is slow
    const CommandRun text = run(runSensitivity, { "--calibration", tornado::slowGemmCalibration() });
    EXPECT_NE(text.out.find("(calibrated: "), std::string::npos);
}
