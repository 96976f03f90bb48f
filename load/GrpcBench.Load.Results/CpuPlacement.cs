namespace GrpcBench.Load.Results;

/// <summary>
/// Where a configuration's host and load worker run: on disjoint CPU sets, so that the client cannot eat the CPU a
/// server setting frees (the default wherever there are two CPUs), or shared, as an unpinned run would.
/// </summary>
/// <param name="Host">The host's CPU list, e.g. "1"; null when shared.</param>
/// <param name="Worker">The load worker's CPU list, e.g. "0"; null when shared.</param>
public sealed record CpuPlacement(string? Host, string? Worker)
{
    public static readonly CpuPlacement Shared = new(null, null);

    public bool IsShared => Host is null || Worker is null;

    /// <summary>Of the CPUs this process may use, the host on the last and the worker on the first; shared on one CPU.</summary>
    public static CpuPlacement Default(IReadOnlyList<int> available) =>
        available.Count < 2 ? Shared : new(available[^1].ToString(), available[0].ToString());

    /// <summary>"shared", or "host=LIST worker=LIST" (Linux CPU lists, e.g. 1 or 0-2,5), disjoint and within <paramref name="available"/>.</summary>
    public static CpuPlacement Parse(IReadOnlyList<string> words, IReadOnlyList<int> available)
    {
        if (words is ["shared"]) return Shared;
        var lists = words.Select(w => w.Split('=', 2)).ToList();
        if (lists.Count != 2 || lists.Any(l => l.Length != 2) || !lists.Select(l => l[0]).OrderBy(w => w).SequenceEqual(["host", "worker"]))
            throw new FormatException($"--cpus {string.Join(' ', words)}: allowed shared, or host=LIST worker=LIST with CPU lists such as 1 or 0-2");
        var host = lists.Single(l => l[0] == "host")[1];
        var worker = lists.Single(l => l[0] == "worker")[1];
        IReadOnlyList<int> Cpus(string list)
        {
            var cpus = CpuList.Parse(list);
            var missing = cpus.Except(available).ToList();
            return missing.Count == 0 ? cpus
                : throw new FormatException($"--cpus {string.Join(' ', words)}: this machine lets the bench use CPUs {string.Join(',', available)}, not {string.Join(',', missing)}");
        }
        if (Cpus(host).Intersect(Cpus(worker)).Any())
            throw new FormatException($"--cpus {string.Join(' ', words)}: the host's and the worker's CPUs must not overlap (or say shared)");
        return new(host, worker);
    }

    public override string ToString() => IsShared ? "shared" : $"host={Host} worker={Worker}";
}

/// <summary>The CPUs a configuration's processes had, read from /proc/&lt;pid&gt;/status while they ran (by the load tool: <c>CpuRecord.Read</c>).</summary>
/// <param name="Asked">The placement asked for: "host=1 worker=0" or "shared".</param>
/// <param name="Host">The host's Cpus_allowed_list; null without a host process (raw-tcp's sink runs in the tool).</param>
/// <param name="Worker">The load worker's Cpus_allowed_list.</param>
/// <param name="Verified">Pinned as asked: each process had exactly its CPUs, and the two sets were disjoint. False when shared.</param>
/// <param name="HostProcessorCount">Environment.ProcessorCount as the host reported it: what its runtime sized itself for.</param>
/// <param name="WorkerProcessorCount">The same of the worker.</param>
/// <param name="HostGc">The host's GC as it reported it, e.g. "workstation, concurrent": on one CPU the runtime drops server GC.</param>
/// <param name="HostGcHeapCount">The host's GC heap count as it reported it.</param>
public sealed record CpuRecord(string Asked, string? Host, string Worker, bool Verified, int? HostProcessorCount = null, int? WorkerProcessorCount = null,
    string? HostGc = null, int? HostGcHeapCount = null)
{
    /// <summary>"host CPU 1, worker CPU 0 (verified from /proc)", "host CPUs 0-1, worker CPUs 0-1 (shared)".</summary>
    public string Describe() =>
        $"{(Host is null ? "" : $"host {Cpus(Host)}{(HostGc is null ? "" : $" ({HostGc} GC)")}, ")}worker {Cpus(Worker)} "
        + $"({(Asked == "shared" ? "shared" : Verified ? "verified from /proc" : $"NOT as asked, {Asked}")})";

    private static string Cpus(string list) => CpuList.Parse(list).Count == 1 ? $"CPU {list}" : $"CPUs {list}";
}
