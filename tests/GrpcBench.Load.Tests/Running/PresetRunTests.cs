using GrpcBench.Load.Reporting;
using GrpcBench.Load.Results;
using Spectre.Console;
using static GrpcBench.Load.Tests.SampleRuns;

namespace GrpcBench.Load.Tests.Running;

/// <summary>The one run loop on a preset of made-up results: what every preset gets from it without asking.</summary>
public sealed class PresetRunTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), "grpcbench-loop-" + Guid.NewGuid().ToString("N"));
    private readonly StringWriter _output = new();

    /// <summary>Runs the configurations it is given, each through the session; then throws, if told to.</summary>
    private sealed class MadeUpPreset(string folder, IReadOnlyList<ConfigurationResult> results, Exception? fault = null) : IPresetRun
    {
        public LoadRunSummary? CheckpointSeen { get; private set; }

        public IEnumerable<string> Introduction() => ["made-up: two configurations"];

        public async Task RunAsync(RunSession session, CancellationToken cancellationToken)
        {
            foreach (var result in results)
            {
                await session.RunAsync(result.Configuration.Label, _ => Task.FromResult(result));
                CheckpointSeen = SummaryFile.Read(Path.Combine(folder, Checkpoint.FileName));
            }
            if (fault is not null) throw fault;
        }

        public LoadRunSummary Summary(LoadRunSummary bare) => bare;
        public void WriteFindings(IAnsiConsole console, LoadRunSummary summary, IReadOnlyList<string> files) => console.WriteLine("findings");
        public bool Succeeded(LoadRunSummary summary) => true;
    }

    private Task<int> RunAsync(MadeUpPreset preset)
    {
        Directory.CreateDirectory(_folder);
        return PresetRun.RunAsync(preset, "made-up", CpuPlacement.Shared, _folder, "--preset made-up", ConsoleSetup.ForWriter(_output), CancellationToken.None);
    }

    [Fact]
    public async Task Each_result_is_checkpointed_and_a_completed_run_writes_its_files_removes_the_checkpoint_and_exits_0()
    {
        var preset = new MadeUpPreset(_folder, [Ok(GrpcCore(), 601, 8), Ok(Kestrel(), 4387, 3.2)]);

        var exit = await RunAsync(preset);

        Assert.Equal(0, exit);
        Assert.Equal(RunStatus.InProgress, preset.CheckpointSeen!.Status);
        Assert.Equal(2, preset.CheckpointSeen.Configurations.Count);
        Assert.False(File.Exists(Path.Combine(_folder, Checkpoint.FileName)));
        var summary = SummaryFile.Read(_folder);
        Assert.Equal(RunStatus.Completed, summary.Status);
        Assert.Null(summary.Reason);
        Assert.Contains("\"status\": \"completed\"", File.ReadAllText(Path.Combine(_folder, "summary.json")));
        Assert.Contains($"results: {_folder}", _output.ToString());
    }

    [Fact]
    public async Task A_fault_of_the_bench_s_own_keeps_what_was_measured_and_fails_the_run_with_the_exception()
    {
        var preset = new MadeUpPreset(_folder, [Ok(GrpcCore(), 601, 8)], new ArgumentOutOfRangeException("threshold", 5.84, "A relative threshold, between 0 and 1."));

        var exit = await RunAsync(preset);

        Assert.Equal(1, exit);
        var summary = SummaryFile.Read(_folder);
        Assert.Equal(RunStatus.Failed, summary.Status);
        Assert.StartsWith("System.ArgumentOutOfRangeException: A relative threshold, between 0 and 1.", summary.Reason);
        Assert.Single(summary.Configurations);
        Assert.Contains("the run stopped: System.ArgumentOutOfRangeException", _output.ToString());
    }

    public void Dispose()
    {
        if (Directory.Exists(_folder)) Directory.Delete(_folder, recursive: true);
    }
}
