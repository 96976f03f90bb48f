using System.Diagnostics;
using Microsoft.Data.Sqlite;

namespace GrpcBench.Records;

/// <summary>
/// The SQLite file of <see cref="RecordGenerator"/>'s records, made at first use. It is built under another
/// name and renamed into place when complete, under a file lock, so that hosts starting together neither see
/// a half-written database nor build it twice.
/// </summary>
public static class RecordDatabase
{
    /// <summary>Part of the file name: a change to the schema or the generator must change it.</summary>
    public const int Version = 1;

    private static readonly TimeSpan LockWait = TimeSpan.FromMinutes(5);

    /// <summary>$XDG_CACHE_HOME/grpcbench/records-&lt;count&gt;-v1.db, or ~/.cache/... without it: never in the repository.</summary>
    public static string DefaultPath(int count)
    {
        var cache = Environment.GetEnvironmentVariable("XDG_CACHE_HOME");
        if (string.IsNullOrWhiteSpace(cache)) cache = Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".cache");
        return Path.Combine(cache, "grpcbench", $"records-{count}-v{Version}.db");
    }

    /// <summary>Makes the database unless it exists; returns how long making it took, or null if it existed.</summary>
    public static TimeSpan? Ensure(string path, int count)
    {
        if (count < 1) throw new ArgumentOutOfRangeException(nameof(count), count, "at least 1");
        if (File.Exists(path)) return null;

        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path))!);
        using var held = Lock(path + ".lock");
        if (File.Exists(path)) return null;

        // Only the lock holder writes one, so any other is what a generation killed half way left behind.
        foreach (var stale in Directory.GetFiles(Path.GetDirectoryName(Path.GetFullPath(path))!, Path.GetFileName(path) + ".*.tmp")) File.Delete(stale);

        var clock = Stopwatch.StartNew();
        var temporary = $"{path}.{Environment.ProcessId}.tmp";
        try
        {
            Generate(temporary, count);
            File.Move(temporary, path);
        }
        finally
        {
            File.Delete(temporary);
        }
        return clock.Elapsed;
    }

    private static void Generate(string path, int count)
    {
        File.Delete(path);
        using var connection = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = path, Pooling = false }.ToString());
        connection.Open();
        // A file that is renamed into place only when complete needs no journal.
        Execute(connection, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
        Execute(connection, """
            CREATE TABLE info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE records (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                category TEXT NOT NULL,
                amount REAL NOT NULL,
                created_unix_ms INTEGER NOT NULL,
                description TEXT NOT NULL);
            """);

        using (var transaction = connection.BeginTransaction())
        {
            using var insert = connection.CreateCommand();
            insert.CommandText = "INSERT INTO records VALUES ($id, $name, $category, $amount, $created, $description)";
            var id = insert.Parameters.Add("$id", SqliteType.Integer);
            var name = insert.Parameters.Add("$name", SqliteType.Text);
            var category = insert.Parameters.Add("$category", SqliteType.Text);
            var amount = insert.Parameters.Add("$amount", SqliteType.Real);
            var created = insert.Parameters.Add("$created", SqliteType.Integer);
            var description = insert.Parameters.Add("$description", SqliteType.Text);
            insert.Prepare();
            for (long n = 1; n <= count; n++)
            {
                var record = RecordGenerator.Create(n);
                id.Value = record.Id;
                name.Value = record.Name;
                category.Value = record.Category;
                amount.Value = record.Amount;
                created.Value = record.CreatedUnixMs;
                description.Value = record.Description;
                insert.ExecuteNonQuery();
            }

            using var info = connection.CreateCommand();
            info.CommandText = "INSERT INTO info VALUES ('version', $version), ('count', $count), ('seed', $seed)";
            info.Parameters.AddWithValue("$version", Version.ToString());
            info.Parameters.AddWithValue("$count", count.ToString());
            info.Parameters.AddWithValue("$seed", RecordGenerator.Seed.ToString("x16"));
            info.ExecuteNonQuery();
            transaction.Commit();
        }

        // Keyset pages of one category walk this index from (category, last id) on; pages of all records use the primary key.
        Execute(connection, "CREATE INDEX records_by_category ON records (category, id); ANALYZE;");
    }

    private static void Execute(SqliteConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    /// <summary>An exclusive lock (flock on Unix) that a crashed holder releases by exiting; retried until <see cref="LockWait"/>.</summary>
    private static FileStream Lock(string path)
    {
        var deadline = Stopwatch.StartNew();
        while (true)
        {
            try
            {
                return new FileStream(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None);
            }
            catch (IOException) when (deadline.Elapsed < LockWait)
            {
                Thread.Sleep(100);
            }
        }
    }
}
