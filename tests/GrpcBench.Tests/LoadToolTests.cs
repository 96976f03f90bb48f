using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Clients;
using GrpcBench.Load;
using GrpcBench.Load.Results;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>The load tool against real hosts and real load workers.</summary>
public class LoadToolTests
{
    private static LoadConfiguration Kestrel(string runtime = "net10.0") => new(ConfigurationKind.Grpc, ServerStack.Kestrel, ClientStack.GrpcNet, runtime, runtime, Compression.None, Transport.H2c, "default",
        new Dictionary<string, string>(), "default", new Dictionary<string, string>());

    [Fact]
    public async Task An_injection_of_50_per_second_for_10_s_sends_500_calls_at_the_asked_rate()
    {
        var shape = new LoadShape([new RampPhase(50, 10, Constant: true)], 1024, 0, 10);

        var result = await ConfigurationRun.RunAsync(Kestrel(), shape, _ => { }, CancellationToken.None);

        var getInt = result.Scenario(ScenarioNames.GetInt)!;
        Assert.Equal(ConfigurationStatus.Ok, result.Status);
        Assert.InRange(getInt.Requests, 499, 501);
        Assert.InRange(getInt.AchievedInjectionRate, 49, 51);
        Assert.Equal(0, getInt.Failed);
        Assert.StartsWith(".NET 10.", result.ClientRuntimeReported);
        Assert.Equal("2.85.0", result.Components["Grpc.Core.Api"]);
        Assert.Equal("2.85.0", result.Components["Grpc.Net.Client"]);
    }

    [Fact]
    public async Task A_configuration_with_runtime_knobs_and_socket_settings_records_what_its_host_ran_with()
    {
        var shape = new LoadShape([new RampPhase(20, 2, Constant: true)], 1024, 0, 10) { Scenarios = [ScenarioNames.GetInt] };
        var configuration = Kestrel() with
        {
            KestrelProfile = "custom",
            KestrelSettings = new Dictionary<string, string> { ["sockets:unsafePreferInlineScheduling"] = "true" },
            HostEnvironment = new Dictionary<string, string> { ["DOTNET_gcServer"] = "0", ["DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS"] = "1" },
        };

        var result = await ConfigurationRun.RunAsync(configuration, shape, _ => { }, CancellationToken.None);

        Assert.Equal(ConfigurationStatus.Ok, result.Status);
        Assert.Contains("DOTNET_gcServer=0", configuration.Label);
        var knobs = result.HostSettings!["runtimeKnobs"];
        Assert.Equal("False", knobs.GetProperty("gc.ServerGC").GetString());
        Assert.Equal("1", knobs.GetProperty("env.DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS").GetString());
        Assert.True(result.HostSettings["kestrel"].GetProperty("sockets").GetProperty("unsafePreferInlineScheduling").GetBoolean());
    }

    [Fact]
    public async Task A_stalled_host_shows_its_stall_in_the_latency_not_in_a_lower_send_rate()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0", ["--getIntDelayMs", "400"]));
        var shape = new LoadShape([new RampPhase(20, 4, Constant: true)], 1024, 0, 10);
        var spec = new WorkerSpec(Kestrel(), host.Ready.Url, null, shape);

        var (measured, failure) = await WorkerProcess.RunAsync(spec, _ => { }, CancellationToken.None);

        Assert.Null(failure);
        var getInt = measured.Load.Scenarios.Single(s => s.Name == ScenarioNames.GetInt);
        Assert.InRange(getInt.Requests, 79, 81);
        Assert.InRange(getInt.AchievedInjectionRate, 19.6, 20.4);
        Assert.True(getInt.Latency.P50 >= 400, $"p50 {getInt.Latency.P50} ms");
    }

    [Fact]
    public async Task One_worker_runs_loads_one_after_the_other_on_one_client_and_ends_when_disposed()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0", []));
        var pids = new List<int>();
        var worker = WorkerProcess.Start("net10.0");
        WorkerOutcome first, second;
        await using (worker)
        {
            first = await worker.RunAsync(new WorkerSpec(Kestrel(), host.Ready.Url, null, new LoadShape([new RampPhase(20, 1, Constant: true)], 1024, 0, 5)),
                _ => { }, CancellationToken.None, started => pids.Add(started.Pid));
            second = await worker.RunAsync(new WorkerSpec(Kestrel(), host.Ready.Url, null, new LoadShape([new RampPhase(40, 1, Constant: true)], 1024, 0, 5)),
                _ => { }, CancellationToken.None, started => pids.Add(started.Pid));
        }

        Assert.Null(first.Failure);
        Assert.Null(second.Failure);
        Assert.InRange(first.Figures.Load.Scenarios.Single(s => s.Name == ScenarioNames.GetInt).Ok, 19, 21);
        Assert.InRange(second.Figures.Load.Scenarios.Single(s => s.Name == ScenarioNames.GetInt).Ok, 39, 41);
        Assert.Equal(2, pids.Count);
        Assert.Equal(pids[0], pids[1]);
        Assert.True(worker.HasExited);
        Assert.False(Directory.Exists($"/proc/{pids[0]}"), $"the worker {pids[0]} outlived its disposal");
    }

    [Fact]
    public async Task A_worker_refuses_a_load_for_another_configuration_than_its_first()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0", []));
        var shape = new LoadShape([new RampPhase(10, 1, Constant: true)], 1024, 0, 5) { Scenarios = [ScenarioNames.GetInt] };
        await using var worker = WorkerProcess.Start("net10.0");
        var first = await worker.RunAsync(new WorkerSpec(Kestrel(), host.Ready.Url, null, shape), _ => { }, CancellationToken.None);

        var failure = await Assert.ThrowsAsync<WorkerFailedException>(() =>
            worker.RunAsync(new WorkerSpec(Kestrel() with { Compression = Compression.Gzip }, host.Ready.Url, null, shape), _ => { }, CancellationToken.None));

        Assert.Null(first.Failure);
        Assert.Contains("InvalidDataException", failure.Message);
        Assert.Contains("serves the configuration and target of its first spec only", failure.Message);
    }

    [Fact]
    public async Task A_host_killed_mid_run_makes_the_configuration_failed_and_keeps_what_was_measured()
    {
        var shape = new LoadShape([new RampPhase(20, 8, Constant: true)], 64 * 1024, 0, 5);
        // A setting no other test's host has, so that only this run's host is killed (other tests run hosts beside it).
        var mark = Random.Shared.Next(1_000, 1_000_000).ToString();
        var configuration = Kestrel() with { KestrelSettings = new Dictionary<string, string> { ["maxStreamsPerConnection"] = mark } };
        var killed = 0;

        var result = await ConfigurationRun.RunAsync(configuration, shape, progress =>
        {
            if (progress.Elapsed < TimeSpan.FromSeconds(2) || Interlocked.Exchange(ref killed, 1) == 1) return;
            foreach (var pid in Hosts.ChildrenOf(Environment.ProcessId).Where(pid => Hosts.CommandLine(pid).Contains($"--kestrel:maxStreamsPerConnection\0{mark}\0")))
                Process.GetProcessById(pid).Kill();
        }, CancellationToken.None);

        Assert.Equal(1, killed);
        Assert.Equal(ConfigurationStatus.Failed, result.Status);
        Assert.Contains("the host exited during the run", result.Reason);
        Assert.True(result.Scenario(ScenarioNames.GetInt)!.Ok > 0, "the calls before the kill are kept");
    }

    [Fact]
    public async Task A_worker_killed_mid_run_makes_the_configuration_failed_and_keeps_the_figures_it_reported()
    {
        var shape = new LoadShape([new RampPhase(20, 12, Constant: true)], 64 * 1024, 0, 5);
        var mark = Random.Shared.Next(1_000, 1_000_000).ToString();
        var configuration = Kestrel() with { KestrelSettings = new Dictionary<string, string> { ["maxStreamsPerConnection"] = mark } };
        var killed = 0;

        var result = await ConfigurationRun.RunAsync(configuration, shape, progress =>
        {
            // After the first figures so far (every 5 s of load).
            if (progress.Elapsed < TimeSpan.FromSeconds(7) || Interlocked.Exchange(ref killed, 1) == 1) return;
            // This run's worker: the configuration it serves names the mark (other tests run workers beside it).
            foreach (var worker in Hosts.ChildrenOf(Environment.ProcessId).Where(pid => Hosts.CommandLine(pid).Split('\0') is var args
                         && args.Any(a => a.EndsWith("GrpcBench.Load.Worker.dll")) && args.Any(a => a.Contains($"maxStreamsPerConnection={mark}"))))
                Process.GetProcessById(worker).Kill();
        }, CancellationToken.None);

        Assert.Equal(1, killed);
        Assert.Equal(ConfigurationStatus.Failed, result.Status);
        Assert.StartsWith("the load worker on net10.0 ended by signal 9 (SIGKILL) without its final figures", result.Reason);
        Assert.Contains("are kept", result.Reason);
        var getInt = result.Scenario(ScenarioNames.GetInt)!;
        Assert.InRange(getInt.Ok, 60, 239);
        Assert.InRange(getInt.DurationSeconds, 4, 11);
    }

    [Fact]
    public async Task Host_and_worker_pinned_apart_are_verified_from_proc_and_their_runtimes_see_one_cpu_each()
    {
        var shape = new LoadShape([new RampPhase(10, 2, Constant: true)], 1024, 0, 10);

        var result = await ConfigurationRun.RunAsync(Kestrel(), shape, _ => { }, CancellationToken.None, new CpuPlacement("1", "0"));

        Assert.Equal(ConfigurationStatus.Ok, result.Status);
        Assert.Equal(new CpuRecord("host=1 worker=0", "1", "0", true, 1, 1, "workstation, concurrent", 1), result.Cpus);
    }

    [Fact]
    public async Task A_pinned_host_reports_the_one_cpu_it_has_and_the_runtime_drops_server_gc_on_one_cpu()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0", []) { Cpus = "1" });

        Assert.Equal("1", CpuAffinity.AllowedList(host.Pid));
        Assert.Equal(1, host.Ready.ProcessorCount);
        // The Kestrel host asks for server GC; on a single CPU the runtime runs workstation GC instead.
        Assert.StartsWith("workstation", host.Ready.Gc);
        Assert.Equal(1, host.Ready.GcHeapCount);
    }

    [Fact]
    public async Task A_worker_that_throws_gives_the_exception_type_and_message_as_the_reason()
    {
        await using var host = await HostProcess.StartAsync(new HostLaunch(Hosts.Kestrel, "net10.0", []));
        var shape = new LoadShape([new RampPhase(5, 1, Constant: true)], 1024, 0, 5);
        var spec = new WorkerSpec(Kestrel() with { ClientSettings = new Dictionary<string, string> { ["noSuchSetting"] = "1" } }, host.Ready.Url, null, shape);

        var failure = await Assert.ThrowsAsync<WorkerFailedException>(() => WorkerProcess.RunAsync(spec, _ => { }, CancellationToken.None));

        Assert.StartsWith("System.ArgumentException: unknown client setting noSuchSetting (in the load worker on net10.0)", failure.Message);
    }

    /// <summary>
    /// The README's main command as printed (`--quick`, h2c on .NET 10) is what CI runs; here the quick run over TLS with
    /// the raw HTTP/2 floor on every test runtime (3 configurations and the floor each), and over UDS.
    /// </summary>
    [Theory]
    [InlineData("tls", 4)]
    [InlineData("uds", 3)] // no raw-tcp floor: it is measured over TCP only
    public async Task Quick_run_writes_every_file_with_every_configuration(string transport, int configurationsPerRuntime)
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-quick-" + Guid.NewGuid().ToString("N"));
        string[] runtimes = transport == "tls" ? [.. TestRuntimes.SinceDotnet7] : ["net10.0"];

        var (exit, output, _) = await RunToolAsync(["--quick", "--out", folder, "--transport", transport, "--runtime", string.Join(",", runtimes),
            .. transport == "tls" ? ["--baselines", "raw-http2"] : Array.Empty<string>()], TimeSpan.FromMinutes(3 * runtimes.Length));
        var configurationCount = configurationsPerRuntime * runtimes.Length;

        Assert.True(exit == 0, output);
        SummaryShape.Matches(folder, $"seed-quick-{transport}");
        foreach (var file in new[] { "summary.json", "report.md", "latency-sendLargeData.png", "latency-getInt.png", "ratio.png", "cost.png", "percentiles.png",
                     "timeline-sendLargeData.png", "timeline-getInt.png" })
            Assert.True(new FileInfo(Path.Combine(folder, file)).Length > 0, $"{file} missing");
        // Every call beside summary.json, none in it; every chart fits a screen.
        Assert.True(new FileInfo(Path.Combine(folder, "calls.csv.gz")).Length > 0, "calls.csv.gz missing");
        Assert.DoesNotContain("\"calls\"", File.ReadAllText(Path.Combine(folder, "summary.json")));
        foreach (var chart in Directory.GetFiles(folder, "*.png"))
        {
            var png = File.ReadAllBytes(chart);
            Assert.True(png.Length <= 400 * 1024 && System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(20)) <= 2400,
                $"{Path.GetFileName(chart)}: {png.Length:N0} bytes, {System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(20))} px tall (at most 400 KiB, 2,400 px)");
        }
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
        Assert.Equal(GrpcBench.Load.Reporting.SummaryFile.SchemaVersion, summary.RootElement.GetProperty("schemaVersion").GetInt32());
        var configurations = summary.RootElement.GetProperty("configurations").EnumerateArray().ToList();
        Assert.Equal(configurationCount, configurations.Count);
        Assert.All(configurations, c => Assert.Equal("ok", c.GetProperty("status").GetString()));
        // Every call of every configuration succeeded, on every runtime.
        Assert.All(configurations.SelectMany(c => c.GetProperty("scenarios").EnumerateArray()), s =>
            Assert.True(s.GetProperty("ok").GetInt64() > 0 && s.GetProperty("failed").GetInt64() == 0, s.GetRawText()[..Math.Min(200, s.GetRawText().Length)]));
        Assert.Equal(runtimes.Order(), configurations.Select(c => c.GetProperty("configuration").GetProperty("hostRuntime").GetString()!).Distinct().Order());
        var report = File.ReadAllText(Path.Combine(folder, "report.md"));
        Assert.Contains("grpc-core/grpc-core", report);
        Assert.Contains("kestrel/grpc-net", report);
        Assert.All(configurations, c => Assert.Equal(transport, c.GetProperty("configuration").GetProperty("transport").GetString()));
        Assert.Contains($" {transport}", report);
    }

    [Theory]
    [InlineData("h2c")]
    [InlineData("tls")]
    [InlineData("uds")]
    public async Task A_target_started_apart_is_run_by_every_client_and_its_side_is_not_measured(string transport)
    {
        // A host of the bench's, but started here as any external server would be: the tool only gets its URL.
        await using var host = await Hosts.StartKestrelAsync(["--maxReceiveMessageSize", "unlimited", .. transport == "h2c" ? Array.Empty<string>() : [$"--{transport}", "true"]]);
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-target-" + Guid.NewGuid().ToString("N"));
        var ca = Path.Combine(Path.GetTempPath(), $"grpcbench-target-ca-{Guid.NewGuid():N}.pem");
        string[] trust = [];
        if (host.Ready.CertificatePem is { } pem)
        {
            await File.WriteAllTextAsync(ca, pem);
            trust = ["--target-ca", ca];
        }

        var (exit, output, error) = await RunToolAsync(["--quick", "--target", host.Ready.Url, .. trust, "--out", folder], TimeSpan.FromMinutes(3));

        Assert.True(exit == 0, output + error);
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json")));
        var configurations = summary.RootElement.GetProperty("configurations").EnumerateArray().ToList();
        Assert.Equal(["grpc-core", "grpc-net"], configurations.Select(c => c.GetProperty("configuration").GetProperty("client").GetString()).Order());
        Assert.All(configurations, c =>
        {
            Assert.Equal("ok", c.GetProperty("status").GetString());
            Assert.Equal("external", c.GetProperty("configuration").GetProperty("server").GetString());
            Assert.Equal(host.Ready.Url, c.GetProperty("configuration").GetProperty("target").GetString());
            Assert.Equal(transport, c.GetProperty("configuration").GetProperty("transport").GetString());
            Assert.Equal(LoadConfiguration.NotMeasured, c.GetProperty("hostRuntimeReported").GetString());
        });
        Assert.Contains(LoadConfiguration.NotMeasured, File.ReadAllText(Path.Combine(folder, "report.md")));
        File.Delete(ca);
    }

    [Theory]
    [InlineData("http://127.0.0.1:{0}")]
    [InlineData("unix:/tmp/grpcbench-no-such-{0}.sock")]
    public async Task A_dead_target_fails_fast_with_one_line_naming_it(string pattern)
    {
        int port;
        using (var listener = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0))
        {
            listener.Start();
            port = ((System.Net.IPEndPoint)listener.LocalEndpoint).Port;
        }
        var target = string.Format(pattern, port);
        var clock = Stopwatch.StartNew();

        var (exit, output, error) = await RunToolAsync(["--quick", "--target", target], TimeSpan.FromSeconds(60));

        Assert.NotEqual(0, exit);
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(20), $"took {clock.Elapsed}");
        Assert.StartsWith($"--target {target}: not reachable", error);
        Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Empty(output);
    }

    [Theory]
    [InlineData("--target", "ftp://127.0.0.1:1", "--target ftp://127.0.0.1:1: allowed http://HOST:PORT (h2c), https://HOST:PORT with --target-ca FILE, or unix:/PATH")]
    [InlineData("--target", "https://127.0.0.1:1", "--target https://127.0.0.1:1: an https target needs --target-ca FILE")]
    [InlineData("--target http://127.0.0.1:1 --target-ca", "/no/such.pem", "--target-ca /no/such.pem: allowed with an https --target only")]
    [InlineData("--target https://127.0.0.1:1 --target-ca", "/no/such.pem", "--target-ca /no/such.pem: allowed a readable PEM certificate file")]
    [InlineData("--preset capacity --target", "http://127.0.0.1:1", "--target: allowed with the seed, streaming and chunked presets")]
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
    public async Task An_invalid_option_gives_one_line_and_exit_2(string option, string value, string expected)
    {
        var (exit, output, error) = await RunToolAsync([.. option.Split(' '), value], TimeSpan.FromSeconds(30));

        Assert.Equal(2, exit);
        Assert.Contains(expected, error);
        Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Empty(output);
    }

    [Fact]
    public async Task Repeat_is_accepted_with_the_seed_preset()
    {
        // Parse level only: a bad --payload-mib after it stops the run before any configuration starts, so an
        // accepted --repeat shows as the error naming --payload-mib alone.
        var (exit, output, error) = await RunToolAsync(["--preset", "seed", "--repeat", "2", "--payload-mib", "0"], TimeSpan.FromSeconds(30));

        Assert.Equal(2, exit);
        Assert.Contains("--payload-mib 0: allowed 1 to 200", error);
        Assert.DoesNotContain("--repeat", error);
        Assert.Empty(output);
    }

    [Theory]
    [InlineData("--client-windows", "1000", "--client-windows 1000: allowed default or a whole number of bytes from 65535 to 16777216")]
    [InlineData("--seconds", "0", "--seconds 0: allowed 1 to 3600")]
    [InlineData("--runtime", "net7.0", "--runtime net7.0: allowed net6.0, net8.0, net9.0, net10.0, net11.0")]
    public async Task An_invalid_lost_responses_option_gives_one_line_and_exit_2(string option, string value, string expected)
    {
        var (exit, output, error) = await RunToolAsync(["lost-responses", option, value], TimeSpan.FromSeconds(30));

        Assert.Equal(2, exit);
        Assert.Contains(expected, error);
        Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Empty(output);
    }

    [Fact]
    public async Task Lost_responses_reads_whole_queries_page_by_page_and_loses_none_when_the_client_window_holds_a_page()
    {
        var folder = Path.Combine(Path.GetTempPath(), "grpcbench-lost-" + Guid.NewGuid().ToString("N"));

        var exit = await LostResponseProbe.RunAsync(["net10.0"], [1024 * 1024], 500, 3, 2, folder, "test", CancellationToken.None);

        Assert.Equal(0, exit);
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "lost-responses.json")));
        Assert.Equal("completed", summary.RootElement.GetProperty("status").GetString());
        var cell = summary.RootElement.GetProperty("cells").EnumerateArray().Single();
        Assert.StartsWith(".NET 10.", cell.GetProperty("hostRuntimeReported").GetString());
        Assert.Equal("1048576", cell.GetProperty("clientWindow").GetString());
        Assert.False(string.IsNullOrEmpty(cell.GetProperty("components").GetProperty("Grpc.AspNetCore.Server").GetString()));
        // 3,000 records in pages of 500: every read is 6 calls when none is lost.
        var calls = cell.GetProperty("calls").GetInt64();
        Assert.True(calls >= 60, $"{calls} calls in 3 s");
        Assert.Equal(0, calls % 6);
        Assert.Equal(0, cell.GetProperty("lost").GetInt64());
        Assert.Equal(0, cell.GetProperty("otherFailures").GetInt64());
        Directory.Delete(folder, recursive: true);
    }

    private static async Task<(int Exit, string Output, string Error)> RunToolAsync(string[] arguments, TimeSpan limit)
    {
        using var tool = Hosts.StartLoadTool(arguments);
        var output = tool.StandardOutput.ReadToEndAsync();
        var error = tool.StandardError.ReadToEndAsync();
        using (var timeout = new CancellationTokenSource(limit)) await tool.WaitForExitAsync(timeout.Token);
        return (tool.ExitCode, await output, await error);
    }
}
