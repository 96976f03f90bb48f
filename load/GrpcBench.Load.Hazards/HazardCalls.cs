using System.Buffers.Binary;
using System.Text;

namespace GrpcBench.Load.Hazards;

/// <summary>gRPC requests on a raw connection, as given, and reading the stream's end: the building blocks of the cases.</summary>
public static class HazardCalls
{
    public const string GetInt = "/example.ExampleService/GetInt", SendLargeData = "/example.ExampleService/SendLargeData";
    public static readonly TimeSpan AnswerTimeout = TimeSpan.FromSeconds(5);

    /// <summary>Smaller than the initial windows and frame size of every server: sent without waiting for the server.</summary>
    private const int SmallFrame = 16_384;

    public static List<(string, string)> Headers(Uri url, string path, string? contentType = "application/grpc", params (string, string)[] extra)
    {
        List<(string, string)> fields = [(":method", "POST"), (":scheme", "http"), (":path", path), (":authority", $"{url.Host}:{url.Port}")];
        if (contentType is not null) fields.Add(("content-type", contentType));
        fields.Add(("te", "trailers"));
        fields.AddRange(extra);
        return fields;
    }

    /// <summary>The length-prefixed message: flag byte, 4-byte big-endian length as given, then the bytes.</summary>
    public static byte[] Message(ReadOnlySpan<byte> bytes, bool compressed = false, uint? declaredLength = null)
    {
        var framed = new byte[5 + bytes.Length];
        framed[0] = compressed ? (byte)1 : (byte)0;
        BinaryPrimitives.WriteUInt32BigEndian(framed.AsSpan(1), declaredLength ?? (uint)bytes.Length);
        bytes.CopyTo(framed.AsSpan(5));
        return framed;
    }

    /// <summary>A unary call on a fresh connection: headers, the body in DATA frames ending the stream, then the answer.</summary>
    public static async Task<HazardOutcome> UnaryAsync(Uri url, List<(string, string)> headers, byte[] body)
    {
        await using var connection = await RawHttp2Connection.OpenAsync(url, AnswerTimeout);
        try
        {
            if (body.Length <= SmallFrame)
            {
                // Headers and body in one write, so that a server that fails the connection on the headers has read all we sent and
                // closes cleanly: unread bytes would make it reset the connection, and its answer would be lost.
                connection.Opened(1);
                await connection.WriteRawAsync([.. RawHttp2Connection.HeaderFrames(1, Hpack.Encode(headers), endStream: false),
                    .. RawHttp2Connection.Frame(Http2Frame.Data, Http2Frame.EndStream, 1, body)]);
            }
            else
            {
                await connection.WriteHeadersAsync(1, headers, endStream: false);
                await connection.WriteDataAsync(1, body, endStream: true, AnswerTimeout);
            }
        }
        catch (IOException)
        {
            // The server may end the connection before all was sent: what it said is still read.
        }
        return await AnswerAsync(connection, 1, AnswerTimeout);
    }

    /// <summary>A correct call of the target on a connection already used by the case, then its answer.</summary>
    public static async Task<HazardOutcome> CorrectCallAfterAsync(RawHttp2Connection connection, Uri url, HazardTarget target, int streamId)
    {
        try
        {
            await connection.WriteHeadersAsync(streamId, Headers(url, target.Path), endStream: false);
            await connection.WriteDataAsync(streamId, Message(target.Request), endStream: true, AnswerTimeout);
        }
        catch (IOException)
        {
        }
        return await AnswerAsync(connection, streamId, AnswerTimeout);
    }

    /// <summary>How the stream (or the connection) ended: trailers, RST_STREAM, GOAWAY, closed, or nothing in time.</summary>
    public static async Task<HazardOutcome> AnswerAsync(RawHttp2Connection connection, int streamId, TimeSpan timeout)
    {
        int? httpStatus = null;
        string? grpcStatus = null, grpcMessage = null;
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (clock.Elapsed < timeout)
        {
            var frame = await connection.ReadFrameAsync(timeout - clock.Elapsed);
            if (frame is null) break;
            if (frame.Type == Http2Frame.GoAway)
            {
                var code = BinaryPrimitives.ReadUInt32BigEndian(frame.Payload.AsSpan(4));
                var lastStream = BinaryPrimitives.ReadInt32BigEndian(frame.Payload) & 0x7FFF_FFFF;
                // A graceful GOAWAY that still covers this stream lets its answer come.
                if (code == 0 && lastStream >= streamId) continue;
                var debug = Encoding.UTF8.GetString(frame.Payload.AsSpan(8));
                return new($"GOAWAY {Http2Frame.ErrorName(code)}", debug.Length > 0 ? debug : null);
            }
            if (frame.StreamId != streamId) continue;
            if (frame.Type == Http2Frame.RstStream)
                return grpcStatus is null
                    ? new($"RST_STREAM {Http2Frame.ErrorName(BinaryPrimitives.ReadUInt32BigEndian(frame.Payload))}", httpStatus is { } s ? $"after HTTP {s} headers" : null)
                    : HazardOutcome.Status(httpStatus, grpcStatus, grpcMessage);
            if (frame.Type == Http2Frame.Headers)
            {
                foreach (var (name, value) in connection.Decoder.Decode(HeaderBlock(frame)))
                {
                    if (name == ":status" && int.TryParse(value, out var status)) httpStatus = status;
                    else if (name == "grpc-status") grpcStatus = value;
                    else if (name == "grpc-message") grpcMessage = value;
                }
            }
            if (frame.Has(Http2Frame.EndStream) && frame.Type is Http2Frame.Headers or Http2Frame.Data)
                return HazardOutcome.Status(httpStatus, grpcStatus, grpcMessage);
        }
        return connection.Closed
            ? HazardOutcome.Closed(grpcStatus is null && httpStatus is { } partial ? $"after HTTP {partial} headers" : null)
            : HazardOutcome.Silent(timeout);
    }

    /// <summary>A HEADERS payload without its padding and priority fields.</summary>
    private static ReadOnlySpan<byte> HeaderBlock(Http2Frame frame)
    {
        var span = frame.Payload.AsSpan();
        var padded = (frame.Flags & 0x8) != 0;
        var pad = padded ? span[0] : 0;
        var start = (padded ? 1 : 0) + ((frame.Flags & 0x20) != 0 ? 5 : 0);
        return span[start..(span.Length - pad)];
    }
}
