using System.Text.RegularExpressions;

namespace GrpcBench.Hosting;

public static class RuntimeVersions
{
    /// <summary>The major version of a framework description (".NET 8.0.33") or moniker ("net8.0"); -1 if neither.</summary>
    public static int Major(string runtime)
    {
        var match = Regex.Match(runtime, @"^(?:\.NET |net)(\d+)\.\d+");
        return match.Success ? int.Parse(match.Groups[1].Value) : -1;
    }
}
