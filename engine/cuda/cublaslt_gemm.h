// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/communicator.h"

#include <cublasLt.h>
#include <cuda_runtime_api.h>

#include <compare>
#include <cstdint>
#include <map>
#include <memory>

// Row-major GEMMs on cuBLASLt: C = alpha A op(B), `batch` times with each operand's matrices
// stored one after another. bf16 and fp16 accumulate in fp32, as training does; fp32 is strict
// fp32 (no TF32), so that it can be checked against a host reference.
namespace paraplan::engine {

struct GemmShape {
    int64_t m = 0;
    int64_t n = 0;
    int64_t k = 0;
    int64_t batch = 1;
    // B is stored n x k and used transposed (attention's Q K^T); otherwise it is stored k x n.
    bool transposedB = false;
    DataType type = DataType::Bf16;

    auto operator<=>(const GemmShape&) const = default;
};

class CublasLtGemm {
public:
    // On the current device: a cuBLASLt handle and the workspace its fastest algorithms use.
    CublasLtGemm();
    ~CublasLtGemm();
    CublasLtGemm(const CublasLtGemm&) = delete;
    CublasLtGemm& operator=(const CublasLtGemm&) = delete;

    // Queues C = alpha A op(B) on `stream`. The first call for a shape asks cuBLASLt's heuristic
    // for its best algorithm; later calls reuse it, so timed runs measure the GEMM alone.
    void run(const GemmShape& shape, float alpha, const void* a, const void* b, void* c, cudaStream_t stream);

private:
    struct Plan;
    const Plan& planFor(const GemmShape& shape);

    cublasLtHandle_t m_handle = nullptr;
    void* m_workspace = nullptr;
    std::map<GemmShape, std::unique_ptr<Plan>> m_plans;
};

} // namespace paraplan::engine
