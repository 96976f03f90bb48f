using System.Text.Json;
using GrpcBench.Load;
using GrpcBench.Orchestration;
using GrpcBench.Tests.Infrastructure;

namespace GrpcBench.Tests;

/// <summary>
/// The settings the advice hands over, checked the way a team would use them: pasted into a throwaway service project
/// (csproj properties, runtimeconfig.template.json, Program.cs lines, a client handler), built, run, and asked what it
/// runs with.
/// </summary>
public class AdviceSnippetsTests
{
    /// <summary>
    /// Every knob whose advice is code, at a value it advises, and how the pasted service or client reads the value back.
    /// Not here: knobs whose advice is an environment variable (no code to check), heap count and DATAS (they need server GC,
    /// which gc-server=0 turns off in the same service), the client's runtime knobs (the same csproj lines as the host's),
    /// and the channel layouts (code a team adapts, not a value).
    /// </summary>
    private static readonly (string Knob, string Value, string Reported, string Read)[] Advice =
    [
        ("gc-server", "0", "False", "GCSettings.IsServerGC"),
        ("gc-concurrent", "0", "False", "GC.GetConfigurationVariables()[\"ConcurrentGC\"]"),
        ("gc-conserve-memory", "5", "5", "GC.GetConfigurationVariables()[\"GCConserveMem\"]"),
        ("gc-retain-vm", "1", "True", "GC.GetConfigurationVariables()[\"RetainVM\"]"),
        ("thread-pool-spin", "a", "10", "AppContext.GetData(\"System.Threading.ThreadPool.UnfairSemaphoreSpinLimit\")?.ToString()"),
        ("tiered-pgo", "0", "false", "AppContext.GetData(\"System.Runtime.TieredPGO\")?.ToString()?.ToLowerInvariant()"),
        ("tiered-compilation", "0", "false", "AppContext.GetData(\"System.Runtime.TieredCompilation\")?.ToString()?.ToLowerInvariant()"),
        ("thread-pool-min", "20", "32", "MinWorkerThreads()"),
        ("stream-window", "4194304", "4194304", "kestrel.Limits.Http2.InitialStreamWindowSize"),
        ("connection-window", "33554432", "33554432", "kestrel.Limits.Http2.InitialConnectionWindowSize"),
        ("max-frame-size", "65536", "65536", "kestrel.Limits.Http2.MaxFrameSize"),
        ("max-streams", "1000", "1000", "kestrel.Limits.Http2.MaxStreamsPerConnection"),
        ("inline-scheduling", "true", "True", "sockets.UnsafePreferInlineScheduling"),
        ("io-queues", "1", "1", "sockets.IOQueueCount"),
        ("wait-for-data", "false", "False", "sockets.WaitForDataBeforeAllocatingBuffer"),
        ("max-request-buffer", "4194304", "4194304", "kestrel.Limits.MaxRequestBufferSize"),
        ("sockets-read-buffer", "4194304", "4194304", "sockets.MaxReadBufferSize"),
        ("client-stream-window", "4194304", "4194304", "handlers[\"client-stream-window\"].InitialHttp2StreamWindowSize"),
        ("client-keep-alive", "1", "1", "handlers[\"client-keep-alive\"].KeepAlivePingDelay.TotalSeconds"),
        ("client-multiple-connections", "false", "False", "handlers[\"client-multiple-connections\"].EnableMultipleHttp2Connections"),
    ];

    [Fact]
    public async Task The_emitted_code_compiles_into_a_service_and_client_that_run_with_the_advised_values()
    {
        var code = Advice.ToDictionary(a => a.Knob, a => Knobs.Named(a.Knob).AsCode(a.Value));
        var folder = Directory.CreateTempSubdirectory("advice-snippets-").FullName;
        try
        {
            var lines = code.Values.ToList();
            File.WriteAllText(Path.Combine(folder, "Snippets.csproj"), $"""
                <Project Sdk="Microsoft.NET.Sdk.Web">
                  <PropertyGroup>
                    <TargetFramework>net10.0</TargetFramework>
                    <ImplicitUsings>enable</ImplicitUsings>
                    {string.Join("\n    ", lines.Where(l => l.Contains("<!-- csproj -->")))}
                  </PropertyGroup>
                </Project>
                """);
            File.WriteAllText(Path.Combine(folder, "runtimeconfig.template.json"),
                "{ \"configProperties\": {\n" + string.Join("\n, ", lines.Where(l => l.Contains("runtimeconfig.template.json"))) + "\n} }\n");
            // Each client line is a SocketsHttpHandler expression followed by where it goes.
            var handlers = code.Where(c => c.Value.Contains("GrpcChannelOptions.HttpHandler"))
                .Select(c => $"[\"{c.Key}\"] = {c.Value[..c.Value.IndexOf("//", StringComparison.Ordinal)]},");
            File.WriteAllText(Path.Combine(folder, "Program.cs"), $$"""
                using System.Runtime;
                using System.Text.Json;
                using Microsoft.AspNetCore.Server.Kestrel.Core;
                using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
                using Microsoft.Extensions.Options;

                {{string.Join("\n", lines.Where(l => l.Contains("// Program.cs, first line")))}}
                var builder = WebApplication.CreateBuilder(args);
                {{string.Join("\n", lines.Where(l => l.Contains("// Program.cs") && !l.Contains("first line")))}}
                var app = builder.Build();
                var kestrel = app.Services.GetRequiredService<IOptions<KestrelServerOptions>>().Value;
                var sockets = app.Services.GetRequiredService<IOptions<SocketTransportOptions>>().Value;
                var handlers = new Dictionary<string, SocketsHttpHandler>
                {
                    {{string.Join("\n    ", handlers)}}
                };
                Console.WriteLine(JsonSerializer.Serialize(new Dictionary<string, string?>
                {
                    {{string.Join("\n    ", Advice.Select(a => $"[\"{a.Knob}\"] = Convert.ToString({a.Read}, System.Globalization.CultureInfo.InvariantCulture),"))}}
                }));

                static int MinWorkerThreads()
                {
                    ThreadPool.GetMinThreads(out var workers, out _);
                    return workers;
                }
                """);

            var (built, buildOutput) = await RunAsync(folder, "build", "-c", "Release", "-o", "out", "-nologo");
            Assert.True(built == 0, $"the advice's code did not build:\n{buildOutput}");
            var (ran, output) = await RunAsync(folder, Path.Combine(folder, "out", "Snippets.dll"));
            Assert.True(ran == 0, output);

            var reported = JsonSerializer.Deserialize<Dictionary<string, string?>>(output.Trim().Split('\n')[^1])!;
            Assert.All(Advice, a => Assert.True(reported[a.Knob] == a.Reported, $"{a.Knob}: advised {a.Value} ({code[a.Knob]}), the service runs with {reported[a.Knob]}"));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static async Task<(int Exit, string Output)> RunAsync(string folder, params string[] arguments)
    {
        var (exit, output, error) = await ChildProcess.RunAsync(Path.Combine(DotnetRoots.SystemRoot, "dotnet"), folder, TimeSpan.FromMinutes(3), arguments);
        return (exit, output + error);
    }
}
