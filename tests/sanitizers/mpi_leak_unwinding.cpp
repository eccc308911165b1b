// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// LeakSanitizer's settings for the programs that use MPI (PARAPLAN_SANITIZE builds; linked with the
// engine, cmake/Sanitizers.cmake). Open MPI allocates from components it dlopens and unloads at
// MPI_Finalize; they have no frame pointers, so only the slow unwinder reaches the libmpi frame
// that a suppression (sanitizer_defaults.cpp) names. It costs a full unwind per allocation, which
// is why the programs without MPI keep the fast one.

extern "C" const char* __lsan_default_options() { return "fast_unwind_on_malloc=0"; }
