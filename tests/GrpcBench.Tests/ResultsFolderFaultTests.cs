using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Load;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>
/// The fault table, the results folder: never overwritten, a new name when taken, one line when it cannot be created,
/// the measurements kept elsewhere when it fills up.
/// </summary>
[FullSuite]
[Collection(FaultTableCollection.Name)]
public class ResultsFolderFaultTests
{
    [Theory]
    [InlineData("run")]
    [InlineData("hazards")]
    [InlineData("lost-responses")]
    public async Task Fault_a_results_folder_that_has_files_is_never_overwritten(string command)
    {
        var folder = NewFolder("exists");
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "summary.json"), "an earlier run");

        var (exit, output, error) = await RunToolAsync(command == "run" ? OneKestrel(folder) : [command, "--out", folder]);

        Assert.Equal(2, exit);
        Assert.Equal($"results folder {folder} already exists and is not empty; results are never overwritten: choose another --out", error.Trim());
        Assert.Equal("", output);
        Assert.Equal("an earlier run", File.ReadAllText(Path.Combine(folder, "summary.json")));
        Assert.Single(Directory.EnumerateFileSystemEntries(folder));
    }

    [Fact]
    public void Fault_a_default_results_folder_taken_in_the_same_second_gets_a_new_name()
    {
        var stem = NewFolder("same-second");
        Directory.CreateDirectory(stem);
        File.WriteAllText(Path.Combine(stem, "summary.json"), "the first run of that second");

        var second = ResultsFolder.CreateNew(stem);
        File.WriteAllText(Path.Combine(second, "summary.json"), "the second");
        var third = ResultsFolder.CreateNew(stem);

        Assert.Equal(stem + "-2", second);
        Assert.Equal(stem + "-3", third);
        Assert.Equal("the first run of that second", File.ReadAllText(Path.Combine(stem, "summary.json")));
    }

    [Fact]
    public async Task Fault_a_results_folder_that_cannot_be_created_gives_one_line_and_exit_2_before_anything_runs()
    {
        // As root a read-only mode does not stop writes; a folder under a regular file cannot be created by anyone.
        var file = NewFolder("a-file");
        File.WriteAllText(file, "");
        var folder = Path.Combine(file, "run");

        var (exit, output, error) = await RunToolAsync(OneKestrel(folder));

        Assert.Equal(2, exit);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"results folder {folder} cannot be written: ", line);
        Assert.Equal("", output);
    }

    [RootFact]
    public async Task Fault_a_results_folder_that_fills_up_keeps_the_measurements_in_another_folder_and_says_where()
    {
        var mount = NewFolder("full-disk");
        Directory.CreateDirectory(mount);
        // 16 KiB: room for the folder and the start's write check, not for summary.json.
        Assert.Equal(0, await RunAsync("mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", mount]));
        try
        {
            var folder = Path.Combine(mount, "run");
            var (exit, _, error) = await RunToolAsync(OneKestrel(folder));

            Assert.Equal(ResultsWriting.NotWhereAsked, exit);
            var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
            Assert.StartsWith($"results folder {folder} could not be written (", line);
            Assert.Matches("disk was full|No space left on device", line);
            var instead = line[(line.LastIndexOf(" went to ", StringComparison.Ordinal) + " went to ".Length)..^" instead".Length];
            using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(instead, "summary.json")));
            Assert.All(summary.RootElement.GetProperty("configurations").EnumerateArray(), c => Assert.Equal("ok", c.GetProperty("status").GetString()));
            Assert.True(File.Exists(Path.Combine(instead, "report.md")));
        }
        finally
        {
            await RunAsync("umount", [mount]);
        }
    }

    private static async Task<int> RunAsync(string command, string[] arguments)
    {
        var start = new ProcessStartInfo(command) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        using var process = Process.Start(start)!;
        await process.WaitForExitAsync();
        return process.ExitCode;
    }
}
