using System;
using System.Threading;
using System.Threading.Tasks;

namespace Grpc.Core;

/// <summary>Reads a stream of messages: <c>while (await MoveNext(token)) use(Current);</c></summary>
public interface IAsyncStreamReader<out T>
{
    T Current { get; }

    Task<bool> MoveNext(CancellationToken cancellationToken);
}

/// <summary>Writes a stream of messages, one write at a time.</summary>
public interface IAsyncStreamWriter<in T>
{
    Task WriteAsync(T message);

    WriteOptions? WriteOptions { get; set; }

#if NETSTANDARD2_1_OR_GREATER
    /// <summary>A write that can be cancelled, where the implementation supports it.</summary>
    Task WriteAsync(T message, CancellationToken cancellationToken)
    {
        if (cancellationToken.CanBeCanceled)
            throw new NotSupportedException("Cancellation of stream writes is not supported by this gRPC implementation.");
        return WriteAsync(message);
    }
#endif
}

public interface IClientStreamWriter<in T> : IAsyncStreamWriter<T>
{
    /// <summary>Tells the server that no more requests follow.</summary>
    Task CompleteAsync();
}

public interface IServerStreamWriter<in T> : IAsyncStreamWriter<T>
{
}

public static class AsyncStreamReaderExtensions
{
    /// <summary><see cref="IAsyncStreamReader{T}.MoveNext"/> without a cancellation token.</summary>
    public static Task<bool> MoveNext<T>(this IAsyncStreamReader<T> streamReader)
    {
        if (streamReader is null) throw new ArgumentNullException(nameof(streamReader));
        return streamReader.MoveNext(CancellationToken.None);
    }
}
