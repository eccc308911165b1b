#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
"""cfg.<section>.<field> names of a Megatron-Bridge ConfigContainer: the dataclass fields of each
section's class in Megatron-Bridge and of the Megatron-Core / megatron.training class it extends,
plus the mixed-precision recipe names (values of cfg.mixed_precision).
Usage: extract_megatron_bridge_names.py MEGATRON_BRIDGE_GIT_DIR MEGATRON_LM_GIT_DIR > megatron_bridge_config.txt
"""
import re, subprocess, sys

BRIDGE, MLM = sys.argv[1], sys.argv[2]
BRIDGE_REF = "HEAD"

def git(repo, *args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True, cwd=repo).stdout

bridge_commit = git(BRIDGE, "rev-parse", BRIDGE_REF).strip()
# Megatron-Bridge pins Megatron-LM as the submodule 3rdparty/Megatron-LM.
mcore_commit = git(BRIDGE, "ls-tree", BRIDGE_REF, "3rdparty/Megatron-LM").split()[2]

def class_fields(repo, ref, path, cls):
    text = git(repo, "show", f"{ref}:{path}")
    start = re.search(rf"^class {cls}\b.*:\s*$", text, re.M)
    assert start, (path, cls)
    body = text[start.end():]
    end = re.search(r"^\S", body, re.M)
    body = body[: end.start()] if end else body
    return {f for f in re.findall(r"^    ([a-z][a-z0-9_]*)\s*:", body, re.M)}

B, M = (BRIDGE, bridge_commit), (MLM, mcore_commit)
sources = {
    "model": [(B, "src/megatron/bridge/models/gpt_provider.py", "GPTModelProvider"),
              (B, "src/megatron/bridge/models/transformer_config.py", "TransformerConfig"),
              (M, "megatron/core/transformer/transformer_config.py", "TransformerConfig"),
              (M, "megatron/core/model_parallel_config.py", "ModelParallelConfig"),
              (B, "src/megatron/bridge/models/transformer_config.py", "MLATransformerConfig"),
              (M, "megatron/core/transformer/transformer_config.py", "MLATransformerConfig")],
    "train": [(B, "src/megatron/bridge/training/config.py", "TrainingConfig"),
              (M, "megatron/training/config/training_config.py", "TrainingConfig")],
    "ddp": [(B, "src/megatron/bridge/training/config.py", "DistributedDataParallelConfig"),
            (M, "megatron/core/distributed/distributed_data_parallel_config.py", "DistributedDataParallelConfig")],
    "optimizer": [(B, "src/megatron/bridge/training/config.py", "OptimizerConfig"),
                  (M, "megatron/core/optimizer/optimizer_config.py", "OptimizerConfig")],
    "dist": [(B, "src/megatron/bridge/training/config.py", "DistributedInitConfig"),
             (M, "megatron/training/config/common_config.py", "DistributedInitConfig")],
    "dataset": [(B, "src/megatron/bridge/training/config.py", "GPTDatasetConfig"),
                (B, "src/megatron/bridge/data/base.py", "DataloaderConfig"),
                (M, "megatron/core/datasets/gpt_dataset.py", "GPTDatasetConfig"),
                (M, "megatron/core/datasets/blended_megatron_dataset_config.py", "BlendedMegatronDatasetConfig")],
    "comm_overlap": [(B, "src/megatron/bridge/training/comm_overlap.py", "CommOverlapConfig")],
    "mixed_precision": [(B, "src/megatron/bridge/training/mixed_precision.py", "MixedPrecisionConfig")],
}
names = set()
for section, classes in sources.items():
    names.add(section)
    for (repo, ref), path, cls in classes:
        for f in class_fields(repo, ref, path, cls):
            names.add(f"{section}.{f}")
# The ConfigContainer's own fields.
for f in class_fields(BRIDGE, bridge_commit, "src/megatron/bridge/training/config.py", "ConfigContainer"):
    names.add(f)
mp = git(BRIDGE, "show", f"{bridge_commit}:src/megatron/bridge/training/mixed_precision.py")
recipes = re.findall(r"^@register\s*\ndef (\w+)\(", mp, re.M)

print(f"""# Megatron-Bridge ConfigContainer names (cfg.<section>.<field>), for tests/core/frameworks/megatron_bridge_test.cpp.
# Extracted by tests/data/frameworks/names/extract_megatron_bridge_names.py (the dataclass fields, `    name: type` lines of each class body) from:
#   NVIDIA-NeMo/Megatron-Bridge commit {bridge_commit}:
#     src/megatron/bridge/training/config.py (ConfigContainer's fields; TrainingConfig,
#       DistributedDataParallelConfig, OptimizerConfig, DistributedInitConfig, GPTDatasetConfig),
#     src/megatron/bridge/models/gpt_provider.py (GPTModelProvider), src/megatron/bridge/models/transformer_config.py
#     (TransformerConfig, MLATransformerConfig),
#     src/megatron/bridge/data/base.py (DataloaderConfig), src/megatron/bridge/training/comm_overlap.py
#     (CommOverlapConfig), src/megatron/bridge/training/mixed_precision.py (MixedPrecisionConfig; and the
#     @register'ed recipe functions, the values cfg.mixed_precision takes, listed below as mixed_precision=<name>);
#   NVIDIA/Megatron-LM commit {mcore_commit} (Megatron-Bridge's 3rdparty/Megatron-LM submodule):
#     megatron/core/transformer/transformer_config.py (TransformerConfig, MLATransformerConfig), megatron/core/model_parallel_config.py
#     (ModelParallelConfig), megatron/core/distributed/distributed_data_parallel_config.py,
#     megatron/core/optimizer/optimizer_config.py (OptimizerConfig), megatron/training/config/training_config.py
#     (TrainingConfig), megatron/training/config/common_config.py (DistributedInitConfig),
#     megatron/core/datasets/gpt_dataset.py and blended_megatron_dataset_config.py (the dataset's bases).""")
for n in sorted(names):
    print(n)
for r in sorted(recipes):
    print(f"mixed_precision={r}")
