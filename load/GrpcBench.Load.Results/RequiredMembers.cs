#if !NET7_0_OR_GREATER
// What C# 11's 'required' compiles to, which net6.0's base library lacks (SetsRequiredMembers.cs too: a record's copy
// constructor sets them all): the compiler and System.Text.Json (which then requires the member in JSON, as on net8.0)
// find them by name. Built for net6.0 as the load engine's records.
namespace System.Runtime.CompilerServices;

[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Field | AttributeTargets.Property, AllowMultiple = false, Inherited = false)]
internal sealed class RequiredMemberAttribute : Attribute;

[AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = false)]
internal sealed class CompilerFeatureRequiredAttribute(string featureName) : Attribute
{
    public string FeatureName { get; } = featureName;

    public bool IsOptional { get; init; }
}
#endif
