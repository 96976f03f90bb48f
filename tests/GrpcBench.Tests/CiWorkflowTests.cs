using System.Text.RegularExpressions;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests;

/// <summary>
/// The GitHub matrix (.github/workflows/ci.yml) cannot run here; eng/check-workflows.sh checks its syntax, and these
/// check that its cells are .ci/run and nothing else: one script, two callers.
/// </summary>
public class CiWorkflowTests
{
    private static readonly string Workflow = File.ReadAllText(Path.Combine(DotnetRoots.RepositoryRoot, ".github", "workflows", "ci.yml"));
    private static readonly string CiScript = File.ReadAllText(Path.Combine(DotnetRoots.RepositoryRoot, ".ci", "run"));

    private static string CellJob => Workflow[Workflow.IndexOf("\n  cell:", StringComparison.Ordinal)..Workflow.IndexOf("\n  compare:", StringComparison.Ordinal)];

    [Fact]
    public void Each_cell_runs_the_ci_script_as_its_only_command()
    {
        var commands = Regex.Matches(CellJob, @"^\s+run: (.+)$", RegexOptions.Multiline).Select(m => m.Groups[1].Value.Trim());

        Assert.Equal(["bash .ci/run"], commands);
    }

    [Fact]
    public void Each_cell_sets_only_variables_the_ci_script_documents()
    {
        var env = CellJob[CellJob.IndexOf("        env:", StringComparison.Ordinal)..];
        env = env[..env.IndexOf("\n      - ", StringComparison.Ordinal)];
        var names = Regex.Matches(env, @"^ {10}(\w+):", RegexOptions.Multiline).Select(m => m.Groups[1].Value).ToList();

        Assert.Equal(["GRPCBENCH_RUNTIMES", "GRPCBENCH_CI_OUT"], names);
        Assert.All(names, name => Assert.Matches($@"^#\s+{name}\s", CiScript.Split('\n').First(l => l.Contains(name))));
    }

    [Fact]
    public void The_matrix_covers_every_runtime_the_bench_knows()
    {
        var runtimes = Regex.Match(CellJob, @"runtime: \[(.+)\]").Groups[1].Value.Split(',').Select(v => $"net{v.Trim().Trim('"')}");

        Assert.Equal(DotnetRoots.Runtimes, runtimes);
    }
}
