namespace GrpcBench.Load.Engine;

/// <summary>How one call of a step ended, and the bytes it moved.</summary>
public sealed record StepResult
{
    private StepResult(string? failCode, long bytesSent, long bytesReceived)
    {
        FailCode = failCode;
        BytesSent = bytesSent;
        BytesReceived = bytesReceived;
    }

    /// <summary>Null when the call succeeded; otherwise a status such as "ResourceExhausted" or "DeadlineExceeded".</summary>
    public string? FailCode { get; }

    public long BytesSent { get; }

    public long BytesReceived { get; }

    public bool IsOk => FailCode is null;

    /// <summary>What the step measured beyond its latency, by name (time to first record, records received...); kept for successful calls.</summary>
    public IReadOnlyDictionary<string, double> Measures { get; private init; } = NoMeasures;

    private static readonly IReadOnlyDictionary<string, double> NoMeasures = new Dictionary<string, double>();

    public StepResult WithMeasure(string name, double value) =>
        new(FailCode, BytesSent, BytesReceived) { Measures = new Dictionary<string, double>(Measures) { [name] = value } };

    public static StepResult Ok(long bytesSent = 0, long bytesReceived = 0) => new(null, bytesSent, bytesReceived);

    public static StepResult Fail(string code, long bytesSent = 0, long bytesReceived = 0) =>
        string.IsNullOrWhiteSpace(code) ? throw new ArgumentException("a fail needs a code", nameof(code)) : new(code, bytesSent, bytesReceived);
}
