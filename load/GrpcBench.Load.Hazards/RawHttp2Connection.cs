using System.Buffers.Binary;
using System.Net.Sockets;
using System.Text;

namespace GrpcBench.Load.Hazards;

/// <summary>
/// An h2c connection on a bare socket that sends exactly what it is told, however wrong, and reads what comes back:
/// the server's SETTINGS and PINGs are acknowledged, its WINDOW_UPDATEs tracked, so that a well-formed part of a case
/// (a 4 MiB body) gets through and the malformed part is what the server judges. Every read has a deadline.
/// </summary>
public sealed class RawHttp2Connection : IAsyncDisposable
{
    private const int InitialWindow = 65_535, FrameSize = 16_384;
    private readonly TcpClient _client;
    private readonly NetworkStream _stream;
    private readonly byte[] _header = new byte[9];
    private long _connectionWindow = InitialWindow;
    private long _initialStreamWindow = InitialWindow;
    private readonly Dictionary<int, long> _streamWindows = [];

    public Hpack Decoder { get; } = new();

    /// <summary>Frames read while sending, for the case to look at after.</summary>
    public Queue<Http2Frame> Pending { get; } = new();

    public bool Closed { get; private set; }

    private RawHttp2Connection(TcpClient client)
    {
        _client = client;
        _stream = client.GetStream();
    }

    public static async Task<RawHttp2Connection> OpenAsync(Uri url, TimeSpan timeout, bool preface = true)
    {
        var client = new TcpClient { NoDelay = true };
        using (var connect = new CancellationTokenSource(timeout)) await client.ConnectAsync(url.Host, url.Port, connect.Token);
        var connection = new RawHttp2Connection(client);
        if (preface)
        {
            await connection.WriteRawAsync(Encoding.ASCII.GetBytes("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"));
            await connection.WriteFrameAsync(Http2Frame.Settings, 0, 0, Array.Empty<byte>());
        }
        return connection;
    }

    public Task WriteRawAsync(byte[] bytes) => _stream.WriteAsync(bytes).AsTask();

    public Task WriteFrameAsync(byte type, byte flags, int streamId, ReadOnlyMemory<byte> payload) =>
        _stream.WriteAsync(Frame(type, flags, streamId, payload)).AsTask();

    public static byte[] Frame(byte type, byte flags, int streamId, ReadOnlyMemory<byte> payload)
    {
        var frame = new byte[9 + payload.Length];
        frame[0] = (byte)(payload.Length >> 16);
        frame[1] = (byte)(payload.Length >> 8);
        frame[2] = (byte)payload.Length;
        frame[3] = type;
        frame[4] = flags;
        BinaryPrimitives.WriteInt32BigEndian(frame.AsSpan(5), streamId);
        payload.Span.CopyTo(frame.AsSpan(9));
        return frame;
    }

    /// <summary>Opens a stream's send window without sending anything: for frames written with <see cref="WriteRawAsync"/>.</summary>
    public void Opened(int streamId) => _streamWindows[streamId] = _initialStreamWindow;

    /// <summary>HEADERS, split into CONTINUATION frames when the block is larger than a frame.</summary>
    public Task WriteHeadersAsync(int streamId, IEnumerable<(string, string)> fields, bool endStream)
    {
        _streamWindows[streamId] = _initialStreamWindow;
        return WriteRawAsync(HeaderFrames(streamId, Hpack.Encode(fields), endStream));
    }

    public static byte[] HeaderFrames(int streamId, byte[] block, bool endStream)
    {
        var first = Math.Min(block.Length, FrameSize);
        var frames = new List<byte>(Frame(Http2Frame.Headers, (byte)((endStream ? Http2Frame.EndStream : 0) | (first == block.Length ? Http2Frame.EndHeaders : 0)), streamId, block.AsMemory(0, first)));
        for (var offset = first; offset < block.Length; offset += FrameSize)
        {
            var length = Math.Min(FrameSize, block.Length - offset);
            frames.AddRange(Frame(Http2Frame.Continuation, offset + length == block.Length ? Http2Frame.EndHeaders : (byte)0, streamId, block.AsMemory(offset, length)));
        }
        return [.. frames];
    }

    /// <summary>
    /// DATA within the server's flow-control windows. Returns false when the server ended the stream or the connection
    /// before all was sent, or gave no window within the timeout; the frames that said so are in <see cref="Pending"/>.
    /// </summary>
    public async Task<bool> WriteDataAsync(int streamId, ReadOnlyMemory<byte> data, bool endStream, TimeSpan timeout)
    {
        var offset = 0;
        do
        {
            var length = (int)Math.Min(Math.Min(FrameSize, data.Length - offset), Math.Min(_connectionWindow, _streamWindows[streamId]));
            if (length <= 0 && data.Length > offset)
            {
                var frame = await ReadWireAsync(timeout, false);
                if (frame is null) return false;
                if (frame.Type == Http2Frame.WindowUpdate) continue;
                Pending.Enqueue(frame);
                if (EndsStream(frame, streamId)) return false;
                continue;
            }
            var last = offset + length == data.Length;
            await WriteFrameAsync(Http2Frame.Data, last && endStream ? Http2Frame.EndStream : (byte)0, streamId, data.Slice(offset, length));
            _connectionWindow -= length;
            _streamWindows[streamId] -= length;
            offset += length;
        } while (offset < data.Length);
        return true;
    }

    public static bool EndsStream(Http2Frame frame, int streamId) =>
        frame.Type == Http2Frame.GoAway
        || (frame.StreamId == streamId && (frame.Type == Http2Frame.RstStream || frame.Has(Http2Frame.EndStream) && frame.Type is Http2Frame.Headers or Http2Frame.Data));

    /// <summary>
    /// The next frame other than the connection's housekeeping (SETTINGS, PING, WINDOW_UPDATE are answered or counted
    /// here), or null when the connection closed or nothing came within the timeout (<see cref="Closed"/> says which).
    /// </summary>
    public async Task<Http2Frame?> ReadFrameAsync(TimeSpan timeout, bool returnPingAcks = false) =>
        Pending.Count > 0 ? Pending.Dequeue() : await ReadWireAsync(timeout, returnPingAcks);

    private async Task<Http2Frame?> ReadWireAsync(TimeSpan timeout, bool returnPingAcks)
    {
        using var deadline = new CancellationTokenSource(timeout);
        try
        {
            while (true)
            {
                await _stream.ReadExactlyAsync(_header, deadline.Token);
                var length = _header[0] << 16 | _header[1] << 8 | _header[2];
                var payload = new byte[length];
                await _stream.ReadExactlyAsync(payload, deadline.Token);
                var frame = new Http2Frame(_header[3], _header[4], BinaryPrimitives.ReadInt32BigEndian(_header.AsSpan(5)) & 0x7FFF_FFFF, payload);
                switch (frame.Type)
                {
                    case Http2Frame.Settings when !frame.Has(Http2Frame.Ack):
                        for (var i = 0; i + 6 <= length; i += 6)
                            if (BinaryPrimitives.ReadUInt16BigEndian(payload.AsSpan(i)) == 0x4)
                            {
                                var window = BinaryPrimitives.ReadUInt32BigEndian(payload.AsSpan(i + 2));
                                foreach (var id in _streamWindows.Keys.ToList()) _streamWindows[id] += window - _initialStreamWindow;
                                _initialStreamWindow = window;
                            }
                        await WriteFrameAsync(Http2Frame.Settings, Http2Frame.Ack, 0, Array.Empty<byte>());
                        continue;
                    case Http2Frame.Settings:
                        continue;
                    case Http2Frame.Ping when !frame.Has(Http2Frame.Ack):
                        await WriteFrameAsync(Http2Frame.Ping, Http2Frame.Ack, 0, payload);
                        continue;
                    case Http2Frame.Ping when !returnPingAcks:
                        continue;
                    case Http2Frame.WindowUpdate:
                        var increment = BinaryPrimitives.ReadUInt32BigEndian(payload) & 0x7FFF_FFFF;
                        if (frame.StreamId == 0) _connectionWindow += increment;
                        else if (_streamWindows.ContainsKey(frame.StreamId)) _streamWindows[frame.StreamId] += increment;
                        // A window opening is what a blocked sender waits for.
                        return frame;
                    default:
                        return frame;
                }
            }
        }
        catch (OperationCanceledException)
        {
            return null;
        }
        catch (Exception e) when (e is IOException or EndOfStreamException or SocketException or ObjectDisposedException)
        {
            Closed = true;
            return null;
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _stream.DisposeAsync();
        _client.Dispose();
    }
}
