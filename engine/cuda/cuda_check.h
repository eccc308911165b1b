// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cublasLt.h>
#include <cuda_runtime_api.h>
#include <nccl.h>

#include <source_location>
#include <string_view>

// CUDA, cuBLASLt and NCCL report failures as status codes; the engine ends the run on them with an
// EngineError whose code the GUI can act on ("no_gpu", "driver_mismatch", "out_of_memory",
// "cuda_failed", "cublas_failed", "nccl_failed") and whose message says what failed, the
// library's own words, what to do, and where in the engine it happened.
namespace paraplan::engine {

// `what` names the call and its subject, e.g. "cudaMemcpyAsync of the result to the host".
// checkNccl lets ncclInProgress pass: a non-blocking communicator is still queueing the
// operation, and NcclCommunicator waits for it to settle.
void checkCuda(cudaError_t status, std::string_view what, std::source_location where = std::source_location::current());
void checkCublas(cublasStatus_t status, std::string_view what,
                 std::source_location where = std::source_location::current());
void checkNccl(ncclResult_t status, std::string_view what, std::source_location where = std::source_location::current());

// The CUDA devices this process sees (at least one). Throws "no_gpu" where there is no driver or
// no device, "driver_mismatch" where the driver is older than this build's CUDA runtime.
[[nodiscard]] int visibleDeviceCount();

} // namespace paraplan::engine
