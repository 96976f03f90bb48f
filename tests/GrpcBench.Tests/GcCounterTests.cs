using System.Diagnostics;
using Google.Protobuf;
using GrpcBench.Clients;
using GrpcBench.Orchestration;
using GrpcBench.Profiling;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>The GCs of a real host counted from outside while a real client uploads to it (the soak's host GC counts).</summary>
public class GcCounterTests
{
    [Theory]
    [InlineData(Hosts.Kestrel)]
    [InlineData(Hosts.Legacy)]
    public async Task A_host_receiving_uploads_is_seen_collecting_and_its_counts_nest_like_GC_CollectionCount(string project)
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(project, "net10.0", ["--maxReceiveMessageSize", "unlimited"]));
        await using var client = BenchClient.Create(new ClientTarget(new Uri(host.Ready.Url), host.Ready.CertificatePem), new ClientSettings { Stack = ClientStack.GrpcNet });
        var data = ByteString.CopyFrom(new byte[20 * 1024 * 1024]);
        await client.SendLargeDataAsync(data);

        await using var counter = await GcCounter.StartAsync(host.Pid);
        // 400 MiB through the large object heap: its budget alone makes the host collect.
        for (var i = 0; i < 20; i++) await client.SendLargeDataAsync(data);
        var seen = Stopwatch.StartNew();
        while (counter.Counts[0] == 0 && seen.Elapsed < TimeSpan.FromSeconds(10)) await Task.Delay(100);

        var counts = counter.Counts;
        Assert.True(counts[0] > 0, $"no GC counted in {project} after 400 MiB of uploads");
        Assert.True(counts[0] >= counts[1] && counts[1] >= counts[2], $"counts {string.Join("/", counts)} do not nest");
    }

    [Fact]
    public async Task A_process_that_is_not_dotnet_is_refused_with_one_clear_message()
    {
        using var sleep = Process.Start("sleep", "30");
        try
        {
            var refused = await Assert.ThrowsAsync<HostProfileException>(() => GcCounter.StartAsync(sleep.Id));
            Assert.StartsWith($"cannot count the GCs of process {sleep.Id}: it is not a running .NET process with a diagnostics endpoint", refused.Message);
        }
        finally
        {
            sleep.Kill();
            await sleep.WaitForExitAsync();
        }
    }
}
