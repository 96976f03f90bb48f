using System.Runtime;
using System.Runtime.InteropServices;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace GrpcBench.Hosting;

/// <summary>
/// The one JSON line a host prints on stdout once it accepts calls. Whoever started the host learns the
/// URL, the runtime as the process itself reports it, the CPUs and GC heaps its runtime sized itself for, the runtime knobs in force, and the settings in force from it.
/// </summary>
public sealed record ReadyLine(
    string Stack,
    string Runtime,
    string Gc,
    int Pid,
    string Url,
    string? CertificatePem,
    Dictionary<string, string> Components,
    Dictionary<string, JsonElement> Settings,
    int? ProcessorCount = null,
    int? GcHeapCount = null,
    Dictionary<string, string>? RuntimeKnobs = null)
{
    public const string Event = "ready";

    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        Converters = { new JsonStringEnumConverter(JsonNamingPolicy.CamelCase) },
    };

    public static ReadyLine ForThisProcess(string stack, string url, string? certificatePem, Dictionary<string, string> components, object effectiveSettings) => new(
        stack,
        RuntimeInformation.FrameworkDescription,
        $"{(GCSettings.IsServerGC ? "server" : "workstation")}, {(GCSettings.LatencyMode == GCLatencyMode.Batch ? "non-concurrent" : "concurrent")}",
        Environment.ProcessId,
        url,
        certificatePem,
        components,
        JsonSerializer.SerializeToElement(effectiveSettings, Json).EnumerateObject().ToDictionary(p => p.Name, p => p.Value.Clone()),
        Environment.ProcessorCount,
        GcHeaps(),
        RuntimeKnobsInForce.Read());

    /// <summary>The GC's heap count as the runtime configured itself (one per CPU it may use, with server GC); null before .NET 7.</summary>
    private static int? GcHeaps()
    {
#if NET7_0_OR_GREATER
        return GC.GetConfigurationVariables().TryGetValue("HeapCount", out var count) ? Convert.ToInt32(count) : null;
#else
        return null;
#endif
    }

    public string ToJson()
    {
        var line = JsonSerializer.SerializeToNode(this, Json)!.AsObject();
        line.Insert(0, "event", Event);
        return line.ToJsonString();
    }

    /// <summary>The ready line, or null for any other output.</summary>
    public static ReadyLine? TryParse(string line)
    {
        if (!line.StartsWith('{')) return null;
        try
        {
            using var document = JsonDocument.Parse(line);
            return document.RootElement.TryGetProperty("event", out var e) && e.GetString() == Event
                ? document.RootElement.Deserialize<ReadyLine>(Json)
                : null;
        }
        catch (JsonException)
        {
            return null;
        }
    }

    /// <summary>A setting as the host reported it, e.g. "kestrel.initialStreamWindowSize".</summary>
    public JsonElement? Setting(string dottedPath)
    {
        var parts = dottedPath.Split('.');
        if (!Settings.TryGetValue(parts[0], out var current)) return null;
        foreach (var part in parts.Skip(1))
        {
            if (current.ValueKind != JsonValueKind.Object || !current.TryGetProperty(part, out current)) return null;
        }
        return current;
    }

    /// <summary>The major version in "RuntimeInformation.FrameworkDescription", e.g. 8 for ".NET 8.0.33".</summary>
    [JsonIgnore]
    public int RuntimeMajor => RuntimeVersions.Major(Runtime);
}
