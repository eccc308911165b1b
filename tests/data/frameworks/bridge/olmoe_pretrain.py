from megatron.bridge.recipes.olmoe import olmoe_7b_pretrain_config

cfg = olmoe_7b_pretrain_config()
cfg.logger.tensorboard_dir = "/results/olmoe_7b/tb_logs"
cfg.checkpoint.save = "/results/olmoe_7b/checkpoints"
cfg.dataset.data_path = "/path/to/preprocessed_text_document"
cfg.train.train_iters = 500_000
cfg.train.global_batch_size = 2048
cfg.dataset.seq_length = 4096
cfg.model.seq_length = cfg.dataset.seq_length
# Uses TP=1, PP=1, EP=8 (8 GPUs) automatically
