namespace GrpcBench.Load.Results;

/// <summary>
/// A team's own service under load (<c>--service-assembly</c>, <c>--scenarios FILE</c>): its assembly, which the hosts
/// bind and the worker takes the message types from, and the methods called, each a scenario of its own.
/// </summary>
/// <param name="AssemblyPath">The assembly's full path.</param>
public sealed record ServiceLoad(string AssemblyPath, IReadOnlyList<MethodLoad> Methods)
{
    /// <summary>The scenario file the methods were read from, as given.</summary>
    public string? ScenarioFile { get; init; }

    public MethodLoad? Named(string scenario) => Methods.FirstOrDefault(m => m.Name == scenario);
}

/// <summary>One method of the scenario file: what is sent, how often, and the bound its p99 is held to.</summary>
/// <param name="Name">The scenario's name in reports and charts: the file's <c>name</c>, else the method's own name (GetItem).</param>
/// <param name="Method">"package.Service/Method".</param>
/// <param name="Kind">unary, client-streaming, server-streaming or bidi-streaming (from the method's descriptor).</param>
/// <param name="Requests">Request messages as protobuf JSON (checked to parse into the request type), sent in turn: one a call, or one a message of a stream.</param>
/// <param name="Messages">Messages a client or bidirectional stream sends each call; for a server stream, the count every call must receive (null: any).</param>
/// <param name="PerSecond">Its own fixed rate beside the others (as getInt beside the story's uploads); null where it takes a share.</param>
/// <param name="Share">Its share of the mix's rate (the phases', a capacity probe's), the shares adding up to 1; null where it has a rate.</param>
/// <param name="SloP99Ms">The bound its p99 is held to: a capacity probe misses where it does not hold.</param>
public sealed record MethodLoad(string Name, string Method, string Kind, IReadOnlyList<string> Requests, int? Messages, double? PerSecond, double? Share, double SloP99Ms)
{
    /// <summary>Whether the method streams requests (client or bidirectional streaming): <see cref="Messages"/> is then what each call sends.</summary>
    public bool StreamsRequests => Kind is "client-streaming" or "bidi-streaming";
}

public static class ServiceSection
{
    public const string Key = "service";

    extension(LoadRunSummary summary)
    {
        /// <summary>With a team's service (<c>--service-assembly</c>): its assembly and the methods called; null for the bench's own scenarios.</summary>
        public ServiceLoad? Service => summary.Section<ServiceLoad>(Key);

        public LoadRunSummary WithService(ServiceLoad? service) => summary.WithSection(Key, service);

        /// <summary>The scenarios a comparison puts side by side: a team's methods, else the story's uploads and getInt.</summary>
        public IReadOnlyList<string> HeadlineScenarios => summary.Service is { } service ? [.. service.Methods.Select(m => m.Name)] : [ScenarioNames.SendLargeData, ScenarioNames.GetInt];
    }
}
