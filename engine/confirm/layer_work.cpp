// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/confirm/layer_work.h"

#include "engine/bench/gemm_check.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace paraplan::engine {

namespace {

int64_t whole(double value) { return std::max<int64_t>(1, int64_t(std::llround(value))); }

// Elements of `bytes` at `type`, rounded up to a multiple of `ranks` so collectives split evenly.
size_t elementsOf(double bytes, DataType type, int ranks)
{
    const size_t elements = size_t(std::ceil(bytes / double(elementBytes(type))));
    const auto r = size_t(std::max(ranks, 1));
    return std::max((elements + r - 1) / r * r, r);
}

// The first GEMM of a column-parallel part: the attention's inputs, or the MLP's (router or up).
bool startsColumnParallel(GemmRole role, GemmRole previous)
{
    if (role == GemmRole::AttentionIn)
        return previous != GemmRole::AttentionIn;
    if (role == GemmRole::Router)
        return true;
    return role == GemmRole::MlpUp && previous != GemmRole::MlpUp && previous != GemmRole::Router;
}

// The last GEMM of a row-parallel part: the attention's output projection, or the MLP's last down.
bool endsRowParallel(GemmRole role, GemmRole following)
{
    return role == GemmRole::AttentionOut || (role == GemmRole::MlpDown && following != GemmRole::MlpDown);
}

} // namespace

LayerWork::LayerWork(Backend& backend, const std::vector<GemmShape>& gemms, const LayerShard& shard,
                     const LayerMessages& messages, LayerGroups groups, LayerSettings settings)
    : m_backend(backend)
    , m_groups(groups)
    , m_settings(settings)
    , m_batchHeads(whole(shard.microBatch * shard.heads))
    , m_seq(whole(shard.localSeq))
    , m_headDim(whole((shard.qkHeadDim + shard.vHeadDim) / 2)) // MLA: as the bench plan (one dimension for Q, K, V)
{
    const size_t element = elementBytes(settings.type);
    for (const GemmShape& shape : gemms) {
        Gemm g{ whole(shape.m), whole(shape.n), whole(shape.k), whole(shape.batch), shape.role, nullptr, nullptr, nullptr, nullptr };
        g.input = backend.allocate(size_t(g.batch * g.m * g.k) * element);
        g.weight = backend.allocate(size_t(g.batch * g.k * g.n) * element);
        g.output = backend.allocate(size_t(g.batch * g.m * g.n) * element);
        g.weightGrad = backend.allocate(size_t(g.batch * g.k * g.n) * element);
        // Random operands, as training's are: constant ones would let the GPU hold higher clocks.
        fillGemmOperands(backend, *g.input, *g.weight, settings.type, g.m, g.n, g.k, g.batch);
        m_gemms.push_back(std::move(g));
    }
    const size_t block = size_t(m_batchHeads * m_seq * m_headDim) * element;
    m_q = backend.allocate(block);
    m_k = backend.allocate(block);
    m_v = backend.allocate(block);
    m_attention = backend.allocate(block);
    m_scores = backend.allocate(size_t(m_batchHeads * m_seq * m_seq) * element);
    if (groups.tp) {
        m_tpElements = elementsOf(messages.tpActivation, settings.type, groups.tp->size());
        m_tpIn = backend.allocate(m_tpElements * element);
        m_tpOut = backend.allocate(m_tpElements * element);
    }
    if (groups.cp) {
        m_cpElements = elementsOf(2 * messages.cpKeyValues, settings.type, 1); // the backward sends twice as much
        m_cpSend = backend.allocate(m_cpElements * element);
        m_cpReceive = backend.allocate(m_cpElements * element);
    }
    // The token movement's buffers: all-to-all over EP then all-gather over ETP, or with the
    // allgather dispatcher the ETP group's tokens then the ETP x EP group's gathered.
    const bool gathers = settings.dispatcher == MoeDispatcher::AllGather;
    if (groups.ep) {
        m_epElements = elementsOf(gathers ? messages.epGathered : messages.epDispatch * settings.epShare, settings.type,
                                  groups.ep->size());
        m_epIn = backend.allocate(m_epElements * element);
        m_epOut = backend.allocate(m_epElements * element);
    }
    if (groups.etp) {
        m_etpElements = elementsOf(gathers ? messages.expertTpGathered : messages.etpGathered, settings.type,
                                   groups.etp->size());
        m_etpIn = backend.allocate(m_etpElements * element);
        m_etpOut = backend.allocate(m_etpElements * element);
    }
    for (const Gemm& g : m_gemms)
        m_bytes += g.input->bytes() + g.weight->bytes() + g.output->bytes() + g.weightGrad->bytes();
    for (const std::unique_ptr<Buffer>* b : { &m_q, &m_k, &m_v, &m_attention, &m_scores, &m_tpIn, &m_tpOut, &m_cpSend,
                                              &m_cpReceive, &m_epIn, &m_epOut, &m_etpIn, &m_etpOut })
        m_bytes += *b ? (*b)->bytes() : 0;
}

// Megatron's f and g: an all-reduce after each row-parallel GEMM, or with sequence parallelism
// an all-gather before each column-parallel GEMM (gather) and a reduce-scatter after each
// row-parallel one.
void LayerWork::tpCollective(bool gather)
{
    if (!m_groups.tp)
        return;
    const size_t block = m_tpElements / size_t(m_groups.tp->size());
    if (!m_settings.sequenceParallel) {
        if (!gather)
            m_groups.tp->allReduce(*m_tpIn, m_tpElements, m_settings.type);
    } else if (gather) {
        m_groups.tp->allGather(*m_tpIn, *m_tpOut, block, m_settings.type);
    } else {
        m_groups.tp->reduceScatter(*m_tpIn, *m_tpOut, block, m_settings.type);
    }
}

// Ring attention: cp - 1 steps, each passing keys and values (`scale` 2 in the backward, which
// also returns their gradients) to the next rank of the ring.
void LayerWork::cpRing(double scale)
{
    if (!m_groups.cp)
        return;
    const int g = m_groups.cp->size(), me = m_groups.cp->rank();
    const size_t count = size_t(double(m_cpElements) * scale / 2);
    for (int step = 0; step + 1 < g; ++step) {
        m_groups.cp->send(*m_cpSend, count, m_settings.type, (me + 1) % g, 0);
        m_groups.cp->receive(*m_cpReceive, count, m_settings.type, (me + g - 1) % g, 0);
        m_groups.cp->waitForSends();
    }
}

void LayerWork::gatherOrScatter(Communicator* group, Buffer& in, Buffer& out, size_t elements, bool gather)
{
    if (!group)
        return;
    const size_t block = elements / size_t(group->size());
    if (gather)
        group->allGather(in, out, block, m_settings.type);
    else
        group->reduceScatter(in, out, block, m_settings.type);
}

void LayerWork::moveTokens(bool dispatch)
{
    Communicator* ep = m_groups.ep;
    Communicator* etp = m_groups.etp;
    if (m_settings.dispatcher == MoeDispatcher::AllGather) {
        if (dispatch) { // every token of the ETP group, then of the ETP x EP group
            gatherOrScatter(etp, *m_etpIn, *m_etpOut, m_etpElements, true);
            gatherOrScatter(ep, *m_epIn, *m_epOut, m_epElements, true);
        } else { // the outputs reduce-scattered back the other way
            gatherOrScatter(ep, *m_epIn, *m_epOut, m_epElements, false);
            gatherOrScatter(etp, *m_etpIn, *m_etpOut, m_etpElements, false);
        }
        return;
    }
    auto allToAll = [&] {
        if (ep)
            ep->allToAll(*m_epIn, *m_epOut, m_epElements / size_t(ep->size()), m_settings.type);
    };
    if (dispatch) { // to the experts' ranks, then the rows that arrived gathered over ETP
        allToAll();
        gatherOrScatter(etp, *m_etpIn, *m_etpOut, m_etpElements, true);
    } else { // the experts' outputs reduce-scattered over ETP, then back
        gatherOrScatter(etp, *m_etpIn, *m_etpOut, m_etpElements, false);
        allToAll();
    }
}

void LayerWork::attention()
{
    m_backend.attention(*m_q, *m_k, *m_v, *m_scores, *m_attention, m_batchHeads, m_seq, m_headDim, m_settings.type);
}

// GEMMs in the layer's order (LayerGemms::all()): into the attention, its output projection, then
// the MLP (dense up and down, or router, experts and shared experts up and down). Their roles say
// what runs around them.
void LayerWork::forward()
{
    const DataType type = m_settings.type;
    const bool movesTokens = m_groups.ep || m_groups.etp;
    for (size_t i = 0; i < m_gemms.size(); ++i) {
        Gemm& g = m_gemms[i];
        const GemmRole previous = i == 0 ? GemmRole::Other : m_gemms[i - 1].role;
        const bool next = i + 1 < m_gemms.size();
        if (startsColumnParallel(g.role, previous))
            tpCollective(true);
        if (g.role == GemmRole::MlpUp && previous != GemmRole::MlpUp && movesTokens)
            moveTokens(true);
        m_backend.gemm(*g.input, *g.weight, *g.output, g.m, g.n, g.k, g.batch, type);
        if (g.role == GemmRole::AttentionIn && (!next || m_gemms[i + 1].role != GemmRole::AttentionIn)) {
            cpRing(1);
            attention();
        }
        if (endsRowParallel(g.role, next ? m_gemms[i + 1].role : GemmRole::Other))
            tpCollective(false);
    }
    if (movesTokens)
        moveTokens(false);
    elementwise(1);
}

void LayerWork::elementwise(double passes)
{
    if (!m_settings.memory)
        return;
    const LayerTraffic& t = m_settings.traffic;
    const double norm = t.norm * m_settings.normScale;
    const std::pair<double, MemoryKernel> kernels[] = {
        { norm, MemoryKernel::Norm },
        { norm, MemoryKernel::Norm },
        { t.residual, MemoryKernel::Residual },
        { t.residual, MemoryKernel::Residual },
        { t.mlpActivation, MemoryKernel::Activation },
        { t.moePermute, MemoryKernel::Permute },
        { t.moePermute, MemoryKernel::Permute },
    };
    for (const auto& [bytes, kind] : kernels)
        if (bytes > 0)
            m_settings.memory->move(passes * bytes, kind);
}

void LayerWork::backward()
{
    const DataType type = m_settings.type;
    const bool movesTokens = m_groups.ep || m_groups.etp;
    if (movesTokens)
        moveTokens(true); // the combine's transpose
    for (size_t i = m_gemms.size(); i-- > 0;) {
        Gemm& g = m_gemms[i];
        const GemmRole previous = i == 0 ? GemmRole::Other : m_gemms[i - 1].role;
        const GemmRole following = i + 1 < m_gemms.size() ? m_gemms[i + 1].role : GemmRole::Other;
        if (endsRowParallel(g.role, following))
            tpCollective(true); // SP: the output gradient gathered
        // Data gradient dX = dY W^T (m x k from m x n and n x k), weight gradient dW = X^T dY.
        m_backend.gemm(*g.output, *g.weight, *g.input, g.m, g.k, g.n, g.batch, type);
        m_backend.gemm(*g.input, *g.output, *g.weightGrad, g.k, g.n, g.m, g.batch, type);
        if (g.role == GemmRole::MlpUp && previous != GemmRole::MlpUp && movesTokens)
            moveTokens(false); // the dispatch's transpose
        if (g.role == GemmRole::AttentionIn && following != GemmRole::AttentionIn) {
            // FlashAttention's backward recomputes the scores: about two forwards of work.
            attention();
            attention();
            cpRing(2);
        }
        if (startsColumnParallel(g.role, previous)) {
            tpCollective(true);  // SP: the input gathered again for the weight gradients
            tpCollective(false); // the input gradient reduced (reduce-scattered with SP)
        }
    }
    elementwise(2);
}

} // namespace paraplan::engine
