<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AdviceText</name>
    <message>
        <source>Pipeline bubble high</source>
        <translation>流水线气泡过大</translation>
    </message>
    <message>
        <source>Stages take unequal work</source>
        <translation>各阶段负载不均</translation>
    </message>
    <message>
        <source>TP groups cross nodes</source>
        <translation>TP 组跨节点</translation>
    </message>
    <message>
        <source>TP groups on a shared link</source>
        <translation>TP 组共用一条链路</translation>
    </message>
    <message>
        <source>CP groups cross nodes</source>
        <translation>CP 组跨节点</translation>
    </message>
    <message>
        <source>CP groups on a shared link</source>
        <translation>CP 组共用一条链路</translation>
    </message>
    <message>
        <source>Data parallelism on a slow link</source>
        <translation>数据并行走慢速链路</translation>
    </message>
    <message>
        <source>Pipeline sends on a slow link</source>
        <translation>流水线发送走慢速链路</translation>
    </message>
    <message>
        <source>Communication the framework could hide</source>
        <translation>框架本可隐藏的通信</translation>
    </message>
    <message>
        <source>Memory above the safe margin</source>
        <translation>显存超出安全线</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>Memory left unused</source>
        <translation>显存闲置</translation>
    </message>
    <message>
        <source>Micro-batches too small for the GEMMs</source>
        <translation>微批次过小，GEMM 跑不满</translation>
    </message>
    <message>
        <source>KV heads replicated by TP</source>
        <translation>KV 头被 TP 复制</translation>
    </message>
    <message>
        <source>Global batch changed with DP</source>
        <translation>全局批次随 DP 改变</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <source>Per-step host overhead</source>
        <translation>每步主机端开销</translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation>数据加载</translation>
    </message>
    <message>
        <source>Learning rate not scaled with the batch</source>
        <translation>学习率未随批次缩放</translation>
    </message>
    <message>
        <source>Gradient reduction precision</source>
        <translation>梯度归约精度</translation>
    </message>
    <message>
        <source>NCCL network settings</source>
        <translation>NCCL 网络设置</translation>
    </message>
    <message>
        <source>Pipeline messages out of step</source>
        <translation>流水线消息不匹配</translation>
    </message>
    <message>
        <source>Allocator fragmentation</source>
        <translation>显存分配器碎片</translation>
    </message>
    <message>
        <source>Activation peak</source>
        <translation>激活峰值</translation>
    </message>
    <message>
        <source>Groups that cross nodes</source>
        <translation>跨节点的通信组</translation>
    </message>
    <message>
        <source>Stragglers</source>
        <translation>慢节点</translation>
    </message>
    <message>
        <source>RDMA not in use</source>
        <translation>未使用 RDMA</translation>
    </message>
    <message>
        <source>Pipeline end stages</source>
        <translation>流水线首末阶段</translation>
    </message>
    <message>
        <source>ZeRO not partitioning</source>
        <translation>ZeRO 切分未生效</translation>
    </message>
    <message>
        <source>Rank 0&apos;s extra duties</source>
        <translation>rank 0 的额外任务</translation>
    </message>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>saves %1 (%2)</source>
        <translation>节省 %1（%2）</translation>
    </message>
    <message>
        <source>costs %1 (%2)</source>
        <translation>多耗 %1（%2）</translation>
    </message>
</context>
<context>
    <name>Advisor</name>
    <message>
        <source>The pipeline idles %1 of the step (%2): %3 stages share %4 micro-batches under %5; uniform stages would idle %6.</source>
        <translation>流水线空闲时间占每步的 %1（%2）：在 %5 调度下，%3 个阶段分摊 %4 个微批次；若各阶段均匀，空闲占比应为 %6。</translation>
    </message>
    <message>
        <source>Run %1: the pipeline idles %2 of the step instead of %3.</source>
        <translation>改为 %1：流水线空闲时间占每步的 %2，而不是 %3。</translation>
    </message>
    <message>
        <source>Stage %1 computes for %2 per step, %3 more than the average stage (%4): the first stage also holds the embedding and the last the logits and the loss, and the other stages wait for it.</source>
        <translation>阶段 %1 每步计算 %2，比平均阶段（%4）多 %3：首阶段还承担嵌入层，末阶段还承担 logits 和损失计算，其他阶段都要等它。</translation>
    </message>
    <message>
        <source>Split the layers unevenly, %1: the ends take less so no stage waits as long.</source>
        <translation>不均匀切分各层（%1）：首末阶段少分一些层，各阶段就不必等那么久。</translation>
    </message>
    <message>
        <source>Each %1 group of %2 GPUs spans %3 nodes: its collectives run over %4 at %5, %6 slower than its GPUs&apos; own links; %7 of them per step is exposed.</source>
        <translation>每个 %2 卡的%1组跨越 %3 个节点：其集合通信经由 %4 以 %5 运行，比这些 GPU 自身的链路慢 %6；每步有 %7 的通信暴露在外。</translation>
    </message>
    <message>
        <source>The %1 groups of %2 GPUs run their collectives over %3, which %4 groups share: %5, %6 slower than their own links; %7 per step is exposed and %8 hidden under compute.</source>
        <translation>%2 卡的%1组经由 %3 进行集合通信，而该链路由 %4 个组共用：带宽 %5，比它们自身的链路慢 %6；每步暴露 %7，另有 %8 隐藏在计算之下。</translation>
    </message>
    <message>
        <source>tensor-parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>context-parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>data-parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>Place the groups again, %1: they then run at %2 and the step saves %3.</source>
        <translation>重新放置这些组（%1）：之后它们以 %2 运行，每步节省 %3。</translation>
    </message>
    <message>
        <source>Split the GPUs another way, %1: the slow groups are gone and the step saves %2.</source>
        <translation>换一种 GPU 切分方式（%1）：慢速组消失，每步节省 %2。</translation>
    </message>
    <message>
        <source>Stage %1 needs %2 of the GPU&apos;s %3 (%4): above the %5 real runs leave room for fragmentation and transient buffers; such runs fail with out-of-memory while nvidia-smi still shows memory free.</source>
        <translation>阶段 %1 需要 %2，而 GPU 共有 %3（%4）：超过了实际训练为碎片和临时缓冲区留出余量的 %5 安全线；这样的训练会在 nvidia-smi 仍显示有空闲显存时因显存不足（OOM）而失败。</translation>
    </message>
    <message>
        <source>Make room, %1: the fullest stage then needs %2, and the step takes %3 (%4 now).</source>
        <translation>腾出显存（%1）：占用最高的阶段将需要 %2，每步耗时 %3（当前为 %4）。</translation>
    </message>
    <message>
        <source>The fullest stage uses %1 of the GPU&apos;s %2 (%3): %4 per GPU stays unused while the step pays for %5.</source>
        <translation>占用最高的阶段只用了 GPU %2 中的 %1（%3）：每卡有 %4 闲置，而每步却在为 %5 付出代价。</translation>
    </message>
    <message>
        <source>Spend the memory, %1: the fullest stage then needs %2.</source>
        <translation>用上闲置显存（%1）：占用最高的阶段将需要 %2。</translation>
    </message>
    <message>
        <source>Each GEMM sees %1 tokens (micro-batch %2 of %3-token sequences): compute takes %4 per step, where micro-batch %5 does the same work in %6.</source>
        <translation>每个 GEMM 只处理 %1 个 token（微批次 %2，序列长度 %3 个 token）：计算每步耗时 %4，而微批次 %5 完成同样的工作只需 %6。</translation>
    </message>
    <message>
        <source>Run larger GEMMs, %1.</source>
        <translation>使用更大的 GEMM（%1）。</translation>
    </message>
    <message>
        <source>tp %1 exceeds the model&apos;s %2 KV heads: each KV head&apos;s projections are computed and stored on %3 TP ranks.</source>
        <translation>tp %1 超过了模型的 %2 个 KV 头：每个 KV 头的投影要在 %3 个 TP rank 上重复计算和存储。</translation>
    </message>
    <message>
        <source>Keep tp within the KV heads, %1.</source>
        <translation>让 tp 不超过 KV 头数（%1）。</translation>
    </message>
    <message>
        <source>%1 of the step is exposed communication (%2), and the framework&apos;s overlap of it is off: %3.</source>
        <translation>每步有 %1 是暴露的通信（%2），而框架对应的重叠选项未开启：%3。</translation>
    </message>
    <message>
        <source>Overlap it, %1: exposed communication falls to %2.</source>
        <translation>开启重叠（%1）：暴露的通信降至 %2。</translation>
    </message>
    <message>
        <source>The global batch went from %1 to %2 samples (%3) as data parallelism went from %4 to %5: unless the optimiser follows, the run takes fewer, larger steps with the old schedule. Scale the peak learning rate by %6 (square-root rule; %7 under the linear rule) and count the warm-up in tokens: %8 of its former steps.</source>
        <translation>数据并行度从 %4 变为 %5，全局批次随之从 %1 变为 %2 个样本（%3）：除非优化器设置随之调整，否则训练会沿用旧的学习率调度，以更少、更大的步数运行。请将峰值学习率乘以 %6（平方根法则；按线性法则为 %7），并按 token 数计算预热：即原来步数的 %8。</translation>
    </message>
    <message>
        <source>Keep this batch and change the optimiser as above%1.</source>
        <translation>保持当前批次，并按上文调整优化器设置%1。</translation>
    </message>
    <message>
        <source>Or keep the optimiser and the former batch, %1.</source>
        <translation>或者保持优化器设置并恢复原来的批次（%1）。</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Interactive 3D-parallelism design for LLM training.</source>
        <translation>面向 LLM 训练的交互式 3D 并行方案设计工具。</translation>
    </message>
    <message>
        <source>A project or scenario to open.</source>
        <translation>要打开的项目或场景文件。</translation>
    </message>
    <message>
        <source>Open this scenario or project.</source>
        <translation>打开此场景或项目。</translation>
    </message>
    <message>
        <source>Render offscreen to this PNG and exit.</source>
        <translation>离屏渲染到此 PNG 文件后退出。</translation>
    </message>
    <message>
        <source>Interface language: en or zh_CN.</source>
        <translation>界面语言：en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Window size for rendering (offscreen 1920x1080 unless given; in a real window, the size it opens at).</source>
        <translation>渲染所用的窗口尺寸（离屏渲染默认 1920x1080；真实窗口则用其打开时的尺寸）。</translation>
    </message>
    <message>
        <source>Use the dark palette.</source>
        <translation>使用深色配色。</translation>
    </message>
    <message>
        <source>Move the sliders N times offscreen and print the change-to-replot times.</source>
        <translation>在离屏状态下移动滑块 N 次，并打印每次从修改到重绘完成的耗时。</translation>
    </message>
    <message>
        <source>Print the evaluation and write the report images into this folder (what runs when there is no display).</source>
        <translation>打印评估结果，并将报告图片写入此文件夹（无显示环境时即执行此操作）。</translation>
    </message>
    <message>
        <source>--size takes WIDTHxHEIGHT between 320x240 and 8000x8000, e.g. 1920x1080.</source>
        <translation>--size 的格式为 WIDTHxHEIGHT，取值在 320x240 到 8000x8000 之间，例如 1920x1080。</translation>
    </message>
    <message>
        <source>--benchmark-interaction takes a number of moves, e.g. 200.</source>
        <translation>--benchmark-interaction 需要指定移动次数，例如 200。</translation>
    </message>
    <message>
        <source>--lang takes en or zh_CN.</source>
        <translation>--lang 的取值为 en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Import a paraplan-probe results file into the engine panel (may be given several times).</source>
        <translation>把 paraplan-probe 结果文件导入引擎面板（可多次指定）。</translation>
    </message>
    <message>
        <source>Price everything with this calibration profile.</source>
        <translation>用此校准配置文件计算所有配置。</translation>
    </message>
    <message>
        <source>Draw a measured trace (PyTorch profiler JSON or Nsight Systems SQLite, one per rank) under the predicted timeline (may be given several times).</source>
        <translation>在预测时间线下方绘制实测 trace（PyTorch profiler JSON 或 Nsight Systems SQLite，每个 rank 一个；可多次给出）。</translation>
    </message>
    <message>
        <source>Read a Hugging Face config.json (the model) or a framework&apos;s launch file or config (the scenario) into the scenario (may be given several times).</source>
        <translation>把 Hugging Face config.json（模型）或框架的启动文件、配置（场景）读入场景（可多次给出）。</translation>
    </message>
    <message>
        <source>With --screenshot: render the Export launch files dialog for this format (megatron, megatron-bridge, nemo-yaml, deepspeed, torchtitan-toml, torchtitan-py, env, slurm).</source>
        <translation>与 --screenshot 同用：渲染此格式的“导出启动文件”对话框（megatron、megatron-bridge、nemo-yaml、deepspeed、torchtitan-toml、torchtitan-py、env、slurm）。</translation>
    </message>
    <message>
        <source>Unknown --launch-files format &quot;%1&quot;; use megatron, megatron-bridge, nemo-yaml, deepspeed, torchtitan-toml, torchtitan-py, env or slurm.</source>
        <translation>未知的 --launch-files 格式“%1”；请用 megatron、megatron-bridge、nemo-yaml、deepspeed、torchtitan-toml、torchtitan-py、env 或 slurm。</translation>
    </message>
    <message>
        <source>Choose the advisor&apos;s N-th finding (1 = the first), as a click would: its evidence is marked in its view.</source>
        <translation>选中调优顾问的第 N 项发现（1 = 第一项），效果与点击相同：其依据会在对应视图中标出。</translation>
    </message>
    <message>
        <source>Choose what the cluster shows in the advisor (low_gpu_utilization, loss_spikes_after_dp_change, hang_at_step, oom_with_free_memory, multi_node_slower, one_gpu_memory_higher).</source>
        <translation>在调优顾问中选择集群上观察到的现象（low_gpu_utilization、loss_spikes_after_dp_change、hang_at_step、oom_with_free_memory、multi_node_slower、one_gpu_memory_higher）。</translation>
    </message>
    <message>
        <source>Unknown --symptom &quot;%1&quot;; use low_gpu_utilization, loss_spikes_after_dp_change, hang_at_step, oom_with_free_memory, multi_node_slower or one_gpu_memory_higher.</source>
        <translation>未知的 --symptom“%1”；请用 low_gpu_utilization、loss_spikes_after_dp_change、hang_at_step、oom_with_free_memory、multi_node_slower 或 one_gpu_memory_higher。</translation>
    </message>
    <message>
        <source>--finding takes a finding&apos;s number, 1 or more.</source>
        <translation>--finding 需要一项发现的编号，取值 1 或更大。</translation>
    </message>
    <message>
        <source>View to render: overview, memory, breakdown, timeline, bubble, landscape, topology, compare, engine, scaling, sensitivity, plan, or all.</source>
        <translation>要渲染的视图：overview、memory、breakdown、timeline、bubble、landscape、topology、compare、engine、scaling、sensitivity、plan 或 all。</translation>
    </message>
    <message>
        <source>Open this plan file (docs/plan.md) in the Plan view: its scenario, hardware, deadline, budget and phases.</source>
        <translation>在“规划”视图中打开此规划文件（docs/plan.md）：其中的场景、硬件、截止期限、预算与训练阶段。</translation>
    </message>
    <message>
        <source>Unknown view &quot;%1&quot;; use overview, memory, breakdown, timeline, bubble, landscape, topology, compare, engine, scaling, sensitivity, plan or all.</source>
        <translation>未知视图“%1”；请使用 overview、memory、breakdown、timeline、bubble、landscape、topology、compare、engine、scaling、sensitivity、plan 或 all。</translation>
    </message>
</context>
<context>
    <name>Components</name>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>TP communication</source>
        <translation>TP 通信</translation>
    </message>
    <message>
        <source>CP communication</source>
        <translation>CP 通信</translation>
    </message>
    <message>
        <source>EP communication</source>
        <translation>EP 通信</translation>
    </message>
    <message>
        <source>PP send/recv</source>
        <translation>PP send/recv</translation>
    </message>
    <message>
        <source>DP communication</source>
        <translation>DP 通信</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>step overhead</source>
        <translation>每步开销</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>runtime and reserve</source>
        <translation>运行时与预留</translation>
    </message>
</context>
<context>
    <name>DeviceItem</name>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <source>All-to-all overlap cannot run here</source>
        <translation>此处无法运行 all-to-all 重叠</translation>
    </message>
    <message>
        <source>The GPU %1 has no FP4 tensor cores (no fp4 peak); train in fp8 or bf16, or give cluster.gpu.peak_tflops.fp4.</source>
        <translation>GPU %1 没有 FP4 张量核心（无 fp4 峰值）；请用 fp8 或 bf16 训练，或给出 cluster.gpu.peak_tflops.fp4。</translation>
    </message>
    <message>
        <source>The fp4 peak is implausibly large; check it.</source>
        <translation>fp4 峰值大得不合理；请检查。</translation>
    </message>
    <message>
        <source>Expert TP without experts</source>
        <translation>无专家却设置了专家张量并行</translation>
    </message>
    <message>
        <source>ETP does not divide the expert FFN width</source>
        <translation>ETP 不能整除专家 FFN 宽度</translation>
    </message>
    <message>
        <source>MoE with TP but without sequence parallelism</source>
        <translation>MoE 使用 TP 却未开启序列并行</translation>
    </message>
    <message>
        <source>Shared-expert overlap has nothing to hide</source>
        <translation>共享专家重叠无可隐藏的通信</translation>
    </message>
    <message>
        <source>etp is %1 but the model has no experts; omit etp for a dense model.</source>
        <translation>etp 为 %1，但模型没有专家；稠密模型请省略 etp。</translation>
    </message>
    <message>
        <source>The expert FFN width (%1) is not divisible by the expert tensor parallel size (%2); pick etp among its divisors (it follows tp unless given).</source>
        <translation>专家 FFN 宽度（%1）不能被专家张量并行度（%2）整除；请在其约数中选择 etp（未给出时与 tp 相同）。</translation>
    </message>
    <message>
        <source>A MoE model with tp &gt; 1 and no sequence parallelism dispatches every token from each of the %1 TP ranks and computes it %1 times; Megatron-Core refuses to train so. Enable sequence_parallel.</source>
        <translation>tp &gt; 1 且未开启序列并行的 MoE 模型会从 %1 个 TP rank 各分发一遍每个 token，并把它计算 %1 次；Megatron-Core 拒绝这样训练。请开启 sequence_parallel。</translation>
    </message>
    <message>
        <source>Shared-expert overlap hides the all-to-all dispatcher&apos;s traffic behind the shared experts; without shared experts or with the allgather dispatcher it does nothing.</source>
        <translation>共享专家重叠把 all-to-all 分发器的通信隐藏在共享专家的计算之后；没有共享专家或使用 allgather 分发器时它不起作用。</translation>
    </message>
    <message>
        <source>moe.imbalance is %1; the busiest expert&apos;s load over the mean lies between %2 and experts / top_k = %3. Omit it for the published measurement.</source>
        <translation>moe.imbalance 为 %1；最忙专家的负载与平均值之比介于 %2 与 experts / top_k = %3 之间。省略它即使用已发表的测量值。</translation>
    </message>
    <message>
        <source>moe.capacity_factor is %1; give a multiple of the mean load between %2 and experts / top_k = %3, or omit it for dropless routing.</source>
        <translation>moe.capacity_factor 为 %1；请给出平均负载的倍数，介于 %2 与 experts / top_k = %3 之间，或省略它以使用不丢弃 token 的路由。</translation>
    </message>
    <message>
        <source>moe.pad_to_capacity needs a capacity: set moe.capacity_factor, or turn padding off.</source>
        <translation>moe.pad_to_capacity 需要容量：请设置 moe.capacity_factor，或关闭填充。</translation>
    </message>
    <message>
        <source>Model size out of range</source>
        <translation>模型尺寸超出范围</translation>
    </message>
    <message>
        <source>Hidden size does not split into the heads</source>
        <translation>隐藏维度不能按注意力头均分</translation>
    </message>
    <message>
        <source>KV heads do not divide the heads</source>
        <translation>KV 头数不能整除注意力头数</translation>
    </message>
    <message>
        <source>Mixture-of-experts settings out of range</source>
        <translation>混合专家（MoE）设置超出范围</translation>
    </message>
    <message>
        <source>Training setting out of range</source>
        <translation>训练设置超出范围</translation>
    </message>
    <message>
        <source>Link figure out of range</source>
        <translation>链路参数超出范围</translation>
    </message>
    <message>
        <source>Cluster setting out of range</source>
        <translation>集群设置超出范围</translation>
    </message>
    <message>
        <source>GPU figure out of range</source>
        <translation>GPU 参数超出范围</translation>
    </message>
    <message>
        <source>Implausibly large value</source>
        <translation>数值大得不合理</translation>
    </message>
    <message>
        <source>Precision not supported by this GPU</source>
        <translation>该 GPU 不支持此精度</translation>
    </message>
    <message>
        <source>Parallel degree out of range</source>
        <translation>并行度超出范围</translation>
    </message>
    <message>
        <source>No such ZeRO stage</source>
        <translation>不存在该 ZeRO 阶段</translation>
    </message>
    <message>
        <source>The split does not match the GPU count</source>
        <translation>切分方式与 GPU 数量不符</translation>
    </message>
    <message>
        <source>No whole data-parallel degree fits</source>
        <translation>无法得到整数的数据并行度</translation>
    </message>
    <message>
        <source>TP does not divide the attention heads</source>
        <translation>TP 不能整除注意力头数</translation>
    </message>
    <message>
        <source>KV heads replicated across TP ranks</source>
        <translation>KV 头在各 TP rank 间被复制</translation>
    </message>
    <message>
        <source>TP and the KV heads do not divide one another</source>
        <translation>TP 与 KV 头数互不整除</translation>
    </message>
    <message>
        <source>TP does not divide the FFN width</source>
        <translation>TP 不能整除 FFN 宽度</translation>
    </message>
    <message>
        <source>CP does not divide the sequence</source>
        <translation>CP 不能整除序列长度</translation>
    </message>
    <message>
        <source>The global batch does not split</source>
        <translation>全局批次无法均分</translation>
    </message>
    <message>
        <source>Expert parallelism without experts</source>
        <translation>启用了专家并行但模型没有专家</translation>
    </message>
    <message>
        <source>EP does not divide the experts</source>
        <translation>EP 不能整除专家数</translation>
    </message>
    <message>
        <source>ETP × EP does not divide a stage&apos;s ranks</source>
        <translation>ETP × EP 不能整除一个流水级的 rank 数</translation>
    </message>
    <message>
        <source>More pipeline stages than layers</source>
        <translation>流水线阶段数多于层数</translation>
    </message>
    <message>
        <source>Interleaving needs pipeline parallelism</source>
        <translation>交错调度需要流水线并行</translation>
    </message>
    <message>
        <source>Interleaving needs micro-batches in multiples of PP</source>
        <translation>交错调度要求微批次数为 PP 的整数倍</translation>
    </message>
    <message>
        <source>A power limit without the TDP</source>
        <translation>设置了功耗上限却没有 TDP</translation>
    </message>
    <message>
        <source>A power limit of %1 W needs the GPU&apos;s TDP to compare with; give cluster.gpu.tdp_w from its datasheet.</source>
        <translation>%1 W 的功耗上限需要与 GPU 的 TDP 比较；请按其数据手册给出 cluster.gpu.tdp_w。</translation>
    </message>
    <message>
        <source>power_limit_w %1 W and tdp_w %2 W are not plausible; give the TDP between 10 and 5000 W and a limit of at least a fifth of it.</source>
        <translation>power_limit_w %1 W 与 tdp_w %2 W 不合理；TDP 应在 10 到 5000 W 之间，上限至少为其五分之一。</translation>
    </message>
    <message>
        <source>The framework cannot interleave</source>
        <translation>该框架不支持交错调度</translation>
    </message>
    <message>
        <source>Too many micro-batches to simulate</source>
        <translation>微批次过多，无法模拟</translation>
    </message>
    <message>
        <source>Fewer micro-batches than stages</source>
        <translation>微批次数少于阶段数</translation>
    </message>
    <message>
        <source>Layers per stage: wrong number of entries</source>
        <translation>每阶段层数：条目数不对</translation>
    </message>
    <message>
        <source>Layers per stage: wrong total</source>
        <translation>每阶段层数：总数不对</translation>
    </message>
    <message>
        <source>Uneven pipeline split</source>
        <translation>流水线切分不均</translation>
    </message>
    <message>
        <source>Sequence parallelism without TP</source>
        <translation>未启用 TP 却开启了序列并行</translation>
    </message>
    <message>
        <source>TP overlap needs sequence parallelism</source>
        <translation>TP 通信重叠需要序列并行</translation>
    </message>
    <message>
        <source>TP group spans nodes</source>
        <translation>TP 组跨节点</translation>
    </message>
    <message>
        <source>TP over PCIe</source>
        <translation>TP 走 PCIe</translation>
    </message>
    <message>
        <source>ZeRO-2/3 with pipeline parallelism</source>
        <translation>ZeRO-2/3 与流水线并行同时使用</translation>
    </message>
    <message>
        <source>Does not fit in GPU memory</source>
        <translation>显存放不下</translation>
    </message>
    <message>
        <source>Above the 80 % memory margin</source>
        <translation>超出 80 % 显存安全线</translation>
    </message>
    <message>
        <source>Pipeline schedule failed</source>
        <translation>流水线调度失败</translation>
    </message>
    <message>
        <source>The number of layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>The head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>The number of multi-token prediction layers</source>
        <translation>多 token 预测层数</translation>
    </message>
    <message>
        <source>The key-value latent rank</source>
        <translation>键值潜向量的秩</translation>
    </message>
    <message>
        <source>The query latent rank</source>
        <translation>查询潜向量的秩</translation>
    </message>
    <message>
        <source>The position-free query-key head dimension</source>
        <translation>无位置编码部分的查询-键头维度</translation>
    </message>
    <message>
        <source>The rotary query-key head dimension</source>
        <translation>旋转位置编码部分的查询-键头维度</translation>
    </message>
    <message>
        <source>The value head dimension</source>
        <translation>值头维度</translation>
    </message>
    <message>
        <source>The local attention window</source>
        <translation>局部注意力窗口</translation>
    </message>
    <message>
        <source>The period of globally attending layers</source>
        <translation>全局注意力层的间隔</translation>
    </message>
    <message>
        <source>The number of shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <source>The shared expert FFN hidden size</source>
        <translation>共享专家的 FFN 隐藏维度</translation>
    </message>
    <message>
        <source>The number of dense layers before the MoE layers</source>
        <translation>MoE 层之前的稠密层数</translation>
    </message>
    <message>
        <source>The MoE layer frequency</source>
        <translation>MoE 层的间隔</translation>
    </message>
    <message>
        <source>With %1 dense layers first and one MoE layer in every %2 after them, none of the %3 layers is MoE; lower first_dense_layers or layer_frequency, or set moe.experts to 0.</source>
        <translation>前 %1 层为稠密层、其后每 %2 层中有一层 MoE 时，%3 层中没有一层是 MoE；请减小 first_dense_layers 或 layer_frequency，或将 moe.experts 设为 0。</translation>
    </message>
    <message>
        <source>The hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>The number of attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>The number of KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>The vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>The FFN hidden size</source>
        <translation>FFN 隐藏维度</translation>
    </message>
    <message>
        <source>hidden (%1) is not a multiple of heads (%2); choose heads so that hidden / heads is the head dimension.</source>
        <translation>hidden（%1）不是 heads（%2）的整数倍；请调整 heads，使 hidden / heads 恰为每个注意力头的维度。</translation>
    </message>
    <message>
        <source>kv_heads (%1) must divide heads (%2): grouped-query attention shares each KV head among heads / kv_heads query heads.</source>
        <translation>kv_heads（%1）必须整除 heads（%2）：分组查询注意力（GQA）中每个 KV 头由 heads / kv_heads 个查询头共享。</translation>
    </message>
    <message>
        <source>moe.experts is negative; use 0 for a dense model.</source>
        <translation>moe.experts 为负数；稠密模型请设为 0。</translation>
    </message>
    <message>
        <source>The number of experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>The expert FFN hidden size</source>
        <translation>专家 FFN 隐藏维度</translation>
    </message>
    <message>
        <source>moe.top_k is %1; each token must go to between 1 and %2 experts.</source>
        <translation>moe.top_k 为 %1；每个 token 必须路由到 1 至 %2 个专家。</translation>
    </message>
    <message>
        <source>The sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>The global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>The micro-batch size</source>
        <translation>微批次大小</translation>
    </message>
    <message>
        <source>train_tokens is %1; give a token budget between 1 and 1e18, or omit it.</source>
        <translation>train_tokens 为 %1；请给出 1 到 1e18 之间的 token 预算，或省略该字段。</translation>
    </message>
    <message>
        <source>The link bandwidth (GB/s)</source>
        <translation>链路带宽（GB/s）</translation>
    </message>
    <message>
        <source>latency_us is %1; give a latency between 0 and 1e6 microseconds.</source>
        <translation>latency_us 为 %1；请给出 0 到 1e6 微秒之间的延迟。</translation>
    </message>
    <message>
        <source>The number of nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>gpus_per_node</source>
        <translation>每节点 GPU 数（gpus_per_node）</translation>
    </message>
    <message>
        <source>The cluster has %1 GPUs, more than the supported %2.</source>
        <translation>集群共有 %1 张 GPU，超过了支持的上限 %2。</translation>
    </message>
    <message>
        <source>The bf16 peak (TFLOP/s)</source>
        <translation>bf16 峰值算力（TFLOP/s）</translation>
    </message>
    <message>
        <source>The GPU memory (GiB)</source>
        <translation>GPU 显存（GiB）</translation>
    </message>
    <message>
        <source>The memory bandwidth (GB/s)</source>
        <translation>显存带宽（GB/s）</translation>
    </message>
    <message>
        <source>The SM count</source>
        <translation>SM 数量</translation>
    </message>
    <message>
        <source>The GPU %1 has no FP8 tensor cores (no fp8 peak); train in bf16, or give cluster.gpu.peak_tflops.fp8.</source>
        <translation>GPU %1 没有 FP8 Tensor Core（未提供 fp8 峰值）；请改用 bf16 训练，或填写 cluster.gpu.peak_tflops.fp8。</translation>
    </message>
    <message>
        <source>The fp8 peak is implausibly large; check it.</source>
        <translation>fp8 峰值算力大得不合理；请检查。</translation>
    </message>
    <message>
        <source>gpu_hour_cost_usd is %1; give a price between 0 and 10000 USD, or omit it.</source>
        <translation>gpu_hour_cost_usd 为 %1；请给出 0 到 10000 USD 之间的价格，或省略该字段。</translation>
    </message>
    <message>
        <source>zero_stage is %1; use 0 (plain DP), 1, 2 or 3 (FSDP).</source>
        <translation>zero_stage 为 %1；请使用 0（普通 DP）、1、2 或 3（FSDP）。</translation>
    </message>
    <message>
        <source>tp x pp x cp = %1 x %2 needs more GPUs than the cluster&apos;s %3; lower tp, pp or cp, or add nodes.</source>
        <translation>tp x pp x cp = %1 x %2，所需 GPU 超过集群的 %3 张；请降低 tp、pp 或 cp，或增加节点。</translation>
    </message>
    <message>
        <source>The cluster&apos;s %1 GPUs are not a multiple of tp x pp x cp = %2, so no whole dp fits; change tp, pp or cp, or the number of nodes.</source>
        <translation>集群的 %1 张 GPU 不是 tp x pp x cp = %2 的整数倍，无法得到整数的 dp；请调整 tp、pp、cp 或节点数。</translation>
    </message>
    <message>
        <source>tp x pp x cp x dp = %1 x %2 does not equal the cluster&apos;s %3 GPUs; set dp to %4 or omit it.</source>
        <translation>tp x pp x cp x dp = %1 x %2，与集群的 %3 张 GPU 不相等；请将 dp 设为 %4，或省略 dp。</translation>
    </message>
    <message>
        <source>tp x pp x cp x dp = %1 x %2 does not equal the cluster&apos;s %3 GPUs, and no dp can: change tp, pp or cp, or the number of nodes.</source>
        <translation>tp x pp x cp x dp = %1 x %2，与集群的 %3 张 GPU 不相等，且任何 dp 都无法满足；请调整 tp、pp、cp 或节点数。</translation>
    </message>
    <message>
        <source>heads (%1) is not divisible by tp (%2); each TP rank needs whole attention heads, so pick tp among the divisors of heads.</source>
        <translation>heads（%1）不能被 tp（%2）整除；每个 TP rank 必须分到完整的注意力头，请从 heads 的约数中选择 tp。</translation>
    </message>
    <message>
        <source>tp (%1) exceeds kv_heads (%2): KV heads are replicated across TP ranks, costing memory and compute.</source>
        <translation>tp（%1）大于 kv_heads（%2）：KV 头会在各 TP rank 间复制，额外占用显存和算力。</translation>
    </message>
    <message>
        <source>kv_heads (%1) and tp (%2) do not divide one another; pick a tp that divides kv_heads or is a multiple of it.</source>
        <translation>kv_heads（%1）与 tp（%2）互不整除；请选择能整除 kv_heads 或为其整数倍的 tp。</translation>
    </message>
    <message>
        <source>The FFN width (%1) is not divisible by tp (%2); pick another tp.</source>
        <translation>FFN 宽度（%1）不能被 tp（%2）整除；请换一个 tp。</translation>
    </message>
    <message>
        <source>seq_len (%1) is not divisible by cp (%2); each CP rank takes an equal slice of the sequence.</source>
        <translation>seq_len（%1）不能被 cp（%2）整除；每个 CP rank 需分得等长的序列片段。</translation>
    </message>
    <message>
        <source>global_batch (%1) is not a multiple of micro_batch x dp = %2 x %3; change the batch, the micro-batch or dp.</source>
        <translation>global_batch（%1）不是 micro_batch x dp = %2 x %3 的整数倍；请调整全局批次、微批次或 dp。</translation>
    </message>
    <message>
        <source>ep is %1 but the model has no experts; set ep to 1 for a dense model.</source>
        <translation>ep 为 %1，但模型没有专家；稠密模型请将 ep 设为 1。</translation>
    </message>
    <message>
        <source>experts (%1) are not divisible by ep (%2); each EP rank holds an equal share of the experts.</source>
        <translation>experts（%1）不能被 ep（%2）整除；每个 EP rank 需持有同样数量的专家。</translation>
    </message>
    <message>
        <source>etp x ep = %1 x %2 must divide tp x cp x dp = %3: the expert layers re-split a stage&apos;s ranks into expert tensor, expert and expert data parallel groups.</source>
        <translation>etp x ep = %1 x %2 必须整除 tp x cp x dp = %3：专家层把一个流水级的 rank 重新划分为专家张量并行、专家并行和专家数据并行组。</translation>
    </message>
    <message>
        <source>pp x vpp = %1 exceeds the %2 layers; every (virtual) stage needs at least one layer.</source>
        <translation>pp x vpp = %1，超过了 %2 层；每个（虚拟）阶段至少需要一层。</translation>
    </message>
    <message>
        <source>vpp &gt; 1 interleaves pipeline stages; it needs pp &gt; 1.</source>
        <translation>vpp &gt; 1 表示交错排布流水线阶段，需要 pp &gt; 1。</translation>
    </message>
    <message>
        <source>The interleaved schedule needs the number of micro-batches (%1) to be a multiple of pp (%2); change the batch, or use vpp 1.</source>
        <translation>交错调度要求微批次数（%1）是 pp（%2）的整数倍；请调整批次大小，或将 vpp 设为 1。</translation>
    </message>
    <message>
        <source>%1 micro-batches over %2 virtual stages is too long a step to simulate; raise micro_batch or dp.</source>
        <translation>%1 个微批次分布在 %2 个虚拟阶段上，单步过长，无法模拟；请增大 micro_batch 或 dp。</translation>
    </message>
    <message>
        <source>Only %1 micro-batches for %2 pipeline stages: the pipeline never fills and most of the step is bubble.</source>
        <translation>%2 个流水线阶段只有 %1 个微批次：流水线始终填不满，每步大部分时间都是气泡。</translation>
    </message>
    <message>
        <source>%1 has no interleaved pipeline schedule; use vpp 1, or a framework that has one (framework.name megatron-core, nemo, torchtitan).</source>
        <translation>%1 没有交错式流水线调度；请使用 vpp 1，或换用支持交错调度的框架（framework.name 设为 megatron-core、nemo 或 torchtitan）。</translation>
    </message>
    <message>
        <source>layers_per_stage has %1 entries; it needs pp x vpp = %2.</source>
        <translation>layers_per_stage 有 %1 个条目；需要 pp x vpp = %2 个。</translation>
    </message>
    <message>
        <source>layers_per_stage sums to %1 but the model has %2 layers.</source>
        <translation>layers_per_stage 的总和为 %1，但模型有 %2 层。</translation>
    </message>
    <message>
        <source>%1 layers do not split evenly over %2 (virtual) stages; the first stages get one layer more. Set layers_per_stage to choose.</source>
        <translation>%1 层无法均分到 %2 个（虚拟）阶段；靠前的阶段会多分一层。可通过 layers_per_stage 自行指定。</translation>
    </message>
    <message>
        <source>Sequence parallelism splits along the TP group; with tp = 1 it does nothing.</source>
        <translation>序列并行沿 TP 组切分；tp = 1 时不起作用。</translation>
    </message>
    <message>
        <source>TP communication overlap works on sequence-parallel all-gathers and reduce-scatters; enable sequence_parallel or it has no effect.</source>
        <translation>TP 通信重叠作用于序列并行的 all-gather 和 reduce-scatter；请启用 sequence_parallel，否则不起作用。</translation>
    </message>
    <message>
        <source>The TP group (%1 GPUs) is larger than a node (%2): its all-reduces, two per layer per pass, cross the inter-node network at %3 GB/s per GPU instead of %4 GB/s.</source>
        <translation>TP 组（%1 张 GPU）大于单个节点（%2 张 GPU）：其 all-reduce（每次前向或反向中每层两次）要走节点间网络，每卡带宽为 %3 GB/s，而非 %4 GB/s。</translation>
    </message>
    <message>
        <source>The TP group communicates over PCIe (%1 GB/s per GPU) every layer; prefer pp or dp on machines without NVLink.</source>
        <translation>TP 组每一层都要经 PCIe 通信（每卡 %1 GB/s）；在没有 NVLink 的机器上应优先使用 pp 或 dp。</translation>
    </message>
    <message>
        <source>ZeRO-%1 with pipeline parallelism reduces gradients after every micro-batch; ZeRO-1 is the usual choice.</source>
        <translation>ZeRO-%1 与流水线并行同时使用时，每个微批次之后都要归约梯度；通常选用 ZeRO-1。</translation>
    </message>
    <message>
        <source>Stage %1 needs %2 GiB per GPU but the GPU has %3 GiB; raise tp or pp, use a higher zero_stage, recompute activations, or lower micro_batch.</source>
        <translation>阶段 %1 每卡需要 %2 GiB，但 GPU 只有 %3 GiB；请增大 tp 或 pp、使用更高的 zero_stage、对激活进行重计算，或减小 micro_batch。</translation>
    </message>
    <message>
        <source>Stage %1 uses %2 of %3 GiB (over 80 %): real runs this full often fail on fragmentation and transient buffers; leave more headroom.</source>
        <translation>阶段 %1 占用 %2 / %3 GiB（超过 80 %）：显存占用这么满的实际训练常因碎片和临时缓冲区而失败；请多留些余量。</translation>
    </message>
    <message>
        <source>The pipeline schedule could not be simulated for this configuration; check pp, vpp and the number of micro-batches.</source>
        <translation>无法为此配置模拟流水线调度；请检查 pp、vpp 和微批次数。</translation>
    </message>
    <message>
        <source>Topology: a link to a missing device</source>
        <translation>拓扑：链路指向不存在的设备</translation>
    </message>
    <message>
        <source>Topology: a link from a device to itself</source>
        <translation>拓扑：设备连到自身的链路</translation>
    </message>
    <message>
        <source>Topology: two devices with one id</source>
        <translation>拓扑：两个设备使用同一 id</translation>
    </message>
    <message>
        <source>Topology: link figure out of range</source>
        <translation>拓扑：链路数值超出范围</translation>
    </message>
    <message>
        <source>Topology: wrong number of GPUs in a node</source>
        <translation>拓扑：节点中的 GPU 数量不对</translation>
    </message>
    <message>
        <source>Topology: GPUs that cannot reach each other</source>
        <translation>拓扑：GPU 之间无法互通</translation>
    </message>
    <message>
        <source>Topology: a node without a NIC</source>
        <translation>拓扑：节点没有网卡</translation>
    </message>
    <message>
        <source>Topology: a GPU that reaches no NIC</source>
        <translation>拓扑：GPU 到达不了任何网卡</translation>
    </message>
    <message>
        <source>Topology: node counts do not add up</source>
        <translation>拓扑：节点数量对不上</translation>
    </message>
    <message>
        <source>Topology: network figure out of range</source>
        <translation>拓扑：网络数值超出范围</translation>
    </message>
    <message>
        <source>Rank table: wrong number of ranks</source>
        <translation>rank 表：rank 数量不对</translation>
    </message>
    <message>
        <source>Rank table: a GPU the cluster lacks</source>
        <translation>rank 表：集群中没有该 GPU</translation>
    </message>
    <message>
        <source>Rank table: two ranks on one GPU</source>
        <translation>rank 表：两个 rank 在同一块 GPU 上</translation>
    </message>
    <message>
        <source>A link holds a group back</source>
        <translation>某条链路拖慢了一个通信组</translation>
    </message>
    <message>
        <source>Groups share a NIC</source>
        <translation>多个通信组共用一块网卡</translation>
    </message>
    <message>
        <source>Oversubscribed spine</source>
        <translation>脊层上行链路超额订阅</translation>
    </message>
    <message>
        <source>The link names device &quot;%1&quot;, which node kind %2 does not have; use the id of one of its devices.</source>
        <translation>链路指向设备“%1”，但节点类型 %2 中没有它；请使用其中某个设备的 id。</translation>
    </message>
    <message>
        <source>The link joins %1 to itself; join two different devices.</source>
        <translation>该链路把 %1 连到它自己；请连接两个不同的设备。</translation>
    </message>
    <message>
        <source>Node kind %1 has %2 devices and %3 links, more than the supported %4 and %5.</source>
        <translation>节点类型 %1 有 %2 个设备和 %3 条链路，超过支持的 %4 和 %5。</translation>
    </message>
    <message>
        <source>Device id &quot;%1&quot; is empty or used twice in node kind %2; give every device its own id.</source>
        <translation>设备 id“%1”为空或在节点类型 %2 中重复；请给每个设备一个唯一的 id。</translation>
    </message>
    <message>
        <source>The NIC bandwidth (GB/s)</source>
        <translation>网卡带宽（GB/s）</translation>
    </message>
    <message>
        <source>Node kind %1 has %2 GPUs but cluster.gpus_per_node is %3; every node must hold gpus_per_node GPUs.</source>
        <translation>节点类型 %1 有 %2 块 GPU，而 cluster.gpus_per_node 为 %3；每个节点必须有 gpus_per_node 块 GPU。</translation>
    </message>
    <message>
        <source>Node kind %1 has no NIC, but the cluster has %2 nodes; add a NIC and link it to the GPUs&apos; PCIe switch or CPU.</source>
        <translation>节点类型 %1 没有网卡，但集群有 %2 个节点；请添加一块网卡并把它连到 GPU 的 PCIe 交换机或 CPU。</translation>
    </message>
    <message>
        <source>In node kind %1, %2 cannot reach %3: join them through a switch, a CPU or a direct link.</source>
        <translation>在节点类型 %1 中，%2 无法到达 %3：请经由交换机、CPU 或直连链路把它们连起来。</translation>
    </message>
    <message>
        <source>In node kind %1, %2 reaches no NIC; link a NIC to its PCIe switch or CPU.</source>
        <translation>在节点类型 %1 中，%2 到达不了任何网卡；请把一块网卡连到它的 PCIe 交换机或 CPU。</translation>
    </message>
    <message>
        <source>nodes_per_leaf</source>
        <translation>nodes_per_leaf</translation>
    </message>
    <message>
        <source>oversubscription is %1; give the leaf&apos;s downlink over uplink bandwidth, 1 or more (1 = non-blocking).</source>
        <translation>oversubscription 为 %1；请给出叶交换机下行与上行带宽之比，至少为 1（1 = 无阻塞）。</translation>
    </message>
    <message>
        <source>The network latency is %1; give it between 0 and 1e6 microseconds.</source>
        <translation>网络延迟为 %1；请给出 0 到 1e6 微秒之间的值。</translation>
    </message>
    <message>
        <source>The count of a node kind</source>
        <translation>节点类型的数量</translation>
    </message>
    <message>
        <source>cluster.nodes is %1 but the node kinds of cluster.topology count %2 nodes; make them agree.</source>
        <translation>cluster.nodes 为 %1，但 cluster.topology 的各节点类型合计 %2 个节点；请让两者一致。</translation>
    </message>
    <message>
        <source>rank_to_gpu lists %1 GPUs for %2 ranks; give one GPU for each rank.</source>
        <translation>rank_to_gpu 为 %2 个 rank 列出了 %1 块 GPU；请为每个 rank 给出一块 GPU。</translation>
    </message>
    <message>
        <source>Rank %1 is placed on GPU %2, which the cluster lacks (GPUs 0 to %3).</source>
        <translation>rank %1 被放在 GPU %2 上，但集群没有这块 GPU（GPU 编号 0 到 %3）。</translation>
    </message>
    <message>
        <source>Ranks %1 and %2 are both placed on GPU %3; each GPU runs one rank.</source>
        <translation>rank %1 和 %2 都被放在 GPU %3 上；每块 GPU 只运行一个 rank。</translation>
    </message>
    <message>
        <source>The %1 group of GPUs %2 runs at %3 GB/s, %4x slower than its GPUs&apos; own links allow: it crosses %5 - %6 (%7) on node %8, a link %9 groups share. Place its ranks closer together (parallel.placement) or choose other degrees.</source>
        <translation>由 GPU %2 组成的 %1 组以 %3 GB/s 运行，比其 GPU 自身链路所允许的慢 %4 倍：它经过节点 %8 上的 %5 - %6（%7），这条链路由 %9 个组共用。请把它的 rank 放得更近（parallel.placement），或选择其他并行度。</translation>
    </message>
    <message>
        <source>%1 %2 groups share NIC %3 of node %4: the slowest runs at %5 GB/s instead of the %6 GB/s it would get alone (%7x slower). Spread the groups over more NICs, or keep this traffic inside the nodes.</source>
        <translation>%1 个 %2 组共用节点 %4 的网卡 %3：最慢的一组以 %5 GB/s 运行，而单独使用时可达 %6 GB/s（慢 %7 倍）。请把这些组分散到更多网卡上，或让这部分流量留在节点内。</translation>
    </message>
    <message>
        <source>%1 groups cross the oversubscribed spine uplinks of a leaf switch: they run at %2 GB/s instead of %3 GB/s alone (%4x slower). Keep these groups inside a leaf, or lower the oversubscription.</source>
        <translation>%1 组经过某个叶交换机超额订阅的脊层上行链路：以 %2 GB/s 运行，而单独使用时为 %3 GB/s（慢 %4 倍）。请让这些组留在同一叶交换机内，或降低超额订阅比。</translation>
    </message>
    <message>
        <source>No MLA to recompute</source>
        <translation>没有可重计算的 MLA</translation>
    </message>
    <message>
        <source>Shared experts both overlapped and recomputed</source>
        <translation>共享专家同时被重叠和重计算</translation>
    </message>
    <message>
        <source>Recomputation refused by delayed FP8 scaling</source>
        <translation>延迟 FP8 缩放不支持此重计算</translation>
    </message>
    <message>
        <source>Recomputed modules the model lacks</source>
        <translation>重计算的模块在模型中不存在</translation>
    </message>
    <message>
        <source>Recomputed modules without selective recomputation</source>
        <translation>未启用选择性重计算却指定了重计算模块</translation>
    </message>
    <message>
        <source>Precision-aware optimizer needs ZeRO</source>
        <translation>精度感知优化器需要 ZeRO</translation>
    </message>
    <message>
        <source>mla_up_proj recomputes multi-latent attention&apos;s up projections; this model has no MLA. Remove it from recompute_modules.</source>
        <translation>mla_up_proj 重计算多头潜在注意力（MLA）的上投影；此模型没有 MLA。请从 recompute_modules 中移除它。</translation>
    </message>
    <message>
        <source>The shared experts cannot be recomputed while they overlap the dispatcher (Megatron-Core refuses it); drop shared_experts from recompute_modules or moe_shared_expert_overlap.</source>
        <translation>共享专家与分发器重叠时不能被重计算（Megatron-Core 拒绝这样运行）；请从 recompute_modules 中去掉 shared_experts，或关闭 moe_shared_expert_overlap。</translation>
    </message>
    <message>
        <source>moe_act and layernorm recomputation cannot run with delayed FP8 scaling (Megatron-Core refuses it); use fp8_recipe tensorwise, blockwise or mxfp8, or recompute other modules.</source>
        <translation>moe_act 和 layernorm 重计算不能与延迟 FP8 缩放同时使用（Megatron-Core 拒绝这样运行）；请使用 fp8_recipe tensorwise、blockwise 或 mxfp8，或重计算其他模块。</translation>
    </message>
    <message>
        <source>Some of recompute_modules name parts this model does not have (moe, moe_act and shared_experts need experts, shared_experts shared ones, mlp dense layers, layernorm a norm outside the linear layers as MLA and MoE layers have); those do nothing.</source>
        <translation>recompute_modules 中有些模块指向此模型没有的部分（moe、moe_act 和 shared_experts 需要专家，shared_experts 需要共享专家，mlp 需要稠密层，layernorm 需要位于线性层之外的归一化层，如 MLA 和 MoE 层中的）；这些模块不起作用。</translation>
    </message>
    <message>
        <source>recompute_modules choose what selective recomputation replays; with recompute &quot;%1&quot; they do nothing.</source>
        <translation>recompute_modules 选择选择性重计算要重放的部分；在 recompute 为 &quot;%1&quot; 时它们不起作用。</translation>
    </message>
    <message>
        <source>The precision-aware optimizer runs with the distributed optimizer only (Megatron-Core refuses it otherwise); set zero_stage to 1 or more.</source>
        <translation>精度感知优化器只能与分布式优化器一起运行（否则 Megatron-Core 拒绝运行）；请将 zero_stage 设为 1 或更高。</translation>
    </message>
    <message>
        <source>Flex dispatcher without experts to reach</source>
        <translation>flex 分发器没有可到达的专家</translation>
    </message>
    <message>
        <source>Flex dispatcher cannot pad to capacity</source>
        <translation>flex 分发器无法填充到容量</translation>
    </message>
    <message>
        <source>moe.groups (%1) must divide the %2 experts and moe.group_top_k (%3) lie between 1 and groups, with top_k = %4 experts in the chosen groups; give both as 0 for routing without a group limit.</source>
        <translation>moe.groups（%1）必须整除 %2 个专家，且 moe.group_top_k（%3）须在 1 与 groups 之间，被选中的组里要容得下 top_k = %4 个专家；不限制分组路由时两者都填 0。</translation>
    </message>
    <message>
        <source>The all-to-all overlap needs ep &gt; 1, the alltoall or flex dispatcher, vpp &gt; 1 where pp &gt; 1, no full recomputation nor the MoE layer recomputed whole, and no shared-expert overlap (Megatron-Core&apos;s rules); as set it does nothing.</source>
        <translation>all-to-all 重叠需要 ep &gt; 1、alltoall 或 flex 分发器、pp &gt; 1 时 vpp &gt; 1、不做完全重计算也不整体重计算 MoE 层，且不开启共享专家重叠（Megatron-Core 的规则）；按当前设置它不起作用。</translation>
    </message>
    <message>
        <source>The flex dispatcher moves tokens between the ranks of the ETP x EP group; with etp x ep = 1 there are none (Megatron-Core refuses it). Raise ep or choose the alltoall dispatcher.</source>
        <translation>flex 分发器在 ETP x EP 组的各 rank 之间搬运 token；etp x ep = 1 时没有这样的 rank（Megatron-Core 拒绝运行）。请增大 ep 或选择 alltoall 分发器。</translation>
    </message>
    <message>
        <source>The flex dispatcher does not pad experts to their capacity (Megatron-Core refuses it with DeepEP); turn moe.pad_to_capacity off or choose the alltoall dispatcher.</source>
        <translation>flex 分发器不会把专家填充到容量（Megatron-Core 在使用 DeepEP 时拒绝这样运行）；请关闭 moe.pad_to_capacity 或选择 alltoall 分发器。</translation>
    </message>
    <message>
        <source>vpp does not fit the pipeline schedule</source>
        <translation>vpp 与流水线调度不匹配</translation>
    </message>
    <message>
        <source>DualPipe needs an even pp</source>
        <translation>DualPipe 需要偶数个 pp</translation>
    </message>
    <message>
        <source>Too few micro-batches for the schedule</source>
        <translation>微批次过少，无法运行该调度</translation>
    </message>
    <message>
        <source>The framework lacks this schedule</source>
        <translation>该框架没有此调度</translation>
    </message>
    <message>
        <source>The schedule needs a fork or library</source>
        <translation>该调度需要分支版本或外部库</translation>
    </message>
    <message>
        <source>Layers per stage: a negative count</source>
        <translation>每阶段层数：出现负数</translation>
    </message>
    <message>
        <source>Two splits of the layers</source>
        <translation>层切分被指定了两次</translation>
    </message>
    <message>
        <source>Megatron refuses this split</source>
        <translation>Megatron 不接受此切分</translation>
    </message>
    <message>
        <source>A stage holds zero layers or more.</source>
        <translation>每个阶段的层数须为零或更多。</translation>
    </message>
    <message>
        <source>The interleaved 1F1B schedule runs several model chunks per stage; set vpp to 2 or more, or choose the 1f1b schedule.</source>
        <translation>交错式 1F1B 调度在每个阶段运行多个模型分块；请将 vpp 设为 2 或更大，或选择 1f1b 调度。</translation>
    </message>
    <message>
        <source>The %1 schedule folds the model into a V of two chunks per stage; set vpp to 2.</source>
        <translation>%1 调度把模型折成 V 形，每个阶段两个分块；请将 vpp 设为 2。</translation>
    </message>
    <message>
        <source>The %1 schedule runs one model chunk per stage but vpp is %2; set vpp to 1, or choose interleaved-1f1b.</source>
        <translation>%1 调度每个阶段只运行一个模型分块，但 vpp 为 %2；请将 vpp 设为 1，或选择 interleaved-1f1b。</translation>
    </message>
    <message>
        <source>DualPipe pairs stage i with stage pp-1-i and needs an even pp, not %1; change pp, or choose dualpipev.</source>
        <translation>DualPipe 把阶段 i 与阶段 pp-1-i 配对，需要偶数个 pp，而不是 %1；请修改 pp，或选择 dualpipev。</translation>
    </message>
    <message>
        <source>%1 does not ship the %2 schedule; it runs in %3.</source>
        <translation>%1 的发布版本不含 %2 调度；它可在 %3 中运行。</translation>
    </message>
    <message>
        <source>The %1 schedule needs at least %2 micro-batches (an even number for dualpipe) but the step has %3; raise the global batch or lower micro_batch or dp.</source>
        <translation>%1 调度至少需要 %2 个微批次（dualpipe 还须为偶数），但每步只有 %3 个；请增大全局批次，或减小 micro_batch 或 dp。</translation>
    </message>
    <message>
        <source>layers_per_stage (or pipeline_layout) and Megatron&apos;s first/last stage layers or embedding/loss as layers both split the layers; keep one.</source>
        <translation>layers_per_stage（或 pipeline_layout）与 Megatron 的首/末阶段层数或“嵌入/损失计作层”同时指定了层切分；请只保留一种。</translation>
    </message>
    <message>
        <source>Megatron refuses this split: %1. Give the layers of every stage with pipeline_layout instead.</source>
        <translation>Megatron 不接受此切分：%1。请改用 pipeline_layout 给出每个阶段的层数。</translation>
    </message>
    <message>
        <source>%1&apos;s pipeline engine runs only its own 1F1B schedule (and under megatron-deepspeed ZB-H1), not %2; choose 1f1b, or a framework that has the schedule (megatron-core, torchtitan).</source>
        <translation>%1 的流水线引擎只运行它自己的 1F1B 调度（在 megatron-deepspeed 下还有 ZB-H1），不支持 %2；请选择 1f1b，或换用具备该调度的框架（megatron-core、torchtitan）。</translation>
    </message>
    <message>
        <source>No configuration at this size</source>
        <translation>此规模下没有可行配置</translation>
    </message>
    <message>
        <source>No configuration fits at this size</source>
        <translation>此规模下没有显存放得下的配置</translation>
    </message>
    <message>
        <source>No configuration of %1 GPUs fits in memory.</source>
        <translation>%1 张 GPU 的所有配置都放不下显存。</translation>
    </message>
    <message>
        <source>No configuration of %1 GPUs abides by the rules: the GPU count, the global batch and the model leave no whole tp × pp × cp × dp split.</source>
        <translation>%1 张 GPU 没有符合规则的配置：GPU 数、全局批次和模型无法给出整数的 tp × pp × cp × dp 切分。</translation>
    </message>
    <message>
        <source>No configuration of %1 GPUs abides by the rules with the fields the scenario pins (%2): the GPU count, the global batch and the model leave them no whole tp × pp × cp × dp split.</source>
        <translation>在场景固定的字段（%2）下，%1 张 GPU 没有符合规则的配置：GPU 数、全局批次和模型使这些字段无法给出整数的 tp × pp × cp × dp 切分。</translation>
    </message>
    <message>
        <source>dataset_tokens is %1; give the data set&apos;s size between 1 and 1e18 tokens, or omit it.</source>
        <translation>dataset_tokens 为 %1；请给出 1 到 1e18 个 token 之间的数据集大小，或省略该字段。</translation>
    </message>
    <message>
        <source>epochs is %1; give how many times the data set is read, between 0 and 10000.</source>
        <translation>epochs 为 %1；请给出数据集被读取的遍数，范围 0 到 10000。</translation>
    </message>
    <message>
        <source>epochs is given without dataset_tokens; give the data set&apos;s size in tokens too.</source>
        <translation>给出了 epochs 却没有 dataset_tokens；请同时给出数据集的 token 数。</translation>
    </message>
    <message>
        <source>Both train_tokens and dataset_tokens give the run&apos;s length; keep one of them.</source>
        <translation>train_tokens 与 dataset_tokens 都给出了训练长度；请只保留其中一个。</translation>
    </message>
    <message>
        <source>checkpoint.interval_s is %1; give seconds between checkpoints above 0 and below 1e8, or omit it for the optimal interval.</source>
        <translation>checkpoint.interval_s 为 %1；请给出大于 0、小于 1e8 的检查点间隔秒数，或省略以使用最优间隔。</translation>
    </message>
    <message>
        <source>storage_write_GBps is %1; give the checkpoint storage&apos;s write bandwidth between 0 and 1e6 GB/s, or omit it.</source>
        <translation>storage_write_GBps 为 %1；请给出 0 到 1e6 GB/s 之间的检查点存储写带宽，或省略该字段。</translation>
    </message>
    <message>
        <source>failures_per_gpu_hour is %1; give interruptions per GPU-hour between 0 and 1 (published fleets: about 2e-5), or omit it.</source>
        <translation>failures_per_gpu_hour 为 %1；请给出 0 到 1 之间的每 GPU 小时中断次数（公开集群数据约为 2e-5），或省略该字段。</translation>
    </message>
    <message>
        <source>restart_s is %1; give the seconds a restart takes between 0 and 1e6, or omit it.</source>
        <translation>restart_s 为 %1；请给出 0 到 1e6 之间的重启耗时（秒），或省略该字段。</translation>
    </message>
    <message>
        <source>Recomputed modules the framework does not use</source>
        <translation>框架不使用的重计算模块</translation>
    </message>
    <message>
        <source>Oversubscribed core</source>
        <translation>超额订阅的核心层</translation>
    </message>
    <message>
        <source>Flows collide on hashed uplinks</source>
        <translation>哈希到上行链路的流发生冲突</translation>
    </message>
    <message>
        <source>%1&apos;s selective checkpointing keeps and replays by operator, not by Megatron&apos;s modules; recompute_modules do nothing there.</source>
        <translation>%1 的选择性检查点按算子保存和重放，而不是按 Megatron 的模块；recompute_modules 在那里不起作用。</translation>
    </message>
    <message>
        <source>core_oversubscription is %1; give what a zone&apos;s leaves send up over its spines&apos; bandwidth to the core, 1 or more (1 = non-blocking).</source>
        <translation>core_oversubscription 为 %1；请给出一个区域的叶交换机上行流量与其脊交换机通往核心层带宽之比，至少为 1（1 = 无阻塞）。</translation>
    </message>
    <message>
        <source>tiers is %1; give 2 (leaves and spines) or 3 (zones of pods_per_zone pods joined by a core level), or leave it out for the default.</source>
        <translation>tiers 为 %1；请给出 2（叶和脊）或 3（由核心层连接、每区 pods_per_zone 个 pod 的区域），或省略以使用默认值。</translation>
    </message>
    <message>
        <source>pods_per_zone</source>
        <translation>pods_per_zone</translation>
    </message>
    <message>
        <source>flows_per_connection is %1; give the flows (QPs) each connection spreads over, 1 (NCCL&apos;s default) to 1024.</source>
        <translation>flows_per_connection 为 %1；请给出每个连接分散到的流（QP）数，1（NCCL 的默认值）到 1024。</translation>
    </message>
    <message>
        <source>%1 groups&apos; flows collide on %2, which ECMP hashes them onto: the busiest uplink carries %3x an even share and the slowest group runs at %4 GB/s. Spread each connection over more flows (flows_per_connection, NCCL_IB_QPS_PER_CONNECTION), route adaptively, or keep this traffic inside a pod.</source>
        <translation>%1 组的流在 %2 上冲突（ECMP 把它们哈希到这些链路上）：最忙的上行链路承载均匀份额的 %3 倍，最慢的组只有 %4 GB/s。请把每个连接分散到更多的流（flows_per_connection、NCCL_IB_QPS_PER_CONNECTION）、使用自适应路由，或让这些流量留在一个 pod 内。</translation>
    </message>
    <message>
        <source>%1 groups cross the oversubscribed core between zones of %2 nodes: they run at %3 GB/s instead of %4 GB/s alone (%5x slower). Keep these groups inside a zone, or lower the core&apos;s oversubscription.</source>
        <translation>%1 组跨越 %2 节点区域之间超额订阅的核心层：它们只有 %3 GB/s，而单独时为 %4 GB/s（慢 %5 倍）。请让这些组留在一个区域内，或降低核心层的超额订阅比。</translation>
    </message>
</context>
<context>
    <name>EngineLadder</name>
    <message>
        <source>Single device</source>
        <translation>单卡</translation>
    </message>
    <message>
        <source>Tensor parallel (TP=2)</source>
        <translation>张量并行（TP=2）</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP=4)</source>
        <translation>流水线并行（PP=4）</translation>
    </message>
    <message>
        <source>Data parallel (DP=8)</source>
        <translation>数据并行（DP=8）</translation>
    </message>
    <message>
        <source>3D mixed (TP=PP=DP=2)</source>
        <translation>3D 混合（TP=PP=DP=2）</translation>
    </message>
    <message>
        <source>Communication stress</source>
        <translation>通信压力测试</translation>
    </message>
    <message>
        <source>Stability run</source>
        <translation>稳定性运行</translation>
    </message>
    <message>
        <source>TP=%1 · PP=%2 · DP=%3</source>
        <translation>TP=%1 · PP=%2 · DP=%3</translation>
    </message>
    <message>
        <source>%1, bench GEMMs and collectives</source>
        <translation>%1，测 GEMM 和集合通信</translation>
    </message>
    <message numerus="yes">
        <source>%1, confirm %n step(s)</source>
        <translation>
            <numerusform>%1，确认运行 %n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>needs %1 CPU ranks, %2 attached</source>
        <translation>需要 %1 个 CPU rank，现有 %2 个</translation>
    </message>
    <message>
        <source>needs %1 GPUs, %2 attached</source>
        <translation>需要 %1 块 GPU，现有 %2 块</translation>
    </message>
    <message>
        <source>Expert parallel (EP=8)</source>
        <translation>专家并行（EP=8）</translation>
    </message>
</context>
<context>
    <name>EngineSession</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Explanation</name>
    <message>
        <source>Every token of the %1 × %2 expert-tensor and expert-parallel GPUs all-gathered to the experts and their outputs reduce-scattered back, per pass, %3 at %4 (allgather dispatcher).</source>
        <translation>%1 × %2 个专家张量并行与专家并行 GPU 上的每个 token 被 all-gather 到专家，其输出再 reduce-scatter 回去，每个 pass 一次，%3，速率 %4（allgather 分发器）。</translation>
    </message>
    <message>
        <source>The %1 expert-tensor-parallel GPUs then all-gather the dispatched rows and reduce-scatter the experts&apos; outputs %2.</source>
        <translation>随后 %1 个专家张量并行 GPU all-gather 分发来的行，并 reduce-scatter 专家的输出，%2。</translation>
    </message>
    <message>
        <source>What runs under %1 is not counted here.</source>
        <translation>在%1之下运行的部分不计入此处。</translation>
    </message>
    <message>
        <source>another micro-batch&apos;s compute</source>
        <translation>另一个微批次的计算</translation>
    </message>
    <message>
        <source>the shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>every layer&apos;s forward (full)</source>
        <translation>每一层的前向（完全）</translation>
    </message>
    <message>
        <source>mb %1</source>
        <translation>mb %1</translation>
    </message>
    <message>
        <source>recompute %1</source>
        <translation>重计算 %1</translation>
    </message>
    <message>
        <source>The GEMMs of each layer&apos;s TP shard (a roofline with tile and wave quantisation on %1 SMs), the attention kernel and the memory-bound elementwise work, over the critical stage&apos;s %2 micro-batches.</source>
        <translation>每层 TP 分片上的 GEMM（按 %1 个 SM 的 roofline 模型估算，含 tile 与 wave 量化效应）、注意力 kernel 以及受访存限制的逐元素运算，累计关键阶段的 %2 个微批次。</translation>
    </message>
    <message>
        <source>Activation recomputation replays %1 before each backward.</source>
        <translation>激活重计算在每次反向之前重新计算%1。</translation>
    </message>
    <message>
        <source>TP group of %1 GPUs %2 at %3 bus bandwidth: %4 per layer and micro-batch in the forward, exposed; the backward hides its column-parallel collectives behind the weight-gradient GEMMs.</source>
        <translation>%1 卡 TP 组%2 通信，总线带宽 %3：前向中每层每个微批次执行%4，这部分时间完全暴露；反向则把列并行的集合通信隐藏在权重梯度 GEMM 之后。</translation>
    </message>
    <message>
        <source>two all-gathers and two reduce-scatters</source>
        <translation>两次 all-gather 和两次 reduce-scatter</translation>
    </message>
    <message>
        <source>two all-reduces</source>
        <translation>两次 all-reduce</translation>
    </message>
    <message>
        <source>Ring attention passes key/value chunks %1 times per pass %2 at %3; only what the attention kernel cannot hide is counted.</source>
        <translation>Ring Attention 在每次前向或反向中传递 %1 次 key/value 分块，%2 以 %3 通信；只计入注意力 kernel 无法隐藏的部分。</translation>
    </message>
    <message>
        <source>All-to-all dispatch and combine of the routed tokens, twice per pass, over %1 GPUs %2 at %3.</source>
        <translation>对路由后的 token 做 all-to-all 的 dispatch 和 combine，每次前向或反向共两次，涉及 %1 张 GPU，%2 以 %3 通信。</translation>
    </message>
    <message>
        <source>Blocking sends of each micro-batch&apos;s activation and gradient between neighbouring stages (each GPU sends 1/tp of it) %1 at %2.</source>
        <translation>相邻阶段之间以阻塞方式发送每个微批次的激活和梯度（每张 GPU 发送其中的 1/tp），%1 以 %2 通信。</translation>
    </message>
    <message>
        <source>all-reduce</source>
        <translation>all-reduce</translation>
    </message>
    <message>
        <source>reduce-scatter</source>
        <translation>reduce-scatter</translation>
    </message>
    <message>
        <source>Gradient %1 over %2 data-parallel GPUs %3 at %4 after the last micro-batch, %5; ZeRO-2/3 traffic per micro-batch where it cannot hide behind its pass.</source>
        <translation>最后一个微批次之后，在 %2 张数据并行 GPU 上对梯度做 %1，%3 以 %4 通信，%5；ZeRO-2/3 每个微批次的通信若无法隐藏在对应的前向或反向之后，也会计入。</translation>
    </message>
    <message>
        <source>overlapped with its backward except the last bucket</source>
        <translation>除最后一个 bucket 外均与反向重叠</translation>
    </message>
    <message>
        <source>not overlapped</source>
        <translation>未重叠</translation>
    </message>
    <message>
        <source>The critical stage&apos;s idle time while the pipeline fills and drains: %1 of the step (uniform stages would give (p−1)/(v·m+p−1) = %2).</source>
        <translation>关键阶段在流水线填充和排空期间的空闲时间：占每步的 %1（若各阶段均匀，则为 (p−1)/(v·m+p−1) = %2）。</translation>
    </message>
    <message>
        <source>The Adam step over the parameters this GPU owns (ZeRO-%1), memory-bound at HBM bandwidth.</source>
        <translation>对本卡负责的参数执行 Adam 更新（ZeRO-%1），受限于 HBM 带宽。</translation>
    </message>
    <message>
        <source>Per-step framework overhead outside the pipeline.</source>
        <translation>流水线之外的每步框架开销。</translation>
    </message>
    <message>
        <source>B is not slower than A: its step takes %1 against %2.</source>
        <translation>B 并不比 A 慢：B 每步耗时 %1，A 为 %2。</translation>
    </message>
    <message>
        <source>B&apos;s step takes %1 longer (%2 against %3), most of it in %4. </source>
        <translation>B 每步多耗时 %1（%2 对比 %3），主要来自“%4”。</translation>
    </message>
    <message>
        <source>B&apos;s TP group of %1 GPUs spans nodes: its collectives run at %2 instead of %3.</source>
        <translation>B 的 %1 卡 TP 组跨节点：其集合通信带宽为 %2，而非 %3。</translation>
    </message>
    <message>
        <source>B&apos;s TP collectives run over a slower link: %1 instead of %2.</source>
        <translation>B 的 TP 集合通信走的是更慢的链路：%1，而非 %2。</translation>
    </message>
    <message>
        <source>B splits every layer over %1 GPUs instead of %2: more collectives per layer for less compute each.</source>
        <translation>B 把每一层切分到 %1 张 GPU 上，而非 %2 张：每层的集合通信更多，每张卡分到的计算却更少。</translation>
    </message>
    <message>
        <source>A hides its TP communication behind the GEMMs (TP communication overlap); B does not.</source>
        <translation>A 将 TP 通信隐藏在 GEMM 之后（TP 通信重叠），B 没有。</translation>
    </message>
    <message>
        <source>B&apos;s pipeline idles %1 of the step against %2: %3 stages share %4 micro-batches (A: %5 stages, %6).</source>
        <translation>B 的流水线空闲时间占每步的 %1，A 为 %2：%3 个阶段分摊 %4 个微批次（A：%5 个阶段，%6 个微批次）。</translation>
    </message>
    <message>
        <source>B sends activations between %1 stages at %2 (A: %3 stages at %4).</source>
        <translation>B 在 %1 个阶段之间以 %2 传递激活（A：%3 个阶段，%4）。</translation>
    </message>
    <message>
        <source>B reduces gradients over %1 GPUs at %2 (A: %3 GPUs at %4), and the backward cannot hide it.</source>
        <translation>B 在 %1 张 GPU 上以 %2 归约梯度（A：%3 张 GPU，%4），且反向无法将其隐藏。</translation>
    </message>
    <message>
        <source>B&apos;s GEMMs are smaller (tp %1, micro-batch %2 against tp %3, micro-batch %4): its compute reaches %5 per GPU against %6.</source>
        <translation>B 的 GEMM 更小（tp %1、微批次 %2，对比 tp %3、微批次 %4）：每卡算力只达到 %5，而 A 为 %6。</translation>
    </message>
    <message>
        <source>B gives each GPU more work per step: %1 TFLOP against %2.</source>
        <translation>B 每步给每张 GPU 分配的计算量更多：%1 TFLOP，A 为 %2。</translation>
    </message>
    <message>
        <source>B recomputes %1 where A recomputes %2.</source>
        <translation>B 的重计算范围：%1；A：%2。</translation>
    </message>
    <message>
        <source>B&apos;s context-parallel ring over %1 GPUs runs at %2 (A: %3 GPUs at %4).</source>
        <translation>B 的上下文并行环跨 %1 张 GPU，带宽 %2（A：%3 张 GPU，%4）。</translation>
    </message>
    <message>
        <source>B&apos;s expert all-to-all over %1 GPUs runs at %2 (A: %3 GPUs at %4).</source>
        <translation>B 的专家 all-to-all 跨 %1 张 GPU，带宽 %2（A：%3 张 GPU，%4）。</translation>
    </message>
    <message>
        <source>B&apos;s optimizer step updates more parameters per GPU (ZeRO-%1 against ZeRO-%2).</source>
        <translation>B 的优化器每步在每张卡上更新的参数更多（ZeRO-%1 对比 ZeRO-%2）。</translation>
    </message>
    <message>
        <source>B pays more fixed per-step overhead.</source>
        <translation>B 的每步固定开销更大。</translation>
    </message>
    <message>
        <source>inside one node, bounded by %1</source>
        <translation>在一个节点内，受限于 %1</translation>
    </message>
    <message>
        <source>across %1 nodes, bounded by %2</source>
        <translation>跨 %1 个节点，受限于 %2</translation>
    </message>
    <message>
        <source>No real difference: A&apos;s and B&apos;s steps lie within each other&apos;s 80 % band, so the model cannot tell them apart. What it predicts: %1</source>
        <translation>没有实质差异：A 与 B 的每步时间都落在对方的 80 % 区间内，模型无法区分两者。模型的预测：%1</translation>
    </message>
    <message>
        <source>the modules %1 (selective)</source>
        <translation>模块 %1（选择性）</translation>
    </message>
    <message>
        <source>the selective modules</source>
        <translation>选择性重计算的模块</translation>
    </message>
    <message>
        <source>The flex dispatcher sends a token across the network once per node holding its experts (%1 of %2 nodes on average) and forwards it inside the node: %3 % of an all-to-all&apos;s network bytes.</source>
        <translation>flex 分发器对每个持有该 token 专家的节点只跨网络发送一次（平均 %2 个节点中的 %1 个），再在节点内转发：网络字节数为 all-to-all 的 %3 %。</translation>
    </message>
    <message>
        <source>B runs its pipeline under %1, A under %2: B&apos;s idles %3 of the step against %4.</source>
        <translation>B 的流水线采用 %1，A 采用 %2：B 空闲占步长的 %3，A 为 %4。</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>%1 TFLOP/s</source>
        <translation>%1 TFLOP/s</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
</context>
<context>
    <name>LinkItem</name>
    <message>
        <source>%1 · %2 links</source>
        <translation>%1 · %2 条链路</translation>
    </message>
</context>
<context>
    <name>LinkText</name>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>socket link</source>
        <translation>插槽互连</translation>
    </message>
    <message>
        <source>%1 – %2 (%3) on node %4</source>
        <translation>节点 %4 上的 %1 – %2（%3）</translation>
    </message>
    <message>
        <source>NIC %1 of node %2</source>
        <translation>节点 %2 的网卡 %1</translation>
    </message>
    <message>
        <source>the spine uplinks of a leaf switch</source>
        <translation>某个叶交换机的脊层上行链路</translation>
    </message>
    <message>
        <source>the spine uplinks of a rail switch</source>
        <translation>某个轨道交换机的脊层上行链路</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>NVSwitch</source>
        <translation>NVSwitch</translation>
    </message>
    <message>
        <source>PCIe switch</source>
        <translation>PCIe 交换机</translation>
    </message>
    <message>
        <source>CPU socket</source>
        <translation>CPU 插槽</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
</context>
<context>
    <name>Plan</name>
    <message>
        <source>No plan meets the deadline of %1: the fastest takes %2 on %3.</source>
        <translation>没有方案能在 %1 的截止期限内完成：最快的方案在 %3 上需要 %2。</translation>
    </message>
    <message>
        <source>No plan stays within the budget of %1: the cheapest costs %2 and takes %3 on %4.</source>
        <translation>没有方案能控制在 %1 的预算内：最便宜的方案在 %4 上花费 %2，耗时 %3。</translation>
    </message>
    <message>
        <source>No configuration of %1 runs on %2 at node counts %3 within memory and the rules.</source>
        <translation>%1 在 %2 上、节点数为 %3 时，没有任何并行配置能在显存与规则限制内运行。</translation>
    </message>
    <message>
        <source>%1 has no price: give its node_hour_usd, or its cluster&apos;s gpu_hour_cost_usd, to cost its plans.</source>
        <translation>%1 没有价格：请给出其 node_hour_usd，或集群的 gpu_hour_cost_usd，才能计算这些方案的成本。</translation>
    </message>
    <message>
        <source>The run has no token budget: give training.train_tokens, or training.dataset_tokens and training.epochs.</source>
        <translation>训练没有 token 预算：请给出 training.train_tokens，或 training.dataset_tokens 与 training.epochs。</translation>
    </message>
    <message>
        <source>The plan names no hardware to run on: list a cluster with the node counts to try under hardware.</source>
        <translation>规划中没有可供运行的硬件：请在 hardware 下列出集群及要尝试的节点数。</translation>
    </message>
    <message>
        <source>Phase %1 cannot run: %2</source>
        <translation>阶段 %1 无法运行：%2</translation>
    </message>
    <message>
        <source>Phase %1 does not fit in GPU memory with %2: it needs %3 per GPU of the %4 there are; choose another configuration or let parallel.recompute be &quot;auto&quot;.</source>
        <translation>阶段 %1 在 %2 下显存放不下：每张 GPU 需要 %3，而只有 %4；请换一种配置，或将 parallel.recompute 设为 &quot;auto&quot;。</translation>
    </message>
    <message>
        <source>Phase %1 is interrupted faster than it can save a checkpoint: it would never finish. Give the cluster faster storage or fewer failures.</source>
        <translation>阶段 %1 被中断的频率高于保存检查点的速度：训练永远无法完成。请为集群提供更快的存储或更低的故障率。</translation>
    </message>
    <message>
        <source>Phase %1&apos;s batch ramp must start above zero and below the global batch of %2 and reach it in whole increments; it starts at %3 and grows by %4.</source>
        <translation>阶段 %1 的 batch 爬升必须从大于 0、小于全局 batch %2 的值开始，并以整数步长到达它；当前从 %3 开始，每次增加 %4。</translation>
    </message>
    <message>
        <source>Phase %1&apos;s batch ramp has %2 levels, more than the %3 a plan takes: give it a larger increment.</source>
        <translation>阶段 %1 的 batch 爬升有 %2 级，超过规划允许的 %3 级：请增大步长。</translation>
    </message>
    <message>
        <source>Phase %1&apos;s batch ramp takes %2 sequences: it needs some, and at most the phase&apos;s %3.</source>
        <translation>阶段 %1 的 batch 爬升占用 %2 条序列：必须大于 0，且不超过该阶段的 %3 条。</translation>
    </message>
    <message>
        <source>Phase %1&apos;s batch ramp starts at %2 and grows by %3, but every global batch must divide over data-parallel %4 × micro-batch %5: Megatron refuses it. Change the ramp or the phase&apos;s configuration.</source>
        <translation>阶段 %1 的 batch 爬升从 %2 开始、每次增加 %3，但每个全局 batch 都必须能被数据并行 %4 × micro-batch %5 整除：Megatron 会拒绝运行。请修改爬升设置或该阶段的配置。</translation>
    </message>
    <message>
        <source>The fixed configuration cannot run phase %1 (%2); the fixed run takes the phase&apos;s own configuration there.</source>
        <translation>固定配置无法运行阶段 %1（%2）；固定方案在该阶段改用该阶段自己的配置。</translation>
    </message>
    <message>
        <source>Phase %1 needs its length: give its tokens or its steps (one of them, above zero).</source>
        <translation>阶段 %1 需要给出长度：请给出其 tokens 或 steps（二选一，且大于 0）。</translation>
    </message>
    <message>
        <source>The plan lists no phases.</source>
        <translation>规划中没有列出任何阶段。</translation>
    </message>
    <message>
        <source>Planning was cancelled before phase %1.</source>
        <translation>规划在阶段 %1 之前被取消。</translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1–%2 days</source>
        <translation>%1–%2 天</translation>
    </message>
</context>
<context>
    <name>ProbeText</name>
    <message>
        <source>rank %1: %2 on %3, %4</source>
        <translation>rank %1：%2，位于 %3，%4</translation>
    </message>
    <message>
        <source>GEMM %1 (%2×%3×%4, %5): %6 TFLOP/s, %7</source>
        <translation>GEMM %1（%2×%3×%4，%5）：%6 TFLOP/s，%7</translation>
    </message>
    <message>
        <source>attention (sequence %1, head %2): %3 TFLOP/s</source>
        <translation>注意力（序列 %1，头维度 %2）：%3 TFLOP/s</translation>
    </message>
    <message>
        <source>%1 %2 over %3 ranks, %4 bytes: bus %5 (model %6)</source>
        <translation>%1 %2，%3 个 rank，%4 字节：总线带宽 %5（模型 %6）</translation>
    </message>
    <message>
        <source>step %1: %2</source>
        <translation>第 %1 步：%2</translation>
    </message>
    <message>
        <source>measurement %1</source>
        <translation>测量 %1</translation>
    </message>
    <message>
        <source>[%1/%2] %3</source>
        <translation>[%1/%2] %3</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>error on rank %1 (%2): %3</source>
        <translation>rank %1 出错（%2）：%3</translation>
    </message>
    <message numerus="yes">
        <source>%1 finished on %n rank(s) (%2 backend)</source>
        <translation>
            <numerusform>%1 已在 %n 个 rank 上完成（%2 后端）</numerusform>
        </translation>
    </message>
    <message>
        <source>no GPU was found</source>
        <translation>未找到 GPU</translation>
    </message>
    <message>
        <source>the GPU driver is older than the CUDA runtime</source>
        <translation>GPU 驱动比 CUDA 运行时旧</translation>
    </message>
    <message>
        <source>this probe was built without that backend</source>
        <translation>此 probe 构建时未包含该后端</translation>
    </message>
    <message>
        <source>unknown backend</source>
        <translation>未知后端</translation>
    </message>
    <message>
        <source>the scenario file cannot be read</source>
        <translation>无法读取场景文件</translation>
    </message>
    <message>
        <source>the scenario breaks a rule</source>
        <translation>场景违反规则</translation>
    </message>
    <message>
        <source>the number of ranks does not match the scenario</source>
        <translation>rank 数与场景不符</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>a CUDA call failed</source>
        <translation>CUDA 调用失败</translation>
    </message>
    <message>
        <source>a cuBLAS call failed</source>
        <translation>cuBLAS 调用失败</translation>
    </message>
    <message>
        <source>an NCCL call failed</source>
        <translation>NCCL 调用失败</translation>
    </message>
    <message>
        <source>an MPI call failed</source>
        <translation>MPI 调用失败</translation>
    </message>
    <message>
        <source>a step took longer than the watchdog allows</source>
        <translation>某一步超过了看门狗允许的时间</translation>
    </message>
    <message>
        <source>stopped (cancelled, or another rank failed)</source>
        <translation>已停止（被取消，或另一个 rank 失败）</translation>
    </message>
    <message>
        <source>internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <source>the probe failed (exit status 1)</source>
        <translation>probe 失败（退出状态 1）</translation>
    </message>
    <message>
        <source>the scenario breaks a rule (exit status 2)</source>
        <translation>场景违反规则（退出状态 2）</translation>
    </message>
    <message>
        <source>the watchdog aborted a stuck step (exit status 3)</source>
        <translation>看门狗中止了卡住的步骤（退出状态 3）</translation>
    </message>
    <message>
        <source>the probe ended with exit status %1</source>
        <translation>probe 以退出状态 %1 结束</translation>
    </message>
    <message>
        <source>the calibration profile cannot be read</source>
        <translation>无法读取校准配置文件</translation>
    </message>
    <message>
        <source>an output file cannot be written</source>
        <translation>无法写入输出文件</translation>
    </message>
    <message>
        <source>a buffer is smaller than the operation needs</source>
        <translation>缓冲区小于该操作所需的大小</translation>
    </message>
    <message>
        <source>a message was addressed to a rank outside its group</source>
        <translation>消息发给了其所在组之外的 rank</translation>
    </message>
    <message>
        <source>a message is larger than the backend sends at once</source>
        <translation>消息超过了后端单次可发送的大小</translation>
    </message>
    <message>
        <source>a receive has no matching send</source>
        <translation>接收没有与之匹配的发送</translation>
    </message>
    <message>
        <source>a send has no matching receive</source>
        <translation>发送没有与之匹配的接收</translation>
    </message>
    <message>
        <source>CPU measurements, not GPU ones</source>
        <translation>CPU 测量，而非 GPU 测量</translation>
    </message>
    <message>
        <source>what discovery could not find out</source>
        <translation>设备发现未能查明的情况</translation>
    </message>
    <message>
        <source>what the benchmark does not measure</source>
        <translation>基准测试未测量的内容</translation>
    </message>
    <message>
        <source>a group does not fit this run&apos;s ranks</source>
        <translation>某个通信组超出了本次运行的 rank 数</translation>
    </message>
    <message>
        <source>GEMM %1 alone, %2 beside %3 × %4 MiB all-reduce over %5 ranks (bus %6): compute %7 slower while overlapped (model %8)</source>
        <translation>GEMM 单独运行 %1，与 %5 个 rank 上的 %3 × %4 MiB all-reduce 并行时 %2（总线 %6）：重叠期间计算慢 %7（模型 %8）</translation>
    </message>
</context>
<context>
    <name>ProjectDocument</name>
    <message>
        <source>This is not a ParaPlan project: the file holds %1, not an object.</source>
        <translation>这不是 ParaPlan 项目：文件内容为 %1，而非 JSON 对象。</translation>
    </message>
    <message>
        <source>This is not a ParaPlan project or scenario: it has no &quot;paraplan_project&quot; version and no model, training and cluster.</source>
        <translation>这不是 ParaPlan 项目或场景：既没有 &quot;paraplan_project&quot; 版本号，也没有 model、training 和 cluster。</translation>
    </message>
    <message>
        <source>This project was written by a newer ParaPlan (format %1; this one reads up to %2).</source>
        <translation>此项目由更新版本的 ParaPlan 保存（格式版本 %1；当前版本最高只能读取 %2）。</translation>
    </message>
    <message>
        <source>The project has no &quot;scenario&quot;.</source>
        <translation>项目中缺少 &quot;scenario&quot;。</translation>
    </message>
    <message>
        <source>The project cannot be read at %1: %2</source>
        <translation>无法读取项目中的 %1：%2</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is too large to be a ParaPlan project.</source>
        <translation>%1 过大，不可能是 ParaPlan 项目。</translation>
    </message>
    <message>
        <source>%1 is empty.</source>
        <translation>%1 为空。</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
</context>
<context>
    <name>Recovery</name>
    <message>
        <source>Restore unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <source>ParaPlan did not close normally last time. Its unsaved work from %1 was kept. Restore it?</source>
        <translation>ParaPlan 上次未正常关闭，已保留其 %1 时未保存的工作。要恢复吗？</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>%1 (80 % band %2 – %3)</source>
        <translation>%1（80 % 区间 %2 – %3）</translation>
    </message>
    <message>
        <source>Predicted step</source>
        <translation>预测每步时间</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Memory per GPU (fullest stage)</source>
        <translation>每卡显存（占用最高的阶段）</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>set training.train_tokens to see it</source>
        <translation>设置 training.train_tokens 后可见</translation>
    </message>
    <message>
        <source>Cost to train</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <source>needs train_tokens and a GPU-hour price</source>
        <translation>需要 train_tokens 和每 GPU 小时价格</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>It fits with room to spare (%1 of %2 per GPU).</source>
        <translation>显存放得下且有余量（每卡 %1 / %2）。</translation>
    </message>
    <message>
        <source>It needs %1 of %2 per GPU: above the 80 % real runs keep free.</source>
        <translation>每卡需要 %1 / %2：超出了实际训练通常保持的 80 % 安全线。</translation>
    </message>
    <message>
        <source>The advisor finds nothing to change that the model can resolve.</source>
        <translation>调优顾问没有找到模型能分辨出收益的改动。</translation>
    </message>
    <message numerus="yes">
        <source>The advisor finds %n change(s) worth making; the first, %1, %2.</source>
        <translation>
            <numerusform>调优顾问找到 %n 项值得做的改动；首项为“%1”，%2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Configuration: %1</source>
        <translation>配置：%1</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Against %1: %2</source>
        <translation>与 %1 对比：%2</translation>
    </message>
    <message>
        <source>Top findings</source>
        <translation>主要发现</translation>
    </message>
    <message>
        <source>Efficiency report</source>
        <translation>效率报告</translation>
    </message>
    <message>
        <source>Step against its theoretical minimum</source>
        <translation>每步时间与理论最小值对比</translation>
    </message>
    <message>
        <source>Step %1; theoretical minimum %2 (the model&apos;s FLOPs at the GPU&apos;s peak): %3 of the step is useful model arithmetic.</source>
        <translation>每步 %1；理论最小值 %2（模型 FLOPs 按 GPU 峰值算力计算）：每步中有 %3 是有效的模型计算。</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Compute runs %1 of the step (recomputation %2); %3 per GPU reach the hardware (HFU %4, MFU %5).</source>
        <translation>计算占每步的 %1（其中重计算 %2）；每卡实际达到 %3 的硬件算力（HFU %4，MFU %5）。</translation>
    </message>
    <message>
        <source>Communication by kind</source>
        <translation>各类通信</translation>
    </message>
    <message>
        <source>No communication: one GPU.</source>
        <translation>无通信：只有一张 GPU。</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Exposed</source>
        <translation>暴露</translation>
    </message>
    <message>
        <source>Share of the step</source>
        <translation>占每步比例</translation>
    </message>
    <message>
        <source>Hidden under compute</source>
        <translation>隐藏在计算之下</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Predicted %1 of the step under %2 (%3 stages, %4 micro-batches; uniform stages would idle %5).</source>
        <translation>预测在 %2 调度下占每步的 %1（%3 个阶段，%4 个微批次；若各阶段均匀，空闲占比应为 %5）。</translation>
    </message>
    <message>
        <source>Measured step %1 (%2): %3 × the prediction.</source>
        <translation>实测每步 %1（%2）：相当于预测值 × %3。</translation>
    </message>
    <message>
        <source>No measurement loaded: import a training log or a profiler trace to hold it against the prediction.</source>
        <translation>未加载实测数据：导入训练日志或 profiler trace 即可与预测对照。</translation>
    </message>
    <message>
        <source>Bottleneck analysis</source>
        <translation>瓶颈分析</translation>
    </message>
    <message>
        <source>Beside compute, the largest part of the step is %1: %2 (%3). %4</source>
        <translation>除计算外，每步中占比最大的是%1：%2（%3）。%4</translation>
    </message>
    <message>
        <source>Next actions</source>
        <translation>后续行动</translation>
    </message>
    <message>
        <source>Nothing to change: no finding gains more than the model can resolve.</source>
        <translation>无需改动：没有哪项发现的收益超过模型的分辨能力。</translation>
    </message>
    <message>
        <source>Memory per stage</source>
        <translation>各阶段显存</translation>
    </message>
    <message>
        <source>Pipeline timeline</source>
        <translation>流水线时间线</translation>
    </message>
    <message>
        <source>Topology and groups</source>
        <translation>拓扑与通信组</translation>
    </message>
    <message>
        <source>Each GPU coloured by its tensor-parallel group and labelled with its rank.</source>
        <translation>每块 GPU 按其张量并行组着色，并标注其 rank。</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感性</translation>
    </message>
    <message>
        <source>Appendix: assumptions and sources</source>
        <translation>附录：假设与来源</translation>
    </message>
    <message>
        <source>ParaPlan %1 predicts every figure with its analytical cost model (docs/cost-model.md); the efficiency constants below are one joint fit over the published runs in tests/data/validation, and each source is in docs/cost-model.md.</source>
        <translation>ParaPlan %1 用其解析成本模型（docs/cost-model.md）预测所有指标；下列效率常数是对 tests/data/validation 中公开运行数据的一次联合拟合，各项来源见 docs/cost-model.md。</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>常数</translation>
    </message>
    <message>
        <source>Physical range</source>
        <translation>物理范围</translation>
    </message>
    <message>
        <source>Calibration: measured GEMM rates and bandwidths from %1 replace the model&apos;s where they apply.</source>
        <translation>校准：在适用之处，用来自 %1 的实测 GEMM 速率和带宽替代模型自身的数值。</translation>
    </message>
    <message>
        <source>a profile</source>
        <translation>校准配置</translation>
    </message>
    <message>
        <source>Calibration: none; the model&apos;s own constants.</source>
        <translation>校准：无；使用模型自身的常数。</translation>
    </message>
    <message>
        <source>Band: %1</source>
        <translation>区间：%1</translation>
    </message>
    <message>
        <source>ParaPlan report: %1</source>
        <translation>ParaPlan 报告：%1</translation>
    </message>
    <message>
        <source>%1 × %2 (%3 nodes) · %4</source>
        <translation>%1 × %2（%3 个节点）· %4</translation>
    </message>
    <message>
        <source>the scenario is invalid: %1</source>
        <translation>场景无效：%1</translation>
    </message>
    <message>
        <source>the configuration to compare with is invalid</source>
        <translation>用于对比的配置无效</translation>
    </message>
    <message>
        <source>%1: the report is written as .pdf or .html</source>
        <translation>%1：报告只能保存为 .pdf 或 .html</translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>The profiler trace holds no complete step of any stage.</source>
        <translation>性能剖析轨迹中没有任何阶段的完整一步。</translation>
    </message>
    <message>
        <source>Measured in the profiler trace: the traced stages sat idle %1 of their step on average, stage %2 the most (%3), against a predicted bubble of %4; measured step %5 against %6 predicted.</source>
        <translation>性能剖析轨迹实测：各被追踪阶段平均有 %1 的每步时间处于空闲，其中阶段 %2 最多（%3），而预测的流水线气泡为 %4；实测每步 %5，预测为 %6。</translation>
    </message>
    <message>
        <source>%1 (%2 over the published failure rates)</source>
        <translation>%1（按公开故障率范围为 %2）</translation>
    </message>
    <message>
        <source>Goodput (failures, checkpoints, restarts)</source>
        <translation>有效训练占比（故障、检查点、重启）</translation>
    </message>
    <message>
        <source>Time to train through failures</source>
        <translation>计入故障的训练时长</translation>
    </message>
    <message>
        <source>Cost to train through failures</source>
        <translation>计入故障的训练成本</translation>
    </message>
    <message>
        <source>The job is interrupted every %1 on average (MTBF at %2 failures per GPU-hour). A checkpoint of %3 takes %4 to write, %5 of which the training waits, and is taken every %6 (%7 steps; Daly&apos;s optimum %8). A restart costs %9 and loses %10 of work on average.</source>
        <translation>作业平均每 %1 中断一次（MTBF，按每 GPU 小时 %2 次故障计）。一个 %3 的检查点写入需要 %4，其中训练需等待 %5；检查点每 %6 保存一次（%7 步；Daly 最优间隔为 %8）。每次重启耗时 %9，平均损失 %10 的计算。</translation>
    </message>
    <message>
        <source>Goodput %1.</source>
        <translation>有效训练占比 %1。</translation>
    </message>
    <message>
        <source>Over the run&apos;s %1 tokens: %2 of wall clock, about %3 interruptions on the way.</source>
        <translation>训练全部 %1 个 token：墙钟时间 %2，期间预计约 %3 次中断。</translation>
    </message>
    <message>
        <source>Goodput: failures, checkpoints and restarts</source>
        <translation>有效训练占比：故障、检查点与重启</translation>
    </message>
    <message>
        <source>Plan: deadline, budget and hardware</source>
        <translation>规划：截止期限、预算与硬件</translation>
    </message>
</context>
<context>
    <name>Scaling</name>
    <message>
        <source>parallel.dp (%1) is not held: it follows the node count, N / (tp·pp·cp).</source>
        <translation>parallel.dp（%1）不保持固定：它随节点数变化，为 N / (tp·pp·cp)。</translation>
    </message>
    <message>
        <source>The rank table (parallel.placement.rank_to_gpu) places every node&apos;s ranks alike: each node count repeats that pattern.</source>
        <translation>rank 表（parallel.placement.rank_to_gpu）在每个节点上的放置方式相同：各节点数下都重复这一模式。</translation>
    </message>
    <message>
        <source>The rank table (parallel.placement.rank_to_gpu) is not one node&apos;s pattern repeated: at counts other than %1 nodes rank r runs on GPU r.</source>
        <translation>rank 表（parallel.placement.rank_to_gpu）不是单个节点模式的重复：节点数不为 %1 时，rank r 运行在 GPU r 上。</translation>
    </message>
    <message>
        <source>cluster.topology lists %1 kinds of node: other counts keep the first nodes in its order and add nodes of the last kind (%2).</source>
        <translation>cluster.topology 列出了 %1 种节点类型：其他节点数下按其顺序保留靠前的节点，并添加最后一种类型（%2）的节点。</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>tensor-parallel communication</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <source>context-parallel exchange</source>
        <translation>上下文并行交换</translation>
    </message>
    <message>
        <source>expert-parallel token exchange</source>
        <translation>专家并行 token 交换</translation>
    </message>
    <message>
        <source>pipeline sends between stages</source>
        <translation>流水线阶段间发送</translation>
    </message>
    <message>
        <source>data-parallel gradient reduction</source>
        <translation>数据并行梯度归约</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>per-step overhead</source>
        <translation>每步开销</translation>
    </message>
    <message>
        <source>expert tensor-parallel communication</source>
        <translation>专家张量并行通信</translation>
    </message>
    <message>
        <source>expert gradient reduction</source>
        <translation>专家梯度归约</translation>
    </message>
    <message>
        <source>embedding synchronisation</source>
        <translation>嵌入层同步</translation>
    </message>
    <message>
        <source>From %1 nodes the %2 begins: its groups of %3 GPUs span %4 nodes at a bus bandwidth of %5 (bound by %6), and its exposed time per step rises from %7 to %8.</source>
        <translation>从 %1 个节点起开始出现%2：其 %3 卡的组跨越 %4 个节点，总线带宽 %5（受限于 %6），每步暴露时间从 %7 增至 %8。</translation>
    </message>
    <message>
        <source>From %1 nodes the %2 crosses nodes: its bus bandwidth falls from %3 to %4 (bound by %5) and its exposed time per step rises from %6 to %7.</source>
        <translation>从 %1 个节点起，%2开始跨节点：总线带宽从 %3 降至 %4（受限于 %5），每步暴露时间从 %6 增至 %7。</translation>
    </message>
    <message>
        <source>From %1 nodes the %2 is bound by %3: its bus bandwidth falls from %4 to %5 (%6 groups share that link) and its exposed time per step rises from %7 to %8.</source>
        <translation>从 %1 个节点起，%2受限于 %3：总线带宽从 %4 降至 %5（%6 个组共用该链路），每步暴露时间从 %7 增至 %8。</translation>
    </message>
    <message>
        <source>From %1 nodes the exposed time per step of the %2 rises from %3 to %4 at a bus bandwidth of %5 (%6 before), its groups of %7 GPUs spanning %8 nodes; %9 of it ran hidden under compute.</source>
        <translation>从 %1 个节点起，%2的每步暴露时间从 %3 增至 %4，总线带宽 %5（此前为 %6），其 %7 卡的组跨越 %8 个节点；其中 %9 隐藏在计算之下。</translation>
    </message>
    <message>
        <source>From %1 nodes each pipeline runs %2 micro-batches instead of %3: the pipeline bubble grows from %4 to %5 of the step (%6 to %7).</source>
        <translation>从 %1 个节点起，每条流水线运行 %2 个微批次而不是 %3 个：流水线气泡占每步的比例从 %4 增至 %5（%6 增至 %7）。</translation>
    </message>
    <message>
        <source>From %1 nodes the %2 grows from %3 to %4 per step.</source>
        <translation>从 %1 个节点起，%2每步从 %3 增至 %4。</translation>
    </message>
    <message>
        <source>From %1 nodes the compute goes only from %2 to %3 per step: the pipeline stage that sets the step holds %7 layers at both counts, where %4 GPUs instead of %5 would take the compute to %6 at perfect scaling.</source>
        <translation>从 %1 个节点起，计算每步只从 %2 降到 %3：决定每步时间的流水线阶段在两种节点数下都有 %7 层；而在理想扩展下，用 %4 张 GPU 代替 %5 张应能把计算降到 %6。</translation>
    </message>
    <message>
        <source>From %1 nodes the %2 goes only from %3 to %4 per step, where %5 GPUs instead of %6 would take it to %7 at perfect scaling.</source>
        <translation>从 %1 个节点起，%2每步只从 %3 变为 %4；而在理想扩展下，用 %5 张 GPU 代替 %6 张应能降到 %7。</translation>
    </message>
    <message>
        <source>Adding nodes stops paying at %1 nodes: from %2 to %1 nodes tokens/s fall from %3 to %4 — more nodes, slower training.</source>
        <translation>增加节点在 %1 个节点处不再划算：从 %2 个增加到 %1 个节点，tokens/s 从 %3 降到 %4——节点更多，训练反而更慢。</translation>
    </message>
    <message>
        <source>Adding nodes stops paying at %1 nodes: from %2 to %1 nodes tokens/s rise only from %3 to %4, so each added GPU brings %5 of the throughput a GPU has at the smallest count (the mark is below %6).</source>
        <translation>增加节点在 %1 个节点处不再划算：从 %2 个增加到 %1 个节点，tokens/s 只从 %3 升到 %4，每张新增 GPU 带来的吞吐量只有最小规模下单卡吞吐量的 %5（低于 %6 即判定为不划算）。</translation>
    </message>
    <message>
        <source>Throughput peaks on one node with %1 tokens/s; at %2 nodes the step takes %3 instead of %4 and tokens/s fall to %5.</source>
        <translation>吞吐量在单节点时达到峰值，为 %1 tokens/s；在 %2 个节点时每步耗时 %3 而不是 %4，tokens/s 降至 %5。</translation>
    </message>
    <message>
        <source>Throughput peaks at %1 nodes with %2 tokens/s; at %3 nodes the step takes %4 instead of %5 and tokens/s fall to %6.</source>
        <translation>吞吐量在 %1 个节点时达到峰值，为 %2 tokens/s；在 %3 个节点时每步耗时 %4 而不是 %5，tokens/s 降至 %6。</translation>
    </message>
    <message>
        <source>The global batch of %1 does not divide over the scenario&apos;s data-parallel replicas at its own %2 nodes, so it has no batch per replica to hold; make the scenario valid at its own size or hold the global batch fixed.</source>
        <translation>全局批次 %1 在场景自身的 %2 个节点上无法均分到各数据并行副本，因此没有可保持不变的每副本批次；请先让场景在自身规模下有效，或改为固定全局批次。</translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <source>ZB-H1</source>
        <translation>ZB-H1</translation>
    </message>
    <message>
        <source>ZB-H2</source>
        <translation>ZB-H2</translation>
    </message>
    <message>
        <source>ZB-V</source>
        <translation>ZB-V</translation>
    </message>
    <message>
        <source>DualPipe</source>
        <translation>DualPipe</translation>
    </message>
    <message>
        <source>DualPipeV</source>
        <translation>DualPipeV</translation>
    </message>
</context>
<context>
    <name>Sensitivity</name>
    <message>
        <source>inter-node bandwidth</source>
        <translation>节点间带宽</translation>
    </message>
    <message>
        <source>intra-node bandwidth</source>
        <translation>节点内带宽</translation>
    </message>
    <message>
        <source>GEMM efficiency</source>
        <translation>GEMM 效率</translation>
    </message>
    <message>
        <source>attention efficiency</source>
        <translation>注意力效率</translation>
    </message>
    <message>
        <source>HBM efficiency</source>
        <translation>HBM 效率</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>straggler jitter</source>
        <translation>慢卡抖动</translation>
    </message>
    <message>
        <source>framework overhead per step</source>
        <translation>每步框架开销</translation>
    </message>
    <message>
        <source>host launch time per layer</source>
        <translation>每层主机端启动时间</translation>
    </message>
    <message>
        <source>The %1 is already at the end of its physical range (%2).</source>
        <translation>%1已处于其物理范围的端点（%2）。</translation>
    </message>
    <message>
        <source>A micro-batch of %1 cannot be halved into whole sequences.</source>
        <translation>大小为 %1 的微批次无法减半为整数个序列。</translation>
    </message>
    <message>
        <source>A sequence of %1 tokens cannot be halved into whole tokens.</source>
        <translation>%1 个 token 的序列无法减半为整数个 token。</translation>
    </message>
    <message>
        <source>Twice the sequence at the same tokens per step takes half the global batch, and %1 sequences cannot be halved.</source>
        <translation>序列长度翻倍且每步 token 数不变，全局批次就要减半，而 %1 个序列无法减半。</translation>
    </message>
    <message>
        <source>With the %1 at %2 the configuration breaks a rule: %3</source>
        <translation>%1为 %2 时，配置违反规则：%3</translation>
    </message>
    <message>
        <source>With the %1 at %2 the fullest stage needs %3 per GPU, more than the GPU&apos;s %4.</source>
        <translation>%1为 %2 时，占用最高的阶段每卡需要 %3，超过了 GPU 的 %4。</translation>
    </message>
    <message>
        <source>%1 stays faster than %2 under every input&apos;s realistic range; the closest call is the %3 %4 lower, where %1 still leads by %5.</source>
        <translation>在每个输入的现实范围内，%1 都比 %2 快；最接近反转的是%3降低 %4，此时 %1 仍领先 %5。</translation>
    </message>
    <message>
        <source>%1 stays faster than %2 under every input&apos;s realistic range; the closest call is the %3 %4 higher, where %1 still leads by %5.</source>
        <translation>在每个输入的现实范围内，%1 都比 %2 快；最接近反转的是%3提高 %4，此时 %1 仍领先 %5。</translation>
    </message>
    <message>
        <source>%1 stays faster than %2 under every input&apos;s realistic range; the closest call is the %3 halved, where %1 still leads by %4.</source>
        <translation>在每个输入的现实范围内，%1 都比 %2 快；最接近反转的是%3减半，此时 %1 仍领先 %4。</translation>
    </message>
    <message>
        <source>%1 stays faster than %2 under every input&apos;s realistic range; the closest call is the %3 doubled, where %1 still leads by %4.</source>
        <translation>在每个输入的现实范围内，%1 都比 %2 快；最接近反转的是%3翻倍，此时 %1 仍领先 %4。</translation>
    </message>
    <message>
        <source>%1 stays faster than %2 under every input&apos;s realistic range; the closest call is the %3 at %4 instead of %5, where %1 still leads by %6.</source>
        <translation>在每个输入的现实范围内，%1 都比 %2 快；最接近反转的是%3取 %4 而非 %5，此时 %1 仍领先 %6。</translation>
    </message>
    <message>
        <source>%1 becomes faster than %2 when the %3 is %4 lower: %5 against %6 (%7 of the %8 moves reverse the order).</source>
        <translation>%3降低 %4 时，%1 变得比 %2 快：%5 对比 %6（%8 次调整中有 %7 次使快慢顺序反转）。</translation>
    </message>
    <message>
        <source>%1 becomes faster than %2 when the %3 is %4 higher: %5 against %6 (%7 of the %8 moves reverse the order).</source>
        <translation>%3提高 %4 时，%1 变得比 %2 快：%5 对比 %6（%8 次调整中有 %7 次使快慢顺序反转）。</translation>
    </message>
    <message>
        <source>%1 becomes faster than %2 when the %3 is halved: %4 against %5 (%6 of the %7 moves reverse the order).</source>
        <translation>%3减半时，%1 变得比 %2 快：%4 对比 %5（%7 次调整中有 %6 次使快慢顺序反转）。</translation>
    </message>
    <message>
        <source>%1 becomes faster than %2 when the %3 is doubled: %4 against %5 (%6 of the %7 moves reverse the order).</source>
        <translation>%3翻倍时，%1 变得比 %2 快：%4 对比 %5（%7 次调整中有 %6 次使快慢顺序反转）。</translation>
    </message>
    <message>
        <source>%1 becomes faster than %2 when the %3 is %4 instead of %5: %6 against %7 (%8 of the %9 moves reverse the order).</source>
        <translation>%3取 %4 而非 %5 时，%1 变得比 %2 快：%6 对比 %7（%9 次调整中有 %8 次使快慢顺序反转）。</translation>
    </message>
    <message>
        <source>A and B predict the same step, %1: which is faster depends on the inputs.</source>
        <translation>A 与 B 的预测每步时间相同，均为 %1：哪个更快取决于输入。</translation>
    </message>
    <message>
        <source>%1 is faster than %2 (%3 against %4); no input could be moved to test it.</source>
        <translation>%1 比 %2 快（%3 对比 %4）；没有可调整的输入来检验这一点。</translation>
    </message>
    <message>
        <source>The 80 % bands overlap (A %1 to %2, B %3 to %4): the model&apos;s own error could reverse the order, whatever the inputs.</source>
        <translation>两者的 80 % 区间有重叠（A 为 %1 至 %2，B 为 %3 至 %4）：无论输入如何，模型自身的误差都可能使快慢顺序反转。</translation>
    </message>
    <message>
        <source>The 80 % bands do not overlap (A %1 to %2, B %3 to %4): the model&apos;s own error alone does not reverse the order.</source>
        <translation>两者的 80 % 区间没有重叠（A 为 %1 至 %2，B 为 %3 至 %4）：仅凭模型自身的误差不会使快慢顺序反转。</translation>
    </message>
    <message>
        <source>%1 is not a valid configuration: %2</source>
        <translation>%1 不是有效配置：%2</translation>
    </message>
</context>
<context>
    <name>Symptoms</name>
    <message>
        <source>GPU utilisation stays under 40 %</source>
        <translation>GPU 利用率一直低于 40 %</translation>
    </message>
    <message>
        <source>The loss spikes after a change of data parallelism</source>
        <translation>改变数据并行度后 loss 出现尖峰</translation>
    </message>
    <message>
        <source>Training hangs at some step, with no log</source>
        <translation>训练卡在某一步，且没有日志</translation>
    </message>
    <message>
        <source>Out of memory while nvidia-smi shows memory free</source>
        <translation>显存不足（OOM），而 nvidia-smi 显示仍有空闲显存</translation>
    </message>
    <message>
        <source>Several nodes train slower than one</source>
        <translation>多节点训练比单节点还慢</translation>
    </message>
    <message>
        <source>One GPU&apos;s memory is higher than the others&apos;</source>
        <translation>某块 GPU 的显存占用高于其他 GPU</translation>
    </message>
    <message>
        <source>The pipeline idles %1 of each step (%2).</source>
        <translation>流水线空闲时间占每步的 %1（%2）。</translation>
    </message>
    <message>
        <source>Fewer stages or more micro-batches, interleaving, or a zero-bubble schedule (the advisor&apos;s bubble finding).</source>
        <translation>减少阶段数或增加微批次数、使用交错调度或零气泡调度（见调优顾问中关于气泡的发现）。</translation>
    </message>
    <message>
        <source>Communication leaves %1 of each step (%2) with the GPUs waiting.</source>
        <translation>通信使 GPU 在每步中有 %1（%2）处于等待状态。</translation>
    </message>
    <message>
        <source>Turn the framework&apos;s overlap on and keep TP inside NVLink; check the placement findings.</source>
        <translation>开启框架的通信重叠，并让 TP 保持在 NVLink 范围内；请查看与放置相关的发现。</translation>
    </message>
    <message>
        <source>Per-step framework work outside the pipeline takes %1.</source>
        <translation>流水线之外的每步框架工作耗时 %1。</translation>
    </message>
    <message>
        <source>CUDA graphs, fewer logging and evaluation calls per step.</source>
        <translation>使用 CUDA Graphs，减少每步的日志和评估调用。</translation>
    </message>
    <message>
        <source>The input pipeline is not in the model: if the GPUs wait on PCIe or on the loader, utilisation falls whatever the configuration.</source>
        <translation>模型未涵盖输入数据管线：如果 GPU 在等待 PCIe 或数据加载器，无论采用何种配置，利用率都会下降。</translation>
    </message>
    <message>
        <source>If PCIe is busy, pin_memory=False and fewer workers; if compute is low and memory bandwidth high, a smaller prefetch_factor (seed 000 §4.2).</source>
        <translation>若 PCIe 繁忙，设置 pin_memory=False 并减少 worker 数；若计算利用率低而显存带宽占用高，减小 prefetch_factor（seed 000 §4.2）。</translation>
    </message>
    <message>
        <source>The global batch changed %1 (%2 to %3 samples) with data parallelism %4: the learning rate and warm-up did not follow.</source>
        <translation>数据并行度为 %4 时，全局批次变化了 %1（从 %2 变为 %3 个样本）：学习率和预热没有随之调整。</translation>
    </message>
    <message>
        <source>A global batch that grows with data parallelism trains with the old learning rate unless it is scaled.</source>
        <translation>全局批次随数据并行度增大时，除非对学习率进行缩放，否则训练仍沿用旧的学习率。</translation>
    </message>
    <message>
        <source>Scale the learning rate by the square root of the batch ratio, count the warm-up in tokens, and clip gradients at 1.0.</source>
        <translation>按批次比例的平方根缩放学习率，按 token 数计算预热，并将梯度裁剪阈值设为 1.0。</translation>
    </message>
    <message>
        <source>Gradients are reduced in %1 over %2 data-parallel ranks: 16-bit sums lose precision as ranks are added.</source>
        <translation>梯度以 %1 在 %2 个数据并行 rank 上归约：随着 rank 增加，16 位求和会损失精度。</translation>
    </message>
    <message>
        <source>Reduce gradients in fp32 (grad_precision fp32, Megatron&apos;s --accumulate-allreduce-grads-in-fp32).</source>
        <translation>以 fp32 归约梯度（grad_precision fp32，即 Megatron 的 --accumulate-allreduce-grads-in-fp32）。</translation>
    </message>
    <message>
        <source>The nodes talk over RoCE: a wrong GID index (NCCL_IB_GID_INDEX, 3 for RoCE v2) deadlocks NCCL without an error.</source>
        <translation>节点之间通过 RoCE 通信：GID 索引错误（NCCL_IB_GID_INDEX，RoCE v2 应为 3）会让 NCCL 死锁且不报错。</translation>
    </message>
    <message>
        <source>NCCL&apos;s network settings can deadlock a collective without an error.</source>
        <translation>NCCL 的网络设置可能让集合通信死锁且不报错。</translation>
    </message>
    <message>
        <source>Set NCCL_IB_GID_INDEX=3 on RoCE v2, TORCH_NCCL_ASYNC_ERROR_HANDLING=1 and a finite timeout so a hang becomes an error (paraplan-cli export --to env).</source>
        <translation>在 RoCE v2 上设置 NCCL_IB_GID_INDEX=3，并设置 TORCH_NCCL_ASYNC_ERROR_HANDLING=1 和有限的超时，让挂起变成报错（paraplan-cli export --to env）。</translation>
    </message>
    <message>
        <source>%1 pipeline stages exchange %2 messages per step: a shape or order mismatch between two stages waits forever.</source>
        <translation>%1 个流水线阶段每步交换 %2 条消息：任意两个阶段之间的形状或顺序不匹配都会导致无限等待。</translation>
    </message>
    <message>
        <source>Check that every stage&apos;s send and receive shapes agree (seed 000 §4.1&apos;s PP check).</source>
        <translation>检查每个阶段发送与接收的形状是否一致（seed 000 §4.1 中的 PP 检查）。</translation>
    </message>
    <message>
        <source>The fullest stage needs %1 of %2 (%3); above %4 the caching allocator&apos;s fragments and transient buffers run out.</source>
        <translation>占用最高的阶段需要 %1 / %2（%3）；超过 %4 后，缓存分配器的碎片和临时缓冲区就没有余地了。</translation>
    </message>
    <message>
        <source>PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, and more headroom (the advisor&apos;s memory finding).</source>
        <translation>设置 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True，并留出更多余量（见调优顾问中关于显存的发现）。</translation>
    </message>
    <message>
        <source>Activations of the micro-batches in flight are %1 of stage %2&apos;s memory: they peak during the pipeline&apos;s warm-up, not when nvidia-smi looks.</source>
        <translation>在途微批次的激活占阶段 %2 显存的 %1：其峰值出现在流水线预热阶段，而不是 nvidia-smi 采样的时刻。</translation>
    </message>
    <message>
        <source>Recompute activations or use a smaller micro-batch.</source>
        <translation>对激活进行重计算，或使用更小的微批次。</translation>
    </message>
    <message>
        <source>The %1 groups span %2 nodes and run at %3 over %4: %5 of each step is exposed.</source>
        <translation>%1 组跨越 %2 个节点，经由 %4 以 %3 运行：每步暴露 %5。</translation>
    </message>
    <message>
        <source>Keep TP inside a node and let DP or the pipeline cross nodes; see the scaling view for where adding nodes stops paying.</source>
        <translation>让 TP 保持在节点内，由 DP 或流水线跨节点；在扩展性视图中查看增加节点从何处开始不再划算。</translation>
    </message>
    <message>
        <source>Each step waits for the slowest of %1 GPUs: about %2 behind the average one.</source>
        <translation>每一步都要等 %1 张 GPU 中最慢的那张：它比平均水平慢约 %2。</translation>
    </message>
    <message>
        <source>Find the throttled or noisy node (clocks, thermals) and drain it.</source>
        <translation>找出降频或受干扰的节点（时钟频率、温度），将其下线（drain）。</translation>
    </message>
    <message>
        <source>The model assumes the network runs at its rated speed; without RDMA (TCP sockets) it runs at a fraction of it.</source>
        <translation>模型假设网络以额定速度运行；若没有 RDMA（走 TCP socket），实际速度只有额定值的一小部分。</translation>
    </message>
    <message>
        <source>One node: the network is not used.</source>
        <translation>单节点：不使用网络。</translation>
    </message>
    <message>
        <source>NCCL_IB_DISABLE=0 and UCX_TLS=rc_x,sm,self; expect at least 50 Gb/s between nodes on RoCE v2 100G (seed 000 §3.2).</source>
        <translation>设置 NCCL_IB_DISABLE=0 和 UCX_TLS=rc_x,sm,self；在 RoCE v2 100G 上，节点间应至少达到 50 Gb/s（seed 000 §3.2）。</translation>
    </message>
    <message>
        <source>Stage %1 needs %2 per GPU against %3 on the median stage: the first stage holds the embedding and the most micro-batches in flight, the last the logits.</source>
        <translation>阶段 %1 每卡需要 %2，而中位阶段为 %3：首阶段承担嵌入层且在途微批次最多，末阶段承担 logits。</translation>
    </message>
    <message>
        <source>Lighter end stages (the advisor&apos;s uneven-stages finding) or recompute on the first stage.</source>
        <translation>减轻首末阶段（见调优顾问中关于阶段不均的发现），或在首阶段进行重计算。</translation>
    </message>
    <message>
        <source>With ZeRO-%1 every data-parallel rank should hold the same share; one rank holding more means the partition did not take effect.</source>
        <translation>使用 ZeRO-%1 时，每个数据并行 rank 应持有相同的份额；若某个 rank 持有更多，说明切分没有生效。</translation>
    </message>
    <message>
        <source>Check the ZeRO stage in the config and that the model is wrapped before the optimizer is built.</source>
        <translation>检查配置中的 ZeRO 阶段，并确认在构建优化器之前已对模型完成封装。</translation>
    </message>
    <message>
        <source>Rank 0 often also logs, evaluates and writes checkpoints, with buffers the others do not hold.</source>
        <translation>rank 0 通常还要负责日志、评估和写 checkpoint，并持有其他 rank 没有的缓冲区。</translation>
    </message>
    <message>
        <source>Move evaluation and checkpoint gathering off rank 0 or give it headroom.</source>
        <translation>把评估和 checkpoint 汇集从 rank 0 移走，或为它预留余量。</translation>
    </message>
</context>
<context>
    <name>TopologyGroups</name>
    <message>
        <source>TP group</source>
        <translation>TP 组</translation>
    </message>
    <message>
        <source>Pipeline hop</source>
        <translation>流水线相邻级</translation>
    </message>
    <message>
        <source>DP group</source>
        <translation>DP 组</translation>
    </message>
    <message>
        <source>CP group</source>
        <translation>CP 组</translation>
    </message>
    <message>
        <source>EP group</source>
        <translation>EP 组</translation>
    </message>
    <message>
        <source>%1: GPU %2 of the cluster, rank %3</source>
        <translation>%1：集群的 GPU %2，rank %3</translation>
    </message>
    <message>
        <source>GPU %1 sends nothing in this kind of group: its degree is 1.</source>
        <translation>GPU %1 在这类组中不发送数据：该维度的并行度为 1。</translation>
    </message>
    <message>
        <source>load ×%1 · 1 group · %2</source>
        <translation>负载 ×%1 · 1 个组 · %2</translation>
    </message>
    <message>
        <source>load ×%1 · %2 groups · %3</source>
        <translation>负载 ×%1 · %2 个组 · %3</translation>
    </message>
    <message>
        <source>spine uplinks: %1</source>
        <translation>脊层上行链路：%1</translation>
    </message>
    <message>
        <source>%1 %2 of %3: GPUs %4.</source>
        <translation>%1 %2/%3：GPU %4。</translation>
    </message>
    <message>
        <source>Slowest share: %1, load ×%2, %3 per rank.</source>
        <translation>最慢的份额：%1，负载 ×%2，每个 rank %3。</translation>
    </message>
</context>
<context>
    <name>TopologyImport</name>
    <message>
        <source>%1: cannot be read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
</context>
<context>
    <name>TraceComparison</name>
    <message>
        <source>Stage %1: %2 take %3× longer than on the other stages (%4 a step, where the other stages&apos; pace gives %5), %6× the prediction at the trace&apos;s pace.</source>
        <translation>阶段 %1：%2 耗时是其他阶段的 %3 倍（每步 %4，按其他阶段的节奏应为 %5），按该 trace 的节奏为预测的 %6 倍。</translation>
    </message>
    <message>
        <source>Stage %1: %2 take %3× less time than on the other stages (%4 a step, where the other stages&apos; pace gives %5), %6× the prediction at the trace&apos;s pace.</source>
        <translation>阶段 %1：%2 耗时比其他阶段少 %3 倍（每步 %4，按其他阶段的节奏应为 %5），按该 trace 的节奏为预测的 %6 倍。</translation>
    </message>
    <message>
        <source>On every stage, %1 take %2× the prediction at the trace&apos;s pace (%3 a step on the median stage, where the prediction at this pace gives %4).</source>
        <translation>在每个阶段，%1 按该 trace 的节奏都是预测的 %2 倍（中位阶段每步 %3，按此节奏预测应为 %4）。</translation>
    </message>
    <message>
        <source>%1 a step (%2 % of the step) runs in %3, which the model has no part for; the longest: %4.</source>
        <translation>每步有 %1（占步长 %2 %）花在%3上，模型中没有对应部分；最长的是：%4。</translation>
    </message>
    <message>
        <source>The measured step takes %1 against %2 predicted (%3× the prediction).</source>
        <translation>实测每步 %1，预测 %2（为预测的 %3 倍）。</translation>
    </message>
    <message>
        <source>The measured step takes %1 against %2 predicted (%3× the prediction: another device, or one the model is not calibrated for); the findings below compare each part at this pace.</source>
        <translation>实测每步 %1，预测 %2（为预测的 %3 倍：另一种设备，或模型未针对其校准）；下面的发现按此节奏比较各部分。</translation>
    </message>
    <message>
        <source>GEMMs</source>
        <translation>GEMM</translation>
    </message>
    <message>
        <source>attention kernels</source>
        <translation>注意力 kernel</translation>
    </message>
    <message>
        <source>norms (LayerNorm/RMSNorm)</source>
        <translation>归一化（LayerNorm/RMSNorm）</translation>
    </message>
    <message>
        <source>elementwise kernels</source>
        <translation>逐元素 kernel</translation>
    </message>
    <message>
        <source>optimizer kernels</source>
        <translation>优化器 kernel</translation>
    </message>
    <message>
        <source>all-reduces</source>
        <translation>all-reduce</translation>
    </message>
    <message>
        <source>all-gathers</source>
        <translation>all-gather</translation>
    </message>
    <message>
        <source>reduce-scatters</source>
        <translation>reduce-scatter</translation>
    </message>
    <message>
        <source>all-to-alls</source>
        <translation>all-to-all</translation>
    </message>
    <message>
        <source>sends and receives</source>
        <translation>发送与接收</translation>
    </message>
    <message>
        <source>other collectives</source>
        <translation>其他集合通信</translation>
    </message>
    <message>
        <source>copies</source>
        <translation>拷贝</translation>
    </message>
    <message>
        <source>other kernels</source>
        <translation>其他 kernel</translation>
    </message>
</context>
<context>
    <name>Uncertainty</name>
    <message>
        <source>bf16/fp16</source>
        <translation>bf16/fp16</translation>
    </message>
    <message>
        <source>one node</source>
        <translation>单节点</translation>
    </message>
    <message>
        <source>2 nodes to 512 GPUs</source>
        <translation>2 个节点至 512 张 GPU</translation>
    </message>
    <message>
        <source>more than 512 GPUs</source>
        <translation>超过 512 张 GPU</translation>
    </message>
    <message>
        <source>pp 1</source>
        <translation>pp 1</translation>
    </message>
    <message>
        <source>pp 2–8</source>
        <translation>pp 2–8</translation>
    </message>
    <message>
        <source>pp above 8</source>
        <translation>pp 大于 8</translation>
    </message>
    <message>
        <source>every run</source>
        <translation>全部运行</translation>
    </message>
    <message>
        <source>From %1 published runs the model was not fitted on (%2): 80 % of them fell inside such a band.</source>
        <translation>依据 %1 次模型拟合时未使用过的公开运行（%2）：其中 80 % 落在这样的区间内。</translation>
    </message>
    <message>
        <source>This configuration&apos;s own regime (%1) has %2 runs, fewer than the %3 a band needs.</source>
        <translation>该配置所属类别（%1）只有 %2 次运行，少于构成区间所需的 %3 次。</translation>
    </message>
    <message>
        <source>Calibrated: no published run was, so the band assumes the calibration removes half the variance (the spread narrowed by %1).</source>
        <translation>已校准：没有公开运行经过校准，因此该区间假设校准消除了一半方差（离散度乘以 %1）。</translation>
    </message>
    <message>
        <source>fp8</source>
        <translation>fp8</translation>
    </message>
    <message>
        <source>The model was too fast on most of these runs, so the band lies above its prediction: expect a longer step than predicted.</source>
        <translation>模型在这些运行中大多预测偏快，因此区间位于其预测值之上：实际每步时间很可能比预测的更长。</translation>
    </message>
    <message>
        <source>The model was too slow on most of these runs, so the band lies below its prediction: expect a shorter step than predicted.</source>
        <translation>模型在这些运行中大多预测偏慢，因此区间位于其预测值之下：实际每步时间很可能比预测的更短。</translation>
    </message>
</context>
<context>
    <name>paraplan::app</name>
    <message>
        <source>%1 cannot be imported: %2</source>
        <translation>无法导入 %1：%2</translation>
    </message>
</context>
<context>
    <name>paraplan::app::LaunchFilesDialog</name>
    <message>
        <source>Megatron-LM: pretrain_gpt.py arguments and torchrun line</source>
        <translation>Megatron-LM：pretrain_gpt.py 参数与 torchrun 命令行</translation>
    </message>
    <message>
        <source>Megatron-Bridge / NeMo 2.0: recipe overrides (Python)</source>
        <translation>Megatron-Bridge / NeMo 2.0：recipe 覆盖项（Python）</translation>
    </message>
    <message>
        <source>NeMo 1.x: megatron_gpt_config YAML</source>
        <translation>NeMo 1.x：megatron_gpt_config YAML</translation>
    </message>
    <message>
        <source>DeepSpeed: ds_config.json and Megatron-DeepSpeed flags</source>
        <translation>DeepSpeed：ds_config.json 与 Megatron-DeepSpeed 参数</translation>
    </message>
    <message>
        <source>torchtitan: job TOML (releases with TOML configs)</source>
        <translation>torchtitan：作业 TOML（使用 TOML 配置的版本）</translation>
    </message>
    <message>
        <source>torchtitan: Python config (newer releases)</source>
        <translation>torchtitan：Python 配置（较新版本）</translation>
    </message>
    <message>
        <source>Environment: NCCL settings and rank placement</source>
        <translation>环境：NCCL 设置与 rank 放置</translation>
    </message>
    <message>
        <source>Slurm: batch script with environment, placement and launch</source>
        <translation>Slurm：含环境、放置与启动的批处理脚本</translation>
    </message>
    <message>
        <source>Export launch files</source>
        <translation>导出启动文件</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Nothing to export: no configuration of this scenario has been valid.</source>
        <translation>无可导出：此场景还没有任何有效配置。</translation>
    </message>
    <message>
        <source>This format cannot be written for the scenario: %1</source>
        <translation>无法为此场景写出该格式：%1</translation>
    </message>
    <message>
        <source>Every setting of the configuration is in these files.</source>
        <translation>配置的每项设置都已写入这些文件。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Where the launch differs from the plan:&lt;/b&gt;</source>
        <translation>&lt;b&gt;启动与规划不一致之处：&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Save launch file</source>
        <translation>保存启动文件</translation>
    </message>
    <message>
        <source>Save launch files into folder</source>
        <translation>把启动文件保存到文件夹</translation>
    </message>
    <message>
        <source>Cannot make the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>paraplan::app::MainWindow</name>
    <message>
        <source>Restored the unsaved work of the last session.</source>
        <translation>已恢复上次会话中未保存的工作。</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>MFU counts model FLOPs in the Megatron convention: attention scores in full, recomputation not counted.</source>
        <translation>MFU 按 Megatron 惯例统计模型 FLOPs：注意力分数全额计入，重计算不计入。</translation>
    </message>
    <message>
        <source>configuration from the landscape</source>
        <translation>从配置全景选取的配置</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>ParaPlan projects and scenarios (*.json)</source>
        <translation>ParaPlan 项目和场景 (*.json)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <source>ParaPlan projects (*.paraplan.json)</source>
        <translation>ParaPlan 项目 (*.paraplan.json)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export view as PNG…</source>
        <translation>将视图导出为 PNG(&amp;E)…</translation>
    </message>
    <message>
        <source>Export view as &amp;PDF…</source>
        <translation>将视图导出为 PDF(&amp;P)…</translation>
    </message>
    <message>
        <source>Export timeline &amp;trace…</source>
        <translation>导出时间线跟踪(&amp;T)…</translation>
    </message>
    <message>
        <source>Export timeline trace</source>
        <translation>导出时间线跟踪</translation>
    </message>
    <message>
        <source>Chrome trace for Perfetto or chrome://tracing (*.json)</source>
        <translation>Chrome 跟踪文件，可在 Perfetto 或 chrome://tracing 中打开 (*.json)</translation>
    </message>
    <message>
        <source>Nothing to export yet: no configuration of this scenario has been valid.</source>
        <translation>尚无可导出的内容：此场景还没有任何有效的配置。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Pin as A for comparison</source>
        <translation>固定为 A 以便对比(&amp;P)</translation>
    </message>
    <message>
        <source>Pinned as A. Change the configuration and open Compare to see why B differs.</source>
        <translation>已固定为 A。修改配置后打开“对比”视图，即可查看 B 为何不同。</translation>
    </message>
    <message>
        <source>&amp;Clear pin</source>
        <translation>取消固定(&amp;C)</translation>
    </message>
    <message>
        <source>Copy view &amp;image</source>
        <translation>复制视图图像(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>重置缩放(&amp;Z)</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>深色主题(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ParaPlan</source>
        <translation>关于 ParaPlan(&amp;A)</translation>
    </message>
    <message>
        <source>About ParaPlan</source>
        <translation>关于 ParaPlan</translation>
    </message>
    <message>
        <source>&lt;b&gt;ParaPlan&lt;/b&gt; designs 3D-parallel training for large language models: memory, step time, pipeline bubble and throughput for any split of a model over a cluster, and why one split is slower than another.&lt;br&gt;&lt;br&gt;The cost model and its sources: docs/cost-model.md. Licence: MIT.</source>
        <translation>&lt;b&gt;ParaPlan&lt;/b&gt; 用于设计大语言模型的 3D 并行训练方案：对于模型在集群上的任意切分方式，给出显存、每步时间、流水线气泡和吞吐量，并解释为什么一种切分比另一种更慢。&lt;br&gt;&lt;br&gt;成本模型及其依据：docs/cost-model.md。许可证：MIT。</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — ParaPlan</source>
        <translation>%1[*] — ParaPlan</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出“%1”</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to this project first?</source>
        <translation>是否先保存对此项目的更改？</translation>
    </message>
    <message>
        <source>&amp;Import nvidia-smi topology…</source>
        <translation>导入 nvidia-smi 拓扑(&amp;I)…</translation>
    </message>
    <message>
        <source>Import nvidia-smi topology</source>
        <translation>导入 nvidia-smi 拓扑</translation>
    </message>
    <message>
        <source>Output of nvidia-smi topo -m (*.txt *.log);;All files (*)</source>
        <translation>nvidia-smi topo -m 的输出 (*.txt *.log);;所有文件 (*)</translation>
    </message>
    <message>
        <source>import topology %1</source>
        <translation>导入拓扑 %1</translation>
    </message>
    <message>
        <source>Imported %1: %2 GPUs and %3 NICs per node.</source>
        <translation>已导入 %1：每个节点 %2 块 GPU、%3 块网卡。</translation>
    </message>
    <message>
        <source>Import &amp;measured trace…</source>
        <translation>导入实测 trace(&amp;M)…</translation>
    </message>
    <message>
        <source>Import measured trace</source>
        <translation>导入实测 trace</translation>
    </message>
    <message>
        <source>PyTorch profiler traces and Nsight Systems SQLite exports, one per rank (*.json *.sqlite);;All files (*)</source>
        <translation>PyTorch profiler trace 与 Nsight Systems SQLite 导出，每个 rank 一个 (*.json *.sqlite);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Drew %n measured trace(s) under the predicted timeline.</source>
        <translation>
            <numerusform>已在预测时间线下方绘制 %n 个实测 trace。</numerusform>
        </translation>
    </message>
    <message>
        <source>Import model or &amp;launch file…</source>
        <translation>导入模型或启动文件(&amp;L)…</translation>
    </message>
    <message>
        <source>Export &amp;launch files…</source>
        <translation>导出启动文件(&amp;L)…</translation>
    </message>
    <message>
        <source>Import model or launch file</source>
        <translation>导入模型或启动文件</translation>
    </message>
    <message>
        <source>Model configs and launch files (config.json *.json *.sh *.slurm *.sbatch *.yaml *.yml *.toml *.py);;All files (*)</source>
        <translation>模型配置与启动文件 (config.json *.json *.sh *.slurm *.sbatch *.yaml *.yml *.toml *.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Imported %1 (%2).</source>
        <translation>已导入 %1（%2）。</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <source>ParaPlan read %1 as %2. What you should know:</source>
        <translation>ParaPlan 把 %1 读作 %2。需要注意：</translation>
    </message>
    <message>
        <source>Advisor</source>
        <translation>调优顾问</translation>
    </message>
    <message>
        <source>Export &amp;report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PDF report (*.pdf);;HTML report (*.html)</source>
        <translation>PDF 报告 (*.pdf);;HTML 报告 (*.html)</translation>
    </message>
    <message>
        <source>the engine&apos;s profile</source>
        <translation>引擎的校准配置</translation>
    </message>
    <message>
        <source>Nothing to report yet: no configuration of this scenario has been valid.</source>
        <translation>尚无可报告的内容：此场景还没有任何有效的配置。</translation>
    </message>
    <message>
        <source>Cannot write the report %1: %2</source>
        <translation>无法写入报告 %1：%2</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::AdvisorPanel</name>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Gain</source>
        <translation>收益</translation>
    </message>
    <message>
        <source>Make the recommended change (Edit ▸ Undo takes it back)</source>
        <translation>执行建议的改动（编辑 ▸ 撤销 可还原）</translation>
    </message>
    <message>
        <source>What do you see on the cluster?</source>
        <translation>你在集群上观察到了什么现象？</translation>
    </message>
    <message>
        <source>(choose a symptom)</source>
        <translation>（选择一种现象）</translation>
    </message>
    <message>
        <source>No valid configuration to advise on.</source>
        <translation>没有可供建议的有效配置。</translation>
    </message>
    <message>
        <source>Step %1: nothing to change. No finding gains more than the model can resolve.</source>
        <translation>每步 %1：无需改动。没有哪项发现的收益超过模型的分辨能力。</translation>
    </message>
    <message numerus="yes">
        <source>Step %1: %n finding(s), each change re-evaluated.</source>
        <translation>
            <numerusform>每步 %1：%n 项发现，每项改动均已重新评估。</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a finding to see its evidence and change.</source>
        <translation>选择一项发现，查看其依据和建议的改动。</translation>
    </message>
    <message>
        <source>Step %1 → %2, %3.</source>
        <translation>每步 %1 → %2，%3。</translation>
    </message>
    <message>
        <source>advice: %1</source>
        <translation>建议：%1</translation>
    </message>
    <message>
        <source>Pick what the real cluster shows: ParaPlan ranks the causes its model supports for this configuration, with the commands that check them.</source>
        <translation>选择真实集群上出现的现象：ParaPlan 会按其模型对此配置列出可能原因并排序，并给出用于检查的命令。</translation>
    </message>
    <message>
        <source>not in the model: check it</source>
        <translation>模型未涵盖：请自行检查</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::BreakdownView</name>
    <message>
        <source>Step time</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>per step</source>
        <translation>每步</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>per GPU (model FLOPs)</source>
        <translation>每卡（模型 FLOPs）</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation, Megatron convention: attention scores counted in full, recomputation not counted. Hardware FLOPs utilisation: %1.</source>
        <translation>模型 FLOPs 利用率（MFU），按 Megatron 惯例：注意力分数全额计入，重计算不计入。硬件 FLOPs 利用率（HFU）：%1。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 (%3 of the step)&lt;br&gt;%4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2（占每步的 %3）&lt;br&gt;%4</translation>
    </message>
    <message>
        <source>ran hidden under compute (not in the step)</source>
        <translation>隐藏在计算之下（不计入每步时间）</translation>
    </message>
    <message>
        <source>%1 (+ %2 hidden)</source>
        <translation>%1（另有 %2 被隐藏）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>80 % band of the step</source>
        <translation>每步时间的 80 % 区间</translation>
    </message>
    <message>
        <source>seconds per step (stage %1); hatched: hidden</source>
        <translation>每步秒数（阶段 %1）；斜线：隐藏部分</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step&lt;/b&gt;: %1; 80 % band %2&lt;br&gt;%3</source>
        <translation>&lt;b&gt;每步时间&lt;/b&gt;：%1；80 % 区间 %2&lt;br&gt;%3</translation>
    </message>
    <message>
        <source>&lt;br&gt;Another %1 of it ran under compute, off the critical path: hidden, not in the step.</source>
        <translation>&lt;br&gt;另有 %1 与计算重叠执行、不在关键路径上：已隐藏，不计入每步时间。</translation>
    </message>
    <message>
        <source>%1
%2, 80 % band</source>
        <translation>%1
%2，80 % 区间</translation>
    </message>
    <message>
        <source>%1 (%2, 80 % band)</source>
        <translation>%1（%2，80 % 区间）</translation>
    </message>
    <message>
        <source>%1 %2 (80 % band %3)</source>
        <translation>%1 %2（80 % 区间 %3）</translation>
    </message>
    <message>
        <source>80 % band
%1</source>
        <translation>80 % 区间
%1</translation>
    </message>
    <message>
        <source>An interruption every %1 (%2 per million GPU-hours, published fleets).</source>
        <translation>每 %1 中断一次（公开集群数据：每百万 GPU 小时 %2 次）。</translation>
    </message>
    <message>
        <source>No interruptions (failures_per_gpu_hour 0).</source>
        <translation>无中断（failures_per_gpu_hour 为 0）。</translation>
    </message>
    <message>
        <source>%1 A checkpoint of %2 written in %3 every %4; a restart takes %5. Goodput %6 (%7 over the published fleet failure rates).</source>
        <translation>%1 检查点大小 %2，每 %4 保存一次，写入耗时 %3；重启耗时 %5。有效训练占比 %6（按公开集群故障率范围为 %7）。</translation>
    </message>
    <message>
        <source>to train, %1 goodput</source>
        <translation>训练时长，有效训练占比 %1</translation>
    </message>
    <message>
        <source>goodput (no token budget)</source>
        <translation>有效训练占比（无 token 预算）</translation>
    </message>
    <message>
        <source>fleet failure rates
%1</source>
        <translation>集群故障率
%1</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::BubbleView</name>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>this configuration (simulated step)</source>
        <translation>当前配置（模拟单步）</translation>
    </message>
    <message>
        <source>uniform stages: (p−1)/(v·m+p−1)</source>
        <translation>均匀阶段：(p−1)/(v·m+p−1)</translation>
    </message>
    <message>
        <source>current: %1 micro-batches</source>
        <translation>当前：%1 个微批次</translation>
    </message>
    <message>
        <source>micro-batches per step (m)</source>
        <translation>每步微批次数 (m)</translation>
    </message>
    <message>
        <source>bubble, % of the step</source>
        <translation>气泡占每步的比例 (%)</translation>
    </message>
    <message>
        <source>%1 micro-batches: bubble %2 of the step</source>
        <translation>%1 个微批次：气泡占每步的 %2</translation>
    </message>
    <message>
        <source>bubble, % of the step (left)</source>
        <translation>气泡，占步长的 %（左）</translation>
    </message>
    <message>
        <source>memory per GPU, fullest stage (right)</source>
        <translation>每卡显存，最满的阶段（右）</translation>
    </message>
    <message>
        <source>▶ %1</source>
        <translation>▶ %1</translation>
    </message>
    <message>
        <source>
(cannot run)</source>
        <translation>
（无法运行）</translation>
    </message>
    <message>
        <source>
(out of memory)</source>
        <translation>
（显存不足）</translation>
    </message>
    <message>
        <source>bubble, %</source>
        <translation>气泡，%</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>每卡显存 (GiB)</translation>
    </message>
    <message>
        <source>HBM %1 GiB</source>
        <translation>HBM %1 GiB</translation>
    </message>
    <message>
        <source>Every schedule at this configuration: bubble, % of the step (left bar of each pair), and GiB per GPU (right bar)</source>
        <translation>此配置下的各种调度：气泡占步长的 %（每对的左柱）与每卡 GiB（右柱）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source> with %1 chunks per stage</source>
        <translation>，每阶段 %1 个分块</translation>
    </message>
    <message>
        <source>&lt;br&gt;cannot run here: %1</source>
        <translation>&lt;br&gt;此处无法运行：%1</translation>
    </message>
    <message>
        <source>&lt;br&gt;step %1, bubble %2, %3 GiB per GPU on the fullest stage</source>
        <translation>&lt;br&gt;每步 %1，气泡 %2，最满阶段每卡 %3 GiB</translation>
    </message>
    <message>
        <source>&lt;br&gt;does not fit in memory</source>
        <translation>&lt;br&gt;显存放不下</translation>
    </message>
    <message>
        <source>&lt;br&gt;not in the framework&apos;s release: it needs a fork or a library</source>
        <translation>&lt;br&gt;框架发布版本中没有：需要分支版本或外部库</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::CompareView</name>
    <message>
        <source>Compare A and B</source>
        <translation>对比 A 与 B</translation>
    </message>
    <message>
        <source>A (pinned)</source>
        <translation>A（已固定）</translation>
    </message>
    <message>
        <source>B (current)</source>
        <translation>B（当前）</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>step</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Where the step-time difference comes from</source>
        <translation>每步时间差异的来源</translation>
    </message>
    <message>
        <source>Pin the current configuration as A (Edit ▸ Pin as A), change it, and see here why B is faster or slower.</source>
        <translation>将当前配置固定为 A（编辑 ▸ 固定为 A 以便对比），然后修改配置，即可在此查看 B 为何更快或更慢。</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>seconds per step</source>
        <translation>每步耗时（秒）</translation>
    </message>
    <message>
        <source>step, 80 % band</source>
        <translation>每步时间的 80 % 区间</translation>
    </message>
    <message>
        <source>%1, hidden under compute</source>
        <translation>%1（隐藏在计算之下）</translation>
    </message>
    <message>
        <source>hidden %1</source>
        <translation>隐藏 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;A: %2&lt;br&gt;B: %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;A：%2&lt;br&gt;B：%3</translation>
    </message>
    <message>
        <source>&lt;br&gt;Hidden under compute, not in the step: A %1, B %2</source>
        <translation>&lt;br&gt;隐藏在计算之下、不计入每步时间：A %1，B %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;br&gt;B: %1</source>
        <translation>&lt;br&gt;&lt;br&gt;B：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: step %2; 80 % band %3&lt;br&gt;%4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：每步 %2；80 % 区间 %3&lt;br&gt;%4</translation>
    </message>
    <message>
        <source>seconds per step; whiskers: 80 % band</source>
        <translation>每步秒数；误差线：80 % 区间</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>step, measured</source>
        <translation>步时间，实测</translation>
    </message>
    <message>
        <source>measured / predicted</source>
        <translation>实测 / 预测</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::EnginePanel</name>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Not calibrated: the model&apos;s own efficiency figures.</source>
        <translation>未校准：使用模型自身的效率数据。</translation>
    </message>
    <message>
        <source>Calibrated: %1 (%2)</source>
        <translation>已校准：%1（%2）</translation>
    </message>
    <message>
        <source> — CPU measurements: they describe this machine&apos;s CPUs, not the scenario&apos;s GPUs.</source>
        <translation> —— CPU 测量：描述的是本机 CPU，而非场景中的 GPU。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Apply calibration from this run</source>
        <translation>应用此次运行的校准</translation>
    </message>
    <message>
        <source>Measured vs predicted</source>
        <translation>实测与预测对比</translation>
    </message>
    <message>
        <source>The probe&apos;s progress, measurements, warnings and errors appear here.</source>
        <translation>probe 的进度、测量、警告和错误显示在这里。</translation>
    </message>
    <message>
        <source>Load profile…</source>
        <translation>加载配置…</translation>
    </message>
    <message>
        <source>Save profile…</source>
        <translation>保存配置…</translation>
    </message>
    <message>
        <source>Remove calibration</source>
        <translation>移除校准</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Automatic (GPUs, else CPUs)</source>
        <translation>自动（优先 GPU，否则 CPU）</translation>
    </message>
    <message>
        <source>CUDA GPUs</source>
        <translation>CUDA GPU</translation>
    </message>
    <message>
        <source>Host CPUs (CPU measurements)</source>
        <translation>主机 CPU（CPU 测量）</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Run paraplan-probe discover: the devices, their memory and the links between them.</source>
        <translation>运行 paraplan-probe discover：查看设备、显存及其间的链路。</translation>
    </message>
    <message>
        <source>Backend:</source>
        <translation>后端：</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>SMs / cores</source>
        <translation>SM / 核心</translation>
    </message>
    <message>
        <source>Compute capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Validation ladder</source>
        <translation>验证阶梯</translation>
    </message>
    <message>
        <source>Each step runs a few training steps of this scenario&apos;s layers, cut to two layers per stage, on the devices attached. Climb it in order: a step that fails explains the ones above it.</source>
        <translation>每一步在已连接的设备上用本场景的层（每个流水线阶段裁剪为两层）跑几个训练步。请按顺序逐级验证：某一步失败，其上各步也就无从谈起。</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Run selected</source>
        <translation>运行所选</translation>
    </message>
    <message>
        <source>Run all available</source>
        <translation>运行全部可用步骤</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>For the full scenario on its own cluster: write the launch command or batch script, run it there, then import the results file.</source>
        <translation>在场景自己的集群上跑完整场景：生成启动命令或批处理脚本，在集群上运行，再导入结果文件。</translation>
    </message>
    <message>
        <source>Write mpirun command…</source>
        <translation>生成 mpirun 命令…</translation>
    </message>
    <message>
        <source>Write Slurm script…</source>
        <translation>生成 Slurm 脚本…</translation>
    </message>
    <message numerus="yes">
        <source>%n CPU rank(s) attached (host backend).</source>
        <translation>
            <numerusform>已连接 %n 个 CPU rank（host 后端）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) attached (%1 backend).</source>
        <translation>
            <numerusform>已连接 %n 块 GPU（%1 后端）。</numerusform>
        </translation>
    </message>
    <message>
        <source>No devices yet: press Discover.</source>
        <translation>还没有设备：请点击“发现”。</translation>
    </message>
    <message>
        <source>discover the devices first</source>
        <translation>请先发现设备</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Select one or more available steps of the ladder first.</source>
        <translation>请先在阶梯中选择一个或多个可用步骤。</translation>
    </message>
    <message>
        <source>No step of the ladder fits the devices attached.</source>
        <translation>阶梯中没有适合已连接设备的步骤。</translation>
    </message>
    <message>
        <source>Discover the devices first.</source>
        <translation>请先发现设备。</translation>
    </message>
    <message>
        <source>The scenario breaks a rule (see the banner above the plots): fix it before writing a launch for it.</source>
        <translation>场景违反了规则（见图表上方的横幅）：请先修正，再为它生成启动脚本。</translation>
    </message>
    <message numerus="yes">
        <source>Run this on the cluster with paraplan-probe on every node&apos;s PATH and the scenario beside it as scenario.json (Save scenario…). One rank per GPU: %n GPU(s). Import results.jsonl here afterwards.</source>
        <translation>
            <numerusform>在集群上运行：每个节点的 PATH 中都要有 paraplan-probe，场景文件放在旁边并命名为 scenario.json（“保存场景…”）。每块 GPU 一个 rank：共 %n 块 GPU。完成后在这里导入 results.jsonl。</numerusform>
        </translation>
    </message>
    <message>
        <source>Slurm batch script</source>
        <translation>Slurm 批处理脚本</translation>
    </message>
    <message>
        <source>mpirun command</source>
        <translation>mpirun 命令</translation>
    </message>
    <message>
        <source>Load calibration profile</source>
        <translation>加载校准配置</translation>
    </message>
    <message>
        <source>Calibration profiles (*.json);;All files (*)</source>
        <translation>校准配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save calibration profile</source>
        <translation>保存校准配置</translation>
    </message>
    <message>
        <source>Calibration profiles (*.json)</source>
        <translation>校准配置 (*.json)</translation>
    </message>
    <message>
        <source>Make a calibration profile of the selected bench run&apos;s GEMM rates, memory and bus bandwidths and price every configuration with it.</source>
        <translation>用所选基准测试运行的 GEMM 速率、内存带宽和总线带宽生成校准配置，并用它为每个配置定价。</translation>
    </message>
    <message>
        <source> Overlapped compute runs %1 slower, as measured.</source>
        <translation> 实测：与通信重叠时计算慢 %1。</translation>
    </message>
    <message>
        <source>Import results or log…</source>
        <translation>导入结果或日志…</translation>
    </message>
    <message>
        <source>Import probe results or a training log</source>
        <translation>导入 probe 结果或训练日志</translation>
    </message>
    <message>
        <source>Probe results and training logs (Megatron-LM, torchtitan, DeepSpeed) (*.jsonl *.json *.log *.txt *.out);;All files (*)</source>
        <translation>probe 结果与训练日志（Megatron-LM、torchtitan、DeepSpeed）(*.jsonl *.json *.log *.txt *.out);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::EngineRatePlot</name>
    <message>
        <source>GEMM and attention rate</source>
        <translation>GEMM 与注意力速率</translation>
    </message>
    <message>
        <source>%1 (%2×%3×%4)</source>
        <translation>%1（%2×%3×%4）</translation>
    </message>
    <message>
        <source>attention (sequence %1)</source>
        <translation>注意力（序列 %1）</translation>
    </message>
    <message>
        <source>%1 %2 ×%3, %4 B</source>
        <translation>%1 %2 ×%3，%4 B</translation>
    </message>
    <message>
        <source>measured (CPU)</source>
        <translation>实测（CPU）</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>%1 (wrong result!)</source>
        <translation>%1（结果错误！）</translation>
    </message>
    <message>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;measured %2&lt;br&gt;predicted %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;实测 %2&lt;br&gt;预测 %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;measured / predicted: %1</source>
        <translation>&lt;br&gt;实测 / 预测：%1</translation>
    </message>
    <message>
        <source>Bus and memory bandwidth</source>
        <translation>总线与内存带宽</translation>
    </message>
    <message>
        <source>memory copy, %1 B (read + write)</source>
        <translation>内存拷贝，%1 B（读 + 写）</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::EngineResultsView</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 数</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Measured / predicted</source>
        <translation>实测 / 预测</translation>
    </message>
    <message>
        <source>Model error</source>
        <translation>模型误差</translation>
    </message>
    <message>
        <source>Confirm: the measured training step. Bench: one of each GEMM, attention and collective, added up.</source>
        <translation>Confirm：实测的训练步时间。Bench：每种 GEMM、注意力和集合通信各一次的时间之和。</translation>
    </message>
    <message>
        <source>(predicted − measured) / measured</source>
        <translation>（预测 − 实测）/ 实测</translation>
    </message>
    <message>
        <source> (CPU)</source>
        <translation>（CPU）</translation>
    </message>
    <message>
        <source>run on this machine</source>
        <translation>在本机运行</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Confirm: the model of the step the probe ran (its kernels, attention unfused, no framework overhead; calibrated when the run had a profile). Bench: the model&apos;s time for each measurement, added up.</source>
        <translation>确认运行：模型对探针所运行步骤的预测（即其内核，注意力未融合，无框架开销；运行带校准配置时已校准）。基准测试：模型对每项测量的时间预测之和。</translation>
    </message>
    <message>
        <source>A confirm run&apos;s step and stages, or a bench run&apos;s rates, appear here measured next to predicted: run a step of the validation ladder, or import a results file.</source>
        <translation>确认运行的每步时间与各阶段，或基准测试运行的速率，会在此处以实测对照预测显示：运行验证阶梯中的一步，或导入结果文件。</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::EngineSession</name>
    <message>
        <source>paraplan-probe was not found (looked in %1). Build it (target paraplan-probe) or install it beside paraplan, or put its folder on PATH.</source>
        <translation>未找到 paraplan-probe（已查找：%1）。请构建它（目标 paraplan-probe），或把它安装在 paraplan 旁边，或把它所在目录加入 PATH。</translation>
    </message>
    <message>
        <source>mpirun was not found on PATH: one CPU rank only. Install Open MPI (mpirun) for the multi-rank steps.</source>
        <translation>PATH 中没有 mpirun：只能用一个 CPU rank。多 rank 步骤需要安装 Open MPI（mpirun）。</translation>
    </message>
    <message>
        <source>No usable GPU (%1): discovering with the host backend; its figures are CPU measurements.</source>
        <translation>没有可用的 GPU（%1）：改用 host 后端发现设备；其数据是 CPU 测量。</translation>
    </message>
    <message>
        <source>CPU measurements: no GPU is used; each rank is a CPU worker standing in for one.</source>
        <translation>CPU 测量：不使用 GPU；每个 rank 是代替一块 GPU 的 CPU 工作进程。</translation>
    </message>
    <message>
        <source>No usable GPU was found. </source>
        <translation>未找到可用的 GPU。</translation>
    </message>
    <message>
        <source>paraplan-probe was not found (looked in %1).</source>
        <translation>未找到 paraplan-probe（已查找：%1）。</translation>
    </message>
    <message>
        <source>“%1” needs %2 ranks, started by mpirun, which is not on PATH. Install Open MPI.</source>
        <translation>“%1”需要由 mpirun 启动 %2 个 rank，但 PATH 中没有 mpirun。请安装 Open MPI。</translation>
    </message>
    <message>
        <source>No temporary folder for the run&apos;s files: %1</source>
        <translation>没有存放运行文件的临时目录：%1</translation>
    </message>
    <message>
        <source>“%1” failed: %2</source>
        <translation>“%1”失败：%2</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 holds no paraplan-probe results.</source>
        <translation>%1 中没有 paraplan-probe 结果。</translation>
    </message>
    <message>
        <source>Rank %1 failed: %2 (%3)</source>
        <translation>Rank %1 失败：%2（%3）</translation>
    </message>
    <message>
        <source>The run ended before its result (the file keeps what it measured until then).</source>
        <translation>运行在得出结果前就结束了（文件保留了此前测得的数据）。</translation>
    </message>
    <message numerus="yes">
        <source>Imported %1: %2 on %n rank(s).</source>
        <translation>
            <numerusform>已导入 %1：%2，%n 个 rank。</numerusform>
        </translation>
    </message>
    <message>
        <source>an unfinished run</source>
        <translation>未完成的运行</translation>
    </message>
    <message>
        <source>paraplan-probe bench: %1, %2</source>
        <translation>paraplan-probe bench：%1，%2</translation>
    </message>
    <message>
        <source>No calibration from “%1”: %2</source>
        <translation>无法从“%1”得到校准：%2</translation>
    </message>
    <message>
        <source>%1 is a training log, but %2</source>
        <translation>%1 是训练日志，但 %2</translation>
    </message>
    <message>
        <source>%1 (training log)</source>
        <translation>%1（训练日志）</translation>
    </message>
    <message>
        <source>Imported %1: %2 log, median of %3 steady steps (%4 warm-up skipped, %5 outliers).</source>
        <translation>已导入 %1：%2 日志，%3 个稳态步的中位数（跳过 %4 个预热步，%5 个离群值）。</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::EngineStagePlot</name>
    <message>
        <source>Measured vs predicted, per stage</source>
        <translation>各阶段实测与预测对比</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <source>idle (bubble)</source>
        <translation>空闲（气泡）</translation>
    </message>
    <message>
        <source>send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>stage %1
measured</source>
        <translation>阶段 %1
实测</translation>
    </message>
    <message>
        <source>stage %1
predicted</source>
        <translation>阶段 %1
预测</translation>
    </message>
    <message>
        <source>seconds per step (CPU measurements)</source>
        <translation>每步秒数（CPU 测量）</translation>
    </message>
    <message>
        <source>seconds per step</source>
        <translation>每步秒数</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stage %1, %2&lt;/b&gt;&lt;br&gt;busy %3&lt;br&gt;idle (bubble) %4 (%5)&lt;br&gt;send %6</source>
        <translation>&lt;b&gt;阶段 %1，%2&lt;/b&gt;&lt;br&gt;忙碌 %3&lt;br&gt;空闲（气泡）%4（%5）&lt;br&gt;发送 %6</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::LandscapeView</name>
    <message>
        <source>Configuration landscape</source>
        <translation>配置全景</translation>
    </message>
    <message>
        <source>Cancelled. Compute the landscape again to price every configuration.</source>
        <translation>已取消。重新计算全景即可评估所有配置。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Compute the landscape</source>
        <translation>计算全景</translation>
    </message>
    <message>
        <source>Pricing every configuration…</source>
        <translation>正在评估所有配置…</translation>
    </message>
    <message>
        <source>Open this view to price every configuration.</source>
        <translation>打开此视图即可评估所有配置。</translation>
    </message>
    <message>
        <source>%1 — %2 of %3 fitting configurations (an even sample)</source>
        <translation>%1 — 显存可容纳的 %3 个配置中的 %2 个（均匀抽样）</translation>
    </message>
    <message>
        <source>%1 — %2 fitting configurations</source>
        <translation>%1 — %2 个显存可容纳的配置</translation>
    </message>
    <message>
        <source>configurations</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Pareto front (nothing faster with less memory)</source>
        <translation>帕累托前沿（不存在更快且更省显存的配置）</translation>
    </message>
    <message>
        <source>current configuration</source>
        <translation>当前配置</translation>
    </message>
    <message>
        <source>memory per GPU, fullest stage (GiB)</source>
        <translation>每卡显存，占用最高的阶段 (GiB)</translation>
    </message>
    <message>
        <source>step time (s), log scale</source>
        <translation>每步时间 (s)，对数刻度</translation>
    </message>
    <message>
        <source> · on the Pareto front</source>
        <translation> · 位于帕累托前沿</translation>
    </message>
    <message>
        <source>as fast as the fastest within the 80 % band</source>
        <translation>在 80 % 区间内与最快配置一样快</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;step %2 · %3 per GPU%4%5&lt;br&gt;&lt;i&gt;click to apply&lt;/i&gt;</source>
        <translation>%1&lt;br&gt;每步 %2 · 每卡 %3%4%5&lt;br&gt;&lt;i&gt;点击应用&lt;/i&gt;</translation>
    </message>
    <message>
        <source> · as fast as the fastest within the 80 % band</source>
        <translation> · 在 80 % 区间内与最快配置一样快</translation>
    </message>
    <message>
        <source> · lighter end stages</source>
        <translation> · 首末阶段减层</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::LaunchDialog</name>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Save s&amp;cenario…</source>
        <translation>保存场景(&amp;C)…</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::MemoryView</name>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>HBM %1</source>
        <translation>HBM %1</translation>
    </message>
    <message>
        <source>80 % safe margin</source>
        <translation>80 % 安全线</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>每卡显存 (GiB)</translation>
    </message>
    <message>
        <source>pipeline stage</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stage %1&lt;/b&gt; — %2 layers&lt;br&gt;</source>
        <translation>&lt;b&gt;阶段 %1&lt;/b&gt; — %2 层&lt;br&gt;</translation>
    </message>
    <message>
        <source>%1: %2&lt;br&gt;</source>
        <translation>%1：%2&lt;br&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;total %1&lt;/b&gt; of %2 (%3)&lt;br&gt;</source>
        <translation>&lt;b&gt;总计 %1&lt;/b&gt; / %2（%3）&lt;br&gt;</translation>
    </message>
    <message>
        <source>Activations: Korthikanti et al. per-layer bytes × %1 micro-batches in flight under %2 (recompute %3).</source>
        <translation>激活：按 Korthikanti 等人的每层字节数 × %2 调度下同时在途的 %1 个微批次计算（重计算：%3）。</translation>
    </message>
    <message>
        <source>interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::MessageBanner</name>
    <message>
        <source>The plots still show the last valid configuration.</source>
        <translation>图表仍显示上一个有效配置的结果。</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::PlanView</name>
    <message>
        <source>%1 billion</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 million</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <source>cost to train (million USD)</source>
        <translation>训练成本（百万美元）</translation>
    </message>
    <message>
        <source>cost to train (thousand USD)</source>
        <translation>训练成本（千美元）</translation>
    </message>
    <message>
        <source>cost to train (USD)</source>
        <translation>训练成本（美元）</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The tokens to train on: the scenario&apos;s training.train_tokens (or its data set times its epochs) until you change it here.</source>
        <translation>要训练的 token 数：在此处修改之前，取场景的 training.train_tokens（或数据集大小乘以遍数）。</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Open plan file…</source>
        <translation>打开规划文件…</translation>
    </message>
    <message>
        <source>A plan file (docs/plan.md) names the scenario, the hardware, the deadline, the budget and the run&apos;s phases; it replaces the controls until you follow the workbench again.</source>
        <translation>规划文件（docs/plan.md）给出场景、硬件、截止期限、预算和训练阶段；在重新跟随工作台之前，它取代上方控件的设置。</translation>
    </message>
    <message>
        <source>Follow the workbench</source>
        <translation>跟随工作台</translation>
    </message>
    <message>
        <source>Tokens to train</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>截止期限</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>to</source>
        <translation>至</translation>
    </message>
    <message>
        <source>Open plan file</source>
        <translation>打开规划文件</translation>
    </message>
    <message>
        <source>Plan files (*.json)</source>
        <translation>规划文件 (*.json)</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>USD per node-hour</source>
        <translation>每节点小时价格（美元）</translation>
    </message>
    <message>
        <source>this scenario&apos;s cluster: %1</source>
        <translation>本场景的集群：%1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (plan file, %n node count(s))</source>
        <translation>
            <numerusform>%1（规划文件，%n 种节点数）</numerusform>
        </translation>
    </message>
    <message>
        <source>What one node costs an hour; empty: no price, no cost for this hardware.</source>
        <translation>一个节点一小时的价格；留空表示无价格，该硬件的方案不计成本。</translation>
    </message>
    <message>
        <source>Hardware (%1 of %2)</source>
        <translation>硬件（已选 %1/%2）</translation>
    </message>
    <message>
        <source>Cannot open the plan file %1: %2</source>
        <translation>无法打开规划文件 %1：%2</translation>
    </message>
    <message>
        <source>Plan file: %1</source>
        <translation>规划文件：%1</translation>
    </message>
    <message>
        <source>There is no token budget to plan: type the tokens to train above (or give training.train_tokens, or dataset_tokens and epochs, in the scenario).</source>
        <translation>没有可供规划的 token 预算：请在上方输入训练 token 数（或在场景中给出 training.train_tokens，或 dataset_tokens 与 epochs）。</translation>
    </message>
    <message>
        <source>There is no hardware to plan on: check at least one kind under Hardware.</source>
        <translation>没有可供规划的硬件：请在“硬件”中至少勾选一种。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop planning.</source>
        <translation>停止规划。</translation>
    </message>
    <message>
        <source>Plan again: every kind of hardware at every node count.</source>
        <translation>重新规划：每种硬件、每个节点数。</translation>
    </message>
    <message numerus="yes">
        <source>Planning: the best configuration of %n hardware and node count(s), priced through failures…</source>
        <translation>
            <numerusform>正在规划：为 %n 个硬件与节点数组合寻找最优配置，并计入故障估算…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled. Press Plan to plan again.</source>
        <translation>已取消。按“规划”重新规划。</translation>
    </message>
    <message>
        <source>Open this view to plan the run.</source>
        <translation>打开此视图以规划训练。</translation>
    </message>
    <message>
        <source>No valid configuration to plan yet.</source>
        <translation>尚无可供规划的有效配置。</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Time and cost to train, failures included</source>
        <translation>训练时长与成本（计入故障）</translation>
    </message>
    <message>
        <source>This plan compares no hardware: its phases are drawn below.</source>
        <translation>此规划未比较硬件：其训练阶段绘制在下方。</translation>
    </message>
    <message>
        <source>No plan runs, fits and has a price: see the notes below.</source>
        <translation>没有既能运行、放得下又有价格的方案：见下方说明。</translation>
    </message>
    <message>
        <source>wall-clock time to train, failures and checkpoints included (days)</source>
        <translation>墙钟训练时长，计入故障与检查点（天）</translation>
    </message>
    <message>
        <source>%1 (no plan runs and fits)</source>
        <translation>%1（没有能运行且放得下的方案）</translation>
    </message>
    <message>
        <source>time-cost frontier</source>
        <translation>时间-成本前沿</translation>
    </message>
    <message>
        <source>deadline: %1</source>
        <translation>截止期限：%1</translation>
    </message>
    <message>
        <source>budget: %1</source>
        <translation>预算：%1</translation>
    </message>
    <message>
        <source>fastest within the budget</source>
        <translation>预算内最快</translation>
    </message>
    <message>
        <source>fastest</source>
        <translation>最快</translation>
    </message>
    <message>
        <source>cheapest meeting the deadline</source>
        <translation>满足截止期限的最便宜方案</translation>
    </message>
    <message>
        <source>cheapest</source>
        <translation>最便宜</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1，也是%2</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>in phases</source>
        <translation>分阶段</translation>
    </message>
    <message>
        <source>one configuration</source>
        <translation>单一配置</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>phase: %1</source>
        <translation>阶段：%1</translation>
    </message>
    <message>
        <source>switch: checkpoint re-sharded, job restarted</source>
        <translation>切换：检查点重新切分，作业重启</translation>
    </message>
    <message>
        <source>The run in phases: %1</source>
        <translation>分阶段训练：%1</translation>
    </message>
    <message>
        <source>The run in phases: %1 against %2 in one configuration (%3 saved)</source>
        <translation>分阶段训练：%1，单一配置需 %2（节省 %3）</translation>
    </message>
    <message>
        <source>The run in phases: %1 against %2 in one configuration (%3 longer)</source>
        <translation>分阶段训练：%1，单一配置需 %2（多用 %3）</translation>
    </message>
    <message>
        <source>none (see the notes)</source>
        <translation>无（见说明）</translation>
    </message>
    <message>
        <source>%1 (%2 GPUs), %3: %4</source>
        <translation>%1（%2 张 GPU），%3：%4</translation>
    </message>
    <message>
        <source> at %1 goodput (%2 over the published failure rates)</source>
        <translation>，有效训练占比 %1（按公开故障率范围为 %2）</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>，%1</translation>
    </message>
    <message>
        <source>Fastest within the budget:</source>
        <translation>预算内最快：</translation>
    </message>
    <message>
        <source>Fastest:</source>
        <translation>最快：</translation>
    </message>
    <message>
        <source>Cheapest meeting the deadline:</source>
        <translation>满足截止期限的最便宜方案：</translation>
    </message>
    <message>
        <source>Cheapest:</source>
        <translation>最便宜：</translation>
    </message>
    <message>
        <source>%1 tokens, %2 × Chinchilla&apos;s compute-optimal %3 tokens for %4 parameters (20 tokens a parameter, Hoffmann et al. 2022)</source>
        <translation>%1 个 token，是 Chinchilla 计算最优点（%4 参数对应 %3 个 token，每个参数 20 个 token，Hoffmann 等 2022）的 %2 倍</translation>
    </message>
    <message>
        <source>; a mixture of experts counts its active parameters, which Chinchilla&apos;s dense fit does not test</source>
        <translation>；混合专家模型按激活参数计，而 Chinchilla 的拟合只针对稠密模型，未验证这种情形</translation>
    </message>
    <message>
        <source>Token budget:</source>
        <translation>Token 预算：</translation>
    </message>
    <message>
        <source> against %1</source>
        <translation>，对比 %1</translation>
    </message>
    <message>
        <source> with %1 throughout</source>
        <translation>（全程使用 %1）</translation>
    </message>
    <message>
        <source>Phases:</source>
        <translation>训练阶段：</translation>
    </message>
    <message>
        <source>%1 of the %2 plans have no time or cost (no configuration runs and fits there, or no price): they are not drawn.</source>
        <translation>%2 个方案中有 %1 个没有时长或成本（该处没有能运行且放得下的配置，或没有价格）：未绘制。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 nodes · %3 GPUs</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 个节点 · %3 张 GPU</translation>
    </message>
    <message>
        <source>&lt;br&gt;step %1 · %2 · MFU %3</source>
        <translation>&lt;br&gt;每步 %1 · %2 · MFU %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;goodput %1 (MTBF %2, a checkpoint every %3)</source>
        <translation>&lt;br&gt;有效训练占比 %1（MTBF %2，每 %3 保存一次检查点）</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 to train · %2</source>
        <translation>&lt;br&gt;训练需 %1 · %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;misses the deadline</source>
        <translation>&lt;br&gt;超出截止期限</translation>
    </message>
    <message>
        <source>&lt;br&gt;over the budget</source>
        <translation>&lt;br&gt;超出预算</translation>
    </message>
    <message>
        <source>&lt;br&gt;on the time-cost frontier</source>
        <translation>&lt;br&gt;位于时间-成本前沿</translation>
    </message>
    <message>
        <source>&lt;b&gt;Switch into %1&lt;/b&gt;&lt;br&gt;%2: the checkpoint saved, read back re-sharded and the job restarted</source>
        <translation>&lt;b&gt;切换到 %1&lt;/b&gt;&lt;br&gt;%2：保存检查点，按新布局重新切分读回，并重启作业</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 tokens · %3 steps · %4 nodes</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 个 token · %3 步 · %4 个节点</translation>
    </message>
    <message>
        <source>&lt;br&gt;step %1 · %2</source>
        <translation>&lt;br&gt;每步 %1 · %2</translation>
    </message>
    <message>
        <source> at %1 goodput</source>
        <translation>，有效训练占比 %1</translation>
    </message>
    <message>
        <source> · %1</source>
        <translation> · %1</translation>
    </message>
    <message>
        <source> B tokens</source>
        <translation> B token</translation>
    </message>
    <message>
        <source> (80 % band %1)</source>
        <translation>（80 % 区间 %1）</translation>
    </message>
    <message>
        <source>&lt;br&gt;80 % band %1 (the step&apos;s band, the failure rates&apos; spread)</source>
        <translation>&lt;br&gt;80 % 区间 %1（每步耗时的区间与故障率的离散范围）</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::PlotView</name>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>复制图像</translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation>导出为 PNG…</translation>
    </message>
    <message>
        <source>Export as PDF…</source>
        <translation>导出为 PDF…</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::ProbeProcess</name>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Unreadable probe output, %1</source>
        <translation>无法读取的 probe 输出，%1</translation>
    </message>
    <message>
        <source>Cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The probe&apos;s output could not be read: %1</source>
        <translation>无法读取 probe 的输出：%1</translation>
    </message>
    <message>
        <source>The probe ended without a result.</source>
        <translation>probe 结束时没有给出结果。</translation>
    </message>
    <message>
        <source>Rank %1 failed: %2 (%3)</source>
        <translation>Rank %1 失败：%2（%3）</translation>
    </message>
    <message>
        <source>The probe crashed.</source>
        <translation>probe 崩溃了。</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::RecomputeModulesButton</name>
    <message>
        <source>core_attn — the attention core</source>
        <translation>core_attn — 注意力核心</translation>
    </message>
    <message>
        <source>mla_up_proj — MLA&apos;s up projections</source>
        <translation>mla_up_proj — MLA 的上投影</translation>
    </message>
    <message>
        <source>moe_act — the experts&apos; activation</source>
        <translation>moe_act — 专家的激活函数</translation>
    </message>
    <message>
        <source>layernorm — the norms outside the linear layers</source>
        <translation>layernorm — 线性层之外的归一化层</translation>
    </message>
    <message>
        <source>mlp — dense layers&apos; whole MLP</source>
        <translation>mlp — 稠密层的整个 MLP</translation>
    </message>
    <message>
        <source>moe — the whole MoE layer, tokens moved again</source>
        <translation>moe — 整个 MoE 层，token 再次搬运</translation>
    </message>
    <message>
        <source>shared_experts — the shared experts</source>
        <translation>shared_experts — 共享专家</translation>
    </message>
    <message>
        <source>Replayed before each backward (Megatron-Core&apos;s --recompute-modules): %1</source>
        <translation>每次反向传播前重放（Megatron-Core 的 --recompute-modules）：%1</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::ScalingView</name>
    <message>
        <source>1 node</source>
        <translation>1 个节点</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <source>step time (s)</source>
        <translation>每步时间 (s)</translation>
    </message>
    <message>
        <source>tokens per second (millions)</source>
        <translation>每秒 token 数（百万）</translation>
    </message>
    <message>
        <source>tokens per second (thousands)</source>
        <translation>每秒 token 数（千）</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU (%)</translation>
    </message>
    <message>
        <source>USD per million tokens</source>
        <translation>每百万 token 成本（USD）</translation>
    </message>
    <message>
        <source>time to train (days)</source>
        <translation>训练时长（天）</translation>
    </message>
    <message>
        <source>time to train (hours)</source>
        <translation>训练时长（小时）</translation>
    </message>
    <message>
        <source>This cluster has no price per GPU-hour (cluster.gpu_hour_cost_usd): there is no cost per token to draw.</source>
        <translation>此集群没有每 GPU 小时价格（cluster.gpu_hour_cost_usd）：无法绘制每 token 成本。</translation>
    </message>
    <message>
        <source>This scenario names no training length (training.train_tokens): there is no time to train to draw.</source>
        <translation>此场景没有指定训练量（training.train_tokens）：无法绘制训练时长。</translation>
    </message>
    <message>
        <source>The configuration runs and fits at no count of this range.</source>
        <translation>在此范围内的任何节点数下，该配置都无法运行或显存放不下。</translation>
    </message>
    <message>
        <source>It needs %1 per GPU on its fullest stage and does not fit in memory.</source>
        <translation>占用最高的阶段每卡需要 %1，显存放不下。</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>cost per million tokens</source>
        <translation>每百万 token 成本</translation>
    </message>
    <message>
        <source>time to train</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>data-parallel degree</source>
        <translation>数据并行度</translation>
    </message>
    <message>
        <source>With a fixed global batch, each replica&apos;s share of it shrinks with dp.</source>
        <translation>全局批次固定时，每个副本分到的份额随 dp 增大而减小。</translation>
    </message>
    <message>
        <source>fixed global batch</source>
        <translation>固定全局批次</translation>
    </message>
    <message>
        <source>fixed batch per replica</source>
        <translation>固定每副本批次</translation>
    </message>
    <message>
        <source>Fixed global batch: the same run on more GPUs, each pipeline runs fewer micro-batches. Per replica: the global batch grows with dp; the learning rate and warm-up must follow.</source>
        <translation>固定全局批次：同一训练任务用更多 GPU 运行，每条流水线运行的微批次更少。固定每副本批次：全局批次随 dp 增大，学习率和预热必须随之调整。</translation>
    </message>
    <message>
        <source>with the best configuration</source>
        <translation>同时显示最优配置</translation>
    </message>
    <message>
        <source>Search the fastest configuration that fits at each count (it holds the fields the scenario pins, as the search does).</source>
        <translation>在每个节点数下搜索显存放得下的最快配置（与搜索功能一样，保持场景固定的字段不变）。</translation>
    </message>
    <message>
        <source>search pinned fields too</source>
        <translation>固定字段也参与搜索</translation>
    </message>
    <message>
        <source>The best configuration may change every parallel field, the scenario&apos;s pins set aside (slower: a wider search at each count).</source>
        <translation>最优配置可以修改所有并行字段，不受场景固定项约束（更慢：每个节点数下的搜索范围更大）。</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>against</source>
        <translation>横轴</translation>
    </message>
    <message>
        <source>for nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>to</source>
        <translation>至</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Compute again</source>
        <translation>重新计算</translation>
    </message>
    <message>
        <source>Pricing each node count and searching the best configuration at each…</source>
        <translation>正在评估每个节点数并搜索各自的最优配置…</translation>
    </message>
    <message>
        <source>Pricing each node count…</source>
        <translation>正在评估每个节点数…</translation>
    </message>
    <message>
        <source>Cancelled. Compute again to draw the curve.</source>
        <translation>已取消。重新计算即可绘制曲线。</translation>
    </message>
    <message>
        <source>Open this view to draw how the job scales.</source>
        <translation>打开此视图即可绘制任务的扩展曲线。</translation>
    </message>
    <message>
        <source>No valid configuration to scale yet.</source>
        <translation>尚无可用于扩展分析的有效配置。</translation>
    </message>
    <message>
        <source>What more nodes buy</source>
        <translation>增加节点的收益</translation>
    </message>
    <message>
        <source>current configuration held</source>
        <translation>保持当前配置</translation>
    </message>
    <message>
        <source>best configuration at each count</source>
        <translation>各节点数下的最优配置</translation>
    </message>
    <message>
        <source>data-parallel degree (dp)</source>
        <translation>数据并行度 (dp)</translation>
    </message>
    <message>
        <source>held configuration does not run or fit (hover for why)</source>
        <translation>当前配置无法运行或显存放不下（悬停查看原因）</translation>
    </message>
    <message>
        <source>this scenario (%1)</source>
        <translation>本场景（%1）</translation>
    </message>
    <message>
        <source>held and best</source>
        <translation>当前配置与最优配置</translation>
    </message>
    <message>
        <source>best</source>
        <translation>最优配置</translation>
    </message>
    <message>
        <source>held</source>
        <translation>当前配置</translation>
    </message>
    <message>
        <source>%1: stops paying at %2</source>
        <translation>%1：在 %2 处不再划算</translation>
    </message>
    <message>
        <source>%1: peak at %2</source>
        <translation>%1：峰值在 %2</translation>
    </message>
    <message>
        <source>(the two steps lie within each other&apos;s 80 % band: the model cannot tell them apart)</source>
        <translation>（两者的每步时间都落在对方的 80 % 区间内：模型无法区分）</translation>
    </message>
    <message>
        <source>Current configuration held:</source>
        <translation>保持当前配置：</translation>
    </message>
    <message>
        <source>Best configuration:</source>
        <translation>最优配置：</translation>
    </message>
    <message>
        <source>Adding nodes pays across this range: every step up brings at least %1 of the throughput a GPU has at the smallest count, and none is slower.</source>
        <translation>在此范围内增加节点都划算：每次增加带来的每卡吞吐量至少为最小规模下单卡吞吐量的 %1，且没有哪一档变慢。</translation>
    </message>
    <message>
        <source>The held configuration cannot run at %1 of the %2 counts: their GPUs are no multiple of tp × pp × cp.</source>
        <translation>当前配置在 %2 个节点数中的 %1 个上无法运行：这些节点数下的 GPU 数不是 tp × pp × cp 的整数倍。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 GPUs</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 张 GPU</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;The held configuration does not run here: %2</source>
        <translation>%1&lt;br&gt;当前配置在此无法运行：%2</translation>
    </message>
    <message>
        <source>%1 — %2&lt;br&gt;%3&lt;br&gt;step %4 · %5 · MFU %6</source>
        <translation>%1 — %2&lt;br&gt;%3&lt;br&gt;每步 %4 · %5 · MFU %6</translation>
    </message>
    <message>
        <source>best configuration</source>
        <translation>最优配置</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 USD per million tokens</source>
        <translation>&lt;br&gt;每百万 token %1 USD</translation>
    </message>
    <message>
        <source>&lt;br&gt;no price per GPU-hour: no cost</source>
        <translation>&lt;br&gt;没有每 GPU 小时价格：无法计算成本</translation>
    </message>
    <message>
        <source> · %1 to train</source>
        <translation> · 训练需 %1</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::ScenarioPanel</name>
    <message>
        <source>Overlap the token dispatch with another micro-batch</source>
        <translation>将 token 分发与另一个微批次的计算重叠</translation>
    </message>
    <message>
        <source>Head dimension
(0 = hidden ÷ heads)</source>
        <translation>头维度
（0 = 隐藏维度 ÷ 头数）</translation>
    </message>
    <message>
        <source>head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <source>shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <source>Shared expert FFN width</source>
        <translation>共享专家 FFN 宽度</translation>
    </message>
    <message>
        <source>shared expert FFN width</source>
        <translation>共享专家 FFN 宽度</translation>
    </message>
    <message>
        <source>Dense layers first</source>
        <translation>前置稠密层数</translation>
    </message>
    <message>
        <source>dense layers first</source>
        <translation>前置稠密层数</translation>
    </message>
    <message>
        <source>MoE layer every</source>
        <translation>MoE 层间隔</translation>
    </message>
    <message>
        <source>MoE layer frequency</source>
        <translation>MoE 层间隔</translation>
    </message>
    <message>
        <source>Load balancing</source>
        <translation>负载均衡</translation>
    </message>
    <message>
        <source>load balancing</source>
        <translation>负载均衡</translation>
    </message>
    <message>
        <source>auxiliary loss</source>
        <translation>辅助损失</translation>
    </message>
    <message>
        <source>loss-free bias</source>
        <translation>无损失偏置</translation>
    </message>
    <message>
        <source>Capacity factor
(0 = dropless)</source>
        <translation>容量因子
（0 = 不丢弃 token）</translation>
    </message>
    <message>
        <source>capacity factor</source>
        <translation>容量因子</translation>
    </message>
    <message>
        <source>KV latent rank
(0 = no MLA)</source>
        <translation>KV 潜在秩
（0 = 不用 MLA）</translation>
    </message>
    <message>
        <source>KV latent rank</source>
        <translation>KV 潜在秩</translation>
    </message>
    <message>
        <source>Query latent rank</source>
        <translation>Query 潜在秩</translation>
    </message>
    <message>
        <source>query latent rank</source>
        <translation>Query 潜在秩</translation>
    </message>
    <message>
        <source>RoPE head dim</source>
        <translation>RoPE 头维度</translation>
    </message>
    <message>
        <source>RoPE head dimension</source>
        <translation>RoPE 头维度</translation>
    </message>
    <message>
        <source>No-PE head dim</source>
        <translation>无位置编码头维度</translation>
    </message>
    <message>
        <source>no-PE head dimension</source>
        <translation>无位置编码头维度</translation>
    </message>
    <message>
        <source>Value head dim</source>
        <translation>Value 头维度</translation>
    </message>
    <message>
        <source>value head dimension</source>
        <translation>Value 头维度</translation>
    </message>
    <message>
        <source>Local attention window
(0 = none)</source>
        <translation>局部注意力窗口
（0 = 无）</translation>
    </message>
    <message>
        <source>local attention window</source>
        <translation>局部注意力窗口</translation>
    </message>
    <message>
        <source>Global attention every</source>
        <translation>全局注意力间隔</translation>
    </message>
    <message>
        <source>global attention frequency</source>
        <translation>全局注意力间隔</translation>
    </message>
    <message>
        <source>MTP modules</source>
        <translation>MTP 模块数</translation>
    </message>
    <message>
        <source>ETP</source>
        <translation>ETP</translation>
    </message>
    <message>
        <source>Expert tensor parallelism: each expert&apos;s matrices split over this many GPUs (follows TP unless set)</source>
        <translation>专家张量并行：每个专家的矩阵切分到这么多张 GPU 上（未设置时跟随 TP）</translation>
    </message>
    <message>
        <source>MoE dispatcher</source>
        <translation>MoE 分发方式</translation>
    </message>
    <message>
        <source>all-to-all</source>
        <translation>all-to-all</translation>
    </message>
    <message>
        <source>all-gather</source>
        <translation>all-gather</translation>
    </message>
    <message>
        <source>Overlap shared experts with the token dispatch</source>
        <translation>共享专家计算与 token 分发重叠</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>model %1</source>
        <translation>模型 %1</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细参数</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>FFN width</source>
        <translation>FFN 宽度</translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>experts per token</source>
        <translation>每 token 专家数</translation>
    </message>
    <message>
        <source>expert FFN width</source>
        <translation>专家 FFN 宽度</translation>
    </message>
    <message>
        <source>gated MLP (SwiGLU)</source>
        <translation>门控 MLP（SwiGLU）</translation>
    </message>
    <message>
        <source>gated MLP</source>
        <translation>门控 MLP</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Experts (0 = dense)</source>
        <translation>专家数（0 = 稠密）</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>每 token 专家数</translation>
    </message>
    <message>
        <source>Expert FFN width</source>
        <translation>专家 FFN 宽度</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation>全局批次（序列数）</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>cluster %1</source>
        <translation>集群 %1</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer&apos;s matrices split over this many GPUs (divides the heads)</source>
        <translation>张量并行：每层的矩阵切分到这么多张 GPU 上（须整除注意力头数）</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translation>流水线阶段数</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Context parallelism: the sequence split over this many GPUs</source>
        <translation>上下文并行：序列切分到这么多张 GPU 上</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Expert parallelism (mixture-of-experts models)</source>
        <translation>专家并行（混合专家模型）</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>Virtual pipeline stages (interleaved 1F1B chunks per stage)</source>
        <translation>虚拟流水线阶段（每个阶段的交错式 1F1B 分块数）</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Sequences per micro-batch</source>
        <translation>每个微批次的序列数</translation>
    </message>
    <message>
        <source>0 — plain data parallelism</source>
        <translation>0 — 普通数据并行</translation>
    </message>
    <message>
        <source>1 — optimizer states sharded</source>
        <translation>1 — 切分优化器状态</translation>
    </message>
    <message>
        <source>2 — and gradients</source>
        <translation>2 — 再切分梯度</translation>
    </message>
    <message>
        <source>3 — and weights (FSDP)</source>
        <translation>3 — 再切分权重（FSDP）</translation>
    </message>
    <message>
        <source>ZeRO %1</source>
        <translation>ZeRO %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>auto (least that fits)</source>
        <translation>自动（能放下的最少重计算）</translation>
    </message>
    <message>
        <source>recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Overlap gradient reduction with backward</source>
        <translation>梯度归约与反向重叠</translation>
    </message>
    <message>
        <source>Overlap parameter gather with forward</source>
        <translation>参数 gather 与前向重叠</translation>
    </message>
    <message>
        <source>Overlap TP communication with GEMMs</source>
        <translation>TP 通信与 GEMM 重叠</translation>
    </message>
    <message>
        <source>%1 × %2 (%3 per GPU, %4) — %5 GPUs; %6 inside a node, %7 between nodes</source>
        <translation>%1 × %2（每卡 %3，%4）— 共 %5 张 GPU；节点内 %6，节点间 %7</translation>
    </message>
    <message>
        <source>DP follows: %1 (GPUs ÷ TP·PP·CP)</source>
        <translation>DP 随之确定：%1（GPU 数 ÷ TP·PP·CP）</translation>
    </message>
    <message>
        <source>DP: the GPUs do not divide by TP·PP·CP</source>
        <translation>DP：GPU 数不能被 TP·PP·CP 整除</translation>
    </message>
    <message>
        <source>fp32 master weights and moments</source>
        <translation>fp32 主权重和动量</translation>
    </message>
    <message>
        <source>precision-aware: fp32 master as 16-bit remainders</source>
        <translation>精度感知：fp32 主权重以 16 位余数保存</translation>
    </message>
    <message>
        <source>precision-aware: bf16 moments (DeepSeek-V3)</source>
        <translation>精度感知：bf16 动量（DeepSeek-V3）</translation>
    </message>
    <message>
        <source>precision-aware: fp16 master, bf16 moments</source>
        <translation>精度感知：fp16 主权重，bf16 动量</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>recomputed modules</source>
        <translation>重计算模块</translation>
    </message>
    <message>
        <source>precision-aware: %1 master, %2 / %3 moments</source>
        <translation>精度感知：%1 主权重，%2 / %3 动量</translation>
    </message>
    <message>
        <source>flex (DeepEP, HybridEP)</source>
        <translation>flex（DeepEP、HybridEP）</translation>
    </message>
    <message>
        <source>The order the pipeline runs its passes in; the zero-bubble schedules split the backward into input- and weight-gradient passes, DualPipe feeds micro-batches from both ends</source>
        <translation>流水线执行各计算阶段的顺序；零气泡调度把反向拆成输入梯度与权重梯度两步，DualPipe 从两端同时送入微批次</translation>
    </message>
    <message>
        <source>as VPP implies (1F1B, or interleaved)</source>
        <translation>按 VPP 决定（1F1B 或交错式）</translation>
    </message>
    <message>
        <source>pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>every forward, then every backward</source>
        <translation>先全部前向，再全部反向</translation>
    </message>
    <message>
        <source>Megatron&apos;s default</source>
        <translation>Megatron 默认</translation>
    </message>
    <message>
        <source>VPP chunks per stage</source>
        <translation>每阶段 VPP 个分块</translation>
    </message>
    <message>
        <source>zero bubble, 1F1B&apos;s memory</source>
        <translation>零气泡，显存同 1F1B</translation>
    </message>
    <message>
        <source>zero bubble, twice the memory</source>
        <translation>零气泡，两倍显存</translation>
    </message>
    <message>
        <source>zero bubble, V of two chunks</source>
        <translation>零气泡，两分块 V 形</translation>
    </message>
    <message>
        <source>both directions, two weight copies</source>
        <translation>双向，两份权重</translation>
    </message>
    <message>
        <source>DualPipe folded into a V</source>
        <translation>折成 V 形的 DualPipe</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source> B tokens</source>
        <translation> B token</translation>
    </message>
    <message>
        <source>The tokens the run trains on (training.train_tokens), for the time and cost to train through failures. A data set given as tokens × epochs becomes its product here.</source>
        <translation>训练所用的 token 数（training.train_tokens），用于计算计入故障的训练时长与成本。以 token 数 × 遍数给出的数据集在此显示为二者之积。</translation>
    </message>
    <message>
        <source>tokens to train</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Asynchronous checkpoints</source>
        <translation>异步检查点</translation>
    </message>
    <message>
        <source>Megatron&apos;s --async-save: the step waits only for the copy off the GPUs; the write to storage runs in the background (docs/goodput.md).</source>
        <translation>Megatron 的 --async-save：训练步只等待从 GPU 拷出数据，写入存储在后台进行（docs/goodput.md）。</translation>
    </message>
    <message>
        <source>asynchronous checkpoints</source>
        <translation>异步检查点</translation>
    </message>
    <message>
        <source>Tokens to train</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Reduce in the NVSwitch (NVLink SHARP)</source>
        <translation>在 NVSwitch 中规约（NVLink SHARP）</translation>
    </message>
    <message>
        <source>NVLink SHARP</source>
        <translation>NVLink SHARP</translation>
    </message>
    <message>
        <source>Reduce in the network (InfiniBand SHARP)</source>
        <translation>在网络中规约（InfiniBand SHARP）</translation>
    </message>
    <message>
        <source>All-reduces across nodes run in the network&apos;s switches (NCCL&apos;s CollNet with its SHARP plugin): each GPU sends its share up once instead of a ring&apos;s twice</source>
        <translation>跨节点的 all-reduce 在网络交换机中执行（NCCL 的 CollNet 及其 SHARP 插件）：每个 GPU 只上送一次自己的份额，而环形算法要两次</translation>
    </message>
    <message>
        <source>InfiniBand SHARP</source>
        <translation>InfiniBand SHARP</translation>
    </message>
    <message>
        <source>All-reduces inside a node run in the switch (NCCL_NVLS_ENABLE); off, they run as rings, and NCCL&apos;s buffers for it are freed</source>
        <translation>节点内的 all-reduce 在交换机中执行（NCCL_NVLS_ENABLE）；关闭时按环执行，NCCL 为它保留的缓冲区随之释放</translation>
    </message>
    <message>
        <source>Needs a third-generation NVSwitch or later: Hopper or Blackwell GPUs on an NVSwitch</source>
        <translation>需要第三代或更新的 NVSwitch：NVSwitch 上的 Hopper 或 Blackwell GPU</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::SensitivityView</name>
    <message>
        <source>0 s</source>
        <translation>0 s</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation>1 个序列</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 个序列</translation>
    </message>
    <message>
        <source>not priced: %1</source>
        <translation>未评估：%1</translation>
    </message>
    <message>
        <source>%1 → step %2, %3</source>
        <translation>%1 → 每步 %2，%3</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>neither</source>
        <translation>两者持平</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感性</translation>
    </message>
    <message>
        <source>Which assumption the step rests on: each input moved by a realistic amount</source>
        <translation>每步时间依赖哪些假设：将各输入按现实幅度调整</translation>
    </message>
    <message>
        <source>No valid configuration to analyse yet.</source>
        <translation>尚无可分析的有效配置。</translation>
    </message>
    <message>
        <source>not priced</source>
        <translation>未评估</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>当前 %1</translation>
    </message>
    <message>
        <source>step as evaluated: %1</source>
        <translation>当前评估的每步时间：%1</translation>
    </message>
    <message>
        <source>input moved down</source>
        <translation>输入下调</translation>
    </message>
    <message>
        <source>input moved up</source>
        <translation>输入上调</translation>
    </message>
    <message>
        <source>side not priced (hover for why)</source>
        <translation>该侧未评估（悬停查看原因）</translation>
    </message>
    <message>
        <source>step time (s)</source>
        <translation>每步时间 (s)</translation>
    </message>
    <message>
        <source>Pin a configuration as A (Edit ▸ Pin as A for comparison) and change this one: this view then says whether any of these inputs reverses which of the two is faster.</source>
        <translation>将一个配置固定为 A（编辑 ▸ 固定为 A 以便对比），然后修改当前配置：此视图会说明这些输入中是否有哪一项会反转两者的快慢。</translation>
    </message>
    <message>
        <source>A %1 · B %2</source>
        <translation>A %1 · B %2</translation>
    </message>
    <message>
        <source>reverses the order</source>
        <translation>使顺序反转的输入</translation>
    </message>
    <message>
        <source>moved to</source>
        <translation>调整为</translation>
    </message>
    <message>
        <source>A (pinned)</source>
        <translation>A（已固定）</translation>
    </message>
    <message>
        <source>B (current)</source>
        <translation>B（当前）</translation>
    </message>
    <message>
        <source>faster there</source>
        <translation>此时更快者</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, as evaluated %2: step %3&lt;br&gt;moved down: %4&lt;br&gt;moved up: %5&lt;br&gt;swing %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，当前取值 %2：每步 %3&lt;br&gt;下调：%4&lt;br&gt;上调：%5&lt;br&gt;波动幅度 %6</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::TimelineView</name>
    <message>
        <source>%1 micro-batches on %2 stages: %3 operations, too many to draw.
The step time and the bubble include every one of them.</source>
        <translation>%2 个阶段上 %1 个微批次：共 %3 个操作，过多无法绘制。
每步时间与气泡已计入全部操作。</translation>
    </message>
    <message>
        <source>Pipeline timeline</source>
        <translation>流水线时间线</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; of micro-batch %2 on stage %3</source>
        <translation>阶段 %3 上微批次 %2 的&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>, chunk %1</source>
        <translation>，分块 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;starts %1, lasts %2</source>
        <translation>&lt;br&gt;开始于 %1，持续 %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;then sends to the next stage for %1</source>
        <translation>&lt;br&gt;随后向下一阶段发送，耗时 %1</translation>
    </message>
    <message>
        <source>interleaved 1F1B ×%1</source>
        <translation>交错式 1F1B ×%1</translation>
    </message>
    <message>
        <source>%1, %2 micro-batches, bubble %3</source>
        <translation>%1，%2 个微批次，气泡 %3</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1, bubble %2</source>
        <translation>%1，气泡 %2</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward (with recomputation)</source>
        <translation>反向（含重计算）</translation>
    </message>
    <message>
        <source>send to the next stage</source>
        <translation>发送到下一阶段</translation>
    </message>
    <message>
        <source>idle: the bubble (blank)</source>
        <translation>空闲：气泡（空白处）</translation>
    </message>
    <message>
        <source>seconds into the step</source>
        <translation>步内时间（秒）</translation>
    </message>
    <message>
        <source>backward: input gradient (B)</source>
        <translation>反向：输入梯度（B）</translation>
    </message>
    <message>
        <source>weight gradient (W)</source>
        <translation>权重梯度（W）</translation>
    </message>
    <message>
        <source>later chunks darker</source>
        <translation>靠后的分块颜色更深</translation>
    </message>
    <message>
        <source>second direction (hatched); pairs overlapped share a row</source>
        <translation>第二方向（斜线）；重叠的一对共用一行</translation>
    </message>
    <message>
        <source>Input gradient (B)</source>
        <translation>输入梯度（B）</translation>
    </message>
    <message>
        <source>Weight gradient (W)</source>
        <translation>权重梯度（W）</translation>
    </message>
    <message>
        <source> (second direction)</source>
        <translation>（第二方向）</translation>
    </message>
    <message>
        <source>&lt;br&gt;overlapped with the pass beside it: one&apos;s all-to-all under the other&apos;s compute</source>
        <translation>&lt;br&gt;与旁边的计算重叠：一方的 all-to-all 藏在另一方的计算之下</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>measured kernels (thin strips): compute, memory-bound, communication</source>
        <translation>实测 kernel（细条）：计算、访存密集、通信</translation>
    </message>
    <message>
        <source>&lt;b&gt;Measured trace against the prediction&lt;/b&gt; (%1 traces):</source>
        <translation>&lt;b&gt;实测 trace 与预测对比&lt;/b&gt;（%1 个 trace）：</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2, %3 from the step&apos;s start, lasts %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2，距步开始 %3，持续 %4</translation>
    </message>
    <message>
        <source>&lt;br&gt;stage %1 in a step: measured %2 of these, predicted %3</source>
        <translation>&lt;br&gt;阶段 %1 每步：此类实测 %2，预测 %3</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::TopologyEditor</name>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Add device</source>
        <translation>添加设备</translation>
    </message>
    <message>
        <source>Add a device to the node kind last clicked</source>
        <translation>向最近点击的节点类型添加设备</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Drag from one device to another to link them (or hold Shift while dragging)</source>
        <translation>从一个设备拖到另一个设备以连接它们（或拖动时按住 Shift）</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Remove the selected devices and links, and the links of removed devices (Delete)</source>
        <translation>删除所选设备和链路，以及被删设备的链路（Delete）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Show the whole drawing</source>
        <translation>显示整张图</translation>
    </message>
    <message>
        <source>Import nvidia-smi…</source>
        <translation>导入 nvidia-smi…</translation>
    </message>
    <message>
        <source>Read a node from a saved output of “nvidia-smi topo -m”</source>
        <translation>从保存的“nvidia-smi topo -m”输出中读取一个节点</translation>
    </message>
    <message>
        <source>rename to %1</source>
        <translation>重命名为 %1</translation>
    </message>
    <message>
        <source>The id “%1” is empty or taken in this node; choose another.</source>
        <translation>id“%1”为空或已在此节点中使用；请另选一个。</translation>
    </message>
    <message>
        <source>NIC bandwidth</source>
        <translation>网卡带宽</translation>
    </message>
    <message>
        <source>link kind</source>
        <translation>链路类型</translation>
    </message>
    <message>
        <source>link bandwidth</source>
        <translation>链路带宽</translation>
    </message>
    <message>
        <source>link latency</source>
        <translation>链路延迟</translation>
    </message>
    <message>
        <source>GPUs are coloured by group once the cluster has a valid configuration.</source>
        <translation>集群有了有效配置后，GPU 会按组着色。</translation>
    </message>
    <message>
        <source>Click a GPU to ring its group and light the links its traffic crosses.</source>
        <translation>点击一块 GPU，圈出它所在的组并点亮其流量经过的链路。</translation>
    </message>
    <message>
        <source>add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>remove %1</source>
        <translation>删除 %1</translation>
    </message>
    <message>
        <source>remove %1 items</source>
        <translation>删除 %1 项</translation>
    </message>
    <message>
        <source>link %1 – %2</source>
        <translation>连接 %1 – %2</translation>
    </message>
    <message>
        <source>move %1</source>
        <translation>移动 %1</translation>
    </message>
    <message>
        <source>move %1 devices</source>
        <translation>移动 %1 个设备</translation>
    </message>
    <message>
        <source>swap the ranks of GPUs %1 and %2</source>
        <translation>交换 GPU %1 和 %2 的 rank</translation>
    </message>
    <message>
        <source>reset placement</source>
        <translation>重置放置</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::TopologyProperties</name>
    <message>
        <source>Click a device or a link to edit it. Ctrl+click adds to the selection; Shift+drag from one device to another links them; Delete removes.</source>
        <translation>点击设备或链路进行编辑。Ctrl+点击可加入选择；按住 Shift 从一个设备拖到另一个设备可连接它们；Delete 删除。</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source>Joins</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Per direction, 1e9 bytes per second (NVLink: all bonded links together)</source>
        <translation>每个方向，每秒 1e9 字节（NVLink：所有绑定链路之和）</translation>
    </message>
    <message>
        <source>%1 devices and %2 links selected. Delete removes them; with two GPUs selected, “Swap ranks” trades their ranks.</source>
        <translation>已选择 %1 个设备和 %2 条链路。Delete 删除它们；选中两块 GPU 时，“交换 rank”会交换它们的 rank。</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::TopologyScene</name>
    <message>
        <source>Node kind %1</source>
        <translation>节点类型 %1</translation>
    </message>
    <message>
        <source>%1 · node %2</source>
        <translation>%1 · 节点 %2</translation>
    </message>
    <message>
        <source>… and %1 more nodes like node %2 (%3 in all)</source>
        <translation>… 另有 %1 个与节点 %2 相同的节点（共 %3 个）</translation>
    </message>
    <message>
        <source>… and %1 more nodes (%2 in all)</source>
        <translation>… 另有 %1 个节点（共 %2 个）</translation>
    </message>
    <message>
        <source>NIC %1: %2 GB/s to the network</source>
        <translation>网卡 %1：到网络 %2 GB/s</translation>
    </message>
    <message>
        <source>%1 – %2: %3, %4 GB/s, %5 µs</source>
        <translation>%1 – %2：%3，%4 GB/s，%5 µs</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>Network: one non-blocking switch · %1</source>
        <translation>网络：单个无阻塞交换机 · %1</translation>
    </message>
    <message>
        <source>Network: fat tree, leaves of %1 nodes, %2:1 oversubscribed · %3</source>
        <translation>网络：胖树，每个叶交换机 %1 个节点，%2:1 超额订阅 · %3</translation>
    </message>
    <message>
        <source>Network: fat tree, leaves of %1 nodes · %2</source>
        <translation>网络：胖树，每个叶交换机 %1 个节点 · %2</translation>
    </message>
    <message>
        <source>Network: rail-optimised, pods of %1 nodes · %2</source>
        <translation>网络：轨道优化，每个 pod %1 个节点 · %2</translation>
    </message>
    <message>
        <source> · zones of %1 nodes under a core, %2:1 oversubscribed</source>
        <translation> · 每区 %1 个节点，位于核心层之下，%2:1 超额订阅</translation>
    </message>
    <message>
        <source> · zones of %1 nodes under a core</source>
        <translation> · 每区 %1 个节点，位于核心层之下</translation>
    </message>
    <message>
        <source> · ECMP, %1 flows a connection</source>
        <translation> · ECMP，每个连接 %1 条流</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::TopologySidePanel</name>
    <message>
        <source>Selection</source>
        <translation>选择</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>From the cluster summary</source>
        <translation>来自集群摘要</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>已编辑</translation>
    </message>
    <message>
        <source>topology from the cluster summary</source>
        <translation>来自集群摘要的拓扑</translation>
    </message>
    <message>
        <source>topology %1</source>
        <translation>拓扑 %1</translation>
    </message>
    <message>
        <source>nodes %1</source>
        <translation>节点数 %1</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>放置</translation>
    </message>
    <message>
        <source>How ranks are numbered along the parallel dimensions, fastest first</source>
        <translation>rank 沿各并行维度的编号顺序，最快的在前</translation>
    </message>
    <message>
        <source>rank order %1</source>
        <translation>rank 顺序 %1</translation>
    </message>
    <message>
        <source>Swap ranks of the two selected GPUs</source>
        <translation>交换所选两块 GPU 的 rank</translation>
    </message>
    <message>
        <source>Ctrl+click two GPUs, then trade their ranks in the rank table</source>
        <translation>Ctrl+点击两块 GPU，然后在 rank 表中交换它们的 rank</translation>
    </message>
    <message>
        <source>Reset placement</source>
        <translation>重置放置</translation>
    </message>
    <message>
        <source>Megatron&apos;s rank order and no rank table</source>
        <translation>Megatron 的 rank 顺序，不用 rank 表</translation>
    </message>
    <message>
        <source>Colour GPUs by</source>
        <translation>GPU 着色依据</translation>
    </message>
    <message>
        <source>Rank order</source>
        <translation>rank 顺序</translation>
    </message>
    <message>
        <source>Nodes of %1</source>
        <translation>%1 的节点数</translation>
    </message>
    <message>
        <source>%1 GPUs per node, %2 GPUs in all</source>
        <translation>每个节点 %1 块 GPU，共 %2 块 GPU</translation>
    </message>
    <message>
        <source>%1 (Megatron)</source>
        <translation>%1（Megatron）</translation>
    </message>
    <message>
        <source>TP group</source>
        <translation>TP 组</translation>
    </message>
    <message>
        <source>PP stage</source>
        <translation>PP 级</translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation>DP 副本</translation>
    </message>
    <message>
        <source>CP group</source>
        <translation>CP 组</translation>
    </message>
    <message>
        <source>EP group</source>
        <translation>EP 组</translation>
    </message>
    <message>
        <source>network port</source>
        <translation>网络端口</translation>
    </message>
    <message>
        <source>Wider lines: more GB/s.</source>
        <translation>线越宽，GB/s 越高。</translation>
    </message>
    <message>
        <source>GPUs take their group&apos;s colour and show their rank.</source>
        <translation>GPU 显示其组的颜色和 rank。</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::ValueSlider</name>
    <message>
        <source>Not a valid choice next to the other settings</source>
        <translation>在当前其他设置下不是有效取值</translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::ViewDeck</name>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Landscape</source>
        <translation>配置全景</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感性</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>规划</translation>
    </message>
</context>
</TS>
