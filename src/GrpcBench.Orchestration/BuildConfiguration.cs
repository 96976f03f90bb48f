namespace GrpcBench.Orchestration;

public static class BuildConfiguration
{
    /// <summary>The configuration this code was built in; hosts are started from the same one.</summary>
    public const string Current =
#if DEBUG
        "Debug";
#else
        "Release";
#endif
}
