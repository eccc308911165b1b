// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// make_nsys_trace TRACE.json OUT.sqlite: a PyTorch profiler trace (paraplan-probe confirm
// --trace-out's) as the Nsight Systems SQLite export of the same kernels, which is how
// tests/data/traces/*.sqlite were made (tests/data/traces/README.md).
#include "tests/app/import/nsys_writer.h"

#include "app/import/trace_files.h"

#include "core/io/json_reader.h"

#include <exception>
#include <iostream>

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::cerr << "usage: make_nsys_trace TRACE.json OUT.sqlite\n";
        return 1;
    }
    try {
        paraplan::test::writeNsysSqlite(paraplan::import::readMeasuredTrace(argv[1]), argv[2]);
    } catch (const std::exception& e) {
        std::cerr << "make_nsys_trace: " << argv[1] << ": " << e.what() << "\n";
        return 1;
    }
    return 0;
}
