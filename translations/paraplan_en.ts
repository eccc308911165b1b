<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AdviceText</name>
    <message>
        <source>Pipeline bubble high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stages take unequal work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP groups cross nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP groups on a shared link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP groups cross nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP groups on a shared link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallelism on a slow link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline sends on a slow link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication the framework could hide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory above the safe margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory left unused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batches too small for the GEMMs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads replicated by TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch changed with DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-step host overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate not scaled with the batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient reduction precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL network settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline messages out of step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocator fragmentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups that cross nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stragglers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RDMA not in use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline end stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO not partitioning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank 0&apos;s extra duties</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saves %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>costs %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Advisor</name>
    <message>
        <source>The pipeline idles %1 of the step (%2): %3 stages share %4 micro-batches under %5; uniform stages would idle %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: the pipeline idles %2 of the step instead of %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1 computes for %2 per step, %3 more than the average stage (%4): the first stage also holds the embedding and the last the logits and the loss, and the other stages wait for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split the layers unevenly, %1: the ends take less so no stage waits as long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each %1 group of %2 GPUs spans %3 nodes: its collectives run over %4 at %5, %6 slower than its GPUs&apos; own links; %7 of them per step is exposed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 groups of %2 GPUs run their collectives over %3, which %4 groups share: %5, %6 slower than their own links; %7 per step is exposed and %8 hidden under compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor-parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context-parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place the groups again, %1: they then run at %2 and the step saves %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split the GPUs another way, %1: the slow groups are gone and the step saves %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1 needs %2 of the GPU&apos;s %3 (%4): above the %5 real runs leave room for fragmentation and transient buffers; such runs fail with out-of-memory while nvidia-smi still shows memory free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make room, %1: the fullest stage then needs %2, and the step takes %3 (%4 now).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fullest stage uses %1 of the GPU&apos;s %2 (%3): %4 per GPU stays unused while the step pays for %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spend the memory, %1: the fullest stage then needs %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each GEMM sees %1 tokens (micro-batch %2 of %3-token sequences): compute takes %4 per step, where micro-batch %5 does the same work in %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run larger GEMMs, %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp %1 exceeds the model&apos;s %2 KV heads: each KV head&apos;s projections are computed and stored on %3 TP ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep tp within the KV heads, %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the step is exposed communication (%2), and the framework&apos;s overlap of it is off: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap it, %1: exposed communication falls to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The global batch went from %1 to %2 samples (%3) as data parallelism went from %4 to %5: unless the optimiser follows, the run takes fewer, larger steps with the old schedule. Scale the peak learning rate by %6 (square-root rule; %7 under the linear rule) and count the warm-up in tokens: %8 of its former steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep this batch and change the optimiser as above%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or keep the optimiser and the former batch, %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Interactive 3D-parallelism design for LLM training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A project or scenario to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open this scenario or project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render offscreen to this PNG and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interface language: en or zh_CN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window size for rendering (offscreen 1920x1080 unless given; in a real window, the size it opens at).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the dark palette.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the sliders N times offscreen and print the change-to-replot times.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the evaluation and write the report images into this folder (what runs when there is no display).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--size takes WIDTHxHEIGHT between 320x240 and 8000x8000, e.g. 1920x1080.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--benchmark-interaction takes a number of moves, e.g. 200.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--lang takes en or zh_CN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a paraplan-probe results file into the engine panel (may be given several times).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price everything with this calibration profile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw a measured trace (PyTorch profiler JSON or Nsight Systems SQLite, one per rank) under the predicted timeline (may be given several times).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a Hugging Face config.json (the model) or a framework&apos;s launch file or config (the scenario) into the scenario (may be given several times).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot: render the Export launch files dialog for this format (megatron, megatron-bridge, nemo-yaml, deepspeed, torchtitan-toml, torchtitan-py, env, slurm).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown --launch-files format &quot;%1&quot;; use megatron, megatron-bridge, nemo-yaml, deepspeed, torchtitan-toml, torchtitan-py, env or slurm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the advisor&apos;s N-th finding (1 = the first), as a click would: its evidence is marked in its view.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose what the cluster shows in the advisor (low_gpu_utilization, loss_spikes_after_dp_change, hang_at_step, oom_with_free_memory, multi_node_slower, one_gpu_memory_higher).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown --symptom &quot;%1&quot;; use low_gpu_utilization, loss_spikes_after_dp_change, hang_at_step, oom_with_free_memory, multi_node_slower or one_gpu_memory_higher.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--finding takes a finding&apos;s number, 1 or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View to render: overview, memory, breakdown, timeline, bubble, landscape, topology, compare, engine, scaling, sensitivity, plan, or all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open this plan file (docs/plan.md) in the Plan view: its scenario, hardware, deadline, budget and phases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown view &quot;%1&quot;; use overview, memory, breakdown, timeline, bubble, landscape, topology, compare, engine, scaling, sensitivity, plan or all.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Components</name>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP send/recv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runtime and reserve</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeviceItem</name>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <source>All-to-all overlap cannot run here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU %1 has no FP4 tensor cores (no fp4 peak); train in fp8 or bf16, or give cluster.gpu.peak_tflops.fp4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fp4 peak is implausibly large; check it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert TP without experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ETP does not divide the expert FFN width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE with TP but without sequence parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared-expert overlap has nothing to hide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>etp is %1 but the model has no experts; omit etp for a dense model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The expert FFN width (%1) is not divisible by the expert tensor parallel size (%2); pick etp among its divisors (it follows tp unless given).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A MoE model with tp &gt; 1 and no sequence parallelism dispatches every token from each of the %1 TP ranks and computes it %1 times; Megatron-Core refuses to train so. Enable sequence_parallel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared-expert overlap hides the all-to-all dispatcher&apos;s traffic behind the shared experts; without shared experts or with the allgather dispatcher it does nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moe.imbalance is %1; the busiest expert&apos;s load over the mean lies between %2 and experts / top_k = %3. Omit it for the published measurement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moe.capacity_factor is %1; give a multiple of the mean load between %2 and experts / top_k = %3, or omit it for dropless routing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moe.pad_to_capacity needs a capacity: set moe.capacity_factor, or turn padding off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model size out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden size does not split into the heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads do not divide the heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixture-of-experts settings out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training setting out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link figure out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster setting out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU figure out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implausibly large value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision not supported by this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel degree out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No such ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The split does not match the GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No whole data-parallel degree fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP does not divide the attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads replicated across TP ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP and the KV heads do not divide one another</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP does not divide the FFN width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP does not divide the sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The global batch does not split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallelism without experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP does not divide the experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ETP × EP does not divide a stage&apos;s ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More pipeline stages than layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleaving needs pipeline parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleaving needs micro-batches in multiples of PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A power limit without the TDP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A power limit of %1 W needs the GPU&apos;s TDP to compare with; give cluster.gpu.tdp_w from its datasheet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power_limit_w %1 W and tdp_w %2 W are not plausible; give the TDP between 10 and 5000 W and a limit of at least a fifth of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The framework cannot interleave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many micro-batches to simulate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fewer micro-batches than stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers per stage: wrong number of entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers per stage: wrong total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uneven pipeline split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallelism without TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP overlap needs sequence parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP group spans nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP over PCIe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-2/3 with pipeline parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit in GPU memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above the 80 % memory margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline schedule failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of multi-token prediction layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key-value latent rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query latent rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The position-free query-key head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rotary query-key head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The value head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The local attention window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The period of globally attending layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of shared experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shared expert FFN hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of dense layers before the MoE layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The MoE layer frequency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With %1 dense layers first and one MoE layer in every %2 after them, none of the %3 layers is MoE; lower first_dense_layers or layer_frequency, or set moe.experts to 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vocabulary size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The FFN hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hidden (%1) is not a multiple of heads (%2); choose heads so that hidden / heads is the head dimension.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kv_heads (%1) must divide heads (%2): grouped-query attention shares each KV head among heads / kv_heads query heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moe.experts is negative; use 0 for a dense model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The expert FFN hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moe.top_k is %1; each token must go to between 1 and %2 experts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The micro-batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train_tokens is %1; give a token budget between 1 and 1e18, or omit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The link bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency_us is %1; give a latency between 0 and 1e6 microseconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpus_per_node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster has %1 GPUs, more than the supported %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bf16 peak (TFLOP/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU memory (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SM count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU %1 has no FP8 tensor cores (no fp8 peak); train in bf16, or give cluster.gpu.peak_tflops.fp8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fp8 peak is implausibly large; check it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpu_hour_cost_usd is %1; give a price between 0 and 10000 USD, or omit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero_stage is %1; use 0 (plain DP), 1, 2 or 3 (FSDP).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp x pp x cp = %1 x %2 needs more GPUs than the cluster&apos;s %3; lower tp, pp or cp, or add nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster&apos;s %1 GPUs are not a multiple of tp x pp x cp = %2, so no whole dp fits; change tp, pp or cp, or the number of nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp x pp x cp x dp = %1 x %2 does not equal the cluster&apos;s %3 GPUs; set dp to %4 or omit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp x pp x cp x dp = %1 x %2 does not equal the cluster&apos;s %3 GPUs, and no dp can: change tp, pp or cp, or the number of nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heads (%1) is not divisible by tp (%2); each TP rank needs whole attention heads, so pick tp among the divisors of heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp (%1) exceeds kv_heads (%2): KV heads are replicated across TP ranks, costing memory and compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kv_heads (%1) and tp (%2) do not divide one another; pick a tp that divides kv_heads or is a multiple of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The FFN width (%1) is not divisible by tp (%2); pick another tp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seq_len (%1) is not divisible by cp (%2); each CP rank takes an equal slice of the sequence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>global_batch (%1) is not a multiple of micro_batch x dp = %2 x %3; change the batch, the micro-batch or dp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ep is %1 but the model has no experts; set ep to 1 for a dense model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts (%1) are not divisible by ep (%2); each EP rank holds an equal share of the experts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>etp x ep = %1 x %2 must divide tp x cp x dp = %3: the expert layers re-split a stage&apos;s ranks into expert tensor, expert and expert data parallel groups.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp x vpp = %1 exceeds the %2 layers; every (virtual) stage needs at least one layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vpp &gt; 1 interleaves pipeline stages; it needs pp &gt; 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interleaved schedule needs the number of micro-batches (%1) to be a multiple of pp (%2); change the batch, or use vpp 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 micro-batches over %2 virtual stages is too long a step to simulate; raise micro_batch or dp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only %1 micro-batches for %2 pipeline stages: the pipeline never fills and most of the step is bubble.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no interleaved pipeline schedule; use vpp 1, or a framework that has one (framework.name megatron-core, nemo, torchtitan).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers_per_stage has %1 entries; it needs pp x vpp = %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers_per_stage sums to %1 but the model has %2 layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 layers do not split evenly over %2 (virtual) stages; the first stages get one layer more. Set layers_per_stage to choose.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallelism splits along the TP group; with tp = 1 it does nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP communication overlap works on sequence-parallel all-gathers and reduce-scatters; enable sequence_parallel or it has no effect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The TP group (%1 GPUs) is larger than a node (%2): its all-reduces, two per layer per pass, cross the inter-node network at %3 GB/s per GPU instead of %4 GB/s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The TP group communicates over PCIe (%1 GB/s per GPU) every layer; prefer pp or dp on machines without NVLink.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-%1 with pipeline parallelism reduces gradients after every micro-batch; ZeRO-1 is the usual choice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1 needs %2 GiB per GPU but the GPU has %3 GiB; raise tp or pp, use a higher zero_stage, recompute activations, or lower micro_batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1 uses %2 of %3 GiB (over 80 %): real runs this full often fail on fragmentation and transient buffers; leave more headroom.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pipeline schedule could not be simulated for this configuration; check pp, vpp and the number of micro-batches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: a link to a missing device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: a link from a device to itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: two devices with one id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: link figure out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: wrong number of GPUs in a node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: GPUs that cannot reach each other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: a node without a NIC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: a GPU that reaches no NIC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: node counts do not add up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: network figure out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank table: wrong number of ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank table: a GPU the cluster lacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank table: two ranks on one GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A link holds a group back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups share a NIC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oversubscribed spine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The link names device &quot;%1&quot;, which node kind %2 does not have; use the id of one of its devices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The link joins %1 to itself; join two different devices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node kind %1 has %2 devices and %3 links, more than the supported %4 and %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device id &quot;%1&quot; is empty or used twice in node kind %2; give every device its own id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The NIC bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node kind %1 has %2 GPUs but cluster.gpus_per_node is %3; every node must hold gpus_per_node GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node kind %1 has no NIC, but the cluster has %2 nodes; add a NIC and link it to the GPUs&apos; PCIe switch or CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In node kind %1, %2 cannot reach %3: join them through a switch, a CPU or a direct link.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In node kind %1, %2 reaches no NIC; link a NIC to its PCIe switch or CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes_per_leaf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>oversubscription is %1; give the leaf&apos;s downlink over uplink bandwidth, 1 or more (1 = non-blocking).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The network latency is %1; give it between 0 and 1e6 microseconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The count of a node kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster.nodes is %1 but the node kinds of cluster.topology count %2 nodes; make them agree.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank_to_gpu lists %1 GPUs for %2 ranks; give one GPU for each rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 is placed on GPU %2, which the cluster lacks (GPUs 0 to %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks %1 and %2 are both placed on GPU %3; each GPU runs one rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 group of GPUs %2 runs at %3 GB/s, %4x slower than its GPUs&apos; own links allow: it crosses %5 - %6 (%7) on node %8, a link %9 groups share. Place its ranks closer together (parallel.placement) or choose other degrees.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 groups share NIC %3 of node %4: the slowest runs at %5 GB/s instead of the %6 GB/s it would get alone (%7x slower). Spread the groups over more NICs, or keep this traffic inside the nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 groups cross the oversubscribed spine uplinks of a leaf switch: they run at %2 GB/s instead of %3 GB/s alone (%4x slower). Keep these groups inside a leaf, or lower the oversubscription.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No MLA to recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared experts both overlapped and recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputation refused by delayed FP8 scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputed modules the model lacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputed modules without selective recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision-aware optimizer needs ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mla_up_proj recomputes multi-latent attention&apos;s up projections; this model has no MLA. Remove it from recompute_modules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shared experts cannot be recomputed while they overlap the dispatcher (Megatron-Core refuses it); drop shared_experts from recompute_modules or moe_shared_expert_overlap.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moe_act and layernorm recomputation cannot run with delayed FP8 scaling (Megatron-Core refuses it); use fp8_recipe tensorwise, blockwise or mxfp8, or recompute other modules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some of recompute_modules name parts this model does not have (moe, moe_act and shared_experts need experts, shared_experts shared ones, mlp dense layers, layernorm a norm outside the linear layers as MLA and MoE layers have); those do nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute_modules choose what selective recomputation replays; with recompute &quot;%1&quot; they do nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The precision-aware optimizer runs with the distributed optimizer only (Megatron-Core refuses it otherwise); set zero_stage to 1 or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flex dispatcher without experts to reach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flex dispatcher cannot pad to capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moe.groups (%1) must divide the %2 experts and moe.group_top_k (%3) lie between 1 and groups, with top_k = %4 experts in the chosen groups; give both as 0 for routing without a group limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The all-to-all overlap needs ep &gt; 1, the alltoall or flex dispatcher, vpp &gt; 1 where pp &gt; 1, no full recomputation nor the MoE layer recomputed whole, and no shared-expert overlap (Megatron-Core&apos;s rules); as set it does nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The flex dispatcher moves tokens between the ranks of the ETP x EP group; with etp x ep = 1 there are none (Megatron-Core refuses it). Raise ep or choose the alltoall dispatcher.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The flex dispatcher does not pad experts to their capacity (Megatron-Core refuses it with DeepEP); turn moe.pad_to_capacity off or choose the alltoall dispatcher.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vpp does not fit the pipeline schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe needs an even pp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too few micro-batches for the schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The framework lacks this schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The schedule needs a fork or library</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers per stage: a negative count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two splits of the layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron refuses this split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A stage holds zero layers or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interleaved 1F1B schedule runs several model chunks per stage; set vpp to 2 or more, or choose the 1f1b schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 schedule folds the model into a V of two chunks per stage; set vpp to 2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 schedule runs one model chunk per stage but vpp is %2; set vpp to 1, or choose interleaved-1f1b.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe pairs stage i with stage pp-1-i and needs an even pp, not %1; change pp, or choose dualpipev.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not ship the %2 schedule; it runs in %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 schedule needs at least %2 micro-batches (an even number for dualpipe) but the step has %3; raise the global batch or lower micro_batch or dp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers_per_stage (or pipeline_layout) and Megatron&apos;s first/last stage layers or embedding/loss as layers both split the layers; keep one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron refuses this split: %1. Give the layers of every stage with pipeline_layout instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s pipeline engine runs only its own 1F1B schedule (and under megatron-deepspeed ZB-H1), not %2; choose 1f1b, or a framework that has the schedule (megatron-core, torchtitan).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No configuration at this size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No configuration fits at this size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No configuration of %1 GPUs fits in memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No configuration of %1 GPUs abides by the rules: the GPU count, the global batch and the model leave no whole tp × pp × cp × dp split.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No configuration of %1 GPUs abides by the rules with the fields the scenario pins (%2): the GPU count, the global batch and the model leave them no whole tp × pp × cp × dp split.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dataset_tokens is %1; give the data set&apos;s size between 1 and 1e18 tokens, or omit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epochs is %1; give how many times the data set is read, between 0 and 10000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>epochs is given without dataset_tokens; give the data set&apos;s size in tokens too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both train_tokens and dataset_tokens give the run&apos;s length; keep one of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint.interval_s is %1; give seconds between checkpoints above 0 and below 1e8, or omit it for the optimal interval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>storage_write_GBps is %1; give the checkpoint storage&apos;s write bandwidth between 0 and 1e6 GB/s, or omit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failures_per_gpu_hour is %1; give interruptions per GPU-hour between 0 and 1 (published fleets: about 2e-5), or omit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restart_s is %1; give the seconds a restart takes between 0 and 1e6, or omit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputed modules the framework does not use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oversubscribed core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flows collide on hashed uplinks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s selective checkpointing keeps and replays by operator, not by Megatron&apos;s modules; recompute_modules do nothing there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>core_oversubscription is %1; give what a zone&apos;s leaves send up over its spines&apos; bandwidth to the core, 1 or more (1 = non-blocking).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tiers is %1; give 2 (leaves and spines) or 3 (zones of pods_per_zone pods joined by a core level), or leave it out for the default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pods_per_zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flows_per_connection is %1; give the flows (QPs) each connection spreads over, 1 (NCCL&apos;s default) to 1024.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 groups&apos; flows collide on %2, which ECMP hashes them onto: the busiest uplink carries %3x an even share and the slowest group runs at %4 GB/s. Spread each connection over more flows (flows_per_connection, NCCL_IB_QPS_PER_CONNECTION), route adaptively, or keep this traffic inside a pod.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 groups cross the oversubscribed core between zones of %2 nodes: they run at %3 GB/s instead of %4 GB/s alone (%5x slower). Keep these groups inside a zone, or lower the core&apos;s oversubscription.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EngineLadder</name>
    <message>
        <source>Single device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel (TP=2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel (PP=4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel (DP=8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3D mixed (TP=PP=DP=2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication stress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stability run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP=%1 · PP=%2 · DP=%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, bench GEMMs and collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, confirm %n step(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>needs %1 CPU ranks, %2 attached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs %1 GPUs, %2 attached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallel (EP=8)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EngineSession</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Explanation</name>
    <message>
        <source>Every token of the %1 × %2 expert-tensor and expert-parallel GPUs all-gathered to the experts and their outputs reduce-scattered back, per pass, %3 at %4 (allgather dispatcher).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 expert-tensor-parallel GPUs then all-gather the dispatched rows and reduce-scatter the experts&apos; outputs %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What runs under %1 is not counted here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another micro-batch&apos;s compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the shared experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every layer&apos;s forward (full)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mb %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GEMMs of each layer&apos;s TP shard (a roofline with tile and wave quantisation on %1 SMs), the attention kernel and the memory-bound elementwise work, over the critical stage&apos;s %2 micro-batches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation recomputation replays %1 before each backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP group of %1 GPUs %2 at %3 bus bandwidth: %4 per layer and micro-batch in the forward, exposed; the backward hides its column-parallel collectives behind the weight-gradient GEMMs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two all-gathers and two reduce-scatters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two all-reduces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ring attention passes key/value chunks %1 times per pass %2 at %3; only what the attention kernel cannot hide is counted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-to-all dispatch and combine of the routed tokens, twice per pass, over %1 GPUs %2 at %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocking sends of each micro-batch&apos;s activation and gradient between neighbouring stages (each GPU sends 1/tp of it) %1 at %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reduce-scatter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient %1 over %2 data-parallel GPUs %3 at %4 after the last micro-batch, %5; ZeRO-2/3 traffic per micro-batch where it cannot hide behind its pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overlapped with its backward except the last bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The critical stage&apos;s idle time while the pipeline fills and drains: %1 of the step (uniform stages would give (p−1)/(v·m+p−1) = %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Adam step over the parameters this GPU owns (ZeRO-%1), memory-bound at HBM bandwidth.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-step framework overhead outside the pipeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B is not slower than A: its step takes %1 against %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&apos;s step takes %1 longer (%2 against %3), most of it in %4. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&apos;s TP group of %1 GPUs spans nodes: its collectives run at %2 instead of %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&apos;s TP collectives run over a slower link: %1 instead of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B splits every layer over %1 GPUs instead of %2: more collectives per layer for less compute each.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A hides its TP communication behind the GEMMs (TP communication overlap); B does not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&apos;s pipeline idles %1 of the step against %2: %3 stages share %4 micro-batches (A: %5 stages, %6).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B sends activations between %1 stages at %2 (A: %3 stages at %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B reduces gradients over %1 GPUs at %2 (A: %3 GPUs at %4), and the backward cannot hide it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&apos;s GEMMs are smaller (tp %1, micro-batch %2 against tp %3, micro-batch %4): its compute reaches %5 per GPU against %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B gives each GPU more work per step: %1 TFLOP against %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B recomputes %1 where A recomputes %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&apos;s context-parallel ring over %1 GPUs runs at %2 (A: %3 GPUs at %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&apos;s expert all-to-all over %1 GPUs runs at %2 (A: %3 GPUs at %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&apos;s optimizer step updates more parameters per GPU (ZeRO-%1 against ZeRO-%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B pays more fixed per-step overhead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inside one node, bounded by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>across %1 nodes, bounded by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No real difference: A&apos;s and B&apos;s steps lie within each other&apos;s 80 % band, so the model cannot tell them apart. What it predicts: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the modules %1 (selective)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the selective modules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The flex dispatcher sends a token across the network once per node holding its experts (%1 of %2 nodes on average) and forwards it inside the node: %3 % of an all-to-all&apos;s network bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B runs its pipeline under %1, A under %2: B&apos;s idles %3 of the step against %4.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 TFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LinkItem</name>
    <message>
        <source>%1 · %2 links</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LinkText</name>
    <message>
        <source>NVLink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>socket link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2 (%3) on node %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC %1 of node %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the spine uplinks of a leaf switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the spine uplinks of a rail switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVSwitch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU socket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Plan</name>
    <message>
        <source>No plan meets the deadline of %1: the fastest takes %2 on %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No plan stays within the budget of %1: the cheapest costs %2 and takes %3 on %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No configuration of %1 runs on %2 at node counts %3 within memory and the rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no price: give its node_hour_usd, or its cluster&apos;s gpu_hour_cost_usd, to cost its plans.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run has no token budget: give training.train_tokens, or training.dataset_tokens and training.epochs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan names no hardware to run on: list a cluster with the node counts to try under hardware.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase %1 cannot run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase %1 does not fit in GPU memory with %2: it needs %3 per GPU of the %4 there are; choose another configuration or let parallel.recompute be &quot;auto&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase %1 is interrupted faster than it can save a checkpoint: it would never finish. Give the cluster faster storage or fewer failures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase %1&apos;s batch ramp must start above zero and below the global batch of %2 and reach it in whole increments; it starts at %3 and grows by %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase %1&apos;s batch ramp has %2 levels, more than the %3 a plan takes: give it a larger increment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase %1&apos;s batch ramp takes %2 sequences: it needs some, and at most the phase&apos;s %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase %1&apos;s batch ramp starts at %2 and grows by %3, but every global batch must divide over data-parallel %4 × micro-batch %5: Megatron refuses it. Change the ramp or the phase&apos;s configuration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fixed configuration cannot run phase %1 (%2); the fixed run takes the phase&apos;s own configuration there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase %1 needs its length: give its tokens or its steps (one of them, above zero).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan lists no phases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planning was cancelled before phase %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>%1 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1–%2 days</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProbeText</name>
    <message>
        <source>rank %1: %2 on %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GEMM %1 (%2×%3×%4, %5): %6 TFLOP/s, %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention (sequence %1, head %2): %3 TFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 over %3 ranks, %4 bytes: bus %5 (model %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measurement %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[%1/%2] %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error on rank %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 finished on %n rank(s) (%2 backend)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>no GPU was found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GPU driver is older than the CUDA runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this probe was built without that backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scenario file cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scenario breaks a rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number of ranks does not match the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a CUDA call failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a cuBLAS call failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an NCCL call failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an MPI call failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a step took longer than the watchdog allows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped (cancelled, or another rank failed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>internal error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the probe failed (exit status 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scenario breaks a rule (exit status 2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the watchdog aborted a stuck step (exit status 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the probe ended with exit status %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the calibration profile cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an output file cannot be written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a buffer is smaller than the operation needs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a message was addressed to a rank outside its group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a message is larger than the backend sends at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a receive has no matching send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a send has no matching receive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU measurements, not GPU ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what discovery could not find out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what the benchmark does not measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a group does not fit this run&apos;s ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GEMM %1 alone, %2 beside %3 × %4 MiB all-reduce over %5 ranks (bus %6): compute %7 slower while overlapped (model %8)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProjectDocument</name>
    <message>
        <source>This is not a ParaPlan project: the file holds %1, not an object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a ParaPlan project or scenario: it has no &quot;paraplan_project&quot; version and no model, training and cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This project was written by a newer ParaPlan (format %1; this one reads up to %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project has no &quot;scenario&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project cannot be read at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is too large to be a ParaPlan project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Recovery</name>
    <message>
        <source>Restore unsaved work?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ParaPlan did not close normally last time. Its unsaved work from %1 was kept. Restore it?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>%1 (80 % band %2 – %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU (fullest stage)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set training.train_tokens to see it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost to train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs train_tokens and a GPU-hour price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It fits with room to spare (%1 of %2 per GPU).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It needs %1 of %2 per GPU: above the 80 % real runs keep free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The advisor finds nothing to change that the model can resolve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The advisor finds %n change(s) worth making; the first, %1, %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Against %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Efficiency report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step against its theoretical minimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1; theoretical minimum %2 (the model&apos;s FLOPs at the GPU&apos;s peak): %3 of the step is useful model arithmetic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute runs %1 of the step (recomputation %2); %3 per GPU reach the hardware (HFU %4, MFU %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication by kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No communication: one GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden under compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted %1 of the step under %2 (%3 stages, %4 micro-batches; uniform stages would idle %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured step %1 (%2): %3 × the prediction.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No measurement loaded: import a training log or a profiler trace to hold it against the prediction.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bottleneck analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Beside compute, the largest part of the step is %1: %2 (%3). %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to change: no finding gains more than the model can resolve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology and groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each GPU coloured by its tensor-parallel group and labelled with its rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appendix: assumptions and sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ParaPlan %1 predicts every figure with its analytical cost model (docs/cost-model.md); the efficiency constants below are one joint fit over the published runs in tests/data/validation, and each source is in docs/cost-model.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Physical range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration: measured GEMM rates and bandwidths from %1 replace the model&apos;s where they apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration: none; the model&apos;s own constants.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Band: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ParaPlan report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 (%3 nodes) · %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scenario is invalid: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the configuration to compare with is invalid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the report is written as .pdf or .html</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profiler trace holds no complete step of any stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured in the profiler trace: the traced stages sat idle %1 of their step on average, stage %2 the most (%3), against a predicted bubble of %4; measured step %5 against %6 predicted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 over the published failure rates)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Goodput (failures, checkpoints, restarts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to train through failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost to train through failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job is interrupted every %1 on average (MTBF at %2 failures per GPU-hour). A checkpoint of %3 takes %4 to write, %5 of which the training waits, and is taken every %6 (%7 steps; Daly&apos;s optimum %8). A restart costs %9 and loses %10 of work on average.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Goodput %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over the run&apos;s %1 tokens: %2 of wall clock, about %3 interruptions on the way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Goodput: failures, checkpoints and restarts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan: deadline, budget and hardware</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Scaling</name>
    <message>
        <source>parallel.dp (%1) is not held: it follows the node count, N / (tp·pp·cp).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rank table (parallel.placement.rank_to_gpu) places every node&apos;s ranks alike: each node count repeats that pattern.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rank table (parallel.placement.rank_to_gpu) is not one node&apos;s pattern repeated: at counts other than %1 nodes rank r runs on GPU r.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster.topology lists %1 kinds of node: other counts keep the first nodes in its order and add nodes of the last kind (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor-parallel communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context-parallel exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert-parallel token exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline sends between stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-parallel gradient reduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per-step overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert tensor-parallel communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert gradient reduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding synchronisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1 nodes the %2 begins: its groups of %3 GPUs span %4 nodes at a bus bandwidth of %5 (bound by %6), and its exposed time per step rises from %7 to %8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1 nodes the %2 crosses nodes: its bus bandwidth falls from %3 to %4 (bound by %5) and its exposed time per step rises from %6 to %7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1 nodes the %2 is bound by %3: its bus bandwidth falls from %4 to %5 (%6 groups share that link) and its exposed time per step rises from %7 to %8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1 nodes the exposed time per step of the %2 rises from %3 to %4 at a bus bandwidth of %5 (%6 before), its groups of %7 GPUs spanning %8 nodes; %9 of it ran hidden under compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1 nodes each pipeline runs %2 micro-batches instead of %3: the pipeline bubble grows from %4 to %5 of the step (%6 to %7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1 nodes the %2 grows from %3 to %4 per step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1 nodes the compute goes only from %2 to %3 per step: the pipeline stage that sets the step holds %7 layers at both counts, where %4 GPUs instead of %5 would take the compute to %6 at perfect scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1 nodes the %2 goes only from %3 to %4 per step, where %5 GPUs instead of %6 would take it to %7 at perfect scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adding nodes stops paying at %1 nodes: from %2 to %1 nodes tokens/s fall from %3 to %4 — more nodes, slower training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adding nodes stops paying at %1 nodes: from %2 to %1 nodes tokens/s rise only from %3 to %4, so each added GPU brings %5 of the throughput a GPU has at the smallest count (the mark is below %6).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput peaks on one node with %1 tokens/s; at %2 nodes the step takes %3 instead of %4 and tokens/s fall to %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput peaks at %1 nodes with %2 tokens/s; at %3 nodes the step takes %4 instead of %5 and tokens/s fall to %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The global batch of %1 does not divide over the scenario&apos;s data-parallel replicas at its own %2 nodes, so it has no batch per replica to hold; make the scenario valid at its own size or hold the global batch fixed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message>
        <source>GPipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved 1F1B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZB-H1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZB-H2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZB-V</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipeV</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Sensitivity</name>
    <message>
        <source>inter-node bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>intra-node bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GEMM efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HBM efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>straggler jitter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>framework overhead per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host launch time per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 is already at the end of its physical range (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A micro-batch of %1 cannot be halved into whole sequences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sequence of %1 tokens cannot be halved into whole tokens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Twice the sequence at the same tokens per step takes half the global batch, and %1 sequences cannot be halved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With the %1 at %2 the configuration breaks a rule: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With the %1 at %2 the fullest stage needs %3 per GPU, more than the GPU&apos;s %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stays faster than %2 under every input&apos;s realistic range; the closest call is the %3 %4 lower, where %1 still leads by %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stays faster than %2 under every input&apos;s realistic range; the closest call is the %3 %4 higher, where %1 still leads by %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stays faster than %2 under every input&apos;s realistic range; the closest call is the %3 halved, where %1 still leads by %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stays faster than %2 under every input&apos;s realistic range; the closest call is the %3 doubled, where %1 still leads by %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stays faster than %2 under every input&apos;s realistic range; the closest call is the %3 at %4 instead of %5, where %1 still leads by %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 becomes faster than %2 when the %3 is %4 lower: %5 against %6 (%7 of the %8 moves reverse the order).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 becomes faster than %2 when the %3 is %4 higher: %5 against %6 (%7 of the %8 moves reverse the order).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 becomes faster than %2 when the %3 is halved: %4 against %5 (%6 of the %7 moves reverse the order).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 becomes faster than %2 when the %3 is doubled: %4 against %5 (%6 of the %7 moves reverse the order).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 becomes faster than %2 when the %3 is %4 instead of %5: %6 against %7 (%8 of the %9 moves reverse the order).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A and B predict the same step, %1: which is faster depends on the inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is faster than %2 (%3 against %4); no input could be moved to test it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The 80 % bands overlap (A %1 to %2, B %3 to %4): the model&apos;s own error could reverse the order, whatever the inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The 80 % bands do not overlap (A %1 to %2, B %3 to %4): the model&apos;s own error alone does not reverse the order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid configuration: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Symptoms</name>
    <message>
        <source>GPU utilisation stays under 40 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss spikes after a change of data parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training hangs at some step, with no log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory while nvidia-smi shows memory free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several nodes train slower than one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One GPU&apos;s memory is higher than the others&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pipeline idles %1 of each step (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fewer stages or more micro-batches, interleaving, or a zero-bubble schedule (the advisor&apos;s bubble finding).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication leaves %1 of each step (%2) with the GPUs waiting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn the framework&apos;s overlap on and keep TP inside NVLink; check the placement findings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-step framework work outside the pipeline takes %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs, fewer logging and evaluation calls per step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input pipeline is not in the model: if the GPUs wait on PCIe or on the loader, utilisation falls whatever the configuration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If PCIe is busy, pin_memory=False and fewer workers; if compute is low and memory bandwidth high, a smaller prefetch_factor (seed 000 §4.2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The global batch changed %1 (%2 to %3 samples) with data parallelism %4: the learning rate and warm-up did not follow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A global batch that grows with data parallelism trains with the old learning rate unless it is scaled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale the learning rate by the square root of the batch ratio, count the warm-up in tokens, and clip gradients at 1.0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients are reduced in %1 over %2 data-parallel ranks: 16-bit sums lose precision as ranks are added.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce gradients in fp32 (grad_precision fp32, Megatron&apos;s --accumulate-allreduce-grads-in-fp32).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The nodes talk over RoCE: a wrong GID index (NCCL_IB_GID_INDEX, 3 for RoCE v2) deadlocks NCCL without an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL&apos;s network settings can deadlock a collective without an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set NCCL_IB_GID_INDEX=3 on RoCE v2, TORCH_NCCL_ASYNC_ERROR_HANDLING=1 and a finite timeout so a hang becomes an error (paraplan-cli export --to env).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pipeline stages exchange %2 messages per step: a shape or order mismatch between two stages waits forever.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that every stage&apos;s send and receive shapes agree (seed 000 §4.1&apos;s PP check).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fullest stage needs %1 of %2 (%3); above %4 the caching allocator&apos;s fragments and transient buffers run out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, and more headroom (the advisor&apos;s memory finding).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations of the micro-batches in flight are %1 of stage %2&apos;s memory: they peak during the pipeline&apos;s warm-up, not when nvidia-smi looks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute activations or use a smaller micro-batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 groups span %2 nodes and run at %3 over %4: %5 of each step is exposed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep TP inside a node and let DP or the pipeline cross nodes; see the scaling view for where adding nodes stops paying.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each step waits for the slowest of %1 GPUs: about %2 behind the average one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the throttled or noisy node (clocks, thermals) and drain it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model assumes the network runs at its rated speed; without RDMA (TCP sockets) it runs at a fraction of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One node: the network is not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL_IB_DISABLE=0 and UCX_TLS=rc_x,sm,self; expect at least 50 Gb/s between nodes on RoCE v2 100G (seed 000 §3.2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1 needs %2 per GPU against %3 on the median stage: the first stage holds the embedding and the most micro-batches in flight, the last the logits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lighter end stages (the advisor&apos;s uneven-stages finding) or recompute on the first stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With ZeRO-%1 every data-parallel rank should hold the same share; one rank holding more means the partition did not take effect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the ZeRO stage in the config and that the model is wrapped before the optimizer is built.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank 0 often also logs, evaluates and writes checkpoints, with buffers the others do not hold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move evaluation and checkpoint gathering off rank 0 or give it headroom.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TopologyGroups</name>
    <message>
        <source>TP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline hop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: GPU %2 of the cluster, rank %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 sends nothing in this kind of group: its degree is 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>load ×%1 · 1 group · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>load ×%1 · %2 groups · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spine uplinks: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 of %3: GPUs %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowest share: %1, load ×%2, %3 per rank.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TopologyImport</name>
    <message>
        <source>%1: cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceComparison</name>
    <message>
        <source>Stage %1: %2 take %3× longer than on the other stages (%4 a step, where the other stages&apos; pace gives %5), %6× the prediction at the trace&apos;s pace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1: %2 take %3× less time than on the other stages (%4 a step, where the other stages&apos; pace gives %5), %6× the prediction at the trace&apos;s pace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On every stage, %1 take %2× the prediction at the trace&apos;s pace (%3 a step on the median stage, where the prediction at this pace gives %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 a step (%2 % of the step) runs in %3, which the model has no part for; the longest: %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The measured step takes %1 against %2 predicted (%3× the prediction).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The measured step takes %1 against %2 predicted (%3× the prediction: another device, or one the model is not calibrated for); the findings below compare each part at this pace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GEMMs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>norms (LayerNorm/RMSNorm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>elementwise kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-reduces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-gathers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reduce-scatters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-to-alls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sends and receives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other kernels</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Uncertainty</name>
    <message>
        <source>bf16/fp16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 nodes to 512 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than 512 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp 2–8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp above 8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1 published runs the model was not fitted on (%2): 80 % of them fell inside such a band.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This configuration&apos;s own regime (%1) has %2 runs, fewer than the %3 a band needs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrated: no published run was, so the band assumes the calibration removes half the variance (the spread narrowed by %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model was too fast on most of these runs, so the band lies above its prediction: expect a longer step than predicted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model was too slow on most of these runs, so the band lies below its prediction: expect a shorter step than predicted.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::app</name>
    <message>
        <source>%1 cannot be imported: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::app::LaunchFilesDialog</name>
    <message>
        <source>Megatron-LM: pretrain_gpt.py arguments and torchrun line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Bridge / NeMo 2.0: recipe overrides (Python)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NeMo 1.x: megatron_gpt_config YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed: ds_config.json and Megatron-DeepSpeed flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtitan: job TOML (releases with TOML configs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtitan: Python config (newer releases)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment: NCCL settings and rank placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm: batch script with environment, placement and launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export launch files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export: no configuration of this scenario has been valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This format cannot be written for the scenario: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every setting of the configuration is in these files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Where the launch differs from the plan:&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save launch file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save launch files into folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot make the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::app::MainWindow</name>
    <message>
        <source>Restored the unsaved work of the last session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU counts model FLOPs in the Megatron convention: attention scores in full, recomputation not counted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configuration from the landscape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ParaPlan projects and scenarios (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ParaPlan projects (*.paraplan.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export view as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export view as &amp;PDF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export timeline &amp;trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export timeline trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome trace for Perfetto or chrome://tracing (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export yet: no configuration of this scenario has been valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pin as A for comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned as A. Change the configuration and open Compare to see why B differs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear pin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy view &amp;image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About ParaPlan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About ParaPlan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;ParaPlan&lt;/b&gt; designs 3D-parallel training for large language models: memory, step time, pipeline bubble and throughput for any split of a model over a cluster, and why one split is slower than another.&lt;br&gt;&lt;br&gt;The cost model and its sources: docs/cost-model.md. Licence: MIT.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — ParaPlan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the changes to this project first?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import nvidia-smi topology…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import nvidia-smi topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output of nvidia-smi topo -m (*.txt *.log);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>import topology %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1: %2 GPUs and %3 NICs per node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import &amp;measured trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import measured trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch profiler traces and Nsight Systems SQLite exports, one per rank (*.json *.sqlite);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Drew %n measured trace(s) under the predicted timeline.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Import model or &amp;launch file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;launch files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import model or launch file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model configs and launch files (config.json *.json *.sh *.slurm *.sbatch *.yaml *.yml *.toml *.py);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>import %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ParaPlan read %1 as %2. What you should know:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF report (*.pdf);;HTML report (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine&apos;s profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to report yet: no configuration of this scenario has been valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the report %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::AdvisorPanel</name>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the recommended change (Edit ▸ Undo takes it back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What do you see on the cluster?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(choose a symptom)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No valid configuration to advise on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1: nothing to change. No finding gains more than the model can resolve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Step %1: %n finding(s), each change re-evaluated.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a finding to see its evidence and change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 → %2, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>advice: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick what the real cluster shows: ParaPlan ranks the causes its model supports for this configuration, with the commands that check them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in the model: check it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::BreakdownView</name>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per GPU (model FLOPs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model FLOPs utilisation, Megatron convention: attention scores counted in full, recomputation not counted. Hardware FLOPs utilisation: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 (%3 of the step)&lt;br&gt;%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ran hidden under compute (not in the step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (+ %2 hidden)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>80 % band of the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Step&lt;/b&gt;: %1; 80 % band %2&lt;br&gt;%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Another %1 of it ran under compute, off the critical path: hidden, not in the step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2, 80 % band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2, 80 % band)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 (80 % band %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>80 % band
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds per step (stage %1); hatched: hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An interruption every %1 (%2 per million GPU-hours, published fleets).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No interruptions (failures_per_gpu_hour 0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 A checkpoint of %2 written in %3 every %4; a restart takes %5. Goodput %6 (%7 over the published fleet failure rates).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to train, %1 goodput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>goodput (no token budget)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fleet failure rates
%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::BubbleView</name>
    <message>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this configuration (simulated step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>uniform stages: (p−1)/(v·m+p−1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current: %1 micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batches per step (m)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubble, % of the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 micro-batches: bubble %2 of the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubble, % of the step (left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory per GPU, fullest stage (right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
(cannot run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
(out of memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubble, %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HBM %1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every schedule at this configuration: bubble, % of the step (left bar of each pair), and GiB per GPU (right bar)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> with %1 chunks per stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;cannot run here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;step %1, bubble %2, %3 GiB per GPU on the fullest stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;does not fit in memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;not in the framework&apos;s release: it needs a fork or a library</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::CompareView</name>
    <message>
        <source>Compare A and B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A (pinned)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B (current)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B − A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the step-time difference comes from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin the current configuration as A (Edit ▸ Pin as A), change it, and see here why B is faster or slower.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step, 80 % band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, hidden under compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hidden %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;A: %2&lt;br&gt;B: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Hidden under compute, not in the step: A %1, B %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;br&gt;B: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: step %2; 80 % band %3&lt;br&gt;%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds per step; whiskers: 80 % band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step, measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured / predicted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::EnginePanel</name>
    <message>
        <source>running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not calibrated: the model&apos;s own efficiency figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibrated: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — CPU measurements: they describe this machine&apos;s CPUs, not the scenario&apos;s GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply calibration from this run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured vs predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probe&apos;s progress, measurements, warnings and errors appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove calibration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic (GPUs, else CPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host CPUs (CPU measurements)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run paraplan-probe discover: the devices, their memory and the links between them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backend:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMs / cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute capability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation ladder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each step runs a few training steps of this scenario&apos;s layers, cut to two layers per stage, on the devices attached. Climb it in order: a step that fails explains the ones above it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run all available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For the full scenario on its own cluster: write the launch command or batch script, run it there, then import the results file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write mpirun command…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write Slurm script…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n CPU rank(s) attached (host backend).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) attached (%1 backend).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No devices yet: press Discover.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>discover the devices first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select one or more available steps of the ladder first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No step of the ladder fits the devices attached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discover the devices first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario breaks a rule (see the banner above the plots): fix it before writing a launch for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Run this on the cluster with paraplan-probe on every node&apos;s PATH and the scenario beside it as scenario.json (Save scenario…). One rank per GPU: %n GPU(s). Import results.jsonl here afterwards.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Slurm batch script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mpirun command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load calibration profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration profiles (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save calibration profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calibration profiles (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make a calibration profile of the selected bench run&apos;s GEMM rates, memory and bus bandwidths and price every configuration with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Overlapped compute runs %1 slower, as measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import results or log…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import probe results or a training log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe results and training logs (Megatron-LM, torchtitan, DeepSpeed) (*.jsonl *.json *.log *.txt *.out);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::EngineRatePlot</name>
    <message>
        <source>GEMM and attention rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2×%3×%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention (sequence %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 ×%3, %4 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (wrong result!)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;measured %2&lt;br&gt;predicted %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;measured / predicted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bus and memory bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory copy, %1 B (read + write)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::EngineResultsView</name>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured / predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirm: the measured training step. Bench: one of each GEMM, attention and collective, added up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(predicted − measured) / measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirm: the model of the step the probe ran (its kernels, attention unfused, no framework overhead; calibrated when the run had a profile). Bench: the model&apos;s time for each measurement, added up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A confirm run&apos;s step and stages, or a bench run&apos;s rates, appear here measured next to predicted: run a step of the validation ladder, or import a results file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::EngineSession</name>
    <message>
        <source>paraplan-probe was not found (looked in %1). Build it (target paraplan-probe) or install it beside paraplan, or put its folder on PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mpirun was not found on PATH: one CPU rank only. Install Open MPI (mpirun) for the multi-rank steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No usable GPU (%1): discovering with the host backend; its figures are CPU measurements.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU measurements: no GPU is used; each rank is a CPU worker standing in for one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No usable GPU was found. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paraplan-probe was not found (looked in %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” needs %2 ranks, started by mpirun, which is not on PATH. Install Open MPI.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No temporary folder for the run&apos;s files: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no paraplan-probe results.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 failed: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run ended before its result (the file keeps what it measured until then).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Imported %1: %2 on %n rank(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>an unfinished run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paraplan-probe bench: %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No calibration from “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a training log, but %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (training log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1: %2 log, median of %3 steady steps (%4 warm-up skipped, %5 outliers).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::EngineStagePlot</name>
    <message>
        <source>Measured vs predicted, per stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle (bubble)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1
measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1
predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds per step (CPU measurements)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Stage %1, %2&lt;/b&gt;&lt;br&gt;busy %3&lt;br&gt;idle (bubble) %4 (%5)&lt;br&gt;send %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::LandscapeView</name>
    <message>
        <source>Configuration landscape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled. Compute the landscape again to price every configuration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute the landscape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pricing every configuration…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open this view to price every configuration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 of %3 fitting configurations (an even sample)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 fitting configurations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configurations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pareto front (nothing faster with less memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory per GPU, fullest stage (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step time (s), log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · on the Pareto front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as fast as the fastest within the 80 % band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&lt;br&gt;step %2 · %3 per GPU%4%5&lt;br&gt;&lt;i&gt;click to apply&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · as fast as the fastest within the 80 % band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · lighter end stages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::LaunchDialog</name>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save s&amp;cenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::MemoryView</name>
    <message>
        <source>Memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HBM %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>80 % safe margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Stage %1&lt;/b&gt; — %2 layers&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;total %1&lt;/b&gt; of %2 (%3)&lt;br&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations: Korthikanti et al. per-layer bytes × %1 micro-batches in flight under %2 (recompute %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved 1F1B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::MessageBanner</name>
    <message>
        <source>The plots still show the last valid configuration.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::PlanView</name>
    <message>
        <source>%1 billion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 million</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cost to train (million USD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cost to train (thousand USD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cost to train (USD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tokens to train on: the scenario&apos;s training.train_tokens (or its data set times its epochs) until you change it here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open plan file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A plan file (docs/plan.md) names the scenario, the hardware, the deadline, the budget and the run&apos;s phases; it replaces the controls until you follow the workbench again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens to train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open plan file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USD per node-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this scenario&apos;s cluster: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (plan file, %n node count(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>What one node costs an hour; empty: no price, no cost for this hardware.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hardware (%1 of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the plan file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no token budget to plan: type the tokens to train above (or give training.train_tokens, or dataset_tokens and epochs, in the scenario).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no hardware to plan on: check at least one kind under Hardware.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop planning.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan again: every kind of hardware at every node count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Planning: the best configuration of %n hardware and node count(s), priced through failures…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled. Press Plan to plan again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open this view to plan the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No valid configuration to plan yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time and cost to train, failures included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This plan compares no hardware: its phases are drawn below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No plan runs, fits and has a price: see the notes below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wall-clock time to train, failures and checkpoints included (days)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (no plan runs and fits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time-cost frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadline: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fastest within the budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fastest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cheapest meeting the deadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cheapest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>phase: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switch: checkpoint re-sharded, job restarted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run in phases: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run in phases: %1 against %2 in one configuration (%3 saved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run in phases: %1 against %2 in one configuration (%3 longer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (see the notes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 GPUs), %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> at %1 goodput (%2 over the published failure rates)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest within the budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cheapest meeting the deadline:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cheapest:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens, %2 × Chinchilla&apos;s compute-optimal %3 tokens for %4 parameters (20 tokens a parameter, Hoffmann et al. 2022)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; a mixture of experts counts its active parameters, which Chinchilla&apos;s dense fit does not test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> against %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> with %1 throughout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phases:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the %2 plans have no time or cost (no configuration runs and fits there, or no price): they are not drawn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 nodes · %3 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;step %1 · %2 · MFU %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;goodput %1 (MTBF %2, a checkpoint every %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 to train · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;misses the deadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;over the budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;on the time-cost frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Switch into %1&lt;/b&gt;&lt;br&gt;%2: the checkpoint saved, read back re-sharded and the job restarted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 tokens · %3 steps · %4 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;step %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> at %1 goodput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> B tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (80 % band %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;80 % band %1 (the step&apos;s band, the failure rates&apos; spread)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::PlotView</name>
    <message>
        <source>Reset zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as PDF…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::ProbeProcess</name>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unreadable probe output, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probe&apos;s output could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probe ended without a result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 failed: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probe crashed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::RecomputeModulesButton</name>
    <message>
        <source>core_attn — the attention core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mla_up_proj — MLA&apos;s up projections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moe_act — the experts&apos; activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layernorm — the norms outside the linear layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mlp — dense layers&apos; whole MLP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moe — the whole MoE layer, tokens moved again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shared_experts — the shared experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed before each backward (Megatron-Core&apos;s --recompute-modules): %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::ScalingView</name>
    <message>
        <source>1 node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens per second (millions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens per second (thousands)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USD per million tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time to train (days)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time to train (hours)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This cluster has no price per GPU-hour (cluster.gpu_hour_cost_usd): there is no cost per token to draw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This scenario names no training length (training.train_tokens): there is no time to train to draw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The configuration runs and fits at no count of this range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It needs %1 per GPU on its fullest stage and does not fit in memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cost per million tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time to train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-parallel degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With a fixed global batch, each replica&apos;s share of it shrinks with dp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed batch per replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed global batch: the same run on more GPUs, each pipeline runs fewer micro-batches. Per replica: the global batch grows with dp; the learning rate and warm-up must follow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with the best configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search the fastest configuration that fits at each count (it holds the fields the scenario pins, as the search does).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>search pinned fields too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The best configuration may change every parallel field, the scenario&apos;s pins set aside (slower: a wider search at each count).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pricing each node count and searching the best configuration at each…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pricing each node count…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled. Compute again to draw the curve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open this view to draw how the job scales.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No valid configuration to scale yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What more nodes buy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current configuration held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best configuration at each count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-parallel degree (dp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held configuration does not run or fit (hover for why)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this scenario (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held and best</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: stops paying at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: peak at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the two steps lie within each other&apos;s 80 % band: the model cannot tell them apart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current configuration held:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best configuration:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adding nodes pays across this range: every step up brings at least %1 of the throughput a GPU has at the smallest count, and none is slower.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The held configuration cannot run at %1 of the %2 counts: their GPUs are no multiple of tp × pp × cp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&lt;br&gt;The held configuration does not run here: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2&lt;br&gt;%3&lt;br&gt;step %4 · %5 · MFU %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 USD per million tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;no price per GPU-hour: no cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 to train</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::ScenarioPanel</name>
    <message>
        <source>Overlap the token dispatch with another micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head dimension
(0 = hidden ÷ heads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shared experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared expert FFN width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shared expert FFN width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dense layers first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense layers first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE layer every</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE layer frequency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load balancing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>load balancing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auxiliary loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss-free bias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity factor
(0 = dropless)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV latent rank
(0 = no MLA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV latent rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query latent rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query latent rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE head dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No-PE head dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no-PE head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value head dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local attention window
(0 = none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local attention window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global attention every</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>global attention frequency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP modules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ETP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert tensor parallelism: each expert&apos;s matrices split over this many GPUs (follows TP unless set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE dispatcher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap shared experts with the token dispatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert FFN width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gated MLP (SwiGLU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gated MLP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts (0 = dense)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert FFN width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer&apos;s matrices split over this many GPUs (divides the heads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context parallelism: the sequence split over this many GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallelism (mixture-of-experts models)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VPP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual pipeline stages (interleaved 1F1B chunks per stage)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences per micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 — plain data parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 — optimizer states sharded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 — and gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3 — and weights (FSDP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (least that fits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap gradient reduction with backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap parameter gather with forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap TP communication with GEMMs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 (%3 per GPU, %4) — %5 GPUs; %6 inside a node, %7 between nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP follows: %1 (GPUs ÷ TP·PP·CP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP: the GPUs do not divide by TP·PP·CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp32 master weights and moments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision-aware: fp32 master as 16-bit remainders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision-aware: bf16 moments (DeepSeek-V3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision-aware: fp16 master, bf16 moments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputed modules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision-aware: %1 master, %2 / %3 moments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flex (DeepEP, HybridEP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The order the pipeline runs its passes in; the zero-bubble schedules split the backward into input- and weight-gradient passes, DualPipe feeds micro-batches from both ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as VPP implies (1F1B, or interleaved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every forward, then every backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VPP chunks per stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero bubble, 1F1B&apos;s memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero bubble, twice the memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero bubble, V of two chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>both directions, two weight copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe folded into a V</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> B tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tokens the run trains on (training.train_tokens), for the time and cost to train through failures. A data set given as tokens × epochs becomes its product here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens to train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asynchronous checkpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron&apos;s --async-save: the step waits only for the copy off the GPUs; the write to storage runs in the background (docs/goodput.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asynchronous checkpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens to train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce in the NVSwitch (NVLink SHARP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink SHARP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce in the network (InfiniBand SHARP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-reduces across nodes run in the network&apos;s switches (NCCL&apos;s CollNet with its SHARP plugin): each GPU sends its share up once instead of a ring&apos;s twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>InfiniBand SHARP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-reduces inside a node run in the switch (NCCL_NVLS_ENABLE); off, they run as rings, and NCCL&apos;s buffers for it are freed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a third-generation NVSwitch or later: Hopper or Blackwell GPUs on an NVSwitch</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::SensitivityView</name>
    <message>
        <source>0 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not priced: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → step %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>neither</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which assumption the step rests on: each input moved by a realistic amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No valid configuration to analyse yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not priced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step as evaluated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input moved down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input moved up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>side not priced (hover for why)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin a configuration as A (Edit ▸ Pin as A for comparison) and change this one: this view then says whether any of these inputs reverses which of the two is faster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A %1 · B %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reverses the order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moved to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A (pinned)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B (current)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>faster there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, as evaluated %2: step %3&lt;br&gt;moved down: %4&lt;br&gt;moved up: %5&lt;br&gt;swing %6</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::TimelineView</name>
    <message>
        <source>%1 micro-batches on %2 stages: %3 operations, too many to draw.
The step time and the bubble include every one of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; of micro-batch %2 on stage %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, chunk %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;starts %1, lasts %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;then sends to the next stage for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved 1F1B ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 micro-batches, bubble %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, bubble %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward (with recomputation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send to the next stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle: the bubble (blank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds into the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward: input gradient (B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight gradient (W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>later chunks darker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>second direction (hatched); pairs overlapped share a row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input gradient (B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight gradient (W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (second direction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;overlapped with the pass beside it: one&apos;s all-to-all under the other&apos;s compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured kernels (thin strips): compute, memory-bound, communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Measured trace against the prediction&lt;/b&gt; (%1 traces):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2, %3 from the step&apos;s start, lasts %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;stage %1 in a step: measured %2 of these, predicted %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::TopologyEditor</name>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a device to the node kind last clicked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag from one device to another to link them (or hold Shift while dragging)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected devices and links, and the links of removed devices (Delete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import nvidia-smi…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a node from a saved output of “nvidia-smi topo -m”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rename to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The id “%1” is empty or taken in this node; choose another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>link kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>link bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>link latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs are coloured by group once the cluster has a valid configuration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a GPU to ring its group and light the links its traffic crosses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remove %1 items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>link %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>move %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>move %1 devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>swap the ranks of GPUs %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reset placement</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::TopologyProperties</name>
    <message>
        <source>Click a device or a link to edit it. Ctrl+click adds to the selection; Shift+drag from one device to another links them; Delete removes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Joins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per direction, 1e9 bytes per second (NVLink: all bonded links together)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 devices and %2 links selected. Delete removes them; with two GPUs selected, “Swap ranks” trades their ranks.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::TopologyScene</name>
    <message>
        <source>Node kind %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · node %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more nodes like node %2 (%3 in all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more nodes (%2 in all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC %1: %2 GB/s to the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2: %3, %4 GB/s, %5 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network: one non-blocking switch · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network: fat tree, leaves of %1 nodes, %2:1 oversubscribed · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network: fat tree, leaves of %1 nodes · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network: rail-optimised, pods of %1 nodes · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · zones of %1 nodes under a core, %2:1 oversubscribed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · zones of %1 nodes under a core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · ECMP, %1 flows a connection</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::TopologySidePanel</name>
    <message>
        <source>Selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the cluster summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topology from the cluster summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topology %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How ranks are numbered along the parallel dimensions, fastest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swap ranks of the two selected GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+click two GPUs, then trade their ranks in the rank table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron&apos;s rank order and no rank table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour GPUs by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs per node, %2 GPUs in all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (Megatron)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>network port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wider lines: more GB/s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs take their group&apos;s colour and show their rank.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::ValueSlider</name>
    <message>
        <source>Not a valid choice next to the other settings</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>paraplan::widgets::ViewDeck</name>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Landscape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
