using System.Buffers.Binary;
using GrpcBench.Load.Reporting.Charts;

namespace GrpcBench.Load.Tests;

/// <summary>What fits a screen and a repository: no chart taller than 2,400 px or larger than 400 KB.</summary>
public static class ChartBounds
{
    public const int MaxBytes = 400 * 1024;

    public static void Within(string name, byte[] png)
    {
        var height = BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(20));
        Assert.True(height <= ChartImage.MaxHeight, $"{name} is {height} px tall, over {ChartImage.MaxHeight}");
        Assert.True(png.Length <= MaxBytes, $"{name} is {png.Length:N0} bytes, over {MaxBytes:N0}");
    }

    /// <summary>Every PNG under <paramref name="folder"/>.</summary>
    public static void AllWithin(string folder)
    {
        var charts = Directory.GetFiles(folder, "*.png", SearchOption.AllDirectories);
        Assert.NotEmpty(charts);
        foreach (var chart in charts) Within(Path.GetRelativePath(folder, chart), File.ReadAllBytes(chart));
    }
}
