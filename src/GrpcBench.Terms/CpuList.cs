using System.Globalization;

namespace GrpcBench;

/// <summary>A CPU list as Linux writes it (taskset -c, Cpus_allowed_list, --cpus): "1", "0-1", "0,2-3".</summary>
public static class CpuList
{
    /// <summary>The CPUs of a list ("0-2,5": 0, 1, 2, 5); FormatException for anything else.</summary>
    public static IReadOnlyList<int> Parse(string list)
    {
        var cpus = new SortedSet<int>();
        foreach (var part in list.Split(',', StringSplitOptions.TrimEntries))
        {
            var bounds = part.Split('-');
            if (bounds.Length is < 1 or > 2 || !bounds.All(b => int.TryParse(b, NumberStyles.None, CultureInfo.InvariantCulture, out _)))
                throw new FormatException($"{list}: not a CPU list (e.g. 1, 0-1, 0,2-3)");
            var (from, to) = (int.Parse(bounds[0], CultureInfo.InvariantCulture), int.Parse(bounds[^1], CultureInfo.InvariantCulture));
            if (to < from) throw new FormatException($"{list}: {part} runs backwards");
            for (var cpu = from; cpu <= to; cpu++) cpus.Add(cpu);
        }
        return [.. cpus];
    }
}
