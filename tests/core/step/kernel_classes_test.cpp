// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Kernel names as profiles of real runs show them, and the part of the model each belongs to.
// Where the names come from: NCCL's device kernels as src/device/generate.py names them (2.19 and
// later) and as earlier versions did; cuBLAS's kernels in Nsight Systems' cuda_gpu_kern_sum of
// H100 and A100 runs (sm90_xmma_gemm_..., ampere_..._s16816gemm_..., nvjet_... since cuBLAS 12.8)
// and CUTLASS's naming (cutlass_80_tensorop_..., Kernel2); FlashAttention 2 and 3's kernels
// (csrc/flash_attn, hopper/), PyTorch's memory-efficient attention (fmha_cutlassF/B), cuDNN's fused
// attention in Transformer Engine; PyTorch's ATen kernels (layer_norm_kernel.cu, Activation*.cu,
// SoftMax.cu, Reduce.cuh, MultiTensorApply.cuh), Transformer Engine's normalization kernels, apex's
// (cuApplyLayerNorm, multi_tensor_adam); Inductor's Triton kernels (triton_poi_, triton_red_,
// triton_tem_); DeepEP's dispatch and combine.
#include "core/step/kernel_classes.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace paraplan;

namespace {

struct Named {
    const char* name;
    KernelClass kind;
    const char* collective = "";
    GpuActivity activity = GpuActivity::Kernel;
};

const std::vector<Named>& realNames()
{
    static const std::vector<Named> names{
        // GEMMs
        { "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas",
          KernelClass::Gemm },
        { "ampere_bf16_s16816gemm_bf16_128x256_ldg8_f2f_stages_64x3_nn", KernelClass::Gemm },
        { "nvjet_hsh_256x128_64x4_2x1_v_bz_TNN", KernelClass::Gemm },
        { "void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_256x128_32x3_tn_align8>"
          "(cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_256x128_32x3_tn_align8::Params)",
          KernelClass::Gemm },
        { "void cublasLt::splitKreduce_kernel<32, 16, int, float, __nv_bfloat16, float, __nv_bfloat16, false, false, "
          "false>(cublasLt::cublasSplitKParams<float>, float const*, __nv_bfloat16 const*, __nv_bfloat16*)",
          KernelClass::Gemm },
        { "volta_fp16_s884gemm_fp16_128x128_ldg8_f2f_tn", KernelClass::Gemm },
        { "triton_tem_fused_mm_0", KernelClass::Gemm },
        // Attention
        { "void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t, "
          "Flash_kernel_traits<128, 128, 64, 4, cutlass::bfloat16_t> >, false, true, false, false, true, true, false, "
          "false>(flash::Flash_fwd_params)",
          KernelClass::Attention },
        { "void flash::flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel<Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, "
          "false, false, cutlass::bfloat16_t>, true, false, false, false, false, true, false, false>(flash::Flash_bwd_params)",
          KernelClass::Attention },
        { "flash_fwd_splitkv_kernel", KernelClass::Attention },
        { "fmha_cutlassF_bf16_aligned_64x128_rf_sm80(PyTorchMemEffAttention::AttentionKernel<cutlass::bfloat16_t, "
          "cutlass::arch::Sm80, true, 64, 128, 128, true, true>::Params)",
          KernelClass::Attention },
        { "cudnn_generated_fort_native_sdpa_sm90_flash_fprop_wgmma_f16_knob_7_64x128x128_4x1x1_kernel0_0",
          KernelClass::Attention },
        { "void cutlass::device_kernel<flash::enable_sm90_or_later<flash::FlashAttnFwdSm90<flash::CollectiveMainloopFwd"
          "<2, cute::tuple<cute::C<1>, cute::C<1>, cute::C<1> >, cutlass::bfloat16_t, float, cutlass::arch::Sm90> > > >"
          "(flash::FlashAttnFwdSm90<...>::Params)",
          KernelClass::Attention },
        // Norms
        { "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c10::BFloat16, float>(int, float, "
          "c10::BFloat16 const*, c10::BFloat16 const*, c10::BFloat16 const*, float*, float*, c10::BFloat16*)",
          KernelClass::Norm },
        { "void at::native::(anonymous namespace)::layer_norm_grad_input_kernel_vectorized<c10::BFloat16, float>"
          "(c10::BFloat16 const*, c10::BFloat16 const*, float const*, float const*, c10::BFloat16 const*, c10::BFloat16*, int)",
          KernelClass::Norm },
        { "void at::native::(anonymous namespace)::GammaBetaBackwardCUDAKernel_32x32<c10::BFloat16, float>(long, long, "
          "c10::BFloat16 const*, c10::BFloat16 const*, float const*, float const*, c10::BFloat16*, c10::BFloat16*)",
          KernelClass::Norm },
        { "void transformer_engine::normalization::rmsnorm_fwd_tuned_kernel<transformer_engine::normalization::"
          "Kernel_traits<float, __nv_bfloat16, __nv_bfloat16, float, unsigned int, 4096u, 1u, 1u, 4u, 16u> >"
          "(transformer_engine::normalization::FwdParams)",
          KernelClass::Norm },
        { "rmsnorm_bwd_finalize_tuned_kernel", KernelClass::Norm },
        { "void transformer_engine::normalization::ln_fwd_tuned_kernel<...>(transformer_engine::normalization::FwdParams)",
          KernelClass::Norm },
        { "void cuApplyLayerNorm<c10::BFloat16, float, c10::BFloat16>(c10::BFloat16*, float*, float*, c10::BFloat16 "
          "const*, int, int, float, c10::BFloat16 const*, c10::BFloat16 const*)",
          KernelClass::Norm },
        { "triton_red_fused__to_copy_add_mean_pow_rsqrt_0", KernelClass::Norm },
        { "triton_per_fused_add_native_layer_norm_1", KernelClass::Norm },
        // Elementwise and other memory-bound kernels
        { "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<c10::BFloat16>, "
          "at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, at::detail::Array<char*, 3>)",
          KernelClass::Elementwise },
        { "void at::native::vectorized_elementwise_kernel<4, at::native::GeluCUDAKernelImpl(at::TensorIteratorBase&, "
          "at::native::GeluType)::{lambda()#2}::operator()() const::{lambda()#4}::operator()() const::{lambda(c10::"
          "BFloat16)#1}, at::detail::Array<char*, 2> >(int, {lambda(c10::BFloat16)#1}, at::detail::Array<char*, 2>)",
          KernelClass::Elementwise },
        { "void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float, float, float, at::native::(anonymous "
          "namespace)::LogSoftMaxForwardEpilogue>(float*, float const*, int)",
          KernelClass::Elementwise },
        { "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::MeanOps<float, float, float, "
          "float>, unsigned int, float, 4> >(at::native::ReduceOp<float, at::native::MeanOps<float, float, float, float>, "
          "unsigned int, float, 4>)",
          KernelClass::Elementwise },
        { "void at::native::unrolled_elementwise_kernel<at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)"
          "::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}, at::detail::Array<"
          "char*, 2>, TrivialOffsetCalculator<1, unsigned int>, TrivialOffsetCalculator<1, unsigned int>, at::native::"
          "memory::LoadWithCast<1>, at::native::memory::StoreWithCast<1> >(...)",
          KernelClass::Elementwise },
        { "triton_poi_fused_add_mul_silu_0", KernelClass::Elementwise },
        { "void transformer_engine::detail::cast_transpose_kernel<8, 4, __nv_bfloat16, __nv_fp8_e4m3>(...)",
          KernelClass::Elementwise },
        // The optimizer
        { "void multi_tensor_apply_kernel<TensorListMetadata<4>, AdamFunctor<float, float, float>, float, float, float, "
          "float, float, float, adamMode_t, float>(long, int volatile*, TensorListMetadata<4>, AdamFunctor<float, float, "
          "float>, float, float, float, float, float, float, adamMode_t, float)",
          KernelClass::Optimizer },
        { "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous namespace)::"
          "FusedOptimizerTensorListMetadata<4>, at::native::(anonymous namespace)::FusedAdamMathFunctor<float, 4, "
          "(at::native::ADAM_MODE)1, false>, double*, double, double, double, double, double, bool, float const*, "
          "float const*>(...)",
          KernelClass::Optimizer },
        { "void multi_tensor_apply_kernel<TensorListMetadata<1>, L2NormFunctor<float, float>, float*, float*, bool, int>(...)",
          KernelClass::Optimizer },
        // NCCL, by the kernel's name (2.19 and later, then before) and by PyTorch's "Collective name"
        { "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)", KernelClass::AllReduce },
        { "ncclDevKernel_AllReduce_Sum_bf16_NVLS_SIMPLE(ncclDevKernelArgsStorage<4096ul>)", KernelClass::AllReduce },
        { "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)", KernelClass::AllGather },
        { "ncclDevKernel_ReduceScatter_Sum_f32_RING_SIMPLE(ncclDevKernelArgsStorage<4096ul>)", KernelClass::ReduceScatter },
        { "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)", KernelClass::SendRecv },
        { "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)", KernelClass::SendRecv, "recv" },
        { "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)", KernelClass::AllToAll, "all_to_allv" },
        { "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)", KernelClass::AllToAll, "alltoall_base" },
        { "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)", KernelClass::AllGather,
          "allgather_into_tensor_coalesced" },
        { "ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)", KernelClass::ReduceScatter,
          "_reduce_scatter_base" },
        { "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)", KernelClass::AllReduce },
        { "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)", KernelClass::SendRecv },
        { "ncclDevKernel_Broadcast_RING_LL(ncclDevKernelArgsStorage<4096ul>)", KernelClass::OtherCollective },
        { "nccl_kernel", KernelClass::AllReduce, "allreduce" },
        { "void deep_ep::intranode::dispatch<8, 768, 8192>(int4*, float*, int*, long*, float*, int*, int*)",
          KernelClass::AllToAll },
        // Copies and memsets, as Kineto and Nsight Systems name them
        { "Memcpy DtoD (Device -> Device)", KernelClass::Memcpy, "", GpuActivity::Memcpy },
        { "Memset (Device)", KernelClass::Memcpy, "", GpuActivity::Memset },
        { "[CUDA memcpy Device-to-Device]", KernelClass::Memcpy },
        // Names that only look like another class's
        { "void hadamard_transform_kernel<128, 8, c10::BFloat16>(...)", KernelClass::Other },
        { "my_custom_kernel", KernelClass::Other },
    };
    return names;
}

} // namespace

TEST(KernelClasses, RealKernelNamesLandInTheirPartOfTheModel)
{
    for (const Named& n : realNames())
        EXPECT_EQ(classifyKernel(n.name, n.collective, n.activity), n.kind)
            << n.name << " (collective \"" << n.collective << "\") classified " << toString(classifyKernel(n.name, n.collective, n.activity))
            << ", expected " << toString(n.kind);
}

TEST(KernelClasses, CaseDoesNotMatter)
{
    EXPECT_EQ(classifyKernel("NCCLDEVKERNEL_ALLGATHER_RING_LL"), KernelClass::AllGather);
    EXPECT_EQ(classifyKernel("Flash_Fwd_Kernel"), KernelClass::Attention);
    EXPECT_EQ(classifyKernel("SM90_XMMA_GEMM"), KernelClass::Gemm);
}

TEST(KernelClasses, EveryClassHasANameAndATitle)
{
    for (const KernelClass kind : kAllKernelClasses) {
        EXPECT_STRNE(toString(kind), "") << int(kind);
        EXPECT_STRNE(titleOf(kind), "") << int(kind);
    }
    EXPECT_STREQ(toString(KernelClass::AllToAll), "nccl:all-to-all");
    EXPECT_TRUE(isCollective(KernelClass::SendRecv));
    EXPECT_FALSE(isCollective(KernelClass::Memcpy));
}

TEST(KernelClasses, EmptyAndStrangeNamesAreOther)
{
    EXPECT_EQ(classifyKernel(""), KernelClass::Other);
    EXPECT_EQ(classifyKernel(std::string("\0\xff\xfe", 3)), KernelClass::Other);
}
