// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/hf_config.h"
#include "tests/core/frameworks/framework_fixtures.h"

#include "core/io/json_reader.h"
#include "core/model/model_shape.h"
#include "core/rules/validation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>

// Hugging Face config.json files as the scenario's model. The samples are genuine files of public
// repositories (or, marked so, rebuilt from published values): tests/data/frameworks/hf/README.md
// names each one's source and commit.
namespace paraplan::frameworks::test {
namespace {

const std::string kHfData = kFrameworksData + "hf/";

Imported importSample(const std::string& file) { return importHfConfig(fileText(kHfData + file)); }

// The imported model object inside the built-in default scenario, as io::readScenario reads it.
Scenario scenarioWith(const Imported& imported)
{
    nlohmann::json scenario = nlohmann::json::parse(io::builtinDefaultScenarioText());
    scenario["model"] = imported.document;
    return io::readScenario(scenario, io::builtinCatalog());
}

ModelSpec modelOf(const Imported& imported) { return scenarioWith(imported).model; }

// The values of a model, not the names it goes by, in the contract's JSON (which gtest prints
// readably when two differ).
nlohmann::json shapeOf(const ModelSpec& m)
{
    Scenario scenario = io::readScenarioText(io::builtinDefaultScenarioText(), io::builtinCatalog());
    scenario.model = m;
    scenario.model.preset.clear();
    scenario.model.name.clear();
    return io::toJson(scenario)["model"];
}

const ModelSpec& preset(const std::string& id)
{
    const ModelPreset* p = io::builtinCatalog().findModel(id);
    EXPECT_NE(p, nullptr) << id;
    return p->spec;
}

std::string noteMentioning(const Imported& imported, const std::string& text)
{
    for (const std::string& note : imported.notes)
        if (note.find(text) != std::string::npos)
            return note;
    return "";
}

std::vector<std::string> sampleFiles()
{
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(kHfData))
        if (entry.path().extension() == ".json")
            files.push_back(entry.path().filename().string());
    std::sort(files.begin(), files.end());
    return files;
}

TEST(HfConfig, EverySampleImportsAsAValidModel)
{
    const std::vector<std::string> files = sampleFiles();
    ASSERT_GE(files.size(), 20u);
    for (const std::string& file : files) {
        SCOPED_TRACE(file);
        const Imported imported = importSample(file);
        EXPECT_TRUE(imported.modelOnly);
        const Scenario scenario = scenarioWith(imported);
        EXPECT_GT(scenario.model.layers, 0);
        for (const Diagnostic& d : validateScenario(scenario))
            EXPECT_NE(d.path.rfind("model.", 0), 0u) << d.path << ": " << d.message;
        EXPECT_FALSE(noteMentioning(imported, " parameters").empty());
    }
}

// The files of models the catalog has a preset for give exactly the preset's shape: every field,
// MoE layout, latent attention, local windows and multi-token prediction included.
TEST(HfConfig, SamplesMatchTheCatalogPresets)
{
    const std::vector<std::pair<std::string, std::string>> samples = {
        { "llama3.1-8b-instruct.json", "llama3.1-8b" }, { "llama3.1-70b-instruct.json", "llama3.1-70b" },
        { "mixtral-8x7b.json", "mixtral-8x7b" },        { "qwen3-32b.json", "qwen3-32b" },
        { "qwen3-30b-a3b.json", "qwen3-30b-a3b" },      { "qwen3-235b-a22b.json", "qwen3-235b-a22b" },
        { "deepseek-v3.json", "deepseek-v3" },          { "gpt-oss-120b.json", "gpt-oss-120b" },
        { "gpt-oss-20b.json", "gpt-oss-20b" },
    };
    for (const auto& [file, id] : samples) {
        SCOPED_TRACE(file);
        const Imported imported = importSample(file);
        const ModelSpec model = modelOf(imported);
        EXPECT_EQ(shapeOf(model), shapeOf(preset(id)));
        // Field by field, so a failure says which.
        const ModelSpec& p = preset(id);
        EXPECT_EQ(model.layers, p.layers);
        EXPECT_EQ(model.hidden, p.hidden);
        EXPECT_EQ(model.heads, p.heads);
        EXPECT_EQ(model.kvHeads, p.kvHeads);
        EXPECT_EQ(model.headDimension, p.headDimension);
        EXPECT_EQ(model.ffnHidden, p.ffnHidden);
        EXPECT_EQ(model.vocab, p.vocab);
        EXPECT_EQ(model.tiedEmbeddings, p.tiedEmbeddings);
        EXPECT_EQ(model.dropout, p.dropout);
        EXPECT_EQ(model.moe, p.moe);
        EXPECT_EQ(model.mla, p.mla);
        EXPECT_EQ(model.localAttention, p.localAttention);
        EXPECT_EQ(model.mtpLayers, p.mtpLayers);
        EXPECT_NE(noteMentioning(imported, "built-in preset " + id + " "), "");
    }
}

// ParaPlan's count (with the learned position embeddings its cost model leaves out) against each
// model card's published figure: within 0.5 %. Sources: tests/data/frameworks/hf/README.md.
TEST(HfConfig, ParameterCountsMatchTheModelCards)
{
    struct Card {
        std::string file;
        double total; // 0: the card gives the count without embeddings
        double nonEmbedding;
    };
    const std::vector<Card> cards = {
        { "llama3.1-8b-instruct.json", 8030261248, 0 },
        { "qwen2.5-7b-instruct.json", 7.61e9, 0 },
        { "qwen3-32b.json", 32.8e9, 0 },
        { "qwen3-30b-a3b.json", 30.5e9, 0 },
        { "qwen3-235b-a22b.json", 235e9, 0 },
        { "mixtral-8x7b.json", 46.7e9, 0 },
        { "deepseek-v3.json", 671e9, 0 },
        { "gpt-oss-120b.json", 116.83e9, 0 },
        { "gpt-oss-20b.json", 20.91e9, 0 },
        { "gemma-2-9b-it.json", 0, 8324201984 },
        { "gpt2.json", 124e6, 0 },
        { "opt-125m.json", 125e6, 0 },
        { "gpt-neox-20b.json", 20554567680, 0 },
        { "bloomz-560m.json", 559214592, 0 },
    };
    for (const Card& card : cards) {
        SCOPED_TRACE(card.file);
        const Imported imported = importSample(card.file);
        const ModelSpec model = modelOf(imported);
        double total = totalParameters(model);
        if (card.file == "gpt2.json")
            total += 1024.0 * double(model.hidden); // GPT-2's n_positions rows
        if (card.file == "opt-125m.json")
            total += (2048.0 + 2) * double(model.hidden); // OPT: max_position_embeddings + 2 rows
        if (card.total > 0) {
            EXPECT_NEAR(total / card.total, 1.0, 0.005) << total;
        } else {
            const double embeddings = embeddingParameters(model) * (model.tiedEmbeddings ? 1.0 : 2.0);
            EXPECT_NEAR((total - embeddings) / card.nonEmbedding, 1.0, 0.005) << total - embeddings;
        }
        // The note's own comparison says the same.
        const std::string note = noteMentioning(imported, "ParaPlan's count ");
        ASSERT_NE(note, "");
        const double deviation = std::stod(note.substr(note.find("ParaPlan's count ") + 17));
        EXPECT_LT(std::fabs(deviation), 0.5) << note;
    }
}

// Every key of the genuine files is read or deliberately read past: a misspelt key name in the
// importer would leave one "not known".
TEST(HfConfig, GenuineSamplesHoldNoUnknownKeys)
{
    for (const std::string& file : sampleFiles()) {
        SCOPED_TRACE(file);
        EXPECT_EQ(noteMentioning(importSample(file), "not known to ParaPlan"), "");
    }
}

TEST(HfConfig, ParameterNoteStatesTheCountAndTheCard)
{
    const Imported llama = importSample("llama3.1-8b-instruct.json");
    EXPECT_EQ(noteMentioning(llama, "parameters"),
              "8.03B parameters (model card: 8,030,261,248 (meta-llama/Llama-3.1-8B-Instruct on Hugging Face); "
              "ParaPlan's count +0.00 %); the shape of the built-in preset llama3.1-8b (Llama 3.1 8B)");
    const Imported gpt2 = importSample("gpt2.json");
    EXPECT_EQ(
        noteMentioning(gpt2, "parameters").rfind("123.6M parameters, 124.4M with the learned position embeddings", 0),
        0u)
        << noteMentioning(gpt2, "parameters");
    const Imported oss = importSample("gpt-oss-20b.json");
    EXPECT_NE(noteMentioning(oss, "active per token"), "");
}

TEST(HfConfig, FamiliesMapTheirOwnKeyNames)
{
    // GPT-2: n_layer, n_embd, n_head; n_inner null is 4 × n_embd; GELU MLP; tied; dropout 0.1.
    const ModelSpec gpt2 = modelOf(importSample("gpt2.json"));
    EXPECT_EQ(gpt2.layers, 12);
    EXPECT_EQ(gpt2.hidden, 768);
    EXPECT_EQ(gpt2.heads, 12);
    EXPECT_EQ(gpt2.kvHeads, 12);
    EXPECT_EQ(gpt2.ffnHidden, 3072);
    EXPECT_FALSE(gpt2.gatedMlp);
    EXPECT_TRUE(gpt2.tiedEmbeddings);
    EXPECT_TRUE(gpt2.dropout);
    // BLOOM: bloomz-560m writes the early n_embed and num_attention_heads.
    const ModelSpec bloom = modelOf(importSample("bloomz-560m.json"));
    EXPECT_EQ(bloom.hidden, 1024);
    EXPECT_EQ(bloom.heads, 16);
    EXPECT_EQ(bloom.layers, 24);
    EXPECT_EQ(bloom.ffnHidden, 4096);
    EXPECT_TRUE(bloom.tiedEmbeddings);
    EXPECT_FALSE(bloom.dropout); // hidden_dropout and attention_dropout 0.0 in this file
    const ModelSpec bloom3b = modelOf(importSample("bloom-3b.json"));
    EXPECT_EQ(bloom3b.layers, 30);
    EXPECT_EQ(bloom3b.heads, 32);
    // OPT: ffn_dim; dropout 0.1; tied.
    const ModelSpec opt = modelOf(importSample("opt-125m.json"));
    EXPECT_EQ(opt.ffnHidden, 3072);
    EXPECT_TRUE(opt.dropout);
    EXPECT_TRUE(opt.tiedEmbeddings);
    EXPECT_FALSE(opt.gatedMlp);
    // GPT-NeoX: untied embed_in / embed_out, plain MLP.
    const ModelSpec neox = modelOf(importSample("gpt-neox-20b.json"));
    EXPECT_FALSE(neox.tiedEmbeddings);
    EXPECT_EQ(neox.ffnHidden, 24576);
    EXPECT_FALSE(neox.dropout);
    // Qwen2.5: sliding_window 131072 is off while use_sliding_window is false.
    const ModelSpec qwen = modelOf(importSample("qwen2.5-7b-instruct.json"));
    EXPECT_EQ(qwen.localAttention.window, 0);
    EXPECT_EQ(qwen.kvHeads, 4);
    EXPECT_TRUE(qwen.gatedMlp);
    // Mistral v0.3: sliding_window null, vocabulary 32768.
    const ModelSpec mistral = modelOf(importSample("mistral-7b-instruct-v0.3.json"));
    EXPECT_EQ(mistral.localAttention.window, 0);
    EXPECT_EQ(mistral.vocab, 32768);
    EXPECT_EQ(mistral.name, "mistralai/Mistral-7B-Instruct-v0.3");
}

TEST(HfConfig, GemmaWindowsHeadsAndTiedEmbeddings)
{
    // Gemma 2: every other layer slides over 4096 tokens (layer_types' default), 16 × 256 heads on
    // a 3584 hidden state, GeGLU, tied.
    const ModelSpec gemma2 = modelOf(importSample("gemma-2-9b-it.json"));
    EXPECT_EQ(gemma2.localAttention, (LocalAttentionSpec { 4096, false, 2 }));
    EXPECT_EQ(gemma2.headDimension, 256);
    EXPECT_EQ(gemma2.kvHeads, 8);
    EXPECT_TRUE(gemma2.gatedMlp);
    EXPECT_TRUE(gemma2.tiedEmbeddings);
    // Gemma 3 27B in Gemma3ForConditionalGeneration's text_config: 5 local layers to 1 global.
    const Imported gemma3 = importSample("gemma-3-27b-it.json");
    const ModelSpec big = modelOf(gemma3);
    EXPECT_EQ(big.localAttention, (LocalAttentionSpec { 1024, false, 6 }));
    EXPECT_EQ(big.headDimension, 128);
    EXPECT_EQ(big.kvHeads, 16);
    EXPECT_EQ(big.layers, 62);
    EXPECT_NE(noteMentioning(gemma3, "vision_config (the vision encoder is not modelled"), "");
    // Gemma 3 4B's text_config leaves out what equals Gemma3TextConfig's defaults: they apply,
    // each named.
    const Imported small = importSample("gemma-3-4b-it.json");
    const ModelSpec four = modelOf(small);
    EXPECT_EQ(four.heads, 8);
    EXPECT_EQ(four.kvHeads, 4);
    EXPECT_EQ(four.headDimension, 256);
    EXPECT_EQ(four.vocab, 262208);
    const std::string defaults = noteMentioning(small, "Gemma3TextConfig");
    for (const char* key : { "text_config.num_attention_heads = 8", "text_config.vocab_size = 262208",
                             "text_config.num_key_value_heads = 4", "text_config.head_dim = 256",
                             "text_config.sliding_window_pattern = 6" })
        EXPECT_NE(defaults.find(key), std::string::npos) << key << " in: " << defaults;
}

TEST(HfConfig, Llama4TextConfigDefaultsAreScout)
{
    // Llama4TextConfig's defaults are Llama 4 Scout's text model (transformers' configuration_llama4.py).
    const Imported scout = importHfConfig(R"({"model_type": "llama4", "text_config": {"model_type": "llama4_text"}})");
    EXPECT_EQ(shapeOf(modelOf(scout)), shapeOf(preset("llama4-scout")));
    // Maverick: 128 experts in every second layer, the others dense and intermediate_size_mlp wide.
    const Imported maverick = importHfConfig(R"({"architectures": ["Llama4ForConditionalGeneration"],
        "text_config": {"num_local_experts": 128, "interleave_moe_layer_step": 2}, "tie_word_embeddings": false})");
    EXPECT_EQ(shapeOf(modelOf(maverick)), shapeOf(preset("llama4-maverick")));
    // An explicit moe_layers list, the same layers.
    nlohmann::json layers = nlohmann::json::array();
    for (int i = 1; i < 48; i += 2)
        layers.push_back(i);
    const nlohmann::json listed
        = { { "model_type", "llama4" }, { "text_config", { { "num_local_experts", 128 }, { "moe_layers", layers } } } };
    EXPECT_EQ(shapeOf(modelOf(importHfConfig(listed.dump()))), shapeOf(preset("llama4-maverick")));
}

TEST(HfConfig, DeepSeekLatentAttentionAndRouting)
{
    const Imported v3 = importSample("deepseek-v3.json");
    const ModelSpec m = modelOf(v3);
    EXPECT_EQ(m.mla, (MlaSpec { 1536, 512, 128, 64, 128, false }));
    EXPECT_EQ(m.moe.firstDenseLayers, 3);
    EXPECT_EQ(m.moe.loadBalancing, LoadBalancing::AuxFree); // topk_method noaux_tc
    EXPECT_EQ(m.moe.groups, 8);
    EXPECT_EQ(m.moe.groupTopK, 4);
    EXPECT_EQ(m.mtpLayers, 1); // num_nextn_predict_layers
    EXPECT_NE(noteMentioning(v3, "quantization_config (the checkpoint's weights are stored as fp8"), "");
    // DeepSeek-V2-Lite's shape (its config.json's values, as the catalog's preset cites them):
    // q_lora_rank null projects the queries directly; one group limits nothing.
    const Imported lite = importHfConfig(R"({"model_type": "deepseek_v2", "num_hidden_layers": 27, "hidden_size": 2048,
        "num_attention_heads": 16, "num_key_value_heads": 16, "vocab_size": 102400, "intermediate_size": 10944,
        "moe_intermediate_size": 1408, "n_routed_experts": 64, "num_experts_per_tok": 6, "n_shared_experts": 2,
        "first_k_dense_replace": 1, "q_lora_rank": null, "kv_lora_rank": 512, "qk_nope_head_dim": 128,
        "qk_rope_head_dim": 64, "v_head_dim": 128, "n_group": 1, "topk_group": 1, "topk_method": "greedy",
        "moe_layer_freq": 1})");
    EXPECT_EQ(shapeOf(modelOf(lite)), shapeOf(preset("deepseek-v2-lite")));
    // n_routed_experts null: a dense model, its routing keys read past.
    const Imported dense = importHfConfig(R"({"model_type": "deepseek_v2", "num_hidden_layers": 4, "hidden_size": 1024,
        "num_attention_heads": 8, "vocab_size": 1000, "n_routed_experts": null, "num_experts_per_tok": null,
        "moe_intermediate_size": 1408, "n_shared_experts": 2})");
    EXPECT_FALSE(modelOf(dense).isMoe());
    EXPECT_EQ(noteMentioning(dense, "not known"), "");
    // Every second layer MoE after one dense layer: layers 2, 4, ... as ParaPlan's pattern.
    const ModelSpec alternate = modelOf(importHfConfig(R"({"model_type": "deepseek_v3", "num_hidden_layers": 8,
        "hidden_size": 1024, "num_attention_heads": 8, "vocab_size": 1000, "first_k_dense_replace": 1,
        "moe_layer_freq": 2, "n_routed_experts": 8, "n_group": 1, "num_experts_per_tok": 2})"));
    for (int64_t i = 0; i < 8; ++i)
        EXPECT_EQ(alternate.layerKind(i).moe, i >= 1 && i % 2 == 0) << i;
}

TEST(HfConfig, FalconKeyValueHeads)
{
    // FalconConfig: the old decoder is multi-query unless multi_query is false; the new one has
    // num_kv_heads. Values of tiiuae/falcon-7b and falcon-40b.
    const ModelSpec f7
        = modelOf(importHfConfig(R"({"model_type": "falcon", "hidden_size": 4544, "num_hidden_layers": 32,
        "num_attention_heads": 71, "vocab_size": 65024, "multi_query": true, "new_decoder_architecture": false,
        "parallel_attn": true, "bias": false, "alibi": false})"));
    EXPECT_EQ(f7.kvHeads, 1);
    EXPECT_EQ(f7.ffnHidden, 4 * 4544);
    EXPECT_TRUE(f7.tiedEmbeddings);
    const ModelSpec f40 = modelOf(importHfConfig(R"({"model_type": "RefinedWeb", "n_embed": 8192, "n_layer": 60,
        "n_head": 128, "n_head_kv": 8, "vocab_size": 65024, "new_decoder_architecture": true})"));
    EXPECT_EQ(f40.kvHeads, 8);
    EXPECT_EQ(f40.hidden, 8192);
    // The old decoder without multi_query: num_kv_heads, by default every head its own.
    const ModelSpec mha
        = modelOf(importHfConfig(R"({"model_type": "falcon", "hidden_size": 2048, "num_hidden_layers": 24,
        "num_attention_heads": 32, "vocab_size": 50304, "multi_query": false, "alibi": true})"));
    EXPECT_EQ(mha.kvHeads, 32);
}

TEST(HfConfig, UnknownAndUnmodelledFieldsAreNamedInOneNote)
{
    nlohmann::json config = nlohmann::json::parse(fileText(kHfData + "llama3.1-70b-instruct.json"));
    config["frobnication_level"] = 3;
    config["attention_bias"] = true;
    const Imported imported = importHfConfig(config.dump());
    const std::string note = noteMentioning(imported, "frobnication_level");
    EXPECT_NE(note.find("not known to ParaPlan: frobnication_level"), std::string::npos) << note;
    EXPECT_NE(note.find("attention_bias (the linear layers' biases are not modelled)"), std::string::npos) << note;
    // Cost-free keys are read past in silence: rope_scaling, token ids, generation settings.
    EXPECT_EQ(note.find("rope_scaling"), std::string::npos) << note;
    EXPECT_EQ(noteMentioning(importSample("llama3.1-70b-instruct.json"), "ignored"), "");
    // A to_dict() dump full of PretrainedConfig's own keys has nothing to report either.
    EXPECT_EQ(noteMentioning(importSample("mistral-7b-instruct-v0.3.json"), "ignored"), "");
    // OPT-350m's 512-wide embeddings with projections to and from its 1024-wide layers.
    const Imported opt350 = importHfConfig(R"({"model_type": "opt", "hidden_size": 1024, "num_hidden_layers": 24,
        "ffn_dim": 4096, "num_attention_heads": 16, "vocab_size": 50272, "word_embed_proj_dim": 512,
        "do_layer_norm_before": false})");
    EXPECT_NE(noteMentioning(opt350, "word_embed_proj_dim (512-wide embeddings"), "");
    // A GPTQ checkpoint says how its weights are stored; the shape is GPT-2's.
    const Imported gptq = importSample("gpt2-gptq.json");
    EXPECT_NE(noteMentioning(gptq, "quantization_config (the checkpoint's weights are stored as gptq"), "");
    EXPECT_EQ(shapeOf(modelOf(gptq)), shapeOf(modelOf(importSample("gpt2.json"))));
}

TEST(HfConfig, DefaultsTakenAreNamed)
{
    // MistralConfig slides over 4096 tokens and has 8 key-value heads unless the file says otherwise.
    const Imported mistral = importHfConfig(R"({"model_type": "mistral", "num_hidden_layers": 32, "hidden_size": 4096,
        "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 14336})");
    const ModelSpec m = modelOf(mistral);
    EXPECT_EQ(m.localAttention, (LocalAttentionSpec { 4096, false, 0 }));
    EXPECT_EQ(m.kvHeads, 8);
    const std::string note = noteMentioning(mistral, "MistralConfig");
    EXPECT_NE(note.find("sliding_window = 4096"), std::string::npos) << note;
    EXPECT_NE(note.find("num_key_value_heads = 8"), std::string::npos) << note;
    // Qwen3Config's head_dim is 128 whatever the hidden size.
    const ModelSpec qwen3
        = modelOf(importHfConfig(R"({"model_type": "qwen3", "num_hidden_layers": 4, "hidden_size": 1024,
        "num_attention_heads": 16, "num_key_value_heads": 8, "vocab_size": 1000, "intermediate_size": 3072})"));
    EXPECT_EQ(qwen3.headDim(), 128);
}

// --- Bad files: each error names the key, and the family's name for it ------------------------

io::ReadError hfConfigError(const std::string& text)
{
    try {
        (void)importHfConfig(text);
    } catch (const io::ReadError& e) {
        return e;
    }
    ADD_FAILURE() << "no ReadError for: " << text.substr(0, 200);
    return io::ReadError("", "");
}

nlohmann::json llama70b() { return nlohmann::json::parse(fileText(kHfData + "llama3.1-70b-instruct.json")); }

TEST(HfConfig, MissingEssentialsNameTheFamilysKey)
{
    for (const char* key : { "num_hidden_layers", "hidden_size", "num_attention_heads", "vocab_size" }) {
        nlohmann::json config = llama70b();
        config.erase(key);
        const io::ReadError e = hfConfigError(config.dump());
        EXPECT_EQ(e.path(), key);
        EXPECT_NE(e.message().find("missing: a Llama config.json"), std::string::npos) << e.what();
    }
    nlohmann::json gpt2 = nlohmann::json::parse(fileText(kHfData + "gpt2.json"));
    gpt2.erase("n_layer");
    const io::ReadError e = hfConfigError(gpt2.dump());
    EXPECT_EQ(e.path(), "n_layer");
    EXPECT_NE(e.message().find("a GPT-2 config.json gives the number of layers as \"n_layer\""), std::string::npos)
        << e.what();
    nlohmann::json nulled = llama70b();
    nulled["hidden_size"] = nullptr;
    EXPECT_EQ(hfConfigError(nulled.dump()).path(), "hidden_size");
    // In a wrapper, the text model's keys are named with their place.
    const io::ReadError nested
        = hfConfigError(R"({"model_type": "gemma3", "text_config": {"num_hidden_layers": "62"}})");
    EXPECT_EQ(nested.path(), "text_config.num_hidden_layers");
    EXPECT_EQ(hfConfigError(R"({"model_type": "gemma3"})").path(), "text_config");
    EXPECT_EQ(hfConfigError(R"({"model_type": "gemma3", "text_config": [1]})").path(), "text_config");
}

TEST(HfConfig, WrongTypesAndImplausibleValuesNameTheKey)
{
    const std::vector<std::pair<std::string, nlohmann::json>> cases = {
        { "num_hidden_layers", "80" },
        { "num_hidden_layers", -80 },
        { "num_hidden_layers", 0 },
        { "num_hidden_layers", 80.5 },
        { "num_hidden_layers", true },
        { "hidden_size", 1e300 },
        { "hidden_size", 9223372036854775807LL },
        { "vocab_size", nlohmann::json::array() },
        { "num_key_value_heads", 7 },
        { "num_key_value_heads", 128 },
        { "intermediate_size", -1 },
        { "tie_word_embeddings", "no" },
        { "attention_dropout", 1.5 },
        { "attention_dropout", "0.1" },
        { "head_dim", 0 },
        { "model_type", 3 },
    };
    for (const auto& [key, value] : cases) {
        nlohmann::json config = llama70b();
        config[key] = value;
        const io::ReadError e = hfConfigError(config.dump());
        EXPECT_EQ(e.path(), key) << value.dump() << ": " << e.what();
    }
    EXPECT_NE(hfConfigError(R"({"model_type": "llama", "num_hidden_layers": 1e300})")
                  .message()
                  .find("not a plausible number of layers"),
              std::string::npos);
}

TEST(HfConfig, LayerPatternsParaPlanCannotExpressAreRefused)
{
    nlohmann::json oss = nlohmann::json::parse(fileText(kHfData + "gpt-oss-20b.json"));
    oss["layer_types"][0] = "full_attention"; // the first layer global, then alternating: no single period
    EXPECT_EQ(hfConfigError(oss.dump()).path(), "layer_types");
    oss["layer_types"][0] = "linear_attention";
    EXPECT_EQ(hfConfigError(oss.dump()).path(), "layer_types");
    oss["layer_types"] = nlohmann::json::array({ "sliding_attention" });
    EXPECT_NE(hfConfigError(oss.dump()).message().find("has 1 entry for 24 layers"), std::string::npos);
    nlohmann::json qwen = nlohmann::json::parse(fileText(kHfData + "qwen3-30b-a3b.json"));
    qwen["mlp_only_layers"] = { 5 }; // one dense layer amid MoE ones
    EXPECT_EQ(hfConfigError(qwen.dump()).path(), "mlp_only_layers");
    qwen["mlp_only_layers"] = { 0, 1 }; // a leading dense run is ParaPlan's first_dense_layers
    EXPECT_EQ(modelOf(importHfConfig(qwen.dump())).moe.firstDenseLayers, 2);
    nlohmann::json qwen2 = nlohmann::json::parse(fileText(kHfData + "qwen2.5-7b-instruct.json"));
    qwen2["use_sliding_window"] = true; // slides from layer max_window_layers (28) on: no layer here
    EXPECT_EQ(modelOf(importHfConfig(qwen2.dump())).localAttention.window, 0);
    qwen2["max_window_layers"] = 4; // 4 global layers then sliding ones
    EXPECT_EQ(hfConfigError(qwen2.dump()).path(), "max_window_layers");
}

TEST(HfConfig, OtherFilesAndUnknownFamiliesAreRefused)
{
    EXPECT_EQ(hfConfigError(R"({"model_type": "t5", "d_model": 512})").path(), "model_type");
    EXPECT_NE(hfConfigError(R"({"model_type": "t5"})").message().find("llama"), std::string::npos);
    EXPECT_EQ(hfConfigError(R"({"architectures": ["BertForMaskedLM"]})").path(), "architectures");
    EXPECT_EQ(hfConfigError(R"({"architectures": "LlamaForCausalLM"})").path(), "architectures");
    EXPECT_EQ(hfConfigError(R"({"train_batch_size": 8})").path(), "model_type");
    EXPECT_EQ(hfConfigError("[1, 2, 3]").path(), "(document)");
    EXPECT_EQ(hfConfigError("").path().rfind("line 1", 0), 0u);
    EXPECT_EQ(hfConfigError("model_type: llama\n").path().rfind("line 1", 0), 0u);
    // Without model_type the architecture says the family.
    nlohmann::json config = llama70b();
    config.erase("model_type");
    EXPECT_EQ(shapeOf(modelOf(importHfConfig(config.dump()))), shapeOf(preset("llama3.1-70b")));
}

// Hostile input ends in a ReadError, never a crash, a hang or another exception: nesting beyond
// the JSON reader's limit, numbers out of range, binary bytes, and every truncation and byte
// change of the samples.
TEST(HfConfig, HostileInputGivesReadErrorsOnly)
{
    auto onlyReadErrors = [](const std::string& text) {
        try {
            (void)importHfConfig(text);
        } catch (const io::ReadError&) {
        } catch (const std::exception& e) {
            ADD_FAILURE() << "not a ReadError: " << e.what() << " for " << text.substr(0, 120);
        }
    };
    onlyReadErrors(std::string(100000, '[') + std::string(100000, ']'));
    onlyReadErrors(R"({"model_type": "llama", "text_config": )" + std::string(5000, '{') + std::string(5000, '}')
                   + "}");
    onlyReadErrors(R"({"model_type": "llama", "num_hidden_layers": 1e400})");
    onlyReadErrors(std::string("{\"model_type\": \"llama\", \"hidden_size\": \"\xff\xfe\"}"));
    onlyReadErrors(std::string("\x00\x01\x02\x7f\x80", 5));
    const std::string base = fileText(kHfData + "deepseek-v3.json");
    for (size_t cut = 0; cut < base.size(); cut += 7)
        onlyReadErrors(base.substr(0, cut));
    for (size_t at = 0; at < base.size(); at += 3)
        for (const char replacement : { '9', '-', '"', '{', '0', 'x' }) {
            std::string mutated = base;
            mutated[at] = replacement;
            onlyReadErrors(mutated);
        }
    // Values of every kind in every field any family reads, set in every sample (in a wrapper's
    // text_config too): nulls, wrong types, zero, negative, fractional and huge numbers, lists.
    const nlohmann::json kinds
        = nlohmann::json::array({ nullptr, true, -1, 0, 1, 2, 3.5, 1e300, "x", nlohmann::json::array(),
                                  nlohmann::json::object(), nlohmann::json::array({ 1, 2 }) });
    const std::vector<std::string> keys = {
        "model_type",
        "architectures",
        "text_config",
        "num_hidden_layers",
        "n_layer",
        "hidden_size",
        "n_embd",
        "n_embed",
        "num_attention_heads",
        "n_head",
        "vocab_size",
        "num_key_value_heads",
        "num_kv_heads",
        "n_head_kv",
        "head_dim",
        "intermediate_size",
        "intermediate_size_mlp",
        "n_inner",
        "ffn_dim",
        "ffn_hidden_size",
        "tie_word_embeddings",
        "attention_dropout",
        "hidden_dropout",
        "resid_pdrop",
        "dropout",
        "attention_bias",
        "mlp_bias",
        "bias",
        "sliding_window",
        "use_sliding_window",
        "max_window_layers",
        "layer_types",
        "sliding_window_pattern",
        "num_local_experts",
        "num_experts",
        "num_experts_per_tok",
        "experts_per_token",
        "moe_intermediate_size",
        "decoder_sparse_step",
        "mlp_only_layers",
        "moe_layers",
        "interleave_moe_layer_step",
        "attention_chunk_size",
        "no_rope_layers",
        "no_rope_layer_interval",
        "q_lora_rank",
        "kv_lora_rank",
        "qk_nope_head_dim",
        "qk_rope_head_dim",
        "v_head_dim",
        "n_routed_experts",
        "n_shared_experts",
        "first_k_dense_replace",
        "moe_layer_freq",
        "n_group",
        "topk_group",
        "topk_method",
        "num_nextn_predict_layers",
        "n_positions",
        "max_position_embeddings",
        "word_embed_proj_dim",
        "multi_query",
        "new_decoder_architecture",
        "quantization_config",
        "_name_or_path",
    };
    for (const std::string& file : sampleFiles()) {
        const nlohmann::json sample = nlohmann::json::parse(fileText(kHfData + file));
        for (const std::string& key : keys)
            for (const nlohmann::json& value : kinds) {
                nlohmann::json config = sample;
                (config.contains("text_config") && key != "text_config" ? config["text_config"] : config)[key] = value;
                onlyReadErrors(config.dump());
            }
    }
}

} // namespace
} // namespace paraplan::frameworks::test
