using System;
using System.Text;

namespace Grpc.Core.Api.Utils;

internal static class EncodingExtensions
{
    /// <summary>Decodes native memory (Grpc.Core hands over C-core's buffers) without an intermediate array.</summary>
    public static unsafe string GetString(this Encoding encoding, IntPtr ptr, int len) =>
        len == 0 ? "" : encoding.GetString((byte*)ptr.ToPointer(), len);
}
