// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/kernels.h"

#include "engine/backend/random_operands.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <cmath>

// The softmax gives each row to one block: attention rows are a few thousand elements long, which
// a block reads three times (maximum, sum, result) from L2 at little cost; what matters for the
// measurement is that it moves the bytes an unfused attention moves.
namespace paraplan::engine {

namespace {

constexpr int kFillThreads = 256;
constexpr int kSoftmaxThreads = 512;
constexpr int kWarp = 32;
// A grid-stride loop covers any count; more blocks than this only add scheduling.
constexpr size_t kMaxFillBlocks = 65536;

__device__ float toFloat(float x) { return x; }
__device__ float toFloat(__nv_bfloat16 x) { return __bfloat162float(x); }
__device__ float toFloat(__half x) { return __half2float(x); }

template <typename T>
__device__ T fromFloat(float x);
template <>
__device__ float fromFloat<float>(float x) { return x; }
template <>
__device__ __nv_bfloat16 fromFloat<__nv_bfloat16>(float x) { return __float2bfloat16(x); }
template <>
__device__ __half fromFloat<__half>(float x) { return __float2half(x); }

template <typename T>
__global__ void fillKernel(T* data, size_t count, T value)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < count; i += size_t(gridDim.x) * blockDim.x)
        data[i] = value;
}

template <typename T>
cudaError_t fill(void* data, size_t count, T value, cudaStream_t stream)
{
    const size_t blocks = std::min((count + kFillThreads - 1) / kFillThreads, kMaxFillBlocks);
    fillKernel<T><<<unsigned(blocks), kFillThreads, 0, stream>>>(static_cast<T*>(data), count, value);
    return cudaGetLastError();
}

template <typename T>
__global__ void fillRandomKernel(T* data, size_t count, uint64_t seed)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < count; i += size_t(gridDim.x) * blockDim.x)
        data[i] = fromFloat<T>(randomOperand(seed, i)); // exact in every type: no rounding
}

template <typename T>
cudaError_t fillRandom(void* data, size_t count, uint64_t seed, cudaStream_t stream)
{
    const size_t blocks = std::min((count + kFillThreads - 1) / kFillThreads, kMaxFillBlocks);
    fillRandomKernel<T><<<unsigned(blocks), kFillThreads, 0, stream>>>(static_cast<T*>(data), count, seed);
    return cudaGetLastError();
}

// The block's maximum or sum of every thread's `value`, on every thread.
template <bool Maximum>
__device__ float blockReduce(float value, float* perWarp)
{
    for (int offset = kWarp / 2; offset > 0; offset /= 2) {
        const float other = __shfl_xor_sync(0xffffffffu, value, offset);
        value = Maximum ? fmaxf(value, other) : value + other;
    }
    const int warp = int(threadIdx.x) / kWarp, lane = int(threadIdx.x) % kWarp;
    __syncthreads(); // perWarp may still be read from the previous reduction
    if (lane == 0)
        perWarp[warp] = value;
    __syncthreads();
    value = lane < int(blockDim.x) / kWarp ? perWarp[lane] : (Maximum ? -INFINITY : 0.0f);
    for (int offset = kWarp / 2; offset > 0; offset /= 2) {
        const float other = __shfl_xor_sync(0xffffffffu, value, offset);
        value = Maximum ? fmaxf(value, other) : value + other;
    }
    return value;
}

template <typename T>
__global__ void rowSoftmaxKernel(T* data, int64_t length)
{
    __shared__ float perWarp[kSoftmaxThreads / kWarp];
    T* row = data + int64_t(blockIdx.x) * length;
    float top = -INFINITY;
    for (int64_t j = threadIdx.x; j < length; j += blockDim.x)
        top = fmaxf(top, toFloat(row[j]));
    top = blockReduce<true>(top, perWarp);
    float sum = 0;
    for (int64_t j = threadIdx.x; j < length; j += blockDim.x)
        sum += expf(toFloat(row[j]) - top); // less the maximum: no overflow whatever the scores
    const float scale = 1.0f / blockReduce<false>(sum, perWarp);
    for (int64_t j = threadIdx.x; j < length; j += blockDim.x)
        row[j] = fromFloat<T>(expf(toFloat(row[j]) - top) * scale);
}

template <typename T>
cudaError_t rowSoftmax(void* data, int64_t rows, int64_t length, cudaStream_t stream)
{
    rowSoftmaxKernel<T><<<unsigned(rows), kSoftmaxThreads, 0, stream>>>(static_cast<T*>(data), length);
    return cudaGetLastError();
}

} // namespace

cudaError_t launchFill(void* data, DataType type, size_t count, double value, cudaStream_t stream)
{
    if (count == 0)
        return cudaSuccess;
    switch (type) {
    case DataType::Bf16:
        return fill(data, count, __float2bfloat16(float(value)), stream);
    case DataType::Fp16:
        return fill(data, count, __float2half(float(value)), stream);
    case DataType::Fp32:
        break;
    }
    return fill(data, count, float(value), stream);
}

cudaError_t launchFillRandom(void* data, DataType type, size_t count, uint64_t seed, cudaStream_t stream)
{
    if (count == 0)
        return cudaSuccess;
    switch (type) {
    case DataType::Bf16:
        return fillRandom<__nv_bfloat16>(data, count, seed, stream);
    case DataType::Fp16:
        return fillRandom<__half>(data, count, seed, stream);
    case DataType::Fp32:
        break;
    }
    return fillRandom<float>(data, count, seed, stream);
}

cudaError_t launchRowSoftmax(void* data, DataType type, int64_t rows, int64_t length, cudaStream_t stream)
{
    if (rows == 0 || length == 0)
        return cudaSuccess;
    if (rows > int64_t(INT32_MAX))
        return cudaErrorInvalidConfiguration; // more rows than one grid launches
    switch (type) {
    case DataType::Bf16:
        return rowSoftmax<__nv_bfloat16>(data, rows, length, stream);
    case DataType::Fp16:
        return rowSoftmax<__half>(data, rows, length, stream);
    case DataType::Fp32:
        break;
    }
    return rowSoftmax<float>(data, rows, length, stream);
}

} // namespace paraplan::engine
