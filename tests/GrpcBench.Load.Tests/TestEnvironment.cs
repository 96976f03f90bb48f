using System.Runtime.CompilerServices;

// The engine's timing is what these tests check; on a two-core machine, tests in parallel would skew each other.
[assembly: CollectionBehavior(DisableTestParallelization = true)]

namespace GrpcBench.Load.Tests;

internal static class TestEnvironment
{
    // Under the test host the thread pool runs short of threads (the host's own work holds some), and with its default
    // minimum of one per core it takes most of a second to add one: every step, timer and closed-model loop then
    // waits that long. The same runs in a plain console process need no such help.
    [ModuleInitializer]
    internal static void LetThePoolGrowAtOnce() => ThreadPool.SetMinThreads(32, 32);
}
