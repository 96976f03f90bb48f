using GrpcBench.Orchestration;
using Xunit.Abstractions;

namespace GrpcBench.Tests;

public class MachineMemoryTests(ITestOutputHelper output)
{
    [Fact]
    public void A_fresh_page_costs_a_fault_a_page_and_far_more_than_writing_it_again_on_the_CPU_asked()
    {
        var cost = MachineMemory.Measure(0)!;
        output.WriteLine(cost.Describe());

        Assert.Equal(0, cost.Cpu);
        // A fault a 4 KiB page (256 a MiB), fewer only where huge pages back the memory.
        Assert.InRange(cost.FaultsPerMiB, cost.TransparentHugePages == "always" ? 0.4 : 200, 260);
        Assert.True(cost.FreshPageUs > 5 * cost.WarmPageUs && cost.WarmPageUs > 0, cost.Describe());
        Assert.Contains(cost.TransparentHugePages, new[] { "always", "madvise", "never" });
        Assert.True(cost.CopyGiBPerSecond > 0.1, cost.Describe());
    }

    [Fact]
    public void The_loopback_floor_moves_the_payload_from_the_workers_cpu_to_the_hosts_and_a_run_without_a_payload_has_none()
    {
        const long payload = 20L * 1024 * 1024;
        var floor = MachineLoopback.Measure(payload, workerCpu: 0, hostCpu: 1)!;
        output.WriteLine(floor.Describe());

        Assert.Equal((payload, "worker 0, host 1"), (floor.PayloadBytes, floor.Cpus));
        // A loopback copy of 20 MiB: well above a memory copy's time, well below the 50 ms a 20 MiB gRPC upload took on Grpc.Core.
        Assert.InRange(floor.MsPerPayload, 0.5, 200);
        Assert.InRange(floor.GiBPerSecond, 0.1, 50);
        Assert.Null(MachineLoopback.Measure(0, 0, 1));
    }

    [Fact]
    public void A_CPU_the_thread_cannot_be_pinned_to_is_measured_unpinned_and_says_so()
    {
        var cost = MachineMemory.Measure(4096)!;

        Assert.Null(cost.Cpu);
        Assert.True(cost.FreshPageUs > 0);
    }

    [Theory]
    [InlineData("always [madvise] never\n", "madvise")]
    [InlineData("[always] madvise never\n", "always")]
    [InlineData("always madvise [never]\n", "never")]
    [InlineData("nothing bracketed\n", "unknown")]
    public void The_huge_page_mode_is_the_bracketed_word(string text, string mode)
    {
        var path = Path.GetTempFileName();
        File.WriteAllText(path, text);

        Assert.Equal(mode, MachineMemory.TransparentHugePages(path));
        File.Delete(path);
        Assert.Equal("unknown", MachineMemory.TransparentHugePages(path));
    }

    [Theory]
    [InlineData(12, null)]
    [InlineData(20, null)]
    [InlineData(30, "x2.5")]
    [InlineData(0.4, "x0.03")]
    public void A_fault_cost_more_than_2x_from_the_reference_machines_is_named(double freshPageUs, string? ratio)
    {
        var cost = new MemoryCost(freshPageUs, 0.02, 256, 6, "madvise", 1);

        Assert.Equal(ratio is not null, cost.FarFromReference());
        if (ratio is null) Assert.Null(cost.Caution());
        else Assert.StartsWith($"a fresh page costs {ratio} of the reference runs' machine", cost.Caution());
    }
}
