// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

// A GPU kernel of a measured trace (PyTorch profiler, Nsight Systems) put in the part of the
// model that prices it, from its name alone: GEMMs, attention, norms, the other memory-bound
// kernels, the optimizer, NCCL's collectives by kind, copies. The rules, in the order they apply,
// and the libraries the names come from are at the top of kernel_classes.cpp (docs/trace.md,
// "Importing a measured trace").
namespace paraplan {

enum class KernelClass {
    Gemm,          // cuBLAS / cuBLASLt / CUTLASS / nvjet GEMMs, grouped GEMMs, split-K reductions
    Attention,     // FlashAttention, cuDNN and PyTorch fused attention
    Norm,          // LayerNorm and RMSNorm, forward and backward
    Elementwise,   // every other memory-bound kernel: residual adds, activations, dropout, softmax, loss, casts
    Optimizer,     // multi-tensor Adam / SGD and the gradient norm
    AllReduce,     // NCCL all-reduce
    AllGather,     // NCCL all-gather
    ReduceScatter, // NCCL reduce-scatter
    AllToAll,      // NCCL all-to-all (MoE dispatch and combine), DeepEP
    SendRecv,      // NCCL send / receive: pipeline messages, ring attention
    OtherCollective, // broadcast, reduce, and NCCL kernels of no known kind
    Memcpy,        // copies and memsets (the profiler's memcpy and memset activities)
    Other,         // none of the above
};
inline constexpr size_t kKernelClasses = 13;
inline constexpr std::array<KernelClass, kKernelClasses> kAllKernelClasses{
    KernelClass::Gemm,      KernelClass::Attention,       KernelClass::Norm,     KernelClass::Elementwise,
    KernelClass::Optimizer, KernelClass::AllReduce,       KernelClass::AllGather, KernelClass::ReduceScatter,
    KernelClass::AllToAll,  KernelClass::SendRecv,        KernelClass::OtherCollective, KernelClass::Memcpy,
    KernelClass::Other,
};

// What kind of activity the trace says the event is: a kernel, or a copy or memset the profiler
// records as one of its own.
enum class GpuActivity { Kernel, Memcpy, Memset };

// `collective`: what PyTorch's profiler attaches to an NCCL kernel as "Collective name" (allreduce,
// all_gather, _reduce_scatter_base, all_to_allv, send, recv, ...), empty where the trace has none;
// it decides where the kernel's name cannot (NCCL runs all-to-all as its SendRecv kernel).
[[nodiscard]] KernelClass classifyKernel(std::string_view name, std::string_view collective = {},
                                         GpuActivity activity = GpuActivity::Kernel);

// "gemm", "attention", "norm", "elementwise", "optimizer", "nccl:all-reduce", "nccl:all-gather",
// "nccl:reduce-scatter", "nccl:all-to-all", "nccl:send-recv", "nccl:other", "memcpy", "other": the
// names the CLI's JSON and docs/trace.md use.
[[nodiscard]] const char* toString(KernelClass kind);
// For people, in the plural the findings' sentences need: "GEMMs", "attention kernels", "norms
// (LayerNorm/RMSNorm)", "elementwise kernels", "optimizer kernels", "all-reduces", ...
[[nodiscard]] const char* titleOf(KernelClass kind);

[[nodiscard]] bool isCollective(KernelClass kind);

} // namespace paraplan
