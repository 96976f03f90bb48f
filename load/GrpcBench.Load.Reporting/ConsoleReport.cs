using Spectre.Console;
using Spectre.Console.Rendering;

namespace GrpcBench.Load.Reporting;

/// <summary>The end of a run on the console: the comparison table and the verdicts. Everything else is in report.md.</summary>
public static class ConsoleReport
{
    /// <summary>A reason longer than this is cut in the table; the verdicts below it give it whole.</summary>
    private const int MaxStatusChars = 72;

    /// <summary>Columns whose text can run long wrap within these widths: a status with its reason, fails by code.</summary>
    private const int MaxStatusWidth = 20, MaxFailsWidth = 20;

    /// <summary>A label is wrapped only when it cannot fit otherwise, and then never narrower than this.</summary>
    private const int MinLabelWidth = 30;

    public static void Write(IAnsiConsole console, LoadRunSummary summary)
    {
        // With repeats, the table and the verdicts read repeat 1, and the repeats' lines below them every repeat.
        var everyRepeat = summary;
        summary = RepeatRows.FirstRepeat(summary);
        console.WriteLine();
        console.Write(WorkloadReport.Applies(summary) ? Transfers(summary) : Table(summary, console.Profile.Width));
        console.WriteLine();
        // Straight to the writer: Spectre would break a long sentence at the console width, and a terminal wraps by itself.
        var writer = console.Profile.Out.Writer;
        foreach (var failed in summary.Configurations.Where(r => r.Status is ConfigurationStatus.Failed or ConfigurationStatus.Skipped))
            writer.WriteLine($"- {failed.Status.Text()}: {failed.Configuration.Label}: {OneLine(failed.Reason)}");
        foreach (var verdict in Verdicts.For(summary)) writer.WriteLine("- " + verdict);
        if (RepeatsReport.Applies(everyRepeat))
            foreach (var line in RepeatsReport.Lines(everyRepeat)) writer.WriteLine("- " + line);
        writer.Flush();
    }

    /// <summary>
    /// The comparison table of report.md, narrower: each scenario's p50 / p95 / p99 in one cell, the ratios in one,
    /// headers over two or three lines. The label stays on one line whenever the table then fits in <paramref name="width"/> columns.
    /// </summary>
    public static Table Table(LoadRunSummary summary, int width = ConsoleSetup.RedirectedWidth)
    {
        var rows = ComparisonRows.For(RepeatRows.FirstRepeat(summary));
        var withFloor = rows.Any(r => r.RawTcpMultiple is not null);
        var scenarios = summary.HeadlineScenarios;
        var fails = 2 + scenarios.Count;
        List<string> headers =
        [
            "configuration", "status", .. scenarios.Select(s => $"{s} ms\np50 / p95 / p99"), "fails",
            "CPU s\nserver /\nclient", "peak RSS\nMiB server\n/ client", "p99 / Grpc.Core\n" + string.Join("\n/ ", scenarios),
        ];
        if (withFloor) headers.Add("sendLargeData\np50 /\nraw-tcp");
        var cells = rows.Select(r => (List<string>)
        [
            r.Label, Shortened(r.StatusWithReason), .. r.Percentiles.Select(p => string.Join(" / ", p)), r.Fails,
            $"{r.ServerCpuSeconds} / {r.ClientCpuSeconds}", $"{r.ServerPeakRssMiB} / {r.ClientPeakRssMiB}", string.Join(" / ", r.P99Ratios),
            .. withFloor ? [r.RawTcpMultiple ?? Numbers.Missing] : Array.Empty<string>(),
        ]).ToList();

        var natural = headers.Select((h, i) => h.Split('\n').Select(l => l.Length).Concat(cells.Select(c => c[i].Length)).Max()).ToArray();
        natural[1] = Math.Min(natural[1], MaxStatusWidth);
        natural[fails] = Math.Min(natural[fails], MaxFailsWidth);
        // Each column takes one padding space either side and one border; the table one more border.
        var labelRoom = width - natural.Skip(1).Sum(w => w + 3) - 4;

        var table = new Table().Title(Markup.Escape($"preset {summary.Preset}, {summary.Status.Text()}: latency of successful calls, ratios to Grpc.Core's p99"));
        var label = new TableColumn("configuration");
        if (natural[0] <= labelRoom) label.NoWrap();
        else label.Width(Math.Max(MinLabelWidth, labelRoom));
        table.AddColumn(label);
        table.AddColumn(new TableColumn("status").Width(natural[1]));
        for (var i = 2; i < headers.Count; i++)
        {
            var column = new TableColumn(Markup.Escape(headers[i])).Width(natural[i]);
            table.AddColumn(i == fails ? column : column.RightAligned());
        }
        // Text, not markup: labels and reasons may hold '[' and ']'.
        foreach (var row in cells) table.AddRow(row.Select(c => (IRenderable)new Text(c)));
        return table;
    }

    /// <summary>report.md's transfer figures: for runs that vary the workload or the link, whose calls the story's columns do not describe.</summary>
    public static Table Transfers(LoadRunSummary summary)
    {
        var table = new Table().Title(Markup.Escape($"preset {summary.Preset}, {summary.Status.Text()}: per configuration and scenario (report.md has every figure)"));
        string[] columns = ["configuration", "scenario", "ok", "fail", "p50 ms", "p99 ms", "first p50 ms", "records/s p50", "MiB/s mean", "wire KiB/call", "server CPU s", "client CPU s"];
        foreach (var column in columns) table.AddColumn(column is "configuration" or "scenario" ? new TableColumn(column) : new TableColumn(column).RightAligned());
        foreach (var result in RepeatRows.FirstRepeat(summary).Configurations)
        {
            if (result.Scenarios.Count == 0)
            {
                table.AddRow([new Text(result.Configuration.Label), new Text(Shortened(result.StatusWithReason())), .. columns.Skip(2).Select(_ => new Text(""))]);
                continue;
            }
            foreach (var stats in result.Scenarios)
                table.AddRow(WorkloadReport.Figures(result, stats).Take(columns.Length).Select(c => (IRenderable)new Text(c)));
        }
        return table;
    }

    private static string OneLine(string? reason) => string.Join(' ', (reason ?? "no reason given").Split('\n', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries));

    private static string Shortened(string status) => status.Length <= MaxStatusChars ? status : status[..(MaxStatusChars - 3)] + "...";
}
