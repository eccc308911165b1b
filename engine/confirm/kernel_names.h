// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"
#include "core/step/kernel_classes.h"

#include <cstdint>
#include <string>

// What the synthetic step's operations would be called in a profile of a GPU run of the scenario:
// cuBLAS's GEMM kernels (sm90_xmma_gemm_... on Hopper and later, ampere_..._s16816gemm_... before),
// FlashAttention's (or PyTorch's memory-efficient attention without flash attention), PyTorch's
// LayerNorm or Transformer Engine's RMSNorm, PyTorch's elementwise kernels, apex's multi-tensor
// Adam, NCCL's ncclDevKernel_* (all-to-all and point-to-point as NCCL runs them, in its SendRecv
// kernel, with PyTorch's "Collective name"). The names classify as core/step/kernel_classes.h
// says; `paraplan-probe confirm --trace-out` writes them (docs/trace.md).
namespace paraplan::engine {

// What a memory-bound copy of the synthetic step stands for.
enum class MemoryKernel { Copy, Norm, Residual, Activation, Permute, Loss, Optimizer, ZeroGradients };

// Told before each copy what it stands for (memory_traffic.h): the recorder names it.
class CopyLabels {
public:
    virtual ~CopyLabels() = default;
    virtual void nameNextCopy(MemoryKernel kind) = 0;
};

struct KernelStyle {
    bool hopper = true;         // cuBLAS's sm90 names (H100, H200, GH200, B200...), else Ampere's
    bool flashAttention = true; // the scenario's training.flash_attention
    bool rmsNorm = false;       // gated-MLP models (Llama, Mixtral, ...) use RMSNorm, the others LayerNorm
    bool gatedMlp = false;      // SiLU (SwiGLU) activations, else GeLU
    std::string dtype = "bf16"; // bf16 or fp16: the 16-bit type of the activations
};
[[nodiscard]] KernelStyle kernelStyleOf(const Scenario& scenario);

// A GEMM of m x n x k (`batch` of them): the forward's layout "tn", a backward's data gradient "nn"
// and weight gradient "nt".
[[nodiscard]] std::string gemmKernelName(const KernelStyle& style, int64_t m, int64_t n, int64_t k, const char* layout);
[[nodiscard]] std::string attentionKernelName(const KernelStyle& style, int64_t headDim, bool backward);
[[nodiscard]] std::string memoryKernelName(const KernelStyle& style, MemoryKernel kind, int64_t hidden, bool backward);

// An NCCL kernel: the name and PyTorch's "Collective name" for it.
struct CollectiveKernel {
    std::string name;
    std::string collective;
};
// `kind`: AllReduce, AllGather, ReduceScatter, AllToAll or SendRecv (`receive` says which way);
// `bytes` chooses NCCL's protocol as its tuner does for small, medium and large messages.
[[nodiscard]] CollectiveKernel collectiveKernel(const KernelStyle& style, KernelClass kind, double bytes,
                                                bool receive = false);

} // namespace paraplan::engine
