// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// libFuzzer's entry point for a target built with -fsanitize=fuzzer (PARAPLAN_BUILD_FUZZERS):
// libFuzzer generates the inputs and reports a crash, a sanitizer error, an escaped exception
// (it aborts) or a run past -timeout, and saves the input.
#include "tests/fuzz/fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return paraplan::fuzz::fuzzOne(data, size);
}
