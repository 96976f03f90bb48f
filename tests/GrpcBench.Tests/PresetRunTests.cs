using GrpcBench.Load;
using GrpcBench.Load.Analysis;
using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>
/// The capacity and sweep presets run whole as a user runs them, cut down to what still takes every step: each search
/// ends with a capacity, the repeats interleave, and every file each promises is written. The advise preset's quick run is
/// <see cref="AdvisePresetRunTests"/>.
/// </summary>
public class PresetRunTests
{
    [FullSuite]
    [Fact]
    public async Task Capacity_quick_finds_every_capacity_in_interleaved_repeats_and_writes_its_table_and_charts()
    {
        var folder = NewFolder("capacity");

        var (exit, output, error) = await Hosts.RunLoadToolAsync(TimeSpan.FromMinutes(10), ["--preset", "capacity", "--quick", "--runtime", "net10.0", "--server", "grpc-core,kestrel",
            "--kestrel-profile", "default", "--mixes", "uploads", "--out", folder]);

        Assert.True(exit == 0, output + error);
        SummaryShape.Matches(folder, "capacity-quick");
        foreach (var file in new[] { "summary.json", "report.md", "capacity.png", "capacity-uploads.png" })
            Assert.True(new FileInfo(Path.Combine(folder, file)).Length > 0, $"{file} missing");
        var summary = SummaryFile.Read(folder);
        Assert.Equal(4, summary.Configurations.Count);
        Assert.All(summary.Configurations, c => Assert.True(c.Status == ConfigurationStatus.Ok && c.Capacity?.CallsPerSecond is not null, $"{c.Configuration.Label}: {c.Status} {c.Reason}"));
        Assert.Equal([1, 1, 2, 2], summary.Configurations.Select(c => c.Repeat));
        var rows = Assert.Single(summary.Capacity!.Mixes).Rows;
        Assert.Equal(2, rows.Count);
        Assert.All(rows, r => Assert.NotNull(r.Capacity));
        Assert.NotNull(rows.Single(r => r.Configuration.Server == ServerStack.Kestrel).VersusGrpcCore);
    }

    [FullSuite]
    [Fact]
    public async Task Sweep_quick_tries_each_setting_alone_on_Kestrel_s_defaults_beside_Grpc_Core()
    {
        var folder = NewFolder("sweep");

        var (exit, output, error) = await Hosts.RunLoadToolAsync(TimeSpan.FromMinutes(10), ["--preset", "sweep", "--quick", "--phases", "10x2", "--payload-mib", "1", "--out", folder]);

        Assert.True(exit == 0, output + error);
        SummaryShape.Matches(folder, "sweep-quick");
        var summary = SummaryFile.Read(folder);
        // Grpc.Core, Kestrel's default, each variant alone; then the best of them together where any helped.
        var tried = summary.Configurations.Take(Load.SweepPreset.Variants.Count + 2).ToList();
        Assert.Equal([ServerStack.GrpcCore, .. Enumerable.Repeat(ServerStack.Kestrel, Load.SweepPreset.Variants.Count + 1)], tried.Select(c => c.Configuration.Server));
        Assert.InRange(summary.Configurations.Count, tried.Count, tried.Count + 1);
        Assert.All(summary.Configurations, c => Assert.True(c.Status == ConfigurationStatus.Ok, $"{c.Configuration.Label}: {c.Status} {c.Reason}"));
    }
}
