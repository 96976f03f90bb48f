#if !NET7_0_OR_GREATER
// For 'required' on net6.0, with RequiredMembers.cs.
namespace System.Diagnostics.CodeAnalysis;

[AttributeUsage(AttributeTargets.Constructor, AllowMultiple = false, Inherited = false)]
internal sealed class SetsRequiredMembersAttribute : Attribute;
#endif
