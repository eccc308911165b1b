// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/confirm/kernel_names.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>

namespace paraplan::engine {

namespace {

bool namesAny(std::string text, std::initializer_list<const char*> parts)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return std::any_of(parts.begin(), parts.end(), [&](const char* part) { return text.find(part) != std::string::npos; });
}

// cuBLAS's tile for a product of this size: the large tiles once both sides fill them.
const char* tileOf(int64_t m, int64_t n)
{
    if (m >= 256 && n >= 128)
        return "256x128";
    if (m >= 128 && n >= 128)
        return "128x128";
    return "64x128";
}

// PyTorch's C++ name of the 16-bit type.
const char* torchType(const KernelStyle& style) { return style.dtype == "fp16" ? "c10::Half" : "c10::BFloat16"; }
// NCCL's.
const char* ncclType(const KernelStyle& style) { return style.dtype == "fp16" ? "f16" : "bf16"; }

// NCCL's tuner picks LL for small messages, LL128 for medium ones and Simple for large ones.
const char* protocolOf(double bytes)
{
    if (bytes <= 64.0 * 1024)
        return "LL";
    if (bytes <= 4.0 * 1024 * 1024)
        return "LL128";
    return "SIMPLE";
}

std::string elementwiseKernel(const std::string& functor, int operands)
{
    const std::string array = "at::detail::Array<char*, " + std::to_string(operands) + ">";
    return "void at::native::vectorized_elementwise_kernel<4, " + functor + ", " + array + " >(int, " + functor + ", "
        + array + ")";
}

} // namespace

KernelStyle kernelStyleOf(const Scenario& s)
{
    KernelStyle style;
    const GpuSpec& gpu = s.cluster.gpu;
    style.hopper = namesAny(gpu.id + " " + gpu.name, { "h100", "h200", "h800", "h20", "gh200", "b100", "b200", "b300" });
    style.flashAttention = s.training.flashAttention;
    style.gatedMlp = s.model.gatedMlp;
    style.rmsNorm = s.model.gatedMlp;
    style.dtype = s.training.precision == Precision::Fp16 ? "fp16" : "bf16";
    return style;
}

std::string gemmKernelName(const KernelStyle& style, int64_t m, int64_t n, int64_t k, const char* layout)
{
    (void)k;
    const std::string tile = tileOf(m, n);
    if (style.hopper) {
        const std::string t = style.dtype == "fp16" ? "f16f16_f16f32" : "bf16bf16_bf16f32";
        return "sm90_xmma_gemm_" + t + "_f32_" + layout + "_n_tilesize" + tile + "x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas";
    }
    const std::string t = style.dtype == "fp16" ? "fp16" : "bf16";
    return "ampere_" + t + "_s16816gemm_" + t + "_" + tile + "_ldg8_f2f_stages_64x3_" + layout;
}

std::string attentionKernelName(const KernelStyle& style, int64_t headDim, bool backward)
{
    const std::string d = std::to_string(headDim);
    const std::string type = style.dtype == "fp16" ? "cutlass::half_t" : "cutlass::bfloat16_t";
    if (!style.flashAttention) { // PyTorch's scaled_dot_product_attention, memory-efficient kernels
        const std::string t = style.dtype == "fp16" ? "f16" : "bf16";
        return backward ? "fmha_cutlassB_" + t + "_aligned_64x64_k" + d + "_sm80(PyTorchMemEffAttention::AttentionBackwardKernel<cutlass::arch::Sm80, " + type + ", true, false, false, 64, 64, " + d + ", false>::Params)"
                        : "fmha_cutlassF_" + t + "_aligned_64x64_rf_sm80(PyTorchMemEffAttention::AttentionKernel<" + type + ", cutlass::arch::Sm80, true, 64, 64, " + d + ", true, true>::Params)";
    }
    return backward ? "void flash::flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel<Flash_bwd_kernel_traits<" + d + ", 64, 128, 8, 2, 4, 2, false, false, " + type + ">, true, false, false, false, false, true, false, false>(flash::Flash_bwd_params)"
                    : "void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<" + d + ", 128, 64, 4, false, false, " + type + ">, false, true, false, false, true, true, false, false>(flash::Flash_fwd_params)";
}

std::string memoryKernelName(const KernelStyle& style, MemoryKernel kind, int64_t hidden, bool backward)
{
    const std::string t = torchType(style);
    switch (kind) {
    case MemoryKernel::Norm: {
        if (style.rmsNorm) {
            const std::string te = style.dtype == "fp16" ? "__half" : "__nv_bfloat16";
            const std::string traits = "transformer_engine::normalization::Kernel_traits<float, " + te + ", " + te
                + ", float, unsigned int, " + std::to_string(hidden) + "u, 1u, 1u, 4u, 16u>";
            return backward ? "void transformer_engine::normalization::rmsnorm_bwd_tuned_kernel<" + traits + " >(transformer_engine::normalization::BwdParams)"
                            : "void transformer_engine::normalization::rmsnorm_fwd_tuned_kernel<" + traits + " >(transformer_engine::normalization::FwdParams)";
        }
        return backward ? "void at::native::(anonymous namespace)::layer_norm_grad_input_kernel_vectorized<" + t + ", float>(" + t + " const*, " + t + " const*, float const*, float const*, " + t + " const*, " + t + "*, int)"
                        : "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<" + t + ", float>(int, float, " + t + " const*, " + t + " const*, " + t + " const*, float*, float*, " + t + "*)";
    }
    case MemoryKernel::Residual:
        return elementwiseKernel("at::native::CUDAFunctor_add<" + t + ">", 3);
    case MemoryKernel::Activation:
        if (style.gatedMlp)
            return elementwiseKernel(std::string(backward ? "at::native::silu_backward_kernel" : "at::native::silu_kernel")
                                          + "(at::TensorIteratorBase&)::{lambda()#1}::operator()() const::{lambda(" + t + ")#1}", backward ? 3 : 2);
        return elementwiseKernel(std::string(backward ? "at::native::GeluBackwardCUDAKernelImpl" : "at::native::GeluCUDAKernelImpl")
                                      + "(at::TensorIteratorBase&, at::native::GeluType)::{lambda()#2}::operator()() const::{lambda(" + t + ")#1}", backward ? 3 : 2);
    case MemoryKernel::Permute:
        return "void at::native::(anonymous namespace)::indexSelectLargeIndex<" + t + ", long, unsigned int, 2, 2, -2, true>(at::cuda::detail::TensorInfo<" + t + ", unsigned int>, at::cuda::detail::TensorInfo<" + t + " const, unsigned int>, at::cuda::detail::TensorInfo<long const, unsigned int>, int, int, unsigned int, unsigned int, long)";
    case MemoryKernel::Loss:
        return backward ? "void at::native::(anonymous namespace)::cunn_SoftMaxBackward<4, float, float, float, at::native::(anonymous namespace)::LogSoftMaxBackwardEpilogue>(float*, float const*, float const*, long)"
                        : "void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float, float, float, at::native::(anonymous namespace)::LogSoftMaxForwardEpilogue>(float*, float const*, int)";
    case MemoryKernel::Optimizer:
        return "void multi_tensor_apply_kernel<TensorListMetadata<4>, AdamFunctor<float, float, float>, float, float, float, float, float, float, adamMode_t, float>(long, int volatile*, TensorListMetadata<4>, AdamFunctor<float, float, float>, float, float, float, float, float, float, adamMode_t, float)";
    case MemoryKernel::ZeroGradients:
        return elementwiseKernel("at::native::FillFunctor<float>", 1);
    case MemoryKernel::Copy:
        break;
    }
    return "Memcpy DtoD (Device -> Device)";
}

CollectiveKernel collectiveKernel(const KernelStyle& style, KernelClass kind, double bytes, bool receive)
{
    const std::string args = "(ncclDevKernelArgsStorage<4096ul>)";
    const std::string tail = std::string("_RING_") + protocolOf(bytes) + args;
    switch (kind) {
    case KernelClass::AllReduce:
        return { std::string("ncclDevKernel_AllReduce_Sum_") + ncclType(style) + tail, "allreduce" };
    case KernelClass::AllGather:
        return { "ncclDevKernel_AllGather" + tail, "_allgather_base" };
    case KernelClass::ReduceScatter:
        return { std::string("ncclDevKernel_ReduceScatter_Sum_") + ncclType(style) + tail, "_reduce_scatter_base" };
    case KernelClass::AllToAll: // grouped sends and receives: NCCL's SendRecv kernel
        return { "ncclDevKernel_SendRecv" + args, "all_to_allv" };
    default:
        return { "ncclDevKernel_SendRecv" + args, receive ? "recv" : "send" };
    }
}

} // namespace paraplan::engine
