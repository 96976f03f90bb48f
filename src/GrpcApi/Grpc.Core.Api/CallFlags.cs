using System;

namespace Grpc.Core.Internal;

/// <summary>Call flags with C-core's values (grpc_types.h).</summary>
[Flags]
internal enum CallFlags
{
    IdempotentRequest = 0x10,
    WaitForReady = 0x20,
    CacheableRequest = 0x40,
}
