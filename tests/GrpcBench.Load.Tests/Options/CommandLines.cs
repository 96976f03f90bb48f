using System.CommandLine;

namespace GrpcBench.Load.Tests.Options;

/// <summary>A load tool command line parsed in process, as the tool parses it, and the plan or refusal it gives.</summary>
internal static class CommandLines
{
    public static (ParseResult Parse, RunOptions Options) Parse(string commandLine)
    {
        var options = new RunOptions();
        var root = new RootCommand();
        options.AddTo(root);
        return (root.Parse(commandLine.Split(' ', StringSplitOptions.RemoveEmptyEntries)), options);
    }

    /// <summary>The plan of a command line the parser takes.</summary>
    public static RunPlan Plan(string commandLine)
    {
        var (parse, options) = Parse(commandLine);
        Assert.Empty(parse.Errors);
        return new PlanReader(parse, options).Read();
    }

    /// <summary>The one line a command line the parser takes is refused with when its plan is read.</summary>
    public static string Refusal(string commandLine)
    {
        var (parse, options) = Parse(commandLine);
        Assert.Empty(parse.Errors);
        return Assert.Throws<FormatException>(() => new PlanReader(parse, options).Read()).Message;
    }
}
