// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The sanitizers' settings, built into every program of a PARAPLAN_SANITIZE build
// (cmake/Sanitizers.cmake), so that a test, its discovery at build time and a rank started by
// mpirun all run the same way without any environment.
//
// LeakSanitizer: Open MPI keeps what MPI_Init allocates (its components, hwloc's topology, PMIx)
// past MPI_Finalize by design; those leaks are not ours and are suppressed by library. The
// programs that use MPI also unwind slowly (mpi_leak_unwinding.cpp).

extern "C" {

const char* __asan_default_options() { return "detect_leaks=1:strict_init_order=1:check_initialization_order=1"; }

const char* __lsan_default_suppressions()
{
    return "leak:libmpi.so\n"
           "leak:libopen-pal.so\n"
           "leak:libopen-rte.so\n"
           "leak:libhwloc.so\n"
           "leak:libpmix.so\n"
           "leak:libevent\n";
}

const char* __ubsan_default_options() { return "print_stacktrace=1:halt_on_error=1"; }

} // extern "C"
