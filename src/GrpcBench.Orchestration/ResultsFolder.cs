namespace GrpcBench.Orchestration;

public static class ResultsFolder
{
    /// <summary>
    /// The folder asked for, refused if it already has files; or results/&lt;timestamp&gt;/ under the repository, with
    /// -2, -3 ... after the timestamp when a run of the same second took it. Never one that already has files.
    /// </summary>
    /// <exception cref="IOException">One line: the folder exists with files, or cannot be created, and why.</exception>
    public static string Create(string? requested) => requested is null
        ? CreateNew(Path.Combine(DotnetRoots.RepositoryRoot, "results", DateTime.Now.ToString("yyyyMMdd-HHmmss")))
        : CreateAt(Path.GetFullPath(requested));

    /// <summary><see cref="Create"/> for a command: null after writing why to standard error in one line (the command exits 2).</summary>
    public static string? CreateOrSayWhy(string? requested)
    {
        try
        {
            return Create(requested);
        }
        catch (IOException e)
        {
            Console.Error.WriteLine(e.Message);
            return null;
        }
    }

    /// <summary><paramref name="stem"/>, or the first of stem-2, stem-3 ... that has no files yet.</summary>
    public static string CreateNew(string stem)
    {
        for (var n = 1; n < 1000; n++)
        {
            var folder = n == 1 ? stem : $"{stem}-{n}";
            if (!HasFiles(folder)) return CreateAt(folder);
        }
        throw new IOException($"results folder {stem}: 999 folders of that name have files already");
    }

    private static string CreateAt(string folder)
    {
        if (HasFiles(folder)) throw new IOException($"results folder {folder} already exists and is not empty; results are never overwritten: choose another --out");
        try
        {
            Directory.CreateDirectory(folder);
            // Created is not writable: a read-only mount or a full disk should stop the run before it measures, not after.
            var probe = Path.Combine(folder, ".grpcbench-write-check");
            File.WriteAllText(probe, "");
            File.Delete(probe);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new IOException($"results folder {folder} cannot be written: {e.Message}");
        }
        return folder;
    }

    private static bool HasFiles(string folder) => Directory.Exists(folder) && Directory.EnumerateFileSystemEntries(folder).Any();
}
