using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace GrpcBench.Load.Results;

/// <summary>
/// One measured call on the scenario's timeline. In JSON a compact array, <c>[startSeconds, latencyMs, 1 or 0]</c>,
/// one line per call: a scenario keeps up to the engine's <c>CallTimeline.MaxPoints</c> of them.
/// </summary>
/// <param name="StartSeconds">Its scheduled start, in seconds since the scenario's measured phases began.</param>
/// <param name="LatencyMs">From its scheduled start to its end (success or failure), ms.</param>
/// <param name="Ok">Whether it succeeded.</param>
[JsonConverter(typeof(CallPointJsonConverter))]
public sealed record CallPoint(double StartSeconds, double LatencyMs, bool Ok);

internal sealed class CallPointJsonConverter : JsonConverter<CallPoint>
{
    public override CallPoint Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.StartArray) throw new JsonException("a call point is an array [startSeconds, latencyMs, ok]");
        reader.Read();
        var start = reader.GetDouble();
        reader.Read();
        var latency = reader.GetDouble();
        reader.Read();
        var ok = reader.GetInt32() != 0;
        reader.Read();
        if (reader.TokenType != JsonTokenType.EndArray) throw new JsonException("a call point has three elements");
        return new CallPoint(start, latency, ok);
    }

    // Raw, so that an indented file still keeps each call on one line.
    public override void Write(Utf8JsonWriter writer, CallPoint value, JsonSerializerOptions options) =>
        writer.WriteRawValue(string.Create(CultureInfo.InvariantCulture, $"[{value.StartSeconds:0.###},{value.LatencyMs:0.###},{(value.Ok ? 1 : 0)}]"));
}
