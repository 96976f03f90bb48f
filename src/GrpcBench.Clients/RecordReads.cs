using Grpc.Core;
using GrpcBench.Contracts.Records;

namespace GrpcBench.Clients;

/// <summary>
/// The three ways to read a query's records that the bench compares: one server stream, unary pages one after
/// another, and unary pages with several requests in flight. Each hands over what arrives as it arrives (the load
/// tool counts it without keeping it), or returns the records in id order.
/// </summary>
public static class RecordReads
{
    public static async Task StreamAsync(BenchClient client, RecordQuery query, Action<Record> onRecord, CancellationToken cancellationToken = default)
    {
        using var call = client.Records.StreamRecords(query, client.Options(cancellationToken));
        while (await call.ResponseStream.MoveNext(CancellationToken.None)) onRecord(call.ResponseStream.Current);
    }

    /// <summary>Each page asked for with the previous page's token.</summary>
    public static async Task PagesOneAfterAnotherAsync(BenchClient client, RecordQuery query, int pageSize, Action<RecordsPage> onPage,
        CancellationToken cancellationToken = default)
    {
        long received = 0;
        var token = "";
        do
        {
            var page = await client.Records.GetRecordsPageAsync(new PageRequest { Query = query, PageSize = pageSize, PageToken = token }, client.Options(cancellationToken));
            onPage(page);
            received += page.Records.Count;
            token = page.NextPageToken;
            // Bounded whatever the server answers: every page must bring records, and no more than the query has.
            if ((page.Records.Count == 0 && token.Length > 0) || received > page.TotalSize)
                throw new InvalidOperationException($"the server sent {received:N0} records of a query of {page.TotalSize:N0}, the last page {page.Records.Count:N0}");
        }
        while (token.Length > 0);
    }

    /// <summary>
    /// <paramref name="concurrency"/> readers, reader w taking pages w, w + concurrency, ...: its first page
    /// by skip alone, each later one by its previous token and a skip over the pages the other readers take
    /// (AIP-158), so that no request skips more than concurrency - 1 pages. <paramref name="onPage"/> gets each
    /// page with its index, from the readers at once.
    /// </summary>
    public static async Task PagesConcurrentlyAsync(BenchClient client, RecordQuery query, int pageSize, int concurrency,
        Action<int, RecordsPage> onPage, CancellationToken cancellationToken = default)
    {
        await Task.WhenAll(Enumerable.Range(0, concurrency).Select(async reader =>
        {
            var request = new PageRequest { Query = query, PageSize = pageSize, Skip = reader * pageSize };
            for (var index = reader; ; index += concurrency)
            {
                var page = await client.Records.GetRecordsPageAsync(request, client.Options(cancellationToken));
                onPage(index, page);
                // Done when this reader's next page would start past the query's end: no request for an empty page.
                if (page.NextPageToken.Length == 0 || (long)(index + concurrency) * pageSize >= page.TotalSize) return;
                request = new PageRequest { Query = query, PageSize = pageSize, PageToken = page.NextPageToken, Skip = (concurrency - 1) * pageSize };
            }
        }));
    }

    public static async Task<List<Record>> StreamAsync(BenchClient client, RecordQuery query, CancellationToken cancellationToken = default)
    {
        var records = new List<Record>();
        await StreamAsync(client, query, records.Add, cancellationToken);
        return records;
    }

    public static async Task<List<Record>> PagesOneAfterAnotherAsync(BenchClient client, RecordQuery query, int pageSize, CancellationToken cancellationToken = default)
    {
        var records = new List<Record>();
        await PagesOneAfterAnotherAsync(client, query, pageSize, page => records.AddRange(page.Records), cancellationToken);
        return records;
    }

    public static async Task<List<Record>> PagesConcurrentlyAsync(BenchClient client, RecordQuery query, int pageSize, int concurrency, CancellationToken cancellationToken = default)
    {
        var pages = new SortedList<int, RecordsPage>();
        await PagesConcurrentlyAsync(client, query, pageSize, concurrency, (index, page) =>
        {
            lock (pages) pages.Add(index, page);
        }, cancellationToken);
        return pages.Values.SelectMany(page => page.Records).ToList();
    }
}
