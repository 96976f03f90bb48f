using GrpcBench.Contracts;
using GrpcBench.Contracts.Records;
using GrpcBench.Records;
using GrpcBench.Service;
using Record = GrpcBench.Contracts.Records.Record;

namespace GrpcBench.Tests;

/// <summary>The record store on its own: generation, pages and tokens, without a host.</summary>
public sealed class RecordStoreTests : IDisposable
{
    private const int Count = 3_000;
    private readonly string _folder = Directory.CreateTempSubdirectory("grpcbench-records-").FullName;

    private string DatabasePath(string name = "records.db") => Path.Combine(_folder, name);

    [Fact]
    public async Task Two_generations_hold_the_same_records_those_of_the_generator()
    {
        var first = RecordStore.Open(DatabasePath("a.db"), Count);
        var second = RecordStore.Open(DatabasePath("b.db"), Count);

        var a = await ReadAll(first, new RecordQuery());
        var b = await ReadAll(second, new RecordQuery());

        Assert.NotNull(first.GeneratedIn);
        Assert.Equal(Count, a.Count);
        Assert.Equal(a, b);
        Assert.Equal(Enumerable.Range(1, Count).Select(id => RecordGenerator.Create(id)), a);
        Assert.Equal(20, a.Select(r => r.Category).Distinct().Count());
        Assert.InRange(a.Average(r => r.CalculateSize()), 200, 300);
    }

    [Fact]
    public void Hosts_opening_a_new_database_together_make_it_once_and_all_read_it_and_leftovers_go()
    {
        var path = DatabasePath();
        File.WriteAllText(path + ".99999.tmp", "left by a generation that was killed");

        var stores = Enumerable.Range(0, 4).AsParallel().Select(_ => RecordStore.Open(path, Count)).ToList();

        Assert.Single(stores, s => s.GeneratedIn is not null);
        Assert.All(stores, s => Assert.Equal(Count, s.Selected(new RecordQuery())));
        Assert.Equal(["records.db", "records.db.lock"], Directory.GetFiles(_folder).Select(Path.GetFileName).Order());
    }

    [Fact]
    public void A_database_of_another_size_or_no_database_at_all_is_refused_in_one_line()
    {
        RecordStore.Open(DatabasePath(), Count);
        File.WriteAllText(DatabasePath("text.db"), "not a database");

        var size = Assert.Throws<InvalidDataException>(() => RecordStore.Open(DatabasePath(), Count + 1));
        var text = Assert.Throws<InvalidDataException>(() => RecordStore.Open(DatabasePath("text.db"), Count));

        Assert.StartsWith("holds 3000 records of version 1, not 3001 of version 1", size.Message);
        Assert.StartsWith("not a record database", text.Message);
        Assert.DoesNotContain('\n', size.Message + text.Message);
    }

    [Fact]
    public void Pages_follow_the_query_with_its_limit_category_and_skip()
    {
        var store = RecordStore.Open(DatabasePath(), Count);
        var query = new RecordQuery { Category = "music", Limit = 50 };

        var first = store.ReadPage(new PageRequest { Query = query, PageSize = 20 });
        var skipped = store.ReadPage(new PageRequest { Query = query, PageSize = 20, PageToken = first.NextPageToken, Skip = 20 });
        var beyond = store.ReadPage(new PageRequest { Query = query, PageSize = 20, Skip = 50 });

        Assert.Equal(50, first.TotalSize);
        Assert.Equal(20, first.Records.Count);
        Assert.All(first.Records, r => Assert.Equal("music", r.Category));
        Assert.Equal(10, skipped.Records.Count);
        Assert.Equal("", skipped.NextPageToken);
        Assert.Empty(beyond.Records);
        Assert.Equal("", beyond.NextPageToken);
        Assert.Equal(0, store.ReadPage(new PageRequest { Query = new RecordQuery { Category = "no such" }, PageSize = 5 }).TotalSize);
    }

    [Fact]
    public void A_token_round_trips_and_anything_else_is_refused_naming_page_token()
    {
        var query = new RecordQuery { Category = "a:b", Limit = 7 };
        var token = new PageToken(1234, 56, 7, "a:b");

        Assert.Equal(token, PageToken.Decode(token.Encode(), query));
        Assert.Matches("^[A-Za-z0-9_-]+$", token.Encode());
        Assert.Equal(PageToken.Start(query), PageToken.Decode("", query));
        foreach (var bad in new[] { "x", "====", "djE6MTox", token.Encode()[..^2], "v1:1:1:7:a:b" })
        {
            Assert.Equal("page_token", Assert.Throws<InvalidRecordRequestException>(() => PageToken.Decode(bad, query)).Field);
        }
        var other = Assert.Throws<InvalidRecordRequestException>(() => PageToken.Decode(token.Encode(), new RecordQuery { Category = "a:b" }));
        Assert.Contains("another query", other.Message);
    }

    [Fact]
    public async Task A_cancelled_stream_stops_reading()
    {
        var store = RecordStore.Open(DatabasePath(), Count);
        using var cancel = new CancellationTokenSource();
        var read = 0;

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (var _ in store.StreamAsync(new RecordQuery(), cancel.Token))
            {
                if (++read == 100) cancel.Cancel();
            }
        });

        Assert.Equal(100, read);
    }

    [Fact]
    public void The_upload_checksum_of_pieces_is_the_checksum_of_the_whole_however_it_is_split()
    {
        var random = new Random(13);
        var data = new byte[100_003];
        random.NextBytes(data);

        foreach (var pieces in new[] { new[] { 1 }, [3, 5], [7], [8], [9], [13, 1, 1, 64 * 1024], [100_003] })
        {
            var sum = new PayloadChecksumAccumulator();
            var at = 0;
            for (var i = 0; at < data.Length; i++)
            {
                var length = Math.Min(pieces[i % pieces.Length], data.Length - at);
                sum.Add(data.AsSpan(at, length));
                at += length;
            }

            Assert.Equal(data.Length, sum.Length);
            Assert.Equal(PayloadChecksum.Of(data), sum.Checksum);
        }
    }

    private static async Task<List<Record>> ReadAll(RecordStore store, RecordQuery query)
    {
        var records = new List<Record>();
        await foreach (var record in store.StreamAsync(query)) records.Add(record);
        return records;
    }

    public void Dispose()
    {
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        Directory.Delete(_folder, recursive: true);
    }
}
