using System.Buffers.Binary;
using GrpcBench.Load.Reporting.Charts;
using SkiaSharp;

namespace GrpcBench.Load.Tests;

/// <summary>What every chart must be: a PNG that decodes, as wide as the charts are, and with something drawn on it.</summary>
internal static class PngAssert
{
    private static readonly byte[] Signature = [0x89, (byte)'P', (byte)'N', (byte)'G', 0x0D, 0x0A, 0x1A, 0x0A];

    public static void IsChart(byte[] png, int? height = null)
    {
        Assert.Equal(Signature, png[..8]);
        Assert.Equal("IHDR", System.Text.Encoding.ASCII.GetString(png, 12, 4));
        var (width, headerHeight) = (BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(16)), BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(20)));
        Assert.Equal(ChartImage.Width, width);
        if (height is { } expected) Assert.Equal(expected, headerHeight);

        using var bitmap = SKBitmap.Decode(png);
        Assert.NotNull(bitmap);
        Assert.Equal((width, headerHeight), (bitmap.Width, bitmap.Height));
        var pixels = bitmap.Pixels;
        var background = pixels[0];
        Assert.True(pixels.Distinct().Count() > 20, "fewer than 20 colours: nothing but lines, or nothing at all");
        Assert.True(pixels.Count(p => p != background) > pixels.Length / 100, "less than 1 % of the pixels drawn");
    }
}
