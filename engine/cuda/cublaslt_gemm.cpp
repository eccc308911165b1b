// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/cublaslt_gemm.h"

#include "engine/backend/backend.h"
#include "engine/cuda/cuda_check.h"

#include "core/spec/units.h"

#include <string>

// cuBLASLt is column-major. A row-major matrix is the column-major matrix of its transpose, so
// row-major C = A op(B) is computed as column-major C^T = op(B)^T A^T: cuBLASLt's "A" is our B,
// its "B" is our A, and its m and n are our n and m. Nothing is copied or transposed in memory.
namespace paraplan::engine {

namespace {

// What cuBLAS recommends for Hopper and later; older GPUs use less of it.
constexpr size_t kWorkspaceBytes = size_t(32 * kBytesPerMiB);

cudaDataType_t cudaTypeOf(DataType type)
{
    switch (type) {
    case DataType::Bf16:
        return CUDA_R_16BF;
    case DataType::Fp16:
        return CUDA_R_16F;
    case DataType::Fp32:
        break;
    }
    return CUDA_R_32F;
}

std::string describe(const GemmShape& s)
{
    return std::to_string(s.m) + " x " + std::to_string(s.n) + " x " + std::to_string(s.k) + " GEMM"
        + (s.batch > 1 ? " (batch " + std::to_string(s.batch) + ")" : "") + " at " + toString(s.type);
}

// A column-major rows x columns matrix, `batch` of them `rows * columns` elements apart.
cublasLtMatrixLayout_t layout(cudaDataType_t type, int64_t rows, int64_t columns, int64_t batch, const GemmShape& shape)
{
    cublasLtMatrixLayout_t desc = nullptr;
    checkCublas(cublasLtMatrixLayoutCreate(&desc, type, uint64_t(rows), uint64_t(columns), rows),
                "cublasLtMatrixLayoutCreate for a " + describe(shape));
    const auto count = int32_t(batch);
    const int64_t stride = rows * columns;
    checkCublas(cublasLtMatrixLayoutSetAttribute(desc, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof count),
                "setting the batch count of a " + describe(shape));
    checkCublas(cublasLtMatrixLayoutSetAttribute(desc, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof stride),
                "setting the batch stride of a " + describe(shape));
    return desc;
}

} // namespace

struct CublasLtGemm::Plan {
    cublasLtMatmulDesc_t operation = nullptr;
    cublasLtMatrixLayout_t a = nullptr; // cuBLASLt's A: our B
    cublasLtMatrixLayout_t b = nullptr; // cuBLASLt's B: our A
    cublasLtMatrixLayout_t c = nullptr;
    cublasLtMatmulAlgo_t algorithm{};

    Plan() = default;
    Plan(const Plan&) = delete;
    Plan& operator=(const Plan&) = delete;
    ~Plan() // also for a plan whose creation failed half-way
    {
        for (cublasLtMatrixLayout_t layout : { c, b, a })
            if (layout)
                cublasLtMatrixLayoutDestroy(layout);
        if (operation)
            cublasLtMatmulDescDestroy(operation);
    }
};

CublasLtGemm::CublasLtGemm()
{
    checkCublas(cublasLtCreate(&m_handle), "cublasLtCreate");
    const cudaError_t status = cudaMalloc(&m_workspace, kWorkspaceBytes);
    if (status != cudaSuccess) {
        cublasLtDestroy(m_handle);
        checkCuda(status, "cudaMalloc of cuBLASLt's 32 MiB workspace");
    }
}

CublasLtGemm::~CublasLtGemm()
{
    m_plans.clear();
    cudaFree(m_workspace);
    cublasLtDestroy(m_handle);
}

const CublasLtGemm::Plan& CublasLtGemm::planFor(const GemmShape& shape)
{
    if (const auto found = m_plans.find(shape); found != m_plans.end())
        return *found->second;
    auto plan = std::make_unique<Plan>();
    const cudaDataType_t type = cudaTypeOf(shape.type);
    checkCublas(cublasLtMatmulDescCreate(&plan->operation, CUBLAS_COMPUTE_32F, CUDA_R_32F),
                "cublasLtMatmulDescCreate for a " + describe(shape));
    const cublasOperation_t transposeA = shape.transposedB ? CUBLAS_OP_T : CUBLAS_OP_N;
    checkCublas(cublasLtMatmulDescSetAttribute(plan->operation, CUBLASLT_MATMUL_DESC_TRANSA, &transposeA, sizeof transposeA),
                "setting the transposition of a " + describe(shape));
    // Our B, stored k x n row-major (n x k column-major), or n x k row-major when transposed.
    plan->a = shape.transposedB ? layout(type, shape.k, shape.n, shape.batch, shape)
                                : layout(type, shape.n, shape.k, shape.batch, shape);
    plan->b = layout(type, shape.k, shape.m, shape.batch, shape); // our A, m x k row-major
    plan->c = layout(type, shape.n, shape.m, shape.batch, shape); // our C, m x n row-major

    cublasLtMatmulPreference_t preference = nullptr;
    checkCublas(cublasLtMatmulPreferenceCreate(&preference), "cublasLtMatmulPreferenceCreate");
    const uint64_t workspace = kWorkspaceBytes;
    cublasStatus_t status = cublasLtMatmulPreferenceSetAttribute(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                                 &workspace, sizeof workspace);
    cublasLtMatmulHeuristicResult_t best{};
    int found = 0;
    if (status == CUBLAS_STATUS_SUCCESS)
        status = cublasLtMatmulAlgoGetHeuristic(m_handle, plan->operation, plan->a, plan->b, plan->c, plan->c,
                                                preference, 1, &best, &found);
    cublasLtMatmulPreferenceDestroy(preference);
    checkCublas(status, "cublasLtMatmulAlgoGetHeuristic for a " + describe(shape));
    if (found == 0)
        throw EngineError(io::ProbeCode::CublasFailed, "cuBLASLt has no algorithm for a " + describe(shape)
                                                           + " on this GPU; try another precision or shape");
    plan->algorithm = best.algo;
    return *m_plans.emplace(shape, std::move(plan)).first->second;
}

void CublasLtGemm::run(const GemmShape& shape, float alpha, const void* a, const void* b, void* c, cudaStream_t stream)
{
    const Plan& plan = planFor(shape);
    const float beta = 0;
    checkCublas(cublasLtMatmul(m_handle, plan.operation, &alpha, b, plan.a, a, plan.b, &beta, c, plan.c, c, plan.c,
                               &plan.algorithm, m_workspace, kWorkspaceBytes, stream),
                "cublasLtMatmul");
}

} // namespace paraplan::engine
