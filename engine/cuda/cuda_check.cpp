// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/cuda_check.h"

#include "engine/backend/backend.h"

#include <string>

namespace paraplan::engine {

namespace {

// CUDA encodes versions as 1000 * major + 10 * minor.
std::string versionText(int version) { return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10); }

std::string placeOf(const std::source_location& where)
{
    const std::string_view file = where.file_name();
    const size_t slash = file.find_last_of('/');
    return " [" + std::string(slash == std::string_view::npos ? file : file.substr(slash + 1)) + ":"
        + std::to_string(where.line()) + "]";
}

// The runtime answers "insufficient driver" both where the driver is too old and where there is
// none at all (libcuda.so.1 missing); only the driver version tells them apart.
EngineError driverProblem(cudaError_t status, const std::string& failed, const std::string& place)
{
    int driver = 0, runtime = 0;
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    if (status == cudaErrorInsufficientDriver && driver == 0)
        return EngineError(io::ProbeCode::NoGpu,
                           failed + ": no NVIDIA driver is installed on this machine (libcuda.so.1 is "
                                    "missing), so it has no usable GPU; install the driver, or use "
                                    "--backend host for CPU measurements"
                                    + place);
    if (status == cudaErrorInsufficientDriver)
        return EngineError(io::ProbeCode::DriverMismatch,
                           failed + ": the NVIDIA driver supports CUDA " + versionText(driver)
                               + " but this build needs CUDA " + versionText(runtime)
                               + "; update the driver, or build ParaPlan with a CUDA toolkit "
                                 "no newer than the driver"
                               + place);
    return EngineError(io::ProbeCode::DriverMismatch,
                       failed + ": the CUDA forward-compatibility library in use does not support "
                           "this GPU; remove it from LD_LIBRARY_PATH or update the driver"
                           + place);
}

} // namespace

void checkCuda(cudaError_t status, std::string_view what, std::source_location where)
{
    if (status == cudaSuccess)
        return;
    // Errors that leave the context usable (an allocation that did not fit) stay recorded as the
    // last error; clear them so that a later launch check does not report them again.
    cudaGetLastError();
    const std::string failed = std::string(what) + " failed (" + cudaGetErrorName(status) + ": "
        + cudaGetErrorString(status) + ")";
    switch (status) {
    case cudaErrorNoDevice:
        throw EngineError(io::ProbeCode::NoGpu,
                          failed + ": this machine has no CUDA device, or CUDA_VISIBLE_DEVICES hides them "
                                   "all; check nvidia-smi, or use --backend host for CPU measurements"
                          + placeOf(where));
    case cudaErrorInsufficientDriver:
    case cudaErrorCompatNotSupportedOnDevice:
        throw driverProblem(status, failed, placeOf(where));
    case cudaErrorMemoryAllocation:
        throw EngineError(io::ProbeCode::OutOfMemory,
                          failed + ": the GPU's memory is full; use smaller sizes, or end the "
                                   "other processes on it (nvidia-smi lists them)"
                          + placeOf(where));
    default:
        throw EngineError(io::ProbeCode::CudaFailed,
                          failed + "; nvidia-smi shows whether the GPU is healthy, and "
                                   "CUDA_LAUNCH_BLOCKING=1 pins an asynchronous failure to its call"
                          + placeOf(where));
    }
}

void checkCublas(cublasStatus_t status, std::string_view what, std::source_location where)
{
    if (status == CUBLAS_STATUS_SUCCESS)
        return;
    const std::string failed = std::string(what) + " failed (" + cublasLtGetStatusName(status) + ": "
        + cublasLtGetStatusString(status) + ")";
    if (status == CUBLAS_STATUS_ALLOC_FAILED)
        throw EngineError(io::ProbeCode::OutOfMemory,
                          failed + ": cuBLASLt could not get the memory it needs; use smaller "
                                   "sizes or free the GPU"
                          + placeOf(where));
    throw EngineError(io::ProbeCode::CublasFailed,
                      failed + (status == CUBLAS_STATUS_NOT_SUPPORTED || status == CUBLAS_STATUS_ARCH_MISMATCH
                                    ? ": this GPU or cuBLASLt version cannot run it; try another precision"
                                    : ": CUBLASLT_LOG_LEVEL=2 makes cuBLASLt say why")
                      + placeOf(where));
}

void checkNccl(ncclResult_t status, std::string_view what, std::source_location where)
{
    if (status == ncclSuccess || status == ncclInProgress)
        return;
    const char* detail = ncclGetLastError(nullptr);
    throw EngineError(io::ProbeCode::NcclFailed,
                      std::string(what) + " failed (" + ncclGetErrorString(status)
                          + (detail && *detail ? std::string(": ") + detail : std::string())
                          + (status == ncclSystemError || status == ncclRemoteError
                                 ? "): a peer rank ended or the network between the ranks failed; "
                                   "NCCL_DEBUG=WARN shows which, NCCL_SOCKET_IFNAME picks the interface"
                                 : "): NCCL_DEBUG=WARN makes NCCL say why")
                          + placeOf(where));
}

int visibleDeviceCount()
{
    int count = 0;
    checkCuda(cudaGetDeviceCount(&count), "cudaGetDeviceCount");
    if (count == 0)
        throw EngineError(io::ProbeCode::NoGpu, "cudaGetDeviceCount found no CUDA device: check nvidia-smi and "
                                                "CUDA_VISIBLE_DEVICES, or use --backend host for CPU measurements");
    return count;
}

} // namespace paraplan::engine
