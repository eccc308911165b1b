from megatron.bridge import AutoBridge
from megatron.bridge.recipes.llama.h100 import llama32_1b_pretrain_1gpu_h100_bf16_config
from megatron.bridge.training.gpt_step import forward_step
from megatron.bridge.training.pretrain import pretrain

if __name__ == "__main__":
    # The recipe uses the Llama 3.2 1B architecture from Hugging Face.
    # This is random-init pretraining and does not require a converted Megatron checkpoint.
    cfg = llama32_1b_pretrain_1gpu_h100_bf16_config()

    # The recipe already sets cfg.model internally using this pattern.
    # Override cfg.model to choose a different Hugging Face model ID as the architecture source.
    # cfg.model = AutoBridge.from_hf_pretrained("meta-llama/Llama-3.2-1B").to_megatron_provider(load_weights=False)

    # Optional: use a local Hugging Face model/config directory instead.
    # cfg.model = AutoBridge.from_hf_pretrained("/path/to/local/hf_model").to_megatron_provider(load_weights=False)

    # Optional: initialize weights from a converted Megatron checkpoint for SFT/PEFT
    # or other pretrained-weight workflows.
    # cfg.checkpoint.pretrained_checkpoint = "/path/to/megatron/checkpoint"

    # Override training parameters
    cfg.train.train_iters = 10
    cfg.scheduler.lr_decay_iters = 10000
    cfg.model.vocab_size = 8192
    cfg.tokenizer.vocab_size = cfg.model.vocab_size

    pretrain(cfg, forward_step)
