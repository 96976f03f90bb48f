namespace GrpcBench.Hosting;

/// <summary>The Kestrel host's plain HTTP/2 probe endpoints, for the host and every client of them.</summary>
public static class ProbePaths
{
    /// <summary>POST: reads the body to the end and answers its length.</summary>
    public const string Upload = "/probe/upload";

    /// <summary>GET: the transport's counterpart of GetInt, a tiny request and answer.</summary>
    public const string Int = "/probe/int";
}
