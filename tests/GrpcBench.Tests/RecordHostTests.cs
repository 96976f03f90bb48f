using GrpcBench.Clients;
using GrpcBench.Contracts.Records;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>Each host with a record database of its own: made before the ready line, reused, refused when it does not fit.</summary>
public sealed class RecordHostTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("grpcbench-host-records-").FullName;

    [Theory]
    [InlineData("grpc-core")]
    [InlineData("kestrel")]
    public async Task A_host_makes_its_database_before_it_is_ready_the_next_reuses_it_and_one_of_another_count_stops_with_one_line(string server)
    {
        var path = Path.Combine(_folder, "records.db");

        await using (var first = await StartAsync(server, "--records:count", "1000", "--records:databasePath", path))
        {
            Assert.Equal(1000, first.Ready.Setting("records.count")?.GetInt32());
            Assert.Equal(path, first.Ready.Setting("records.databasePath")?.GetString());
            Assert.True(first.Ready.Setting("records.generatedMs")?.GetInt64() >= 0);
            // Ready means serving: the first call finds the whole database.
            await using var bench = BenchClient.Create(HostPool.Target(first), new ClientSettings());
            var page = await bench.Records.GetRecordsPageAsync(new PageRequest { PageSize = 10 }, bench.Options());
            Assert.Equal(1000, page.TotalSize);
        }

        await using (var second = await StartAsync(server, "--records:count", "1000", "--records:databasePath", path))
        {
            Assert.Equal(System.Text.Json.JsonValueKind.Null, second.Ready.Setting("records.generatedMs")?.ValueKind);
        }

        var error = await Assert.ThrowsAsync<HostStartException>(() => StartAsync(server, "--records:count", "1001", "--records:databasePath", path));
        Assert.EndsWith($"(exit code 2): records database {path}: holds 1000 records of version 1, not 1001 of version 1: delete it, or choose another database path", error.Message);
    }

    private static Task<HostProcess> StartAsync(string server, params string[] arguments) =>
        HostProcess.StartAsync(new HostLaunch(HostPool.Project(server), "net10.0", arguments));

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
