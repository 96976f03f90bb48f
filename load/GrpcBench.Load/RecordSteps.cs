using System.Diagnostics;
using Google.Protobuf;
using GrpcBench.Clients;
using GrpcBench.Contracts.Records;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>
/// The record service's calls as steps: the query's records as one stream, as pages one after the other, as pages
/// 10 at a time, and the payload as a client stream of chunks. Each checks that it got everything, and reports its
/// time to the first record and records per second beside its latency (the time to the last).
/// </summary>
public sealed class RecordSteps(RecordService.RecordServiceClient records, BenchClient client, LoadShape shape, LoadConfiguration configuration)
{
    private readonly RecordQuery _query = new() { Limit = shape.RecordCount };
    private readonly int _pageSize = configuration.PageSize ?? 1_000;
    private readonly byte[] _payload = Payload.Of(shape.PayloadContent, shape.PayloadBytes);
    private IReadOnlyList<ByteString>? _chunks;

    public async Task<StepResult> StreamAsync(StepContext context)
    {
        var clock = Stopwatch.StartNew();
        using var call = records.StreamRecords(_query, client.Options(context.CancellationToken));
        long count = 0, bytes = 0;
        var first = 0.0;
        while (await call.ResponseStream.MoveNext(context.CancellationToken))
        {
            if (count++ == 0) first = clock.Elapsed.TotalMilliseconds;
            bytes += call.ResponseStream.Current.CalculateSize() + 5;
        }
        return Completed(clock, count, first, bytes);
    }

    public async Task<StepResult> PagesAsync(StepContext context)
    {
        var clock = Stopwatch.StartNew();
        long count = 0, bytes = 0;
        var first = 0.0;
        var token = "";
        // Bounded even if the server kept handing out tokens: one page more than the records can fill.
        for (var pages = 0; pages <= shape.RecordCount / _pageSize + 1; pages++)
        {
            var page = await records.GetRecordsPageAsync(new PageRequest { Query = _query, PageSize = _pageSize, PageToken = token },
                client.Options(context.CancellationToken));
            if (pages == 0) first = clock.Elapsed.TotalMilliseconds;
            count += page.Records.Count;
            bytes += page.CalculateSize() + 5;
            token = page.NextPageToken;
            if (token.Length == 0) return Completed(clock, count, first, bytes);
        }
        return StepResult.Fail("TooManyPages", 0, bytes);
    }

    /// <summary>The first page says how many records there are; the others are asked for by skip, <see cref="LoadShape.ConcurrentPages"/> in flight.</summary>
    public async Task<StepResult> PagesConcurrentAsync(StepContext context)
    {
        var clock = Stopwatch.StartNew();
        var firstPage = await records.GetRecordsPageAsync(new PageRequest { Query = _query, PageSize = _pageSize }, client.Options(context.CancellationToken));
        var first = clock.Elapsed.TotalMilliseconds;
        var total = shape.RecordCount > 0 ? Math.Min(firstPage.TotalSize, shape.RecordCount) : firstPage.TotalSize;
        long count = firstPage.Records.Count, bytes = firstPage.CalculateSize() + 5;
        var offsets = Enumerable.Range(1, (int)Math.Max(0, (total - 1) / _pageSize)).Select(page => page * _pageSize);
        await Parallel.ForEachAsync(offsets, new ParallelOptions { MaxDegreeOfParallelism = LoadShape.ConcurrentPages, CancellationToken = context.CancellationToken },
            async (offset, cancellationToken) =>
            {
                var page = await records.GetRecordsPageAsync(new PageRequest { Query = _query, PageSize = _pageSize, Skip = offset }, client.Options(cancellationToken));
                Interlocked.Add(ref count, page.Records.Count);
                Interlocked.Add(ref bytes, page.CalculateSize() + 5);
            });
        return Completed(clock, count, first, bytes);
    }

    public async Task<StepResult> UploadChunksAsync(StepContext context)
    {
        var chunks = _chunks ??= Chunks();
        using var call = records.UploadChunks(client.Options(context.CancellationToken));
        foreach (var chunk in chunks) await call.RequestStream.WriteAsync(new Chunk { Data = chunk }, context.CancellationToken);
        await call.RequestStream.CompleteAsync();
        var summary = await call.ResponseAsync;
        return summary.Length == _payload.Length && summary.Chunks == chunks.Count
            ? StepResult.Ok(_payload.Length + 5L * chunks.Count, 20)
            : StepResult.Fail("WrongUploadSummary", _payload.Length);
    }

    /// <summary>Views of the one payload, made once: no copy per call, as with sendLargeData's.</summary>
    private IReadOnlyList<ByteString> Chunks()
    {
        var size = configuration.ChunkBytes ?? 1024 * 1024;
        return Enumerable.Range(0, (_payload.Length + size - 1) / size)
            .Select(i => UnsafeByteOperations.UnsafeWrap(_payload.AsMemory(i * size, Math.Min(size, _payload.Length - i * size))))
            .ToArray();
    }

    /// <summary>Ok with the extra figures when every record the query selects arrived, else a fail naming what is missing.</summary>
    private StepResult Completed(Stopwatch clock, long count, double firstMs, long bytes)
    {
        var seconds = clock.Elapsed.TotalSeconds;
        if (shape.RecordCount > 0 && count != shape.RecordCount) return StepResult.Fail("WrongRecordCount", 0, bytes);
        return StepResult.Ok(0, bytes)
            .WithMeasure(Measures.FirstRecordMs, firstMs)
            .WithMeasure(Measures.Records, count)
            .WithMeasure(Measures.RecordsPerSecond, seconds > 0 ? count / seconds : 0);
    }
}
