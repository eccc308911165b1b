#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
"""Extracts the key and flag names the DeepSpeed and torchtitan exports may write, from the
frameworks' own sources, into the names files beside this script:

  deepspeed_config_keys.txt      DeepSpeed's JSON config keys
  megatron_deepspeed_args.txt    Megatron-DeepSpeed's pretrain_gpt.py flags, DeepSpeed's own
                                 --deepspeed flags and its launcher's (torchrun's: torchrun_args.txt)
  torchtitan_job_config.txt      torchtitan's TOML keys ("section.key") before the Python configs
  torchtitan_trainer_config.txt  the Trainer.Config attribute paths and importable names after them

Usage: extract_deepspeed_torchtitan_names.py DEEPSPEED_GIT MEGATRON_DEEPSPEED_GIT TORCHTITAN_GIT
where each argument is a git directory (a bare clone is enough); the commits read are fixed below so
that the lists stay reproducible. Only the standard library is used: the sources are parsed with
`ast`, never imported.
"""

import ast
import os
import subprocess
import sys

DEEPSPEED_COMMIT = "38327e07f6cd39b63418f60cedd1651b0be3e7c3"
MEGATRON_DEEPSPEED_COMMIT = "f4157bea69f3df8c6cb66f2ebcda66ba03d1288e"
# The last commit whose torchtitan reads TOML: the parent of 9810191 (#2386, "Config System
# Refactor: TOML to Python Dataclass Registry"), released as v0.2.2.
TORCHTITAN_TOML_COMMIT = "238fa9953e4aec2a62582121564273d7cbb1e9f1"
TORCHTITAN_PY_COMMIT = "b5bcd76c66d0acb1a08b176d9639425bc55e0b2a"

HERE = os.path.dirname(os.path.abspath(__file__))


def source(git_dir, commit, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def string_constants(tree):
    """Values of module-level NAME = "text" assignments."""
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            if all(isinstance(t, ast.Name) and t.id.isupper() for t in node.targets):
                value = node.value.value
                if value and " " not in value and "\n" not in value:
                    names.add(value)
    return names


def option_strings(tree):
    """Every "--flag" passed to an add_argument call."""
    flags = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "add_argument":
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.startswith("--"):
                    flags.add(arg.value)
    return flags


def class_named(tree, name):
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    raise KeyError(name)


def annotated_fields(class_node):
    """(field name, annotation node, value node) of a dataclass or pydantic model body."""
    for node in class_node.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            yield node.target.id, node.annotation, node.value


def pydantic_names(class_node):
    """Field names and their Field(alias=...) aliases."""
    names = set()
    for name, _, value in annotated_fields(class_node):
        names.add(name)
        if isinstance(value, ast.Call):
            for keyword in value.keywords:
                if keyword.arg == "alias" and isinstance(keyword.value, ast.Constant):
                    names.add(keyword.value.value)
    return names


def pipeline_keys(config_tree):
    """The keys of get_pipeline_config's default_pipeline dict."""
    function = next(n for n in ast.walk(config_tree) if isinstance(n, ast.FunctionDef) and n.name == "get_pipeline_config")
    for node in ast.walk(function):
        if isinstance(node, ast.Dict):
            return {k.value for k in node.keys if isinstance(k, ast.Constant)}
    raise KeyError("default_pipeline")


def literal_lookups(tree):
    """String literals looked up on param_dict: param_dict.get("pipeline", {})."""
    keys = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "get"
                and getattr(node.func.value, "id", "") == "param_dict" and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            keys.add(node.args[0].value)
    return keys


def write(name, header_lines, names):
    with open(os.path.join(HERE, name), "w") as out:
        for line in header_lines:
            out.write(f"# {line}\n")
        for entry in sorted(names):
            out.write(entry + "\n")


def deepspeed_config_keys(deepspeed_git):
    paths = ["deepspeed/runtime/constants.py", "deepspeed/runtime/activation_checkpointing/config.py",
             "deepspeed/runtime/zero/config.py", "deepspeed/runtime/config.py"]
    trees = {p: ast.parse(source(deepspeed_git, DEEPSPEED_COMMIT, p)) for p in paths}
    names = set()
    for path in paths[:3]:
        names |= string_constants(trees[path])
    names |= pydantic_names(class_named(trees["deepspeed/runtime/zero/config.py"], "DeepSpeedZeroConfig"))
    names |= pipeline_keys(trees["deepspeed/runtime/config.py"])
    names |= literal_lookups(trees["deepspeed/runtime/config.py"])
    write("deepspeed_config_keys.txt", [
        "DeepSpeed JSON config key names (any nesting level), extracted by extract_deepspeed_torchtitan_names.py from",
        f"microsoft/DeepSpeed @ {DEEPSPEED_COMMIT}:",
        "  deepspeed/runtime/constants.py, deepspeed/runtime/activation_checkpointing/config.py and",
        "  deepspeed/runtime/zero/config.py: the values of their module-level string constants;",
        "  deepspeed/runtime/zero/config.py: DeepSpeedZeroConfig's field names and Field(alias=...) aliases;",
        "  deepspeed/runtime/config.py: the keys of get_pipeline_config's default_pipeline and the string",
        "  literals looked up with param_dict.get (\"pipeline\", \"hybrid_engine\").",
    ], names)


def megatron_deepspeed_args(deepspeed_git, megatron_deepspeed_git):
    megatron = option_strings(ast.parse(source(megatron_deepspeed_git, MEGATRON_DEEPSPEED_COMMIT, "megatron/arguments.py")))
    core = option_strings(ast.parse(source(deepspeed_git, DEEPSPEED_COMMIT, "deepspeed/__init__.py")))
    launcher = option_strings(ast.parse(source(deepspeed_git, DEEPSPEED_COMMIT, "deepspeed/launcher/runner.py")))
    write("megatron_deepspeed_args.txt", [
        "Flags of a Megatron-DeepSpeed launch, extracted by extract_deepspeed_torchtitan_names.py: every option string",
        "passed to add_argument in",
        f"  microsoft/Megatron-DeepSpeed @ {MEGATRON_DEEPSPEED_COMMIT}: megatron/arguments.py (pretrain_gpt.py's flags);",
        f"  microsoft/DeepSpeed @ {DEEPSPEED_COMMIT}: deepspeed/__init__.py (--deepspeed, --deepspeed_config)",
        "  and deepspeed/launcher/runner.py (the deepspeed launcher's).",
        "torchrun's flags, where a rank table makes the script launch with it, are in torchrun_args.txt.",
    ], megatron | core | launcher)


def job_config_keys(tree):
    """Dotted keys of JobConfig: each section's fields, nested dataclasses followed."""
    classes = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}

    def keys_of(class_name, prefix):
        keys = set()
        for name, annotation, _ in annotated_fields(classes[class_name]):
            nested = annotation.id if isinstance(annotation, ast.Name) and annotation.id in classes else None
            keys |= keys_of(nested, f"{prefix}{name}.") if nested else {prefix + name}
        return keys

    return keys_of("JobConfig", "")


def torchtitan_toml_keys(torchtitan_git):
    tree = ast.parse(source(torchtitan_git, TORCHTITAN_TOML_COMMIT, "torchtitan/config/job_config.py"))
    write("torchtitan_job_config.txt", [
        "torchtitan's TOML job config keys as section.key (sub-sections dotted: quantize.linear.float8.recipe_name),",
        "extracted by extract_deepspeed_torchtitan_names.py from the JobConfig dataclass tree of",
        f"pytorch/torchtitan @ {TORCHTITAN_TOML_COMMIT}: torchtitan/config/job_config.py, the last commit",
        "that reads TOML (9810191, #2386, replaced it with Python Trainer.Config functions; v0.2.2 is the last",
        "release before it). Pipeline schedule names are in torch_pipeline_schedules.txt.",
    ], job_config_keys(tree))


def trainer_config_names(torchtitan_git):
    read = lambda path: ast.parse(source(torchtitan_git, TORCHTITAN_PY_COMMIT, path))
    names = set()
    configs = read("torchtitan/config/configs.py")
    for section, class_name in (("training", "TrainingConfig"), ("parallelism", "ParallelismConfig"),
                                ("compile", "CompileConfig")):
        names |= {f"{section}.{field}" for field, _, _ in annotated_fields(class_named(configs, class_name))}
    trainer = class_named(class_named(read("torchtitan/trainer.py"), "Trainer"), "Config")
    names |= {field for field, _, _ in annotated_fields(trainer)}
    # What a config module imports: module.Name for each public class or function it may use.
    ac = read("torchtitan/distributed/activation_checkpoint.py")
    names |= {f"torchtitan.distributed.activation_checkpoint.{n.name}" for n in ac.body if isinstance(n, ast.ClassDef)}
    quantization = read("torchtitan/components/quantization/__init__.py")
    exported = next(n.value for n in quantization.body if isinstance(n, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets))
    names |= {f"torchtitan.components.quantization.{e.value}" for e in exported.elts}
    llama3 = read("torchtitan/models/llama3/__init__.py")
    names |= {f"torchtitan.models.llama3.{n.name}" for n in llama3.body if isinstance(n, ast.FunctionDef)}
    flavors = next(n.value for n in llama3.body if isinstance(n, ast.Assign)
                   and any(isinstance(t, ast.Name) and t.id == "llama3_configs" for t in n.targets))
    names |= {f"llama3 flavor {k.value}" for k in flavors.keys}
    registry = read("torchtitan/models/llama3/config_registry.py")
    names |= {f"torchtitan.models.llama3.config_registry.{n.name}" for n in registry.body if isinstance(n, ast.FunctionDef)}
    names |= {f"torchtitan.trainer.{n.name}" for n in read("torchtitan/trainer.py").body if isinstance(n, ast.ClassDef)}
    write("torchtitan_trainer_config.txt", [
        "torchtitan's Python config (Trainer.Config, after 9810191 / #2386) as a config function may write it,",
        "extracted by extract_deepspeed_torchtitan_names.py from pytorch/torchtitan @",
        f"{TORCHTITAN_PY_COMMIT}:",
        "  section.field: the fields of TrainingConfig, ParallelismConfig and CompileConfig",
        "    (torchtitan/config/configs.py), the attributes of config.training, .parallelism and .compile;",
        "  field: Trainer.Config's own fields (torchtitan/trainer.py);",
        "  module.Name: the classes of torchtitan/distributed/activation_checkpoint.py and torchtitan/trainer.py,",
        "    torchtitan/components/quantization's __all__, the functions of torchtitan/models/llama3/__init__.py",
        "    and of its config_registry.py;",
        "  llama3 flavor NAME: the keys of llama3_configs (torchtitan/models/llama3/__init__.py).",
    ], names)


def torch_pipeline_schedules():
    # pytorch/pytorch is too large to mirror here: the keys of get_schedule_class's schedule_map,
    # transcribed from the code index.
    write("torch_pipeline_schedules.txt", [
        "Pipeline schedule names torch.distributed.pipelining accepts (torchtitan's",
        "parallelism.pipeline_parallel_schedule): the keys of get_schedule_class's schedule_map in",
        "torch/distributed/pipelining/schedules.py of pytorch/pytorch @ 00722e648b740f91d0e71494baa17891749fd291,",
        "transcribed by extract_deepspeed_torchtitan_names.py (read through the code index; the repository is too",
        "large to mirror). The name is matched case-insensitively.",
    ], {"1F1B", "Interleaved1F1B", "GPipe", "LoopedBFS", "InterleavedZeroBubble", "PipelineScheduleSingle",
        "PipelineScheduleMulti", "ZBVZeroBubble", "DualPipeV"})


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    deepspeed_git, megatron_deepspeed_git, torchtitan_git = sys.argv[1:]
    deepspeed_config_keys(deepspeed_git)
    megatron_deepspeed_args(deepspeed_git, megatron_deepspeed_git)
    torchtitan_toml_keys(torchtitan_git)
    trainer_config_names(torchtitan_git)
    torch_pipeline_schedules()


if __name__ == "__main__":
    main()
