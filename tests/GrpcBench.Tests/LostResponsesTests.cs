using System.Text.Json;
using GrpcBench.Load;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>
/// The lost-responses command: its options, and a read of whole queries page by page against a real host.
/// </summary>
[Collection(LoadToolCollection.Name)]
public class LostResponsesTests
{
    [Theory]
    [InlineData("--client-windows", "1000", "--client-windows 1000: allowed default or a whole number of bytes from 65535 to 16777216")]
    [InlineData("--seconds", "0", "--seconds 0: allowed 1 to 3600")]
    [InlineData("--runtime", "net7.0", "--runtime net7.0: allowed net6.0, net8.0, net9.0, net10.0, net11.0")]
    public Task An_invalid_lost_responses_option_gives_one_line_and_exit_2(string option, string value, string expected)
        => AssertRefusedInOneLineAsync(["lost-responses", option, value], expected);

    [Fact]
    public async Task Lost_responses_reads_whole_queries_page_by_page_and_loses_none_when_the_client_window_holds_a_page()
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-lost-" + Guid.NewGuid().ToString("N"));

        var exit = await LostResponseProbe.RunAsync(["net10.0"], [1024 * 1024], 500, 3, 2, folder, "test", CancellationToken.None);

        Assert.Equal(0, exit);
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "lost-responses.json")));
        Assert.Equal("completed", summary.RootElement.GetProperty("status").GetString());
        var cell = summary.RootElement.GetProperty("cells").EnumerateArray().Single();
        Assert.StartsWith(".NET 10.", cell.GetProperty("hostRuntimeReported").GetString());
        Assert.Equal("1048576", cell.GetProperty("clientWindow").GetString());
        Assert.False(string.IsNullOrEmpty(cell.GetProperty("components").GetProperty("Grpc.AspNetCore.Server").GetString()));
        // 3,000 records in pages of 500: every read is 6 calls when none is lost.
        var calls = cell.GetProperty("calls").GetInt64();
        Assert.True(calls >= 60, $"{calls} calls in 3 s");
        Assert.Equal(0, calls % 6);
        Assert.Equal(0, cell.GetProperty("lost").GetInt64());
        Assert.Equal(0, cell.GetProperty("otherFailures").GetInt64());
        Directory.Delete(folder, recursive: true);
    }
}
