using System.Runtime.CompilerServices;

namespace GrpcBench.Load.Results;

// ArgumentOutOfRangeException.ThrowIfNegative and friends arrived in .NET 8; the records and the engine (which shares this
// class, InternalsVisibleTo) also build for .NET 6.
internal static class Argument
{
    public static int NotNegative(int value, [CallerArgumentExpression(nameof(value))] string? name = null) =>
        value >= 0 ? value : throw new ArgumentOutOfRangeException(name, value, "must not be negative");

    public static int Positive(int value, [CallerArgumentExpression(nameof(value))] string? name = null) =>
        value > 0 ? value : throw new ArgumentOutOfRangeException(name, value, "must be positive");

    public static double NotNegative(double value, [CallerArgumentExpression(nameof(value))] string? name = null) =>
        value >= 0 ? value : throw new ArgumentOutOfRangeException(name, value, "must not be negative");

    public static TimeSpan NotNegative(TimeSpan value, [CallerArgumentExpression(nameof(value))] string? name = null) =>
        value >= TimeSpan.Zero ? value : throw new ArgumentOutOfRangeException(name, value, "must not be negative");

    public static TimeSpan Positive(TimeSpan value, [CallerArgumentExpression(nameof(value))] string? name = null) =>
        value > TimeSpan.Zero ? value : throw new ArgumentOutOfRangeException(name, value, "must be positive");
}
