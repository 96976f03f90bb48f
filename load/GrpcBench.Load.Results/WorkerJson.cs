using System.Text.Json;
using System.Text.Json.Serialization;

namespace GrpcBench.Load.Results;

/// <summary>How the tool and its workers talk: one JSON document per line.</summary>
public static class WorkerJson
{
    public static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web)
    {
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
        Converters = { new JsonStringEnumConverter(Terms.Naming) },
    };
}
