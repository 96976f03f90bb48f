using System.Buffers.Binary;
using System.IO.Compression;

namespace GrpcBench.Load.Reporting.Charts;

/// <summary>
/// PNG with a palette of at most 256 colours (colour type 3): a chart has a few flat colours and the anti-aliased edges
/// between them, so a quarter of the bytes per pixel of RGBA before compression, and about a third of the file. The 256
/// most frequent colours are kept as they are; each rarer one (an edge pixel) takes the nearest of them.
/// </summary>
public static class IndexedPng
{
    private static readonly byte[] Signature = [137, 80, 78, 71, 13, 10, 26, 10];
    private static readonly uint[] CrcTable = Enumerable.Range(0, 256).Select(n =>
    {
        var c = (uint)n;
        for (var k = 0; k < 8; k++) c = (c & 1) != 0 ? 0xEDB88320 ^ (c >> 1) : c >> 1;
        return c;
    }).ToArray();

    /// <summary>Encodes opaque pixels given as RGBA, 4 bytes each, row after row.</summary>
    public static byte[] Encode(ReadOnlySpan<byte> rgba, int width, int height)
    {
        var counts = new Dictionary<int, int>();
        for (var i = 0; i < width * height * 4; i += 4)
        {
            var colour = rgba[i] << 16 | rgba[i + 1] << 8 | rgba[i + 2];
            counts[colour] = counts.GetValueOrDefault(colour) + 1;
        }
        var palette = counts.OrderByDescending(c => c.Value).ThenBy(c => c.Key).Take(256).Select(c => c.Key).ToArray();
        var index = counts.Keys.ToDictionary(c => c, c => Nearest(palette, c));

        var rows = new byte[height * (width + 1)];
        for (var y = 0; y < height; y++)
        {
            // Filter type 0 (none) on every row, as palette images are best stored.
            var row = y * (width + 1);
            for (var x = 0; x < width; x++)
            {
                var i = (y * width + x) * 4;
                rows[row + 1 + x] = index[rgba[i] << 16 | rgba[i + 1] << 8 | rgba[i + 2]];
            }
        }

        using var png = new MemoryStream();
        png.Write(Signature);
        var header = new byte[13];
        BinaryPrimitives.WriteInt32BigEndian(header, width);
        BinaryPrimitives.WriteInt32BigEndian(header.AsSpan(4), height);
        header[8] = 8; // bits per index
        header[9] = 3; // palette
        Chunk(png, "IHDR", header);
        Chunk(png, "PLTE", palette.SelectMany(c => new[] { (byte)(c >> 16), (byte)(c >> 8), (byte)c }).ToArray());
        using (var compressed = new MemoryStream())
        {
            using (var zlib = new ZLibStream(compressed, CompressionLevel.SmallestSize, leaveOpen: true)) zlib.Write(rows);
            Chunk(png, "IDAT", compressed.ToArray());
        }
        Chunk(png, "IEND", []);
        return png.ToArray();
    }

    private static byte Nearest(int[] palette, int colour)
    {
        var (best, distance) = (0, int.MaxValue);
        for (var i = 0; i < palette.Length; i++)
        {
            int dr = (palette[i] >> 16 & 255) - (colour >> 16 & 255), dg = (palette[i] >> 8 & 255) - (colour >> 8 & 255), db = (palette[i] & 255) - (colour & 255);
            var d = dr * dr + dg * dg + db * db;
            if (d < distance) (best, distance) = (i, d);
            if (d == 0) break;
        }
        return (byte)best;
    }

    private static void Chunk(Stream png, string type, byte[] data)
    {
        Span<byte> number = stackalloc byte[4];
        BinaryPrimitives.WriteInt32BigEndian(number, data.Length);
        png.Write(number);
        var typeAndData = new byte[4 + data.Length];
        for (var i = 0; i < 4; i++) typeAndData[i] = (byte)type[i];
        data.CopyTo(typeAndData, 4);
        png.Write(typeAndData);
        var crc = 0xFFFFFFFFu;
        foreach (var b in typeAndData) crc = CrcTable[(crc ^ b) & 0xFF] ^ (crc >> 8);
        BinaryPrimitives.WriteUInt32BigEndian(number, crc ^ 0xFFFFFFFFu);
        png.Write(number);
    }
}
