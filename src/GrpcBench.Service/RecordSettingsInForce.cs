using GrpcBench.Records;

namespace GrpcBench.Service;

/// <summary>What a host's ready line says of its record database: size, file, and how long making it took if the host made it.</summary>
public static class RecordSettingsInForce
{
    public static object Of(RecordStore records) => new
    {
        records.Count,
        DatabasePath = records.Path,
        GeneratedMs = records.GeneratedIn is { } took ? (long?)took.TotalMilliseconds : null,
    };
}
