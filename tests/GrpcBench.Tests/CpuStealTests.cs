using GrpcBench.Orchestration;

namespace GrpcBench.Tests;

public class CpuStealTests
{
    private const string Stat = """
        cpu  281787 169 89437 293382 766 0 15736 15658 0 0
        cpu0 120746 129 43373 165992 186 0 9718 8124 0 0
        cpu1 161041 40 46064 127390 580 0 6018 7534 0 0
        intr 1234 0 0
        ctxt 5678
        """;

    [Fact]
    public void Each_cpus_steal_is_its_eighth_column_in_seconds_and_the_total_line_is_not_a_cpu()
    {
        var steal = CpuSteal.Parse(Stat);

        Assert.Equal(new Dictionary<int, double> { [0] = 81.24, [1] = 75.34 }, steal);
    }

    [Fact]
    public void The_share_stolen_is_the_mean_over_the_cpus_of_their_steal_over_the_span_and_unknown_where_a_cpu_is_missing()
    {
        var before = new Dictionary<int, double> { [0] = 10, [1] = 20 };
        var after = new Dictionary<int, double> { [0] = 10.5, [1] = 21.5 };

        Assert.Equal(0.125, CpuSteal.Share(before, after, [0], 4));
        Assert.Equal(0.25, CpuSteal.Share(before, after, [0, 1], 4));
        Assert.Null(CpuSteal.Share(before, after, [2], 4));
        Assert.Null(CpuSteal.Share(before, after, [0], 0));
    }

    [Fact]
    public void This_machine_reports_a_steal_for_each_of_its_cpus_that_never_goes_back()
    {
        var before = CpuSteal.Now();
        Thread.Sleep(200);
        var after = CpuSteal.Now();

        Assert.All(CpuAffinity.OfThisProcess(), cpu => Assert.True(after.ContainsKey(cpu), $"no steal for CPU {cpu}"));
        Assert.All(after, cpu => Assert.True(cpu.Value >= before[cpu.Key]));
        Assert.InRange(CpuSteal.Share(before, after, [.. after.Keys], 0.2)!.Value, 0, 1.01);
    }
}
