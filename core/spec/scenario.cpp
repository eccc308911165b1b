// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/scenario.h"

namespace paraplan {

const char* toString(Precision p)
{
    switch (p) {
    case Precision::Bf16:
        return "bf16";
    case Precision::Fp16:
        return "fp16";
    case Precision::Fp8:
        return "fp8";
    case Precision::Fp4:
        return "fp4";
    }
    return "bf16";
}

std::optional<double> tokenBudget(const TrainingSpec& training)
{
    if (training.trainTokens)
        return training.trainTokens;
    if (training.datasetTokens)
        return *training.datasetTokens * training.epochs.value_or(1.0);
    return std::nullopt;
}

double peakTflopsOf(const GpuSpec& gpu, Precision precision)
{
    switch (precision) {
    case Precision::Fp8:
        return gpu.peakFp8Tflops;
    case Precision::Fp4:
        return gpu.peakFp4Tflops;
    default:
        return gpu.peakBf16Tflops;
    }
}

const char* toString(Fp4Recipe r) { return r == Fp4Recipe::Mxfp4 ? "mxfp4" : "nvfp4"; }

const char* toString(GradPrecision p)
{
    switch (p) {
    case GradPrecision::Fp32:
        return "fp32";
    case GradPrecision::Bf16:
        return "bf16";
    case GradPrecision::Fp16:
        return "fp16";
    }
    return "fp32";
}

const char* toString(Fp8Recipe r)
{
    switch (r) {
    case Fp8Recipe::Delayed:
        return "delayed";
    case Fp8Recipe::Tensorwise:
        return "tensorwise";
    case Fp8Recipe::Blockwise:
        return "blockwise";
    case Fp8Recipe::Mxfp8:
        return "mxfp8";
    }
    return "delayed";
}

const char* toString(PipelineSchedule s) { return kPipelineScheduleNames[size_t(s)]; }

const char* toString(MoeDispatcher d)
{
    switch (d) {
    case MoeDispatcher::AllToAll:
        return "alltoall";
    case MoeDispatcher::AllGather:
        return "allgather";
    case MoeDispatcher::Flex:
        return "flex";
    }
    return "alltoall";
}

const char* toString(StatePrecision p)
{
    switch (p) {
    case StatePrecision::Fp32:
        return "fp32";
    case StatePrecision::Bf16:
        return "bf16";
    case StatePrecision::Fp16:
        return "fp16";
    case StatePrecision::Fp8:
        return "fp8";
    }
    return "fp32";
}

const char* toString(Recompute r)
{
    switch (r) {
    case Recompute::None:
        return "none";
    case Recompute::Selective:
        return "selective";
    case Recompute::Full:
        return "full";
    case Recompute::Auto:
        return "auto";
    }
    return "none";
}

const char* toString(LinkKind k)
{
    switch (k) {
    case LinkKind::NvSwitch:
        return "nvswitch";
    case LinkKind::NvLink:
        return "nvlink";
    case LinkKind::Pcie:
        return "pcie";
    case LinkKind::InfiniBand:
        return "infiniband";
    case LinkKind::RoCE:
        return "roce";
    case LinkKind::Ethernet:
        return "ethernet";
    case LinkKind::OmniPath:
        return "omni-path";
    case LinkKind::Slingshot:
        return "slingshot";
    case LinkKind::Efa:
        return "efa";
    case LinkKind::Tcp:
        return "tcp";
    case LinkKind::InfinityFabric:
        return "infinity-fabric";
    }
    return "nvswitch";
}

} // namespace paraplan
