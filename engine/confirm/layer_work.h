// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"
#include "engine/confirm/memory_traffic.h"

#include "core/model/layer_shapes.h"

#include <memory>
#include <vector>

// One micro-batch through one transformer layer's shard on one device, as real work: every GEMM
// of the shard (forward; in the backward its data- and weight-gradient products), the attention
// core, the TP, CP and EP collectives between them on the rank's own groups, and the memory-bound
// kernels (norms, residual adds, the activation, MoE permutes) as the traffic the model counts.
// The layers of a stage share these buffers (their weights cost the same time; the memory is held
// in reserve by the synthetic step).
namespace paraplan::engine {

struct LayerGroups {
    Communicator* tp = nullptr; // null when tp is 1
    Communicator* cp = nullptr;
    Communicator* ep = nullptr;  // a MoE layer's; null in a dense one
    Communicator* etp = nullptr; // the experts' tensor-parallel group, where etp > 1
};

struct LayerSettings {
    bool sequenceParallel = false;
    DataType type = DataType::Bf16;
    // How a MoE layer moves its tokens (core's moeTokenMovement); with flex, the all-to-all carries
    // the share of its bytes the flex dispatcher sends (flexNetworkShare: NCCL stands in for DeepEP).
    MoeDispatcher dispatcher = MoeDispatcher::AllToAll;
    double epShare = 1;
    LayerTraffic traffic;           // the memory-bound kernels' bytes (all zero: none)
    MemoryTraffic* memory = nullptr; // runs them; the stage's, shared by its layers
    // The norms move this many times their bytes: a deliberately slow norm (confirm's --slow-norms,
    // to show what an imported trace reveals); 1 otherwise.
    double normScale = 1;
};

class LayerWork {
public:
    LayerWork(Backend& backend, const std::vector<GemmShape>& gemms, const LayerShard& shard, const LayerMessages& messages,
              LayerGroups groups, LayerSettings settings);

    void forward();
    void backward();
    // Device memory the layer's buffers hold.
    [[nodiscard]] size_t bytes() const { return m_bytes; }

private:
    struct Gemm {
        int64_t m, n, k, batch;
        GemmRole role;
        std::unique_ptr<Buffer> input, weight, output, weightGrad;
    };
    void tpCollective(bool gather);
    void cpRing(double scale);
    // A MoE layer's token movement to the experts (dispatch) or back (combine), and in the
    // backward the transposes: the combine's before the layer, the dispatch's at the experts.
    void moveTokens(bool dispatch);
    void gatherOrScatter(Communicator* group, Buffer& in, Buffer& out, size_t elements, bool gather);
    void attention();
    void elementwise(double passes); // the forward's memory-bound kernels; the backward runs 2 passes

    Backend& m_backend;
    LayerGroups m_groups;
    LayerSettings m_settings;
    std::vector<Gemm> m_gemms;
    int64_t m_batchHeads, m_seq, m_headDim;
    std::unique_ptr<Buffer> m_q, m_k, m_v, m_scores, m_attention;
    size_t m_tpElements = 0, m_cpElements = 0, m_epElements = 0, m_etpElements = 0;
    std::unique_ptr<Buffer> m_tpIn, m_tpOut, m_cpSend, m_cpReceive, m_epIn, m_epOut, m_etpIn, m_etpOut;
    size_t m_bytes = 0;
};

} // namespace paraplan::engine
