using System.Globalization;

namespace GrpcBench.Load.Results;

/// <summary>
/// One phase of a scenario's load, shaped like NBomber's simulations; a scenario's phases run one after the other. The
/// record only: GrpcBench.Load.Engine plays it (its schedule and warm-up, <c>LoadSimulations</c> there).
/// </summary>
public abstract record LoadSimulation
{
    private protected LoadSimulation(TimeSpan during) => During = Argument.Positive(during);

    public TimeSpan During { get; }

    /// <summary>How an open-model phase spaces its starts: evenly (NBomber's inject) or as a Poisson process (gRPC's benchmark driver).</summary>
    public Arrivals Arrivals { get; init; } = Arrivals.Uniform;

    public LoadSimulation WithArrivals(Arrivals arrivals) => this with { Arrivals = arrivals };

    /// <summary>Open model: <paramref name="rate"/> calls per <paramref name="interval"/>, evenly spaced, for <paramref name="during"/>.</summary>
    public static LoadSimulation Inject(int rate, TimeSpan interval, TimeSpan during) => new InjectSimulation(rate, interval, during);

    /// <summary>Open model: <paramref name="perSecond"/> calls per second, fractions too (12.5/s is 25 per 2 s), evenly spaced.</summary>
    public static LoadSimulation Inject(double perSecond, TimeSpan during)
    {
        // As a whole rate per a whole number of seconds, reduced: 12.5/s is 25 per 2 s; at most 1/100 of a call per second off.
        long rate = (long)Math.Round(Argument.NotNegative(perSecond) * 100), seconds = 100;
        var divisor = (long)System.Numerics.BigInteger.GreatestCommonDivisor(rate, seconds);
        if (rate == 0) divisor = seconds;
        return new InjectSimulation((int)(rate / divisor), TimeSpan.FromSeconds(seconds / divisor), during);
    }

    /// <summary>Open model: the rate moves linearly from the previous phase's injection rate (0 if there is none) to this one.</summary>
    public static LoadSimulation RampingInject(int rate, TimeSpan interval, TimeSpan during) => new RampingInjectSimulation(rate, interval, during);

    /// <summary>Closed model: <paramref name="copies"/> loops, each starting its next call when the previous one ends.</summary>
    public static LoadSimulation KeepConstant(int copies, TimeSpan during) => new KeepConstantSimulation(copies, during);

    /// <summary>
    /// Closed model bounded in count: <paramref name="copies"/> loops sharing <paramref name="requests"/> calls in total, the
    /// phase ending when the last one ends, or at <paramref name="during"/> at the latest (the calls then in flight finish).
    /// </summary>
    public static LoadSimulation KeepConstant(int copies, TimeSpan during, int requests) =>
        new KeepConstantSimulation(copies, during) { Requests = Argument.Positive(requests) };

    private protected static string Seconds(TimeSpan time) => time.TotalSeconds.ToString("0.###", CultureInfo.InvariantCulture) + "s";
}

/// <summary>An open-model phase: <see cref="Rate"/> calls per <see cref="Interval"/>.</summary>
public abstract record OpenSimulation : LoadSimulation
{
    private protected OpenSimulation(int rate, TimeSpan interval, TimeSpan during) : base(during) =>
        (Rate, Interval) = (Argument.NotNegative(rate), Argument.Positive(interval));

    public int Rate { get; }

    public TimeSpan Interval { get; }

    public double PerSecond => Rate / Interval.TotalSeconds;

    private protected string ArrivalsText => Arrivals == Arrivals.Poisson ? ", Poisson arrivals" : "";
}

public sealed record InjectSimulation : OpenSimulation
{
    internal InjectSimulation(int rate, TimeSpan interval, TimeSpan during) : base(rate, interval, during)
    {
    }

    public override string ToString() => $"inject {Rate} per {Seconds(Interval)} for {Seconds(During)}{ArrivalsText}";
}

public sealed record RampingInjectSimulation : OpenSimulation
{
    internal RampingInjectSimulation(int rate, TimeSpan interval, TimeSpan during) : base(rate, interval, during)
    {
    }

    public override string ToString() => $"ramp to {Rate} per {Seconds(Interval)} over {Seconds(During)}{ArrivalsText}";
}

public sealed record KeepConstantSimulation : LoadSimulation
{
    internal KeepConstantSimulation(int copies, TimeSpan during) : base(during) => Copies = Argument.NotNegative(copies);

    public int Copies { get; }

    /// <summary>The calls the copies make in total, or null for as many as <see cref="LoadSimulation.During"/> holds.</summary>
    public int? Requests { get; internal init; }

    public override string ToString() => Requests is { } requests
        ? $"keep {Copies} constant for {requests} requests (at most {Seconds(During)})"
        : $"keep {Copies} constant for {Seconds(During)}";
}

/// <summary>How an open-model phase spaces its starts.</summary>
public enum Arrivals
{
    /// <summary>Evenly spaced, as NBomber's inject: no bunching, so it understates queueing.</summary>
    Uniform,

    /// <summary>As a Poisson process at the same rate, as gRPC's own benchmark driver offers load.</summary>
    Poisson,
}
