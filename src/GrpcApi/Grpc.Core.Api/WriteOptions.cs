using System;

namespace Grpc.Core;

[Flags]
public enum WriteFlags
{
    /// <summary>The write may be buffered; it need not go out at once.</summary>
    BufferHint = 0x1,
    /// <summary>Do not compress this message, even when the call is compressed.</summary>
    NoCompress = 0x2,
}

/// <summary>How a message is written.</summary>
public class WriteOptions
{
    public static readonly WriteOptions Default = new();

    public WriteOptions(WriteFlags flags = default)
    {
        Flags = flags;
    }

    public WriteFlags Flags { get; }
}
