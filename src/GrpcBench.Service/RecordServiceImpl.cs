using Grpc.Core;
using GrpcBench.Contracts.Records;
using GrpcBench.Records;

namespace GrpcBench.Service;

/// <summary>
/// The one implementation of RecordService, served by both hosts: records from the <see cref="RecordStore"/>
/// as one server stream or as unary pages, and a chunked upload summed as SendLargeData sums one message.
/// </summary>
public sealed class RecordServiceImpl(RecordStore store) : RecordService.RecordServiceBase
{
    public override async Task StreamRecords(RecordQuery request, IServerStreamWriter<Record> responseStream, ServerCallContext context)
    {
        try
        {
            // The store stops reading as soon as the call's token fires, i.e. when the client goes away.
            await foreach (var record in store.StreamAsync(request, context.CancellationToken))
            {
                await responseStream.WriteAsync(record);
            }
        }
        catch (InvalidRecordRequestException e)
        {
            throw InvalidArgument(e);
        }
        catch (Exception e) when (e is not RpcException && context.CancellationToken.IsCancellationRequested)
        {
            // Each stack fails a write to a call the client cancelled in its own way; either way the call is over.
            throw new RpcException(new Status(StatusCode.Cancelled, "the client cancelled the stream"));
        }
    }

    public override Task<RecordsPage> GetRecordsPage(PageRequest request, ServerCallContext context)
    {
        try
        {
            return Task.FromResult(store.ReadPage(request));
        }
        catch (InvalidRecordRequestException e)
        {
            throw InvalidArgument(e);
        }
    }

    public override async Task<UploadSummary> UploadChunks(IAsyncStreamReader<Chunk> requestStream, ServerCallContext context)
    {
        var payload = new PayloadChecksumAccumulator();
        var chunks = 0;
        while (await requestStream.MoveNext())
        {
            payload.Add(requestStream.Current.Data.Span);
            chunks++;
        }
        return new UploadSummary { Length = payload.Length, Chunks = chunks, Checksum = payload.Checksum };
    }

    private static RpcException InvalidArgument(InvalidRecordRequestException e) => new(new Status(StatusCode.InvalidArgument, e.Message));
}
