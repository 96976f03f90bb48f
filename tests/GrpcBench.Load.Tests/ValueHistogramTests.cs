using GrpcBench.Load.Engine;
using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests;

/// <summary>The recorder's histograms against the exact order statistics of the same values.</summary>
public class ValueHistogramTests
{
    private static readonly double[] Percents = [50, 75, 90, 95, 99, 99.9];

    /// <summary>From 50 µs to a minute, evenly on a log scale: every bucket size of the histogram is met.</summary>
    private static double[] LatenciesMs(int count, int seed)
    {
        var random = new Random(seed);
        return [.. Enumerable.Range(0, count).Select(_ => Math.Round(0.05 * Math.Pow(1.2e6, random.NextDouble()), 4))];
    }

    [Fact]
    public void Percentiles_are_the_exact_ones_or_at_most_0_1_percent_above_and_min_max_mean_are_exact()
    {
        var latencies = LatenciesMs(200_000, seed: 7);
        var histogram = ValueHistogram.OfLatencyMs();
        foreach (var latency in latencies) histogram.Record(latency);

        var read = histogram.Read();

        var exact = LatencyStats.Of(latencies);
        Assert.Equal((exact.Count, exact.Min, exact.Max), (read.Count, read.Min, read.Max));
        Assert.Equal(exact.Mean, read.Mean, 6);
        Assert.Equal(exact.StdDev, read.StdDev, exact.StdDev * 0.001);
        foreach (var percent in Percents)
            Assert.InRange(read.At(percent), exact.At(percent), exact.At(percent) * 1.001);
    }

    [Fact]
    public void Percentiles_are_nearest_rank_like_the_exact_ones_not_rounded_ranks()
    {
        // Below 0.2 ms (2,048 ticks) every tick has a bucket of its own: the histogram's figures are the exact ones.
        double[] latencies = [0.09, 0.01, 0.08, 0.02, 0.07, 0.03, 0.06, 0.04, 0.05];
        var histogram = ValueHistogram.OfLatencyMs();
        foreach (var ms in latencies) histogram.Record(ms);

        var read = histogram.Read();

        // Rank 0.9 * 9 = 8.1: nearest rank is the 9th value, a rounded rank the 8th.
        Assert.Equal(0.09, read.P90);
        var exact = LatencyStats.Of(latencies);
        Assert.Equal(Percents.Select(exact.At), Percents.Select(read.At));
    }

    [Fact]
    public void Measures_keep_thousandths_and_values_out_of_range_are_clamped()
    {
        var histogram = ValueHistogram.OfMeasure();
        histogram.Record(1.5);
        histogram.Record(0.001);
        histogram.Record(-3);

        var read = histogram.Read();

        Assert.Equal((3, 0, 1.5), (read.Count, read.Min, read.Max));
        Assert.Equal(0.001, read.P50);
    }

    [Fact]
    public void Reads_while_values_are_recorded_from_many_threads_lose_none_and_count_none_twice()
    {
        const int threads = 4, eachThread = 100_000;
        var histogram = ValueHistogram.OfLatencyMs();
        var counts = new List<int>();
        var recorders = Enumerable.Range(0, threads)
            .Select(t => Task.Factory.StartNew(() =>
            {
                for (var i = 1; i <= eachThread; i++) histogram.Record(i % 1000 + t);
            }, TaskCreationOptions.LongRunning))
            .ToArray();

        while (!Task.WhenAll(recorders).IsCompleted) counts.Add(histogram.Read().Count);
        var final = histogram.Read();

        Assert.True(counts.Zip(counts.Skip(1)).All(pair => pair.First <= pair.Second), "a later read never counts fewer");
        Assert.Equal(threads * eachThread, final.Count);
        Assert.Equal((0, 1002), (final.Min, final.Max));
        Assert.Equal(Enumerable.Range(0, threads).Average(t => Enumerable.Range(1, eachThread).Average(i => i % 1000 + t)), final.Mean, 9);
    }

    [Fact]
    public void Nothing_recorded_reads_as_empty()
    {
        Assert.Equal(LatencyStats.Empty, ValueHistogram.OfLatencyMs().Read());
    }
}
