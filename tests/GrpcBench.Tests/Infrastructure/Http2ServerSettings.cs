using System.Buffers.Binary;
using System.Net.Sockets;
using System.Text;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>
/// What an h2c server announces when a connection opens, read off the wire: its SETTINGS frame and the
/// WINDOW_UPDATE that grows the connection window beyond the protocol's initial 65,535 bytes.
/// </summary>
public sealed record Http2ServerSettings(IReadOnlyDictionary<ushort, uint> Settings, long ConnectionWindow)
{
    public const ushort MaxConcurrentStreams = 0x3;
    public const ushort InitialWindowSize = 0x4;
    public const ushort MaxFrameSize = 0x5;

    private const int InitialConnectionWindow = 65_535;
    private const byte SettingsFrame = 0x4, WindowUpdateFrame = 0x8, Ack = 0x1;

    public static async Task<Http2ServerSettings> ReadAsync(Uri url)
    {
        using var client = new TcpClient();
        await client.ConnectAsync(url.Host, url.Port);
        var stream = client.GetStream();
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));

        var preface = Encoding.ASCII.GetBytes("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
        await stream.WriteAsync(preface.Concat(new byte[] { 0, 0, 0, SettingsFrame, 0, 0, 0, 0, 0 }).ToArray(), timeout.Token);

        var settings = new Dictionary<ushort, uint>();
        long window = InitialConnectionWindow;
        var header = new byte[9];
        // Kestrel sends SETTINGS, then the connection WINDOW_UPDATE, then the ACK of ours.
        while (true)
        {
            await stream.ReadExactlyAsync(header, timeout.Token);
            var length = header[0] << 16 | header[1] << 8 | header[2];
            var payload = new byte[length];
            await stream.ReadExactlyAsync(payload, timeout.Token);
            var streamId = BinaryPrimitives.ReadUInt32BigEndian(header.AsSpan(5)) & 0x7FFF_FFFF;

            if (header[3] == SettingsFrame && (header[4] & Ack) != 0) return new(settings, window);
            if (header[3] == SettingsFrame)
            {
                for (var i = 0; i + 6 <= length; i += 6)
                    settings[BinaryPrimitives.ReadUInt16BigEndian(payload.AsSpan(i))] = BinaryPrimitives.ReadUInt32BigEndian(payload.AsSpan(i + 2));
            }
            else if (header[3] == WindowUpdateFrame && streamId == 0)
            {
                window += BinaryPrimitives.ReadUInt32BigEndian(payload) & 0x7FFF_FFFF;
            }
        }
    }
}
