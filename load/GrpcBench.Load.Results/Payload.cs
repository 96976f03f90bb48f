namespace GrpcBench.Load.Results;

/// <summary>The bytes sendLargeData and uploadChunks send: the same for every configuration of a run.</summary>
public static class Payload
{
    public const string RandomContent = "random";
    public const string TextContent = "text";
    public const string ZerosContent = "zeros";
    public static readonly IReadOnlyList<string> Contents = [RandomContent, TextContent, ZerosContent];

    public static byte[] Of(string content, int size) => content switch
    {
        TextContent => Text(size),
        ZerosContent => Zeros(size),
        _ => Random(size),
    };

    /// <summary>Every byte zero: what compresses to almost nothing, the best case compression can have.</summary>
    public static byte[] Zeros(int size) => new byte[size];

    /// <summary>
    /// Records as JSON lines, each with its own id, amount and words: compressible as real payloads are
    /// (zlib at .NET's Optimal makes 17 % of it, at Fastest 30 %), and not one repeated block that any compressor shrinks to nothing.
    /// </summary>
    public static byte[] Text(int size)
    {
        string[] words = ["order", "invoice", "customer", "shipment", "pending", "settled", "refund", "priority", "north", "south", "east", "west"];
        var random = new System.Random(1_900_000);
        var text = new System.Text.StringBuilder(size + 256);
        for (var id = 1; text.Length < size; id++)
        {
            text.Append("{\"id\":").Append(id).Append(",\"category\":\"").Append(words[random.Next(words.Length)])
                .Append("\",\"amount\":").Append((random.Next(1_000_000) / 100.0).ToString(System.Globalization.CultureInfo.InvariantCulture))
                .Append(",\"description\":\"").Append(words[random.Next(words.Length)]).Append(' ').Append(words[random.Next(words.Length)])
                .Append(' ').Append(random.Next(10_000)).Append("\"}\n");
        }
        return System.Text.Encoding.ASCII.GetBytes(text.ToString(0, size));
    }

    /// <summary>Random bytes, as in the migration story: incompressible, so compression cannot hide the transfer.</summary>
    public static byte[] Random(int size)
    {
        var bytes = new byte[size];
        new System.Random(20_000_000).NextBytes(bytes);
        return bytes;
    }
}
