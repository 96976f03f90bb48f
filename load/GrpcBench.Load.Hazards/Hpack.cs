using System.Text;

namespace GrpcBench.Load.Hazards;

/// <summary>
/// HPACK (RFC 7541) as far as the probe needs it: requests as literal fields without indexing and without Huffman,
/// so that any name or value, however wrong, goes out exactly as given; responses decoded with the static and dynamic
/// tables. A Huffman-coded response string is kept as a marker, not decoded: neither host sends one in the fields read here.
/// </summary>
public sealed class Hpack
{
    private readonly List<(string Name, string Value)> _dynamic = [];
    private int _dynamicSize, _dynamicLimit = 4096;

    public static byte[] Encode(IEnumerable<(string Name, string Value)> fields)
    {
        var output = new List<byte>();
        foreach (var (name, value) in fields)
        {
            output.Add(0x00);
            AddString(output, name);
            AddString(output, value);
        }
        return [.. output];
    }

    private static void AddString(List<byte> output, string text)
    {
        var bytes = Encoding.Latin1.GetBytes(text);
        AddInteger(output, 0x00, 7, bytes.Length);
        output.AddRange(bytes);
    }

    private static void AddInteger(List<byte> output, byte prefix, int bits, long value)
    {
        var max = (1 << bits) - 1;
        if (value < max) { output.Add((byte)(prefix | value)); return; }
        output.Add((byte)(prefix | max));
        value -= max;
        while (value >= 128) { output.Add((byte)(value % 128 + 128)); value /= 128; }
        output.Add((byte)value);
    }

    public List<(string Name, string Value)> Decode(ReadOnlySpan<byte> block)
    {
        var fields = new List<(string, string)>();
        var i = 0;
        while (i < block.Length)
        {
            var b = block[i];
            if ((b & 0x80) != 0)
            {
                fields.Add(Entry((int)ReadInteger(block, ref i, 7)));
            }
            else if ((b & 0x40) != 0)
            {
                var field = ReadLiteral(block, ref i, 6);
                fields.Add(field);
                Insert(field);
            }
            else if ((b & 0x20) != 0)
            {
                _dynamicLimit = (int)ReadInteger(block, ref i, 5);
                Evict();
            }
            else
            {
                fields.Add(ReadLiteral(block, ref i, 4));
            }
        }
        return fields;
    }

    private (string, string) ReadLiteral(ReadOnlySpan<byte> block, ref int i, int bits)
    {
        var index = (int)ReadInteger(block, ref i, bits);
        var name = index == 0 ? ReadString(block, ref i) : Entry(index).Name;
        return (name, ReadString(block, ref i));
    }

    private static string ReadString(ReadOnlySpan<byte> block, ref int i)
    {
        var huffman = (block[i] & 0x80) != 0;
        var length = (int)ReadInteger(block, ref i, 7);
        var text = huffman ? $"(huffman-coded, {length} bytes)" : Encoding.Latin1.GetString(block.Slice(i, length));
        i += length;
        return text;
    }

    private static long ReadInteger(ReadOnlySpan<byte> block, ref int i, int bits)
    {
        var max = (1 << bits) - 1;
        long value = block[i++] & max;
        if (value < max) return value;
        var shift = 0;
        byte b;
        do { b = block[i++]; value += (long)(b & 0x7F) << shift; shift += 7; } while ((b & 0x80) != 0);
        return value;
    }

    private (string Name, string Value) Entry(int index) =>
        index >= 1 && index <= Static.Length ? Static[index - 1]
        : index - Static.Length - 1 < _dynamic.Count ? _dynamic[index - Static.Length - 1]
        : throw new FormatException($"HPACK index {index} beyond the tables");

    private void Insert((string Name, string Value) field)
    {
        _dynamic.Insert(0, field);
        _dynamicSize += field.Name.Length + field.Value.Length + 32;
        Evict();
    }

    private void Evict()
    {
        while (_dynamicSize > _dynamicLimit && _dynamic.Count > 0)
        {
            var last = _dynamic[^1];
            _dynamic.RemoveAt(_dynamic.Count - 1);
            _dynamicSize -= last.Name.Length + last.Value.Length + 32;
        }
    }

    private static readonly (string Name, string Value)[] Static =
    [
        (":authority", ""), (":method", "GET"), (":method", "POST"), (":path", "/"), (":path", "/index.html"), (":scheme", "http"),
        (":scheme", "https"), (":status", "200"), (":status", "204"), (":status", "206"), (":status", "304"), (":status", "400"),
        (":status", "404"), (":status", "500"), ("accept-charset", ""), ("accept-encoding", "gzip, deflate"), ("accept-language", ""),
        ("accept-ranges", ""), ("accept", ""), ("access-control-allow-origin", ""), ("age", ""), ("allow", ""), ("authorization", ""),
        ("cache-control", ""), ("content-disposition", ""), ("content-encoding", ""), ("content-language", ""), ("content-length", ""),
        ("content-location", ""), ("content-range", ""), ("content-type", ""), ("cookie", ""), ("date", ""), ("etag", ""), ("expect", ""),
        ("expires", ""), ("from", ""), ("host", ""), ("if-match", ""), ("if-modified-since", ""), ("if-none-match", ""), ("if-range", ""),
        ("if-unmodified-since", ""), ("last-modified", ""), ("link", ""), ("location", ""), ("max-forwards", ""), ("proxy-authenticate", ""),
        ("proxy-authorization", ""), ("range", ""), ("referer", ""), ("refresh", ""), ("retry-after", ""), ("server", ""), ("set-cookie", ""),
        ("strict-transport-security", ""), ("transfer-encoding", ""), ("user-agent", ""), ("vary", ""), ("via", ""), ("www-authenticate", ""),
    ];
}
