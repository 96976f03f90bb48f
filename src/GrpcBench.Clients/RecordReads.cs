using Grpc.Core;
using GrpcBench.Contracts.Records;

namespace GrpcBench.Clients;

/// <summary>
/// The three ways to read a query's records that the bench compares: one server stream, unary pages one after
/// another, and unary pages with several requests in flight. Each returns the records in id order.
/// </summary>
public static class RecordReads
{
    public static async Task<List<Record>> StreamAsync(BenchClient client, RecordQuery query, CancellationToken cancellationToken = default)
    {
        using var call = client.Records.StreamRecords(query, client.Options(cancellationToken));
        var records = new List<Record>();
        while (await call.ResponseStream.MoveNext(CancellationToken.None)) records.Add(call.ResponseStream.Current);
        return records;
    }

    /// <summary>Each page asked for with the previous page's token.</summary>
    public static async Task<List<Record>> PagesOneAfterAnotherAsync(BenchClient client, RecordQuery query, int pageSize, CancellationToken cancellationToken = default)
    {
        var records = new List<Record>();
        var token = "";
        do
        {
            var page = await client.Records.GetRecordsPageAsync(new PageRequest { Query = query, PageSize = pageSize, PageToken = token }, client.Options(cancellationToken));
            records.AddRange(page.Records);
            token = page.NextPageToken;
            // Bounded whatever the server answers: every page must bring records, and no more than the query has.
            if ((page.Records.Count == 0 && token.Length > 0) || records.Count > page.TotalSize)
                throw new InvalidOperationException($"the server sent {records.Count:N0} records of a query of {page.TotalSize:N0}, the last page {page.Records.Count:N0}");
        }
        while (token.Length > 0);
        return records;
    }

    /// <summary>
    /// <paramref name="concurrency"/> readers, reader w taking pages w, w + concurrency, ...: its first page
    /// by skip alone, each later one by its previous token and a skip over the pages the other readers take
    /// (AIP-158), so that no request skips more than concurrency - 1 pages.
    /// </summary>
    public static async Task<List<Record>> PagesConcurrentlyAsync(BenchClient client, RecordQuery query, int pageSize, int concurrency, CancellationToken cancellationToken = default)
    {
        var pages = new List<(int Index, RecordsPage Page)>[concurrency];
        await Task.WhenAll(Enumerable.Range(0, concurrency).Select(async reader =>
        {
            var mine = pages[reader] = [];
            var request = new PageRequest { Query = query, PageSize = pageSize, Skip = reader * pageSize };
            for (var index = reader; ; index += concurrency)
            {
                var page = await client.Records.GetRecordsPageAsync(request, client.Options(cancellationToken));
                if (page.Records.Count > 0) mine.Add((index, page));
                if (page.NextPageToken.Length == 0) return;
                if ((long)index * pageSize > page.TotalSize) throw new InvalidOperationException($"page {index:N0} of a query of {page.TotalSize:N0} records still has a next page");
                request = new PageRequest { Query = query, PageSize = pageSize, PageToken = page.NextPageToken, Skip = (concurrency - 1) * pageSize };
            }
        }));
        return pages.SelectMany(p => p).OrderBy(p => p.Index).SelectMany(p => p.Page.Records).ToList();
    }
}
