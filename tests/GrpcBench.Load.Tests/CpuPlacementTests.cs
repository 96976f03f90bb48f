using GrpcBench.Load.Results;
using GrpcBench.Orchestration;

namespace GrpcBench.Load.Tests;

public class CpuPlacementTests
{
    [Fact]
    public void Cpu_lists_read_as_Linux_writes_them()
    {
        Assert.Equal([1], CpuList.Parse("1"));
        Assert.Equal([0, 1, 2, 5], CpuList.Parse("0-2,5"));
        Assert.Throws<FormatException>(() => CpuList.Parse("2-0"));
        Assert.Throws<FormatException>(() => CpuList.Parse("one"));
        Assert.Equal("0-1", CpuAffinity.AllowedList("Name:\tdotnet\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\nMems_allowed:\t1\n"));
    }

    [Fact]
    public void By_default_the_host_takes_the_last_cpu_and_the_worker_the_first_and_one_cpu_is_shared()
    {
        Assert.Equal(new CpuPlacement("1", "0"), CpuPlacement.Default([0, 1]));
        Assert.Equal(new CpuPlacement("7", "0"), CpuPlacement.Default([0, 1, 2, 3, 4, 5, 6, 7]));
        Assert.True(CpuPlacement.Default([3]).IsShared);
    }

    [Fact]
    public void A_placement_is_parsed_whatever_the_order_and_refused_where_it_cannot_hold()
    {
        Assert.Equal(new CpuPlacement("2-3", "0,1"), CpuPlacement.Parse(["worker=0,1", "host=2-3"], [0, 1, 2, 3]));
        Assert.Equal(CpuPlacement.Shared, CpuPlacement.Parse(["shared"], [0, 1]));
        Assert.Contains("must not overlap", Assert.Throws<FormatException>(() => CpuPlacement.Parse(["host=0-1", "worker=1"], [0, 1])).Message);
        Assert.Contains("not 4", Assert.Throws<FormatException>(() => CpuPlacement.Parse(["host=4", "worker=0"], [0, 1])).Message);
        Assert.Contains("allowed shared", Assert.Throws<FormatException>(() => CpuPlacement.Parse(["host=1"], [0, 1])).Message);
    }
}
