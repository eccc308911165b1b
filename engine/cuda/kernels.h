// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/communicator.h"

#include <cuda_runtime_api.h>

#include <cstdint>

// The few kernels the cuda backend needs besides cuBLASLt and NCCL. Each queues its work on
// `stream` and returns the launch's status.
namespace paraplan::engine {

// The first `count` elements of `data` become `value`, rounded to `type`.
[[nodiscard]] cudaError_t launchFill(void* data, DataType type, size_t count, double value, cudaStream_t stream);

// The first `count` elements of `data` become randomOperand(seed, i) (random_operands.h).
[[nodiscard]] cudaError_t launchFillRandom(void* data, DataType type, size_t count, uint64_t seed, cudaStream_t stream);

// Each of `rows` consecutive rows of `length` elements becomes its softmax (computed in fp32,
// stored at `type`): the unfused attention's step between its two GEMMs.
[[nodiscard]] cudaError_t launchRowSoftmax(void* data, DataType type, int64_t rows, int64_t length, cudaStream_t stream);

} // namespace paraplan::engine
