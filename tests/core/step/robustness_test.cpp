// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Bad input of any kind must end in a read error or a verdict, never a crash, a hang or NaN:
// every numeric field of a scenario is set to hostile values, and the text is cut at every byte.
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/result_json.h"
#include "core/io/scenario_reader.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace paraplan;

namespace {

const char* kScenario = R"({
  "model": { "name": "custom", "layers": 24, "hidden": 2048, "heads": 16, "kv_heads": 8, "ffn_hidden": 5632,
             "gated_mlp": true, "vocab": 32000, "moe": { "experts": 8, "top_k": 2, "expert_ffn_hidden": 1408 } },
  "training": { "seq_len": 4096, "global_batch": 64, "micro_batch": 1, "train_tokens": 1e9 },
  "cluster": { "nodes": 2, "gpus_per_node": 8,
               "gpu": { "name": "g", "peak_tflops": { "bf16": 989, "fp8": 1979 }, "hbm_gib": 80, "hbm_GBps": 3350, "sms": 132 },
               "intra_node": { "kind": "nvswitch", "GBps_per_gpu": 450, "latency_us": 3 },
               "inter_node": { "kind": "infiniband", "GBps_per_gpu": 50, "latency_us": 8 },
               "gpu_hour_cost_usd": 2 },
  "parallel": { "tp": 2, "pp": 2, "cp": 2, "ep": 2, "vpp": 2, "zero_stage": 1, "sequence_parallel": true,
                "recompute": "auto" }
})";

void collectNumberPaths(const nlohmann::json& j, const nlohmann::json::json_pointer& at,
                        std::vector<nlohmann::json::json_pointer>& out)
{
    if (j.is_number())
        out.push_back(at);
    else if (j.is_object())
        for (const auto& [key, value] : j.items())
            collectNumberPaths(value, at / key, out);
}

// Evaluates `text` if it reads; every number that comes out must be finite.
void evaluateSafely(const std::string& text)
{
    Scenario scenario;
    try {
        scenario = io::readScenarioText(text, io::builtinCatalog());
    } catch (const io::ReadError& e) {
        EXPECT_FALSE(std::string(e.what()).empty());
        return;
    }
    const Result r = evaluate(scenario);
    const nlohmann::json j = io::toJson(r);
    if (r.valid) { // the writer turns a non-finite number into null; only the optional figures may be null
        for (const auto& [key, value] : j.items()) {
            if (key != "time_to_train_s" && key != "cost_usd") {
                EXPECT_FALSE(value.is_null()) << key << " in " << text;
            }
        }
    }
    if (!r.valid) {
        EXPECT_FALSE(r.diagnostics.empty());
        return;
    }
    for (double v : { r.time.step, r.mfu, r.hfu, r.tokensPerS, r.memory.total(), r.bubbleFraction, r.time.bubble })
        EXPECT_TRUE(std::isfinite(v)) << text;
    EXPECT_NEAR(r.time.sumOfParts(), r.time.step, 1e-9 * r.time.step);
}

} // namespace

TEST(Robustness, BaselineIsValid)
{
    const Scenario s = io::readScenarioText(kScenario, io::builtinCatalog());
    EXPECT_TRUE(evaluate(s).valid);
}

TEST(Robustness, HostileNumbersInEveryField)
{
    const nlohmann::json base = nlohmann::json::parse(kScenario);
    std::vector<nlohmann::json::json_pointer> paths;
    collectNumberPaths(base, nlohmann::json::json_pointer(), paths);
    ASSERT_GT(paths.size(), 25u);
    const nlohmann::json hostile[] = { 0, -1, 1, 3, 7, 1000003, int64_t(1) << 40, 9223372036854775807LL, 0.5, 1e-300,
                                       1e300, -1e300, 1e18 };
    for (const auto& path : paths)
        for (const nlohmann::json& value : hostile) {
            nlohmann::json mutated = base;
            mutated[path] = value;
            SCOPED_TRACE(path.to_string() + " = " + value.dump());
            evaluateSafely(mutated.dump());
        }
}

TEST(Robustness, TruncatedTextIsAReadErrorAtEveryLength)
{
    const std::string text = kScenario;
    for (size_t length = 0; length + 1 < text.size(); length += 3) {
        const std::string cut = text.substr(0, length);
        EXPECT_THROW((void)io::readScenarioText(cut, io::builtinCatalog()), io::ReadError) << length;
    }
}

TEST(Robustness, WrongTypeInEveryFieldIsAReadError)
{
    const nlohmann::json base = nlohmann::json::parse(kScenario);
    std::vector<nlohmann::json::json_pointer> paths;
    collectNumberPaths(base, nlohmann::json::json_pointer(), paths);
    for (const auto& path : paths)
        for (const nlohmann::json& value : { nlohmann::json("8"), nlohmann::json::array({ 1 }), nlohmann::json(true),
                                             nlohmann::json(nullptr) }) {
            nlohmann::json mutated = base;
            mutated[path] = value;
            try {
                (void)io::readScenarioText(mutated.dump(), io::builtinCatalog());
                ADD_FAILURE() << path.to_string() << " accepted " << value.dump();
            } catch (const io::ReadError& e) {
                // The message names the field.
                const std::string field = path.back();
                EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
            }
        }
}
