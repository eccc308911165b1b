#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
"""Key paths of NeMo 1.x's megatron_gpt_config.yaml: the YAML flattened, the keys NeMo's GPT model
reads from its config (cfg.get / cfg.attr in megatron_base_model.py and megatron_gpt_model.py),
and model.<field> for every Megatron-Core TransformerConfig / ModelParallelConfig field (NeMo passes
any config key named like one through: build_transformer_config / build_model_parallel_config).
Usage: extract_nemo_gpt_config_names.py NEMO_GIT_DIR MEGATRON_LM_GIT_DIR > nemo_gpt_config.txt
"""
import re, subprocess, sys

import yaml

NEMO, MLM = sys.argv[1], sys.argv[2]
NEMO_REF, MCORE_REF = "v2.0.0", "refs/tags/core_r0.9.0"

def show(repo, ref, path):
    return subprocess.run(["git", "show", f"{ref}:{path}"],
                          capture_output=True, text=True, check=True, cwd=repo).stdout

def rev(repo, ref):
    return subprocess.run(["git", "rev-parse", ref + "^{commit}"], capture_output=True, text=True, check=True, cwd=repo).stdout.strip()

names = set()
def flatten(node, prefix):
    if isinstance(node, dict):
        for k, v in node.items():
            path = f"{prefix}.{k}" if prefix else str(k)
            names.add(path)
            flatten(v, path)
yaml_path = "examples/nlp/language_modeling/conf/megatron_gpt_config.yaml"
flatten(yaml.safe_load(show(NEMO, NEMO_REF, yaml_path)), "")

code_paths = ["nemo/collections/nlp/models/language_modeling/megatron_base_model.py",
              "nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py"]
for p in code_paths:
    text = show(NEMO, NEMO_REF, p)
    for sub, key in re.findall(r"(?<![\w.])(?:self\.)?_?cfg((?:\.\w+)*?)\.get\(\s*['\"](\w+)['\"]", text):
        names.add("model" + sub + "." + key)
    for key in re.findall(r"(?<![\w.])(?:self\.)?_?cfg\.(\w+)\b(?!\s*\()", text):
        names.add("model." + key)
    # setup_optimization's get_config_arg('key', ...): optimizer keys under model.optim
    for key in re.findall(r"get_config_arg\(\s*['\"](\w+)['\"]", text):
        names.add("model.optim." + key)

field = re.compile(r"^    ([a-z_][a-z0-9_]*)\s*:", re.M)
mcore_paths = ["megatron/core/transformer/transformer_config.py", "megatron/core/model_parallel_config.py"]
for p in mcore_paths:
    text = show(MLM, MCORE_REF, p)
    cls = text[text.index("@dataclass"):]
    for f in field.findall(cls):
        if not f.startswith("_"):
            names.add("model." + f)

print(f"""# NeMo 1.x megatron_gpt_config.yaml key paths (dotted), for tests/core/frameworks/nemo_yaml_test.cpp.
# Extracted by tests/data/frameworks/names/extract_nemo_gpt_config_names.py from:
#   NVIDIA/NeMo tag v2.0.0, commit {rev(NEMO, NEMO_REF)}:
#     {yaml_path}: every key, flattened to its dotted path;
#     {code_paths[0]},
#     {code_paths[1]}: every key the GPT model reads from its config, cfg.get('k') /
#       cfg.<sub>.get('k') / self.cfg.k (as model.[<sub>.]k) and setup_optimization's get_config_arg('k')
#       (as model.optim.k);
#   NVIDIA/Megatron-LM tag core_r0.9.0 (NeMo v2.0.0's Dockerfile.ci MCORE_TAG), commit {rev(MLM, MCORE_REF)}:
#     {mcore_paths[0]}, {mcore_paths[1]}: every dataclass field f (TransformerConfig,
#       ModelParallelConfig) as model.f, since NeMo's build_transformer_config and
#       build_model_parallel_config pass any model key of that name through to Megatron-Core.""")
for n in sorted(names):
    print(n)
