namespace GrpcBench.Orchestration;

public static class ResultsFolder
{
    /// <summary>results/&lt;timestamp&gt;/ under the repository, or the folder asked for; never one that already has files.</summary>
    public static string Create(string? requested)
    {
        var folder = Path.GetFullPath(requested ?? Path.Combine(DotnetRoots.RepositoryRoot, "results", DateTime.Now.ToString("yyyyMMdd-HHmmss")));
        if (Directory.Exists(folder) && Directory.EnumerateFileSystemEntries(folder).Any())
            throw new IOException($"results folder {folder} already exists and is not empty; results are never overwritten");
        Directory.CreateDirectory(folder);
        return folder;
    }
}
