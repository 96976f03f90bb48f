using Google.Protobuf;
using Grpc.Core;
using GrpcBench.Contracts;
using GrpcBench.Clients;
using GrpcBench.Contracts.Records;
using GrpcBench.Records;
using GrpcBench.Service;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>
/// RecordService on every client x server pair (<see cref="GrpcPairTests.Pairs"/>), against the hosts' own
/// default database of 110,000 records. Most tests read a limited query, so that they stay quick.
/// </summary>
[FullSuite]
[Collection(RecordHostsCollection.Name)]
public class RecordPairTests(HostPool hosts)
{
    private const int KiB = 1024, MiB = 1024 * KiB;
    private static readonly RecordQuery FirstTwoThousand = new() { Limit = 2_000 };
    private static readonly RecordQuery OneCategory = new() { Category = "garden", Limit = 1_500 };

    public static TheoryData<string, string, string> Pairs() => GrpcPairTests.Pairs();

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task The_stream_returns_the_selected_records_in_order_equal_to_the_pages_read_one_after_another(string client, string server, string runtime)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime);

        foreach (var query in new[] { FirstTwoThousand, OneCategory })
        {
            var streamed = await RecordReads.StreamAsync(bench, query);

            Assert.Equal(query.Limit, streamed.Count);
            Assert.All(streamed, r => Assert.Equal(RecordGenerator.Create(r.Id), r));
            Assert.True(streamed.Zip(streamed.Skip(1)).All(p => p.First.Id < p.Second.Id), "ids not in ascending order");
            if (query.Category.Length > 0) Assert.All(streamed, r => Assert.Equal(query.Category, r.Category));
            foreach (var pageSize in new[] { 100, 1_000 })
            {
                Assert.Equal(streamed, await RecordReads.PagesOneAfterAnotherAsync(bench, query, pageSize));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task Pages_read_with_10_concurrent_requests_and_skip_are_the_same_records(string client, string server, string runtime)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime);

        foreach (var query in new[] { FirstTwoThousand, OneCategory })
        {
            var streamed = await RecordReads.StreamAsync(bench, query);

            Assert.Equal(streamed, await RecordReads.PagesConcurrentlyAsync(bench, query, pageSize: 100, concurrency: 10));
            Assert.Equal(streamed, await RecordReads.PagesConcurrentlyAsync(bench, query, pageSize: 333, concurrency: 10));
        }
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task A_stream_cancelled_half_way_ends_with_Cancelled_and_the_host_serves_the_next_call(string client, string server, string runtime)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime);
        using var cancel = new CancellationTokenSource();
        using var call = bench.Records.StreamRecords(new RecordQuery(), bench.Options(cancel.Token));

        var received = 0;
        var error = await Assert.ThrowsAsync<RpcException>(async () =>
        {
            while (await call.ResponseStream.MoveNext(CancellationToken.None))
            {
                if (++received == 55_000) cancel.Cancel();
            }
        });

        Assert.Equal(StatusCode.Cancelled, error.StatusCode);
        Assert.InRange(received, 55_000, 109_999);
        Assert.Equal(FirstTwoThousand.Limit, (await RecordReads.StreamAsync(bench, FirstTwoThousand)).Count);
        Assert.Equal(100, (await bench.Records.GetRecordsPageAsync(new PageRequest { Query = FirstTwoThousand, PageSize = 100 }, bench.Options())).Records.Count);
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task An_invalid_page_token_gives_InvalidArgument_and_the_next_call_works(string client, string server, string runtime)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime);
        var first = await bench.Records.GetRecordsPageAsync(new PageRequest { Query = OneCategory, PageSize = 10 }, bench.Options());
        var forged = Convert.ToBase64String("v1:ten:0:0:"u8.ToArray()).TrimEnd('=');

        foreach (var token in new[] { "not a token", "AAAA", forged, first.NextPageToken + "x" })
        {
            var error = await Assert.ThrowsAsync<RpcException>(() => Page(bench, FirstTwoThousand, 10, token));
            Assert.Equal(StatusCode.InvalidArgument, error.StatusCode);
            Assert.Contains("page_token", error.Status.Detail);
        }
        // A real token, but of another query.
        var other = await Assert.ThrowsAsync<RpcException>(() => Page(bench, FirstTwoThousand, 10, first.NextPageToken));
        Assert.Equal(StatusCode.InvalidArgument, other.StatusCode);

        var next = await Page(bench, OneCategory, 10, first.NextPageToken);
        Assert.Equal(10, next.Records.Count);
        Assert.True(next.Records[0].Id > first.Records[^1].Id);
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task An_invalid_page_size_skip_or_limit_gives_InvalidArgument_naming_the_field(string client, string server, string runtime)
    {
        await using var bench = await hosts.ClientAsync(client, server, runtime);

        foreach (var (request, field) in new[]
        {
            (new PageRequest { Query = FirstTwoThousand, PageSize = 0 }, "page_size"),
            (new PageRequest { Query = FirstTwoThousand, PageSize = -5 }, "page_size"),
            (new PageRequest { Query = FirstTwoThousand, PageSize = RecordStore.MaxPageSize + 1 }, "page_size"),
            (new PageRequest { Query = FirstTwoThousand, PageSize = 10, Skip = -1 }, "skip"),
            (new PageRequest { Query = new RecordQuery { Limit = -1 }, PageSize = 10 }, "limit"),
        })
        {
            var error = await Assert.ThrowsAsync<RpcException>(async () => await bench.Records.GetRecordsPageAsync(request, bench.Options()));
            Assert.Equal(StatusCode.InvalidArgument, error.StatusCode);
            Assert.StartsWith(field + ":", error.Status.Detail);
        }
        var stream = await Assert.ThrowsAsync<RpcException>(() => RecordReads.StreamAsync(bench, new RecordQuery { Limit = -1 }));
        Assert.Equal(StatusCode.InvalidArgument, stream.StatusCode);

        Assert.Equal(RecordStore.MaxPageSize, (await Page(bench, new RecordQuery(), RecordStore.MaxPageSize, "")).Records.Count);
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task Chunked_uploads_report_the_length_and_checksum_of_all_their_bytes(string client, string server, string runtime)
    {
        // A 4 MiB chunk is a message just over the 4 MiB default receive limit.
        await using var bench = await hosts.ClientAsync(client, server, runtime, new ClientSettings(), "--maxReceiveMessageSize", "50000000");
        var data = new byte[5 * MiB + 3];
        Random.Shared.NextBytes(data);

        foreach (var chunkSize in new[] { 64 * KiB, MiB, 4 * MiB, 12_345 })
        {
            var summary = await Upload(bench, data, chunkSize);

            Assert.Equal(data.Length, summary.Length);
            Assert.Equal((data.Length + chunkSize - 1) / chunkSize, summary.Chunks);
            Assert.Equal(PayloadChecksum.Of(data), summary.Checksum);
        }
        var empty = await Upload(bench, [], 1);
        Assert.Equal((0L, 0, 0UL), (empty.Length, empty.Chunks, empty.Checksum));
    }

    /// <summary>Once per client stack and per server stack: every one of the 110,000 records, as generated.</summary>
    [Theory]
    [InlineData("grpc-core", "grpc-core")]
    [InlineData("grpc-net", "kestrel")]
    public async Task A_stream_of_the_whole_database_returns_all_110000_records_as_generated(string client, string server)
    {
        await using var bench = await hosts.ClientAsync(client, server, "net10.0");

        var all = await RecordReads.StreamAsync(bench, new RecordQuery());

        Assert.Equal(110_000, all.Count);
        for (var i = 0; i < all.Count; i++)
        {
            if (all[i].Id != i + 1 || !all[i].Equals(RecordGenerator.Create(i + 1))) Assert.Fail($"record {i + 1} differs: {all[i]}");
        }
    }

    private static Task<RecordsPage> Page(BenchClient bench, RecordQuery query, int pageSize, string token) =>
        bench.Records.GetRecordsPageAsync(new PageRequest { Query = query, PageSize = pageSize, PageToken = token }, bench.Options()).ResponseAsync;

    private static async Task<UploadSummary> Upload(BenchClient bench, byte[] data, int chunkSize)
    {
        using var call = bench.Records.UploadChunks(bench.Options(deadline: DateTime.UtcNow.AddMinutes(1)));
        for (var at = 0; at < data.Length; at += chunkSize)
        {
            await call.RequestStream.WriteAsync(new Chunk { Data = UnsafeByteOperations.UnsafeWrap(data.AsMemory(at, Math.Min(chunkSize, data.Length - at))) });
        }
        await call.RequestStream.CompleteAsync();
        return await call.ResponseAsync;
    }
}
