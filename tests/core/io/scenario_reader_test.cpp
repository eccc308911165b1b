// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "core/io/cases_reader.h"
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"
#include "core/rules/parallel_rules.h"
#include "core/rules/validation.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace {

using nlohmann::json;
using paraplan::Scenario;
using paraplan::io::ReadError;

// A valid scenario from presets; tests break or extend one piece of it.
constexpr const char* kBase = R"({
  "model": { "preset": "llama3.1-8b" },
  "training": { "seq_len": 4096, "global_batch": 64 },
  "cluster": { "preset": "dgx-h100", "nodes": 2 }
})";

// A cluster with no preset: every field given.
constexpr const char* kCustomCluster = R"({
  "nodes": 2,
  "gpus_per_node": 8,
  "gpu": "h100-sxm-80gb",
  "intra_node": { "kind": "nvswitch", "GBps_per_gpu": 450, "latency_us": 3 },
  "inter_node": { "kind": "infiniband", "GBps_per_gpu": 50, "latency_us": 8 }
})";

// A model with no preset: only the required fields.
constexpr const char* kCustomModel = R"({ "layers": 24, "hidden": 2048, "heads": 16, "vocab": 50000 })";

// A GPU with no catalog id: every required field.
constexpr const char* kCustomGpu = R"({
  "name": "Test GPU", "peak_tflops": { "bf16": 400, "fp8": 800 }, "hbm_gib": 64, "hbm_GBps": 2500, "sms": 100
})";

// The example scenario of spec/scenario.md, verbatim.
constexpr const char* kSpecExample = R"({
  "model": {
    "preset": "gpt3-175b",
    "name": "GPT-3 175B",
    "layers": 96, "hidden": 12288, "heads": 96, "kv_heads": 96,
    "ffn_hidden": 49152, "gated_mlp": false, "vocab": 51200,
    "tied_embeddings": true,
    "moe": { "experts": 0, "top_k": 0, "expert_ffn_hidden": 0 }
  },
  "training": {
    "seq_len": 2048, "global_batch": 1536, "micro_batch": 1,
    "precision": "bf16", "grad_precision": "fp32", "train_tokens": 300e9
  },
  "cluster": {
    "preset": "dgx-a100-80gb", "nodes": 192,
    "gpu": "a100-sxm-80gb",
    "gpus_per_node": 8,
    "intra_node": { "kind": "nvswitch", "GBps_per_gpu": 300, "latency_us": 3 },
    "inter_node": { "kind": "infiniband", "GBps_per_gpu": 25, "latency_us": 8 },
    "gpu_hour_cost_usd": 2.0
  },
  "parallel": {
    "tp": 8, "pp": 12, "dp": 16, "cp": 1, "ep": 1, "vpp": 1,
    "sequence_parallel": false,
    "recompute": "full",
    "zero_stage": 1,
    "overlap_grad_reduce": true, "overlap_param_gather": true, "tp_comm_overlap": false
  }
})";

json base() { return json::parse(kBase); }

Scenario read(const std::string& text) { return paraplan::io::readScenarioText(text, paraplan::io::builtinCatalog()); }
Scenario read(const json& document) { return read(document.dump()); }

// The ReadError that reading `text` throws; a test failure when it reads.
ReadError errorOf(const std::string& text)
{
    try {
        (void)read(text);
    } catch (const ReadError& e) {
        return e;
    }
    ADD_FAILURE() << "the scenario was read without error:\n" << text;
    return ReadError("(no error)", "");
}
ReadError errorOf(const json& document) { return errorOf(document.dump()); }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Asserts the error's path and that its message contains every one of `parts`.
void expectError(const ReadError& e, const std::string& path, std::initializer_list<std::string> parts)
{
    EXPECT_EQ(e.path(), path) << e.what();
    for (const std::string& part : parts)
        EXPECT_TRUE(contains(e.what(), part)) << "\"" << part << "\" not in: " << e.what();
}

// Near-miss suggestion: the path is the unknown field, the message proposes the right name.
void expectSuggestion(const json& document, const std::string& path, const std::string& suggestion)
{
    const ReadError e = errorOf(document);
    expectError(e, path, { "unknown field", "did you mean \"" + suggestion + "\"?" });
}

// Far miss: no suggestion, the message lists the fields that are known there.
void expectKnownFieldList(const json& document, const std::string& path, std::initializer_list<std::string> known)
{
    const ReadError e = errorOf(document);
    expectError(e, path, { "unknown field", "known fields here:" });
    EXPECT_FALSE(contains(e.what(), "did you mean")) << e.what();
    for (const std::string& field : known)
        EXPECT_TRUE(contains(e.what(), field)) << "\"" << field << "\" not in: " << e.what();
}

json withCustomCluster()
{
    json doc = base();
    doc["cluster"] = json::parse(kCustomCluster);
    return doc;
}

json withCustomModel()
{
    json doc = base();
    doc["model"] = json::parse(kCustomModel);
    return doc;
}

} // namespace

// ---- Syntax and document shape ----------------------------------------------------------------

TEST(ScenarioReaderSyntax, MissingCommaNamesLineAndColumn)
{
    const std::string text = "{\n"
                             "  \"model\": { \"preset\": \"llama3.1-8b\" },\n"
                             "  \"training\": { \"seq_len\": 4096 \"global_batch\": 64 },\n"
                             "  \"cluster\": { \"preset\": \"dgx-h100\" }\n"
                             "}";
    const ReadError e = errorOf(text);
    EXPECT_EQ(e.path().rfind("line 3, column ", 0), 0u) << e.path();
    EXPECT_TRUE(contains(e.what(), "invalid JSON")) << e.what();
    EXPECT_TRUE(contains(e.what(), "line 3")) << e.what();
}

TEST(ScenarioReaderSyntax, EmptyInputIsInvalidJsonAtLineOne)
{
    const ReadError e = errorOf(std::string());
    EXPECT_EQ(e.path(), "line 1, column 1");
    EXPECT_TRUE(contains(e.what(), "invalid JSON")) << e.what();
}

TEST(ScenarioReaderSyntax, WhitespaceOnlyInputIsInvalidJson)
{
    const ReadError e = errorOf(std::string("  \n  "));
    EXPECT_EQ(e.path().rfind("line 2, column ", 0), 0u) << e.path();
    EXPECT_TRUE(contains(e.what(), "invalid JSON")) << e.what();
}

TEST(ScenarioReaderSyntax, TrailingCommaIsInvalidJson)
{
    const ReadError e = errorOf(std::string(R"({"model": {"preset": "llama3.1-8b"},})"));
    EXPECT_EQ(e.path().rfind("line 1, column ", 0), 0u) << e.path();
    EXPECT_TRUE(contains(e.what(), "invalid JSON")) << e.what();
}

TEST(ScenarioReaderSyntax, RootThatIsNotAnObjectIsRejected)
{
    expectError(errorOf(std::string("[1, 2]")), "(document)", { "expected an object", "an array" });
    expectError(errorOf(std::string("42")), "(document)", { "expected an object", "an integer" });
    expectError(errorOf(std::string("\"scenario\"")), "(document)", { "expected an object", "a string" });
}

TEST(ScenarioReaderSyntax, ParseJsonReportsSyntaxErrorsAsReadError)
{
    EXPECT_THROW((void)paraplan::io::parseJson("{\"a\": }"), ReadError);
    EXPECT_EQ(paraplan::io::parseJson(R"({"a": 1})")["a"], 1);
}

// A million '[' would overflow the stack where nlohmann writes or frees the value: refused first,
// at the bracket that goes too deep. Brackets inside strings do not count.
TEST(ScenarioReaderSyntax, NestingTooDeepIsAReadErrorAtItsBracket)
{
    using paraplan::io::kMaxJsonNesting;
    const std::string deepest = std::string(kMaxJsonNesting, '[') + std::string(kMaxJsonNesting, ']');
    EXPECT_NO_THROW((void)paraplan::io::parseJson(deepest));
    EXPECT_NO_THROW((void)paraplan::io::parseJson(R"({"a": ")" + std::string(1000, '[') + R"("})"));
    const std::string tooDeep = "\n" + std::string(1000000, '[');
    try {
        (void)paraplan::io::parseJson(tooDeep);
        FAIL() << "a million nested arrays were parsed";
    } catch (const ReadError& e) {
        EXPECT_EQ(e.path(), "line 2, column " + std::to_string(kMaxJsonNesting + 1));
        EXPECT_NE(std::string(e.what()).find("nested more than"), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)paraplan::io::parseScenarioOverride("training.seq_len=" + std::string(100000, '[')), ReadError);
}

// ---- Sections ---------------------------------------------------------------------------------

TEST(ScenarioReaderSections, MissingModelIsNamed)
{
    json doc = base();
    doc.erase("model");
    expectError(errorOf(doc), "model", { "missing", "preset" });
}

TEST(ScenarioReaderSections, MissingTrainingIsNamed)
{
    json doc = base();
    doc.erase("training");
    expectError(errorOf(doc), "training", { "missing", "seq_len", "global_batch" });
}

TEST(ScenarioReaderSections, MissingClusterIsNamed)
{
    json doc = base();
    doc.erase("cluster");
    expectError(errorOf(doc), "cluster", { "missing", "preset" });
}

TEST(ScenarioReaderSections, TrainingNeedsSeqLenAndGlobalBatch)
{
    for (const char* key : { "seq_len", "global_batch" }) {
        SCOPED_TRACE(key);
        json doc = base();
        doc["training"].erase(key);
        expectError(errorOf(doc), std::string("training.") + key, { "missing" });
    }
}

// ---- Unknown fields ---------------------------------------------------------------------------

TEST(ScenarioReaderUnknownFields, TopLevelNearMissSuggestsTheField)
{
    json doc = base();
    doc["paralel"] = json::object();
    expectSuggestion(doc, "paralel", "parallel");
}

TEST(ScenarioReaderUnknownFields, TopLevelFarMissListsKnownFields)
{
    json doc = base();
    doc["metadata"] = 1;
    expectKnownFieldList(doc, "metadata", { "model", "training", "cluster", "parallel", "description" });
}

TEST(ScenarioReaderUnknownFields, ControlCharactersInAKeyAreShownNotCutShort)
{
    using namespace std::string_literals;
    json doc = base();
    const std::string key = "meta\0da\x1b[2Jta"s;
    doc[key] = 1;
    const ReadError e = errorOf(doc);
    // what() is a C string: a NUL from the file must not end it, nor an escape reach the terminal.
    const std::string what = e.what();
    EXPECT_TRUE(contains(what, "meta\\u0000da\\u001b[2Jta: unknown field")) << what;
    EXPECT_TRUE(contains(what, "known fields here:")) << what;
    EXPECT_EQ(e.path(), key);
    EXPECT_TRUE(contains(e.message(), "known fields here:")) << e.message();
}

TEST(ScenarioReaderUnknownFields, TopLevelDescriptionIsAccepted)
{
    json doc = base();
    doc["description"] = "a scenario with a note";
    EXPECT_NO_THROW((void)read(doc));
}

TEST(ScenarioReaderUnknownFields, ModelNearMissSuggestsHidden)
{
    json doc = base();
    doc["model"]["hiden"] = 4096;
    expectSuggestion(doc, "model.hiden", "hidden");
}

TEST(ScenarioReaderUnknownFields, ModelFarMissListsKnownFields)
{
    json doc = base();
    doc["model"]["rope_theta"] = 500000;
    expectKnownFieldList(doc, "model.rope_theta", { "layers", "hidden", "heads", "kv_heads", "vocab", "moe" });
}

TEST(ScenarioReaderUnknownFields, MoeNearMissSuggestsTopK)
{
    json doc = base();
    doc["model"]["moe"] = json::parse(R"({"experts": 8, "topk": 2, "expert_ffn_hidden": 1024})");
    expectSuggestion(doc, "model.moe.topk", "top_k");
}

TEST(ScenarioReaderUnknownFields, MoeFarMissListsKnownFields)
{
    json doc = base();
    doc["model"]["moe"] = json::parse(R"({"experts": 8, "drop_tokens": true})");
    expectKnownFieldList(doc, "model.moe.drop_tokens", { "experts", "top_k", "expert_ffn_hidden", "capacity_factor", "load_balancing" });
}

TEST(ScenarioReaderUnknownFields, TrainingNearMissSuggestsSeqLen)
{
    json doc = base();
    doc["training"]["seq_lenn"] = 4096;
    expectSuggestion(doc, "training.seq_lenn", "seq_len");
}

TEST(ScenarioReaderUnknownFields, TrainingFarMissListsKnownFields)
{
    json doc = base();
    doc["training"]["learning_rate"] = 3e-4;
    expectKnownFieldList(doc, "training.learning_rate",
                         { "seq_len", "global_batch", "micro_batch", "precision", "grad_precision", "train_tokens" });
}

TEST(ScenarioReaderUnknownFields, ClusterNearMissSuggestsGpusPerNode)
{
    json doc = base();
    doc["cluster"]["gpus_per_nodes"] = 8;
    expectSuggestion(doc, "cluster.gpus_per_nodes", "gpus_per_node");
}

TEST(ScenarioReaderUnknownFields, ClusterFarMissListsKnownFields)
{
    json doc = base();
    doc["cluster"]["datacenter"] = "us-east";
    expectKnownFieldList(doc, "cluster.datacenter",
                         { "preset", "nodes", "gpus_per_node", "gpu", "intra_node", "inter_node", "gpu_hour_cost_usd" });
}

TEST(ScenarioReaderUnknownFields, GpuObjectNearMissSuggestsHbmGib)
{
    json doc = base();
    doc["cluster"]["gpu"] = json::parse(R"({"hbm_gb": 96})");
    expectSuggestion(doc, "cluster.gpu.hbm_gb", "hbm_gib");
}

TEST(ScenarioReaderUnknownFields, GpuObjectFarMissListsKnownFields)
{
    json doc = base();
    doc["cluster"]["gpu"] = json::parse(R"({"tdp_watts": 700})");
    expectKnownFieldList(doc, "cluster.gpu.tdp_watts", { "name", "peak_tflops", "hbm_gib", "hbm_GBps", "sms" });
}

TEST(ScenarioReaderUnknownFields, PeakTflopsNearMissSuggestsBf16)
{
    json doc = base();
    doc["cluster"]["gpu"] = json::parse(R"({"peak_tflops": {"bf61": 1000}})");
    expectSuggestion(doc, "cluster.gpu.peak_tflops.bf61", "bf16");
}

TEST(ScenarioReaderUnknownFields, PeakTflopsFarMissListsKnownFields)
{
    json doc = base();
    doc["cluster"]["gpu"] = json::parse(R"({"peak_tflops": {"tf32_sparse": 1000}})");
    expectKnownFieldList(doc, "cluster.gpu.peak_tflops.tf32_sparse", { "bf16", "fp16", "fp8" });
}

TEST(ScenarioReaderUnknownFields, IntraNodeNearMissSuggestsLatency)
{
    json doc = base();
    doc["cluster"]["intra_node"] = json::parse(R"({"latency": 3})");
    expectSuggestion(doc, "cluster.intra_node.latency", "latency_us");
}

TEST(ScenarioReaderUnknownFields, IntraNodeFarMissListsKnownFields)
{
    json doc = base();
    doc["cluster"]["intra_node"] = json::parse(R"({"switch_model": "NVSwitch3"})");
    expectKnownFieldList(doc, "cluster.intra_node.switch_model", { "kind", "GBps_per_gpu", "latency_us", "nvls" });
}

TEST(ScenarioReaderUnknownFields, InterNodeNearMissSuggestsKind)
{
    json doc = base();
    doc["cluster"]["inter_node"] = json::parse(R"({"kinds": "roce"})");
    expectSuggestion(doc, "cluster.inter_node.kinds", "kind");
}

TEST(ScenarioReaderUnknownFields, InterNodeFarMissListsKnownFields)
{
    json doc = base();
    doc["cluster"]["inter_node"] = json::parse(R"({"rails_per_node": 8})");
    expectKnownFieldList(doc, "cluster.inter_node.rails_per_node", { "kind", "GBps_per_gpu", "latency_us" });
}

TEST(ScenarioReaderUnknownFields, ParallelNearMissSuggestsZeroStage)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"tp": 4, "zero_stag": 1})");
    expectSuggestion(doc, "parallel.zero_stag", "zero_stage");
}

TEST(ScenarioReaderUnknownFields, ParallelFarMissListsKnownFields)
{
    // micro_batch belongs to `training`, not `parallel`.
    json doc = base();
    doc["parallel"] = json::parse(R"({"tp": 4, "micro_batch": 2})");
    expectKnownFieldList(doc, "parallel.micro_batch",
                         { "tp", "pp", "dp", "cp", "ep", "vpp", "recompute", "zero_stage", "layers_per_stage" });
}

// A field of a later contract (issue #14's schedule) read by this one: the list, never empty.
TEST(ScenarioReaderUnknownFields, ParallelPipelineScheduleListsEveryKnownField)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"tp": 4, "pipeline_schedule": "1f1b"})");
    expectKnownFieldList(doc, "parallel.pipeline_schedule",
                         { "tp", "pp", "vpp", "zero_stage", "sequence_parallel", "placement", "schedule" });
}

// An object whose reader reads no field says so, rather than listing nothing.
TEST(ScenarioReaderUnknownFields, AnObjectThatTakesNoFieldsSaysSo)
{
    const json object = json::parse(R"({"anything": 1})");
    const paraplan::io::ObjectReader empty(object, "x");
    try {
        empty.rejectUnknownFields();
        FAIL() << "an unknown field was accepted";
    } catch (const ReadError& e) {
        expectError(e, "x.anything", { "unknown field", "takes no fields" });
    }
}

// ---- Wrong types ------------------------------------------------------------------------------

TEST(ScenarioReaderTypes, StringWhereIntegerIsExpected)
{
    json doc = base();
    doc["model"]["layers"] = "96";
    expectError(errorOf(doc), "model.layers", { "expected an integer", "a string" });
}

TEST(ScenarioReaderTypes, FractionalNumberForAnIntegerFieldIsRejected)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"tp": 2.5})");
    expectError(errorOf(doc), "parallel.tp", { "expected an integer", "fractional part" });
}

TEST(ScenarioReaderTypes, WholeNumberWrittenWithADecimalPointIsAnInteger)
{
    json doc = base();
    doc["training"]["seq_len"] = 4096.0;
    EXPECT_EQ(read(doc).training.seqLen, 4096);
}

TEST(ScenarioReaderTypes, BooleanWhereNumberIsExpected)
{
    json doc = base();
    doc["cluster"]["gpu"] = json::parse(R"({"hbm_gib": true})");
    expectError(errorOf(doc), "cluster.gpu.hbm_gib", { "expected a number", "a boolean" });
}

TEST(ScenarioReaderTypes, BooleanWhereIntegerIsExpected)
{
    json doc = base();
    doc["training"]["global_batch"] = true;
    expectError(errorOf(doc), "training.global_batch", { "expected an integer", "a boolean" });
}

TEST(ScenarioReaderTypes, StringWhereNumberIsExpected)
{
    json doc = base();
    doc["training"]["train_tokens"] = "1T";
    expectError(errorOf(doc), "training.train_tokens", { "expected a number", "a string" });
}

TEST(ScenarioReaderTypes, NumberWhereBooleanIsExpected)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"sequence_parallel": 1})");
    expectError(errorOf(doc), "parallel.sequence_parallel", { "expected true or false", "an integer" });
}

TEST(ScenarioReaderTypes, NumberWhereStringIsExpected)
{
    json doc = base();
    doc["model"]["preset"] = 7;
    expectError(errorOf(doc), "model.preset", { "expected a string", "an integer" });
}

TEST(ScenarioReaderTypes, NullIsNotAnInteger)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"tp": null})");
    expectError(errorOf(doc), "parallel.tp", { "expected an integer", "null" });
}

TEST(ScenarioReaderTypes, ArrayWhereObjectIsExpected)
{
    const std::vector<std::pair<json::json_pointer, std::string>> places = {
        { json::json_pointer("/model"), "model" },
        { json::json_pointer("/training"), "training" },
        { json::json_pointer("/cluster"), "cluster" },
        { json::json_pointer("/parallel"), "parallel" },
        { json::json_pointer("/model/moe"), "model.moe" },
        { json::json_pointer("/cluster/gpu"), "cluster.gpu" },
        { json::json_pointer("/cluster/intra_node"), "cluster.intra_node" },
        { json::json_pointer("/cluster/inter_node"), "cluster.inter_node" },
    };
    for (const auto& [pointer, path] : places) {
        SCOPED_TRACE(path);
        json doc = base();
        doc[pointer] = json::array({ 1, 2 });
        expectError(errorOf(doc), path, { "expected an object", "an array" });
    }
}

TEST(ScenarioReaderTypes, PeakTflopsMustBeAnObject)
{
    json doc = base();
    doc["cluster"]["gpu"] = json::parse(R"({"peak_tflops": 989})");
    expectError(errorOf(doc), "cluster.gpu.peak_tflops", { "expected an object", "an integer" });
}

TEST(ScenarioReaderTypes, GpuThatIsNeitherIdNorObjectIsRejected)
{
    json doc = base();
    doc["cluster"]["gpu"] = 100;
    expectError(errorOf(doc), "cluster.gpu", { "expected an object", "an integer" });
}

TEST(ScenarioReaderTypes, LayersPerStageNamesTheNonIntegerElement)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"pp": 4, "layers_per_stage": [8, 8.5, 8, 7.5]})");
    expectError(errorOf(doc), "parallel.layers_per_stage[1]", { "expected an integer", "fractional part" });
}

TEST(ScenarioReaderTypes, LayersPerStageNamesAStringElement)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"pp": 2, "layers_per_stage": [16, "16"]})");
    expectError(errorOf(doc), "parallel.layers_per_stage[1]", { "expected an integer", "a string" });
}

TEST(ScenarioReaderTypes, LayersPerStageMustBeAnArray)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"pp": 2, "layers_per_stage": 16})");
    expectError(errorOf(doc), "parallel.layers_per_stage", { "expected an array of integers", "an integer" });
}

// ---- Out-of-range numbers ---------------------------------------------------------------------

TEST(ScenarioReaderRange, UnsignedIntegerAboveInt64IsTooLarge)
{
    const std::string text = R"({
      "model": { "preset": "llama3.1-8b", "hidden": 18446744073709551615 },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100" }
    })";
    expectError(errorOf(text), "model.hidden", { "too large" });
}

TEST(ScenarioReaderRange, IntegerJustAboveInt64MaxIsTooLarge)
{
    const std::string text = R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 9223372036854775808 },
      "cluster": { "preset": "dgx-h100" }
    })";
    expectError(errorOf(text), "training.global_batch", { "too large" });
}

TEST(ScenarioReaderRange, Int64MaxIsReadAndLeftToValidation)
{
    const std::string text = R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 9223372036854775807 },
      "cluster": { "preset": "dgx-h100" }
    })";
    const Scenario s = read(text);
    EXPECT_EQ(s.training.globalBatch, INT64_MAX);
    EXPECT_TRUE(paraplan::hasErrors(paraplan::validateScenario(s)));
}

TEST(ScenarioReaderRange, HugeIntegerInExponentNotationIsRejectedAtItsPath)
{
    const std::string text = R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 1e30 }
    })";
    expectError(errorOf(text), "cluster.nodes", { "expected an integer" });
}

// 1e30 is a whole number; the message should say it is too large rather than blame a fractional
// part the value does not have (json_reader.cpp asInteger).
TEST(ScenarioReaderRange, HugeIntegerInExponentNotationIsReportedAsTooLarge)
{
    const std::string text = R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 1e30 }
    })";
    const ReadError e = errorOf(text);
    EXPECT_EQ(e.path(), "cluster.nodes");
    EXPECT_TRUE(contains(e.what(), "too large")) << e.what();
    EXPECT_FALSE(contains(e.what(), "fractional")) << e.what();
}

// A number beyond the double range must be an ordinary read error naming the field, not an
// nlohmann exception escaping the reader (json_reader.cpp parseJson catches only parse_error).
TEST(ScenarioReaderRange, NumberBeyondDoubleRangeIsAReadError)
{
    const std::string text = R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "gpu": { "hbm_gib": 1e400 } }
    })";
    EXPECT_THROW((void)read(text), ReadError);
}

TEST(ScenarioReaderRange, ZeroStageFarOutOfRangeIsRejected)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"zero_stage": 5000000000})");
    expectError(errorOf(doc), "parallel.zero_stage", { "0, 1, 2 or 3" });
}

// ---- Presets ----------------------------------------------------------------------------------

TEST(ScenarioReaderPresets, UnknownModelPresetListsKnownIds)
{
    json doc = base();
    doc["model"]["preset"] = "gpt5";
    expectError(errorOf(doc), "model.preset", { "unknown model preset \"gpt5\"", "gpt3-175b", "llama3.1-70b", "bloom-176b" });
}

TEST(ScenarioReaderPresets, UnknownClusterPresetListsKnownIds)
{
    json doc = base();
    doc["cluster"]["preset"] = "dgx-z";
    expectError(errorOf(doc), "cluster.preset", { "unknown cluster preset \"dgx-z\"", "dgx-h100", "gb200-nvl72" });
}

TEST(ScenarioReaderPresets, UnknownGpuListsKnownIds)
{
    json doc = base();
    doc["cluster"]["gpu"] = "tpu-v5";
    expectError(errorOf(doc), "cluster.gpu", { "unknown GPU \"tpu-v5\"", "h100-sxm-80gb", "a100-sxm-80gb", "object" });
}

TEST(ScenarioReaderPresets, UnknownGpuInACustomClusterListsKnownIds)
{
    json doc = withCustomCluster();
    doc["cluster"]["gpu"] = "h100";
    expectError(errorOf(doc), "cluster.gpu", { "unknown GPU \"h100\"", "h100-sxm-80gb" });
}

// ---- Enumerations -----------------------------------------------------------------------------

TEST(ScenarioReaderEnums, PrecisionMustBeBf16Fp16Fp8OrFp4)
{
    json doc = base();
    doc["training"]["precision"] = "int8";
    expectError(errorOf(doc), "training.precision", { "\"int8\" is not one of", "\"bf16\"", "\"fp16\"", "\"fp8\"", "\"fp4\"" });
}

TEST(ScenarioReaderEnums, GradPrecisionMustBeFp32Bf16OrFp16)
{
    json doc = base();
    doc["training"]["grad_precision"] = "fp8";
    expectError(
        errorOf(doc), "training.grad_precision", { "\"fp8\" is not one of", "\"fp32\"", "\"bf16\"", "\"fp16\"" });
}

// Megatron-LM and DeepSpeed keep an fp16 run's gradients in fp16 unless told otherwise, and give a
// bf16 run fp32 main gradients; a stated grad_precision wins either way.
TEST(ScenarioReaderDefaults, GradPrecisionFollowsAnFp16Training)
{
    json doc = base();
    doc["training"].erase("grad_precision");
    EXPECT_EQ(read(doc).training.gradPrecision, paraplan::GradPrecision::Fp32);
    doc["training"]["precision"] = "fp16";
    EXPECT_EQ(read(doc).training.gradPrecision, paraplan::GradPrecision::Fp16);
    doc["training"]["grad_precision"] = "fp32";
    EXPECT_EQ(read(doc).training.gradPrecision, paraplan::GradPrecision::Fp32);
}

// Where nothing states the gradients (the workbench's precision box), a change of precision
// carries them as the frameworks' defaults would have them.
TEST(GradientPrecision, AChangeOfPrecisionCarriesTheGradients)
{
    using paraplan::GradPrecision;
    using paraplan::Precision;
    EXPECT_EQ(paraplan::gradientsAfter(Precision::Bf16, Precision::Fp16, GradPrecision::Fp32), GradPrecision::Fp16);
    EXPECT_EQ(paraplan::gradientsAfter(Precision::Fp16, Precision::Bf16, GradPrecision::Fp16), GradPrecision::Fp32);
    EXPECT_EQ(paraplan::gradientsAfter(Precision::Fp8, Precision::Fp16, GradPrecision::Bf16), GradPrecision::Fp16);
    EXPECT_EQ(paraplan::gradientsAfter(Precision::Bf16, Precision::Fp8, GradPrecision::Bf16), GradPrecision::Bf16);
    EXPECT_EQ(paraplan::gradientsAfter(Precision::Fp16, Precision::Bf16, GradPrecision::Fp32), GradPrecision::Fp32)
        << "fp32 gradients asked of an fp16 run stay fp32";
    EXPECT_EQ(paraplan::gradientsAfter(Precision::Bf16, Precision::Fp8, GradPrecision::Fp32), GradPrecision::Fp32);
}

TEST(ScenarioReaderEnums, RecomputeMustBeNoneSelectiveFullOrAuto)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"recompute": "sometimes"})");
    expectError(errorOf(doc), "parallel.recompute",
                { "\"sometimes\" is not one of", "\"none\"", "\"selective\"", "\"full\"", "\"auto\"" });
}

TEST(ScenarioReaderEnums, IntraNodeKindMustBeAKnownLink)
{
    json doc = base();
    doc["cluster"]["intra_node"] = json::parse(R"({"kind": "nvlink5"})");
    expectError(errorOf(doc), "cluster.intra_node.kind",
                { "\"nvlink5\" is not one of", "\"nvswitch\"", "\"nvlink\"", "\"pcie\"", "\"infiniband\"", "\"roce\"",
                  "\"ethernet\"" });
}

TEST(ScenarioReaderEnums, InterNodeKindMustBeAKnownLink)
{
    json doc = base();
    doc["cluster"]["inter_node"] = json::parse(R"({"kind": "InfiniBand"})");
    expectError(errorOf(doc), "cluster.inter_node.kind", { "\"InfiniBand\" is not one of", "\"infiniband\"" });
}

TEST(ScenarioReaderEnums, EveryAllowedValueIsRead)
{
    const std::pair<const char*, paraplan::Precision> precisions[] = {
        { "bf16", paraplan::Precision::Bf16 }, { "fp16", paraplan::Precision::Fp16 }, { "fp8", paraplan::Precision::Fp8 }
    };
    for (const auto& [text, value] : precisions) {
        json doc = base();
        doc["training"]["precision"] = text;
        EXPECT_EQ(read(doc).training.precision, value) << text;
    }
    const std::pair<const char*, paraplan::GradPrecision> grads[] = { { "fp32", paraplan::GradPrecision::Fp32 },
                                                                       { "bf16", paraplan::GradPrecision::Bf16 },
                                                                       { "fp16", paraplan::GradPrecision::Fp16 } };
    for (const auto& [text, value] : grads) {
        json doc = base();
        doc["training"]["grad_precision"] = text;
        EXPECT_EQ(read(doc).training.gradPrecision, value) << text;
    }
    const std::pair<const char*, paraplan::Recompute> recomputes[] = { { "none", paraplan::Recompute::None },
                                                                        { "selective", paraplan::Recompute::Selective },
                                                                        { "full", paraplan::Recompute::Full },
                                                                        { "auto", paraplan::Recompute::Auto } };
    for (const auto& [text, value] : recomputes) {
        json doc = base();
        doc["parallel"] = { { "recompute", text } };
        EXPECT_EQ(read(doc).parallel.recompute, value) << text;
    }
    const std::pair<const char*, paraplan::LinkKind> kinds[] = {
        { "nvswitch", paraplan::LinkKind::NvSwitch },     { "nvlink", paraplan::LinkKind::NvLink },
        { "pcie", paraplan::LinkKind::Pcie },             { "infiniband", paraplan::LinkKind::InfiniBand },
        { "roce", paraplan::LinkKind::RoCE },             { "ethernet", paraplan::LinkKind::Ethernet },
        // The networks people have (issue #10: BLOOM's Omni-Path cluster could not be described).
        { "omni-path", paraplan::LinkKind::OmniPath },    { "slingshot", paraplan::LinkKind::Slingshot },
        { "efa", paraplan::LinkKind::Efa },               { "tcp", paraplan::LinkKind::Tcp },
    };
    for (const auto& [text, value] : kinds) {
        json doc = base();
        doc["cluster"]["intra_node"] = { { "kind", text } };
        doc["cluster"]["inter_node"] = { { "kind", text } };
        const Scenario s = read(doc);
        EXPECT_EQ(s.cluster.intraNode.kind, value) << text;
        EXPECT_EQ(s.cluster.interNode.kind, value) << text;
        EXPECT_STREQ(paraplan::toString(value), text); // and written back under the same name
    }
}

// ---- Custom model, cluster and GPU: required fields -------------------------------------------

TEST(ScenarioReaderCustomModel, RequiresLayersHiddenHeadsAndVocab)
{
    for (const char* key : { "layers", "hidden", "heads", "vocab" }) {
        SCOPED_TRACE(key);
        json doc = withCustomModel();
        doc["model"].erase(key);
        expectError(errorOf(doc), std::string("model.") + key, { "missing", "model.preset" });
    }
}

TEST(ScenarioReaderCustomModel, WithAllRequiredFieldsReads)
{
    EXPECT_NO_THROW((void)read(withCustomModel()));
}

TEST(ScenarioReaderCustomCluster, RequiresGpusPerNodeGpuAndBothLinks)
{
    for (const char* key : { "gpus_per_node", "gpu", "intra_node", "inter_node" }) {
        SCOPED_TRACE(key);
        json doc = withCustomCluster();
        doc["cluster"].erase(key);
        expectError(errorOf(doc), std::string("cluster.") + key, { "missing", "cluster.preset" });
    }
}

TEST(ScenarioReaderCustomCluster, LinkRequiresKindBandwidthAndLatency)
{
    for (const char* link : { "intra_node", "inter_node" }) {
        for (const char* key : { "kind", "GBps_per_gpu", "latency_us" }) {
            SCOPED_TRACE(std::string(link) + "." + key);
            json doc = withCustomCluster();
            doc["cluster"][link].erase(key);
            expectError(errorOf(doc), std::string("cluster.") + link + "." + key, { "missing" });
        }
    }
}

TEST(ScenarioReaderCustomCluster, WithAllRequiredFieldsReads)
{
    const Scenario s = read(withCustomCluster());
    EXPECT_TRUE(s.cluster.preset.empty());
    EXPECT_EQ(s.cluster.name, "custom cluster");
    EXPECT_EQ(s.cluster.gpuCount(), 16);
    EXPECT_FALSE(s.cluster.gpuHourCostUsd.has_value());
}

TEST(ScenarioReaderCustomGpu, RequiresPeakTflopsHbmBandwidthAndSms)
{
    for (const char* key : { "peak_tflops", "hbm_gib", "hbm_GBps", "sms" }) {
        SCOPED_TRACE(key);
        json doc = withCustomCluster();
        doc["cluster"]["gpu"] = json::parse(kCustomGpu);
        doc["cluster"]["gpu"].erase(key);
        expectError(errorOf(doc), std::string("cluster.gpu.") + key, { "missing", "custom GPU" });
    }
}

TEST(ScenarioReaderCustomGpu, IsReadWithEveryFigure)
{
    json doc = withCustomCluster();
    doc["cluster"]["gpu"] = json::parse(kCustomGpu);
    const paraplan::GpuSpec gpu = read(doc).cluster.gpu;
    EXPECT_TRUE(gpu.id.empty());
    EXPECT_EQ(gpu.name, "Test GPU");
    EXPECT_DOUBLE_EQ(gpu.peakBf16Tflops, 400);
    EXPECT_DOUBLE_EQ(gpu.peakFp8Tflops, 800);
    EXPECT_DOUBLE_EQ(gpu.hbmGib, 64);
    EXPECT_DOUBLE_EQ(gpu.hbmGBps, 2500);
    EXPECT_EQ(gpu.sms, 100);
}

TEST(ScenarioReaderCustomGpu, WithoutNameIsCalledCustomGpu)
{
    json doc = withCustomCluster();
    doc["cluster"]["gpu"] = json::parse(kCustomGpu);
    doc["cluster"]["gpu"].erase("name");
    EXPECT_EQ(read(doc).cluster.gpu.name, "custom GPU");
}

TEST(ScenarioReaderCustomGpu, Fp16PeakStandsInForAMissingBf16Peak)
{
    json doc = withCustomCluster();
    doc["cluster"]["gpu"] = json::parse(kCustomGpu);
    doc["cluster"]["gpu"]["peak_tflops"] = { { "fp16", 300 } };
    const paraplan::GpuSpec gpu = read(doc).cluster.gpu;
    EXPECT_DOUBLE_EQ(gpu.peakBf16Tflops, 300);
    EXPECT_DOUBLE_EQ(gpu.peakFp8Tflops, 0);
}

// ---- Happy paths ------------------------------------------------------------------------------

TEST(ScenarioReaderPresets, ModelPresetOverrideKeepsTheOtherPresetFields)
{
    json doc = base();
    doc["model"] = json::parse(R"({"preset": "llama3.1-70b", "layers": 40})");
    const paraplan::ModelSpec m = read(doc).model;
    EXPECT_EQ(m.preset, "llama3.1-70b");
    EXPECT_EQ(m.name, "Llama 3.1 70B");
    EXPECT_EQ(m.layers, 40);
    EXPECT_EQ(m.hidden, 8192);
    EXPECT_EQ(m.heads, 64);
    EXPECT_EQ(m.kvHeads, 8);
    EXPECT_EQ(m.ffnHidden, 28672);
    EXPECT_TRUE(m.gatedMlp);
    EXPECT_EQ(m.vocab, 128256);
    EXPECT_FALSE(m.tiedEmbeddings);
    EXPECT_FALSE(m.dropout);
    EXPECT_FALSE(m.isMoe());
}

TEST(ScenarioReaderPresets, ModelPresetHeadsOverrideKeepsThePresetKvHeads)
{
    json doc = base();
    doc["model"] = json::parse(R"({"preset": "llama3.1-70b", "heads": 32})");
    const paraplan::ModelSpec m = read(doc).model;
    EXPECT_EQ(m.heads, 32);
    EXPECT_EQ(m.kvHeads, 8); // not reset to heads: the default applies only without a preset
    EXPECT_EQ(m.ffnHidden, 28672);
}

TEST(ScenarioReaderPresets, MoePresetIsReadWithItsExperts)
{
    json doc = base();
    doc["model"] = json::parse(R"({"preset": "mixtral-8x7b", "moe": {"top_k": 1}})");
    const paraplan::ModelSpec m = read(doc).model;
    EXPECT_TRUE(m.isMoe());
    EXPECT_EQ(m.moe.experts, 8);
    EXPECT_EQ(m.moe.topK, 1);
    EXPECT_EQ(m.moe.expertFfnHidden, 14336);
}

TEST(ScenarioReaderPresets, ClusterPresetWithNodesAndAGpuObjectOverridingOnlyHbm)
{
    json doc = base();
    doc["cluster"] = json::parse(R"({"preset": "dgx-h100", "nodes": 4, "gpu": {"hbm_gib": 96}})");
    const paraplan::ClusterSpec c = read(doc).cluster;
    EXPECT_EQ(c.preset, "dgx-h100");
    EXPECT_EQ(c.nodes, 4);
    EXPECT_EQ(c.gpusPerNode, 8);
    EXPECT_EQ(c.gpuCount(), 32);
    EXPECT_DOUBLE_EQ(c.gpu.hbmGib, 96);
    EXPECT_DOUBLE_EQ(c.gpu.peakBf16Tflops, 989.4);
    EXPECT_DOUBLE_EQ(c.gpu.peakFp8Tflops, 1978.9);
    EXPECT_DOUBLE_EQ(c.gpu.hbmGBps, 3350);
    EXPECT_EQ(c.gpu.sms, 132);
    EXPECT_EQ(c.gpu.name, "NVIDIA H100 SXM5 80GB");
    EXPECT_TRUE(c.gpu.id.empty()); // an edited GPU is no longer the catalog's
    EXPECT_EQ(c.intraNode.kind, paraplan::LinkKind::NvSwitch);
    EXPECT_DOUBLE_EQ(c.intraNode.GBpsPerGpu, 450);
    EXPECT_DOUBLE_EQ(c.interNode.GBpsPerGpu, 50);
    ASSERT_TRUE(c.gpuHourCostUsd.has_value());
    EXPECT_DOUBLE_EQ(*c.gpuHourCostUsd, 2.99);
}

TEST(ScenarioReaderPresets, ClusterPresetWithoutNodesHasOneNode)
{
    json doc = base();
    doc["cluster"].erase("nodes");
    EXPECT_EQ(read(doc).cluster.nodes, 1);
}

TEST(ScenarioReaderPresets, ClusterPresetLinkOverrideKeepsTheOtherLinkFields)
{
    json doc = base();
    doc["cluster"]["inter_node"] = json::parse(R"({"GBps_per_gpu": 100})");
    const paraplan::ClusterSpec c = read(doc).cluster;
    EXPECT_DOUBLE_EQ(c.interNode.GBpsPerGpu, 100);
    EXPECT_EQ(c.interNode.kind, paraplan::LinkKind::InfiniBand);
    EXPECT_DOUBLE_EQ(c.interNode.latencyUs, 8);
}

TEST(ScenarioReaderPresets, ClusterPresetWithAGpuIdReplacesTheGpu)
{
    json doc = base();
    doc["cluster"]["gpu"] = "h200-sxm-141gb";
    const paraplan::GpuSpec gpu = read(doc).cluster.gpu;
    EXPECT_EQ(gpu.id, "h200-sxm-141gb");
    EXPECT_DOUBLE_EQ(gpu.hbmGBps, 4800);
}

TEST(ScenarioReaderCustomModel, KvHeadsDefaultToHeadsAndFfnToFourTimesHidden)
{
    const paraplan::ModelSpec m = read(withCustomModel()).model;
    EXPECT_TRUE(m.preset.empty());
    EXPECT_EQ(m.name, "custom model");
    EXPECT_EQ(m.layers, 24);
    EXPECT_EQ(m.hidden, 2048);
    EXPECT_EQ(m.heads, 16);
    EXPECT_EQ(m.kvHeads, 16);
    EXPECT_EQ(m.ffnHidden, 4 * 2048);
    EXPECT_EQ(m.vocab, 50000);
    EXPECT_FALSE(m.isMoe());
}

TEST(ScenarioReaderCustomModel, GivenKvHeadsAndFfnAreKept)
{
    json doc = withCustomModel();
    doc["model"]["kv_heads"] = 4;
    doc["model"]["ffn_hidden"] = 5632;
    doc["model"]["name"] = "Tiny";
    const paraplan::ModelSpec m = read(doc).model;
    EXPECT_EQ(m.kvHeads, 4);
    EXPECT_EQ(m.ffnHidden, 5632);
    EXPECT_EQ(m.name, "Tiny");
}

TEST(ScenarioReaderCustomModel, MoeFfnDefaultsToTheExpertWidth)
{
    json doc = withCustomModel();
    doc["model"]["moe"] = json::parse(R"({"experts": 8, "top_k": 2, "expert_ffn_hidden": 1536})");
    const paraplan::ModelSpec m = read(doc).model;
    EXPECT_TRUE(m.isMoe());
    EXPECT_EQ(m.moe.experts, 8);
    EXPECT_EQ(m.moe.topK, 2);
    EXPECT_EQ(m.moe.expertFfnHidden, 1536);
    EXPECT_EQ(m.ffnHidden, 1536);
}

TEST(ScenarioReaderCustomCluster, GpuGivenAsACatalogIdIsTheCatalogGpu)
{
    const paraplan::GpuSpec gpu = read(withCustomCluster()).cluster.gpu;
    EXPECT_EQ(gpu.id, "h100-sxm-80gb");
    EXPECT_DOUBLE_EQ(gpu.peakBf16Tflops, 989.4);
    EXPECT_EQ(gpu.sms, 132);
}

TEST(ScenarioReaderTraining, DefaultsAreMicroBatchOneBf16Fp32GradsAndFlashAttention)
{
    const paraplan::TrainingSpec t = read(base()).training;
    EXPECT_EQ(t.seqLen, 4096);
    EXPECT_EQ(t.globalBatch, 64);
    EXPECT_EQ(t.microBatch, 1);
    EXPECT_EQ(t.precision, paraplan::Precision::Bf16);
    EXPECT_EQ(t.gradPrecision, paraplan::GradPrecision::Fp32);
    EXPECT_TRUE(t.flashAttention);
    EXPECT_FALSE(t.trainTokens.has_value());
}

TEST(ScenarioReaderTraining, TrainTokensAndGpuHourCostAreRead)
{
    json doc = base();
    doc["training"]["train_tokens"] = 15e12;
    doc["cluster"]["gpu_hour_cost_usd"] = 1.5;
    const Scenario s = read(doc);
    ASSERT_TRUE(s.training.trainTokens.has_value());
    EXPECT_DOUBLE_EQ(*s.training.trainTokens, 15e12);
    ASSERT_TRUE(s.cluster.gpuHourCostUsd.has_value());
    EXPECT_DOUBLE_EQ(*s.cluster.gpuHourCostUsd, 1.5);
}

TEST(ScenarioReaderTraining, FlashAttentionAndDropoutAreRead)
{
    json doc = base();
    doc["training"]["flash_attention"] = false;
    doc["model"]["dropout"] = true; // the llama3.1-8b preset trains without dropout
    const Scenario s = read(doc);
    EXPECT_FALSE(s.training.flashAttention);
    EXPECT_TRUE(s.model.dropout);

    doc["model"]["dropout"] = false;
    doc["training"]["flash_attention"] = true;
    const Scenario t = read(doc);
    EXPECT_TRUE(t.training.flashAttention);
    EXPECT_FALSE(t.model.dropout);
}

TEST(ScenarioReaderTraining, MicroBatchAndPrecisionsAreRead)
{
    json doc = base();
    doc["training"]["micro_batch"] = 2;
    doc["training"]["precision"] = "fp8";
    doc["training"]["grad_precision"] = "bf16";
    const paraplan::TrainingSpec t = read(doc).training;
    EXPECT_EQ(t.microBatch, 2);
    EXPECT_EQ(t.precision, paraplan::Precision::Fp8);
    EXPECT_EQ(t.gradPrecision, paraplan::GradPrecision::Bf16);
}

TEST(ScenarioReaderParallel, OmittedBlockMeansAutoRecomputeDerivedDpAndNoPins)
{
    const Scenario s = read(base());
    EXPECT_EQ(s.parallel.recompute, paraplan::Recompute::Auto);
    EXPECT_EQ(s.parallel.degrees.dp, 0);
    EXPECT_EQ(s.parallel.degrees.tp, 1);
    EXPECT_EQ(s.parallel.degrees.pp, 1);
    EXPECT_EQ(s.parallel.degrees.cp, 1);
    EXPECT_EQ(s.parallel.degrees.ep, 1);
    EXPECT_EQ(s.parallel.degrees.vpp, 1);
    EXPECT_EQ(s.parallel.zeroStage, 1);
    EXPECT_TRUE(s.parallel.layersPerStage.empty());
    EXPECT_EQ(paraplan::dataParallelOf(s), 16);
    const paraplan::ParallelPins& pins = s.pins;
    EXPECT_FALSE(pins.tp || pins.pp || pins.dp || pins.cp || pins.ep || pins.vpp
                 || pins.sequenceParallel || pins.recompute || pins.zeroStage);
}

TEST(ScenarioReaderParallel, RecomputeAutoIsRead)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"tp": 8, "recompute": "auto"})");
    const Scenario s = read(doc);
    EXPECT_EQ(s.parallel.recompute, paraplan::Recompute::Auto);
    EXPECT_TRUE(s.pins.recompute);
}

TEST(ScenarioReaderParallel, RecomputeOmittedFromAGivenBlockStaysAuto)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"tp": 8})");
    const Scenario s = read(doc);
    EXPECT_EQ(s.parallel.recompute, paraplan::Recompute::Auto);
    EXPECT_FALSE(s.pins.recompute);
}

TEST(ScenarioReaderParallel, PinsAreRecordedOnlyForGivenFields)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"tp": 8, "dp": 2, "sequence_parallel": true, "zero_stage": 2})");
    const Scenario s = read(doc);
    EXPECT_TRUE(s.pins.tp);
    EXPECT_TRUE(s.pins.dp);
    EXPECT_TRUE(s.pins.sequenceParallel);
    EXPECT_TRUE(s.pins.zeroStage);
    EXPECT_FALSE(s.pins.pp);
    EXPECT_FALSE(s.pins.cp);
    EXPECT_FALSE(s.pins.ep);
    EXPECT_FALSE(s.pins.vpp);
    EXPECT_FALSE(s.pins.recompute);
    EXPECT_EQ(s.parallel.degrees.tp, 8);
    EXPECT_EQ(s.parallel.degrees.dp, 2);
    EXPECT_TRUE(s.parallel.sequenceParallel);
    EXPECT_EQ(s.parallel.zeroStage, 2);
}

TEST(ScenarioReaderParallel, EveryPinnableFieldPinsWhenGiven)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"tp": 2, "pp": 2, "dp": 2, "cp": 2, "ep": 1, "vpp": 2,
                                       "sequence_parallel": false, "recompute": "none", "zero_stage": 0})");
    const Scenario s = read(doc);
    const paraplan::ParallelPins& p = s.pins;
    EXPECT_TRUE(p.tp && p.pp && p.dp && p.cp && p.ep && p.vpp && p.sequenceParallel && p.recompute && p.zeroStage);
}

TEST(ScenarioReaderParallel, EveryFieldIsRead)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"tp": 2, "pp": 4, "dp": 1, "cp": 2, "ep": 1, "vpp": 2,
                                       "sequence_parallel": true, "recompute": "selective", "zero_stage": 3,
                                       "overlap_grad_reduce": false, "overlap_param_gather": false,
                                       "tp_comm_overlap": true})");
    const paraplan::ParallelSpec p = read(doc).parallel;
    EXPECT_EQ(p.degrees.tp, 2);
    EXPECT_EQ(p.degrees.pp, 4);
    EXPECT_EQ(p.degrees.dp, 1);
    EXPECT_EQ(p.degrees.cp, 2);
    EXPECT_EQ(p.degrees.ep, 1);
    EXPECT_EQ(p.degrees.vpp, 2);
    EXPECT_TRUE(p.sequenceParallel);
    EXPECT_EQ(p.recompute, paraplan::Recompute::Selective);
    EXPECT_EQ(p.zeroStage, 3);
    EXPECT_FALSE(p.overlapGradReduce);
    EXPECT_FALSE(p.overlapParamGather);
    EXPECT_TRUE(p.tpCommOverlap);
}

TEST(ScenarioReaderParallel, LayersPerStageIsRead)
{
    json doc = base();
    doc["parallel"] = json::parse(R"({"pp": 4, "layers_per_stage": [7, 9, 9, 7]})");
    const Scenario s = read(doc);
    EXPECT_EQ(s.parallel.layersPerStage, (std::vector<int64_t>{ 7, 9, 9, 7 }));
    EXPECT_FALSE(paraplan::hasErrors(paraplan::validateScenario(s)));
}

TEST(ScenarioReaderExamples, SpecExampleReads)
{
    Scenario s;
    ASSERT_NO_THROW(s = read(std::string(kSpecExample)));
    EXPECT_EQ(s.model.preset, "gpt3-175b");
    EXPECT_EQ(s.model.name, "GPT-3 175B");
    EXPECT_EQ(s.model.layers, 96);
    EXPECT_EQ(s.model.hidden, 12288);
    EXPECT_EQ(s.model.vocab, 51200);
    EXPECT_TRUE(s.model.tiedEmbeddings);
    EXPECT_FALSE(s.model.isMoe());
    EXPECT_EQ(s.training.globalBatch, 1536);
    ASSERT_TRUE(s.training.trainTokens.has_value());
    EXPECT_DOUBLE_EQ(*s.training.trainTokens, 300e9);
    EXPECT_EQ(s.cluster.preset, "dgx-a100-80gb");
    EXPECT_EQ(s.cluster.gpuCount(), 1536);
    EXPECT_EQ(s.cluster.gpu.id, "a100-sxm-80gb");
    EXPECT_DOUBLE_EQ(s.cluster.interNode.GBpsPerGpu, 25);
    ASSERT_TRUE(s.cluster.gpuHourCostUsd.has_value());
    EXPECT_DOUBLE_EQ(*s.cluster.gpuHourCostUsd, 2.0);
    EXPECT_EQ(s.parallel.degrees.tp, 8);
    EXPECT_EQ(s.parallel.degrees.pp, 12);
    EXPECT_EQ(s.parallel.degrees.dp, 16);
    EXPECT_EQ(s.parallel.recompute, paraplan::Recompute::Full);
    EXPECT_EQ(s.parallel.zeroStage, 1);
    EXPECT_TRUE(s.pins.tp && s.pins.pp && s.pins.dp && s.pins.recompute);
}

TEST(ScenarioReaderExamples, BuiltinDefaultScenarioReads)
{
    Scenario s;
    ASSERT_NO_THROW(s = read(paraplan::io::builtinDefaultScenarioText()));
    EXPECT_EQ(s.model.preset, "llama3.1-70b");
    EXPECT_EQ(s.cluster.gpuCount(), 64);
    EXPECT_FALSE(paraplan::hasErrors(paraplan::validateScenario(s)));
}

// ---- Validation case files --------------------------------------------------------------------

namespace {

// One case around the base scenario; `published` is the JSON text of its "published" member, or
// empty to leave it out.
std::string caseFile(const std::string& published)
{
    std::string text = R"([{"id": "case-1", "source": "a test", "scenario": )" + std::string(kBase);
    if (!published.empty())
        text += R"(, "published": )" + published;
    return text + R"(, "assumptions": ["none"]}])";
}

ReadError casesError(const std::string& text)
{
    try {
        (void)paraplan::io::readValidationCases(text, paraplan::io::builtinCatalog());
    } catch (const ReadError& e) {
        return e;
    }
    ADD_FAILURE() << "the cases were read without error:\n" << text;
    return ReadError("(no error)", "");
}

} // namespace

TEST(ValidationCasesReader, ReadsAWellFormedCase)
{
    const std::vector<paraplan::ValidationCase> cases = paraplan::io::readValidationCases(
        caseFile(R"({"metric": "mfu", "value": 0.41})"), paraplan::io::builtinCatalog());
    ASSERT_EQ(cases.size(), 1u);
    EXPECT_EQ(cases[0].id, "case-1");
    EXPECT_EQ(cases[0].source, "a test");
    EXPECT_EQ(cases[0].metric, paraplan::PublishedMetric::Mfu);
    EXPECT_DOUBLE_EQ(cases[0].published, 0.41);
    EXPECT_EQ(cases[0].scenario.model.preset, "llama3.1-8b");
}

TEST(ValidationCasesReader, RejectsACaseWithoutPublished)
{
    expectError(casesError(caseFile("")), "[0].published", { "missing" });
}

TEST(ValidationCasesReader, RejectsAnUnknownMetric)
{
    expectError(casesError(caseFile(R"({"metric": "latency", "value": 1.0})")), "[0].published.metric",
                { "\"latency\" is not one of", "\"step_s\"", "\"mfu\"" });
}

TEST(ValidationCasesReader, RejectsANonPositivePublishedValue)
{
    expectError(casesError(caseFile(R"({"metric": "step_s", "value": 0})")), "[0].published.value", { "positive" });
}

TEST(ValidationCasesReader, RejectsAPublishedValueNoRunCanHave)
{
    // 1e-320 GiB made the relative error infinite (found by fuzzing); an MFU of 45 is a percentage.
    expectError(casesError(caseFile(R"({"metric": "peak_memory_gib", "value": 1e-320})")), "[0].published.value",
                { "outside", "GiB per GPU", "unit" });
    expectError(casesError(caseFile(R"({"metric": "mfu", "value": 45})")), "[0].published.value",
                { "outside", "not a percentage" });
    expectError(casesError(caseFile(R"({"metric": "step_s", "value": 1e12})")), "[0].published.value",
                { "outside", "seconds per step" });
}

TEST(ValidationCasesReader, NamesScenarioErrorsInsideTheCase)
{
    std::string text = caseFile(R"({"metric": "step_s", "value": 1.0})");
    text.replace(text.find("llama3.1-8b"), std::string("llama3.1-8b").size(), "no-such-model");
    expectError(casesError(text), "[0].scenario.model.preset", { "unknown model preset" });
}

TEST(ValidationCasesReader, RejectsADocumentThatIsNotAnArray)
{
    expectError(casesError(R"({"id": "case-1"})"), "(document)", { "expected an array" });
}

// ---- Framework ---------------------------------------------------------------------------------

TEST(ScenarioReaderFramework, OmittedMeansMegatronCoreWithItsDefaults)
{
    const Scenario s = read(base());
    EXPECT_EQ(s.framework, paraplan::FrameworkSpec{});
    EXPECT_TRUE(s.training.flashAttention);
    EXPECT_TRUE(s.parallel.overlapGradReduce);
    EXPECT_TRUE(s.parallel.overlapParamGather);
}

TEST(ScenarioReaderFramework, TheFrameworkSetsTheDefaultsOfTheFieldsAfterIt)
{
    json doc = base();
    doc["framework"] = json::parse(R"({"name": "megatron-lm"})");
    const Scenario lm = read(doc);
    EXPECT_EQ(lm.framework.name, paraplan::Framework::MegatronLm);
    EXPECT_FALSE(lm.training.flashAttention);
    EXPECT_FALSE(lm.parallel.overlapGradReduce);
    EXPECT_FALSE(lm.parallel.overlapParamGather);

    // What the scenario states wins over the framework's default.
    doc["training"]["flash_attention"] = true;
    doc["parallel"] = json::parse(R"({"overlap_grad_reduce": true})");
    const Scenario stated = read(doc);
    EXPECT_TRUE(stated.training.flashAttention);
    EXPECT_TRUE(stated.parallel.overlapGradReduce);
    EXPECT_FALSE(stated.parallel.overlapParamGather);
}

TEST(ScenarioReaderFramework, UnknownNamesAndFieldsAreNamed)
{
    json doc = base();
    doc["framework"] = json::parse(R"({"name": "colossal"})");
    expectError(errorOf(doc), "framework.name", { "\"colossal\" is not one of", "\"megatron-core\"", "\"megatron-lm\"",
                                                  "\"megatron-deepspeed\"", "\"deepspeed\"", "\"nemo\"",
                                                  "\"torchtitan\"" });
    doc["framework"] = json::parse(R"({"cuda_graph": true})");
    expectSuggestion(doc, "framework.cuda_graph", "cuda_graphs");
}

// Project files store scenarios through io::toJson: reading one back must give the same values.
TEST(ScenarioWriter, RoundTripsEveryField)
{
    for (const char* text : { R"({"model": {"preset": "mixtral-8x7b"}, "training": {"seq_len": 4096, "global_batch": 64,
                                   "train_tokens": 1e12, "flash_attention": false},
                                 "cluster": {"preset": "dgx-h100", "nodes": 4, "gpu": {"hbm_gib": 96, "power_limit_w": 500}},
                                 "parallel": {"tp": 2, "pp": 2, "ep": 4, "vpp": 2, "recompute": "selective",
                                              "zero_stage": 3, "tp_comm_overlap": true}})",
                              R"({"model": {"preset": "llama3.1-405b"}, "training": {"seq_len": 8192, "global_batch": 2048},
                                 "cluster": {"preset": "dgx-h100", "nodes": 2048, "gpu_hour_cost_usd": 2.5},
                                 "parallel": {"tp": 8, "pp": 16, "layers_per_stage": [7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
                                              8, 8, 8, 7]}})",
                              R"({"model": {"preset": "gpt3-175b"}, "training": {"seq_len": 2048, "global_batch": 1536},
                                 "cluster": {"preset": "dgx-a100-80gb", "nodes": 128},
                                 "framework": {"name": "megatron-deepspeed", "cuda_graphs": true},
                                 "parallel": {"tp": 8, "pp": 16}})",
                              R"({"model": {"preset": "deepseek-v3", "mla": {"absorbed": true}}, "training": {"seq_len": 4096,
                                 "global_batch": 1024}, "cluster": {"preset": "dgx-h100", "nodes": 32},
                                 "parallel": {"tp": 1, "pp": 8, "ep": 32, "schedule": "dualpipe"}})",
                              R"({"model": {"preset": "llama4-maverick"}, "training": {"seq_len": 8192, "global_batch": 256},
                                 "cluster": {"preset": "dgx-h100", "nodes": 16}, "parallel": {"tp": 8, "ep": 16}})",
                              R"({"model": {"preset": "gpt-oss-120b"}, "training": {"seq_len": 4096, "global_batch": 256},
                                 "cluster": {"preset": "dgx-h100", "nodes": 4}, "parallel": {"tp": 8, "ep": 4}})" }) {
        const paraplan::Scenario first = paraplan::io::readScenarioText(text, paraplan::io::builtinCatalog());
        const json written = paraplan::io::toJson(first);
        const paraplan::Scenario second = paraplan::io::readScenario(written, paraplan::io::builtinCatalog());
        EXPECT_EQ(paraplan::io::toJson(second), written);
        EXPECT_EQ(second.cluster.gpu.hbmGib, first.cluster.gpu.hbmGib);
        EXPECT_EQ(second.parallel.layersPerStage, first.parallel.layersPerStage);
        EXPECT_EQ(second.training.trainTokens, first.training.trainTokens);
        EXPECT_EQ(second.framework, first.framework);
        EXPECT_EQ(second.cluster.gpu, first.cluster.gpu);
        EXPECT_EQ(second.model, first.model);
        EXPECT_EQ(second.parallel.schedule, first.parallel.schedule);
    }
}

// cluster.gpu.architecture and cluster.intra_node.nvls (issue #10): what NVLink SHARP needs, read,
// written back, and refused where it means nothing.
TEST(ScenarioReaderNvlinkSharp, ArchitectureAndTheSwitchOffRoundTrip)
{
    const paraplan::Scenario preset = paraplan::io::readScenarioText(
        R"({"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096, "global_batch": 64},
            "cluster": {"preset": "dgx-h100", "nodes": 1, "intra_node": {"nvls": false}}})",
        paraplan::io::builtinCatalog());
    EXPECT_EQ(preset.cluster.gpu.architecture, "hopper");
    EXPECT_FALSE(preset.cluster.intraNode.nvls);
    const json written = paraplan::io::toJson(preset);
    EXPECT_EQ(written["cluster"]["intra_node"]["nvls"], false);
    EXPECT_EQ(paraplan::io::readScenario(written, paraplan::io::builtinCatalog()).cluster, preset.cluster);

    const paraplan::Scenario custom = paraplan::io::readScenarioText(
        R"({"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096, "global_batch": 64},
            "cluster": {"nodes": 1, "gpus_per_node": 8,
                        "gpu": {"name": "X", "architecture": "blackwell", "peak_tflops": {"bf16": 2000},
                                "hbm_gib": 180, "hbm_GBps": 8000, "sms": 148},
                        "intra_node": {"kind": "nvswitch", "GBps_per_gpu": 900, "latency_us": 3},
                        "inter_node": {"kind": "infiniband", "GBps_per_gpu": 50, "latency_us": 8}}})",
        paraplan::io::builtinCatalog());
    EXPECT_EQ(custom.cluster.gpu.architecture, "blackwell");
    EXPECT_TRUE(custom.cluster.intraNode.nvls);
    const json customWritten = paraplan::io::toJson(custom);
    EXPECT_EQ(customWritten["cluster"]["gpu"]["architecture"], "blackwell");
    EXPECT_FALSE(customWritten["cluster"]["intra_node"].contains("nvls"));
    EXPECT_EQ(paraplan::io::readScenario(customWritten, paraplan::io::builtinCatalog()).cluster, custom.cluster);

    json doc = base();
    doc["cluster"]["inter_node"] = json::parse(R"({"nvls": true})");
    expectKnownFieldList(doc, "cluster.inter_node.nvls", { "kind", "GBps_per_gpu", "latency_us", "sharp" });
}

// cluster.inter_node.sharp: the network reduces in its switches (InfiniBand SHARP), off by default.
TEST(ScenarioReaderNvlinkSharp, TheNetworksInSwitchReductionRoundTrips)
{
    const paraplan::Scenario s = paraplan::io::readScenarioText(
        R"({"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096, "global_batch": 64},
            "cluster": {"preset": "dgx-h100", "nodes": 4, "inter_node": {"sharp": true}}})",
        paraplan::io::builtinCatalog());
    EXPECT_TRUE(s.cluster.interNode.sharp);
    EXPECT_FALSE(s.cluster.intraNode.sharp);
    const json written = paraplan::io::toJson(s);
    EXPECT_EQ(written["cluster"]["inter_node"]["sharp"], true);
    EXPECT_FALSE(written["cluster"]["intra_node"].contains("sharp"));
    EXPECT_EQ(paraplan::io::readScenario(written, paraplan::io::builtinCatalog()).cluster, s.cluster);
    json doc = base();
    doc["cluster"]["intra_node"] = json::parse(R"({"sharp": true})");
    expectKnownFieldList(doc, "cluster.intra_node.sharp", { "kind", "GBps_per_gpu", "latency_us", "nvls" });
}

// parallel.schedule (issue #14): every name of the contract, absent means what vpp implies.
TEST(ScenarioReaderSchedule, ReadsEveryScheduleAndNamesAWrongOne)
{
    const auto read = [](const std::string& parallel) {
        return paraplan::io::readScenarioText(R"({"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096,
            "global_batch": 64}, "cluster": {"preset": "dgx-h100", "nodes": 2}, "parallel": )" + parallel + "}",
                                              paraplan::io::builtinCatalog());
    };
    EXPECT_FALSE(read(R"({"tp": 4, "pp": 2})").parallel.schedule);
    for (size_t i = 0; i < paraplan::kPipelineScheduleNames.size(); ++i)
        EXPECT_EQ(read(std::string(R"({"tp": 4, "pp": 2, "schedule": ")") + paraplan::kPipelineScheduleNames[i] + "\"}")
                      .parallel.schedule,
                  paraplan::PipelineSchedule(i));
    try {
        (void)read(R"({"tp": 4, "pp": 2, "schedule": "zero-bubble"})");
        FAIL() << "an unknown schedule must be refused";
    } catch (const std::exception& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("parallel.schedule"), std::string::npos) << message;
        EXPECT_NE(message.find("zb-h1"), std::string::npos) << message; // the allowed names are listed
    }
}

// The model description of the fine-grained MoEs (issue #13), field by field beside a preset.
TEST(ScenarioReaderModel, MoeLayersMlaLocalAttentionAndMtpAreRead)
{
    json doc = base();
    doc["model"]["head_dim"] = 96;
    doc["model"]["mtp_layers"] = 2;
    doc["model"]["moe"] = json::parse(R"({"experts": 64, "top_k": 6, "expert_ffn_hidden": 1408, "shared_experts": 2,
                                         "first_dense_layers": 1, "layer_frequency": 2})");
    doc["model"]["mla"] = json::parse(R"({"q_lora_rank": 0, "kv_lora_rank": 512, "qk_nope_head_dim": 128,
                                         "qk_rope_head_dim": 64, "v_head_dim": 128})");
    doc["model"]["local_attention"] = json::parse(R"({"window": 4096, "kind": "chunked", "global_every": 4})");
    const paraplan::ModelSpec m = read(doc).model;
    EXPECT_EQ(m.headDim(), 96);
    EXPECT_EQ(m.mtpLayers, 2);
    EXPECT_EQ(m.moe.sharedExperts, 2);
    EXPECT_EQ(m.moe.sharedExpertFfnHidden, 1408); // as wide as a routed expert unless told
    EXPECT_EQ(m.moe.firstDenseLayers, 1);
    EXPECT_EQ(m.moe.layerFrequency, 2);
    EXPECT_TRUE(m.mla.enabled());
    EXPECT_EQ(m.mla.qkHeadDim(), 192);
    EXPECT_FALSE(m.mla.absorbed);
    EXPECT_EQ(m.localAttention.window, 4096);
    EXPECT_TRUE(m.localAttention.chunked);
    EXPECT_EQ(m.localAttention.globalEvery, 4);
}

TEST(ScenarioReaderModel, TheNewObjectsRefuseWhatTheyDoNotKnow)
{
    json doc = base();
    doc["model"]["mla"] = json::parse(R"({"kv_lora_rank": 512, "rope_dim": 64})");
    expectKnownFieldList(doc, "model.mla.rope_dim", { "q_lora_rank", "kv_lora_rank", "qk_rope_head_dim", "v_head_dim" });
    doc = base();
    doc["model"]["local_attention"] = json::parse(R"({"window": 128, "kind": "strided"})");
    expectError(errorOf(doc), "model.local_attention.kind", { "sliding", "chunked" });
}
