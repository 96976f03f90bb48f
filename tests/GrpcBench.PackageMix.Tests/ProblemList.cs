namespace GrpcBench.PackageMix.Tests;

internal static class ProblemList
{
    /// <summary>Fails with every problem listed, one a line, rather than with the first.</summary>
    public static void AssertNone(IReadOnlyList<string> problems, string heading)
    {
        var distinct = problems.Distinct().ToList();
        if (distinct.Count > 0)
        {
            Assert.Fail($"{heading}: {distinct.Count} problem(s)\n  {string.Join("\n  ", distinct)}");
        }
    }
}
