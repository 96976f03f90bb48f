using System.Runtime.CompilerServices;
using GrpcBench.Contracts.Records;
using Microsoft.Data.Sqlite;

namespace GrpcBench.Records;

/// <summary>
/// Reads the record database: a query as a sequence in id order, or as keyset pages. The database never
/// changes once made, so the number of records each query selects is counted once, when the store opens.
/// </summary>
public sealed class RecordStore
{
    public const int MaxPageSize = 10_000;

    private const string Columns = "id, name, category, amount, created_unix_ms, description";

    private readonly string _connectionString;
    private readonly IReadOnlyDictionary<string, long> _countByCategory;

    private RecordStore(string path, int count, TimeSpan? generatedIn, IReadOnlyDictionary<string, long> countByCategory)
    {
        Path = path;
        Count = count;
        GeneratedIn = generatedIn;
        _countByCategory = countByCategory;
        _connectionString = ReadOnly(path);
    }

    public string Path { get; }
    public int Count { get; }

    /// <summary>How long making the database took, when opening this store made it; null when it was there already.</summary>
    public TimeSpan? GeneratedIn { get; }

    /// <summary>
    /// The store, or null after writing the one line that says why the database cannot be used (the host then exits 2).
    /// </summary>
    public static RecordStore? OpenOrReport(string? path, int count)
    {
        path ??= RecordDatabase.DefaultPath(count);
        try
        {
            return Open(path, count);
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException)
        {
            Console.Error.WriteLine($"records database {path}: {e.Message}");
            return null;
        }
    }

    /// <summary>The database of <paramref name="count"/> records at <paramref name="path"/>, made first if it is not there.</summary>
    /// <exception cref="InvalidDataException">The file there is not a record database of that many records.</exception>
    public static RecordStore Open(string path, int count)
    {
        var generatedIn = RecordDatabase.Ensure(path, count);
        try
        {
            using var connection = Connect(ReadOnly(path));
            var info = Info(connection);
            if (info.GetValueOrDefault("version") != RecordDatabase.Version.ToString() || info.GetValueOrDefault("count") != count.ToString())
                throw new InvalidDataException(
                    $"holds {info.GetValueOrDefault("count") ?? "?"} records of version {info.GetValueOrDefault("version") ?? "?"}, " +
                    $"not {count} of version {RecordDatabase.Version}: delete it, or choose another database path");
            return new RecordStore(path, count, generatedIn, CountByCategory(connection));
        }
        catch (SqliteException e)
        {
            throw new InvalidDataException($"not a record database ({e.Message})", e);
        }
    }

    /// <summary>Every record the query selects, in id order; stops reading when <paramref name="cancellationToken"/> fires.</summary>
    public async IAsyncEnumerable<Record> StreamAsync(RecordQuery query, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        Validate(query);
        using var connection = Connect();
        using var command = Select(connection, query.Category, afterId: 0, take: query.Limit == 0 ? -1 : query.Limit, skip: 0);
        using var reader = await command.ExecuteReaderAsync(cancellationToken);
        while (await reader.ReadAsync(cancellationToken))
        {
            yield return Read(reader);
        }
    }

    /// <summary>
    /// One page: up to page_size records of the query, after the token's position and then <c>skip</c> more
    /// (AIP-158). The next token is empty on the last page.
    /// </summary>
    public RecordsPage ReadPage(PageRequest request)
    {
        var query = request.Query ?? new RecordQuery();
        Validate(query);
        if (request.PageSize is < 1 or > MaxPageSize)
            throw new InvalidRecordRequestException("page_size", $"{request.PageSize} is not from 1 to {MaxPageSize:N0}");
        if (request.Skip < 0) throw new InvalidRecordRequestException("skip", $"{request.Skip} is negative");
        var token = PageToken.Decode(request.PageToken, query);

        var total = Selected(query);
        var start = token.Position + request.Skip;
        var take = Math.Min(request.PageSize, total - start);
        var page = new RecordsPage { TotalSize = total };
        if (take > 0)
        {
            using var connection = Connect();
            using var command = Select(connection, query.Category, token.LastId, take, request.Skip);
            using var reader = command.ExecuteReader();
            while (reader.Read()) page.Records.Add(Read(reader));
        }

        var end = start + page.Records.Count;
        if (page.Records.Count > 0 && end < total)
            page.NextPageToken = new PageToken(page.Records[^1].Id, end, query.Limit, query.Category).Encode();
        return page;
    }

    /// <summary>How many records the query selects in all.</summary>
    public long Selected(RecordQuery query)
    {
        var matching = query.Category.Length == 0 ? Count : _countByCategory.GetValueOrDefault(query.Category);
        return query.Limit == 0 ? matching : Math.Min(matching, query.Limit);
    }

    private static void Validate(RecordQuery query)
    {
        if (query.Limit < 0) throw new InvalidRecordRequestException("limit", $"{query.Limit} is negative; 0 means no limit");
    }

    // Pooled, so that a page costs a query, not a connection.
    private static string ReadOnly(string path) => new SqliteConnectionStringBuilder { DataSource = path, Mode = SqliteOpenMode.ReadOnly }.ToString();

    private SqliteConnection Connect() => Connect(_connectionString);

    private static SqliteConnection Connect(string connectionString)
    {
        var connection = new SqliteConnection(connectionString);
        connection.Open();
        return connection;
    }

    /// <summary>Keyset: the primary key, or the (category, id) index, walked from just after <paramref name="afterId"/>.</summary>
    private static SqliteCommand Select(SqliteConnection connection, string category, long afterId, long take, long skip)
    {
        var command = connection.CreateCommand();
        var where = category.Length == 0 ? "id > $after" : "category = $category AND id > $after";
        command.CommandText = $"SELECT {Columns} FROM records WHERE {where} ORDER BY id LIMIT $take OFFSET $skip";
        command.Parameters.AddWithValue("$after", afterId);
        command.Parameters.AddWithValue("$take", take);
        command.Parameters.AddWithValue("$skip", skip);
        if (category.Length > 0) command.Parameters.AddWithValue("$category", category);
        return command;
    }

    private static Record Read(SqliteDataReader reader) => new()
    {
        Id = reader.GetInt64(0),
        Name = reader.GetString(1),
        Category = reader.GetString(2),
        Amount = reader.GetDouble(3),
        CreatedUnixMs = reader.GetInt64(4),
        Description = reader.GetString(5),
    };

    private static Dictionary<string, string> Info(SqliteConnection connection)
    {
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT key, value FROM info";
        using var reader = command.ExecuteReader();
        var info = new Dictionary<string, string>();
        while (reader.Read()) info[reader.GetString(0)] = reader.GetString(1);
        return info;
    }

    private static Dictionary<string, long> CountByCategory(SqliteConnection connection)
    {
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT category, COUNT(*) FROM records GROUP BY category";
        using var reader = command.ExecuteReader();
        var counts = new Dictionary<string, long>();
        while (reader.Read()) counts[reader.GetString(0)] = reader.GetInt64(1);
        return counts;
    }
}
