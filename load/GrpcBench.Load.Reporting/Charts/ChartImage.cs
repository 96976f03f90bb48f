using ScottPlot;
using SkiaSharp;

namespace GrpcBench.Load.Reporting.Charts;

/// <summary>
/// New plots in the charts' common style, and their PNG: one plot, or several panels on one image, in a palette
/// (<see cref="IndexedPng"/>). A chart that would be taller than <see cref="MaxHeight"/> comes in pages (<see cref="Paged"/>).
/// </summary>
public static class ChartImage
{
    public const int Width = 1200, MaxHeight = 2400;

    /// <summary>
    /// The font of every label. SkiaSharp's Linux build without dependencies has no fontconfig: it finds the fonts
    /// under /usr/share/fonts, and Debian's fonts-dejavu-core puts DejaVu Sans there (docs/load.md).
    /// </summary>
    public const string FontName = "DejaVu Sans";

    public static Plot NewPlot(string title)
    {
        var plot = new Plot();
        plot.Font.Set(FontName);
        plot.Title(ChartText.Wrapped(title, 110), size: 15);
        return plot;
    }

    public static byte[] Png(Plot plot, int width, int height) => Compose(width, height, [(plot, new SKRectI(0, 0, width, height))]);

    /// <summary>
    /// A chart's pages as files: the first keeps <paramref name="fileName"/>, the next ones are name-2.png, name-3.png, ...;
    /// their titles say which page of how many.
    /// </summary>
    public static IEnumerable<(string FileName, string Title, Func<byte[]> Draw)> Paged(string fileName, string title, IReadOnlyList<Func<byte[]>> pages) =>
        pages.Select((draw, i) => (i == 0 ? fileName : $"{Path.GetFileNameWithoutExtension(fileName)}-{i + 1}{Path.GetExtension(fileName)}",
            pages.Count == 1 ? title : $"{title} ({i + 1} of {pages.Count})", draw));

    /// <summary>How many of <paramref name="panelHeight"/> go on one page.</summary>
    public static int PanelsPerPage(int panelHeight) => Math.Max(1, MaxHeight / panelHeight);

    /// <summary>The panels one under the other, each <paramref name="panelHeight"/> tall.</summary>
    public static byte[] Stacked(IReadOnlyList<Plot> panels, int width, int panelHeight) =>
        Compose(width, panelHeight * panels.Count, panels.Select((p, i) => (p, new SKRectI(0, i * panelHeight, width, (i + 1) * panelHeight))));

    /// <summary>The panels next to each other, equally wide.</summary>
    public static byte[] SideBySide(IReadOnlyList<Plot> panels, int width, int height)
    {
        var panelWidth = width / panels.Count;
        return Compose(width, height, panels.Select((p, i) => (p, new SKRectI(i * panelWidth, 0, (i + 1) * panelWidth, height))));
    }

    // Each panel on a surface of its own: a plot rendered onto a shared canvas clears all of it first.
    private static byte[] Compose(int width, int height, IEnumerable<(Plot Plot, SKRectI Area)> panels)
    {
        using var surface = NewSurface(width, height);
        surface.Canvas.Clear(SKColors.White);
        foreach (var (plot, area) in panels)
        {
            using var panel = NewSurface(area.Width, area.Height);
            plot.Render(panel);
            surface.Canvas.DrawSurface(panel, area.Left, area.Top);
        }
        using var pixels = surface.PeekPixels();
        return IndexedPng.Encode(pixels.GetPixelSpan(), width, height);
    }

    private static SKSurface NewSurface(int width, int height) =>
        SKSurface.Create(new SKImageInfo(width, height, SKColorType.Rgba8888, SKAlphaType.Premul))
        ?? throw new InvalidOperationException($"SkiaSharp cannot make a {width}x{height} image");
}
