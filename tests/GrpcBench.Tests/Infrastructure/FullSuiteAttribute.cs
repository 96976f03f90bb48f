using System.Globalization;
using Xunit.Abstractions;
using Xunit.Sdk;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>
/// A test of the full suite, left out of the README's <c>dotnet test -c Release</c> (Directory.Build.targets filters
/// out the trait <c>Suite</c>): every preset's quick run with its summary shape, the kill and fault tests, every pair on
/// every runtime with 20 MiB messages, the measurements that take minutes. Its <see cref="SuitePart"/> is the trait's
/// value. <c>dotnet test -c Release -p:Suite=all</c> runs every test; <c>.ci/run</c> runs each part as a step.
/// </summary>
[TraitDiscoverer("GrpcBench.Tests.Infrastructure.FullSuiteDiscoverer", "GrpcBench.Tests")]
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method)]
public sealed class FullSuiteAttribute(SuitePart part = SuitePart.Full) : Attribute, ITraitAttribute
{
    public SuitePart Part { get; } = part;
}

public enum SuitePart
{
    /// <summary>May run beside other work, two collections at a time.</summary>
    Full,

    /// <summary>
    /// A preset's whole run under load, minutes of one and a half CPUs: among the full suite's other collections it crowds
    /// them and itself (11 min instead of 6, 2026-12-04), so it runs as a part of its own, beside one other step at most.
    /// </summary>
    Long,

    /// <summary>Its figures are the point (a capacity, a rate through a shaped link): run with the machine to itself.</summary>
    Measured,
}

public sealed class FullSuiteDiscoverer : ITraitDiscoverer
{
    public IEnumerable<KeyValuePair<string, string>> GetTraits(IAttributeInfo traitAttribute) =>
        // The part as written (the compiler writes the default in too), an enum or its number as the reader gives it.
        [new("Suite", ((SuitePart)Convert.ToInt32(traitAttribute.GetConstructorArguments().Single(), CultureInfo.InvariantCulture)).ToString())];
}
