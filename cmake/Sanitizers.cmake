# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# PARAPLAN_SANITIZE: AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer over the
# whole build, as the `asan` preset and .ci/run build it. Any report ends the program with a
# failure (-fno-sanitize-recover), so a report fails the test that caused it. The sanitizers'
# settings are linked into every program (tests/sanitizers/sanitizer_defaults.cpp).
option(PARAPLAN_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer; any report fails the program" OFF)

if(PARAPLAN_SANITIZE)
    if(PARAPLAN_BUILD_FUZZERS)
        message(FATAL_ERROR "PARAPLAN_SANITIZE and PARAPLAN_BUILD_FUZZERS both instrument the build; choose one")
    endif()
    # Two UBSan checks are left out: `null`, as a null dereference faults and AddressSanitizer
    # reports it anyway, and `alignment`, which x86-64 does not fault on and the code never casts
    # to provoke. Together they doubled the compile time of JSON-heavy files (measured with GCC 12
    # on nlohmann's parser: 12.3 s with them, 7.6 s without), and .ci/run must stay under 30 minutes.
    add_compile_options(-fsanitize=address,undefined -fno-sanitize=null,alignment -fno-sanitize-recover=all
                        -fno-omit-frame-pointer)
    add_link_options(-fsanitize=address,undefined)
    # GCC's -Wmaybe-uninitialized misfires inside std::function under the sanitizers' instrumentation.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        add_compile_options(-Wno-maybe-uninitialized)
    endif()
    add_library(paraplan_sanitizer_defaults OBJECT ${PROJECT_SOURCE_DIR}/tests/sanitizers/sanitizer_defaults.cpp)
    link_libraries(paraplan_sanitizer_defaults)
    # Compiled into each program that links the engine (and so MPI): see the file. Only into
    # programs: a static library's copy would be linked besides the program's own once a unity
    # build has merged it with code the program needs.
    add_library(paraplan_sanitizer_mpi INTERFACE)
    target_sources(paraplan_sanitizer_mpi INTERFACE
        $<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:${PROJECT_SOURCE_DIR}/tests/sanitizers/mpi_leak_unwinding.cpp>)
endif()
