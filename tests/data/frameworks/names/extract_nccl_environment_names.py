#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
"""Environment variables NCCL reads (from its sources) plus a short hand list of the PyTorch, CUDA,
UCX and Slurm ones the environment and Slurm exports write, each with its source.
Usage: extract_nccl_environment_names.py NCCL_GIT_DIR > nccl_environment.txt
"""
import re, subprocess, sys
NCCL = sys.argv[1]
REF = "v2.30.7-1"
def git(*a): return subprocess.run(["git", *a], capture_output=True, text=True, check=True, cwd=NCCL).stdout
commit = git("rev-parse", REF + "^{commit}").strip()
names = set()
for path in git("ls-tree", "-r", "--name-only", REF, "src").split():
    if not re.search(r"\.(cc|c|h|cu|cuh|hpp|cpp)$", path):
        continue
    text = git("show", f"{REF}:{path}")
    names |= {"NCCL_" + n for n in re.findall(r"\bNCCL_PARAM\(\s*\w+\s*,\s*\"([A-Z0-9_]+)\"", text)}
    names |= set(re.findall(r"\bDEFINE_NCCL_PARAM\(\s*\w+\s*,\s*\w+\s*,\s*(NCCL_[A-Z0-9_]+)", text))
    names |= set(re.findall(r"\"(NCCL_[A-Z0-9_]+)\"", text))
print(f"""# Environment variables of the launch environment and the Slurm script (tests/core/frameworks/launch_environment_test.cpp,
# slurm_script_test.cpp).
# NCCL's, extracted by tests/data/frameworks/names/extract_nccl_environment_names.py from NVIDIA/nccl tag {REF}, commit {commit}: every file under src/
# (.c .cc .cu .cuh .h .hpp .cpp): NCCL_PARAM(name, "X", default) as NCCL_X (src/include/param.h reads
# "NCCL_" env), DEFINE_NCCL_PARAM(var, type, NCCL_X, ...) as NCCL_X, and every string literal "NCCL_X"
# (ncclGetEnv / getenv / ncclGetLevel arguments).""")
for n in sorted(names):
    print(n)
print("""# By hand, with their sources:
# PyTorch, pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp @ 4c2f2809470193ece84a96d9034f9d31d36aede4
TORCH_NCCL_AVOID_RECORD_STREAMS
TORCH_NCCL_ASYNC_ERROR_HANDLING
# CUDA runtime, CUDA C++ Programming Guide, "CUDA Environment Variables"
# (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#cuda-environment-variables)
CUDA_VISIBLE_DEVICES
CUDA_DEVICE_ORDER
CUDA_DEVICE_MAX_CONNECTIONS
# UCX (prefix UCX_ + the config table's name), openucx/ucx src/ucp/core/ucp_context.c @ 002e7f80ad3238251473f7073262e05e270d1a2f
# (ucp_config_table: NET_DEVICES, TLS; ucp_context_config_table: RNDV_THRESH, MAX_RNDV_RAILS)
UCX_NET_DEVICES
UCX_TLS
UCX_RNDV_THRESH
UCX_MAX_RNDV_RAILS
# torch.distributed's env:// rendezvous, pytorch/pytorch torch/distributed/rendezvous.py @ 010929fd3f401c3868310396e6a91ed95aa0305b
# (_env_rendezvous_handler), and Megatron-LM's LOCAL_RANK (NVIDIA/Megatron-LM megatron/training/config/common_config.py
# @ d98e8a64ddf34856e74b24714e3bedb2f5a39553, DistributedInitConfig.local_rank)
MASTER_ADDR
MASTER_PORT
RANK
WORLD_SIZE
LOCAL_RANK
# Slurm's host list for srun --distribution=arbitrary, SchedMD/slurm src/common/slurm_opt.c
# @ 284c3b95f08a2dc2478499837b03355e1b9c5c75 (getenv("SLURM_HOSTFILE"))
SLURM_HOSTFILE""")
