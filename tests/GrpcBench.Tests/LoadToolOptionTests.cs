using GrpcBench.Tests.Infrastructure;
using static GrpcBench.Tests.Infrastructure.LoadToolRuns;

namespace GrpcBench.Tests;

/// <summary>The load tool's options: an invalid one gives one line and exit 2 before anything runs.</summary>
[Collection(LoadToolCollection.Name)]
public class LoadToolOptionTests
{
    [Theory]
    [InlineData("--target", "ftp://127.0.0.1:1", "--target ftp://127.0.0.1:1: allowed http://HOST:PORT (h2c), https://HOST:PORT with --target-ca FILE, or unix:/PATH")]
    [InlineData("--target", "https://127.0.0.1:1", "--target https://127.0.0.1:1: an https target needs --target-ca FILE")]
    [InlineData("--target http://127.0.0.1:1 --target-ca", "/no/such.pem", "--target-ca /no/such.pem: allowed with an https --target only")]
    [InlineData("--target https://127.0.0.1:1 --target-ca", "/no/such.pem", "--target-ca /no/such.pem: allowed a readable PEM certificate file")]
    [InlineData("--preset capacity --target", "http://127.0.0.1:1", "--target: allowed with the story, streaming and chunked presets")]
    [InlineData("--runtime", "net7.0", "--runtime net7.0: allowed")]
    [InlineData("--phases", "50y30", "--phases 50y30: allowed")]
    [InlineData("--payload-mib", "0", "--payload-mib 0: allowed 1 to 200")]
    [InlineData("--kestrel", "windowSize=5", "--kestrel windowSize=5: allowed NAME=VALUE")]
    [InlineData("--kestrel", "sockets:ioQueueCount=many", "--kestrel sockets:ioQueueCount=many: allowed NAME=VALUE")]
    [InlineData("--host-env", "DOTNET_ROOT=/tmp", "--host-env DOTNET_ROOT=/tmp: allowed NAME=VALUE with NAME a runtime knob DOTNET_")]
    [InlineData("--host-env", "gcServer=0", "--host-env gcServer=0: allowed NAME=VALUE with NAME a runtime knob DOTNET_")]
    [InlineData("--client-env", "DOTNET_ROOT=/tmp", "--client-env DOTNET_ROOT=/tmp: allowed NAME=VALUE with NAME a runtime knob DOTNET_")]
    [InlineData("--client-setting", "channels=17", "--client-setting channels=17: allowed a whole number of channels from 1 to 16")]
    [InlineData("--client-setting", "keepAlivePingDelaySeconds=0", "--client-setting keepAlivePingDelaySeconds=0: allowed a whole number of seconds from 1 to 3600")]
    [InlineData("--preset", "fast", "--preset")]
    [InlineData("--cpus", "host=64", "--cpus host=64: allowed shared, or host=LIST worker=LIST")]
    [InlineData("--cpus", "host=1 worker=1", "--cpus host=1 worker=1: the host's and the worker's CPUs must not overlap")]
    [InlineData("--cpus", "host=64 worker=0", "--cpus host=64 worker=0: this machine lets the bench use CPUs")]
    [InlineData("--link", "fast", "--link fast: allowed none or a whole number with kbit, mbit or gbit")]
    [InlineData("--transport", "quic", "--transport quic: allowed h2c, tls, uds")]
    [InlineData("--preset slow-link --transport", "uds", "--transport uds: a Unix domain socket does not go through the shaped loopback; allowed with --link none only")]
    [InlineData("--compression-level", "max", "--compression-level max: allowed default, fastest, optimal")]
    [InlineData("--message-sizes", "300mib", "--message-sizes 300mib: allowed sizes from 1B to 200MiB")]
    [InlineData("--message-sizes", "20", "--message-sizes 20: allowed sizes")]
    [InlineData("--chunk-sizes", "100b", "--chunk-sizes 100b: allowed sizes from 1KiB to 16MiB")]
    [InlineData("--page-sizes", "20000", "--page-sizes 20000: allowed whole numbers from 1 to 10,000")]
    [InlineData("--records", "0", "--records 0: allowed 1 to 10000000")]
    [InlineData("--payload-content", "ones", "--payload-content")]
    [InlineData("--getint-rate", "0", "--getint-rate 0: allowed 1 to 10000")]
    [InlineData("--scenarios", "pagez", "--scenarios pagez: allowed getInt, sendLargeData, streamRecords, pages, pagesConcurrent, uploadChunks")]
    [InlineData("--arrivals", "bursty", "--arrivals bursty: allowed uniform, poisson")]
    [InlineData("--preset capacity --mixes", "all", "--mixes all: allowed uploads, getInt, mixed")]
    [InlineData("--repeat", "0", "--repeat 0: allowed 1 to 20")]
    [InlineData("--preset sweep --repeat", "21", "--repeat 21: allowed 1 to 20")]
    [InlineData("--slo-upload-ms", "100", "--slo-upload-ms: allowed with --preset capacity or advise only")]
    [InlineData("--preset capacity --knobs", "gc-server", "--knobs: allowed with --preset advise only")]
    [InlineData("--preset advise --knobs", "turbo", "--knobs turbo: allowed gc-server, gc-concurrent")]
    [InlineData("--preset advise --budget-minutes", "0", "--budget-minutes 0: allowed 1 to 600")]
    [InlineData("--preset advise --budget-minutes", "3", "--budget-minutes 3: screening 32 knobs (44 values) needs at least")]
    [InlineData("--preset advise --mixes", "uploads,getInt", "--mixes uploads,getInt: advise searches one mix: allowed uploads, getInt, mixed")]
    [InlineData("--preset capacity --repeat", "0", "--repeat 0: allowed 1 to 20")]
    [InlineData("--preset capacity --slo-getint-ms", "0", "--slo-getint-ms 0: allowed 1 to 600000")]
    [InlineData("--preset capacity --threshold", "2", "--threshold 2: allowed 0.01 to 1")]
    [InlineData("--concurrency", "5", "--concurrency: allowed with --requests (the closed model needs both)")]
    [InlineData("--requests 10 --concurrency", "0", "--concurrency 0: allowed 1 to 10000")]
    [InlineData("--preset transports --requests", "0", "--requests 0: allowed 1 to 10000000")]
    [InlineData("--preset transports --max-seconds", "0", "--max-seconds 0: allowed 1 to 3600")]
    [InlineData("--max-seconds", "5", "--max-seconds: allowed with --concurrency and --requests only")]
    [InlineData("--preset transports --phases", "5x5", "--concurrency / --requests: allowed without --phases and --getint-rate")]
    [InlineData("--pairs", "some", "--pairs some: allowed matched, all")]
    [InlineData("--codec", "xml", "--codec xml: allowed protobuf, json")]
    public Task An_invalid_option_gives_one_line_and_exit_2(string option, string value, string expected)
        => AssertRefusedInOneLineAsync([.. option.Split(' '), value], expected);

    [Theory]
    [InlineData("story")]
    [InlineData("seed")] // the story's former name, still accepted
    public async Task Repeat_is_accepted_with_the_story_preset(string name)
    {
        // Parse level only: a bad --payload-mib after it stops the run before any configuration starts, so an
        // accepted --repeat shows as the error naming --payload-mib alone.
        var (exit, output, error) = await RunToolAsync(["--preset", name, "--repeat", "2", "--payload-mib", "0"], TimeSpan.FromSeconds(30));

        Assert.Equal(2, exit);
        Assert.Contains("--payload-mib 0: allowed 1 to 200", error);
        Assert.DoesNotContain("--repeat", error);
        Assert.Empty(output);
    }

    [Fact]
    public async Task A_config_file_that_is_not_there_is_refused_in_one_line()
        => await AssertRefusedInOneLineAsync(["--config", "/no/such/run.yaml"], "invalid option: --config /no/such/run.yaml: no such file");

    [Fact]
    public async Task Print_config_writes_the_runs_options_with_the_files_under_the_command_lines_and_runs_nothing()
    {
        var file = Path.Combine(Path.GetTempPath(), $"grpcbench-run-{Guid.NewGuid():N}.yaml");
        await File.WriteAllTextAsync(file, "preset: capacity\nquick: true\nruntime: [net8.0, net10.0]\n");
        try
        {
            var (exit, output, error) = await RunToolAsync(["--config", file, "--runtime", "net10.0", "--print-config"], TimeSpan.FromSeconds(30));

            Assert.True(exit == 0, error);
            var config = System.Text.Json.JsonDocument.Parse(output).RootElement;
            Assert.Equal("capacity", config.GetProperty("preset").GetString());
            Assert.Equal("net10.0", config.GetProperty("runtime").GetString());
            Assert.Equal("true", config.GetProperty("quick").GetString());
            Assert.False(config.TryGetProperty("print-config", out _));
        }
        finally
        {
            File.Delete(file);
        }
    }
}
