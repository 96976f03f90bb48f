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
}
