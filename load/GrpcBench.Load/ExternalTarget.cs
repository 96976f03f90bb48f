using System.Security.Cryptography.X509Certificates;
using Grpc.Core;
using GrpcBench.Clients;

namespace GrpcBench.Load;

/// <summary>A server the bench did not start (--target, --target-ca): checked before anything runs.</summary>
public static class ExternalTarget
{
    public const string Allowed = "allowed http://HOST:PORT (h2c), https://HOST:PORT with --target-ca FILE, or unix:/PATH";

    /// <summary>The target as given, or FormatException naming the option and what it allows.</summary>
    public static string Validate(string target, string? caFile)
    {
        if (!Uri.TryCreate(target, UriKind.Absolute, out var url) || url.Scheme is not ("http" or "https" or "unix")
            || (url.Scheme == "unix" ? url.AbsolutePath.Length <= 1 : url.Host.Length == 0 || url.AbsolutePath != "/"))
            throw new FormatException($"--target {target}: {Allowed}");
        if (url.Scheme == "https" && caFile is null)
            throw new FormatException($"--target {target}: an https target needs --target-ca FILE, the PEM certificate (or its CA) the server presents");
        if (url.Scheme != "https" && caFile is not null)
            throw new FormatException($"--target-ca {caFile}: allowed with an https --target only");
        if (caFile is not null)
        {
            try { X509Certificate2.CreateFromPem(File.ReadAllText(caFile)); }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Security.Cryptography.CryptographicException or ArgumentException)
            {
                throw new FormatException($"--target-ca {caFile}: allowed a readable PEM certificate file");
            }
        }
        return target;
    }

    /// <summary>Null if the target answers getInt within a few seconds; otherwise the one line that says it does not.</summary>
    /// <param name="servesOtherContract">A team's server (<c>--service-assembly</c>): any gRPC answer will do, Unimplemented included (it need not serve the bench's ExampleService).</param>
    public static async Task<string?> ProbeAsync(string target, string? caFile, CancellationToken cancellationToken, bool servesOtherContract = false)
    {
        var pem = caFile is null ? null : await File.ReadAllTextAsync(caFile, cancellationToken);
        await using var client = BenchClient.Create(new ClientTarget(new Uri(target), pem), new ClientSettings { Stack = ClientStack.GrpcNet });
        try
        {
            await client.GetIntAsync(cancellationToken, DateTime.UtcNow.AddSeconds(10));
            return null;
        }
        catch (RpcException e) when (!(servesOtherContract && e.StatusCode == StatusCode.Unimplemented))
        {
            var detail = string.Join(' ', e.Status.Detail.Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries));
            return servesOtherContract ? $"--target {target}: not reachable as a gRPC server: {e.StatusCode}: {detail}"
                : $"--target {target}: not reachable as the bench's ExampleService: {e.StatusCode}: {detail}";
        }
        catch (RpcException)
        {
            return null;
        }
    }
}
