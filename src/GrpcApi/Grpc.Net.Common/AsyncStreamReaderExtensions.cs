using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Grpc.Core;

public static class AsyncStreamReaderExtensions
{
    /// <summary>The stream's messages as an async enumerable: <c>await foreach (var m in reader.ReadAllAsync(token))</c>.</summary>
    public static IAsyncEnumerable<T> ReadAllAsync<T>(this IAsyncStreamReader<T> streamReader, CancellationToken cancellationToken = default)
    {
        if (streamReader is null) throw new ArgumentNullException(nameof(streamReader));
        return ReadAll(streamReader, cancellationToken);
    }

    private static async IAsyncEnumerable<T> ReadAll<T>(IAsyncStreamReader<T> streamReader, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        while (await streamReader.MoveNext(cancellationToken).ConfigureAwait(false))
        {
            yield return streamReader.Current;
        }
    }
}
