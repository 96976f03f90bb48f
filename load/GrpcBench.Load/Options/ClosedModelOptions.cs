using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>--concurrency, --requests and --max-seconds (each within its range already): the closed model, on top of the preset's (if it has one).</summary>
public static class ClosedModelOptions
{
    /// <summary>The seconds a closed model may take when neither the preset nor --max-seconds says.</summary>
    public const int DefaultMaxSeconds = 600;

    /// <summary>Where the closed model is refused: beside an open model's rates, and by the presets that search a rate.</summary>
    public const string Refusal = "--concurrency / --requests: allowed without --phases and --getint-rate, and not with --preset capacity or advise";

    public static ClosedModel? Read(int? concurrency, int? requests, int? maxSeconds, ClosedModel? preset)
    {
        if (preset is null && (concurrency is null) != (requests is null))
            throw new FormatException(concurrency is null ? "--requests: allowed with --concurrency (the closed model needs both)" : "--concurrency: allowed with --requests (the closed model needs both)");
        if (preset is null && concurrency is null)
            return maxSeconds is null ? null : throw new FormatException("--max-seconds: allowed with --concurrency and --requests only");
        return new ClosedModel(concurrency ?? preset!.Concurrency, requests ?? preset!.Requests, maxSeconds ?? preset?.MaxSeconds ?? DefaultMaxSeconds);
    }
}
