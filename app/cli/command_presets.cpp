// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/report/text_table.h"

#include "core/io/catalog_reader.h"
#include "core/model/model_shape.h"

#include <ostream>

namespace paraplan::cli {

using namespace paraplan::report;

namespace {

// The main model's weights, the MTP modules' own beside them (as DeepSeek counts 671B + 14B).
std::string parameterText(const ModelSpec& m)
{
    const std::string total = parameterCount(totalParameters(m));
    return m.mtpLayers > 0 ? total + " + " + parameterCount(mtpParameters(m).total()) + " MTP" : total;
}

// A MoE model's active weights without and with the input embedding: publishers count it either way
// (OpenAI and DeepSeek without, Mistral and Qwen with; docs/cost-model.md).
std::string activeText(const ModelSpec& m)
{
    if (!m.isMoe())
        return "-";
    return parameterCount(activeParameters(m)) + " (" + parameterCount(activeParameters(m) + embeddingParameters(m))
        + " with embedding)";
}

std::string attentionText(const ModelSpec& m)
{
    const std::string heads = std::to_string(m.heads);
    return m.mla.enabled() ? heads + " MLA" : heads + "/" + std::to_string(m.kvHeads);
}

std::string expertText(const ModelSpec& m)
{
    if (!m.isMoe())
        return "-";
    std::string text = std::to_string(m.moe.experts) + " top-" + std::to_string(m.moe.topK);
    if (m.moe.sharedExperts > 0)
        text += " + " + std::to_string(m.moe.sharedExperts) + " shared";
    if (m.moeLayers() < m.layers)
        text += ", " + std::to_string(m.moeLayers()) + "/" + std::to_string(m.layers) + " layers";
    return text;
}

} // namespace

int runPresets(Arguments args, std::ostream& out, std::ostream& err)
{
    std::string error;
    if (!args.positional(error).empty() || !error.empty()) {
        err << "paraplan-cli presets: takes no arguments\n";
        return kExitUnreadable;
    }
    const Catalog& catalog = io::builtinCatalog();
    out << "GPUs (cluster.gpu)\n";
    TextTable gpus({ "id", "name", "bf16 TFLOP/s", "fp8 TFLOP/s", "HBM GiB", "HBM GB/s", "SMs" },
                   { false, false, true, true, true, true, true });
    for (const GpuPreset& g : catalog.gpus)
        gpus.addRow({ g.spec.id, g.spec.name, fixed(g.spec.peakBf16Tflops, 1),
                      g.spec.peakFp8Tflops > 0 ? fixed(g.spec.peakFp8Tflops, 1) : "-", fixed(g.spec.hbmGib, 0),
                      fixed(g.spec.hbmGBps, 0), std::to_string(g.spec.sms) });
    out << gpus.render();
    out << "\nClusters (cluster.preset)\n";
    TextTable clusters({ "id", "name", "GPU", "GPUs/node", "intra GB/s", "inter GB/s" },
                       { false, false, false, true, true, true });
    for (const ClusterPreset& c : catalog.clusters)
        clusters.addRow({ c.spec.preset, c.spec.name, c.spec.gpu.id, std::to_string(c.spec.gpusPerNode),
                          fixed(c.spec.intraNode.GBpsPerGpu, 1) + " " + toString(c.spec.intraNode.kind),
                          fixed(c.spec.interNode.GBpsPerGpu, 2) + " " + toString(c.spec.interNode.kind) });
    out << clusters.render();
    out << "\nModels (model.preset)\n";
    TextTable models({ "id", "name", "parameters", "active", "layers", "hidden", "heads/kv", "experts", "vocab" },
                     { false, false, true, true, true, true, true, false, true });
    for (const ModelPreset& m : catalog.models)
        models.addRow({ m.spec.preset, m.spec.name, parameterText(m.spec), activeText(m.spec), std::to_string(m.spec.layers),
                        std::to_string(m.spec.hidden), attentionText(m.spec), expertText(m.spec),
                        std::to_string(m.spec.vocab) });
    out << models.render();
    return kExitOk;
}

} // namespace paraplan::cli
