#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
"""Every command-line flag of Megatron-LM's pretrain_gpt.py, read from its sources without running them.

Usage: extract_megatron_lm_args.py GIT_DIR [COMMIT] > megatron_lm_args.txt

megatron/training/arguments.py adds most flags with add_argument(); the rest come from dataclasses
through ArgumentGroupFactory (megatron/training/argument_utils.py), which names a field `foo_bar`
`--foo-bar`, a bool field defaulting to anything but False `--no-foo-bar` and `--disable-foo-bar`,
and takes `argparse_meta["arg_names"]` from the field's metadata where given. This script repeats
those rules on the dataclasses' syntax trees (importing Megatron needs torch).
"""
import ast
import subprocess
import sys

ARGUMENTS = "megatron/training/arguments.py"
# Where the dataclasses that ArgumentGroupFactory turns into flags are defined.
DATACLASS_FILES = [
    "megatron/core/model_parallel_config.py",
    "megatron/core/transformer/transformer_config.py",
    "megatron/training/config/common_config.py",
    "megatron/training/config/resilience_config.py",
    "megatron/training/config/training_config.py",
    "megatron/training/config/inference_config.py",
    "megatron/core/fault_injector.py",  # FaultInjectorConfig, re-exported by resilience_config.py
]


def show(git_dir, commit, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def literal_flags(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument":
            for arg in node.args:
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    raise SystemExit(f"{ARGUMENTS}:{node.lineno}: a flag name that is not a literal")
                yield arg.value


def factory_uses(tree):
    """(class name, excluded fields) of every ArgumentGroupFactory(...) call."""
    assigned = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.List):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned[target.id] = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "ArgumentGroupFactory":
            exclude = []
            for kw in node.keywords:
                if kw.arg == "exclude":
                    if isinstance(kw.value, ast.List):
                        exclude = [e.value for e in kw.value.elts]
                    elif isinstance(kw.value, ast.Name):
                        exclude = assigned[kw.value.id]
                    else:
                        raise SystemExit(f"{ARGUMENTS}:{node.lineno}: an exclude list that is not a literal")
            yield node.args[0].id, set(exclude)


def keyword(call, name):
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    return None


def is_bool(annotation):
    text = ast.unparse(annotation).replace(" ", "")
    return text in ("bool", "Optional[bool]", "bool|None", "None|bool", "typing.Optional[bool]")


def dict_entry(node, key):
    if isinstance(node, ast.Dict):
        for k, v in zip(node.keys, node.values):
            if isinstance(k, ast.Constant) and k.value == key:
                return v
    return None


def meta_arg_names(metadata):
    """metadata={"argparse_meta": {"arg_names": [...]}}: the names given, else None (the other
    entries may be types, not literals)."""
    names = dict_entry(dict_entry(metadata, "argparse_meta"), "arg_names")
    return [ast.literal_eval(e) for e in names.elts] if isinstance(names, (ast.List, ast.Tuple)) else None


def field_flags(name, node):
    """The flags ArgumentGroupFactory makes of one annotated field; [] for a field it skips."""
    if "ClassVar" in ast.unparse(node.annotation) or "InitVar" in ast.unparse(node.annotation):
        return []
    default = node.value
    call = default if isinstance(default, ast.Call) and ast.unparse(default.func) in ("field", "dataclasses.field") else None
    if call is not None:
        init = keyword(call, "init")
        if isinstance(init, ast.Constant) and init.value is False:
            return []
        names = meta_arg_names(keyword(call, "metadata"))
        if names:
            return names
        default = keyword(call, "default")  # None: a default_factory, which is not False
    dashed = name.replace("_", "-")
    if is_bool(node.annotation):
        if isinstance(default, ast.Constant) and default.value is False:
            return [f"--{dashed}"]
        return [f"--no-{dashed}", f"--disable-{dashed}"]
    return [f"--{dashed}"]


def dataclass_fields(classes, name):
    """Every field of `name` and its bases, as dataclasses.fields() would list them."""
    cls = classes[name]
    fields = {}
    for base in cls.bases:
        base_name = ast.unparse(base).split(".")[-1]
        if base_name in classes:
            fields.update(dataclass_fields(classes, base_name))
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            fields[node.target.id] = node
    return fields


def main():
    git_dir = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) > 2 else "HEAD"
    commit = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", commit], check=True, capture_output=True,
                            text=True).stdout.strip()
    tree = ast.parse(show(git_dir, commit, ARGUMENTS))
    flags = set(literal_flags(tree))
    classes = {}
    for path in DATACLASS_FILES:
        for node in ast.parse(show(git_dir, commit, path)).body:
            if isinstance(node, ast.ClassDef):
                classes[node.name] = node
    for class_name, exclude in factory_uses(tree):
        if class_name not in classes:
            raise SystemExit(f"ArgumentGroupFactory({class_name}): class not found in {DATACLASS_FILES}")
        for name, node in dataclass_fields(classes, class_name).items():
            if name not in exclude:
                flags.update(field_flags(name, node))
    print("# Megatron-LM pretrain_gpt.py command-line flags: every add_argument() name in")
    print(f"# {ARGUMENTS} and every flag its ArgumentGroupFactory groups make of the dataclasses in")
    for path in DATACLASS_FILES:
        print(f"#   {path}")
    print(f"# of https://github.com/NVIDIA/Megatron-LM at commit {commit}.")
    print("# Extracted by tests/data/frameworks/names/extract_megatron_lm_args.py (syntax trees; the")
    print("# factory's naming rules of megatron/training/argument_utils.py repeated).")
    for flag in sorted(f for f in flags if f.startswith("--")):
        print(flag)


if __name__ == "__main__":
    main()
