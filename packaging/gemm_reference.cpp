// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The device check's independent GEMM rate where PyTorch is absent (packaging/gpu-check.sh): one
// bf16 8192^3 product on random operands through cuBLAS itself, outside the engine's code path
// (no cuBLASLt plans, no backend), timed as the PyTorch reference times torch.matmul: 5 untimed
// runs, then the median of 20 each between CUDA events. Prints one JSON line, or says on stderr
// what failed and exits 1.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kN = 8192;

bool ok(cudaError_t status, const char* what)
{
    if (status != cudaSuccess)
        std::fprintf(stderr, "gemm-reference: %s failed: %s\n", what, cudaGetErrorString(status));
    return status == cudaSuccess;
}

bool ok(cublasStatus_t status, const char* what)
{
    if (status != CUBLAS_STATUS_SUCCESS)
        std::fprintf(stderr, "gemm-reference: %s failed: %s\n", what, cublasGetStatusString(status));
    return status == CUBLAS_STATUS_SUCCESS;
}

// Uniform values in [-1, 1) as bf16 (a float's upper half): constant operands would let the GPU
// hold higher clocks than real data does, and inflate the rate this is the reference for.
std::vector<uint16_t> randomBf16(size_t count, uint64_t seed)
{
    std::vector<uint16_t> values(count);
    for (uint16_t& v : values) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        const float x = float(seed >> 40) / float(1 << 23) - 1.0f;
        uint32_t bits = 0;
        std::memcpy(&bits, &x, 4);
        v = uint16_t(bits >> 16);
    }
    return values;
}

} // namespace

int main()
{
    const size_t count = size_t(kN) * kN, bytes = count * sizeof(uint16_t);
    void *a = nullptr, *b = nullptr, *c = nullptr;
    cublasHandle_t handle = nullptr;
    cudaEvent_t start = nullptr, end = nullptr;
    if (!ok(cudaMalloc(&a, bytes), "cudaMalloc") || !ok(cudaMalloc(&b, bytes), "cudaMalloc")
        || !ok(cudaMalloc(&c, bytes), "cudaMalloc")
        || !ok(cudaMemcpy(a, randomBf16(count, 1).data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy")
        || !ok(cudaMemcpy(b, randomBf16(count, 2).data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy")
        || !ok(cublasCreate(&handle), "cublasCreate") || !ok(cudaEventCreate(&start), "cudaEventCreate")
        || !ok(cudaEventCreate(&end), "cudaEventCreate"))
        return 1;

    const float alpha = 1.0f, beta = 0.0f;
    auto gemm = [&] {
        return ok(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, kN, kN, kN, &alpha, a, CUDA_R_16BF, kN, b,
                               CUDA_R_16BF, kN, &beta, c, CUDA_R_16BF, kN, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                  "cublasGemmEx");
    };
    for (int i = 0; i < 5; ++i)
        if (!gemm())
            return 1;
    std::vector<float> ms(20);
    for (float& t : ms)
        if (!ok(cudaEventRecord(start), "cudaEventRecord") || !gemm() || !ok(cudaEventRecord(end), "cudaEventRecord")
            || !ok(cudaEventSynchronize(end), "cudaEventSynchronize")
            || !ok(cudaEventElapsedTime(&t, start, end), "cudaEventElapsedTime"))
            return 1;
    std::sort(ms.begin(), ms.end());
    const double median = ms[ms.size() / 2] / 1e3;

    cudaDeviceProp device{};
    int version = 0;
    if (!ok(cudaGetDeviceProperties(&device, 0), "cudaGetDeviceProperties") || !ok(cublasGetVersion(handle, &version), "cublasGetVersion"))
        return 1;
    std::printf("{\"tool\": \"cuBLAS %d.%d.%d cublasGemmEx\", \"device\": \"%s\", \"median_s\": %.9g, \"tflops\": %.6g}\n",
                version / 10000, version / 100 % 100, version % 100, device.name, median,
                2.0 * kN * kN * double(kN) / median / 1e12);
    return 0;
}
