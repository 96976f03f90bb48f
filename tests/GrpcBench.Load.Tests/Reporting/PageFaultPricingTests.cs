using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests;

public class PageFaultPricingTests
{
    [Fact]
    public void A_call_s_faults_are_priced_at_this_machine_s_cost_and_at_bare_metal_s()
    {
        // 600 calls: 5,120 faults and 80 ms of the host's CPU each, 100 faults each in the worker.
        var result = new ConfigurationResult
        {
            Configuration = SampleRuns.Kestrel(),
            Status = ConfigurationStatus.Ok,
            ServerCpuSeconds = 48,
            ServerFaults = new PageFaults(3_072_000, 0),
            ClientFaults = new PageFaults(60_000, 0),
            Scenarios = [SampleRuns.Stats("getInt", 1, 2, new Dictionary<string, long>())],
        };

        var line = ConfigurationSection.Faults(result, new MemoryCost(12, 0.02, 256, 10, "madvise", 1));

        Assert.Equal("host 5,120 minor (0 major) a call, load worker 100 minor (0 major) a call; at this machine's 12.0 µs a fresh page the host's come to "
                     + "61.4 ms of its 80.0 ms of CPU a call (at a bare-metal 0.5 µs, 2.56 ms)", line);
        Assert.Equal("host 5,120 minor (0 major) a call, load worker 100 minor (0 major) a call", ConfigurationSection.Faults(result, memory: null));
        Assert.Null(ConfigurationSection.Faults(result with { ServerFaults = null, ClientFaults = null }, null));
    }
}
