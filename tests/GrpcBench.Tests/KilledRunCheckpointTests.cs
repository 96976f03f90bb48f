using System.Diagnostics;
using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>
/// The fault table, a run killed outright: its checkpoint keeps every configuration it finished, preset by preset.
/// </summary>
[FullSuite]
[Collection(FaultTableCollection.Name)]
public class KilledRunCheckpointTests
{
    [Theory]
    [InlineData("capacity", "--server kestrel --kestrel-profile default")]
    [InlineData("transports", "--transport h2c --codec protobuf --requests 300")]
    // Two configurations at least (soak: both stacks), so that the first checkpoint is not the run's last write. The quick
    // soak's own 6 uploads/s of 20 MiB took a core for the minute beside the rest of the full suite: what is killed here is
    // the run, not its load.
    [InlineData("soak", "--minutes 1 --rate 2 --payload-mib 1")]
    [InlineData("advise", "--knobs placebo --budget-minutes 7")]
    public async Task Fault_a_run_killed_outright_keeps_every_configuration_it_finished_in_its_checkpoint(string preset, string options)
    {
        var folder = NewFolder($"killed-{preset}");
        using var tool = Hosts.StartLoadTool(["--preset", preset, "--quick", .. options.Split(' '), "--out", folder]);
        var output = tool.StandardOutput.ReadToEndAsync();
        var error = tool.StandardError.ReadToEndAsync();
        var checkpointFile = Path.Combine(folder, Checkpoint.FileName);
        var children = new HashSet<int>();
        try
        {
            // SIGKILL as soon as the first search or configuration has ended: no handler, no finally, nothing of the tool's own runs after it.
            var clock = Stopwatch.StartNew();
            while (!File.Exists(checkpointFile) && !tool.HasExited && clock.Elapsed < TimeSpan.FromMinutes(4))
            {
                children.UnionWith(Hosts.ChildrenOf(tool.Id));
                await Task.Delay(50);
            }
            children.UnionWith(Hosts.ChildrenOf(tool.Id));
            Assert.True(Signals.Send(tool.Id, Signals.Kill));
            await tool.WaitForExitAsync();
            // A host the tool was starting as it was killed runs its own code only now.
            children.UnionWith(Hosts.ChildrenOf(tool.Id));

            Assert.False(File.Exists(Path.Combine(folder, "summary.json")));
            var checkpoint = GrpcBench.Load.Reporting.SummaryFile.Read(checkpointFile);
            Assert.Equal(Checkpoint.Status, checkpoint.Status);
            var first = Assert.Single(checkpoint.Configurations);
            switch (preset)
            {
                case "capacity":
                    Assert.NotNull(first.Capacity);
                    Assert.NotNull(checkpoint.Capacity);
                    break;
                case "transports":
                    Assert.Equal(ConfigurationStatus.Ok, first.Status);
                    Assert.Equal(300, first.Scenarios.Single().Requests);
                    Assert.NotEmpty(checkpoint.ClosedModelTable!);
                    break;
                case "soak":
                    Assert.Equal(ConfigurationStatus.Ok, first.Status);
                    Assert.Single(checkpoint.Soak!.Runs);
                    break;
                default:
                    // The advise preset's first run: the default's throughput, the first of its early spread.
                    Assert.True(first.Throughput?.PerSecond > 0, $"{first.Configuration.Label}: {first.Status} {first.Reason}");
                    break;
            }
            // Its hosts and workers see their parent gone and stop by themselves.
            clock.Restart();
            while (children.Any(Hosts.IsRunning) && clock.Elapsed < TimeSpan.FromSeconds(20)) await Task.Delay(100);
            Assert.DoesNotContain(children, Hosts.IsRunning);
        }
        finally
        {
            KillAll(children);
            if (!tool.HasExited) tool.Kill(entireProcessTree: true);
            await output;
            await error;
        }
    }
}
