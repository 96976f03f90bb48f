using Xunit.Abstractions;
using Xunit.Sdk;

namespace GrpcBench.Tests.Infrastructure;

/// <summary>
/// A test of the full suite, left out of the README's <c>dotnet test -c Release</c> (Directory.Build.targets filters
/// out the trait <c>Suite</c>): every preset's quick run with its summary shape, the kill and fault tests, every pair on
/// every runtime with 20 MiB messages, the measurements that take minutes. <c>Suite=Full</c> tests may run beside other
/// work; <c>Suite=Long</c> ones (<see cref="Long"/>) too, but not among the full suite's other collections;
/// <c>Suite=Measured</c> ones (<see cref="Measured"/>) are figures a busy machine would move, run with the machine to
/// themselves. <c>dotnet test -c Release -p:Suite=all</c> runs every test; <c>.ci/run</c> runs each part as a step.
/// </summary>
[TraitDiscoverer("GrpcBench.Tests.Infrastructure.FullSuiteDiscoverer", "GrpcBench.Tests")]
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method)]
public sealed class FullSuiteAttribute : Attribute, ITraitAttribute
{
    /// <summary>Its figures are the point (a capacity, a rate through a shaped link): run with the machine to itself.</summary>
    public bool Measured { get; init; }

    /// <summary>
    /// A preset's whole run under load, minutes of one and a half CPUs: among the full suite's other collections it crowds
    /// them and itself (11 min instead of 6, 2026-12-04), so it runs as a part of its own, beside one other step at most.
    /// </summary>
    public bool Long { get; init; }
}

public sealed class FullSuiteDiscoverer : ITraitDiscoverer
{
    public IEnumerable<KeyValuePair<string, string>> GetTraits(IAttributeInfo traitAttribute) =>
        [new("Suite", traitAttribute.GetNamedArgument<bool>(nameof(FullSuiteAttribute.Measured)) ? "Measured"
            : traitAttribute.GetNamedArgument<bool>(nameof(FullSuiteAttribute.Long)) ? "Long" : "Full")];
}
