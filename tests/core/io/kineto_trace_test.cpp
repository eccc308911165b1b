// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The PyTorch profiler trace reader (core/io/kineto_trace.h) and writer (core/io/kineto_writer.h):
// the traces paraplan-probe recorded (tests/data/traces), written and read back, and broken ones,
// each refused naming what is wrong and where, never a crash.
#include "core/io/input_file.h"
#include "core/io/json_reader.h"
#include "core/io/kineto_trace.h"
#include "core/io/kineto_writer.h"
#include "tests/fuzz/mutator.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace paraplan;

namespace {

const std::string kTraces = PARAPLAN_TEST_DATA_DIR "/traces/";

std::string traceText(const std::string& name)
{
    std::string error;
    const std::optional<std::string> text = io::readInputFile(kTraces + name, error);
    EXPECT_TRUE(text) << error;
    return text.value_or("");
}

// The ReadError's path for `text`, or "(accepted)".
std::string kinetoErrorPathOf(const std::string& text)
{
    try {
        (void)io::readKinetoTrace(text);
    } catch (const io::ReadError& e) {
        return e.path();
    }
    return "(accepted)";
}

std::string kinetoErrorOf(const std::string& text)
{
    try {
        (void)io::readKinetoTrace(text);
    } catch (const io::ReadError& e) {
        return e.what();
    }
    return "(accepted)";
}

// A small valid trace: two kernels on device 0, one on device 1, a step annotation.
nlohmann::json smallTrace()
{
    return nlohmann::json::parse(R"json({
      "schemaVersion": 1,
      "deviceProperties": [ { "id": 0, "name": "NVIDIA H100 80GB HBM3" } ],
      "distributedInfo": { "backend": "nccl", "rank": 2, "world_size": 4 },
      "traceEvents": [
        { "ph": "X", "cat": "user_annotation", "name": "ProfilerStep#7", "pid": 1, "tid": 1, "ts": 1000, "dur": 500 },
        { "ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 1001, "dur": 10 },
        { "ph": "X", "cat": "kernel", "name": "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64", "pid": 0,
          "tid": 7, "ts": 1010, "dur": 100, "args": { "device": 0, "stream": 7 } },
        { "ph": "X", "cat": "kernel", "name": "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)", "pid": 0,
          "tid": 20, "ts": 1200, "dur": 50, "args": { "device": 0, "stream": 20, "Collective name": "all_to_allv" } },
        { "ph": "X", "cat": "gpu_memcpy", "name": "Memcpy DtoD (Device -> Device)", "pid": 0, "tid": 7, "ts": 1300,
          "dur": 5, "args": { "device": 0, "stream": 7 } },
        { "ph": "X", "cat": "kernel", "name": "flash_fwd_kernel", "pid": 1, "tid": 7, "ts": 1100, "dur": 20,
          "args": { "device": 1, "stream": 7 } },
        { "ph": "f", "cat": "ac2g", "name": "flow", "id": 3, "pid": 0, "tid": 7, "ts": 1010 },
        { "name": "process_name", "ph": "M", "pid": 0, "tid": 0, "args": { "name": "GPU 0" } }
      ]
    })json");
}

} // namespace

TEST(KinetoTrace, ReadsKernelsStepsRankAndDevice)
{
    const MeasuredRank r = io::readKinetoTrace(smallTrace().dump());
    EXPECT_EQ(r.rank, 2);
    EXPECT_EQ(r.worldSize, 4);
    EXPECT_EQ(r.device, 0);
    EXPECT_EQ(r.deviceName, "NVIDIA H100 80GB HBM3");
    ASSERT_EQ(r.kernels.size(), 3u); // device 1's flash kernel left out, with a note
    ASSERT_EQ(r.notes.size(), 1u);
    EXPECT_NE(r.notes.front().find("device 1"), std::string::npos) << r.notes.front();
    EXPECT_EQ(r.kernels[0].kind, KernelClass::Gemm);
    EXPECT_NEAR(r.kernels[0].start, 10e-6, 1e-12); // from the step's start
    EXPECT_NEAR(r.kernels[0].seconds, 100e-6, 1e-12);
    EXPECT_EQ(r.kernels[0].stream, 7);
    EXPECT_EQ(r.kernels[1].kind, KernelClass::AllToAll); // by its "Collective name"
    EXPECT_EQ(r.kernels[1].collective, "all_to_allv");
    EXPECT_EQ(r.kernels[2].kind, KernelClass::Memcpy);
    ASSERT_EQ(r.steps.size(), 1u);
    EXPECT_NEAR(r.steps.front().start, 0, 1e-12);
    EXPECT_NEAR(r.steps.front().end, 500e-6, 1e-12);
    EXPECT_NEAR(r.origin, 1000e-6, 1e-12);
}

TEST(KinetoTrace, WithoutStepAnnotationsTheKernelsSpanTheStepsTheUserSays)
{
    nlohmann::json trace = smallTrace();
    trace["traceEvents"].erase(0);
    const MeasuredRank one = io::readKinetoTrace(trace.dump());
    ASSERT_EQ(one.steps.size(), 1u);
    EXPECT_NEAR(one.steps.front().end - one.steps.front().start, 295e-6, 1e-12); // 1010 to 1305 us
    const MeasuredRank two = io::readKinetoTrace(trace.dump(), 2);
    ASSERT_EQ(two.steps.size(), 2u);
    EXPECT_NEAR(two.span(), one.span(), 1e-12);
}

TEST(KinetoTrace, TheArrayFormAndOlderCapitalisedCategoriesRead)
{
    const nlohmann::json events = nlohmann::json::parse(R"([
        { "ph": "X", "cat": "Kernel", "name": "ampere_bf16_s16816gemm_bf16_128x128_ldg8_f2f_stages_64x3_tn", "pid": 0,
          "tid": 7, "ts": 5, "dur": 3 } ])");
    const MeasuredRank r = io::readKinetoTrace(events.dump());
    ASSERT_EQ(r.kernels.size(), 1u);
    EXPECT_EQ(r.kernels[0].kind, KernelClass::Gemm);
    EXPECT_FALSE(r.rank);
}

TEST(KinetoTrace, TheProbesTracesReadAsTheirRanks)
{
    for (int rank = 0; rank < 4; ++rank) {
        const MeasuredRank r = io::readKinetoTrace(traceText("pp4/rank" + std::to_string(rank) + ".pt.trace.json"));
        EXPECT_EQ(r.rank, rank);
        EXPECT_EQ(r.worldSize, 4);
        EXPECT_EQ(r.deviceName, "CPU (paraplan-probe host backend)");
        ASSERT_EQ(r.steps.size(), 1u);
        EXPECT_GT(r.span(), 0);
        EXPECT_GT(r.kernels.size(), 50u);
        int gemms = 0, attention = 0, norms = 0, sends = 0;
        for (const MeasuredKernel& k : r.kernels) {
            EXPECT_GE(k.start, 0);
            EXPECT_GE(k.seconds, 0);
            EXPECT_LE(k.start + k.seconds, r.span() + 1e-9);
            EXPECT_NE(k.kind, KernelClass::Other) << k.name;
            gemms += k.kind == KernelClass::Gemm;
            attention += k.kind == KernelClass::Attention;
            norms += k.kind == KernelClass::Norm;
            sends += k.kind == KernelClass::SendRecv;
        }
        // 4 micro-batches through one layer: a forward's 4 GEMMs and a backward's 8, attention once and twice.
        EXPECT_GE(gemms, 4 * 12);
        EXPECT_EQ(attention, 4 * 3);
        EXPECT_GE(norms, 4 * (2 + 2)); // a layer's two norms, in the forward and again in the backward
        EXPECT_GT(sends, 0);
    }
    const MeasuredRank twoSteps = io::readKinetoTrace(traceText("pp4_slow_norms/rank0.pt.trace.json"));
    EXPECT_EQ(twoSteps.steps.size(), 2u);
}

TEST(KinetoTrace, WrittenAndReadBackItIsTheSameTrace)
{
    MeasuredRank r = io::readKinetoTrace(smallTrace().dump());
    r.notes.clear();
    io::KinetoTraceHeader header;
    header.hostPid = 4242;
    header.producer = "a test";
    const nlohmann::json written = io::kinetoTraceJson(r, header);
    EXPECT_EQ(written["distributedInfo"]["rank"], 2);
    EXPECT_EQ(written["paraplan"]["producer"], "a test");
    const MeasuredRank back = io::readKinetoTrace(written.dump());
    EXPECT_EQ(back.rank, r.rank);
    EXPECT_EQ(back.worldSize, r.worldSize);
    EXPECT_EQ(back.deviceName, r.deviceName);
    ASSERT_EQ(back.kernels.size(), r.kernels.size());
    for (size_t i = 0; i < r.kernels.size(); ++i) {
        EXPECT_EQ(back.kernels[i].name, r.kernels[i].name);
        EXPECT_EQ(back.kernels[i].kind, r.kernels[i].kind);
        EXPECT_EQ(back.kernels[i].collective, r.kernels[i].collective);
        EXPECT_EQ(back.kernels[i].stream, r.kernels[i].stream);
        EXPECT_NEAR(back.kernels[i].start, r.kernels[i].start, 2e-9);
        EXPECT_NEAR(back.kernels[i].seconds, r.kernels[i].seconds, 2e-9);
    }
    ASSERT_EQ(back.steps.size(), r.steps.size());
    EXPECT_NEAR(back.origin, r.origin, 2e-9);
}

TEST(KinetoTrace, BrokenTracesAreRefusedSayingWhereAndWhat)
{
    // Syntax: where in the text.
    const std::string full = smallTrace().dump(2);
    EXPECT_EQ(kinetoErrorPathOf(full.substr(0, full.size() / 2)).rfind("line ", 0), 0u) << kinetoErrorOf(full.substr(0, full.size() / 2));
    EXPECT_EQ(kinetoErrorPathOf("").rfind("line ", 0), 0u);
    EXPECT_EQ(kinetoErrorPathOf("{\"traceEvents\": [ {\"ph\": \"X\",, } ]}").rfind("line ", 0), 0u);
    EXPECT_EQ(kinetoErrorPathOf(std::string(100000, '[')).rfind("line ", 0), 0u); // nesting beyond the limit
    // Shape: which field.
    EXPECT_EQ(kinetoErrorPathOf("42"), "(file)");
    EXPECT_EQ(kinetoErrorPathOf("{}"), "traceEvents");
    EXPECT_NE(kinetoErrorOf("{}").find("missing"), std::string::npos);
    EXPECT_EQ(kinetoErrorPathOf(R"({"traceEvents": {}})"), "traceEvents");
    EXPECT_EQ(kinetoErrorPathOf(R"({"traceEvents": []})"), "traceEvents"); // no kernel at all
    EXPECT_NE(kinetoErrorOf(R"({"traceEvents": []})").find("ProfilerActivity.CUDA"), std::string::npos);
    EXPECT_EQ(kinetoErrorPathOf(R"({"traceEvents": [3]})"), "traceEvents[0]");

    auto withKernel = [](const char* field, const nlohmann::json& value) {
        nlohmann::json trace = smallTrace();
        nlohmann::json& kernel = trace["traceEvents"][2];
        if (value.is_discarded())
            kernel.erase(field);
        else
            kernel[field] = value;
        return trace.dump();
    };
    const nlohmann::json gone(nlohmann::json::value_t::discarded);
    EXPECT_EQ(kinetoErrorPathOf(withKernel("dur", -5)), "traceEvents[2].dur");
    EXPECT_NE(kinetoErrorOf(withKernel("dur", -5)).find("negative"), std::string::npos);
    EXPECT_EQ(kinetoErrorPathOf(withKernel("dur", "100")), "traceEvents[2].dur");
    EXPECT_EQ(kinetoErrorPathOf(withKernel("dur", gone)), "traceEvents[2].dur");
    EXPECT_EQ(kinetoErrorPathOf(withKernel("dur", 1e300)), "traceEvents[2].dur");
    EXPECT_EQ(kinetoErrorPathOf(withKernel("ts", 1e300)), "traceEvents[2].ts");
    EXPECT_EQ(kinetoErrorPathOf(withKernel("ts", nullptr)), "traceEvents[2].ts");
    EXPECT_EQ(kinetoErrorPathOf(withKernel("ts", gone)), "traceEvents[2].ts");
    EXPECT_EQ(kinetoErrorPathOf(withKernel("name", 12)), "traceEvents[2].name");
    EXPECT_EQ(kinetoErrorPathOf(withKernel("name", gone)), "traceEvents[2].name");
    // A number too large for a double is a syntax error of its own.
    EXPECT_NE(kinetoErrorPathOf(R"({"traceEvents": [{"ph": "X", "cat": "kernel", "name": "k", "ts": 1e999, "dur": 1}]})"),
              "(accepted)");

    nlohmann::json badRank = smallTrace();
    badRank["distributedInfo"]["rank"] = 9; // beyond world_size 4
    EXPECT_EQ(kinetoErrorPathOf(badRank.dump()), "distributedInfo.rank");
    badRank["distributedInfo"]["rank"] = "two";
    EXPECT_EQ(kinetoErrorPathOf(badRank.dump()), "distributedInfo.rank");
    badRank["distributedInfo"] = 3;
    EXPECT_EQ(kinetoErrorPathOf(badRank.dump()), "distributedInfo");
}

TEST(KinetoTrace, WhatItDoesNotReadItIgnores)
{
    nlohmann::json trace = smallTrace();
    trace["traceEvents"].push_back({ { "ph", "X" }, { "cat", "cpu_op" }, { "name", 5 }, { "ts", "soon" } }); // not a kernel
    trace["traceEvents"].push_back({ { "ph", "i" }, { "cat", "kernel" }, { "name", "instant" } });           // not complete
    trace["somethingNew"] = { 1, 2, 3 };
    trace["deviceProperties"] = "unknown";
    const MeasuredRank r = io::readKinetoTrace(trace.dump());
    EXPECT_EQ(r.kernels.size(), 3u);
    EXPECT_TRUE(r.deviceName.empty());
}

TEST(KinetoTrace, HostileValuesInEveryFieldReadOrFailNamingAPath)
{
    for (const std::string& text : fuzz::everyHostileVariant(smallTrace())) {
        try {
            const MeasuredRank r = io::readKinetoTrace(text);
            for (const MeasuredKernel& k : r.kernels) {
                EXPECT_TRUE(std::isfinite(k.start) && std::isfinite(k.seconds) && k.seconds >= 0) << text;
            }
        } catch (const io::ReadError& e) {
            EXPECT_FALSE(e.path().empty()) << text;
        } catch (const std::exception& e) {
            ADD_FAILURE() << "threw " << e.what() << " for: " << text;
        }
    }
}

TEST(KinetoTrace, MutatedTracesReadOrFailWithAReadError)
{
    fuzz::Mutator mutator({ smallTrace().dump(), traceText("pp4/rank3.pt.trace.json") }, 14); // fixed seed: a failure reproduces
    for (int i = 0; i < 300; ++i) {
        const std::string text = mutator.next();
        try {
            (void)io::readKinetoTrace(text);
        } catch (const io::ReadError&) {
        } catch (const std::exception& e) {
            ADD_FAILURE() << "threw " << e.what() << " for input " << i;
        }
    }
}
