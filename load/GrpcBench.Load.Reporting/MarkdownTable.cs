using System.Text;

namespace GrpcBench.Load.Reporting;

/// <summary>A GitHub-flavoured markdown table whose cells may hold anything: pipes escaped, line breaks flattened.</summary>
public static class MarkdownTable
{
    /// <param name="rightAligned">Per column, true for numbers.</param>
    public static void Append(StringBuilder md, IReadOnlyList<string> headers, IReadOnlyList<bool> rightAligned, IEnumerable<IReadOnlyList<string>> rows)
    {
        md.AppendLine("| " + string.Join(" | ", headers.Select(Cell)) + " |");
        md.AppendLine("|" + string.Join("|", rightAligned.Select(right => right ? "---:" : "---")) + "|");
        foreach (var row in rows) md.AppendLine("| " + string.Join(" | ", row.Select(Cell)) + " |");
    }

    public static string Cell(string text) => MeasuredFigures.OneLine(text).Replace("|", "\\|");
}
