using GrpcBench.Orchestration;

namespace GrpcBench.Benchmarks;

/// <summary>
/// What memory costs on this machine (<see cref="MemoryCost"/>), measured once before the first benchmark by the process
/// that writes the summary, and printed first the way BenchmarkDotNet prints its environment: the HostFaultCpu/op column
/// prices the host's page faults with it.
/// </summary>
public static class MachineFigures
{
    public static MemoryCost? Memory { get; private set; }

    public static void Measure()
    {
        Memory = MachineMemory.Measure(cpu: null);
        Console.WriteLine(Memory is { } memory
            ? $"// machine memory: {memory.Describe()}" + (memory.Caution() is { } caution ? $"; {caution}" : "")
            : "// machine memory: not measured (Linux only): HostFaultCpu/op shows ?");
    }
}
