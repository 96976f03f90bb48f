using System.Globalization;
using System.Text;
using GrpcBench.Contracts.Records;

namespace GrpcBench.Records;

/// <summary>
/// Where the next page of a query starts: after <see cref="LastId"/>, with <see cref="Position"/> records of
/// the query before it. Opaque to clients (base64url of "v1:lastId:position:limit:category"), and bound to the
/// query it was issued for, so that a token used with another query is refused rather than misread.
/// </summary>
public sealed record PageToken(long LastId, long Position, int Limit, string Category)
{
    private const string Field = "page_token";
    private const string Version = "v1";

    public static PageToken Start(RecordQuery query) => new(0, 0, query.Limit, query.Category);

    public string Encode()
    {
        var text = string.Join(':', Version, LastId.ToString(CultureInfo.InvariantCulture), Position.ToString(CultureInfo.InvariantCulture),
            Limit.ToString(CultureInfo.InvariantCulture), Category);
        return Convert.ToBase64String(Encoding.UTF8.GetBytes(text)).TrimEnd('=').Replace('+', '-').Replace('/', '_');
    }

    /// <summary>The token the client sent (empty for the first page), or <see cref="InvalidRecordRequestException"/>.</summary>
    public static PageToken Decode(string token, RecordQuery query)
    {
        if (token.Length == 0) return Start(query);
        var parts = Text(token)?.Split(':', 5);
        if (parts is not [Version, var lastId, var position, var limit, var category]
            || !long.TryParse(lastId, NumberStyles.None, CultureInfo.InvariantCulture, out var id)
            || !long.TryParse(position, NumberStyles.None, CultureInfo.InvariantCulture, out var at)
            || !int.TryParse(limit, NumberStyles.None, CultureInfo.InvariantCulture, out var max))
            throw new InvalidRecordRequestException(Field, "not a token this service issued; use empty for the first page, then the previous page's next_page_token");
        if (max != query.Limit || category != query.Category)
            throw new InvalidRecordRequestException(Field, "issued for another query; a token continues only the query (category, limit) it came from");
        return new PageToken(id, at, max, category);
    }

    private static string? Text(string token)
    {
        if (token.Length % 4 == 1 || token.Any(c => c is not (>= 'a' and <= 'z' or >= 'A' and <= 'Z' or >= '0' and <= '9' or '-' or '_'))) return null;
        var base64 = token.Replace('-', '+').Replace('_', '/').PadRight(token.Length + (4 - token.Length % 4) % 4, '=');
        try
        {
            return new UTF8Encoding(false, throwOnInvalidBytes: true).GetString(Convert.FromBase64String(base64));
        }
        catch (Exception e) when (e is FormatException or ArgumentException)
        {
            return null;
        }
    }
}
