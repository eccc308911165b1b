# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# libFuzzer binaries of the fuzz targets (tests/fuzz/README.md). They need clang; GCC builds the
# same targets as CTest tests only. libFuzzer steers by the coverage of the code it fuzzes, so
# the whole build is instrumented, with AddressSanitizer and UndefinedBehaviorSanitizer, and
# undefined behaviour stops the run so that the input is kept: use a build folder of its own.
option(PARAPLAN_BUILD_FUZZERS "Build libFuzzer binaries of tests/fuzz (clang only; instruments the whole build)" OFF)
if(PARAPLAN_BUILD_FUZZERS AND NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(STATUS "ParaPlan: PARAPLAN_BUILD_FUZZERS needs clang (configure with CMAKE_CXX_COMPILER=clang++); "
                   "the fuzz targets run as tests only")
    set(PARAPLAN_BUILD_FUZZERS OFF)
endif()
if(PARAPLAN_BUILD_FUZZERS)
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                        -fno-omit-frame-pointer)
    add_link_options(-fsanitize=address,undefined)
endif()
