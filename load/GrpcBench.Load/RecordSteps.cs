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
/// <remarks>
/// The reads of <see cref="RecordReads"/>, without keeping the records: a step that collected them would measure the
/// client's memory for a list, not the transfer's.
/// </remarks>
public sealed class RecordSteps(BenchClient client, LoadShape shape, LoadConfiguration configuration)
{
    private readonly RecordService.RecordServiceClient records = client.Records;
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

    /// <summary>
    /// <see cref="LoadShape.ConcurrentPages"/> readers, reader w taking pages w, w + n, ...: its first by skip alone,
    /// each later one by its previous token and a skip over the pages the others take (AIP-158), so that no request
    /// makes the server walk more than n - 1 pages (skip is an OFFSET). A reader whose page is past total_size stops.
    /// </summary>
    public async Task<StepResult> PagesConcurrentAsync(StepContext context)
    {
        var clock = Stopwatch.StartNew();
        const int readers = LoadShape.ConcurrentPages;
        long count = 0, bytes = 0, firstTicks = 0, failed = 0;
        await Task.WhenAll(Enumerable.Range(0, readers).Select(async reader =>
        {
            var request = new PageRequest { Query = _query, PageSize = _pageSize, Skip = reader * _pageSize };
            for (var index = reader; index <= shape.RecordCount / _pageSize + readers; index += readers)
            {
                var page = await records.GetRecordsPageAsync(request, client.Options(context.CancellationToken));
                Interlocked.CompareExchange(ref firstTicks, clock.Elapsed.Ticks, 0);
                Interlocked.Add(ref count, page.Records.Count);
                Interlocked.Add(ref bytes, page.CalculateSize() + 5);
                if (page.NextPageToken.Length == 0 || (long)(index + readers) * _pageSize >= page.TotalSize) return;
                request = new PageRequest { Query = _query, PageSize = _pageSize, PageToken = page.NextPageToken, Skip = (readers - 1) * _pageSize };
            }
            Interlocked.Increment(ref failed);
        }));
        return failed > 0 ? StepResult.Fail("TooManyPages", 0, bytes) : Completed(clock, count, TimeSpan.FromTicks(firstTicks).TotalMilliseconds, bytes);
    }

    public async Task<StepResult> UploadChunksAsync(StepContext context)
    {
        var chunks = _chunks ??= Chunks();
        using var call = records.UploadChunks(client.Options(context.CancellationToken));
        // Without a token: Grpc.Core's writer cannot cancel a write (the call's token, in its options, ends the call instead).
        foreach (var chunk in chunks) await call.RequestStream.WriteAsync(new Chunk { Data = chunk });
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
