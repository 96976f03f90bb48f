using System.Diagnostics;
using System.Text.Json;
using Google.Protobuf;
using GrpcBench.Clients;
using GrpcBench.Orchestration;
using GrpcBench.Profiling;
using GrpcBench.Tests.Infrastructure;
using Xunit.Abstractions;

namespace GrpcBench.Tests;

/// <summary>
/// A CPU sample profile of a real host process while a real client uploads 20 MiB messages to it. Set
/// GRPCBENCH_PROFILE_REPORT to a folder to keep each profile there as Markdown and JSON (docs/advisor.md).
/// </summary>
public class HostCpuProfileTests(ITestOutputHelper output)
{
    private const int MiB = 1024 * 1024;
    private static readonly TimeSpan Duration = TimeSpan.FromSeconds(5);

    [Theory]
    [InlineData("net10.0")]
    [InlineData("net8.0")]
    public async Task Profile_of_a_loaded_Kestrel_host_has_samples_mostly_in_Kestrel_and_gRPC_and_shares_that_add_to_100(string runtime)
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, runtime, ["--maxReceiveMessageSize", "unlimited"]));

        var profile = await ProfileUnderUploadsAsync(host, $"kestrel-{runtime}");

        Assert.True(profile.CpuSamples > 100, $"only {profile.CpuSamples} CPU samples");
        Assert.Equal(100, profile.Cpu.Sum(c => c.Percent), precision: 6);
        Assert.Equal(profile.CpuSamples, profile.Cpu.Sum(c => c.Samples));
        Assert.Equal(100, profile.NativeOrWaiting.Sum(c => c.Percent), precision: 6);
        var top = profile.Cpu.Take(4).Select(c => c.Component).ToList();
        Assert.Contains(top, c => c is Components.KestrelHttp2 or Components.KestrelSockets or Components.Grpc);
        Assert.DoesNotContain(profile.Cpu, c => c.Component == Components.GrpcCore);
        Assert.NotEmpty(profile.TopMethods);
        Assert.DoesNotContain(profile.TopMethods, m => m.Method.StartsWith('?') && m.Percent > 50);
        Assert.Contains(profile.CpuInclusive, c => c.Component == Components.KestrelHttp2 && c.Percent > 0);
        // About a millisecond a pass, slower when the sampler waits for the host's busy CPU.
        Assert.InRange(profile.SampleIntervalMs ?? 0, 0.9, 20);
        Assert.All(profile.CpuInclusive, c => Assert.InRange(c.Percent, 0, 100));
        var json = JsonSerializer.Deserialize<HostCpuProfile>(profile.ToJson(), HostCpuProfile.Json)!;
        Assert.Equal(profile.CpuSamples, json.CpuSamples);
        Assert.Equal(profile.Cpu.Count, json.Cpu.Count);
    }

    [Fact]
    public async Task Profile_of_a_loaded_Grpc_Core_host_sees_its_managed_threads_and_names_C_core()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Legacy, "net10.0", ["--maxReceiveMessageSize", "unlimited"]));

        var profile = await ProfileUnderUploadsAsync(host, "grpc-core-net10.0");

        Assert.True(profile.CpuSamples + profile.NativeOrWaitingSamples > 100, $"only {profile.CpuSamples} + {profile.NativeOrWaitingSamples} samples");
        Assert.Equal(100, profile.Cpu.Sum(c => c.Percent), precision: 6);
        Assert.Equal(100, profile.NativeOrWaiting.Sum(c => c.Percent), precision: 6);
        Assert.Contains(profile.Cpu.Concat(profile.NativeOrWaiting), c => c.Component == Components.GrpcCore);
        Assert.DoesNotContain(profile.Cpu, c => c.Component is Components.KestrelHttp2 or Components.KestrelSockets);
    }

    [Fact]
    public async Task A_process_that_is_not_dotnet_or_is_gone_is_refused_with_one_clear_message()
    {
        using var sleep = Process.Start("sleep", "30");
        using var done = Process.Start("true");
        await done.WaitForExitAsync();
        try
        {
            foreach (var pid in new[] { sleep.Id, done.Id })
            {
                var refused = await Assert.ThrowsAsync<HostProfileException>(() => HostCpuProfile.CollectAsync(pid, TimeSpan.FromSeconds(1)));
                Assert.StartsWith($"cannot profile process {pid}: it is not a running .NET process with a diagnostics endpoint", refused.Message);
            }
        }
        finally
        {
            sleep.Kill();
            await sleep.WaitForExitAsync();
        }
    }

    /// <summary>Two 20 MiB upload loops from one grpc-dotnet client while the host is profiled for <see cref="Duration"/>.</summary>
    private async Task<HostCpuProfile> ProfileUnderUploadsAsync(HostProcess host, string name)
    {
        await using var client = BenchClient.Create(new ClientTarget(new Uri(host.Ready.Url), host.Ready.CertificatePem), new ClientSettings { Stack = ClientStack.GrpcNet });
        var data = ByteString.CopyFrom(new byte[20 * MiB].Select((_, i) => (byte)(i * 31)).ToArray());
        await client.SendLargeDataAsync(data); // warm: connection up, code jitted

        using var stop = new CancellationTokenSource();
        var uploads = 0;
        async Task Loop()
        {
            while (!stop.IsCancellationRequested)
            {
                await client.SendLargeDataAsync(data, CancellationToken.None);
                Interlocked.Increment(ref uploads);
            }
        }
        var loops = new[] { Loop(), Loop() };
        HostCpuProfile profile;
        try
        {
            profile = await HostCpuProfile.CollectAsync(host.Pid, Duration);
        }
        finally
        {
            stop.Cancel();
            await Task.WhenAll(loops);
        }

        var report = $"{name} on {host.Ready.Runtime}, {uploads} uploads of 20 MiB during the profile and its read-back\n\n{profile.ToMarkdown()}";
        output.WriteLine(report);
        if (Environment.GetEnvironmentVariable("GRPCBENCH_PROFILE_REPORT") is { Length: > 0 } folder)
        {
            Directory.CreateDirectory(folder);
            await File.WriteAllTextAsync(Path.Combine(folder, $"{name}.md"), report + "\n");
            await File.WriteAllTextAsync(Path.Combine(folder, $"{name}.json"), profile.ToJson());
        }
        return profile;
    }
}
