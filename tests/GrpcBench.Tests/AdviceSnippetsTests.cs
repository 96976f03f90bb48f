using System.Diagnostics;
using System.Text.Json;
using GrpcBench.Load;
using GrpcBench.Orchestration;

namespace GrpcBench.Tests;

/// <summary>
/// The settings the advice hands over, checked the way a team would use them: pasted into a throwaway service project
/// (csproj properties, runtimeconfig.template.json, Program.cs lines, a client handler), built, run, and asked what it
/// runs with.
/// </summary>
public class AdviceSnippetsTests
{
    private static readonly (string Knob, string Value, string Reported)[] Advice =
    [
        ("gc-server", "0", "0"),
        ("tiered-pgo", "0", "false"),
        ("gc-conserve-memory", "5", "5"),
        ("max-frame-size", "65536", "65536"),
        ("io-queues", "1", "1"),
        ("client-stream-window", "4194304", "4194304"),
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
            var client = lines.Single(l => l.Contains("GrpcChannelOptions"));
            File.WriteAllText(Path.Combine(folder, "Program.cs"), $$"""
                using System.Runtime;
                using System.Text.Json;
                using Microsoft.AspNetCore.Server.Kestrel.Core;
                using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
                using Microsoft.Extensions.Options;

                var builder = WebApplication.CreateBuilder(args);
                {{string.Join("\n", lines.Where(l => l.Contains("// Program.cs")))}}
                var app = builder.Build();
                var kestrel = app.Services.GetRequiredService<IOptions<KestrelServerOptions>>().Value;
                var sockets = app.Services.GetRequiredService<IOptions<SocketTransportOptions>>().Value;
                var handler = {{client[..client.IndexOf("//", StringComparison.Ordinal)]}};
                Console.WriteLine(JsonSerializer.Serialize(new Dictionary<string, string?>
                {
                    ["gc-server"] = GCSettings.IsServerGC ? "1" : "0",
                    ["tiered-pgo"] = AppContext.GetData("System.Runtime.TieredPGO")?.ToString()?.ToLowerInvariant(),
                    ["gc-conserve-memory"] = GC.GetConfigurationVariables().TryGetValue("GCConserveMem", out var conserve) ? conserve.ToString() : null,
                    ["max-frame-size"] = kestrel.Limits.Http2.MaxFrameSize.ToString(),
                    ["io-queues"] = sockets.IOQueueCount.ToString(),
                    ["client-stream-window"] = handler.InitialHttp2StreamWindowSize.ToString(),
                }));
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
        var start = new ProcessStartInfo(Path.Combine(DotnetRoots.SystemRoot, "dotnet")) { WorkingDirectory = folder, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments) start.ArgumentList.Add(argument);
        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(3));
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"dotnet {string.Join(' ', arguments)} took more than 3 minutes");
        }
        return (process.ExitCode, await output + await error);
    }
}
