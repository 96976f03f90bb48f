namespace GrpcBench.Load.Hazards;

/// <summary>
/// The method the cases are aimed at: the story's GetInt (its request the empty message), or a team's unary method
/// with the first request of its scenario file, served from its assembly beside the bench's services.
/// </summary>
/// <param name="Path">The HTTP/2 path, "/package.Service/Method".</param>
/// <param name="Request">The request message's bytes.</param>
/// <param name="AssemblyPath">The team's assembly, full path; none for the story.</param>
public sealed record HazardTarget(string Path, byte[] Request, string? AssemblyPath = null)
{
    public static HazardTarget Story { get; } = new(HazardCalls.GetInt, []);

    public bool IsStory => AssemblyPath is null;

    /// <summary>How the cases name the call: "GetInt" in the story, "package.Service/Method" on a team's service.</summary>
    public string Call => IsStory ? "GetInt" : Path[1..];

    public string Service => Path[1..Path.LastIndexOf('/')];

    public string MethodName => Path[(Path.LastIndexOf('/') + 1)..];

    /// <summary>The hosts' setting that binds the team's services.</summary>
    public IReadOnlyList<string> HostArguments => IsStory ? [] : ["--serviceAssembly", AssemblyPath!];
}
