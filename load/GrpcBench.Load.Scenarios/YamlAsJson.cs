using System.Globalization;
using System.Text.Json.Nodes;
using YamlDotNet.Core;
using YamlDotNet.RepresentationModel;

namespace GrpcBench.Load;

/// <summary>A YAML document as the JSON it stands for, so that one reader (and protobuf's JSON parser) takes both.</summary>
public static class YamlAsJson
{
    public static JsonNode? Parse(string yaml)
    {
        var stream = new YamlStream();
        stream.Load(new StringReader(yaml));
        return stream.Documents.Count == 0 ? null : Node(stream.Documents[0].RootNode);
    }

    private static JsonNode? Node(YamlNode node) => node switch
    {
        YamlMappingNode mapping => new JsonObject(mapping.Children.Select(c => KeyValuePair.Create(((YamlScalarNode)c.Key).Value ?? "", Node(c.Value)))),
        YamlSequenceNode sequence => new JsonArray([.. sequence.Children.Select(Node)]),
        YamlScalarNode scalar => Scalar(scalar),
        _ => throw new YamlException(node.Start, node.End, "anchors and aliases are not taken"),
    };

    /// <summary>A plain scalar is a number, true, false or null where it reads as one; a quoted one is always text.</summary>
    private static JsonNode? Scalar(YamlScalarNode scalar)
    {
        var text = scalar.Value ?? "";
        if (scalar.Style != ScalarStyle.Plain) return JsonValue.Create(text);
        if (text is "null" or "~" or "") return null;
        if (text is "true" or "false") return JsonValue.Create(text == "true");
        // As JSON text, so that the number reads back as any numeric type (a JsonValue made from a long does not give a double).
        return long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var whole) ? JsonNode.Parse(whole.ToString(CultureInfo.InvariantCulture))
            : double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var number) && double.IsFinite(number) ? JsonNode.Parse(number.ToString("R", CultureInfo.InvariantCulture))
            : JsonValue.Create(text);
    }
}
