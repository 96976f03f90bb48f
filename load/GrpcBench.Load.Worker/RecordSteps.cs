using System.Diagnostics;
using Google.Protobuf;
using GrpcBench.Clients;
using GrpcBench.Contracts;
using GrpcBench.Contracts.Records;
using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Worker;

/// <summary>
/// The record service's calls as steps: the query's records as one stream, as pages one after the other, as pages
/// 10 at a time, and the payload as a client stream of chunks. Each checks that it got everything, and reports its
/// time to the first record and records per second beside its latency (the time to the last).
/// </summary>
/// <remarks>
/// The reads of <see cref="RecordReads"/>, without keeping the records: a step that collected them would measure the
/// client's memory for a list, not the transfer's.
/// </remarks>
public sealed class RecordSteps(BenchClient client, LoadShape shape, LoadConfiguration configuration, byte[] payload)
{
    private readonly RecordService.RecordServiceClient records = client.Records;
    private readonly RecordQuery _query = new() { Limit = shape.RecordCount };
    private readonly int _pageSize = configuration.PageSize ?? 1_000;
    private readonly byte[] _payload = payload;
    private IReadOnlyList<ByteString>? _chunks;
    private ulong? _checksum;

    public async Task<StepResult> StreamAsync(StepContext context)
    {
        var transfer = new Transfer();
        await RecordReads.StreamAsync(client, _query, record => transfer.Add(1, record.CalculateSize() + 5), context.CancellationToken);
        return Completed(transfer);
    }

    public Task<StepResult> PagesAsync(StepContext context) => ReadPagesAsync(transfer =>
        RecordReads.PagesOneAfterAnotherAsync(client, _query, _pageSize, transfer.Add, context.CancellationToken));

    /// <summary><see cref="LoadShape.ConcurrentPages"/> readers at once (<see cref="RecordReads.PagesConcurrentlyAsync(BenchClient, RecordQuery, int, int, Action{int, RecordsPage}, CancellationToken)"/>).</summary>
    public Task<StepResult> PagesConcurrentAsync(StepContext context) => ReadPagesAsync(transfer =>
        RecordReads.PagesConcurrentlyAsync(client, _query, _pageSize, LoadShape.ConcurrentPages, (_, page) => transfer.Add(page), context.CancellationToken));

    private async Task<StepResult> ReadPagesAsync(Func<Transfer, Task> read)
    {
        var transfer = new Transfer();
        try
        {
            await read(transfer);
        }
        catch (InvalidOperationException)
        {
            // The server handed out more pages than its query holds.
            return StepResult.Fail("TooManyPages", 0, transfer.Bytes);
        }
        return Completed(transfer);
    }

    public async Task<StepResult> UploadChunksAsync(StepContext context)
    {
        var chunks = _chunks ??= Chunks();
        using var call = records.UploadChunks(client.Options(context.CancellationToken));
        // Without a token: Grpc.Core's writer cannot cancel a write (the call's token, in its options, ends the call instead).
        foreach (var chunk in chunks) await call.RequestStream.WriteAsync(new Chunk { Data = chunk });
        await call.RequestStream.CompleteAsync();
        var summary = await call.ResponseAsync;
        return summary.Length == _payload.Length && summary.Chunks == chunks.Count && summary.Checksum == (_checksum ??= PayloadChecksum.Of(_payload))
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
    private StepResult Completed(Transfer transfer)
    {
        var seconds = transfer.Clock.Elapsed.TotalSeconds;
        if (shape.RecordCount > 0 && transfer.Records != shape.RecordCount) return StepResult.Fail("WrongRecordCount", 0, transfer.Bytes);
        return StepResult.Ok(0, transfer.Bytes)
            .WithMeasure(Measures.FirstRecordMs, transfer.FirstMs)
            .WithMeasure(Measures.Records, transfer.Records)
            .WithMeasure(Measures.RecordsPerSecond, seconds > 0 ? transfer.Records / seconds : 0);
    }

    /// <summary>What one read received, counted as it arrives (from concurrent readers too), without keeping it.</summary>
    private sealed class Transfer
    {
        private long _records, _bytes, _firstTicks = -1;

        public Stopwatch Clock { get; } = Stopwatch.StartNew();
        public long Records => Interlocked.Read(ref _records);
        public long Bytes => Interlocked.Read(ref _bytes);
        public double FirstMs => TimeSpan.FromTicks(Math.Max(0, Interlocked.Read(ref _firstTicks))).TotalMilliseconds;

        public void Add(RecordsPage page) => Add(page.Records.Count, page.CalculateSize() + 5);

        public void Add(long records, long bytes)
        {
            Interlocked.CompareExchange(ref _firstTicks, Clock.Elapsed.Ticks, -1);
            Interlocked.Add(ref _records, records);
            Interlocked.Add(ref _bytes, bytes);
        }
    }
}
