namespace GrpcBench.Tests.Infrastructure;

/// <summary>A test that needs root (network namespaces, tc); CI runs as root, elsewhere it is reported as skipped.</summary>
public sealed class RootFactAttribute : FactAttribute
{
    public RootFactAttribute()
    {
        if (Environment.UserName != "root") Skip = "needs root for a network namespace and tc (CI runs as root)";
    }
}
