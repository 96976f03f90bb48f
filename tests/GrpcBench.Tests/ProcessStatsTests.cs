using GrpcBench.Orchestration;

namespace GrpcBench.Tests;

public class ProcessStatsTests
{
    // As the kernel prints it: "VmHWM:\t%8lu kB", so eight digits and more leave no space after the tab.
    [Theory]
    [InlineData("VmHWM:\t  123456 kB", 123_456)]
    [InlineData("VmHWM:\t 9999999 kB", 9_999_999)]
    [InlineData("VmHWM:\t10000000 kB", 10_000_000)]
    [InlineData("VmHWM:\t123456789 kB", 123_456_789)]
    public void Peak_rss_is_read_whatever_the_white_space(string line, long kiB)
    {
        var status = $"Name:\tdotnet\nVmPeak:\t 1000000 kB\n{line}\nVmRSS:\t   20000 kB\n";

        Assert.Equal(kiB / 1024.0, ProcessStats.PeakRssMiB(status));
    }

    [Fact]
    public void A_status_without_a_peak_says_so()
    {
        var error = Assert.Throws<FormatException>(() => ProcessStats.PeakRssMiB("Name:\tdotnet\n"));

        Assert.Contains("VmHWM", error.Message);
    }

    [Fact]
    public void This_process_has_a_peak_rss()
    {
        Assert.InRange(ProcessStats.PeakRssMiB(Environment.ProcessId), 10, 100_000);
    }

    [Fact]
    public void This_process_rss_now_is_at_most_its_peak()
    {
        var now = ProcessStats.RssMiB(Environment.ProcessId);

        Assert.InRange(now, 10, ProcessStats.PeakRssMiB(Environment.ProcessId));
    }

    private static string Stat(long utime, long stime) =>
        $"4242 (dotnet (host) 1) S 1 4242 4242 0 -1 4194560 1000 0 0 0 {utime} {stime} 0 0 20 0 12 0 5000 300000000 20000 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0";

    [Fact]
    public void Cpu_time_is_utime_plus_stime_in_clock_ticks_after_a_name_with_spaces_and_parentheses() =>
        Assert.Equal(TimeSpan.FromSeconds(3.5), ProcessStats.CpuTime(Stat(300, 50)));

    [Fact]
    public void Cost_per_call_is_the_cpu_time_between_two_readings_over_the_calls_and_the_mib_they_carried()
    {
        var before = ProcessStats.CpuTime(Stat(1_000, 200));
        var after = ProcessStats.CpuTime(Stat(1_250, 250));

        var probe = new GrpcBench.Load.Results.CapacityProbe(20, null, [], (after - before).TotalSeconds, 1.5, Calls: 600, UploadedMiB: 600 * 20.0, Seconds: 3.2);

        Assert.Equal(5, probe.ServerCpuMsPerCall!.Value, precision: 9);
        Assert.Equal(2.5, probe.ClientCpuMsPerCall!.Value, precision: 9);
        Assert.Equal(3.0 / 3.2, GrpcBench.Load.CapacityRun.Utilization(probe, p => p.ServerCpuSeconds, "1")!.Value, precision: 9);
    }
}
