using GrpcBench.Orchestration;

namespace GrpcBench.Load.Tests.YourService;

/// <summary>The worked sample's files (samples/Inventory), built with the tests in their own configuration.</summary>
internal static class SampleService
{
    public static string Folder => Path.Combine(DotnetRoots.RepositoryRoot, "samples", "Inventory");

    public static string AssemblyPath => Path.Combine(Folder, "bin", Configuration, "net8.0", "Inventory.dll");

    public static string ScenarioFile => Path.Combine(Folder, "scenarios.json");

    /// <summary>An assembly of the bench's own generated code (messages and service bases, no implementation), built for <paramref name="runtime"/>.</summary>
    public static string ContractsAssembly(string runtime) =>
        Path.Combine(DotnetRoots.RepositoryRoot, "src", "GrpcBench.Contracts", "bin", Configuration, runtime, "GrpcBench.Contracts.dll");

    private static string Configuration => AppContext.BaseDirectory.Contains($"{Path.DirectorySeparatorChar}Debug{Path.DirectorySeparatorChar}") ? "Debug" : "Release";
}
