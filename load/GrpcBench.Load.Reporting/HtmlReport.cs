using System.Net;
using System.Text;
using System.Text.RegularExpressions;
using Markdig;

namespace GrpcBench.Load.Reporting;

/// <summary>
/// report.html: a run's reading (report.md, or advice.md and path.md) as one self-contained page a browser opens with no
/// network: the verdicts and charts first, then the tables (sortable by a click on a column's header), each
/// configuration's details folded; the charts inlined as data, left out past <see cref="MaxBytes"/> with their file named.
/// </summary>
public static partial class HtmlReport
{
    public const string FileName = "report.html";

    /// <summary>The most the page may weigh; the charts that would take it further stay files beside it, linked.</summary>
    public const int MaxBytes = 3 * 1024 * 1024;

    /// <summary>Sections read first, in this order, where a reading has them; the rest follow in the reading's order.</summary>
    private static readonly string[] First = ["Verdicts", "Charts"];

    /// <summary>Sections whose subsections are each folded: one per configuration.</summary>
    private static readonly string[] Folded = ["Configurations"];

    private static readonly MarkdownPipeline Pipeline = new MarkdownPipelineBuilder().UsePipeTables().UseAutoIdentifiers().Build();

    /// <summary>
    /// The page of <paramref name="readings"/> (each a markdown document and the folder its charts are in), titled
    /// <paramref name="title"/>, to be written into <paramref name="pageFolder"/>; <paramref name="image"/> gives a chart's
    /// bytes by its path, null where it is not there.
    /// </summary>
    public static string Render(string title, IReadOnlyList<(string Markdown, string Folder)> readings, string pageFolder, Func<string, byte[]?> image)
    {
        var body = new StringBuilder();
        var budget = MaxBytes - 64 * 1024;
        foreach (var (markdown, folder) in readings)
        {
            var html = Markdown.ToHtml(Reordered(markdown), Pipeline);
            html = Image().Replace(html, m =>
            {
                var path = Path.Combine(folder, WebUtility.HtmlDecode(m.Groups["src"].Value));
                var bytes = image(path);
                var alt = m.Groups["alt"].Value;
                if (bytes is null || bytes.Length * 4 / 3 > budget)
                    return $"<span class=\"missing\">Chart {alt}: <a href=\"{WebUtility.HtmlEncode(Path.GetRelativePath(pageFolder, path))}\">{WebUtility.HtmlEncode(Path.GetFileName(path))}</a> (not inlined{(bytes is null ? ": not drawn" : ": the page would pass 3 MB")})</span>";
                budget -= bytes.Length * 4 / 3;
                return $"<img alt=\"{alt}\" src=\"data:image/png;base64,{Convert.ToBase64String(bytes)}\">";
            });
            body.AppendLine($"<article>{Folds(html)}</article>");
        }
        return Template.Replace("{title}", WebUtility.HtmlEncode(title)).Replace("{body}", body.ToString());
    }

    /// <summary><paramref name="markdown"/> with its <see cref="First"/> sections moved up to follow its title and introduction.</summary>
    private static string Reordered(string markdown)
    {
        var sections = SectionStart().Split(markdown).ToList();
        var head = sections[0];
        var rest = sections.Skip(1).Select(s => "## " + s).ToList();
        var first = First.SelectMany(name => rest.Where(s => Heading(s) == name)).ToList();
        return head + string.Concat(first) + string.Concat(rest.Except(first));
    }

    private static string Heading(string section) => (section.IndexOf('\n') is var end and > 0 ? section[3..end] : section[3..]).Trim();

    /// <summary>Each subsection of a <see cref="Folded"/> section as a closed &lt;details&gt; titled with its heading.</summary>
    private static string Folds(string html)
    {
        var parts = H2().Split(html);
        var page = new StringBuilder(parts[0]);
        foreach (var section in parts.Skip(1))
        {
            var heading = StripTags(section[..section.IndexOf("</h2>", StringComparison.Ordinal)]);
            var text = "<h2" + section;
            if (Folded.Contains(heading.Trim()))
            {
                var blocks = H3().Split(text);
                text = blocks[0] + string.Concat(blocks.Skip(1).Select(b =>
                {
                    var close = b.IndexOf("</h3>", StringComparison.Ordinal);
                    return $"<details><summary>{b[(b.IndexOf('>') + 1)..close]}</summary>{b[(close + 5)..]}</details>";
                }));
            }
            page.Append(text);
        }
        return page.ToString();
    }

    private static string StripTags(string html) => WebUtility.HtmlDecode(Tag().Replace(html[(html.IndexOf('>') + 1)..], ""));

    [GeneratedRegex(@"^## ", RegexOptions.Multiline)]
    private static partial Regex SectionStart();

    [GeneratedRegex(@"<h2(?=[ >])")]
    private static partial Regex H2();

    [GeneratedRegex(@"<h3(?=[ >])")]
    private static partial Regex H3();

    [GeneratedRegex(@"<[^>]+>")]
    private static partial Regex Tag();

    [GeneratedRegex("<img src=\"(?<src>[^\"]+)\" alt=\"(?<alt>[^\"]*)\" ?/?>")]
    private static partial Regex Image();

    private const string Template = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{title}</title>
        <style>
        body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1em 2em; color: #222; }
        h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; margin-top: 2em; } h3 { margin-top: 1.5em; }
        table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; display: block; overflow-x: auto; }
        th, td { border: 1px solid #ddd; padding: 0.3em 0.6em; vertical-align: top; }
        th { background: #f3f3f3; cursor: pointer; user-select: none; position: sticky; top: 0; }
        th[aria-sort="ascending"]::after { content: " \25B2"; } th[aria-sort="descending"]::after { content: " \25BC"; }
        tr:nth-child(even) td { background: #fafafa; }
        img { max-width: 100%; height: auto; display: block; margin: 1em 0; border: 1px solid #eee; }
        details { margin: 0.4em 0; border: 1px solid #e3e3e3; border-radius: 4px; padding: 0.3em 0.8em; }
        summary { cursor: pointer; font-weight: 600; }
        pre, code { background: #f6f6f6; font-size: 0.9em; } pre { padding: 0.8em; overflow-x: auto; }
        .missing { color: #777; font-style: italic; }
        article + article { margin-top: 3em; border-top: 3px solid #ccc; }
        </style>
        </head>
        <body>
        {body}
        <script>
        // A click on a column's header sorts its table by that column: numbers as numbers ("1,243/s", "x0.91", "12.5 ms"), the rest as text.
        function value(cell) {
          const text = cell.textContent.trim();
          const number = text.replace(/,/g, '').match(/^x?(-?[0-9]+(\.[0-9]+)?)/);
          return number ? parseFloat(number[1]) : text.toLowerCase();
        }
        document.querySelectorAll('table').forEach(table => {
          table.querySelectorAll('th').forEach((th, column) => th.addEventListener('click', () => {
            const body = table.tBodies[0];
            const ascending = th.getAttribute('aria-sort') !== 'ascending';
            table.querySelectorAll('th').forEach(other => other.removeAttribute('aria-sort'));
            th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
            const rows = Array.from(body.rows).sort((a, b) => {
              const [x, y] = [value(a.cells[column]), value(b.cells[column])];
              const order = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : typeof x === 'number' ? -1 : 1;
              return ascending ? order : -order;
            });
            rows.forEach(row => body.appendChild(row));
          }));
        });
        </script>
        </body>
        </html>
        """;
}
