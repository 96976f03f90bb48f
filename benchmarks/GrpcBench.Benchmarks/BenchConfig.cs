using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Reports;

namespace GrpcBench.Benchmarks;

/// <summary>The one configuration every benchmark here runs with, instead of attributes repeated per class.</summary>
public static class BenchConfig
{
    public static IConfig Create() => ManualConfig.Create(DefaultConfig.Instance)
        .AddDiagnoser(MemoryDiagnoser.Default)
        .AddExporter(JsonExporter.Full)
        .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(40));
}
