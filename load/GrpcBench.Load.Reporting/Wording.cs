namespace GrpcBench.Load.Reporting;

/// <summary>Configurations and runs in the words a migrating team reads: ".NET 8", "grpc-dotnet (kestrel, default)", "20 MiB upload".</summary>
public static class Wording
{
    /// <summary>"net8.0" as ".NET 8"; anything else as it is.</summary>
    public static string Runtime(string moniker) =>
        moniker.StartsWith("net", StringComparison.Ordinal) && moniker.EndsWith(".0", StringComparison.Ordinal) && moniker.Length > 5
            ? ".NET " + moniker[3..^2]
            : moniker;

    /// <summary>"on .NET 8, h2c", "on .NET 8 (client .NET 10), tls, gzip".</summary>
    public static string Where(LoadConfiguration c) =>
        $"on {Runtime(c.HostRuntime)}{(c.ClientRuntime == c.HostRuntime ? "" : $" (client {Runtime(c.ClientRuntime)})")}, {c.Transport.Text()}"
        + (c.Compression == Compression.None ? "" : c.CompressionLevel is "default" or "n/a" ? $", {c.Compression.Text()}" : $", {c.Compression.Text()} {c.CompressionLevel}")
        + (c.Link == "none" ? "" : $", link {c.Link}");

    /// <summary>The stacks and what differs from their defaults: "grpc-dotnet (kestrel, large-windows)", "Grpc.Core".</summary>
    public static string Stack(LoadConfiguration c) => (c.Kind, c.Server, c.Client) switch
    {
        (Baselines.RawTcp, _, _) => "a bare socket",
        (Baselines.RawHttp2, _, _) => "Kestrel's HTTP/2 without gRPC",
        (_, ServerStack.GrpcCore, ClientStack.GrpcCore) => Variant(c) == "default" ? "Grpc.Core" : $"Grpc.Core ({Variant(c)})",
        (_, ServerStack.Kestrel, ClientStack.GrpcNet) => $"grpc-dotnet (kestrel, {Variant(c)})",
        (_, ServerStack.Kestrel, _) => $"grpc-dotnet server (kestrel, {Variant(c)}) with the {c.Client.Text()} client",
        _ => $"{c.Server.Text()} server with the {c.Client.Text()} client{(Variant(c) == "default" ? "" : $" ({Variant(c)})")}",
    };

    /// <summary>What was set beyond the defaults: "large-windows", "initialStreamWindowSize=4194304 split-channels", or "default".</summary>
    public static string Variant(LoadConfiguration c)
    {
        var parts = new List<string>();
        if (c.KestrelProfile is not ("default" or "custom" or "n/a")) parts.Add(c.KestrelProfile);
        parts.AddRange(c.KestrelSettings.Select(s => $"{s.Key}={s.Value}"));
        if (c.ClientProfile != "default") parts.Add(c.ClientProfile);
        parts.AddRange(c.ClientSettings.Select(s => $"{s.Key}={s.Value}"));
        return parts.Count == 0 ? "default" : string.Join(' ', parts);
    }

    /// <summary>A headline scenario in a sentence or a chart's title: the story's upload as <see cref="Upload"/>, anything else by its name.</summary>
    public static string Scenario(LoadRunSummary summary, string scenario) =>
        scenario == ScenarioNames.SendLargeData && summary.Service is null ? Upload(summary) : scenario;

    /// <summary>"20 MiB upload" from the offered load, or the scenario's name when the run did not record the payload.</summary>
    public static string Upload(LoadRunSummary summary) =>
        summary.OfferedLoad.TryGetValue(ScenarioNames.SendLargeData, out var load) && load.PayloadBytes > 0
            ? $"{Numbers.Size(load.PayloadBytes)} upload"
            : ScenarioNames.SendLargeData;
}
