namespace GrpcBench.Load.Hazards;

/// <summary>One HTTP/2 frame as read off the wire (RFC 9113 section 4.1).</summary>
public sealed record Http2Frame(byte Type, byte Flags, int StreamId, byte[] Payload)
{
    public const byte Data = 0x0, Headers = 0x1, RstStream = 0x3, Settings = 0x4, Ping = 0x6, GoAway = 0x7, WindowUpdate = 0x8, Continuation = 0x9;
    public const byte EndStream = 0x1, Ack = 0x1, EndHeaders = 0x4;

    public bool Has(byte flag) => (Flags & flag) != 0;

    public static string TypeName(byte type) => type switch
    {
        Data => "DATA", Headers => "HEADERS", RstStream => "RST_STREAM", Settings => "SETTINGS", Ping => "PING", GoAway => "GOAWAY",
        WindowUpdate => "WINDOW_UPDATE", Continuation => "CONTINUATION", _ => $"frame type {type}",
    };

    public static string ErrorName(uint code) => code switch
    {
        0x0 => "NO_ERROR", 0x1 => "PROTOCOL_ERROR", 0x2 => "INTERNAL_ERROR", 0x3 => "FLOW_CONTROL_ERROR", 0x4 => "SETTINGS_TIMEOUT",
        0x5 => "STREAM_CLOSED", 0x6 => "FRAME_SIZE_ERROR", 0x7 => "REFUSED_STREAM", 0x8 => "CANCEL", 0x9 => "COMPRESSION_ERROR",
        0xa => "CONNECT_ERROR", 0xb => "ENHANCE_YOUR_CALM", 0xc => "INADEQUATE_SECURITY", 0xd => "HTTP_1_1_REQUIRED", _ => $"0x{code:x}",
    };
}
