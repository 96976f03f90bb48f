namespace GrpcBench.Load.Results;

/// <summary>What a load worker is told to do: whom to load, with which client (the configuration says), under which load.</summary>
public sealed record WorkerSpec(LoadConfiguration Configuration, string TargetUrl, string? CertificatePem, LoadShape Load);

/// <summary>
/// A line a worker prints (one JSON document): "started" as its load begins, "measuring" as its warm-up ends (the tool
/// starts counting the host's CPU then, as the worker its own), "progress", "partial" figures so far, then "result", or
/// "error" with the reason it could not go on.
/// </summary>
/// <param name="ProcessorCount">With "started": Environment.ProcessorCount, what the worker's runtime sized itself for.</param>
/// <param name="GcCounts">With "progress": the worker's GC counts so far, generations 0, 1 and 2 (what a soak samples).</param>
public sealed record WorkerLine(string Event, LoadProgress? Progress = null, WorkerResult? Result = null, string? Error = null, string? Runtime = null,
    int? ProcessorCount = null, IReadOnlyList<int>? GcCounts = null)
{
    public const string StartedEvent = "started";
    public const string MeasuringEvent = "measuring";
    public const string ProgressEvent = "progress";
    public const string PartialEvent = "partial";
    public const string ResultEvent = "result";
    public const string ErrorEvent = "error";

    public static WorkerLine Started(string runtime) => new(StartedEvent, Runtime: runtime, ProcessorCount: Environment.ProcessorCount);

    public static readonly WorkerLine Measuring = new(MeasuringEvent);

    public static WorkerLine Of(LoadProgress progress) =>
        new(ProgressEvent, Progress: progress, GcCounts: [GC.CollectionCount(0), GC.CollectionCount(1), GC.CollectionCount(2)]);

    public static WorkerLine Partial(WorkerResult figures) => new(PartialEvent, Result: figures);

    public static WorkerLine Final(WorkerResult figures) => new(ResultEvent, Result: figures);

    /// <param name="reason">The exception's type and message first.</param>
    public static WorkerLine Failed(string reason) => new(ErrorEvent, Error: reason);
}

/// <summary>What a worker measured, and what it ran on as it reports itself.</summary>
/// <param name="CpuSeconds">The worker's CPU time from the start of its measured load (its warm-up over) to the figures: the span its calls are counted over.</param>
/// <param name="PeakRssMiB">The worker's peak resident memory.</param>
/// <param name="RuntimeKnobs">The runtime knobs the worker runs with, as it reports them (GC, thread pool, DOTNET_ variables).</param>
/// <param name="ConnectionBytes">What the worker's TCP connections to the target carried over the load, both ways, as the kernel counts them
/// (GrpcBench.Orchestration's <c>TcpConnectionBytes</c>); null over a Unix domain socket, in partial figures, or where it could not be read.</param>
public sealed record WorkerResult(string Runtime, IReadOnlyDictionary<string, string> Components, double CpuSeconds, LoadResult Load, double? PeakRssMiB = null,
    IReadOnlyDictionary<string, string>? RuntimeKnobs = null, long? ConnectionBytes = null, PageFaults? Faults = null);
