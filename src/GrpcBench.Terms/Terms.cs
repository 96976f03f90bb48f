using System.Text.Json;

namespace GrpcBench;

/// <summary>
/// How the terms are written on the command line, in labels, in reports and in JSON: lower-case words joined by '-'
/// ("grpc-core", "raw-http2", "h2c"), the names the bench has always used.
/// </summary>
public static class Terms
{
    public static readonly JsonNamingPolicy Naming = JsonNamingPolicy.KebabCaseLower;

    public static string Text<T>(this T value) where T : struct, Enum => Naming.ConvertName(value.ToString());

    public static IReadOnlyList<string> Texts<T>(params T[] values) where T : struct, Enum =>
        (values.Length == 0 ? Enum.GetValues<T>() : values).Select(v => v.Text()).ToArray();

    /// <summary>The term a text names; FormatException naming the allowed ones otherwise.</summary>
    public static T Parse<T>(string text) where T : struct, Enum =>
        Enum.GetValues<T>().FirstOrDefault(v => v.Text() == text) is var value && value.Text() == text
            ? value
            : throw new FormatException($"{text}: allowed {string.Join(", ", Texts<T>())}");
}
