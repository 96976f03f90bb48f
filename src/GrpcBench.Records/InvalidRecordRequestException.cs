namespace GrpcBench.Records;

/// <summary>A request the store cannot answer; <see cref="Field"/> names the request field at fault. The service answers InvalidArgument.</summary>
public sealed class InvalidRecordRequestException(string field, string problem) : Exception($"{field}: {problem}")
{
    public string Field { get; } = field;
}
