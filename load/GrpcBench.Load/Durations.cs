namespace GrpcBench.Load;

internal static class Durations
{
    /// <summary>"40 s" under a minute and a half, "2.5 min" above.</summary>
    public static string Minutes(TimeSpan time) => time.TotalMinutes < 1.5 ? $"{time.TotalSeconds:0} s" : $"{time.TotalMinutes:0.#} min";
}
